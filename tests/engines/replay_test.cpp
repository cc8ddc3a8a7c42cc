// Replaying game records: the real games in puzzles/orthodox end legal in checkmate; illegal
// moves (main line and variations) and false result claims are reported with their place.

#include <catch2/catch.hpp>

#include <string>

#include "rules/core/fen.h"
#include "rules/notation/pgn.h"
#include "solver/variants/orthodox_replay.h"
#include "solver/replay/diagram.h"
#include "solver/replay/replay.h"
#include "solver/variants/registry.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

ReplayReport replay_text(const std::string& pgn) {
  auto games = read_pgn(pgn, "r.pgn");
  REQUIRE(games.size() == 1);
  return replay_orthodox(games[0]);
}

ReplayReport replay_puzzle(const std::string& name) {
  const std::string path = std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox/" + name;
  auto games = read_pgn(test::read_text_file(path), path);
  REQUIRE(games.size() == 1);
  return replay_orthodox(games[0]);
}

}  // namespace

TEST_CASE("replay: the referee text's scholar's mate, with its variation 3. Qf3", "[replay]") {
  auto r = replay_puzzle("scholars-mate-referee.pgn");
  CHECK(r.legal());
  CHECK(r.plies == 7);
  CHECK(r.variation_plies == 1);
  CHECK(r.status == GameStatus::Checkmate);
  CHECK(r.result == "1-0");
  CHECK(r.fen == "rnbqkbnr/1ppp1Qp1/7p/p3p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
}

TEST_CASE("replay: famous games end legal in checkmate", "[replay]") {
  struct Case {
    const char* file;
    int plies;
    const char* fen;
  };
  const Case cases[] = {
      {"opera-game-1858.pgn", 33, "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"},
      {"immortal-game-1851.pgn", 45, "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23"},
      {"evergreen-game-1852.pgn", 47, "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24"},
  };
  for (const auto& c : cases) {
    INFO(c.file);
    auto r = replay_puzzle(c.file);
    CHECK(r.legal());
    CHECK(r.errors.empty());
    CHECK(r.plies == c.plies);
    CHECK(r.status == GameStatus::Checkmate);
    CHECK(r.fen == c.fen);
  }
}

TEST_CASE("replay: the referee text's notation (long algebraic, ellipsis) replays", "[replay]") {
  auto r = replay_text("1. e2-e4 e7-e5 2. Bf1-c4 h7-h6? 3. Qd1-h5 ... 3. ... a7-a5?? 4. Qh5xf7# 1-0");
  CHECK(r.legal());
  CHECK(r.status == GameStatus::Checkmate);
}

TEST_CASE("replay: an illegal main-line move stops the line and is located", "[replay]") {
  auto r = replay_text("[Event \"x\"]\n\n1. e4 e5 2. Ke2 Ke7\n3. Kd3 Qh4 *");
  CHECK_FALSE(r.legal());
  CHECK(r.plies == 5);
  REQUIRE(r.errors.size() == 1);
  const ReplayError& e = *r.first_error();
  CHECK(e.ply == 6);
  CHECK(e.move == "Qh4");
  CHECK(e.reason == "illegal move Qh4: no black queen can move to h4");
  CHECK(e.where.file == "r.pgn");
  CHECK(e.where.line == 4);
  CHECK(e.where.column == 8);
  CHECK_FALSE(e.in_variation);
  CHECK_FALSE(e.result_claim);
  CHECK(r.fen == "rnbq1bnr/ppppkppp/8/4p3/4P3/3K4/PPPP1PPP/RNBQ1BNR b - - 3 3");  // before the illegal move
}

TEST_CASE("replay: the referee text's pinned-queen example from a FEN tag", "[replay]") {
  auto r = replay_text("[SetUp \"1\"]\n[FEN \"k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1\"]\n\n1. Ke1-d1 *");
  CHECK_FALSE(r.legal());
  CHECK(r.plies == 0);
  REQUIRE(r.first_error());
  CHECK(r.first_error()->predicate == std::optional<std::string>("king-not-left-guarded"));
  CHECK(r.first_error()->reason ==
        "illegal move Ke1-d1: it would leave the mover's king on a guarded square (predicate king-not-left-guarded)");
  CHECK(r.fen == "k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1");

  auto ok = replay_text("[FEN \"k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1\"]\n\n1. Kf2 Kb7 2. Kf3 *");
  CHECK(ok.legal());
  CHECK(ok.plies == 3);
}

TEST_CASE("replay: variation moves are checked from their branch point", "[replay]") {
  // 3. Nd4 is fine; the variation 3. Nbd2 is not (the pawn stands on d2); the main line goes on.
  auto r = replay_text("1. e4 e5 2. Nf3 Nc6 3. Nd4 (3. Nbd2 d6) (3. Bc4 Nf6 (3... Bc5 4. O-O)) exd4 *");
  CHECK_FALSE(r.legal());
  CHECK(r.plies == 6);
  CHECK(r.variation_plies == 4);  // Bc4 Nf6, Bc5 O-O
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].in_variation);
  CHECK(r.errors[0].ply == 5);
  CHECK(r.errors[0].move == "Nbd2");
  CHECK(r.errors[0].where.column == 32);
  CHECK(r.fen == "r1bqkbnr/pppp1ppp/2n5/8/3pP3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4");

  auto legal = replay_text("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 (2. f4 exf4) *");
  CHECK(legal.legal());
  CHECK(legal.plies == 3);
  CHECK(legal.variation_plies == 7);
}

TEST_CASE("replay: errors in a variation and in the main line come in file order", "[replay]") {
  auto r = replay_text("1. e4 (1. e5) 1... e5 2. Ke3 *");
  REQUIRE(r.errors.size() == 2);
  CHECK(r.errors[0].move == "e5");
  CHECK(r.errors[0].in_variation);
  CHECK(r.errors[1].move == "Ke3");
  CHECK_FALSE(r.errors[1].in_variation);
  CHECK(r.plies == 2);
}

TEST_CASE("replay: a result claim must agree with a checkmate or stalemate on the board", "[replay]") {
  const std::string mate = "1. e4 e5 2. Bc4 h6 3. Qh5 a5 4. Qxf7# ";
  CHECK(replay_text(mate + "1-0").legal());
  CHECK(replay_text(mate + "*").legal());  // no claim made
  auto wrong = replay_text(mate + "0-1");
  CHECK_FALSE(wrong.legal());
  REQUIRE(wrong.first_error());
  CHECK(wrong.first_error()->result_claim);
  CHECK(wrong.first_error()->move == "0-1");
  CHECK(wrong.first_error()->reason == "false result claim: after the last move Black is checkmated, so the result is 1-0");
  CHECK(wrong.first_error()->where.column == 39);
  CHECK(wrong.plies == 7);
  CHECK_FALSE(replay_text(mate + "1/2-1/2").legal());

  // Fool's mate: White is mated, so only 0-1 may be claimed.
  CHECK(replay_text("1. f3 e5 2. g4 Qh4# 0-1").legal());
  CHECK_FALSE(replay_text("1. f3 e5 2. g4 Qh4# 1-0").legal());

  // A resignation: 1-0 with no mate on the board is fine.
  CHECK(replay_text("1. e4 e5 2. Qh5 1-0").legal());

  // Stalemate (the Black king on a8 has no move): a draw, not a win.
  auto drawn = replay_text("[FEN \"k7/8/8/2Q5/8/8/8/4K3 w - - 0 1\"]\n\n1. Qb6 1/2-1/2");
  CHECK(drawn.legal());
  CHECK(drawn.status == GameStatus::Stalemate);
  auto claimed_win = replay_text("[FEN \"k7/8/8/2Q5/8/8/8/4K3 w - - 0 1\"]\n\n1. Qb6 1-0");
  CHECK_FALSE(claimed_win.legal());
  CHECK_THAT(claimed_win.first_error()->reason, Catch::Contains("stalemated"));
}

TEST_CASE("replay: status reports check and ongoing", "[replay]") {
  CHECK(replay_text("1. e4 f5 2. Qh5+ *").status == GameStatus::Check);
  CHECK(replay_text("1. e4 *").status == GameStatus::Ongoing);
  CHECK(replay_text("*").plies == 0);
}

TEST_CASE("replay: bad set-ups and garbled moves are bad input, not verdicts", "[replay]") {
  CHECK_THROWS_AS(replay_text("[SetUp \"1\"]\n\n1. e4 *"), ParseError);
  // An unknown [Variant] is bad input, reported at the tag by the variant registry.
  try {
    find_variant("Atomic", {"x.pgn", 1, 11});
    FAIL("an unknown variant must be rejected");
  } catch (const ParseError& e) {
    CHECK(e.where().column == 11);
    CHECK_THAT(e.message(), Catch::Contains("unknown variant 'Atomic'"));
  }
  CHECK(find_variant("Standard").name == "orthodox");
  CHECK(find_variant("").name == "orthodox");
  CHECK(replay_text("[Variant \"Standard\"]\n\n1. e4 *").legal());
  try {
    replay_text("1. e4 e5 2. Nf3 Nz6 *");
    FAIL("no error");
  } catch (const IllegalMoveError&) {
    FAIL("garbled text is not an illegal move");
  } catch (const ParseError& e) {
    CHECK(e.where().column == 18);
  }
}

TEST_CASE("board diagram in the referee text's style", "[replay]") {
  const std::string diagram = board_diagram(read_fen("k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1"));
  CHECK(diagram ==
        "    a b c d e f g h\n"
        "  +-----------------+\n"
        "8 | k . . q . . . R | 8\n"
        "7 | . . . . . . . . | 7\n"
        "6 | . . . . . . . . | 6\n"
        "5 | . . . . . . . . | 5\n"
        "4 | . . . . . . . . | 4\n"
        "3 | . . . . . . . . | 3\n"
        "2 | . . . . . . . . | 2\n"
        "1 | B . . . K . . . | 1\n"
        "  +-----------------+\n"
        "    a b c d e f g h\n");
}

TEST_CASE("replay: wrong capture, check and mate signs are warnings, not illegal moves", "[replay]") {
  const ReplayReport r = replay_text("1. e4 e5 2. Nf3+ Nc6 3. Bxb5 Nf6 4. O-O Nxe4 5. Re1 Nd6 6. Nxe5 Be7 7. Bf1 Nxe5 8. Rxe5 O-O 9. d4 Bf6 10. Re1 Re8 11. c3 Rxe1 12. Qxe1 *");
  REQUIRE(r.legal());
  REQUIRE(r.warnings.size() == 2);
  CHECK(r.warnings[0].ply == 3);
  CHECK(r.warnings[0].move == "Nf3+");
  CHECK_THAT(r.warnings[0].message, Catch::Contains("marked '+' but gives no check (standard spelling: Nf3)"));
  CHECK(r.warnings[1].ply == 5);
  CHECK_THAT(r.warnings[1].message, Catch::Contains("marked 'x' but captures nothing (standard spelling: Bb5)"));

  // The scholar's mate without its '#', and a check without '+'.
  const ReplayReport unmarked = replay_text("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0");
  REQUIRE(unmarked.legal());
  REQUIRE(unmarked.warnings.size() == 1);
  CHECK_THAT(unmarked.warnings[0].message, Catch::Contains("checkmates but is not marked '#'"));
  const ReplayReport check = replay_text("1. e4 f5 2. Qh5 *");
  REQUIRE(check.warnings.size() == 1);
  CHECK_THAT(check.warnings[0].message, Catch::Contains("gives check but is not marked '+' (standard spelling: Qh5+)"));
  CHECK(replay_text("1. e4 f5 2. Qh5+ *").warnings.empty());
}
