#include "rules/core/bitboard.h"

#include <mutex>

namespace arbiter {

namespace tables {
Magic rook_magics[64];
Magic bishop_magics[64];
Bitboard pawn_attacks[2][64];
Bitboard knight_attacks[64];
Bitboard king_attacks[64];
Bitboard between[64][64];
Bitboard line[64][64];
}  // namespace tables

namespace {

Bitboard rook_table[0x19000];   // 102400 entries: sum of 2^bits over all squares
Bitboard bishop_table[0x1480];  // 5248 entries

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Attacks by walking rays; used only to build tables.
Bitboard ray_attacks(const int (&dirs)[4][2], Square s, Bitboard occupied) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (on_board(f, r)) {
      Square t = make_square(f, r);
      result |= square_bb(t);
      if (occupied & square_bb(t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

Bitboard step_attacks(Square s, std::initializer_list<std::pair<int, int>> deltas) {
  Bitboard result = 0;
  for (auto [df, dr] : deltas)
    if (on_board(file_of(s) + df, rank_of(s) + dr)) result |= square_bb(make_square(file_of(s) + df, rank_of(s) + dr));
  return result;
}

// xorshift64*: a small deterministic generator so magics (and start-up time) never vary.
struct Prng {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(const int (&dirs)[4][2], tables::Magic* magics, Bitboard* table) {
  Bitboard occupancy[4096], reference[4096];
  int epoch[4096] = {}, attempt = 0;
  Prng prng{0x9E3779B97F4A7C15ULL};
  Bitboard* next_slot = table;
  for (Square s = 0; s < 64; ++s) {
    // The edges never block a ray that reaches them, so they are left out of the mask.
    Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) | ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
    tables::Magic& m = magics[s];
    m.mask = ray_attacks(dirs, s, 0) & ~edges;
    m.shift = 64 - popcount(m.mask);
    m.attacks = next_slot;
    int size = 0;
    Bitboard subset = 0;
    do {  // carry-rippler enumeration of every subset of the mask
      occupancy[size] = subset;
      reference[size++] = ray_attacks(dirs, s, subset);
      subset = (subset - m.mask) & m.mask;
    } while (subset);
    for (bool found = false; !found;) {
      do m.magic = prng.sparse();
      while (popcount((m.mask * m.magic) >> 56) < 6);
      ++attempt;
      found = true;
      for (int i = 0; i < size; ++i) {
        unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          next_slot[idx] = reference[i];
        } else if (next_slot[idx] != reference[i]) {
          found = false;
          break;
        }
      }
    }
    next_slot += size;
  }
}

void init_all() {
  for (Square s = 0; s < 64; ++s) {
    tables::pawn_attacks[White][s] = step_attacks(s, {{-1, 1}, {1, 1}});
    tables::pawn_attacks[Black][s] = step_attacks(s, {{-1, -1}, {1, -1}});
    tables::knight_attacks[s] = step_attacks(s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
    tables::king_attacks[s] = step_attacks(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
  }
  init_magics(RookDirs, tables::rook_magics, rook_table);
  init_magics(BishopDirs, tables::bishop_magics, bishop_table);
  for (Square a = 0; a < 64; ++a) {
    for (Square b = 0; b < 64; ++b) {
      tables::between[a][b] = square_bb(b);
      tables::line[a][b] = 0;
      if (a == b) continue;
      for (PieceType t : {Bishop, Rook}) {
        if (piece_attacks(t, a, 0) & square_bb(b)) {
          tables::line[a][b] = (piece_attacks(t, a, 0) & piece_attacks(t, b, 0)) | square_bb(a) | square_bb(b);
          tables::between[a][b] |= piece_attacks(t, a, square_bb(b)) & piece_attacks(t, b, square_bb(a));
        }
      }
    }
  }
}

}  // namespace

Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, occupied);
    case Rook: return rook_attacks(s, occupied);
    case Queen: return queen_attacks(s, occupied);
    case King: return king_attacks(s);
    default: return 0;
  }
}

void init_bitboards() {
  static std::once_flag once;
  std::call_once(once, init_all);
}

}  // namespace arbiter
