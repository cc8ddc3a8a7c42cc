#pragma once
// Which moves can lead to a stalemate at once, for orthodox chess (bitboards of a Position; the
// searches use it only for rule sets that say they are orthodox).
//
// The last move: one side ("us") makes the last move m of a help or series play, after which
// the other side ("them") must be stalemated: not in check, no legal move. Each man of theirs
// that has a legal move now (were it their turn) must lose it through m. Since they are not in
// check after m, a move of a man of theirs that is not their king is legal after m exactly when
// it exists pseudo-legally and the man is not pinned. So a move s -> d of such a man, not
// pinned now, survives m unless m
//   - captures the man (m.to == s);
//   - stands on a square of its path (a slider: a square between s and d; a pawn's push: d);
//   - takes away a pawn capture's target (m.from == d);
//   - pins the man: m lands on the line through their king and s, or leaves it (unmasking one
//     of our sliders, or clearing the way between the king and the man), or captures on it.
// A flight f of their king (not held by their man, not attacked by us now, their king taken
// off the board for the test) survives m unless m lands on f, or attacks f from its new
// square (the path from f to m.to free now but for m.from, i.e. m.to among a queen's and a
// knight's attacks from f, with the current occupancy), or unmasks an attack on f (m.from is
// the first man on a line from f), or captures a man of theirs that blocked one (m.to again
// the first man on a line from f).
// Castling and en passant move or remove two men: they are always let through. Everything
// else is tested against one chosen move of each of their men (the one whose squares are
// fewest) and against each flight of their king: m must take away every one of them, or no
// stalemate follows it. The test is a superset of the moves that stalemate, so skipping the
// others loses no solution.
//
// One ply earlier (their move b, then our last move m): a constraint above, found before b,
// still binds m after b unless b itself may take the move away: b moves that man, or b's man
// lands on its path (on d itself for a knight or a pawn's target: their own man blocks it),
// or b leaves the man's pin line (it may then be pinned), or, for a flight, b lands on it or
// leaves a line from it (unmasking our attack). A king move, castling or en passant by them
// is let through. The constraints left, with the occupancy after b (a flight's lines taken
// again from it), must leave our side some move that passes them, or b is skipped unplayed.
// tests/engines/help_search_test.cpp compares the searches with the walks without them.

#include "rules/core/bitboard.h"
#include "rules/core/move.h"
#include "rules/core/position.h"

namespace arbiter::prover::stalemate_filter {

// One chosen move of a man of theirs, or one flight of their king: our last move must leave
// one of `from` or reach one of `to`.
struct Constraint {
  Bitboard from, to;
  Bitboard kept_off;    // their move one ply earlier landing here may take it away itself
  Bitboard kept_from;   // their move one ply earlier leaving here may take it away itself
  Square man;           // the man whose move it is (a flight: their king)
  Square flight;        // a flight's square, else NoSquare
};

struct Filter {
  static constexpr int Capacity = 24;  // 15 men and 8 flights
  int count = 0;
  Constraint c[Capacity];
};

// The constraints on the last move of `us`, which must stalemate the other side, in the
// current position (`us` to move, or the other side when it has one move left before ours).
Filter build(const Position& pos, Color us);

// The last ply: can any move of `us` (to move) pass the filter? For each of its men, the
// squares its moves may reach (pseudo-legally: attacks and pawn pushes) are tested against
// what the constraints its own square does not answer ask of the destination. Castling and an
// e.p. capture: "maybe".
bool any_candidate(const Position& pos, const Filter& f);

// The last ply: may m (a legal move of the side to move) stalemate, by the filter?
inline bool may_stalemate(const Filter& f, Move m) {
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) return true;
  const Bitboard from = square_bb(m.from()), to = square_bb(m.to());
  for (int i = 0; i < f.count; ++i)
    if (!(f.c[i].from & from) && !(f.c[i].to & to)) return false;
  return true;
}

// One ply earlier: after their legal move b (they are to move, `f` built with build(pos, ~them)),
// may some move of ours stalemate them? False: b is followed by no stalemate.
bool may_stalemate_after(const Position& pos, const Filter& f, Move b);

}  // namespace arbiter::prover::stalemate_filter
