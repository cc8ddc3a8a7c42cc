#pragma once
// Proof certificates. A certificate is the strategy tree behind each key: at attacker nodes
// one move, at defender nodes every legal defence, at the leaves mate. Checking one needs no
// search at all: the rules engine replays every line, confirms that each defence is covered,
// that each leaf is checkmate and that no line is longer than the stipulation.
//
// JSON: {"format": "arbiter-certificate", "version": 1, "variant", "fen", "stipulation",
//        "keys": [ NODE ]}  with  NODE = {"move": "e2e4", "defences": {"e7e5": NODE, ...}}
// A NODE without "defences" is a mating move. Moves are in UCI spelling.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/ruleset.h"
#include "solver/prover/solution.h"

namespace arbiter::prover {

inline constexpr const char* CertificateFormat = "arbiter-certificate";

// Certificate of every key in the solution (the first answer of each defence is the strategy).
nlohmann::ordered_json make_certificate(const Solution& s);

struct CertificateCheck {
  bool valid = false;
  std::vector<std::string> errors;  // each names the line of moves where it fails
  int keys = 0;
  std::uint64_t lines = 0;  // leaves (mating moves) confirmed
};

namespace detail {

template <RuleSet G>
class CertificateChecker {
 public:
  using M = typename G::MoveType;
  CertificateChecker(G& game, CertificateCheck& result) : game_(game), result_(result) {}

  // Attacker node with at most n moves left.
  void attacker(const nlohmann::json& node, int n, const std::string& path) {
    if (!node.is_object() || !node.contains("move") || !node["move"].is_string())
      return fail(path, "expected an object with a \"move\" string");
    const std::string uci = node["move"];
    const std::string here = path.empty() ? uci : path + " " + uci;
    if (n <= 0) return fail(here, "the line is longer than the stipulation allows");
    auto m = find_legal(uci);
    if (!m) return fail(here, "'" + uci + "' is not a legal move here");
    game_.play(*m);
    const bool has_defences = node.contains("defences");
    if (!has_defences) {
      if (game_.in_check() && !game_.has_legal_move()) ++result_.lines;
      else fail(here, "the line ends but this move is not checkmate");
    } else if (!node["defences"].is_object()) {
      fail(here, "\"defences\" must be an object mapping each defence to the answer");
    } else {
      defender(node["defences"], n - 1, here);
    }
    game_.undo();
  }

 private:
  void defender(const nlohmann::json& defences, int n, const std::string& path) {
    typename G::MoveListType legal;
    game_.generate_legal(legal);
    if (legal.size() == 0) {
      return fail(path, game_.in_check() ? "this move already mates: nothing to defend" : "stalemate: not a mate");
    }
    for (const auto& d : legal) {
      const std::string uci = game_.move_uci(d);
      if (!defences.contains(uci)) {
        fail(path + " " + uci, "defence not covered");
        continue;
      }
      game_.play(d);
      attacker(defences[uci], n, path + " " + uci);
      game_.undo();
    }
    for (const auto& [uci, answer] : defences.items()) {
      bool is_legal = false;
      for (const auto& d : legal) is_legal = is_legal || game_.move_uci(d) == uci;
      if (!is_legal) fail(path + " " + uci, "not a legal defence");
      (void)answer;
    }
  }

  std::optional<M> find_legal(const std::string& uci) {
    typename G::MoveListType legal;
    game_.generate_legal(legal);
    for (const auto& m : legal)
      if (game_.move_uci(m) == uci) return m;
    return std::nullopt;
  }

  void fail(const std::string& path, const std::string& what) {
    if (result_.errors.size() < 20) result_.errors.push_back((path.empty() ? "" : path + ": ") + what);
  }

  G& game_;
  CertificateCheck& result_;
};

}  // namespace detail

// Replays every line of the certificate with `game` set to the certificate's position.
template <RuleSet G>
CertificateCheck check_certificate(G& game, const nlohmann::json& certificate, int n) {
  CertificateCheck result;
  if (!certificate.contains("keys") || !certificate["keys"].is_array() || certificate["keys"].empty()) {
    result.errors.push_back("the certificate has no keys");
    return result;
  }
  detail::CertificateChecker<G> checker(game, result);
  for (const auto& key : certificate["keys"]) {
    ++result.keys;
    checker.attacker(key, n, "");
  }
  result.valid = result.errors.empty();
  return result;
}

}  // namespace arbiter::prover
