#pragma once
// Chess-problem quality of a final mate position, as problemists judge it.
//
// The field is the mated king's square and the squares adjacent to it. A mate is pure when each
// field square is unavailable for one reason only, economical when every unit of the mating side
// except the king and the pawns takes part, and a model mate when it is both (the usual
// convention: the king and pawns are optional participants).
//
// Attacks are computed with the mated king removed from the occupancy, so a checking line
// reaches "through" the king onto the squares behind it.

#include "rules/core/bitboard.h"
#include "rules/core/position.h"

namespace arbiter::compose {

// The mated side is the side to move in `pos`, which must be checkmated (caller guarantees).
struct MateFeatures {
  // The king's square is attacked by exactly one unit (a double check is impure); every empty or
  // attacker-occupied field square is attacked (guarded) by exactly one attacker unit; every
  // field square holding a unit of the mated side (a self-block) is not attacked at all.
  bool pure = false;
  // Every attacker knight, bishop, rook and queen attacks a field square (giving check
  // included) or pins a unit of the mated side against its king.
  bool economical = false;
  bool model = false;  // pure && economical
  // At least one unit of the mated side is pinned against its king by an attacker line piece.
  bool pin = false;
};

MateFeatures mate_features(const Position& pos);

// The squares the king of `side` could move to if it were that side's turn (orthodox king
// steps, no castling): adjacent squares not holding its own units and not attacked by the
// opponent, with the king removed from the occupancy. Empty when `side` has no king.
Bitboard king_flights(const Position& pos, Color side);

}  // namespace arbiter::compose
