#include "solver/correct/correction_search.h"

namespace arbiter::correct {

namespace detail {

FenHash fen_hash(const std::string& fen) {
  // Two independent hashes: FNV-1a and a multiply-rotate mix with its own seed.
  std::uint64_t a = 0xcbf29ce484222325ull, b = 0x9E3779B97F4A7C15ull;
  for (unsigned char ch : fen) {
    a = (a ^ ch) * 0x100000001b3ull;
    b = (b ^ ch) * 0xff51afd7ed558ccdull;
    b = (b << 29) | (b >> 35);
  }
  return {a, b};
}

int relevance(const Edit& e, Bitboard hot, Bitboard occupied) {
  if (e.kind == EditKind::Tokens) return 1;
  int score = 2 * popcount(e.touched() & hot);
  const char placed = e.kind == EditKind::Add ? e.piece : e.kind == EditKind::Move ? e.piece
                      : e.kind == EditKind::Change ? e.becomes : '.';
  const Square at = e.kind == EditKind::Change ? e.from : e.to;
  if (placed != '.' && (unit_attacks(placed, at, occupied) & hot)) score += 1;
  return score;
}

double binomial(double n, int k) {
  double r = 1;
  for (int i = 0; i < k; ++i) r = r * (n - i) / (i + 1);
  return std::floor(r + 0.5);
}

}  // namespace detail

}  // namespace arbiter::correct
