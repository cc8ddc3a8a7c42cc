#pragma once
// The colour flip: the board turned over from White's side to Black's (a1 <-> a8, e2 <-> e7),
// every man given to the other side, the other side to move, castling rights and the en passant
// square flipped with them. The move counters are kept: the side to move makes its n-th move in
// both. Orthodox chess is symmetric under the flip (a position and its flip have the same game
// tree, every move flipped), and so are the variants' rules but where a rule names a colour
// (each rule set's mirror.h says which); tests/property/colour_flip_property_test.cpp checks it by perft.

#include <string>
#include <string_view>

#include "rules/core/bitboard.h"
#include "rules/core/move.h"
#include "rules/core/position.h"
#include "rules/core/types.h"

namespace arbiter {

constexpr Square flip_square(Square s) { return s == NoSquare ? NoSquare : s ^ 56; }
constexpr Piece flip_piece(Piece p) { return p == NoPiece ? NoPiece : make_piece(~color_of(p), type_of(p)); }
// White's kingside right becomes Black's, and so on.
constexpr int flip_castling(int rights) { return ((rights & 3) << 2) | ((rights >> 2) & 3); }
// Rank r becomes rank 7 - r: the bytes of the bitboard reversed.
constexpr Bitboard flip_bitboard(Bitboard b) { return __builtin_bswap64(b); }
constexpr Move flip_move(Move m) { return Move(flip_square(m.from()), flip_square(m.to()), m.kind(), m.promotion()); }
// A move's SAN text for the flipped board: each rank digit d becomes 9 - d ("Nf3" -> "Nf6",
// "exd6" -> "exd3"); castling, piece letters and marks stay.
std::string flip_san(std::string_view san);

Position colour_flip(const Position& pos);

}  // namespace arbiter
