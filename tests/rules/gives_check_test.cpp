// gives_check() and generate_legal_checks() decide check from bitboards without playing the
// move; both must agree with playing it and asking whether the opponent is in check.

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "rules/core/fen.h"
#include "rules/orthodox/movegen.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {


// Positions rich in checks: the perft references plus random play.
std::vector<std::string> positions() {
  std::vector<std::string> fens = test::sample_positions(0xC4EC4ULL, 1000);
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                          // discovered check by en passant, castling rook check, promotion checks
                          "8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1", "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
                          "3k4/1P3P2/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/4B3/r3K2R w K - 0 1"})
    fens.push_back(fen);
  return fens;
}

}  // namespace

TEST_CASE("gives_check agrees with playing the move", "[movegen][check]") {
  int checks = 0, moves = 0;
  for (const auto& fen : positions()) {
    Position pos = read_fen(fen);
    MoveList<> legal;
    orthodox::generate_legal(pos, legal);
    for (Move m : legal) {
      pos.make(m);
      const bool played_check = pos.in_check();
      pos.unmake();
      INFO(fen << " move " << square_name(m.from()) << square_name(m.to()));
      REQUIRE(orthodox::gives_check(pos, m) == played_check);
      checks += played_check;
      ++moves;
    }
  }
  CHECK(moves > 10000);
  CHECK(checks > 500);
}

TEST_CASE("generate_legal_checks lists exactly the legal checking moves", "[movegen][check]") {
  for (const auto& fen : positions()) {
    Position pos = read_fen(fen);
    MoveList<> legal, checking, expected;
    orthodox::generate_legal(pos, legal);
    for (Move m : legal) {
      pos.make(m);
      if (pos.in_check()) expected.push(m);
      pos.unmake();
    }
    orthodox::generate_legal_checks(pos, checking);
    INFO(fen);
    REQUIRE(test::sorted_raw(checking) == test::sorted_raw(expected));
  }
}

TEST_CASE("special checking moves are recognised", "[movegen][check]") {
  // en passant uncovering the rook on h5 against the king on b5
  Position ep = read_fen("8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1");
  CHECK(orthodox::gives_check(ep, Move(sq::e5, sq::d6, MoveKind::EnPassant)));
  // castling short: the rook lands on f1 and checks the king on f8
  Position castle = read_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(orthodox::gives_check(castle, Move(sq::e1, sq::g1, MoveKind::Castling)));
  // promotions on b8 and f8 against the king on d8: queen and rook check along the rank, knights do not
  Position promo = read_fen("3k4/1P3P2/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(orthodox::gives_check(promo, Move(sq::b7, sq::b8, MoveKind::Promotion, Queen)));
  CHECK_FALSE(orthodox::gives_check(promo, Move(sq::b7, sq::b8, MoveKind::Promotion, Knight)));
  CHECK(orthodox::gives_check(promo, Move(sq::f7, sq::f8, MoveKind::Promotion, Rook)));
  CHECK_FALSE(orthodox::gives_check(promo, Move(sq::f7, sq::f8, MoveKind::Promotion, Knight)));
}
