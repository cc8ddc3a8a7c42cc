// SAN writing (exact strings for the tricky cases) and reading (lenient spellings, the
// round trip over every legal move of many positions, and errors that say why).

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/movegen.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

// The SAN of the legal move given in UCI spelling.
std::string san_of(const std::string& fen, const std::string& uci) {
  Position pos = read_fen(fen);
  auto move = parse_uci(pos, uci);
  REQUIRE(move.has_value());
  return to_san(pos, *move);
}

// The UCI spelling of what `san` means in the position.
std::string uci_of(const std::string& fen, const std::string& san) {
  Position pos = read_fen(fen);
  return to_uci(parse_san(pos, san));
}

// All legal moves in SAN, sorted.
std::set<std::string> all_san(const std::string& fen) {
  Position pos = read_fen(fen);
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  std::set<std::string> out;
  for (Move m : moves) out.insert(to_san(pos, m));
  return out;
}

// Every legal move's SAN reads back as that move, and no two moves share a SAN.
void check_round_trip(const Position& pos) {
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  std::set<std::string> seen;
  for (Move m : moves) {
    const std::string san = to_san(pos, m);
    INFO(write_fen(pos) << "  " << to_uci(m) << " -> " << san);
    CHECK(seen.insert(san).second);
    CHECK(parse_san(pos, san) == m);
    // The check mark is right: '+' or '#' exactly when the move gives check, '#' when mate.
    Position after = pos;
    after.make(m);
    const bool check = after.in_check();
    const bool mate = check && orthodox::count_legal(after) == 0;
    CHECK((san.back() == '+') == (check && !mate));
    CHECK((san.back() == '#') == mate);
  }
}

const std::string Start{StartFen};
const std::string TwoKnights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";       // Nb1, Nf1 both reach d2
const std::string TwoRooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";          // Ra1, Ra5 both reach a3
const std::string ThreeQueens = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";     // Qa1, Qc1, Qa3 all reach b2
const std::string Promotion = "1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1";        // c7 pawn, rook b8 to take
const std::string EnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";       // exd6 e.p.
const std::string CastleCheck = "5k2/8/8/8/8/8/8/4K2R w K - 0 1";         // O-O gives check from f1
const std::string LongCastleCheck = "r3k3/8/8/8/8/8/8/3K4 b q - 0 1";     // O-O-O gives check from d8
const std::string ScholarBeforeMate = "rnbqkbnr/1ppp1pp1/7p/p3p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4";
// The referee text's example: Black's queen d8 is pinned by Rh8 yet guards d1.
const std::string RefereePin = "k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1";

}  // namespace

TEST_CASE("to_san: pawn moves, piece moves and captures in the start position", "[san]") {
  CHECK(san_of(Start, "e2e4") == "e4");
  CHECK(san_of(Start, "g1f3") == "Nf3");
  CHECK(all_san(Start).size() == 20);
  CHECK(all_san(Start).count("Na3") == 1);
  CHECK(san_of("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5") == "exd5");
}

TEST_CASE("to_san: disambiguation by file, by rank, and by both", "[san]") {
  CHECK(san_of(TwoKnights, "b1d2") == "Nbd2");
  CHECK(san_of(TwoKnights, "f1d2") == "Nfd2");
  CHECK(san_of(TwoKnights, "b1c3") == "Nc3");  // only one knight reaches c3
  CHECK(san_of(TwoRooks, "a1a3") == "R1a3");
  CHECK(san_of(TwoRooks, "a5a3") == "R5a3");
  CHECK(san_of(TwoRooks, "a1b1") == "Rb1");
  CHECK(san_of(ThreeQueens, "a1b2") == "Qa1b2");  // shares the file with Qa3 and the rank with Qc1
  CHECK(san_of(ThreeQueens, "c1b2") == "Qcb2");   // the file is enough
  CHECK(san_of(ThreeQueens, "a3b2") == "Q3b2");   // the a-file is shared, the rank is not
}

TEST_CASE("to_san: a pinned rival does not cause disambiguation", "[san]") {
  // Knights b3 and e2 both reach d4 by their movement, but e2 is pinned by the rook on e8:
  // only one knight can legally go there, so SAN says just "Nd4".
  const std::string fen = "4r1k1/8/8/8/8/1N6/4N3/4K3 w - - 0 1";
  CHECK(san_of(fen, "b3d4") == "Nd4");
}

TEST_CASE("to_san: promotions, with capture and check", "[san]") {
  CHECK(san_of(Promotion, "c7b8q") == "cxb8=Q+");
  CHECK(san_of(Promotion, "c7b8n") == "cxb8=N");
  CHECK(san_of(Promotion, "c7c8q") == "c8=Q+");
  CHECK(san_of(Promotion, "c7c8r") == "c8=R+");
  CHECK(san_of(Promotion, "c7c8b") == "c8=B");
}

TEST_CASE("to_san: castling, with check", "[san]") {
  CHECK(san_of(CastleCheck, "e1g1") == "O-O+");
  CHECK(san_of(LongCastleCheck, "e8c8") == "O-O-O+");
  CHECK(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1") == "O-O-O");
}

TEST_CASE("to_san: en passant and checkmate marks", "[san]") {
  CHECK(san_of(EnPassant, "e5d6") == "exd6");
  CHECK(san_of(ScholarBeforeMate, "h5f7") == "Qxf7#");
  CHECK(san_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8") == "Ra8#");
  CHECK(san_of("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1", "a1a8") == "Ra8+");  // h7 is free
}

TEST_CASE("parse_san: standard and lenient spellings", "[san]") {
  CHECK(uci_of(Start, "e4") == "e2e4");
  CHECK(uci_of(Start, "e2-e4") == "e2e4");
  CHECK(uci_of(Start, "e2e4") == "e2e4");
  CHECK(uci_of(Start, "Pe4") == "e2e4");
  CHECK(uci_of(Start, "Ng1-f3") == "g1f3");
  CHECK(uci_of(Start, "Ngf3") == "g1f3");    // over-disambiguated
  CHECK(uci_of(Start, "N1f3") == "g1f3");
  CHECK(uci_of(Start, "Nf3!") == "g1f3");
  CHECK(uci_of(Start, "Nf3?!") == "g1f3");
  CHECK(uci_of(Start, "e4!!") == "e2e4");
  CHECK(uci_of(Start, " e4 ") == "e2e4");
  CHECK(uci_of(TwoKnights, "Nbd2") == "b1d2");
  CHECK(uci_of(TwoKnights, "Nb1-d2") == "b1d2");
  CHECK(uci_of(ThreeQueens, "Qa1b2") == "a1b2");
  CHECK(uci_of(ThreeQueens, "Qa1xb2") == "a1b2");
  CHECK(uci_of(ThreeQueens, "Q3b2") == "a3b2");
  CHECK(uci_of(ThreeQueens, "Qcb2") == "c1b2");
  CHECK(uci_of(ScholarBeforeMate, "Qxf7#") == "h5f7");
  CHECK(uci_of(ScholarBeforeMate, "Qxf7+") == "h5f7");  // a weaker mark is tolerated
  CHECK(uci_of(ScholarBeforeMate, "Qh5xf7") == "h5f7");
  CHECK(uci_of(ScholarBeforeMate, "Qh5:f7") == "h5f7");
}

TEST_CASE("parse_san: castling in its spellings", "[san]") {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(uci_of(fen, "O-O") == "e1g1");
  CHECK(uci_of(fen, "0-0") == "e1g1");
  CHECK(uci_of(fen, "O-O-O") == "e1c1");
  CHECK(uci_of(fen, "0-0-0") == "e1c1");
  CHECK(uci_of(CastleCheck, "O-O+") == "e1g1");
  CHECK(uci_of(LongCastleCheck, "0-0-0+") == "e8c8");
}

TEST_CASE("parse_san: promotions with and without '=', lower-case letters", "[san]") {
  CHECK(uci_of(Promotion, "cxb8=Q+") == "c7b8q");
  CHECK(uci_of(Promotion, "cxb8Q") == "c7b8q");
  CHECK(uci_of(Promotion, "cxb8=q") == "c7b8q");
  CHECK(uci_of(Promotion, "cxb8n") == "c7b8n");
  CHECK(uci_of(Promotion, "c8=R") == "c7c8r");
  CHECK(uci_of(Promotion, "c8b") == "c7c8b");   // after a whole square, b can only be a bishop
  CHECK(uci_of(Promotion, "c8=b") == "c7c8b");
  CHECK(uci_of(Promotion, "c7-c8=N") == "c7c8n");
  CHECK(uci_of(Promotion, "c7xb8=B") == "c7b8b");
}

TEST_CASE("parse_san: en passant with its qualifiers", "[san]") {
  CHECK(uci_of(EnPassant, "exd6") == "e5d6");
  CHECK(uci_of(EnPassant, "exd6e.p.") == "e5d6");
  CHECK(uci_of(EnPassant, "exd6 e.p.") == "e5d6");
  CHECK(uci_of(EnPassant, "exd6ep") == "e5d6");
  CHECK(uci_of(EnPassant, "ed6") == "e5d6");
  CHECK(uci_of(EnPassant, "e5xd6") == "e5d6");
}

TEST_CASE("parse_san: ambiguous moves list the candidates", "[san]") {
  Position pos = read_fen(TwoKnights);
  try {
    parse_san(pos, "Nd2", {"game.pgn", 3, 7});
    FAIL("no error");
  } catch (const IllegalMoveError&) {
    FAIL("ambiguity is bad input, not an illegal move");
  } catch (const ParseError& e) {
    CHECK(e.message() == "ambiguous move Nd2: could be Nbd2 or Nfd2");
    CHECK(e.where().line == 3);
    CHECK(e.where().column == 7);
  }
  Position queens = read_fen(ThreeQueens);
  CHECK_THROWS_WITH(parse_san(queens, "Qb2"), Catch::Contains("could be Qa1b2, Qcb2 or Q3b2"));
  CHECK_THROWS_WITH(parse_san(queens, "Qab2"), Catch::Contains("could be Qa1b2 or Q3b2"));
}

TEST_CASE("parse_san: illegal moves name the rule that forbids them", "[san]") {
  auto illegal = [](const std::string& fen, const std::string& san) -> IllegalMoveError {
    Position pos = read_fen(fen);
    try {
      parse_san(pos, san, {"f.pgn", 2, 5});
    } catch (const IllegalMoveError& e) {
      return e;
    }
    FAIL("expected an illegal move: " << san);
    throw;
  };
  auto e = illegal(RefereePin, "Ke1-d1");
  CHECK(e.message() ==
        "illegal move Ke1-d1: it would leave the mover's king on a guarded square (predicate king-not-left-guarded)");
  CHECK(e.predicate() == std::optional<std::string>("king-not-left-guarded"));
  CHECK(e.where().column == 5);
  CHECK(illegal(RefereePin, "Kd1").message().find("king-not-left-guarded") != std::string::npos);

  CHECK(illegal(Start, "Nd2").message() == "illegal move Nd2: no white knight can move to d2");
  CHECK_FALSE(illegal(Start, "Nd2").predicate().has_value());
  CHECK(illegal(Start, "Qh5").message() == "illegal move Qh5: no white queen can move to h5");
  CHECK(illegal(Start, "e5").message() == "illegal move e5: no white pawn can move to e5");
  CHECK(illegal(Start, "exd3").message() == "illegal move exd3: no white pawn on the e-file can capture on d3");
  CHECK(illegal(Start, "Nb1-d2").message() == "illegal move Nb1-d2: no white knight on b1 can move to d2");
  CHECK(illegal(TwoKnights, "Bc4").message() == "illegal move Bc4: White has no bishop");
  CHECK(illegal(Start, "O-O").message() ==
        "illegal move O-O: the squares between the king and the rook are not empty (predicate castling-path-empty)");
  CHECK(illegal(TwoKnights, "O-O").predicate() == std::optional<std::string>("castling-right-held"));
  CHECK(illegal("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "O-O-O").predicate() ==
        std::optional<std::string>("castling-not-out-of-check"));
  CHECK(illegal("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "O-O-O").predicate() ==
        std::optional<std::string>("castling-path-empty"));
  CHECK(illegal("3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O").predicate() ==
        std::optional<std::string>("castling-squares-unguarded"));
  CHECK(illegal(Start, "e4=Q").message() == "illegal move e4=Q: only a pawn reaching the last rank promotes");
  // A pinned knight can reach the square by its movement: the predicate is named.
  CHECK(illegal("4r1k1/8/8/8/8/1N6/4N3/4K3 w - - 0 1", "Ned4").predicate() ==
        std::optional<std::string>("king-not-left-guarded"));
}

TEST_CASE("parse_san: garbled text is reported at the column where it goes wrong", "[san]") {
  auto garbled = [](const std::string& san, int column, const std::string& words) {
    Position pos = read_fen(Promotion);
    try {
      parse_san(pos, san, {"g.pgn", 4, 10});
      FAIL("expected an error for " << san);
    } catch (const IllegalMoveError& e) {
      FAIL("garbled text reported as illegal: " << e.what());
    } catch (const ParseError& e) {
      INFO(san << " -> " << e.what());
      CHECK(e.where().line == 4);
      CHECK(e.where().column == 10 + column - 1);
      CHECK_THAT(e.message(), Catch::Contains(words));
    }
  };
  garbled("", 1, "expected a move");
  garbled("Xe4", 1, "expected a piece letter (K, Q, R, B, N) or a pawn's file");
  garbled("nf3", 1, "found 'n'");
  garbled("Kz3", 2, "expected a destination square");
  garbled("e9", 2, "found '9'");
  garbled("Ke", 3, "found the end of the move");
  garbled("c8=", 4, "expected a promotion piece (Q, R, B or N) after '='");
  garbled("c8=K", 4, "expected a promotion piece (Q, R, B or N), found 'K'");
  garbled("c8", 3, "must promote");
  garbled("Kd2z", 4, "unexpected 'z'");
  garbled("Ke1-xd2", 5, "only one of '-', 'x' or ':'");
  garbled("O-O-O-O", 1, "expected castling O-O or O-O-O");
}

TEST_CASE("SAN round trip over every legal move of the perft positions and positions reached from them", "[san]") {
  int positions = 0;
  for (const auto& ref : test::standard_perft_suite()) {
    Position pos = read_fen(ref.fen);
    check_round_trip(pos);
    ++positions;
    MoveList<> moves;
    orthodox::generate_legal(pos, moves);
    for (Move m : moves) {  // and one ply later
      pos.make(m);
      check_round_trip(pos);
      pos.unmake();
      ++positions;
    }
  }
  CHECK(positions == 354);  // 15 positions and their 339 children
}

TEST_CASE("SAN round trip over positions from random play", "[san]") {
  const auto fens = test::sample_positions(20240527, 200);
  REQUIRE(fens.size() == 200);
  for (const auto& fen : fens) check_round_trip(read_fen(fen));
}
