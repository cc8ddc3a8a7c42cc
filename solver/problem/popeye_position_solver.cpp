#include "solver/problem/popeye_position_solver.h"

namespace arbiter::problem::popeye {

PositionSolver engine_position_solver(const VariantEngines& rules, const InterpretationSettings& interpretations,
                                      const prover::Limits& limits) {
  return [&rules, interpretations, limits](const std::string& fen, prover::Goal goal, int n) {
    prover::SolveOptions options;
    options.goal = goal;
    options.n = n;
    options.limits = limits;
    prover::Solution s = rules.solve(fen, {"<popeye layout>", 1, 1}, options, interpretations);
    if (s.verdict == prover::Verdict::Unknown || !s.tree_complete)
      throw prover::LimitReached(s.reason.empty() ? s.tree_note : s.reason);
    return s;
  };
}

}  // namespace arbiter::problem::popeye
