// The goals that follow men from the diagram (solver/stipulation/target.h): ct circuit, <>
// exchange, k kiss. Who is who is Position::origin, kept through captures, promotions, castling
// and en passant and undone with them; the searches' tables key it (Position::identity_key) where
// the goal asks, since two positions with the same men on the same squares may differ for it.
// Expected solutions: Popeye 4.104's (EXAMPLES/kiss.inp with REGRESSIONTESTS/kiss.ref,
// BEISPIEL/duplex.inp 14 with REGRESSIONTESTS/duplex.out of its suite, copied as test data; the
// positions built here, run live through Popeye 4.104 built outside the repository).

#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "rules/orthodox/movegen.h"
#include "solver/prover/solve.h"
#include "solver/stipulation/stipulation_form.h"
#include "solver/stipulation/target_reached.h"
#include "tests/support/kingless_solve.h"

using namespace arbiter;
using prover::Goal;

namespace {

using Set = std::set<std::string>;

Target target(const char* goal, const char* square = "") { return *target_of(goal, square); }

prover::Solution solved(const std::string& fen, Goal goal, const Target& t, int n, bool series = false) {
  return test::solve_kingless(fen, goal, t, n, series);
}

Position play(const std::string& fen, std::initializer_list<const char*> moves) {
  Position pos = read_fen(fen, {"test", 1, 1});
  for (const char* uci : moves) {
    MoveList<> legal;
    orthodox::generate_legal(pos, legal);
    bool found = false;
    for (const Move m : legal)
      if (to_uci(m) == uci) {
        pos.make(m);
        found = true;
        break;
      }
    REQUIRE(found);
  }
  return pos;
}

}  // namespace

TEST_CASE("who is who: origins through captures promotions castling and en passant", "[goal][identity]") {
  const std::string fen = "r3k3/1P6/8/3pP3/8/8/8/R2BK2R w KQq d6 0 1";
  Position pos = play(fen, {});
  CHECK(pos.identity_key() == 0);  // everyone at home
  const std::uint64_t home = pos.key();
  pos = play(fen, {"e5d6", "a8a1", "b7b8q", "e8f7", "e1g1"});
  // e.p.: the pawn from e5 on d6; the rook from a8 on a1 took White's; the b7 pawn is a queen on
  // b8 and still the man from b7; castling moved the king from e1 and the rook from h1.
  CHECK(square_name(pos.origin(parse_square("d6"))) == "e5");
  CHECK(square_name(pos.origin(parse_square("a1"))) == "a8");
  CHECK(square_name(pos.origin(parse_square("b8"))) == "b7");
  CHECK(square_name(pos.origin(parse_square("f7"))) == "e8");
  CHECK(square_name(pos.origin(parse_square("g1"))) == "e1");
  CHECK(square_name(pos.origin(parse_square("f1"))) == "h1");
  CHECK(pos.identity_key() != 0);
  for (int i = 0; i < 5; ++i) pos.unmake();
  // Undone: the captured men come back with their own origins.
  for (const char* s : {"a8", "a1", "b7", "e1", "h1", "d5", "e5", "e8", "d1"}) CHECK(square_name(pos.origin(parse_square(s))) == s);
  CHECK(pos.identity_key() == 0);
  CHECK(pos.key() == home);
}

TEST_CASE("who is who: two men of one kind swapped differ for the identity key alone", "[goal][identity]") {
  // Path A: Ra1-a2, Rb2-b1; path B: Ra1-b1, Rb2-a2: the same board, the rooks swapped.
  const std::string fen = "7k/8/8/8/8/8/1R6/R6K w - - 0 1";
  const Position a = play(fen, {"a1a2", "h8g8", "b2b1", "g8h8"});
  const Position b = play(fen, {"a1b1", "h8g8", "b2a2", "g8h8"});
  CHECK(a.key() == b.key());
  CHECK(a.identity_key() != b.identity_key());
  CHECK(square_name(a.origin(parse_square("a2"))) == "a1");
  CHECK(square_name(b.origin(parse_square("a2"))) == "b2");
}

TEST_CASE("circuit exchange and kiss judged on the man that moved", "[goal][identity]") {
  const std::string fen = "7k/8/8/8/8/8/1R6/R6K w - - 0 1";
  // Circuit: the rook back on a1 after a1-a2 and a2-a1; the other rook's b2-b1 is no circuit.
  Position back = play(fen, {"a1a2", "h8g8", "a2a1"});
  CHECK(identity_goals::reached(back, target("ct"), parse_square("a1")));
  Position away = play(fen, {"a1a2", "h8g8", "b2b1"});
  CHECK_FALSE(identity_goals::reached(away, target("ct"), parse_square("b1")));
  // Exchange: after Ra1-b1, Rb2-a2 and Rb1-b2 the rooks stand on each other's squares... not yet:
  // the man from a1 is on b2 and the man from b2 on a2 (not a1).
  Position half = play(fen, {"a1b1", "h8g8", "b2a2", "g8h8", "b1b2"});
  CHECK_FALSE(identity_goals::reached(half, target("<>"), parse_square("b2")));
  // Ra2-a1 then completes the swap: the man from b2 on a1, the man from a1 on b2.
  Position swapped = play(fen, {"a1b1", "h8g8", "b2a2", "g8h8", "b1b2", "h8g8", "a2a1"});
  CHECK(identity_goals::reached(swapped, target("<>"), parse_square("a1")));
  CHECK_FALSE(identity_goals::reached(swapped, target("ct"), parse_square("a1")));
  // An exchange needs a man of the mover's own side on its diagram square: the king from h8
  // onto the h1 king's square is none (a king never stands there while the other does).
  // Kiss of the man from a1: a neighbour arriving next to it, with no other neighbour around it.
  Position kiss = play("7k/8/8/8/8/8/2R5/R6K w - - 0 1", {"c2b2"});
  CHECK(identity_goals::reached(kiss, target("k", "a1"), parse_square("b2")));
  CHECK_FALSE(identity_goals::reached(kiss, target("k", "h1"), parse_square("b2")));  // h1 is not next to b2
  Position crowded = play("7k/8/8/8/8/8/R1R5/R6K w - - 0 1", {"c2b2"});  // a2 stands next to a1 too
  CHECK_FALSE(identity_goals::reached(crowded, target("k", "a1"), parse_square("b2")));
  // The man kissed is followed: the rook from a1 on a3 is kissed from b4.
  Position followed = play("7k/8/8/8/8/8/8/R1R4K w - - 0 1", {"a1a3", "h8g8", "c1c4", "g8h8", "c4b4"});
  CHECK(identity_goals::reached(followed, target("k", "a1"), parse_square("b4")));
}

TEST_CASE("kiss: Popeye's expected solutions of EXAMPLES/kiss.inp", "[goal][identity][popeye]") {
  // 1 (kc52, Linden Lyons): 1.Qe2-d2! (kiss.ref).
  const auto direct = solved("K7/8/8/p1rp1b1R/6k1/5r2/2p1Q1B1/7q w - - 0 1", Goal::DirectMate, target("k", "c5"), 2);
  CHECK(test::uci_keys(direct) == Set{"e2d2"});
  // 2-4 (hkh31, hkb71, hka71, Kevin Begley): no kings.
  CHECK(test::uci_lines(solved("8/8/8/8/8/7p/8/7N b - - 0 1", Goal::HelpMate, target("k", "h3"), 1)) == Set{"h3h2 h1g3"});
  CHECK(test::uci_lines(solved("N7/1p6/8/8/8/8/8/8 b - - 0 1", Goal::HelpMate, target("k", "b7"), 1)) == Set{"b7b5 a8b6", "b7b6 a8c7"});
  CHECK(test::uci_lines(solved("8/p7/8/8/N7/8/8/8 b - - 0 1", Goal::HelpMate, target("k", "a7"), 1)) == Set{"a7a5 a4b6", "a7a6 a4b6"});
}

TEST_CASE("exchange and circuit in series play: Popeye's lines and the table keyed by who is who", "[goal][identity][popeye]") {
  // ser-<>3 (BEISPIEL/duplex.inp 14, Bernd Schwarzkopf): 1.Se2-c1 2.Kd3-e2 3.Sc1-d3.
  CHECK(test::uci_lines(solved("8/8/8/8/7q/3K3k/4N3/8 w - - 0 1", Goal::DirectMate, target("<>"), 3, true)) == Set{"e2c1 d3e2 c1d3"});
  // ser-<>4, the two bishops swap (Popeye 4.104, run live: these 8 lines). A table keyed by the
  // board alone finds none: after 1.Bf3-h5 2.Bf7-d5 and 1.Bf7-d5 2.Bf3-h5 the board is the same,
  // the men are not, and the first's "no exchange within 2" cuts the second.
  const auto bishops = solved("8/5B2/8/6K1/8/k4B2/8/8 w - - 0 1", Goal::DirectMate, target("<>"), 4, true);
  CHECK(test::uci_lines(bishops) == Set{"f3h5 f7d5 d5f3 h5f7", "f3h5 f7d5 h5f7 d5f3", "f3d5 f7h5 d5f7 h5f3", "f3d5 f7h5 h5f3 d5f7",
                                        "f7d5 f3h5 d5f3 h5f7", "f7d5 f3h5 h5f7 d5f3", "f7h5 f3d5 d5f7 h5f3", "f7h5 f3d5 h5f3 d5f7"});
  // ser-ct3 (Popeye 4.104, run live: 706 lines; keyed by the board alone, 705).
  CHECK(solved("8/8/2k5/8/8/6K1/3R2R1/8 w - - 0 1", Goal::DirectMate, target("ct"), 3, true).solutions.size() == 706);
}

TEST_CASE("circuit and exchange are played in help and series play only", "[goal][identity]") {
  const SourceLocation at{"test", 1, 1};
  CHECK(parse_stipulation_form("hct2", at).playable(at).has_value());
  CHECK(parse_stipulation_form("ser-<>3", at).playable(at).has_value());
  CHECK(parse_stipulation_form("kc52", at).playable(at).has_value());
  // Battle play's trees are written by solving positions below the diagram from their FEN,
  // which knows no one's diagram square: refused, not judged wrongly.
  CHECK_FALSE(parse_stipulation_form("ct2", at).playable(at).has_value());
  CHECK_FALSE(parse_stipulation_form("s<>3", at).playable(at).has_value());
  CHECK(target("k", "c5").symbol() == "kc5");
  CHECK(target("<>").symbol() == "<>");
  CHECK(target("ct").name() == "circuit");
  CHECK_FALSE(target_of("k", "").has_value());
}
