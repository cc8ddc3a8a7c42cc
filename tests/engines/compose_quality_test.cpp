// Problem quality of final mate positions: purity, economy, model mates, pins, and the king's
// flight squares. Every mate position is first checked to be checkmate with Black to move.

#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>

#include "rules/core/fen.h"
#include "rules/orthodox/movegen.h"
#include "solver/compose/mate_quality.h"

using namespace arbiter;
using compose::king_flights;
using compose::mate_features;
using compose::MateFeatures;

namespace {

// Reads a FEN and makes sure it is checkmate, so a wrong test position fails loudly.
Position mate(const std::string& fen) {
  Position pos = read_fen(fen);
  INFO(fen);
  REQUIRE(pos.side_to_move() == Black);
  REQUIRE(pos.in_check());
  REQUIRE_FALSE(orthodox::has_legal_move(pos));
  REQUIRE(king_flights(pos, Black) == 0);
  return pos;
}

Bitboard squares(std::initializer_list<Square> list) {
  Bitboard b = 0;
  for (Square s : list) b |= square_bb(s);
  return b;
}

}  // namespace

TEST_CASE("queen and king model mate", "[compose]") {
  // Kh8; Qg7 guarded by Kf6. h8, g8 and h7 are the queen's alone, the queen only the king's.
  const MateFeatures f = mate_features(mate("7k/6Q1/5K2/8/8/8/8/8 b - - 0 1"));
  CHECK(f.pure);
  CHECK(f.economical);
  CHECK(f.model);
  CHECK_FALSE(f.pin);
}

TEST_CASE("epaulette mate is a model mate with two self-blocks", "[compose]") {
  // Ke8 between its rooks, Qe6 covers d7, e7, f7 and checks; d8 and f8 are self-blocks only.
  const MateFeatures f = mate_features(mate("3rkr2/8/4Q3/8/8/8/8/K7 b - - 0 1"));
  CHECK(f.pure);
  CHECK(f.economical);
  CHECK(f.model);
  CHECK_FALSE(f.pin);
}

TEST_CASE("a field square guarded twice makes the mate impure", "[compose]") {
  // As the model mate but the king on g6: h7 is guarded by the queen and the king.
  const MateFeatures f = mate_features(mate("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
  CHECK_FALSE(f.pure);
  CHECK(f.economical);
  CHECK_FALSE(f.model);
  CHECK_FALSE(f.pin);
}

TEST_CASE("the x-ray through the king counts as a guard", "[compose]") {
  // Ra8 checks Kg8 and reaches h8 through the king, which Rh1 guards as well.
  const MateFeatures f = mate_features(mate("R5k1/5pp1/8/8/8/8/8/K6R b - - 0 1"));
  CHECK_FALSE(f.pure);
  CHECK(f.economical);
  CHECK_FALSE(f.model);
}

TEST_CASE("a double check is impure", "[compose]") {
  // Rc8 and Nf7 both check Kh8; every other field square is covered once or self-blocked.
  const MateFeatures f = mate_features(mate("2R4k/5Npp/8/8/8/8/8/K7 b - - 0 1"));
  CHECK_FALSE(f.pure);
  CHECK(f.economical);
  CHECK_FALSE(f.model);
}

TEST_CASE("an idle rook makes the mate uneconomical", "[compose]") {
  // The queen and king model mate plus Ra1, which touches no field square and pins nothing.
  const MateFeatures f = mate_features(mate("7k/6Q1/5K2/8/8/8/8/R7 b - - 0 1"));
  CHECK(f.pure);
  CHECK_FALSE(f.economical);
  CHECK_FALSE(f.model);
  CHECK_FALSE(f.pin);
}

TEST_CASE("a guarded self-block makes the mate impure", "[compose]") {
  // The epaulette mate plus Ba5, which guards the self-blocking rook on d8.
  const MateFeatures f = mate_features(mate("3rkr2/8/4Q3/B7/8/8/8/K7 b - - 0 1"));
  CHECK_FALSE(f.pure);
  CHECK(f.economical);  // the bishop does attack a field square
  CHECK_FALSE(f.model);
  CHECK_FALSE(f.pin);
}

TEST_CASE("pin mates", "[compose]") {
  SECTION("a pinned knight that could interpose; the pinner also guards the self-block") {
    // Ra8 checks Kg8; Nf7 could block on d8 but Bd5 pins it, and Bd5 attacks f7.
    const MateFeatures f = mate_features(mate("R5k1/5npp/8/3B4/8/8/8/K7 b - - 0 1"));
    CHECK(f.pin);
    CHECK_FALSE(f.pure);
    CHECK(f.economical);
    CHECK_FALSE(f.model);
  }
  SECTION("a model pin mate where the pinner touches no field square") {
    // Rd8 checks Kh8, Bd3 covers h7, Rh1 pins Nh6 (which could otherwise block on g8).
    const MateFeatures f = mate_features(mate("3R3k/6p1/7n/8/8/3B4/8/K6R b - - 0 1"));
    CHECK(f.pin);
    CHECK(f.pure);
    CHECK(f.economical);  // Rh1 takes part only by pinning
    CHECK(f.model);
  }
}

TEST_CASE("king flights", "[compose]") {
  // White Ke4 in check from Rh4; Nd5 is defended by Pc6.
  const Position pos = read_fen("k7/8/2p5/3n4/4K2r/3P4/8/8 w - - 0 1");
  SECTION("the king in check") {
    // d3 own pawn; e3 and f4 by the knight; d4 by the rook through the king; d5 defended.
    const Bitboard flights = king_flights(pos, White);
    CHECK(popcount(flights) == 3);
    CHECK(flights == squares({sq::f3, sq::e5, sq::f5}));
  }
  SECTION("the side not to move") {
    const Bitboard flights = king_flights(pos, Black);
    CHECK(flights == squares({sq::a7, sq::b7, sq::b8}));
  }
  SECTION("an undefended enemy unit may be captured") {
    const Position open = read_fen("k7/8/8/3n4/4K2r/3P4/8/8 w - - 0 1");
    CHECK(king_flights(open, White) == squares({sq::f3, sq::d5, sq::e5, sq::f5}));
  }
}
