#include "solver/variants/timetravel_mate_prover.h"

#include <fmt/format.h>

#include "rules/timetravel/forced_win_game.h"
#include "solver/prover/forced_mate.h"

namespace arbiter {

timetravel::MateAnswer prove_timetravel_mate(const timetravel::Game& game, Color attacker, int n, timetravel::MateGoal goal) {
  prover::Limits limits;
  limits.max_nodes = TimetravelMateClaimNodes;
  limits.hash_megabytes = 16;
  timetravel::Game plain = game;
  plain.set_mate_prover({});  // the search's own positions make no claims
  const prover::ForcedMate r = goal == timetravel::MateGoal::Checkmate
                                   ? prover::forced_mate(timetravel::CheckmateGame(std::move(plain)), attacker, n, limits)
                                   : prover::forced_mate(timetravel::WinGame(std::move(plain)), attacker, n, limits);
  switch (r.verdict) {
    case prover::ForcedMate::Verdict::Proved:
      return {timetravel::MateVerdict::Proved, fmt::format("the prover: {} nodes", r.nodes)};
    case prover::ForcedMate::Verdict::Refuted:
      return {timetravel::MateVerdict::Refuted,
              r.escape.empty() ? fmt::format("the prover: none, {} nodes", r.nodes)
                               : fmt::format("the prover: {} escapes, {} nodes", r.escape, r.nodes)};
    case prover::ForcedMate::Verdict::Unknown:
      break;
  }
  return {timetravel::MateVerdict::Unknown, fmt::format("the prover stopped: {}", r.reason)};
}

}  // namespace arbiter
