// The goal c81 and Popeye's option GoalIsEnd (solver/stipulation/target.h, target_reached.h) in
// direct, self, help and series play: Popeye's expected outputs (BEISPIEL/chess81.inp and
// TESTS/goal_is_end.inp of its suite, REGRESSIONTESTS/chess81.out and goal_is_end.tst, copied
// as test data) give the keys and lines below; each GoalIsEnd case also shows what the play
// would be without the option, so a search that ignores it fails.

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "rules/orthodox/game.h"
#include "solver/prover/solve.h"
#include "tests/support/kingless_solve.h"
#include "solver/stipulation/target_reached.h"

using namespace arbiter;
using prover::Goal;

namespace {

using Set = std::set<std::string>;

Target c81(bool goal_is_end) {
  Target t = *target_of("c81");
  t.ends_play = goal_is_end;
  return t;
}

prover::Solution solved(const std::string& fen, Goal goal, const Target& t, int n, bool series = false) {
  return test::solve_kingless(fen, goal, t, n, series);
}

}  // namespace

TEST_CASE("c81: a man reaches its side's last rank, judged for the side that moved", "[goal][c81]") {
  auto game = orthodox::Game::from_fen("8/P7/8/8/8/8/p7/8 w - - 0 1", {"test", 1, 1}, test::kingless_rules());
  const Target t = c81(false);
  MoveList<> moves;
  game.generate_legal(moves);
  int reaching = 0;
  for (const Move m : moves) {
    const MoveFacts facts = move_facts(game, m);
    game.play(m);
    reaching += target_reached(game, t, facts);
    // A White man on the 1st rank, or a Black one on the 8th, has not reached the goal.
    game.undo();
  }
  CHECK(reaching == 4);  // a8=Q, R, B, N
  game.play_null();
  game.generate_legal(moves);
  reaching = 0;
  for (const Move m : moves) {
    const MoveFacts facts = move_facts(game, m);
    game.play(m);
    reaching += target_reached(game, t, facts);
    game.undo();
  }
  CHECK(reaching == 4);  // a1=Q, R, B, N for Black
  CHECK(t.symbol() == "c81");
}

TEST_CASE("c81 with GoalIsEnd in battle play: Popeye's expected keys", "[goal][c81][popeye]") {
  struct Case {
    const char* fen;
    Goal goal;
    int n;
    Set keys;
    const char* source;
  };
  const std::vector<Case> cases = {
      {"8/8/8/7k/4K2b/8/4R3/8 w - - 0 1", Goal::DirectMate, 7, {"e2h2"}, "BEISPIEL/chess81.inp 1 (c817)"},
      {"8/8/8/8/7b/6k1/8/4K2R w K - 0 1", Goal::DirectMate, 3, {"e1g1"}, "BEISPIEL/chess81.inp 2 (c813)"},
      {"3n2kn/7p/8/8/8/8/8/4K2R w - - 0 1", Goal::DirectMate, 3, {"h1h5"}, "BEISPIEL/chess81.inp 3 (c813)"},
      {"8/8/8/8/3K4/8/k7/3N4 w - - 0 1", Goal::SelfMate, 3, {"d4c3"}, "BEISPIEL/chess81.inp 4 (sc813)"},
      {"8/8/p7/8/8/8/7P/8 w - - 0 1", Goal::SelfMate, 5, {"h2h3"}, "TESTS/goal_is_end.inp 2 (sc815, no kings)"},
  };
  for (const auto& c : cases) {
    INFO(c.source << ": " << c.fen);
    const auto s = solved(c.fen, c.goal, c81(true), c.n);
    CHECK(s.verdict == prover::Verdict::Proved);
    CHECK(test::uci_keys(s) == c.keys);
  }
  // Without the option the play goes on past the wrong side's goal: in the kingless sc815 White
  // may then promote on h8 first (1.h4 cooks), and in the c817 Black's king runs to the 1st rank
  // without ending anything.
  CHECK(test::uci_keys(solved("8/8/p7/8/8/8/7P/8 w - - 0 1", Goal::SelfMate, c81(false), 5)) == Set{"h2h3", "h2h4"});
}

TEST_CASE("c81 with GoalIsEnd in help and series play: Popeye's expected lines", "[goal][c81][popeye]") {
  // hc815, no kings (TESTS/goal_is_end.inp 1): Black's pawn may not reach a1 on the way, so it
  // plays a7-a6, never a7-a5; four promotions on h8.
  const auto help = solved("8/p7/8/8/8/8/7P/8 b - - 0 1", Goal::HelpMate, c81(true), 5);
  const std::string walk = "a7a6 h2h4 a6a5 h4h5 a5a4 h5h6 a4a3 h6h7 a3a2 ";
  CHECK(test::uci_lines(help) == Set{walk + "h7h8q", walk + "h7h8r", walk + "h7h8b", walk + "h7h8n"});
  const auto without = test::uci_lines(solved("8/p7/8/8/8/8/7P/8 b - - 0 1", Goal::HelpMate, c81(false), 5));
  CHECK(without.size() > 4);  // then 1.a5 and 5.a1=Q lines are solutions too

  // hc812 (BEISPIEL/chess81.inp 5): 1.Bg7 hxg7 2.Kh6 g8=Q (R, B, N).
  CHECK(test::uci_lines(solved("7b/7k/7P/5K2/8/8/8/8 b - - 0 1", Goal::HelpMate, c81(true), 2)).size() == 4);

  // ser-hc812 after TESTS/goal_is_end.inp 3, without its hole on h8: Black's series may not
  // promote on g1 ("not 1.g1~"), which without the option starts further lines.
  const auto series = test::uci_lines(solved("8/7P/8/7n/8/8/6p1/8 b - - 0 1", Goal::HelpMate, c81(true), 2, true));
  const auto series_without = test::uci_lines(solved("8/7P/8/7n/8/8/6p1/8 b - - 0 1", Goal::HelpMate, c81(false), 2, true));
  CHECK(series.count("h5f6 f6g8 h7g8q") == 1);
  for (const auto& l : series) CHECK(l.find("g2g1") == std::string::npos);
  CHECK(std::any_of(series_without.begin(), series_without.end(), [](const std::string& l) { return l.find("g2g1") != std::string::npos; }));
  CHECK(series.size() < series_without.size());
}
