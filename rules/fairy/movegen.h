#pragma once
// The fairy rule set's moves, generators plus named predicates as every rule set here: the
// candidates are what each man's walk (walk_moves.h) and the pawn's and castling rules propose;
// the predicates reject those that leave a royal man attacked, castle out of check or across an
// attacked square.

#include <array>
#include <bitset>
#include <optional>
#include <string_view>

#include "rules/core/move.h"
#include "rules/fairy/board.h"

namespace arbiter::fairy {

using FairyMoveList = MoveList<FairyMove, 1024>;

void generate_candidates(const Board& b, FairyMoveList& out);
// The candidates of the man on `from` alone (of the side to move).
void generate_candidates_of(const Board& b, int from, FairyMoveList& out);

// The moves the walk of the man on `from` proposes (a pawn's rules and castling too), paralysed
// or not; not an orphan's (its borrowed walks).
void add_walk_moves(const Board& b, int from, FairyMoveList& out);

// Does a man of `side` on `from`, walking as `walk`, capture on `target` (the target taken to
// hold a man of the other side)? The man's own walk or a borrowed one (an orphan's).
bool observes(const Board& b, int from, const Walk& walk, Color side, int target);
// The walk the man of `side` on `from`, of `kind`, observes by: its own, but a pawned piece's
// piece part alone on its own first rank (PieceKind::pawned; the marine ship's whole walk there
// too), a querquisite's its file's (PieceKind::by_file).
inline const Walk& observing_walk(const Board& b, int from, const PieceKind& kind, Color side) {
  if (!kind.pawned && !kind.by_file) [[likely]]
    return kind.walk;
  if (kind.by_file) return (*kind.by_file)[std::size_t(b.file_of(from))];
  return !kind.pawned->everywhere && b.rank_of(from) == (side == White ? 0 : b.ranks() - 1) ? kind.pawned->piece_part : kind.walk;
}
// Could a man of `by` capture a man of the other side standing on `sq` (empty or not)?
bool attacked(const Board& b, int sq, Color by);
// Is a royal man of `side` attacked? (A side without a royal man is never in check.)
bool royal_attacked(const Board& b, Color side);

// Paralysing men: is the man on `sq` observed by an enemy paralysing man (it neither moves nor
// observes)? Is the side to move "suffocated": it would have moves were no man paralysed, and
// all are paralysed men's (Popeye's paralysing.c: such a side is stalemated, not mated)?
bool paralysed(const Board& b, int sq);
bool suffocated_by_paralysis(const Board& b);
// The side to move is in check: a royal man of it attacked, and the side not suffocated by
// paralysis (a mate of a suffocated side is a stalemate; in_check() and the SAN marks say so).
bool side_in_check(const Board& b);

// The name of the first predicate that rejects candidate `m`, or none: it is legal. Plays the
// move and takes it back.
std::optional<std::string_view> rejecting_predicate(Board& b, const FairyMove& m);

void generate_legal(Board& b, FairyMoveList& out);

}  // namespace arbiter::fairy
