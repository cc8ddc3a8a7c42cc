#pragma once
// The moves of the side to move that reach a goal at once, for the engines that must know them:
// reflex play (a side that can reach the goal must), help-self and help-reflex play (the other
// side's last reply). One walk for all of them; it allocates nothing.

#include "rules/core/ruleset.h"
#include "solver/prover/limits.h"
#include "solver/prover/move_source.h"
#include "solver/stipulation/target_reached.h"

namespace arbiter::prover {

// Passes each move of the side to move that reaches `target` to `visit`, in generation order,
// until `visit` returns false; returns whether any did. A goal only a check reaches (mate,
// check) skips the moves that do not check, unplayed. Each move played is spent from `budget`.
// For !#, ## and ##! the goal moves are only those the rules otherwise forbid (mover_goals.h): a
// legal move leaves the mover's king unattacked, so it never reaches them.
template <RuleSet G, class Visit>
bool visit_goal_moves(G& game, const Target& target, Budget& budget, Visit&& visit) {
  typename G::MoveListType moves;
  if (target.self_check_goal()) add_self_check_goal_moves(game, target, moves);
  else game.generate_legal(moves);
  auto gives_check = check_oracle(game);
  bool any = false;
  for (int i = 0; i < moves.size(); ++i) {
    const auto m = moves[i];
    if (target.needs_check() && !gives_check(m)) continue;
    const MoveFacts facts = target.needs_move_facts() ? move_facts(game, m) : MoveFacts{};
    budget.spend();
    game.play(m);
    const bool reached = target_reached(game, target, facts);
    game.undo();
    if (!reached) continue;
    any = true;
    if (!visit(m)) break;
  }
  return any;
}

}  // namespace arbiter::prover
