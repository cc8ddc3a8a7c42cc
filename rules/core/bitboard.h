#pragma once
// Bitboards and precomputed attack tables. Sliding attacks use "fancy" magic bitboards:
// one multiply and shift per lookup, tables built once at start-up.

#include <bit>
#include <cstdint>

#include "rules/core/types.h"

namespace arbiter {

using Bitboard = std::uint64_t;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard FileA = 0x0101010101010101ULL;
constexpr Bitboard Rank1 = 0xFFULL;
constexpr Bitboard file_bb(int f) { return FileA << f; }
constexpr Bitboard rank_bb(int r) { return Rank1 << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return std::countr_zero(b); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

// Shift every bit one step; bits falling off the a/h files vanish.
template <int Delta>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (Delta == 8) return b << 8;
  if constexpr (Delta == -8) return b >> 8;
  if constexpr (Delta == 16) return b << 16;
  if constexpr (Delta == -16) return b >> 16;
  if constexpr (Delta == 9) return (b & ~file_bb(7)) << 9;
  if constexpr (Delta == 7) return (b & ~file_bb(0)) << 7;
  if constexpr (Delta == -7) return (b & ~file_bb(7)) >> 7;
  if constexpr (Delta == -9) return (b & ~file_bb(0)) >> 9;
  return 0;
}

namespace tables {
struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};
extern Magic rook_magics[64];
extern Magic bishop_magics[64];
extern Bitboard pawn_attacks[2][64];
extern Bitboard knight_attacks[64];
extern Bitboard king_attacks[64];
extern Bitboard between[64][64];  // squares strictly between two aligned squares, plus the second
extern Bitboard line[64][64];     // the full line through two aligned squares, or 0
}  // namespace tables

// Builds the tables; idempotent and thread-safe. Called by Position before first use.
void init_bitboards();
// True if a shipped magic number failed and had to be searched for again (a test asserts not).
bool magics_needed_search();

inline Bitboard pawn_attacks(Color c, Square s) { return tables::pawn_attacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return tables::knight_attacks[s]; }
inline Bitboard king_attacks(Square s) { return tables::king_attacks[s]; }
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& m = tables::rook_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& m = tables::bishop_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Squares a piece of this type attacks from s (not pawns: they depend on colour).
Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied);

// between(a, b): squares strictly between a and b on a common line, plus b itself;
// just b when they are not aligned. That is exactly the set that blocks or captures a checker.
inline Bitboard between(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard line(Square a, Square b) { return tables::line[a][b]; }

}  // namespace arbiter
