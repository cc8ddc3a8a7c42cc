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

}  // namespace arbiter::zobrist
