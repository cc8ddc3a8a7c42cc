#include "solver/compose/mate_quality.h"

namespace arbiter::compose {

namespace {

struct Pins {
  Bitboard pinners = 0;  // attacker line pieces pinning something against the king
  Bitboard pinned = 0;   // the mated side's units they pin
};

// A unit of `defender` is pinned when it is the only unit between its king and an attacker
// line piece moving along that line.
Pins find_pins(const Position& pos, Color defender) {
  Pins pins;
  const Square king = pos.king_square(defender);
  const Color attacker = ~defender;
  Bitboard snipers = (rook_attacks(king, 0) & pos.pieces(attacker, Rook, Queen)) |
                     (bishop_attacks(king, 0) & pos.pieces(attacker, Bishop, Queen));
  while (snipers) {
    const Square s = pop_lsb(snipers);
    // between() includes its second square, the sniper itself.
    const Bitboard blockers = between(king, s) & ~square_bb(s) & pos.occupied();
    if (blockers && !more_than_one(blockers) && (blockers & pos.pieces(defender))) {
      pins.pinners |= square_bb(s);
      pins.pinned |= blockers;
    }
  }
  return pins;
}

}  // namespace

MateFeatures mate_features(const Position& pos) {
  MateFeatures f;
  const Color mated = pos.side_to_move();
  const Color attacker = ~mated;
  const Square king = pos.king_square(mated);
  if (king == NoSquare) return f;

  const Bitboard field = square_bb(king) | king_attacks(king);
  const Bitboard occ = pos.occupied() & ~square_bb(king);  // x-ray through the king
  const Pins pins = find_pins(pos, mated);

  f.pure = true;
  for (Bitboard b = field; b;) {
    const Square s = pop_lsb(b);
    const Bitboard guards = pos.attackers_to(s, occ) & pos.pieces(attacker);
    const bool self_block = s != king && (pos.pieces(mated) & square_bb(s));
    // A self-block is its own reason; anything else (the king's square included) needs one guard.
    if (self_block ? guards != 0 : popcount(guards) != 1) {
      f.pure = false;
      break;
    }
  }

  f.economical = true;
  Bitboard officers = pos.pieces(attacker) & ~pos.pieces(Pawn, King);
  while (officers) {
    const Square s = pop_lsb(officers);
    const bool covers = piece_attacks(type_of(pos.piece_on(s)), s, occ) & field;
    if (!covers && !(pins.pinners & square_bb(s))) {
      f.economical = false;
      break;
    }
  }

  f.model = f.pure && f.economical;
  f.pin = pins.pinned != 0;
  return f;
}

Bitboard king_flights(const Position& pos, Color side) {
  const Square king = pos.king_square(side);
  if (king == NoSquare) return 0;
  const Bitboard occ = pos.occupied() & ~square_bb(king);
  Bitboard flights = 0;
  for (Bitboard b = king_attacks(king) & ~pos.pieces(side); b;) {
    const Square s = pop_lsb(b);
    if (!pos.attacked_by(~side, s, occ)) flights |= square_bb(s);
  }
  return flights;
}

}  // namespace arbiter::compose
