#include "solver/prover/stalemate_filter.h"

#include "solver/prover/help_bound.h"

namespace arbiter::prover::stalemate_filter {

namespace {

void add(Filter& f, const Constraint& c) {
  if (f.count == Filter::Capacity) return;  // fewer constraints only weaken the test
  f.c[f.count++] = c;
}

// Their men pinned now by our sliders (their moves are left out: a pin only shrinks them).
Bitboard pinned_men(const Position& pos, Color us, Square king) {
  const Bitboard occ = pos.occupied();
  const Bitboard snipers = (rook_attacks(king, 0) & pos.pieces(us, Rook, Queen)) |
                           (bishop_attacks(king, 0) & pos.pieces(us, Bishop, Queen));
  Bitboard pinned = 0;
  for (Bitboard b = snipers; b;) {
    const Square s = pop_lsb(b);
    const Bitboard between_men = between(king, s) & ~square_bb(s) & occ;
    if (between_men && !more_than_one(between_men)) pinned |= between_men & pos.pieces(~us);
  }
  return pinned;
}

// A flight's constraint with the occupancy `occ` (their king off the board).
Constraint flight_constraint(Square king, Square f, Bitboard occ) {
  const Bitboard lines = queen_attacks(f, occ);
  return {lines, lines | knight_attacks(f) | square_bb(f), square_bb(f), lines, king, f};
}

// Some move of `us` (men `ours`, with the occupancy `occ` and the other side's men `theirs`)
// that passes the `count` constraints in `c`? (Castling and e.p. are the caller's.)
bool candidate(Color us, Bitboard ours, Bitboard theirs, Bitboard occ, const Position& pos, const Constraint* c,
               int count) {
  for (Bitboard men = ours; men;) {
    const Square s = pop_lsb(men);
    Bitboard wanted = ~Bitboard(0);
    for (int i = 0; i < count; ++i)
      if (!(c[i].from & square_bb(s))) wanted &= c[i].to;
    if (!wanted) continue;
    const PieceType t = type_of(pos.piece_on(s));
    Bitboard targets;
    if (t == Pawn) {
      const Bitboard one = (us == White ? square_bb(s) << 8 : square_bb(s) >> 8) & ~occ;
      const Bitboard two = (us == White ? one << 8 : one >> 8) & ~occ;
      targets = one | two | (pawn_attacks(us, s) & theirs);
    } else {
      targets = piece_attacks(t, s, occ) & ~ours;
    }
    if (targets & wanted) return true;
  }
  return false;
}

}  // namespace

Filter build(const Position& pos, Color us) {
  Filter f;
  const Color them = ~us;
  const Bitboard occ = pos.occupied(), own = pos.pieces(them);
  const Square king = pos.king_square(them);
  const Bitboard pinned = king == NoSquare ? 0 : pinned_men(pos, us, king);
  for (Bitboard men = own & ~pos.pieces(King) & ~pinned; men;) {
    const Square s = pop_lsb(men);
    const Bitboard pin = king == NoSquare ? 0 : line(king, s) & ~square_bb(king);
    const Bitboard here = square_bb(s);
    const PieceType t = type_of(pos.piece_on(s));
    if (t == Pawn) {
      const Square push = them == White ? s + 8 : s - 8;
      const Bitboard captures = pawn_attacks(them, s) & pos.pieces(us);
      if (!(occ & square_bb(push))) {
        add(f, {pin, pin | here | square_bb(push), square_bb(push), pin, s, NoSquare});
      } else if (captures) {
        const Bitboard target = square_bb(lsb(captures));
        add(f, {pin | target, pin | here, target, pin, s, NoSquare});
      }
    } else if (t == Knight) {
      const Bitboard targets = knight_attacks(s) & ~own;
      if (targets) add(f, {pin, pin | here, square_bb(lsb(targets)), pin, s, NoSquare});
    } else {
      Bitboard path = 0;
      int fewest = 99;
      for (Bitboard targets = piece_attacks(t, s, occ) & ~own; targets;) {
        const Bitboard b = between(s, pop_lsb(targets));
        if (popcount(b) < fewest) fewest = popcount(b), path = b;
      }
      if (fewest < 99) add(f, {pin, pin | here | path, path, pin, s, NoSquare});
    }
  }
  if (king != NoSquare) {
    const Bitboard occ_without_king = occ & ~square_bb(king);
    for (Bitboard flights = king_attacks(king) & ~own; flights;) {
      const Square to = pop_lsb(flights);
      if (!pos.attacked_by(us, to, occ_without_king)) add(f, flight_constraint(king, to, occ_without_king));
    }
  }
  return f;
}

bool any_candidate(const Position& pos, const Filter& f) {
  const Color us = pos.side_to_move();
  if (help_bound::mater_may_castle(pos, us) || pos.en_passant_square() != NoSquare) return true;
  return candidate(us, pos.pieces(us), pos.pieces(~us), pos.occupied(), pos, f.c, f.count);
}

bool may_stalemate_after(const Position& pos, const Filter& f, Move b) {
  if (b.kind() == MoveKind::Castling || b.kind() == MoveKind::EnPassant) return true;
  const Square from = b.from(), to = b.to();
  const PieceType moved = type_of(pos.piece_on(from));
  if (moved == King) return true;
  if (moved == Pawn && (to - from == 16 || from - to == 16)) return true;  // we may capture e.p.
  const Color them = pos.side_to_move(), us = ~them;
  if (help_bound::mater_may_castle(pos, us)) return true;
  const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
  const Bitboard occ = (pos.occupied() & ~from_bb) | to_bb;
  const Bitboard ours = pos.pieces(us) & ~to_bb;
  const Bitboard theirs = (pos.pieces(them) & ~from_bb) | to_bb;
  const Square king = pos.king_square(them);
  Constraint left[Filter::Capacity];
  int count = 0;
  for (int i = 0; i < f.count; ++i) {
    const Constraint& c = f.c[i];
    if (c.man == from || (c.kept_off & to_bb) || (c.kept_from & from_bb)) continue;
    left[count++] = c.flight == NoSquare ? c : flight_constraint(king, c.flight, occ & ~square_bb(king));
  }
  return candidate(us, ours, theirs, occ, pos, left, count);
}

}  // namespace arbiter::prover::stalemate_filter
