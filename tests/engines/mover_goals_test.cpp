// The goals that judge the side that moved (solver/stipulation/mover_goals.h): !# auto-mate,
// != auto-stalemate, ## double mate, ##! counter-mate, whose goal move (but for !=) leaves the
// mover's own king attacked. Popeye's expected outputs (TESTS/help_play.inp, series_play.inp,
// battle_play.inp, REGRESSIONS/4_55_to_4_57.inp and EXAMPLES/automate.inp of its suite, with
// REGRESSIONTESTS/*.tst, *.reg, automate.ref; copied as test data) give the solutions below;
// the cases where Popeye names a prerequisite as the reason for "no solution" show that a
// search without it fails.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "solver/prover/solve.h"
#include "tests/support/kingless_solve.h"
#include "solver/stipulation/mover_goals.h"

using namespace arbiter;
using prover::Goal;

namespace {

using Set = std::set<std::string>;

prover::Solution solved(const std::string& fen, Goal goal, const char* symbol, int n, bool series = false) {
  return test::solve_kingless(fen, goal, *target_of(symbol), n, series);
}

Position position(const std::string& fen) {
  FenOptions o;
  o.orthodox_legality = false;  // the positions after a goal move: a king stands attacked by the side to move
  o.kings_optional = true;
  return read_fen(fen, {"test", 1, 1}, o);
}

}  // namespace

TEST_CASE("mover goals: judged on both sides, a king capture being a move like another", "[goal][mover]") {
  // After 1.Ka3-a2 of TESTS/help_play.inp 5: both kings attacked, neither side with a move
  // (Black's Kxa2 would stand on the bishop's diagonal; White's king has no square).
  Position counter = position("8/8/8/8/6r1/2q5/K7/kB6 b - - 0 1");
  CHECK_FALSE(mover_goals::mobile(counter, Black));
  CHECK_FALSE(mover_goals::mobile(counter, White));
  CHECK(mover_goals::reached(counter, *target_of("##!")));
  CHECK(mover_goals::reached(counter, *target_of("##")));
  CHECK_FALSE(mover_goals::reached(counter, *target_of("!=")));
  // Without the bishop Black's king takes White's: a legal move, so Black is not mated.
  Position capture = position("8/8/8/8/6r1/2q5/K7/k7 b - - 0 1");
  CHECK(mover_goals::mobile(capture, Black));
  CHECK_FALSE(mover_goals::reached(capture, *target_of("##")));
  // Auto-mate after 1.g2-g4 (EXAMPLES/automate.inp 1): White, the mover, is mated by its own move.
  Position automate = position("8/8/8/8/6P1/r7/r6K/r7 b - - 0 1");
  CHECK(mover_goals::reached(automate, *target_of("!#")));
  // Auto-stalemate: the mover has no move and gives no check.
  Position autostale = position("8/8/8/8/8/1p6/p1k5/K7 b - - 0 1");
  CHECK(mover_goals::reached(autostale, *target_of("!=")));
  CHECK_FALSE(mover_goals::reached(autostale, *target_of("!#")));
}

TEST_CASE("mover goals in help and series play: Popeye's expected lines", "[goal][mover][popeye]") {
  // h##!2 (TESTS/help_play.inp 5): Black mates White, who counter-mates with a king move into check.
  CHECK(test::uci_lines(solved("7q/6rB/8/8/8/K7/8/k7 b - - 0 1", Goal::HelpMate, "##!", 2)) == Set{"g7g4 h7b1 h8c3 a3a2"});
  // h##2 (TESTS/help_play.inp 6).
  CHECK(test::uci_lines(solved("8/8/8/6p1/4K1kN/6P1/4p1pq/7R b - - 0 1", Goal::HelpMate, "##", 2)) == Set{"g4h3 e4f3 g5g4 f3g2"});
  // ser-h##!2 (TESTS/series_play.inp 3).
  CHECK(test::uci_lines(solved("7q/6r1/8/8/8/K7/8/kB6 b - - 0 1", Goal::HelpMate, "##!", 2, true)) == Set{"g7g4 h8c3 a3a2"});
  // ser-##2 (TESTS/series_play.inp 2): "no solution because of stalemate after 1.Kh2-h3": a double
  // mate needs a mover that had a legal move.
  CHECK(test::uci_lines(solved("8/8/6r1/6Pk/7P/r5P1/r6K/8 w - - 0 1", Goal::DirectMate, "##", 2, true)).empty());
  // ser-!#11 (EXAMPLES/automate.inp 2, Klaus Funk, Gaudium 2018).
  CHECK(test::uci_lines(solved("8/K7/2b5/8/8/5P1k/3n3P/2n3B1 w - - 0 1", Goal::DirectMate, "!#", 11, true)) ==
        Set{"a7a6 g1a7 a6b6 b6c5 c5d4 d4e3 e3f2 f2g1 g1h1 a7g1 f3f4"});
}

TEST_CASE("mover goals in direct play: Popeye's expected keys", "[goal][mover][popeye]") {
  struct Case {
    const char* fen;
    const char* goal;
    int n;
    Set keys;
    const char* source;
  };
  const std::vector<Case> cases = {
      // 1.Ra8! (1.Ra6? and 1.Ra7? fail only because White is not mate before its counter-mate).
      {"7b/6P1/8/R7/np6/kP6/P7/KB6 w - - 0 1", "##!", 2, {"a5a8"}, "TESTS/battle_play.inp 7"},
      {"1RK5/k7/8/2qr4/8/8/8/8 w - - 0 1", "##!", 2, {"c8b7"}, "TESTS/battle_play.inp 8 (short)"},
      {"7k/6b1/6PK/8/8/8/8/8 w - - 0 1", "##", 1, {"h6h7"}, "REGRESSIONS/4_55_to_4_57.inp 5 a)"},
      // b) and c): White, in check from the bishop, has no legal move: no double mate.
      {"7k/6b1/6PK/r7/8/8/8/8 w - - 0 1", "##", 1, {}, "REGRESSIONS/4_55_to_4_57.inp 5 b)"},
      {"7k/6b1/6PK/r7/8/8/8/8 w - - 0 1", "##", 2, {}, "REGRESSIONS/4_55_to_4_57.inp 5 c)"},
      {"8/8/8/8/8/r7/r5PK/r7 w - - 0 1", "!#", 1, {"g2g4"}, "EXAMPLES/automate.inp 1 a)"},
      {"8/8/8/8/8/r7/r5pK/r7 w - - 0 1", "!#", 1, {"h2g2"}, "EXAMPLES/automate.inp 1 b)"},
  };
  for (const auto& c : cases) {
    INFO(c.source << ": " << c.fen << " " << c.goal << c.n);
    const auto s = solved(c.fen, Goal::DirectMate, c.goal, c.n);
    CHECK(test::uci_keys(s) == c.keys);
    CHECK(s.verdict == (c.keys.empty() ? prover::Verdict::Refuted : prover::Verdict::Proved));
  }
}

TEST_CASE("mover goals in reflex play: the defender's goal moves the rules otherwise forbid", "[goal][mover][popeye]") {
  // Positions run live through Popeye 4.104 (built outside the repository), its keys below. The
  // defender's goal moves of !#, ## and ##! leave its own king attacked: a reflex engine that
  // looked among the legal moves alone would find none, and no key.
  struct Case {
    const char* fen;
    Goal goal;
    const char* symbol;
    Set keys;
  };
  const std::vector<Case> cases = {
      // semi-r##!1 and r##!1: 1.Rd2-d5+! 1...Bf6-c3 ##! (Black, mated, counter-mates).
      {"8/8/R4bp1/K1k5/4r3/8/B2R4/8 w - - 0 1", Goal::SemiReflexMate, "##!", {"d2d5"}},
      {"8/8/R4bp1/K1k5/4r3/8/B2R4/8 w - - 0 1", Goal::ReflexMate, "##!", {"d2d5"}},
      // r!#1: 1.Rd7-d8+! and 1.Re7-e8+!, after which every move of Black's mates itself.
      {"6k1/3RR3/8/8/1K6/Nb6/8/2n5 w - - 0 1", Goal::ReflexMate, "!#", {"d7d8", "e7e8"}},
  };
  for (const auto& c : cases) {
    INFO(c.fen << " " << c.symbol);
    const auto s = solved(c.fen, c.goal, c.symbol, 1);
    CHECK(test::uci_keys(s) == c.keys);
  }
}
