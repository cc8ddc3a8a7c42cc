#pragma once
// The colour flip of a Time Traveler's Chess position (rules/core/mirror.h): every man flipped
// with its stage and its identity (a man of the set-up is named by the square it stood on then,
// so that square is flipped; the men an explosion brought in keep their number), the rules'
// memory flipped too: each explosion's side, square and supports, the traveling man lost to
// capture, the annihilation an en passant capture would undo. The rule text names no colour, so
// a position and its flip have the same game tree.

#include "rules/timetravel/board.h"
#include "rules/timetravel/game.h"
#include "rules/timetravel/move.h"

namespace arbiter::timetravel {

ManId flip_id(ManId id);
Man colour_flip(const Man& man);
Move colour_flip(const Move& move);
Board colour_flip(const Board& board);
// A new game (no history) on the flipped board, under the same interpretations.
Game colour_flip(const Game& game);

}  // namespace arbiter::timetravel
