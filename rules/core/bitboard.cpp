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

// Magic multipliers found once by the search below (init_magics with an empty seed list
// reproduces them); shipping them saves the search at every start-up. If a table were ever
// inconsistent, the search runs instead (a test checks that it never has to).
constexpr Bitboard RookMagics[64] = {
    0x1080004008801020ULL, 0x0840092002C03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000A001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021D00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000A0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000A00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040A00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xC100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000A0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040A00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04C1002414824001ULL, 0x020020000B001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084C0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL};
constexpr Bitboard BishopMagics[64] = {
    0x10102002004A1420ULL, 0x8020040400584008ULL, 0x10510800811201C8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200A02020ULL,
    0x1500241990010E00ULL, 0x8001200182020A40ULL, 0x40004101030B0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020A00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006E080100C3040ULL, 0x0501044A11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422C012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xA010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802A02020000B098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488A00ULL,
    0x2000081104004040ULL, 0x4C8E029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008A0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4A1500401041004AULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800B62048ULL, 0x0000810400C44420ULL, 0x00080400440C0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810D00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL};

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

bool searched_magics = false;

void init_magics(const int (&dirs)[4][2], tables::Magic* magics, Bitboard* table, const Bitboard* known) {
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
    for (bool found = false, first = true; !found; first = false) {
      if (first && known) {
        m.magic = known[s];
      } else {
        searched_magics = searched_magics || known;
        do m.magic = prng.sparse();
        while (popcount((m.mask * m.magic) >> 56) < 6);
      }
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
  init_magics(RookDirs, tables::rook_magics, rook_table, RookMagics);
  init_magics(BishopDirs, tables::bishop_magics, bishop_table, BishopMagics);
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

bool magics_needed_search() {
  init_bitboards();
  return searched_magics;
}

}  // namespace arbiter
