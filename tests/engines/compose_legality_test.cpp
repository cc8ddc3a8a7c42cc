// The problem editor's legality checks: a position failing each check (and only that one), legal
// problem positions, the boundaries of the unit and capture counts, and the least number of
// pawn captures checked against an exhaustive search over starting files.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/fen.h"
#include "solver/compose/legality.h"

using namespace arbiter;
using arbiter::compose::first_illegality;

namespace {

// The FEN reader with its own legality checks off, so every check here can be reached.
Position diagram(std::string_view fen) {
  return read_fen(fen, {"<test>", 1, 1}, FenOptions{.orthodox_legality = false, .castling_needs_pieces = false});
}

std::string failed_check(std::string_view fen) {
  const auto illegality = first_illegality(diagram(fen));
  return illegality ? illegality->check : "none";
}

std::string failure_detail(std::string_view fen) {
  const auto illegality = first_illegality(diagram(fen));
  return illegality ? illegality->detail : "";
}

}  // namespace

TEST_CASE("legality checks are named in the order they are applied", "[compose]") {
  const std::vector<std::string> expected = {"kings",      "side-not-to-move-in-check", "pawn-on-back-rank",
                                             "pawn-count", "promoted-units",            "pawn-captures",
                                             "castling-rights", "en-passant"};
  CHECK(compose::legality_check_names() == expected);
}

TEST_CASE("legal problem positions pass every check", "[compose]") {
  CHECK_FALSE(first_illegality(Position::start()).has_value());
  // Castling both ways for both sides and an en passant capture available on e6.
  CHECK(failed_check("r3k2r/pp1b1ppp/2n5/3Pp3/8/2N5/PPP2PPP/R3K2R w KQkq e6 0 1") == "none");
  // Black's en passant square on the third rank after c2-c4.
  CHECK(failed_check("4k3/8/8/8/1pP5/8/8/4K3 b - c3 0 1") == "none");
  // A mate-in-two-like setting with two promoted queens: six white pawns, two of them captured
  // once (b3 from a or c, g4 from f or h), and Black missing far more than two units.
  CHECK(failed_check("1k6/8/1K6/8/3P2P1/1P6/P3P2P/QQQ5 w - - 0 1") == "none");
  // Black to move may be in check.
  CHECK(failed_check("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1") == "none");
}

TEST_CASE("kings: exactly one king of each colour", "[compose]") {
  CHECK(failed_check("8/8/8/8/8/8/8/4K3 w - - 0 1") == "kings");
  CHECK(failure_detail("8/8/8/8/8/8/8/4K3 w - - 0 1") == "Black has 0 kings; exactly one is needed");
  CHECK(failed_check("4k3/8/8/8/8/8/8/K3K3 w - - 0 1") == "kings");
  CHECK(failure_detail("4k3/8/8/8/8/8/8/K3K3 w - - 0 1") == "White has 2 kings; exactly one is needed");
  // Built square by square, without the FEN reader.
  Position pos;
  pos.put_piece(make_piece(White, King), sq::e1);
  pos.put_piece(make_piece(Black, King), sq::e8);
  CHECK_FALSE(first_illegality(pos).has_value());
  pos.put_piece(make_piece(Black, King), sq::a8);
  REQUIRE(first_illegality(pos).has_value());
  CHECK(first_illegality(pos)->check == "kings");
}

TEST_CASE("side-not-to-move-in-check: the side that just moved cannot be in check", "[compose]") {
  CHECK(failed_check("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1") == "side-not-to-move-in-check");
  CHECK(failure_detail("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1") == "Black is in check with White to move");
  CHECK(failed_check("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1") == "side-not-to-move-in-check");
  CHECK(failed_check("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1") == "none");
}

TEST_CASE("pawn-on-back-rank: no pawn on the first or last rank", "[compose]") {
  CHECK(failed_check("4k3/8/8/8/8/8/8/P3K3 w - - 0 1") == "pawn-on-back-rank");
  CHECK(failure_detail("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").find("White pawn stands on a1") != std::string::npos);
  CHECK(failed_check("4k2p/8/8/8/8/8/8/4K3 w - - 0 1") == "pawn-on-back-rank");
  CHECK(failure_detail("4k2p/8/8/8/8/8/8/4K3 w - - 0 1").find("Black pawn stands on h8") != std::string::npos);
}

TEST_CASE("pawn-count: at most 8 pawns per side", "[compose]") {
  CHECK(failed_check("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1") == "pawn-count");
  CHECK(failure_detail("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1") == "White has 9 pawns");
  CHECK(failed_check("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1") == "pawn-count");
  CHECK(failure_detail("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1") == "Black has 9 pawns");
}

TEST_CASE("promoted-units: units beyond the initial set need missing pawns", "[compose]") {
  SECTION("eight pawns and the initial set pass; a second queen fails") {
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1") == "none");
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1") == "promoted-units");
    CHECK(failure_detail("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1") ==
          "White has 1 unit beyond the initial set but only 0 pawns missing to have promoted");
  }
  SECTION("eight pawns and two extra queens fail") {
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1") == "promoted-units");
  }
  SECTION("seven pawns allow one promoted unit, not two") {
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1") == "none");
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1") == "promoted-units");
  }
  SECTION("bishops count by the colour of their squares") {
    // c1 is dark, f1 light: the initial pair.
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1") == "none");
    // c1 and a3 are both dark; f1 and a6 both light.
    CHECK(failed_check("4k3/8/8/8/8/B7/PPPPPPPP/2B1K3 w - - 0 1") == "promoted-units");
    CHECK(failed_check("4k3/8/B7/8/8/8/PPPPPPPP/4KB2 w - - 0 1") == "promoted-units");
    // a6 and c1: one of each colour.
    CHECK(failed_check("4k3/8/B7/8/8/8/PPPPPPPP/2B1K3 w - - 0 1") == "none");
  }
  SECTION("each kind of piece has its own allowance") {
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1") == "promoted-units");
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1") == "promoted-units");
    CHECK(failed_check("rrr1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1") == "promoted-units");
    CHECK(failure_detail("rrr1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1").rfind("Black has 1 unit", 0) == 0);
  }
}

TEST_CASE("pawn-captures: the pawns' captures are at most the opponent's missing units", "[compose]") {
  SECTION("doubled pawns on a2 and a3: the a3 pawn came from the b-file with one capture") {
    CHECK(failed_check("rnbqkbnr/pppppppp/8/8/8/P7/P7/4K3 w - - 0 1") == "pawn-captures");
    CHECK(failure_detail("rnbqkbnr/pppppppp/8/8/8/P7/P7/4K3 w - - 0 1") ==
          "White's pawns need at least 1 capture but Black has only 0 units missing");
    CHECK(failed_check("rnbqkbn1/pppppppp/8/8/8/P7/P7/4K3 w - - 0 1") == "none");
  }
  SECTION("two captures needed: one missing unit fails, two pass") {
    // a2/a3 and h2/h3: one capture for each doubled pair.
    CHECK(failed_check("rnbqkbn1/pppppppp/8/8/8/P6P/P6P/4K3 w - - 0 1") == "pawn-captures");
    CHECK(failure_detail("rnbqkbn1/pppppppp/8/8/8/P6P/P6P/4K3 w - - 0 1") ==
          "White's pawns need at least 2 captures but Black has only 1 unit missing");
    CHECK(failed_check("rnbqkb2/pppppppp/8/8/8/P6P/P6P/4K3 w - - 0 1") == "none");
  }
  SECTION("a pawn on rank r has captured at most r-2 times") {
    // a2 and b2 hold the a- and b-files; a3 could only come from c2 with two captures.
    CHECK(failed_check("4k3/8/8/8/8/P7/PP6/4K3 w - - 0 1") == "pawn-captures");
    CHECK(failure_detail("4k3/8/8/8/8/P7/PP6/4K3 w - - 0 1") ==
          "White's pawns (and promoted units) cannot all have come from different files");
    // On a4 it can: two captures.
    CHECK(failed_check("rnbqkb2/pppppppp/8/8/P7/8/PP6/4K3 w - - 0 1") == "none");
    CHECK(failed_check("rnbqkbn1/pppppppp/8/8/P7/8/PP6/4K3 w - - 0 1") == "pawn-captures");
  }
  SECTION("the least assignment over all pawns, not the nearest file for each pawn in turn") {
    // a2, b2, d2 hold their files; d3 comes from c or e (one capture each), b6 from c (one) or
    // e (three). d3 from e and b6 from c: two captures, where d3 from c would force four.
    CHECK(failed_check("rnbqkb2/pppppppp/1P6/8/8/3P4/PP1P4/4K3 w - - 0 1") == "none");
    CHECK(failure_detail("rnbqkbn1/pppppppp/1P6/8/8/3P4/PP1P4/4K3 w - - 0 1") ==
          "White's pawns need at least 2 captures but Black has only 1 unit missing");
  }
  SECTION("Black's pawns count from rank 7") {
    CHECK(failed_check("4k3/7p/7p/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1") == "pawn-captures");
    CHECK(failure_detail("4k3/7p/7p/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1") ==
          "Black's pawns need at least 1 capture but White has only 0 units missing");
    CHECK(failed_check("4k3/7p/7p/8/8/8/PPPPPPPP/RNBQKBN1 b - - 0 1") == "none");
  }
  SECTION("promoted units take a file of their own") {
    // Seven pawns on seven files and one extra queen: the h-file is left for it.
    CHECK(failed_check("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1") == "none");
  }
}

TEST_CASE("castling-rights: each right needs its king and rook at home", "[compose]") {
  CHECK(failed_check("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1") == "castling-rights");
  CHECK(failure_detail("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1") ==
        "castling right 'K' needs the White king on e1 and a White rook on h1");
  CHECK(failed_check("r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1") == "none");
  // The king off e1 voids both of White's rights.
  CHECK(failed_check("4k3/8/8/8/8/8/8/R2K3R w Q - 0 1") == "castling-rights");
  // A rook of the wrong colour on the corner does not count.
  CHECK(failed_check("r3k2R/8/8/8/8/8/8/4K3 b k - 0 1") == "castling-rights");
  CHECK(failure_detail("r3k2R/8/8/8/8/8/8/4K3 b k - 0 1") ==
        "castling right 'k' needs the Black king on e8 and a Black rook on h8");
  CHECK(failed_check("1r2k3/8/8/8/8/8/8/4K3 w q - 0 1") == "castling-rights");
}

TEST_CASE("en-passant: the square a pawn of the side that just moved passed over", "[compose]") {
  const std::string board = "4k3/8/8/4pP2/8/8/8/4K3 w - ";
  CHECK(failed_check(board + "e6 0 1") == "none");
  // No pawn in front of the square.
  CHECK(failed_check(board + "d6 0 1") == "en-passant");
  CHECK(failure_detail(board + "d6 0 1") ==
        "en passant square d6 needs an empty d6 on the sixth rank, an empty square behind it and a Black pawn "
        "just moved two squares past it");
  // The wrong rank for White to move.
  CHECK(failed_check(board + "e3 0 1") == "en-passant");
  // The pawn's start square is occupied.
  CHECK(failed_check("4kb2/4n3/8/4pP2/8/8/8/4K3 w - e6 0 1") == "en-passant");
  // The square itself is occupied.
  CHECK(failed_check("4k3/8/4n3/4pP2/8/8/8/4K3 w - e6 0 1") == "en-passant");
  // The pawn in front belongs to the side to move.
  CHECK(failed_check("4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1") == "en-passant");
  // Black to move: the square is on the third rank.
  CHECK(failed_check("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1") == "none");
  CHECK(failed_check("4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1") == "en-passant");
}

TEST_CASE("the least pawn captures agree with an exhaustive search over starting files", "[compose]") {
  // White pawns at random on ranks 2..6 (on ranks 2..3 in every other trial, where starting
  // files run out more often); Black has its king on e8, then pieces from its initial
  // back rank and pawns on rank 7 up to u units. The verdict must be "none" exactly when the
  // exhaustive least number of captures is at most 16 - u, else "pawn-captures".
  std::mt19937 rng(20240611);
  const char back_rank[8] = {'r', 'n', 'b', 'q', 'k', 'b', 'n', 'r'};
  const int piece_files[7] = {0, 7, 1, 6, 2, 5, 3};  // order in which Black's pieces are added
  int feasible = 0, infeasible = 0, boundaries_crossed = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + int(rng() % 8);
    const int ranks = trial % 2 ? 5 : 2;
    std::vector<Square> squares;
    while (int(squares.size()) < n) {
      const Square s = make_square(int(rng() % 8), 1 + int(rng() % ranks));
      if (std::find(squares.begin(), squares.end(), s) == squares.end()) squares.push_back(s);
    }
    // Exhaustive: every assignment of distinct starting files (the first n of a permutation).
    std::optional<int> least;
    std::array<int, 8> files = {0, 1, 2, 3, 4, 5, 6, 7};
    do {
      int cost = 0;
      bool ok = true;
      for (int i = 0; i < n && ok; ++i) {
        const int d = std::abs(file_of(squares[i]) - files[i]);
        ok = d <= rank_of(squares[i]) - 1;
        cost += d;
      }
      if (ok && (!least || cost < *least)) least = cost;
    } while (std::next_permutation(files.begin(), files.end()));
    (least ? feasible : infeasible)++;

    for (int units = 1; units <= 16; ++units) {
      Position pos;
      pos.put_piece(make_piece(White, King), sq::e1);
      for (Square s : squares) pos.put_piece(make_piece(White, Pawn), s);
      pos.put_piece(make_piece(Black, King), sq::e8);
      const int pieces = std::min(units - 1, 7);
      for (int i = 0; i < pieces; ++i)
        pos.put_piece(piece_from_char(back_rank[piece_files[i]]), make_square(piece_files[i], 7));
      for (int f = 0; f < units - 1 - pieces; ++f) pos.put_piece(make_piece(Black, Pawn), make_square(f, 6));
      pos.set_side_to_move(Black);

      const bool passes = least && *least <= 16 - units;
      const auto illegality = first_illegality(pos);
      INFO("trial " << trial << ", " << units << " Black units, least " << (least ? *least : -1));
      if (passes) {
        CHECK_FALSE(illegality.has_value());
      } else {
        REQUIRE(illegality.has_value());
        CHECK(illegality->check == "pawn-captures");
      }
      if (least && *least == 16 - units) ++boundaries_crossed;
    }
  }
  // The random structures must exercise both outcomes and the exact boundary.
  CHECK(feasible > 20);
  CHECK(infeasible > 20);
  CHECK(boundaries_crossed > 20);
}
