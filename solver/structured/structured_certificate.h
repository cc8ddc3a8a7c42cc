#pragma once
// Certificates of structured stipulations (and of the plain forms played as one: ser-s#N,
// ser-r#N, pser-#N, ...), in the certificate format of solver/prover/certificate.h with
// "proofs" in place of "keys" or "solutions": one proof (structured_proof.h) per key of battle
// play, per line of help and series play, or one for a root of '!', '&' or '|'. The checker
// replays each, refuses a proof listed twice, and counts the keys or solutions it confirmed.

#include <set>
#include <string>
#include <type_traits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/prover/certificate.h"
#include "solver/prover/limits.h"
#include "solver/prover/solution.h"
#include "solver/prover/solve_options.h"
#include "solver/structured/structured_proof.h"
#include "solver/structured/structured_search.h"

namespace arbiter::structured {

// The stipulation as a certificate states it: the plain form as written ("ser-s#3"), or the
// structured one with its starting side in English ("weiss 3a[#]d" -> "white 3a[#]d").
inline std::string certificate_stipulation_text(const std::string& text, Color side_to_move, bool inverted) {
  try {
    (void)parse_stipulation(text, {"stipulation", 1, 1});
    return text;
  } catch (const ParseError&) {
  }
  const std::size_t blank = text.find(' ');
  const Color typed = inverted ? ~side_to_move : side_to_move;  // a root '-' starts with the other side
  return (typed == White ? "white " : "black ") + (blank == std::string::npos ? text : text.substr(blank + 1));
}

// Writes the proofs of a proved structured stipulation into `s` (SolveOptions::certificate), on a
// copy of the game where the rules allow one (a limit may stop the walk with moves on the board).
// A limit leaves `s.proofs` null and says so in the tree note.
template <RuleSet G>
  requires NullMove<G>
void add_proofs(const G& diagram, const prover::SolveOptions& options, prover::Solution& s) {
  static_assert(std::is_copy_constructible_v<G>, "the proofs are built on a copy of the game");
  G game = diagram;
  s.certificate_stipulation = certificate_stipulation_text(options.structured_text, game.side_to_move(), options.half_move);
  try {
    const stop::SearchScope scope;
    StructuredSearch<G> oracle(game, options.limits, *options.structured, StructuredSearch<G>::Cut::Always);
    StructuredProof<G> builder(game, *options.structured, oracle);
    nlohmann::json proofs = nlohmann::json::array();
    for (auto& p : builder.build()) proofs.push_back(std::move(p));
    s.proofs = std::move(proofs);
  } catch (const prover::LimitReached& e) {
    s.proofs = nullptr;
    s.tree_note = fmt::format("the certificate's proofs were not built: {}", e.what());
  }
}

// Replays every proof of the certificate with `game` set to its position, as a proof of `stated`
// (a structured stipulation).
template <RuleSet G>
  requires NullMove<G>
prover::CertificateCheck check_structured_certificate(G& game, const nlohmann::json& certificate, const prover::CertificateGoal& stated) {
  prover::CertificateCheck result;
  result.goal = stated.goal;
  result.stated = stated;
  if (!certificate.contains("proofs") || !certificate["proofs"].is_array() || certificate["proofs"].empty()) {
    result.errors.push_back("the certificate has no proofs");
    return result;
  }
  StructuredProof<G> checker(game, *stated.structured);
  std::set<std::string> seen;
  int k = 0;
  for (const auto& proof : certificate["proofs"]) {
    ++k;
    if (stated.lines()) ++result.solutions;
    else ++result.keys;
    if (!seen.insert(proof.dump()).second) {
      result.errors.push_back(fmt::format("proof {}: listed twice", k));
      continue;
    }
    const std::size_t errors_before = checker.errors().size();
    if (checker.check(proof, "") && stated.lines()) ++result.solutions_replayed;
    for (std::size_t e = errors_before; e < checker.errors().size(); ++e)
      result.errors.push_back(fmt::format("proof {}: {}", k, checker.errors()[e]));
  }
  result.lines = checker.goals_reached();
  result.valid = result.errors.empty();
  return result;
}

// Any certificate: a structured stipulation's proofs, or prover::check_certificate's trees and
// lines, as the certificate's own "stipulation" says (in n moves).
template <RuleSet G>
prover::CertificateCheck check_any_certificate(G& game, const nlohmann::json& certificate, int n) {
  if constexpr (NullMove<G>) {
    prover::CertificateGoal stated;
    try {
      stated = prover::certificate_goal(certificate, {"certificate", 1, 1});
    } catch (const ParseError& e) {
      prover::CertificateCheck result;
      result.errors.push_back("the certificate's stipulation: " + e.message());
      return result;
    }
    if (stated.structured) return check_structured_certificate(game, certificate, stated);
  }
  return prover::check_certificate(game, certificate, n);
}

}  // namespace arbiter::structured
