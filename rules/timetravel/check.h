#pragma once
// Check as the text defines it: "A player to move is in check if and only if he is under
// one-move threat of having no king (or else of having both an untraveled king and a
// traveling King but no traveled king) at the same time that his opponent has a resolved
// position." Threats are the opponent's pseudo-legal moves, as in orthodox chess, where a
// pinned piece still gives check.

#include "rules/core/bitboard.h"
#include "rules/timetravel/board.h"
#include "rules/timetravel/options.h"

namespace arbiter::timetravel {

// Has the player a king in the text's sense: a traveled king, or an untraveled king whose
// traveling self is not on the board (it would annihilate it)?
bool has_working_king(const Board& b, Color c);

// Squares attacked by the movable (untraveled and traveled) men of `by`.
bool attacked_by(const Board& b, Color by, Square s);

// Is `c` in check (as if `c` were to move, whoever is to move now)?
bool in_check(const Board& b, Color c, const Options& options);

// Can the traveling man on `target` be annihilated by the untraveled man on `from` now (the
// resonator is "one move away")?
bool one_move_away(const Board& b, Square from, Square target, const Options& options);

}  // namespace arbiter::timetravel
