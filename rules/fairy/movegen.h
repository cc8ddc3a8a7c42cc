#pragma once
// The fairy rule set's moves, generators plus named predicates as every rule set here: the
// candidates are what each man's walk (walk_moves.h) and the pawn's and castling rules propose;
// the predicates reject those that leave a royal man attacked, castle out of check or across an
// attacked square.

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

// The candidates of the side to move that cannot leave a royal man of it attacked, told without
// playing them (a cut of the legality test, which stays exact): with the side not in check, a
// move of a man that is not royal changes the enemy's observation of a royal square R only
// through the occupancy of its from and to squares; an enemy man's observation of R depends on
// squares of the lines through R along its atoms' vectors (the squares a rider crosses, a
// hopper's hurdle and the squares it passes, an equihopper's hurdle one vector short of R), none
// for a leap (a locust's: and the square beyond R, where it lands). So a move with none of its
// squares (a locust's victim's too) on such a line is legal. Walks whose observation
// depends on other squares (a mao's block, a rose's circle, a moose's turn) and enemy orphans
// (their walks follow the whole position) leave every move to the full test, as do a side in
// check, castling, en passant, a royal mover and a neutral or half-neutral one (an enemy
// attacker itself after the move).
class CertainlyLegal {
 public:
  explicit CertainlyLegal(const Board& b);
  bool operator()(const Board& b, const FairyMove& m) const {
    // A hurdle changing sides is a new enemy man (or one gone): the full test.
    if (test_all_ || (m.flags & (FairyMove::EnPassant | FairyMove::Castling | FairyMove::HurdleSwap))) return false;
    // A royal mover, or a neutral one (it observes for the other side too, from its new square),
    // or a half-neutral one (neutral after the move).
    const PieceKind& kind = b.variant().kinds[std::size_t(b.at(m.from).kind())];
    if (b.at(m.from).neutral() || kind.royal || kind.half_neutral) return false;
    // A locust's capture empties a third square, the victim's.
    return !lines_[std::size_t(m.from)] && !lines_[std::size_t(m.to)] && !((m.flags & FairyMove::Locust) && lines_[std::size_t(m.victim)]);
  }

 private:
  bool test_all_ = false;
  std::bitset<256> lines_;
};

void generate_legal(Board& b, FairyMoveList& out);

}  // namespace arbiter::fairy
