// The helpmate search's cuts (solver/prover/help_search.h, help_bound.h): each one must keep
// the exact set of solutions. Every case is a position whose solution a careless version of a
// cut would lose; the search runs with each cut alone, with all of them, and with none (the
// plain walk), and the sets must be equal and contain the expected line. The same for the
// help-stalemate cuts (stalemate_filter.h and may_stalemate), at the end.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "solver/prover/help_bound.h"
#include "solver/prover/help_search.h"
#include "solver/prover/stalemate_filter.h"
#include "tests/engines/help_lines.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

using test::help_lines;

// Plain walk vs. each cut alone vs. all cuts (the bound also tried from the last ply on).
void check_cuts(const std::string& fen, int plies, const std::string& expected) {
  prover::HelpCuts none;
  none.mate_bound = none.check_precheck = none.relevance_filter = none.flight_bound = none.mate_skeletons = false;
  const auto plain = help_lines(fen, plies, none);
  INFO(fen << " in " << plies << " plies");
  REQUIRE(plain.count(expected) == 1);
  prover::HelpCuts bound = none, precheck = none, filter = none, flight = none, all, all_from_1;
  flight.flight_bound = true;
  CHECK(help_lines(fen, plies, flight) == plain);
  bound.mate_bound = true;
  precheck.check_precheck = true;
  filter.relevance_filter = true;
  all_from_1.mate_bound_from = 1;
  bound.mate_bound_from = 1;
  CHECK(help_lines(fen, plies, bound) == plain);
  CHECK(help_lines(fen, plies, precheck) == plain);
  CHECK(help_lines(fen, plies, filter) == plain);
  CHECK(help_lines(fen, plies, all) == plain);
  CHECK(help_lines(fen, plies, all_from_1) == plain);
}

// The mate bound and the check precheck directly, on the position before the mating line.
bool may_mate(const std::string& fen, Color mater, int km, int kd) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  return prover::help_bound::may_mate(game.position(), mater, km, kd);
}

// --- help-stalemates: the stalemate filter (stalemate_filter.h) and bound (may_stalemate) ----
// Help-stalemate lines, with the stalemate filter and bound on or off (the other cuts are
// about mate or check, and stay off for this goal anyway).
std::set<std::string> stalemate_lines(const std::string& fen, int plies, bool filter) {
  prover::HelpCuts cuts;
  cuts.stalemate_filter = cuts.stalemate_bound = cuts.mate_skeletons = filter;
  return help_lines(fen, plies, cuts, Target::Stalemate);
}

// The walk without the filter holds `expected`, and the filtered search finds the same set.
void check_filter(const std::string& fen, int plies, const std::string& expected) {
  INFO(fen << " in " << plies << " plies");
  const auto plain = stalemate_lines(fen, plies, false);
  REQUIRE(plain.count(expected) == 1);
  CHECK(stalemate_lines(fen, plies, true) == plain);
}

// Does the last-ply filter let m through?
bool passes(const std::string& fen, const std::string& uci) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  const auto f = prover::stalemate_filter::build(game.position(), game.side_to_move());
  typename orthodox::Game::MoveListType moves;
  game.generate_legal(moves);
  for (int i = 0; i < moves.size(); ++i)
    if (game.move_uci(moves[i]) == uci) return prover::stalemate_filter::may_stalemate(f, moves[i]);
  FAIL("no move " << uci);
  return false;
}

}  // namespace

TEST_CASE("help cuts keep a mate by promotion (and a queen's check square reached across lines)", "[help]") {
  // 1...h1=R 2.b8=Q Rh2 3.Qc8#: the queen reaches the diagonal check square c8 along the rank.
  check_cuts("8/1P6/8/8/7p/5K1k/7p/8 b - - 0 1", 4, "h2h1r b7b8q h1h2 b8c8");
  // h#1 whose mate is the promotion itself.
  check_cuts("1k6/2PQ1nK1/8/8/8/8/8/8 b - - 0 1", 2, "b8a8 c7c8q");
  CHECK(may_mate("1k6/2PQ1nK1/8/8/8/8/8/8 b - - 0 1", White, 1, 1));
}

TEST_CASE("help cuts keep a queen's check along the other line type", "[help]") {
  // 2.Qe3#: the queen moves diagonally to a square that checks along the rank.
  check_cuts("1b6/p7/1QP2p1P/Pp1PkP2/1K2P3/6P1/5P2/8 b - - 0 1", 4, "e5e4 b4b3 e4d3 b6e3");
}

TEST_CASE("help cuts keep a mate by castling", "[help]") {
  // The rook of 0-0 gives the mate; the king moves two squares in one move.
  check_cuts("q4k2/8/8/8/6Q1/3N4/4Q3/3QK2R b K - 0 1", 2, "a8a3 e1g1");
  CHECK(may_mate("q4k2/8/8/8/6Q1/3N4/4Q3/3QK2R b K - 0 1", White, 1, 1));
}

TEST_CASE("help cuts keep a mate by en passant", "[help]") {
  // 1...c5 2.dxc6 e.p.#: the capture empties c5 and d5 at once.
  check_cuts("7Q/k1p2b2/8/1K1P4/8/8/8/6B1 b - - 0 1", 2, "c7c5 d5c6");
}

TEST_CASE("help cuts keep a discovered mate", "[help]") {
  // 2.c6#: the pawn's move unmasks the bishop a3; the checker itself does not move.
  check_cuts("3k4/6p1/6Q1/2PR4/8/B7/8/4K1BR b K - 0 1", 2, "d8e7 c5c6");
}

TEST_CASE("help cuts keep a mate whose flight the defender blocks with its own piece", "[help]") {
  // 1...Qf4 (the queen closes the king's flight) 2.Ra3#.
  check_cuts("8/8/3q4/5Q2/6R1/5k2/8/R3K3 b Q - 0 1", 2, "d6f4 a1a3");
}

TEST_CASE("help cuts keep a mate opened by a defender leaving a slider's path", "[help]") {
  // White cannot check now (the knight b5 stops the rook a5, which is on no line of the king),
  // so the relevance filter is active; 1...Na3 opens the rank: 2.Rc5#.
  const std::string fen = "1rkr4/1p1p4/8/Rn6/8/8/8/7K b - - 0 1";
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  CHECK_FALSE(prover::help_bound::may_give_check(game.position(), White));
  check_cuts(fen, 2, "b5a3 a5c5");
}

TEST_CASE("help mate bound proves no mate where the mater's units are too far", "[help]") {
  // A lone knight far from a king in a corner, one move each: no mate; the plain walk agrees.
  CHECK_FALSE(may_mate("k7/8/8/8/8/8/8/K6N b - - 0 1", White, 1, 1));
  prover::HelpCuts none;
  none.mate_bound = none.check_precheck = none.relevance_filter = none.flight_bound = false;
  CHECK(help_lines("k7/8/8/8/8/8/8/K6N b - - 0 1", 2, none).empty());
}

TEST_CASE("help search lists short solutions and set play keeps the table apart", "[help]") {
  // Popeye lists the mates shorter than the stipulation too.
  check_cuts("8/1P6/8/8/7p/5K1k/7p/8 b - - 0 1", 4, "h2h1r b7b8q h1h2 b8c8");
  // The same search object asked both ways round (as set play does): the facts of one
  // mating side must not answer for the other.
  auto game = orthodox::Game::from_fen("1k6/2PQ1nK1/8/8/8/8/8/8 b - - 0 1", {"test", 1, 1});
  prover::Limits limits;
  limits.hash_megabytes = 1;
  prover::HelpSearch<orthodox::Game> search(game, limits);
  const auto first = search.solutions(2).size();
  search.solutions(3);  // Black mates: another set of facts
  CHECK(search.solutions(2).size() == first);
}

TEST_CASE("help check precheck one ply early agrees with the precheck after the move", "[help]") {
  // may_give_check_after (the defender's move not played) must give what may_give_check gives
  // on the position after the move, for every legal move of the defender (or "maybe" for the
  // moves it does not model): a version that forgot the square the move empties (1...Na3
  // opens the rook a5's rank) or the mater's piece it captures (1...Rxa5, 1...bxa5?) differs.
  for (const std::string fen : {"1rkr4/1p1p4/8/Rn6/8/8/8/7K b - - 0 1", "1rkr4/1p1p4/1p6/R7/8/8/8/7K b - - 0 1",
                                "r3k2r/pp3ppp/8/3B4/8/2n5/PP3PPP/R3K2R b KQkq - 0 1",
                                "8/8/3q4/5Q2/6R1/5k2/8/R3K3 b Q - 0 1", "4k3/8/3p4/2P1n3/8/8/8/4K2R b - - 0 1"}) {
    auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
    const Color mater = ~game.position().side_to_move();
    orthodox::Game::MoveListType moves;
    game.generate_legal(moves);
    for (int i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      const bool early = prover::help_bound::may_give_check_after(game.position(), mater, m);
      const PieceType t = type_of(game.position().piece_on(m.from()));
      const bool special = m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant || t == King ||
                           (t == Pawn && (m.to() - m.from() == 16 || m.from() - m.to() == 16));
      game.play(m);
      const bool after = prover::help_bound::may_give_check(game.position(), mater);
      game.undo();
      INFO(fen << " " << game.move_uci(m));
      if (special) CHECK(early);
      else CHECK(early == after);
    }
  }
}

TEST_CASE("help flight bound keeps a mate by recapturing the defender's blocker", "[help]") {
  // 1.Rxe7 (the rook takes the mater's knight on the flight e7) Qxe7#: the queen's path along
  // the 7th rank was blocked by its own knight, and e7 held a mater's piece before the
  // defender's move. A version that never let the mater move onto its own pieces' squares
  // (and so never onto b) loses it.
  const std::string fen = "4Kb2/q3n3/8/4R3/1k2b1Q1/r6b/8/8 w - - 0 1";
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  CHECK(prover::help_bound::mate_after_other_move(game.position(), Black));
  check_cuts(fen, 2, "e5e7 a7e7");
  // The same from two moves further back (the fuzzer's find).
  check_cuts("3K1N2/q3n3/7b/4R3/1k2b1Q1/r6b/8/8 w - - 0 1", 4, "d8e8 h6f8 e5e7 a7e7");
}

TEST_CASE("help flight bound keeps mates after king moves and defender blocks", "[help]") {
  // 1...Ke7 (a king move: the flights are those of e7, d8 among them) 2.c6#.
  check_cuts("3k4/6p1/6Q1/2PR4/8/B7/8/4K1BR b K - 0 1", 2, "d8e7 c5c6");
  // 1...Qf4 blocks the one flight the rook cannot cover.
  check_cuts("8/8/3q4/5Q2/6R1/5k2/8/R3K3 b Q - 0 1", 2, "d6f4 a1a3");
  // A lone rook cannot mate a king in the open after any move: the bound proves it.
  const std::string fen = "8/8/8/3k4/8/8/8/R5K1 b - - 0 1";
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  CHECK_FALSE(prover::help_bound::mate_after_other_move(game.position(), White));
  for (Square to : {sq::c4, sq::d4, sq::e4, sq::c5, sq::e5, sq::c6, sq::d6, sq::e6})
    CHECK_FALSE(prover::help_bound::mate_after_king_move(game.position(), White, to));
  prover::HelpCuts none;
  none.mate_bound = none.check_precheck = none.relevance_filter = none.flight_bound = false;
  CHECK(help_lines(fen, 2, none).empty());
}

TEST_CASE("stalemate filter: the last move may pin, unmask a pin, block, or take a target away", "[help][stalemate]") {
  // Unmasking a pin: 1.Nd5-e3 opens the diagonal h1-a8, the knight on b7 is pinned (a version
  // that forgets the squares a move leaves on the pin line skips it).
  check_filter("k7/pnK5/P7/3N4/8/8/8/7Q w - - 0 1", 1, "d5e3");
  CHECK(passes("k7/pnK5/P7/3N4/8/8/8/7Q w - - 0 1", "d5e3"));
  // Pinning by landing: 1.Bg4-f3 (a version without the pin line among the squares reached).
  check_filter("k7/1nK5/1P6/8/6B1/8/8/8 w - - 0 1", 1, "g4f3");
  // Taking a pawn capture's target away: 1.Ne4-g5, d5 can neither push nor capture.
  check_filter("8/8/8/3p4/3PN3/8/p1K5/k7 w - - 0 1", 1, "e4g5");
  CHECK_FALSE(passes("8/8/8/3p4/3PN3/8/p1K5/k7 w - - 0 1", "c2d3"));
  // Blocking a push: 1.Rg4-h4.
  check_filter("8/8/8/7p/6R1/8/p1K5/k7 w - - 0 1", 1, "g4h4");
  // Unmasking an attack on a flight: 1.Nd4-f5 opens f2-a7 (a version that forgets the first
  // men on the lines from a flight).
  check_filter("k7/2K5/8/8/3N4/8/5B2/8 w - - 0 1", 1, "d4f5");
  // A knight covering a flight from a knight's move away: 1.Nf6-d7 (b8), not on a line from it.
  check_filter("k7/p7/P1K2N2/8/8/8/8/8 w - - 0 1", 1, "f6d7");
}

TEST_CASE("stalemate filter: one ply early, the other side's last move may take its own moves away", "[help][stalemate]") {
  // 1...Nd3-b2 blocks its own pawn b3, is pinned there by the bishop on h8, and unmasks the
  // bishop h7's attack on the flight b1: Black is stalemated already and any quiet move of
  // White keeps it so. A version that kept the pawn's push, or the flight b1, as a constraint
  // on White's last move skips 1...Nb2.
  check_filter("7B/7B/4K3/8/8/1p1n4/p7/k7 b - - 0 1", 2, "d3b2 e6e7");
}

TEST_CASE("stalemate filter: positions a careless version got wrong", "[help][stalemate]") {
  // 1...Kc1-b1 2.Nc5-b3: the knight covers a1 and c1 from b3, a knight's move from each flight
  // (a version without the knight's squares among those that cover a flight skips it).
  check_filter("8/8/8/p1N2p1p/K4P1P/8/3R4/2k5 b - - 0 1", 2, "c1b1 c5b3");
  // 1...Qb4-b3 2.Qe6xb3: the queen that moved had a move before (a version that kept the moved
  // man's own constraint on White's last move skips 1...Qb3).
  check_filter("8/8/2p1Q3/2P5/1q3p2/5P2/4KP2/k7 b - - 0 1", 2, "b4b3 e6b3");
}

TEST_CASE("stalemate filter: the same help-stalemates as the plain walk on random positions", "[help][stalemate]") {
  int with_lines = 0;
  for (const auto& fen : test::sparse_positions(60, 91)) {
    for (int plies : {1, 2, 3}) {
      INFO(fen << " in " << plies << " plies");
      const auto plain = stalemate_lines(fen, plies, false);
      CHECK(stalemate_lines(fen, plies, true) == plain);
      if (!plain.empty()) ++with_lines;
    }
  }
  CHECK(with_lines > 5);
  // Positions near a stalemate, Black to move and White stalemating (h=1); the two positions
  // of the case above came from such a set.
#ifdef ARBITER_SANITIZED
  const int count = 2000;
#else
  const int count = 20000;
#endif
  int stalemates = 0;
  for (const auto& fen : test::near_stalemate_positions(count, 5)) {
    const auto plain = stalemate_lines(fen, 2, false);
    if (plain.empty()) continue;
    ++stalemates;
    INFO(fen);
    CHECK(stalemate_lines(fen, 2, true) == plain);
  }
  CHECK(stalemates >= count / 400);  // (2000 positions give 10, 20000 give 109)
}

TEST_CASE("stalemate bound: the flights alone, no check needed", "[help][stalemate]") {
  // White's king alone cannot give check, so no mate; one king move (Kc6-c7) covers b7 and b8
  // while a7 holds Black's pawn: a stalemate is possible (a version that kept the check fails).
  auto game = orthodox::Game::from_fen("k7/p7/2K5/8/8/8/8/8 w - - 0 1", {"test", 1, 1});
  CHECK_FALSE(prover::help_bound::may_mate(game.position(), White, 1, 0));
  CHECK(prover::help_bound::may_stalemate(game.position(), White, 1, 0));
  // The same king four files away cannot reach the flights in one move: no stalemate.
  auto far = orthodox::Game::from_fen("k7/p7/6K1/8/8/8/8/8 w - - 0 1", {"test", 1, 1});
  CHECK_FALSE(prover::help_bound::may_stalemate(far.position(), White, 1, 0));
  CHECK(prover::help_bound::may_stalemate(far.position(), White, 4, 0));
}
