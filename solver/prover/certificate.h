#pragma once
// Proof certificates. Checking one needs no search at all: the rules engine replays every line
// of it. What a replay can show, and what it cannot, the certificate states in "certifies".
//
// Direct mates and selfmates: the strategy tree behind each key: at attacker nodes one move, at
// defender nodes every legal defence. The checker confirms that each defence is covered, that
// each leaf is the goal and that no line is longer than the stipulation.
//   - Direct mate ("#n"): the leaves are the attacker's mating moves.
//   - Selfmate ("s#n"): the leaves are the defender's mating moves. An attacker node always has
//     "defences" (a selfmate never ends on the attacker's move); a defence that mates the
//     attacker is the leaf {"mates": true}; every other defence is answered by the attacker.
//     After the attacker's last allowed move every defence must mate; a defender with no move at
//     all escapes (stalemated, or mated itself: neither is a selfmate).
//   It certifies that each listed key works; it does not certify that no other key exists (that
//   was found by exhaustive search, which a replay cannot show).
//
// Helpmates ("h#n", "h#n.5"): every solution as its line of moves from the diagram, the FEN's
// side to move first. The checker replays each: every move legal, the sides alternating, no
// line longer than the stipulation (2n plies, 2n+1 for h#n.5; shorter solutions count, as
// Popeye lists them), no line stopping at a mate or stalemate before its end, the last move
// checkmate, and the mated side the right one (the last move is the mating side's: the line's
// length has the parity of the stipulated plies); a solution listed twice is an error. It
// certifies each solution; it does not certify that no other solution exists.
//
// JSON (version 1 throughout; direct-mate certificates are unchanged but for "certifies"):
//   {"format": "arbiter-certificate", "version": 1, "variant", "fen", "stipulation",
//    "certifies": {PART: {"certified": true|false, "text": "..."}, ...},
//    "keys": [ NODE ]}                          direct mates and selfmates
//    "solutions": [["b4h4", "d6h6", ...], ...]  helpmates (instead of "keys")
//   NODE = {"move": "e2e4", "defences": {"e7e5": NODE | {"mates": true}, ...}}
// A direct-mate NODE without "defences" is a mating move. Moves are in UCI spelling.
// "certifies" has the parts "each_key" (direct, self) or "each_solution" (help), certified by
// the replay, and "completeness", not certified. It is a description for readers: the checker
// reports what its own replay certified (certified_by_check), never what the file claims.
// `arbiter solve --certificate` adds "twin" (the twin's label) and "interpretations".

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/ruleset.h"
#include "solver/stipulation/stipulation.h"
#include "solver/prover/certificate_check.h"
#include "solver/prover/goal.h"
#include "solver/prover/solution.h"

namespace arbiter::prover {

inline constexpr const char* CertificateFormat = "arbiter-certificate";

// Certificate of every key in the solution (the first answer of each defence is the strategy),
// or of every solution of a helpmate.
nlohmann::ordered_json make_certificate(const Solution& s);

// The "certifies" field for a goal: {"each_key"|"each_solution": {...}, "completeness": {...}},
// each part with "certified" (bool) and "text" (words).
nlohmann::ordered_json certifies(Goal goal);

// What a check established: certifies(goal) with the replayed part certified only when the
// check is valid (completeness is never certified).
nlohmann::ordered_json certified_by_check(const CertificateCheck& check);

// The goal a certificate's "stipulation" states ("#2", "s#3", "h#2.5"; none: a direct mate).
struct CertificateGoal {
  Goal goal = Goal::DirectMate;
  int n = 0;
  bool half_move = false;
};
// Throws ParseError (at `where`) for a stipulation that is not a string or does not parse.
CertificateGoal certificate_goal(const nlohmann::json& certificate, const SourceLocation& where);

inline Goal goal_of(const Stipulation& s) {
  switch (s.kind) {
    case Stipulation::SelfMate: return Goal::SelfMate;
    case Stipulation::HelpMate: return Goal::HelpMate;
    case Stipulation::ReflexMate: return Goal::ReflexMate;
    case Stipulation::SemiReflexMate: return Goal::SemiReflexMate;
    case Stipulation::DirectMate: break;
  }
  return Goal::DirectMate;
}

namespace detail {

template <RuleSet G>
class CertificateChecker {
 public:
  using M = typename G::MoveType;
  CertificateChecker(G& game, CertificateCheck& result, Goal goal) : game_(game), result_(result), goal_(goal) {}

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
      if (self()) fail(here, "a selfmate line cannot end with the attacker's move: every defence must be covered");
      else if (game_.in_check() && !game_.has_legal_move()) ++result_.lines;
      else fail(here, "the line ends but this move is not checkmate");
    } else if (!node["defences"].is_object()) {
      fail(here, "\"defences\" must be an object mapping each defence to the answer");
    } else {
      defender(node["defences"], n - 1, here);
    }
    game_.undo();
  }

  // One helpmate solution, at most `plies` plies; `label` names it when it is malformed.
  void help_line(const nlohmann::json& line, int plies, const std::string& label) {
    bool well_formed = line.is_array() && !line.empty();
    for (const auto& m : line) well_formed = well_formed && m.is_string();
    if (!well_formed) return fail(label, "expected a solution as a non-empty array of moves (UCI strings)");
    std::string path;
    for (const auto& m : line) append_move(path, m.get<std::string>());
    if (!seen_.insert(path).second) return fail(path, "duplicate solution: this line is listed twice");
    std::string here;
    int played = 0;
    bool ok = true;
    for (const auto& m : line) {
      const std::string uci = m;
      const std::string before = here;
      append_move(here, uci);
      if (played >= plies) {
        fail(here, "the line is longer than the stipulation allows");
        ok = false;
        break;
      }
      auto legal = find_legal(uci);
      if (!legal) {
        if (played > 0 && !game_.has_legal_move())
          fail(before, game_.in_check() ? "this move mates before the end of the line" : "stalemate before the end of the line");
        else fail(here, "'" + uci + "' is not a legal move here");
        ok = false;
        break;
      }
      game_.play(*legal);
      ++played;
    }
    if (ok) {
      if (!game_.in_check() || game_.has_legal_move()) {
        fail(here, "the line ends but this move is not checkmate");
      } else if (int(line.size()) % 2 != plies % 2) {
        fail(here, "this mates the wrong side: a helpmate line ends with the mating side's move");
      } else {
        ++result_.solutions_replayed;
        ++result_.lines;
      }
    }
    for (int i = 0; i < played; ++i) game_.undo();
  }

  void fail(const std::string& path, const std::string& what) {
    if (result_.errors.size() < 20) result_.errors.push_back((path.empty() ? "" : path + ": ") + what);
  }

 private:
  bool self() const { return goal_ == Goal::SelfMate; }

  // path + " " + move, in place (GCC 12's -Wrestrict misfires on `"literal" + std::string`).
  static void append_move(std::string& path, const std::string& move) {
    if (!path.empty()) path += ' ';
    path += move;
  }

  // Defender to move after the attacker's move; the attacker has at most n moves left.
  void defender(const nlohmann::json& defences, int n, const std::string& path) {
    typename G::MoveListType legal;
    game_.generate_legal(legal);
    if (legal.size() == 0) {
      if (self())
        return fail(path, game_.in_check() ? "this move mates the defender: not a selfmate"
                                           : "stalemate: the defender has no move, so it cannot mate");
      return fail(path, game_.in_check() ? "this move already mates: nothing to defend" : "stalemate: not a mate");
    }
    for (const auto& d : legal) {
      const std::string uci = game_.move_uci(d);
      const std::string here = path + " " + uci;
      if (!defences.contains(uci)) {
        fail(here, "defence not covered");
        continue;
      }
      const nlohmann::json& answer = defences[uci];
      game_.play(d);
      if (self()) {
        const bool mates = game_.in_check() && !game_.has_legal_move();
        const bool leaf = answer.is_object() && answer.contains("mates");
        if (leaf) {
          if (answer["mates"] != true) fail(here, "\"mates\" must be true (a leaf is a defence that mates the attacker)");
          else if (mates) ++result_.lines;
          else fail(here, "this defence does not mate the attacker");
        } else if (mates) {
          fail(here, "this defence mates the attacker: it is a leaf, {\"mates\": true}, with no answer");
        } else if (n <= 0) {
          fail(here, "this defence does not mate, and the attacker has no move left");
        } else {
          attacker(answer, n, here);
        }
      } else {
        attacker(answer, n, here);
      }
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

  G& game_;
  CertificateCheck& result_;
  Goal goal_;
  std::set<std::string> seen_;  // helpmate solutions replayed so far
};

}  // namespace detail

// Replays every line of the certificate with `game` set to the certificate's position, as a
// proof of `goal` in n moves (helpmates: h#n, or h#n.5 with `half_move`).
template <RuleSet G>
CertificateCheck check_certificate(G& game, const nlohmann::json& certificate, Goal goal, int n, bool half_move = false) {
  CertificateCheck result;
  result.goal = goal;
  detail::CertificateChecker<G> checker(game, result, goal);
  if (goal == Goal::HelpMate) {
    if (!certificate.contains("solutions") || !certificate["solutions"].is_array() || certificate["solutions"].empty()) {
      result.errors.push_back("the certificate has no solutions");
      return result;
    }
    const int plies = 2 * n + (half_move ? 1 : 0);
    for (const auto& line : certificate["solutions"]) {
      ++result.solutions;
      checker.help_line(line, plies, "solution " + std::to_string(result.solutions));
    }
  } else {
    if (!certificate.contains("keys") || !certificate["keys"].is_array() || certificate["keys"].empty()) {
      result.errors.push_back("the certificate has no keys");
      return result;
    }
    for (const auto& key : certificate["keys"]) {
      ++result.keys;
      checker.attacker(key, n, "");
    }
  }
  result.valid = result.errors.empty();
  return result;
}

// The same with the goal (and h#n.5) the certificate's own "stipulation" states, in n moves; a
// certificate without one is a direct mate's.
template <RuleSet G>
CertificateCheck check_certificate(G& game, const nlohmann::json& certificate, int n) {
  CertificateGoal stated;
  try {
    stated = certificate_goal(certificate, {"certificate", 1, 1});
  } catch (const ParseError& e) {
    CertificateCheck result;
    result.errors.push_back("the certificate's stipulation: " + e.message());
    return result;
  }
  return check_certificate(game, certificate, stated.goal, n, stated.half_move);
}

}  // namespace arbiter::prover
