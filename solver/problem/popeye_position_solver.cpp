#include "solver/problem/popeye_position_solver.h"

namespace arbiter::problem::popeye {

PositionSolver engine_position_solver(const VariantEngines& rules, const InterpretationSettings& interpretations,
                                      const prover::Limits& limits, const BattleOptions& battle) {
  return [&rules, interpretations, limits, battle](const std::string& fen, prover::Goal goal, const Target& target, int n) {
    prover::SolveOptions options;
    options.goal = goal;
    options.target = target;
    options.battle = battle;
    options.battle.post_key = false;  // the layout asks of positions with the attacker to move
    options.n = n;
    options.limits = limits;
    prover::Solution s = rules.solve(fen, {"<popeye layout>", 1, 1}, options, interpretations);
    if (s.verdict == prover::Verdict::Unknown || !s.tree_complete)
      throw prover::LimitReached(s.reason.empty() ? s.tree_note : s.reason);
    return s;
  };
}

}  // namespace arbiter::problem::popeye
