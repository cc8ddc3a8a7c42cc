#pragma once
// Check as the text defines it: "A player to move is in check if and only if he is under
// one-move threat of having no king (or else of having both an untraveled king and a
// traveling King but no traveled king) at the same time that his opponent has a resolved
// position." Threats are the opponent's pseudo-legal moves, as in orthodox chess, where a
// pinned piece still gives check.
//
// Check reads only where the men stand, their types and stages: a Board gives that (men_of),
// and so can a hypothetical position (the explosion-support search, support.h, under
// timetravel.support-check=each-move).

#include "rules/core/bitboard.h"
#include "rules/timetravel/board.h"
#include "rules/timetravel/options.h"

namespace arbiter::timetravel {

// The men as check reads them: both colours, by colour, type and stage.
struct Men {
  Bitboard color[2] = {0, 0};
  Bitboard type[PieceTypeCount] = {};
  Bitboard traveling = 0;   // traveling men of both colours
  Bitboard untraveled = 0;  // untraveled men of both colours (the rest are traveled)
  Square en_passant = NoSquare;

  Bitboard occupied() const { return color[White] | color[Black]; }
  Bitboard pieces(Color c, PieceType t) const { return color[c] & type[t]; }
  Bitboard movable(Color c) const { return color[c] & ~traveling; }
  bool resolved(Color c) const { return !(color[c] & traveling); }
};
Men men_of(const Board& b);

// Has the player a king in the text's sense: a traveled king, or an untraveled king whose
// traveling self is not on the board (it would annihilate it)?
bool has_working_king(const Board& b, Color c);

// Squares attacked by the movable (untraveled and traveled) men of `by`.
bool attacked_by(const Board& b, Color by, Square s);
bool attacked_by(const Men& m, Color by, Square s);

// Is `c` in check (as if `c` were to move, whoever is to move now)?
bool in_check(const Board& b, Color c, const Options& options);
bool in_check(const Men& m, Color c, const Options& options);

// Can the traveling man on `target` be annihilated by the untraveled man on `from` now (the
// resonator is "one move away")?
bool one_move_away(const Board& b, Square from, Square target, const Options& options);

}  // namespace arbiter::timetravel
