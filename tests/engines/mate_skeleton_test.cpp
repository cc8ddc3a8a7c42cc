// Mating skeletons (solver/prover/mate_skeleton.h), the helpmate search's target cut. The
// enumeration must be complete: every checkmate position matches a skeleton reachable with no
// move left (a careless refinement, one that forgets a way to stop the defender's move, loses
// some of the mates below), the distances are the empty-board ones a unit really needs, and the
// search with the cut finds exactly the solutions of the search without it.

#include <catch2/catch.hpp>

#include <bit>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "rules/orthodox/movegen.h"
#include "solver/prover/help_search.h"
#include "solver/prover/mate_skeleton.h"
#include "tests/engines/help_lines.h"
#include "tests/support/test_support.h"

using namespace arbiter;
namespace sk = arbiter::prover::mate_skeleton;

namespace {

// Does some skeleton of the mate (or stalemate) position `fen` (the mated side to move) need no
// move at all? (The enumeration's completeness: the checker that must arrive with the mating move
// is left out here, and judged from the positions before it by mate_in_one_has_skeleton.)
bool mate_has_skeleton(const std::string& fen, sk::Goal goal = sk::Goal::Mate) {
  const Position pos = read_fen(fen);
  sk::Units units;
  units.init(pos);
  std::vector<sk::Skeleton> out;
  const Color mater = ~pos.side_to_move();
  REQUIRE(sk::enumerate(goal, mater, 0, 0, units, out, 1000000));
  if (goal == sk::Goal::Stalemate) sk::complete_targets(out, mater, 0, 0, units);
  for (sk::Skeleton s : out) {
    s.arrives = sk::Skeleton::NoArrival;
    if (sk::reachable(s, units, mater, 0, 0)) return true;
  }
  return false;
}

// The side to move in `fen` mates in one: does some skeleton enumerated there for one move of it
// and none of the other side stay reachable there, the rule of the arriving checker included?
bool mate_in_one_has_skeleton(const std::string& fen) {
  const Position pos = read_fen(fen);
  sk::Units units;
  units.init(pos);
  std::vector<sk::Skeleton> out;
  const Color mater = pos.side_to_move();
  REQUIRE(sk::enumerate(sk::Goal::Mate, mater, 1, 0, units, out, 1000000));
  sk::keep_minimal(out);
  for (const auto& s : out)
    if (sk::reachable(s, units, mater, 1, 0)) return true;
  return false;
}

// Checkmates reached by one legal move from positions of random games (`before`: the positions
// they are reached from instead).
std::vector<std::string> random_mates(int games, std::size_t want, bool before = false) {
  std::set<std::string> mates;
  for (const auto& fen : test::random_game_positions(20261127, games, 120)) {
    Position pos = read_fen(fen);
    MoveList<> moves;
    orthodox::generate_legal(pos, moves);
    for (int i = 0; i < moves.size(); ++i) {
      pos.make(moves[i]);
      const bool mate = pos.in_check() && !orthodox::has_legal_move(pos);
      if (mate && !before) mates.insert(write_fen(pos));
      pos.unmake();
      if (mate && before) mates.insert(fen);
    }
    if (mates.size() >= want) break;
  }
  return {mates.begin(), mates.end()};
}

// Stalemates of Black among random placements: Black's king, up to five Black men (pawns mostly),
// one to four White men; `pieces`: Black's men mostly pieces and White's line pieces, so that pins
// and lines through the king are common.
std::vector<std::string> random_stalemates(std::size_t want, bool pieces = false) {
  std::mt19937 rng(pieces ? 1128 : 1127);
  std::set<std::string> out;
  const std::string black = pieces ? "pnbbrrq" : "pppppnbrq", white = pieces ? "PRRBBQQ" : "PPRBNQ";
  for (int tries = 0; tries < 3'000'000 && out.size() < want; ++tries) {
    char board[64];
    std::fill(board, board + 64, char(0));
    auto put = [&](char man) {
      for (;;) {
        const int s = int(rng() % 64);
        if (board[s] != 0 || ((man == 'p' || man == 'P') && (s < 8 || s >= 56))) continue;
        board[s] = man;
        return;
      }
    };
    put('k');
    put('K');
    for (int i = 0, e = int(rng() % 6); i < e; ++i) put(black[rng() % black.size()]);
    for (int i = 0, e = 1 + int(rng() % 4); i < e; ++i) put(white[rng() % white.size()]);
    const std::string fen = test::placement_fen(board, 'b');
    try {
      const Position pos = read_fen(fen, {"random", 1, 1});
      if (!pos.in_check() && !orthodox::has_legal_move(pos)) out.insert(fen);
    } catch (const ParseError&) {  // White in check, kings touching
    }
  }
  return {out.begin(), out.end()};
}

std::set<std::string> help_lines(const std::string& fen, int plies, bool skeletons,
                                 Target::Kind goal = Target::Mate) {
  prover::HelpCuts cuts;
  cuts.mate_skeletons = skeletons;
  cuts.skeletons_from = 1;
  return test::help_lines(fen, plies, cuts, goal);
}

}  // namespace

TEST_CASE("mate skeletons: distances are the moves a unit needs on the empty board", "[help][skeleton]") {
  CHECK(sk::distance(White, Knight, sq::a1, Knight, sq::h8) == 6);
  CHECK(sk::distance(White, Knight, sq::a1, Bishop, sq::h8) == 99);
  CHECK(sk::distance(White, Bishop, sq::a1, Bishop, sq::h8) == 1);
  CHECK(sk::distance(White, Bishop, sq::a1, Bishop, sq::a2) == 99);
  CHECK(sk::distance(White, Rook, sq::a1, Rook, sq::h8) == 2);
  CHECK(sk::distance(White, King, sq::a1, King, sq::h8) == 7);
  // Pawns: the double step, captures to change file, promotion on the way.
  CHECK(sk::distance(White, Pawn, sq::e2, Pawn, sq::e4) == 1);
  CHECK(sk::distance(White, Pawn, sq::e3, Pawn, sq::e5) == 2);
  CHECK(sk::distance(White, Pawn, sq::e2, Pawn, sq::e1) == 99);
  CHECK(sk::distance(White, Pawn, sq::e2, Queen, sq::e8) == 5);
  CHECK(sk::distance(White, Pawn, sq::e2, Queen, sq::a8) == 5);  // e4, then four captures
  CHECK(sk::distance(White, Pawn, sq::e7, Knight, sq::f6) == 2);
  CHECK(sk::distance(White, Pawn, sq::e7, Pawn, sq::e8) == 99);  // a pawn never stands there
  CHECK(sk::distance(Black, Pawn, sq::d7, Pawn, sq::d5) == 1);
  CHECK(sk::distance(Black, Pawn, sq::d2, Knight, sq::a2) == 2);  // dxc1=N, Na2
  CHECK(sk::distance(Black, Pawn, sq::d2, Pawn, sq::d3) == 99);
}

TEST_CASE("mate skeletons: units are followed through captures, en passant and promotion", "[help][skeleton]") {
  Position pos = read_fen("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
  sk::Units u;
  u.init(pos);
  const int pawn = u.at[sq::e5], victim = u.at[sq::d5], promoting = u.at[sq::b7];
  Move ep(sq::e5, sq::d6, MoveKind::EnPassant);
  u.play(pos, ep);
  pos.make(ep);
  CHECK(u.sq[victim] == NoSquare);
  CHECK(u.sq[pawn] == sq::d6);
  CHECK(u.at[sq::d5] == -1);
  pos.make(Move(sq::e8, sq::d8));
  u.play(read_fen("3k4/1P6/3P4/8/8/8/8/4K3 w - - 0 1"), Move(sq::e8, sq::d8));
  const Move promote(sq::b7, sq::b8, MoveKind::Promotion, Rook);
  u.play(pos, promote);
  CHECK(u.type[promoting] == Rook);
  CHECK(u.sq[promoting] == sq::b8);
  CHECK_FALSE(u.lost);
  // Castling moves the king and the rook.
  const Position castling = read_fen("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
  u.init(castling);
  const int king = u.at[sq::e8], rook = u.at[sq::a8];
  u.play(castling, Move(sq::e8, sq::c8, MoveKind::Castling));
  CHECK(u.sq[king] == sq::c8);
  CHECK(u.sq[rook] == sq::d8);
  CHECK(u.at[sq::a8] == -1);
  CHECK_FALSE(u.lost);
  CHECK(sk::castling_bonus(castling, Black) == 1);
  CHECK(sk::castling_bonus(castling, White) == 0);
  // Castling is one move of the king while the right stands (0-0-0 above: Ke8 to c8, b7 in 2,
  // the rook's d8 in one rook move); a move of the a8 rook ends the queenside right.
  u.init(castling);
  CHECK(sk::distance(u, king, King, sq::c8) == 1);
  CHECK(sk::distance(u, king, King, sq::b7) == 2);
  CHECK(sk::distance(u, king, King, sq::h7) == 2);  // 0-0, Kh7 (three king steps without it)
  u.play(castling, Move(sq::a8, sq::a7));
  CHECK(sk::distance(u, king, King, sq::c8) == 2);
  CHECK(sk::distance(u, king, King, sq::h7) == 2);
  u.play(castling, Move(sq::e8, sq::e7));
  CHECK(u.rights == 0);
  CHECK(sk::distance(u, king, King, sq::h7) == 3);  // from e7 now, step by step
}

TEST_CASE("mate skeletons: every checkmate matches one that needs no move", "[help][skeleton]") {
  // Mates that need each way of the refinement: the units that keep the king in (the checker,
  // Kc1 guarding b1 and b2, the blockers) leave the defender a capture of the checker that only
  // an interceptor (Nb2), then a pin (Be5 of the interceptor Rb2), or a second check (Nb3 and Nc2:
  // whichever is taken for the checker) stops; a careless refinement without that way loses the
  // mate. Then a promoted checker and a mate from a game's opening.
  for (const char* fen : {
           "8/8/8/8/8/8/rnN5/k1K5 b - - 0 1",     // Ra2xc2 cut off by Nb2
           "8/8/8/4B3/8/8/rrN5/k1K5 b - - 0 1",   // Rb2xc2 pinned by Be5
           "8/8/8/8/8/1N6/q1N5/kbK5 b - - 0 1",   // Qa2 takes either knight: a double check
           "6rk/5Nrp/8/8/8/8/K7/B7 b - - 0 1",     // Nf7: Rg7xf7 is pinned by Ba1
           "4R2k/6pp/8/4P3/8/8/4r3/6K1 b - - 0 1",  // Re8: Pe5 stands between Re2 and e8
           "k1Q5/8/1K6/8/8/8/8/8 b - - 0 1",        // c8=Q
           "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/3P4/PPP2PPP/RNB1KBNR b KQkq - 1 3",
       }) {
    const Position pos = read_fen(fen);
    INFO(fen);
    REQUIRE(pos.in_check());
    REQUIRE_FALSE(orthodox::has_legal_move(pos));
    CHECK(mate_has_skeleton(fen));
  }
#ifdef ARBITER_SANITIZED
  const std::size_t want = 60;
#else
  const std::size_t want = 400;
#endif
  const auto mates = random_mates(4000, want);
  CHECK(mates.size() >= want / 2);
  for (const auto& fen : mates) {
    INFO(fen);
    CHECK(mate_has_skeleton(fen));
  }
}

TEST_CASE("mate skeletons: a checker next to the king or leaping arrives with the mating move",
          "[help][skeleton]") {
  // Units by hand (the position is the one before White's last move, so Black is not in check
  // there; the units alone are what the cost reads): Black's king on a8, White's checker on b7.
  sk::Units u;
  std::fill(u.at, u.at + 64, std::int8_t(-1));
  u.n = 2;
  u.color[0] = Black, u.type[0] = King, u.sq[0] = sq::a8;
  u.color[1] = White, u.type[1] = Queen, u.sq[1] = sq::b7;
  u.at[sq::a8] = 0, u.at[sq::b7] = 1;
  sk::Skeleton s;
  s.n = 2;
  s.p[0] = {0, King, sq::a8};
  s.p[1] = {1, Queen, sq::b7};
  s.arrives = 1;
  // On its square already: it must leave and come back.
  CHECK_FALSE(sk::reachable(s, u, White, 1, 0));
  CHECK(sk::reachable(s, u, White, 2, 0));
  // One step away: the mating move itself.
  u.sq[1] = sq::c7, u.at[sq::b7] = -1, u.at[sq::c7] = 1;
  CHECK(sk::reachable(s, u, White, 1, 0));
  // A pawn on its square never comes back.
  u.type[1] = Pawn, u.sq[1] = sq::b7, u.at[sq::c7] = -1, u.at[sq::b7] = 1;
  s.p[1] = {1, Pawn, sq::b7};
  CHECK_FALSE(sk::reachable(s, u, White, 6, 0));
  // A checker from afar may stand still: another unit's move discovers its check (Ra8's along the
  // eighth rank, opened by the knight). A careless cost that asks every checker to arrive loses
  // helpmates in the comparison with the plain walk below.
  CHECK(mate_in_one_has_skeleton("R1N4k/6pp/8/8/8/8/8/2K5 w - - 0 1"));
  CHECK(mate_in_one_has_skeleton("6bk/7p/8/8/3N4/8/8/B1K5 w - - 0 1"));  // Nd4 discovers Ba1
  CHECK(mate_in_one_has_skeleton("6rk/6pp/7N/8/8/8/8/2K5 w - - 0 1"));     // Nf7, the contact mate
#ifdef ARBITER_SANITIZED
  const std::size_t want = 40;
#else
  const std::size_t want = 300;
#endif
  const auto before = random_mates(4000, want, true);
  CHECK(before.size() >= want / 2);
  for (const auto& fen : before) {
    INFO(fen);
    CHECK(mate_in_one_has_skeleton(fen));
  }
}

TEST_CASE("mate skeletons: the helpmate search finds the same lines with the cut as without", "[help][skeleton]") {
  int with_lines = 0;
  for (const auto& fen : test::sparse_positions(40, 1127)) {
    for (int plies : {2, 3, 4}) {
      INFO(fen << " in " << plies << " plies");
      const auto plain = help_lines(fen, plies, false);
      CHECK(help_lines(fen, plies, true) == plain);
      if (!plain.empty()) ++with_lines;
    }
  }
  CHECK(with_lines > 3);
  // Popeye's intell.inp no. 5 (Abdurahmanovic, Die Schwalbe 1997) as h#3 from the position after
  // two moves of its solution and as h#3 from its diagram, a position from an opening, and
  // positions where a side may castle.
  for (const auto& [fen, plies] : std::vector<std::pair<std::string, int>>{
           {"1b4b1/N7/3n4/4K3/r7/k4q2/3p4/8 b - - 0 1", 6},
           {"1b4b1/N5K1/8/4p3/r7/k3nq2/3p4/8 b - - 0 1", 6},
           {"r1b1k2r/ppp2ppp/2n5/3qp3/1b6/2NP1N2/PPP2PPP/R1BQKB1R w - - 0 1", 4},
           // Castling: the rook of 0-0 mates (one move for the king's two squares and the rook's).
           {"q4k2/8/8/8/6Q1/3N4/4Q3/3QK2R b K - 0 1", 4},
           {"4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1", 4},
           {"r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", 4},
       }) {
    INFO(fen << " in " << plies << " plies");
    const auto plain = help_lines(fen, plies, false);
    CHECK(help_lines(fen, plies, true) == plain);
  }
}

TEST_CASE("mate skeletons: every stalemate matches one that needs no move", "[help][skeleton][stalemate]") {
  // Stalemates: the king alone; a pawn on a flight; pawns blocked by pawns (a careless
  // refinement that puts only Black's own units in front of a pawn loses them); Bb8 hemmed in by
  // its own Pc7; Nb8 hemmed in by its own pawns (one that never puts a unit on a piece's
  // destination loses it). The second random set, mostly pieces, holds checks in P that a unit
  // not placed yet blocks in F (a careless refinement that gives up there loses some).
  for (const char* fen : {
           "7k/5K2/6Q1/8/8/8/8/8 b - - 0 1",
           "k7/P7/1K6/8/8/8/8/8 b - - 0 1",
           "k7/p7/P7/8/8/8/8/1R5K b - - 0 1",
           "kb6/p1p5/P1P5/8/8/8/8/7K b - - 0 1",
           "kn1N4/p2p4/p1pP4/P1P5/8/8/8/7K b - - 0 1",
           // Nb8 pinned by Rh8, whose only other reason (b8) Kc7 already covers: a completion that
           // pins by line pieces of the other kind only finds no way to hold the knight.
           "kn5R/p1K5/R7/8/8/8/8/8 b - - 0 1",
       }) {
    const Position pos = read_fen(fen);
    INFO(fen);
    REQUIRE_FALSE(pos.in_check());
    REQUIRE_FALSE(orthodox::has_legal_move(pos));
    CHECK(mate_has_skeleton(fen, sk::Goal::Stalemate));
  }
#ifdef ARBITER_SANITIZED
  const std::size_t want = 60;
#else
  const std::size_t want = 400;
#endif
  for (const bool pieces : {false, true}) {
    const auto stalemates = random_stalemates(want, pieces);
    CHECK(stalemates.size() == want);
    for (const auto& fen : stalemates) {
      INFO(fen);
      CHECK(mate_has_skeleton(fen, sk::Goal::Stalemate));
    }
  }
}

TEST_CASE("mate skeletons: the help-stalemate search finds the same lines with the cut as without",
          "[help][skeleton][stalemate]") {
  int with_lines = 0;
  int n = 0;
  for (const auto& fen : test::near_stalemate_positions(1500, 27)) {
    for (int plies : {2, 4}) {
      if (plies == 4 && ++n % 10) continue;
      INFO(fen << " in " << plies << " plies");
      const auto plain = help_lines(fen, plies, false, Target::Stalemate);
      CHECK(help_lines(fen, plies, true, Target::Stalemate) == plain);
      if (!plain.empty()) ++with_lines;
    }
  }
  CHECK(with_lines > 3);
}

TEST_CASE("stalemate skeletons: the captures a skeleton asks of the mater", "[help][skeleton][stalemate]") {
  // Popeye's BEISPIEL/hpint.inp 91 (W. Alaikow, CfT 1971, h=6): White's pawn b4 becomes the queen
  // on f2 that stalemates the king on h1 (1.g1=B b5 2.Ba7 b6 3.b1=R bxa7 4.Rb8 axb8=Q 5.d1=N Qxf4
  // 6.Nf2 Qxf2=). That core leaves Black's four pawns free; within the six moves only f4 can
  // stand immobile (on f3, in front of the queen): three or four must be captured.
  const Position pos = read_fen("8/8/6K1/8/1P3p2/8/1p1p2p1/7k b - - 0 1");
  sk::Units root;
  root.init(pos);
  const int king = root.at[sq::h1], pawn = root.at[sq::b4], f_pawn = root.at[sq::f4];
  // Does s place the king on h1 and the queen on f2, and what else?
  auto others = [&](const sk::Skeleton& s) {
    std::set<std::tuple<int, int, int>> ps;
    for (int i = 0; i < s.n; ++i) ps.insert({s.p[i].unit, s.p[i].type, s.p[i].square});
    if (!ps.erase({king, King, sq::h1}) || !ps.erase({pawn, Queen, sq::f2})) ps.insert({-1, 0, 0});
    return ps;
  };
  // The pawn needs five moves at least (b4-c5-d6-e7-f8=Q-f2 on the empty board); with the queen
  // on f2 already, the captures alone ask for White's moves, and a capture takes one from both.
  sk::Units queen = root;
  queen.at[sq::b4] = -1;
  queen.at[sq::f2] = std::int8_t(pawn);
  queen.sq[pawn] = sq::f2;
  queen.type[pawn] = Queen;
  sk::Units queen_took_g2 = queen;
  queen_took_g2.sq[root.at[sq::g2]] = NoSquare;
  queen_took_g2.at[sq::g2] = -1;
  std::vector<sk::Skeleton> all;
  REQUIRE(sk::enumerate(sk::Goal::Stalemate, White, 6, 6, root, all, sk::Limit));
  sk::keep_minimal(all);
  SECTION("complete targets: each free unit placed or captured") {
    sk::complete_targets(all, White, 6, 6, root);
    int seen = 0;
    for (const auto& s : all) {
      const auto rest = others(s);
      if (rest.count({-1, 0, 0})) continue;
      ++seen;
      INFO(rest.size());
      if (rest.empty()) {  // all four captured
        CHECK(s.captures == 4);
        CHECK(sk::reachable(s, root, White, 5, 6));
        CHECK_FALSE(sk::reachable(s, root, White, 4, 6));
        CHECK(sk::reachable(s, queen, White, 4, 6));
        CHECK_FALSE(sk::reachable(s, queen, White, 3, 6));
        CHECK(sk::reachable(s, queen_took_g2, White, 3, 6));
      } else {  // f4 on f3
        CHECK(rest == std::set<std::tuple<int, int, int>>{{f_pawn, Pawn, sq::f3}});
        CHECK(s.captures == 3);
        CHECK(sk::reachable(s, queen, White, 3, 6));
        CHECK_FALSE(sk::reachable(s, queen, White, 2, 6));
      }
    }
    CHECK(seen == 2);
  }
  SECTION("targets over their limit: each core with its fewest captures") {
    sk::complete_targets(all, White, 6, 6, root, 200'000, 4'000'000, 1);
    int seen = 0;
    for (const auto& s : all) {
      if (!others(s).empty()) continue;
      ++seen;
      CHECK(s.captures == 3);
      CHECK(std::popcount(s.free_defenders) == 4);
      CHECK(sk::reachable(s, queen, White, 3, 6));
      CHECK_FALSE(sk::reachable(s, queen, White, 2, 6));
      CHECK(sk::reachable(s, queen_took_g2, White, 2, 6));
    }
    CHECK(seen == 1);
  }
  // No skeleton asks of a side's pawns more captures than the other side has units to lose (a
  // pawn on another file took one per file; a unit taken is placed nowhere). A careless
  // enumeration keeps f4 as a pawn on h2, two captures where White has one unit to spare.
  for (const auto& s : all) {
    int takes[2] = {0, 0}, victims[2] = {0, 0};
    std::uint32_t placed = 0;
    for (int i = 0; i < s.n; ++i) {
      const auto& p = s.p[i];
      placed |= 1u << p.unit;
      if (root.type[p.unit] == Pawn && p.type == Pawn)
        takes[root.color[p.unit]] += std::abs(file_of(p.square) - file_of(root.sq[p.unit]));
    }
    for (int u = 0; u < root.n; ++u)
      if (root.type[u] != King && !(placed >> u & 1)) ++victims[root.color[u]];
    CHECK(takes[White] <= victims[Black]);
    CHECK(takes[Black] <= victims[White]);
  }
  // The search with the cut finds the line Popeye prints.
  const auto with_cut = help_lines("8/8/6K1/8/1P3p2/8/1p1p2p1/7k b - - 0 1", 12, true, Target::Stalemate);
  CHECK(with_cut == std::set<std::string>{"g2g1b b4b5 g1a7 b5b6 b2b1r b6a7 b1b8 a7b8q d2d1n b8f4 d1f2 f4f2"});
}

TEST_CASE("stalemate skeletons: the help-stalemate search keeps Popeye's lines where units stay and pawns take",
          "[help][skeleton][stalemate]") {
  // Popeye's BEISPIEL/hpint.inp 109 (Wermelinger, h=6: White's pawn e2 takes its way to f8 and
  // promotes; the search without the cut takes far too long here), and three h=3 (26, 29, 98)
  // whose stalemates leave Black's pawns standing, blocked (26: 1.h1=N Rb1 2.c1=B g8=Q 3.axb1=R
  // Qb3=), compared with the search without the cut.
  CHECK(help_lines("5n2/K7/8/8/8/8/p2pP1p1/7k b - - 0 1", 12, true, Target::Stalemate) ==
        std::set<std::string>{"a2a1b e2e4 a1f6 e4e5 g2g1r e5f6 g1g7 f6g7 d2d1n g7f8q d1f2 f8f2"});
  for (const auto& [fen, plies] : std::vector<std::pair<std::string, int>>{
           {"8/6P1/8/8/1p6/6p1/pppk1pPp/b3RK2 b - - 0 1", 6},
           {"8/3P4/8/8/8/6p1/pkpp1pPp/b1RB1K2 b - - 0 1", 6},
           {"8/2P5/8/8/6K1/7p/pppp4/1Nk4R b - - 0 1", 6},
       }) {
    INFO(fen);
    const auto plain = help_lines(fen, plies, false, Target::Stalemate);
    CHECK_FALSE(plain.empty());
    CHECK(help_lines(fen, plies, true, Target::Stalemate) == plain);
  }
}

TEST_CASE("stalemate skeletons: the enumeration settles where the defender has many men and few moves matter",
          "[help][skeleton][stalemate]") {
  // Popeye's BEISPIEL/hpint.inp 54 (Szentai, 1968, h=8): three Black pawns promote to bishops that
  // White's pawn takes on its way to b8=Q. Stopping each defender's move in the order generated
  // ran the enumeration out of its steps (no cut: the search took 39 s); the most constrained
  // move first, the pins that never hold a line piece moving along the pin's line left out, and
  // the blocks counted settle it in a fraction of a second.
  const Position root = read_fen("8/8/8/8/8/p7/P2p1pp1/1K5k b - - 0 1");
  CHECK(sk::make_set(sk::Goal::Stalemate, root, White, 8, 8, sk::Limit) != nullptr);
  CHECK(help_lines("8/8/8/8/8/p7/P2p1pp1/1K5k b - - 0 1", 16, true, Target::Stalemate) ==
        std::set<std::string>{"d2d1b b1a1 d1b3 a2b3 f2f1b b3b4 f1a6 b4b5 g2g1b b5a6 g1h2 a6a7 h2b8 a7b8q a3a2 b8g3"});
}

TEST_CASE("mate skeletons: the tracker's kept sums agree with the skeletons summed anew at every depth", "[help][skeleton]") {
  // The tracker sums again only the skeletons whose units a move changed. Random help play from
  // positions with captures, promotions and castling rights (a rook's move takes a right and so
  // changes its king's distance: a careless tracker that follows only the moved units keeps a
  // skeleton the full sums drop), checked against reachable() on every skeleton at every depth.
  std::mt19937 rng(20261128);
#ifdef ARBITER_SANITIZED
  const int walks = 4;
#else
  const int walks = 25;
#endif
  int compared = 0, judged_out = 0, reached_small = 0;
  for (const auto& [fen, goal, plies] : std::vector<std::tuple<std::string, sk::Goal, int>>{
           {"4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1", sk::Goal::Mate, 6},
           {"r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", sk::Goal::Mate, 6},
           {"n2B4/8/8/3p4/pp1Pk2b/2p2prp/6P1/R3K1N1 b Q - 0 1", sk::Goal::Mate, 6},
           {"8/8/6K1/8/1P3p2/8/1p1p2p1/7k b - - 0 1", sk::Goal::Stalemate, 8},
       }) {
    INFO(fen);
    const Position root = read_fen(fen);
    const Color mater = root.side_to_move() == Black ? White : Black;  // the defender starts
    auto budgets = [&](const Position& pos, int left) {
      const bool mater_to_move = pos.side_to_move() == mater;
      return std::pair{(mater_to_move ? (left + 1) / 2 : left / 2) + sk::castling_bonus(pos, mater),
                       (mater_to_move ? left / 2 : (left + 1) / 2) + sk::castling_bonus(pos, ~mater)};
    };
    const auto [km0, kd0] = budgets(root, plies);
    const auto set = sk::make_set(goal, root, mater, km0 - sk::castling_bonus(root, mater),
                                  kd0 - sk::castling_bonus(root, ~mater), sk::Limit);
    REQUIRE(set != nullptr);
    for (int w = 0; w < walks; ++w) {
      Position pos = root;
      sk::Tracker tracker;
      tracker.start(set, set->root);
      std::vector<bool> alive(set->all.size(), true);
      sk::Units units = set->root;
      for (int d = 1; d < plies; ++d) {
        MoveList<> moves;
        orthodox::generate_legal(pos, moves);
        if (moves.size() == 0) break;
        const Move m = moves[int(rng() % unsigned(moves.size()))];
        tracker.play(std::size_t(d - 1), pos, m);
        units.play(pos, m);
        pos.make(m);
        const auto [km, kd] = budgets(pos, plies - d);
        // The O(1) judgement from the parent's smallest sum never drops a skeleton of the parent's
        // list that small budgets still reach here.
        for (int a = 0; a <= 2; ++a)
          for (int b = 0; b <= 2; ++b) {
            bool reached = false;
            for (std::size_t i = 0; i < alive.size(); ++i)
              reached = reached || (alive[i] && sk::reachable(set->all[i], units, mater, a, b));
            const bool cut = tracker.out_of_reach(std::size_t(d), a, b);
            CHECK_FALSE((cut && reached));
            judged_out += cut;
            reached_small += reached;
          }
        std::size_t expected = 0;
        for (std::size_t i = 0; i < alive.size(); ++i) {
          alive[i] = alive[i] && sk::reachable(set->all[i], units, mater, km, kd);
          expected += alive[i];
        }
        const bool any = tracker.keep(std::size_t(d), km, kd, false);
        CHECK(tracker.live_count(std::size_t(d)) == expected);
        CHECK(any == (expected > 0));
        ++compared;
        if (!any) break;
      }
    }
  }
  CHECK(compared > 40);
  CHECK(judged_out > 20);
  CHECK(reached_small > 20);
}

TEST_CASE("mate skeletons: the parent's smallest sum judges only where no castling right is left", "[help][skeleton]") {
  // Castling moves two units: a skeleton asking the king on g1 and the rook on f1 sums 2 before
  // O-O and 0 after it, so a judgement that trusted "one move, one step" with a right still held
  // would drop it at budgets 0 + 0.
  for (const char* fen : {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w - - 0 1"}) {
    INFO(fen);
    const Position pos = read_fen(fen);
    auto set = std::make_shared<sk::Set>();
    set->root.init(pos);
    const int king = set->root.at[sq::e1], rook = set->root.at[sq::h1];
    sk::Skeleton s;
    s.p[s.n++] = {std::uint8_t(king), King, sq::g1};
    s.p[s.n++] = {std::uint8_t(rook), Rook, sq::f1};
    set->all.push_back(s);
    set->units_of.push_back((1u << king) | (1u << rook));
    sk::Tracker tracker;
    tracker.start(set, set->root);
    const bool castles = pos.castling_rights() != 0;
    // Without the right the king needs two moves: the sum is 3, and one move leaves at least 2.
    tracker.play(0, pos, castles ? Move(sq::e1, sq::g1, MoveKind::Castling) : Move(sq::e1, sq::f1));
    CHECK(tracker.out_of_reach(1, 0, 0) == !castles);
    CHECK(tracker.keep(1, 0, 0, false) == castles);
  }
}

TEST_CASE("mate skeletons: repeated and dominated skeletons are dropped, the minimal ones kept", "[help][skeleton]") {
  auto skeleton = [](std::initializer_list<sk::Placement> ps) {
    sk::Skeleton s;
    for (const auto& p : ps) s.p[s.n++] = p;
    return s;
  };
  const sk::Placement king{0, King, sq::a1}, rook{1, Rook, sq::a8}, queen{2, Queen, sq::b3}, knight{3, Knight, sq::c2};
  std::vector<sk::Skeleton> all{
      skeleton({king, rook, queen}),
      skeleton({queen, king, rook}),          // the first again, in another order
      skeleton({king, rook}),                 // a subset of both: they go
      skeleton({king, queen, knight}),        // no subset of it is here: kept
      skeleton({king, {1, Rook, sq::a7}}),    // the rook elsewhere: kept
  };
  sk::keep_minimal(all);
  REQUIRE(all.size() == 3);
  CHECK(all[0].n == 2);
  CHECK(all[1].n == 3);
  CHECK(all[1].p[2].unit == 3);
  CHECK(all[2].p[1].square == sq::a7);
  // Complete stalemate targets: one that captures a unit the other leaves standing (placed) is
  // no subset of it, however its placements compare.
  auto captured = [&](std::initializer_list<sk::Placement> ps, std::uint32_t units) {
    sk::Skeleton s = skeleton(ps);
    s.free_defenders = units;
    s.captures = std::uint8_t(std::popcount(units));
    return s;
  };
  std::vector<sk::Skeleton> targets{
      captured({king, rook}, 1u << 2),
      captured({king, rook, queen}, 0),
      captured({king, rook, knight}, 1u << 2),  // holds the first with the same capture: goes
  };
  sk::keep_minimal(targets);
  REQUIRE(targets.size() == 2);
  CHECK(targets[0].captures == 1);
  CHECK(targets[1].n == 3);
  CHECK(targets[1].captures == 0);
}

TEST_CASE("mate skeletons: a root whose enumeration outgrew the limit is not enumerated again for more moves",
          "[help][skeleton]") {
  // Black to be mated by White's three pieces: many skeletons in 3 moves, few in 1.
  const Position pos = read_fen("4k3/8/8/8/8/8/8/R2QK1N1 w - - 0 1");
  sk::SetMaker maker(200);
  CHECK(maker.make(sk::Goal::Mate, pos, White, 3, 3) == nullptr);
  CHECK(maker.make(sk::Goal::Mate, pos, White, 4, 3) == nullptr);  // more moves: more skeletons
  // Fewer moves of the mater: a careless memory (any budget of a failed root) gives none here.
  const auto small = maker.make(sk::Goal::Mate, pos, White, 1, 1);
  REQUIRE(small != nullptr);
  CHECK(small->all.size() <= 200);
  CHECK(maker.make(sk::Goal::Mate, pos, White, 1, 1) == small);  // kept for the next search
  CHECK(maker.make(sk::Goal::Stalemate, pos, White, 1, 1) != small);
}
