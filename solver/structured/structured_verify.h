#pragma once
// Verifying a problem whose stipulation may be structured: the solve (solve_any), the published
// solution against it (prover::verify_published), and for structured battle play the play
// published after the key, followed move by move (battle_play_check.h).

#include <algorithm>
#include <string>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"
#include "solver/prover/verify.h"
#include "solver/structured/battle_play_check.h"
#include "solver/structured/structured_solve.h"

namespace arbiter::structured {

template <RuleSet G>
prover::VerifyReport verify_any(G& game, const prover::SolveOptions& options, const PgnLine& published) {
  prover::Solution solution = solve_any(game, options);
  prover::VerifyReport report = prover::verify_published(game, std::move(solution), published, options.limits);
  if constexpr (NullMove<G>) {
    const prover::Solution& s = report.solution;
    const bool key_read = std::none_of(report.findings.begin(), report.findings.end(),
                                       [](const prover::Finding& f) { return f.kind == "illegal-move"; });
    if (options.structured && s.structured && s.parts.empty() && !prover::has_lines(s) && report.has_published && key_read &&
        s.verdict != prover::Verdict::Unknown && battle_play_followed(*options.structured)) {
      report.published_plies = 0;  // counted again, the key with its play
      try {
        BattlePlayCheck<G>(game, *options.structured, options.limits, report).walk(published);
      } catch (const prover::LimitReached& e) {  // the published lines were not all followed: claim nothing
        report.solution.verdict = prover::Verdict::Unknown;
        report.solution.reason = std::string("while checking the published solution: ") + e.what();
      }
    }
  }
  return report;
}

}  // namespace arbiter::structured
