// The helpmate search's cuts (solver/prover/help_search.h, help_bound.h): each one must keep
// the exact set of solutions. Every case is a position whose solution a careless version of a
// cut would lose; the search runs with each cut alone, with all of them, and with none (the
// plain walk), and the sets must be equal and contain the expected line.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "solver/prover/help_bound.h"
#include "solver/prover/help_search.h"

using namespace arbiter;

namespace {

std::set<std::string> help_lines(const std::string& fen, int plies, const prover::HelpCuts& cuts) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  prover::Limits limits;
  limits.hash_megabytes = 1;
  prover::HelpSearch<orthodox::Game> search(game, limits);
  search.set_cuts(cuts);
  std::set<std::string> out;
  for (const auto& line : search.solutions(plies)) {
    std::string s;
    for (const auto& m : line) {
      if (!s.empty()) s += ' ';
      s += game.move_uci(m);
      game.play(m);
    }
    for (std::size_t i = 0; i < line.size(); ++i) game.undo();
    out.insert(s);
  }
  return out;
}

// Plain walk vs. each cut alone vs. all cuts (the bound also tried from the last ply on).
void check_cuts(const std::string& fen, int plies, const std::string& expected) {
  prover::HelpCuts none;
  none.mate_bound = none.check_precheck = none.relevance_filter = none.flight_bound = false;
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
