#pragma once
// Zobrist keys: one random 64-bit number per (piece, square), castling-rights set,
// en passant file and side to move. A position's key is the XOR of its features.

#include <cstdint>

#include "rules/core/types.h"

namespace arbiter::zobrist {

using Key = std::uint64_t;

extern Key piece_square[16][64];
extern Key castling[16];
extern Key en_passant_file[8];
extern Key black_to_move;

void init();  // idempotent; called with the bitboard tables

// splitmix64's finaliser: a well-spread 64-bit key of any 64-bit value (the tables' salts).
constexpr std::uint64_t mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace arbiter::zobrist
