// The two cuts of the fairy rule set's legality test (rules/fairy/movegen.h): CertainlyLegal
// (a side not in check: moves off every enemy line through a royal square are legal unplayed)
// and CheckEvasions (a side in check: moves touching none of an attack's squares are illegal
// unplayed). Each position is one a careless version of a cut gets wrong; each list is also
// compared with the full test (every candidate played and the predicates asked).

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/fairy/game.h"
#include "tests/support/legal_moves.h"

using namespace arbiter;
using test::legal_uci;
using test::sorted;

namespace {

using Moves = std::vector<std::string>;

// Every candidate played and judged by the named predicates, no cut.
Moves fully_tested_uci(fairy::Game game) {
  fairy::FairyMoveList candidates;
  game.generate_candidates(candidates);
  Moves out;
  for (const auto& m : candidates)
    if (!game.rejecting_predicate(m)) out.push_back(game.move_uci(m));
  return sorted(out);
}

fairy::Game at(const std::string& fen) { return fairy::Game::from_fen(fen, {"test", 1, 1}); }

// The legal moves of `fen` (the cuts at work), checked against the full test.
Moves judged(const std::string& fen) {
  const auto game = at(fen);
  const Moves legal = legal_uci(game);
  CHECK(legal == fully_tested_uci(game));
  return legal;
}

bool has(const Moves& moves, const std::string& m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); }

}  // namespace

TEST_CASE("legality cut, not in check: a line matters up to the farthest enemy man of its walk", "[fairy][legality-cut]") {
  // Black paos on e2 and e8, the white knight on e3 between them: the e2 pao (next to the king)
  // attacks nothing, but the e8 pao takes e1 over the e2 pao once the knight is gone. A cut that
  // looked only as far as the nearest pao would let the knight move.
  const Moves legal = judged("4(pa)k2/8/8/8/8/4N3/4(pa)3/4K3 w - - 0 1");
  for (const auto& m : legal) CHECK_FALSE(m.starts_with("e3"));
  CHECK(legal == sorted({"e1d1", "e1d2", "e1f1", "e1f2"}));
}

TEST_CASE("legality cut, in check: a hopper's check is met on the squares it passes", "[fairy][legality-cut]") {
  // The black grasshopper on e6 checks over the bishop on e2. Met by the bishop leaving (the
  // hurdle gone), the rook onto e4 or the knight onto e3 (squares it passes: an evasion cut that
  // knew only the attacker's square would refuse them), the rook taking it; not by a2-a3.
  const Moves legal = judged("7k/8/R3(g)3/8/8/8/P1N1B3/4K3 w - - 0 1");
  CHECK(has(legal, "a6e6"));
  CHECK(has(legal, "c2e3"));
  CHECK(has(legal, "e2d3"));
  CHECK_FALSE(has(legal, "a2a3"));
  CHECK_FALSE(has(legal, "c2a1"));
}

TEST_CASE("legality cut, in check: a locust's check is met on its landing square", "[fairy][legality-cut]") {
  // The black locust on e5 takes the king on e2 by landing on e1, which must be empty: the
  // knight's c2-e1 meets the check there, beyond the king (a cut that forgot the landing square
  // would refuse it); a2-a3 does not.
  const Moves legal = judged("7k/8/8/4(l)3/8/8/P1N1K3/8 w - - 0 1");
  CHECK(has(legal, "c2e1"));
  CHECK(has(legal, "c2e3"));
  CHECK_FALSE(has(legal, "a2a3"));
  CHECK_FALSE(has(legal, "c2a1"));
}

TEST_CASE("legality cut, in check: a nonstop equihopper's hurdle is the one square between", "[fairy][legality-cut]") {
  // The black nonstop equihopper on c5 takes e1 over d3 (a knight's leap twice): the white knight
  // leaving d3 meets the check, any other man's move does not.
  const Moves legal = judged("7k/8/8/2(ne)5/8/3N4/P7/4K3 w - - 0 1");
  CHECK(has(legal, "d3c5"));
  CHECK(has(legal, "d3f4"));
  CHECK_FALSE(has(legal, "a2a3"));
}

TEST_CASE("check cut: a line matters up to the farthest man of its walk, the mover's new square too", "[fairy][legality-cut]") {
  // White paos on e7 and e1, the knight on e6 between: the e7 pao (next to the king) checks
  // nothing, the e1 pao checks over the e7 pao once the knight is gone: every knight move checks
  // (a cut that looked only as far as the nearest pao would call them quiet). The rook checks
  // from its new square only on the king's lines; a2-a3 changes nothing.
  const auto game = at("4k3/4(PA)3/4N3/8/8/8/P6R/4(PA)2K w - - 0 1");
  const auto test = game.check_test();
  auto gives_check = [&](const std::string& uci) {
    fairy::FairyMoveList moves;
    game.generate_legal(moves);
    for (const auto& m : moves)
      if (game.move_uci(m) == uci) return test.gives_check(m);
    FAIL("no move " << uci);
    return false;
  };
  CHECK(gives_check("e6c5"));
  CHECK(gives_check("e6g7"));
  CHECK(gives_check("h2h8"));
  CHECK_FALSE(gives_check("h2h7"));
  CHECK_FALSE(gives_check("a2a3"));
}

TEST_CASE("legality cut, not in check: a neutral mover observes for the enemy from its new square", "[fairy][legality-cut]") {
  // The neutral rook on a5 belongs to both sides: on e5 or a1 it would observe the white king for
  // Black (a cut that judged it as a white man would let it go there); on h5 or a8 it does not.
  const Moves legal = judged("7k/8/8/(n:R)7/8/8/8/4K3 w - - 0 1");
  CHECK_FALSE(has(legal, "a5e5"));
  CHECK_FALSE(has(legal, "a5a1"));
  CHECK(has(legal, "a5h5"));
  CHECK(has(legal, "a5a8"));
}

TEST_CASE("check cut: a half-neutral or neutral king that moves is the enemy's king on its new square", "[fairy][legality-cut]") {
  // BEISPIEL/halbneut.inp 12 of Popeye's suite (REGRESSIONTESTS/halbneut.out: "1...Lf1-d3
  // 2.nSe3-c4 hnKe1-d1=nh #"), no black king: White's half-neutral king goes to d1 and is neutral
  // there, Black's king too, in check from the rook on h1. A cut that drew the lines to Black's
  // royal squares before the move (none) calls it quiet; so too a neutral king's move.
  auto gives_check = [](const std::string& fen, const std::string& uci) {
    const auto game = at(fen);
    const auto test = game.check_test();
    fairy::FairyMoveList moves;
    game.generate_legal(moves);
    for (const auto& m : moves)
      if (game.move_uci(m) == uci) {
        auto played = game;
        played.play(m);
        CHECK(test.gives_check(m) == played.in_check());
        return test.gives_check(m);
      }
    FAIL("no move " << uci);
    return false;
  };
  CHECK(gives_check("8/8/8/8/2(n:S)5/3B4/8/4(h:K)2R w - - 0 1", "e1d1"));
  CHECK_FALSE(gives_check("8/8/8/8/2(n:S)5/3B4/8/4(h:K)2R w - - 0 1", "e1f2"));
  CHECK(gives_check("8/8/8/8/8/8/7R/4(n:K)3 w - - 0 1", "e1e2"));
  CHECK_FALSE(gives_check("8/8/8/8/8/8/7R/4(n:K)3 w - - 0 1", "e1d1"));
}
