#pragma once
// Solving a FEN under the kingless orthodox rules (solution_sets.h) for a goal other than mate:
// the engines' own entry point, with a small table.

#include <string>

#include "rules/orthodox/game.h"
#include "solver/prover/solve.h"
#include "tests/support/solution_sets.h"

namespace arbiter::test {

inline prover::Solution solve_kingless(const std::string& fen, prover::Goal goal, const Target& target, int n, bool series = false,
                                       bool half_move = false) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1}, kingless_rules());
  prover::SolveOptions o;
  o.goal = goal;
  o.target = target;
  o.n = n;
  o.series = series;
  o.half_move = half_move;
  o.limits.hash_megabytes = 1;
  return prover::solve(game, o);
}

}  // namespace arbiter::test
