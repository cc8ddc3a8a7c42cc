// Help-self and help-reflex play ("hs#n", "hr#n": solver/prover/help_search.h, set_help_end;
// help_solve.h): the search, with its table, must list exactly the lines a plain walk of the
// definitions lists, on chosen and on random positions; and Popeye's expected outputs
// (REGRESSIONS/4_51_to_4_53.inp and TESTS/help_play.inp of its suite, REGRESSIONTESTS/*.reg,
// *.tst; copied as test data) give the lines of the problems below.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/orthodox/game.h"
#include "solver/prover/solve.h"
#include "solver/stipulation/target_reached.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

using Lines = std::set<std::string>;

Target target(const char* symbol) { return *target_of(symbol); }

std::string line_text(orthodox::Game game, const std::vector<Move>& line) {
  std::string s;
  for (const Move m : line) {
    if (!s.empty()) s += ' ';
    s += game.move_uci(m);
    game.play(m);
  }
  return s;
}

Lines solved_lines(const std::string& fen, int n, bool half_move, HelpEnd end, const Target& goal, prover::Solution* out = nullptr) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  prover::SolveOptions o;
  o.goal = prover::Goal::HelpMate;
  o.help_end = end;
  o.target = goal;
  o.n = n;
  o.half_move = half_move;
  o.limits.hash_megabytes = 1;
  const auto s = prover::solve(game, o);
  Lines lines;
  for (const auto& line : s.solutions) {
    std::string text;
    for (const auto& m : line.moves) text += (text.empty() ? "" : " ") + m.uci;
    lines.insert(text);
  }
  if (out) *out = s;
  return lines;
}

// The definitions, walked: `p` help plies left, `mater` the side that makes the last help move
// to move. hs: after a mater move, the other side has moves and every one reaches the goal: each
// ends a line. hr: the other side reaches the goal whenever it can (each goal move ends a line),
// and a mater able to reach the goal must, which ends every line there.
struct Walk {
  HelpEnd end;
  Target goal;
  orthodox::Game root;
  Lines out;

  std::vector<Move> goal_moves(orthodox::Game& game) {
    std::vector<Move> found;
    MoveList<> moves;
    game.generate_legal(moves);
    for (const Move m : moves) {
      const MoveFacts facts = move_facts(game, m);
      game.play(m);
      if (target_reached(game, goal, facts)) found.push_back(m);
      game.undo();
    }
    return found;
  }

  void record(std::vector<Move>& path, const std::vector<Move>& replies) {
    for (const Move r : replies) {
      path.push_back(r);
      out.insert(line_text(root, path));
      path.pop_back();
    }
  }

  void walk(orthodox::Game& game, int p, bool mater, std::vector<Move>& path) {
    if (end == HelpEnd::Reflex) {
      const auto reach = goal_moves(game);
      if (!mater && !reach.empty()) return record(path, reach);
      if (mater && !reach.empty()) return;
    }
    MoveList<> moves;
    game.generate_legal(moves);
    for (const Move m : moves) {
      game.play(m);
      path.push_back(m);
      if (!mater) {
        walk(game, p - 1, true, path);
      } else if (end == HelpEnd::Self) {
        MoveList<> replies;
        game.generate_legal(replies);
        const auto reach = goal_moves(game);
        if (!reach.empty() && int(reach.size()) == replies.size()) record(path, reach);
        else if (p >= 3) walk(game, p - 1, false, path);
      } else if (p == 1) {
        record(path, goal_moves(game));
      } else {
        walk(game, p - 1, false, path);
      }
      path.pop_back();
      game.undo();
    }
  }
};

Lines walked(const std::string& fen, int n, bool half_move, HelpEnd end, const Target& goal) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  Walk w{end, goal, game, {}};
  const int help_plies = 2 * n + (half_move ? 1 : 0) - 1;
  std::vector<Move> path;
  w.walk(game, help_plies, help_plies % 2 == 1, path);
  return w.out;
}

}  // namespace

TEST_CASE("help-reflex play: Popeye's expected lines", "[help][reflex][popeye]") {
  struct Case {
    const char* fen;
    int n;
    bool half_move;
    Lines lines;
    const char* source;
  };
  const std::vector<Case> cases = {
      {"7k/5B1p/8/7K/8/8/1R6/b7 w - - 0 1", 2, false, {"h5h6 a1b2 f7h5 b2c1"}, "REGRESSIONS/4_51_to_4_53.inp 8"},
      {"8/8/P1K5/3p4/1p1P4/kp6/8/2N5 w - - 0 1", 3, false,
       {"c6b7 b3b2 b7a8 b2c1q a6a7 c1c8", "c6b7 b3b2 a6a7 b2c1q b7a8 c1c8"}, "REGRESSIONS/4_51_to_4_53.inp 26"},
      {"Q7/8/8/p7/4p3/k7/3P4/3K4 b - - 0 1", 2, true, {"e4e3 d1c1 e3d2 c1b1 d2d1q"}, "REGRESSIONS/4_51_to_4_53.inp 27"},
      // Black can mate at once, and must: the lines end there (short solutions).
      {"8/8/7p/8/8/kp5P/p7/K7 b - - 0 1", 1, true, {"b3b2"}, "TESTS/help_play.inp 8"},
      {"8/8/7p/8/8/kp3P2/p7/K7 w - - 0 1", 2, false, {"f3f4 b3b2"}, "TESTS/help_play.inp 9"},
      // White can mate at once, and must: no solution (Popeye's "1.Qf6-d8 # ?!?").
      {"1k6/8/K4Q2/7r/6r1/8/8/8 w - - 0 1", 1, false, {}, "TESTS/help_play.inp 11"},
  };
  for (const auto& c : cases) {
    INFO(c.source << ": " << c.fen);
    prover::Solution s;
    CHECK(solved_lines(c.fen, c.n, c.half_move, HelpEnd::Reflex, target("#"), &s) == c.lines);
    CHECK(walked(c.fen, c.n, c.half_move, HelpEnd::Reflex, target("#")) == c.lines);
    CHECK(s.verdict == (c.lines.empty() ? prover::Verdict::Refuted : prover::Verdict::Proved));
  }
  prover::Solution forced;
  (void)solved_lines("1k6/8/K4Q2/7r/6r1/8/8/8 w - - 0 1", 1, false, HelpEnd::Reflex, target("#"), &forced);
  REQUIRE(forced.forced_goal_moves.size() == 1);
  CHECK(forced.forced_goal_moves[0].uci == "f6d8");
  CHECK(forced.stipulation == "hr#1");
}

TEST_CASE("help-self play: Popeye's lines", "[help][self][popeye]") {
  // REGRESSIONS/4_61_to_4_63.inp 26 (its expected output lists 3 lines under MaxSolutions 3);
  // Popeye 4.104 run live without the option lists these six.
  const std::string fen = "1B5N/6Pr/8/R4pp1/4kP1b/3R2pK/1N4PP/8 w - - 0 1";
  const Lines popeye = {"b2d1 g3h2 d1f2 h4f2", "a5a1 g3h2 a1e1 h4e1", "a5a7 g5f4 a7e7 h4e7",
                        "a5e5 e4f4 h2g3 h4g3", "g7g8n g5f4 g8f6 h4f6", "h8f7 g5f4 f7g5 h4g5"};
  CHECK(solved_lines(fen, 2, false, HelpEnd::Self, target("#")) == popeye);
  CHECK(walked(fen, 2, false, HelpEnd::Self, target("#")) == popeye);
  // A help-reflex reading of the same diagram differs: Black's mates are forced wherever it has one.
  CHECK(solved_lines(fen, 2, false, HelpEnd::Reflex, target("#")) == walked(fen, 2, false, HelpEnd::Reflex, target("#")));
}

TEST_CASE("help-self and help-reflex play: the search lists what the definition's walk lists", "[help][reflex]") {
  struct Play {
    HelpEnd end;
    const char* goal;
    int n;
    bool half_move;
  };
  const std::vector<Play> plays = {
      {HelpEnd::Reflex, "#", 1, true}, {HelpEnd::Reflex, "#", 2, false}, {HelpEnd::Reflex, "+", 1, true},
      {HelpEnd::Self, "x", 1, true},
  };
  std::vector<int> with_lines(plays.size(), 0);
  for (const auto& fen : test::sparse_positions(30, 1126)) {
    for (std::size_t i = 0; i < plays.size(); ++i) {
      const Play& p = plays[i];
      INFO(fen << " " << prover::stipulation_text(prover::Goal::HelpMate, p.n, p.half_move, target(p.goal), false, p.end));
      const Lines walk = walked(fen, p.n, p.half_move, p.end, target(p.goal));
      CHECK(solved_lines(fen, p.n, p.half_move, p.end, target(p.goal)) == walk);
      with_lines[i] += walk.empty() ? 0 : 1;
    }
  }
  // The sample exercises each play (a walk that finds no line would agree with a search that finds
  // none). Help-self mates are rare among a few random men: the chosen case above has them.
  for (std::size_t i = 0; i < plays.size(); ++i) {
    INFO(prover::stipulation_text(prover::Goal::HelpMate, plays[i].n, plays[i].half_move, target(plays[i].goal), false, plays[i].end));
    CHECK(with_lines[i] > 0);
  }
}
