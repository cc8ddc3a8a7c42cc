#include "rules/core/zobrist.h"

#include <mutex>

namespace arbiter::zobrist {

Key piece_square[16][64];
Key castling[16];
Key en_passant_file[8];
Key black_to_move;

namespace {
// splitmix64: fixed seed so keys (and therefore certificates and tables) are reproducible.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    return mix(state += 0x9E3779B97F4A7C15ULL);
  }
};

void fill() {
  SplitMix rng{20261122};
  for (auto& row : piece_square)
    for (auto& k : row) k = rng.next();
  for (auto& k : en_passant_file) k = rng.next();
  black_to_move = rng.next();
  // Each castling right has its own key; a set of rights is the XOR of its members.
  Key single[4];
  for (auto& k : single) k = rng.next();
  for (int rights = 0; rights < 16; ++rights) {
    castling[rights] = 0;
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) castling[rights] ^= single[bit];
  }
}
}  // namespace

void init() {
  static std::once_flag once;
  std::call_once(once, fill);
}

}  // namespace arbiter::zobrist
