#pragma once
// How the searches ask a rule set for moves, in one place: generation in stages for rule sets
// with many moves per position (Option Chess: single moves, then double moves, so that a mate
// or a refutation found early saves the rest), checking moves directly where the rule set can
// generate them, and "does this move give check" by the rule set's own test or by playing it.

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"

namespace arbiter::prover {

using arbiter::generation_stages;

template <RuleSet G>
inline constexpr bool has_check_generator = CheckGenerator<G>;

// The moves of one stage; with `only_checks`, rule sets that can generate checks directly give
// only checking moves (the others give every move, for the caller to filter).
template <RuleSet G>
void generate_moves(G& game, typename G::MoveListType& moves, int stage, bool only_checks) {
  if constexpr (generation_stages<G> > 1) {
    game.generate_stage(stage, only_checks, moves);
  } else if constexpr (has_check_generator<G>) {
    if (only_checks) game.generate_checks(moves);
    else game.generate_legal(moves);
  } else {
    game.generate_legal(moves);
  }
}

template <RuleSet G>
bool gives_check(G& game, const typename G::MoveType& m) {
  if constexpr (CheckPrediction<G>) {
    return game.gives_check(m);
  } else {
    game.play(m);
    const bool check = game.in_check();
    game.undo();
    return check;
  }
}

}  // namespace arbiter::prover

namespace arbiter::prover {

// "Does this move give check?" for the moves of one position, as a callable. Rule sets that
// can prepare the test once per position (orthodox: CheckTest, two bitboard tests a move) do
// so; the others answer move by move with gives_check().
template <RuleSet G>
auto check_oracle(G& game) {
  if constexpr (CheckTester<G>) {
    return [test = game.check_test()](const typename G::MoveType& m) { return test.gives_check(m); };
  } else {
    return [&game](const typename G::MoveType& m) { return gives_check(game, m); };
  }
}

}  // namespace arbiter::prover
