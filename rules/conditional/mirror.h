#pragma once
// The colour flip of a Conditional Chess game (rules/core/mirror.h): the position flipped, the
// phase of the cycle and the C-mover's count of statable moves kept (the cycle is the same for
// both players: "White makes a normal move (A-move) ... Black makes a normal move (A-move)"),
// and a statement flipped square by square: its condition's square, its then- and else-moves as
// written (ranks flipped, "Bg5?Nf6/c4" -> "Bg4?Nf3/c5"). The rule text names no colour but in
// its description of the cycle, which it gives for both.

#include "rules/conditional/action.h"
#include "rules/conditional/game.h"
#include "rules/conditional/statement.h"

namespace arbiter::conditional {

Statement colour_flip(const Statement& statement);
Action colour_flip(const Action& action);
// A new game (no history; what the last C-ply did is not carried: no later ply depends on it) in
// the flipped position, under the same interpretations.
Game colour_flip(const Game& game);

}  // namespace arbiter::conditional
