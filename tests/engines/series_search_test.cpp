// Series play and help play towards other goals (solver/prover/series_search.h,
// help_search.h with set_target, solver/stipulation/target_reached.h): the searches, with their
// tables and filters, must list exactly the lines a plain walk written from the definitions
// lists, on chosen and on random positions; and Popeye 4.104, run live on the positions below
// (its output copied as test data), gives the expected solutions.

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "solver/prover/help_search.h"
#include "solver/prover/series_search.h"
#include "solver/prover/solve.h"
#include "solver/stipulation/stipulation_form.h"
#include "tests/engines/help_lines.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using prover::SeriesPlay;

namespace {

using Lines = std::set<std::string>;

// A line in UCI; in series play the other side passes between the series moves.
std::string line_text(orthodox::Game game, const std::vector<Move>& line, int series_moves = 0) {
  std::string s;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!s.empty()) s += ' ';
    s += game.move_uci(line[i]);
    game.play(line[i]);
    if (int(i) + 1 < series_moves) game.play_null();
  }
  return s;
}

Target target(const char* symbol, const char* square = "") { return *target_of(symbol, square); }

Lines series_lines(const std::string& fen, int n, SeriesPlay play, const Target& goal) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  prover::Limits limits;
  limits.hash_megabytes = 1;
  prover::SeriesSearch<orthodox::Game> search(game, limits, play, goal);
  Lines out;
  for (const auto& line : search.solutions(n))
    out.insert(line_text(game, line, int(line.size()) - (play == SeriesPlay::Help ? 1 : 0)));
  return out;
}

// The definition of series play, walked without table or filter: the series side plays up to
// `left` moves, none but the last giving check; a direct series's line ends at the first move
// that reaches the goal; a help series's line ends with the other side's move reaching it, and
// may go on from there.
void walk_series(orthodox::Game& game, int left, SeriesPlay play, const Target& goal, std::vector<Move>& path,
                 const orthodox::Game& root, Lines& out) {
  MoveList<> moves;
  game.generate_legal(moves);
  for (const Move m : moves) {
    const MoveFacts facts = move_facts(game, m);
    game.play(m);
    path.push_back(m);
    const int series_moves = int(path.size());
    bool ended = false;
    if (play == SeriesPlay::Direct) {
      ended = target_reached(game, goal, facts);
      if (ended) out.insert(line_text(root, path, series_moves));
    } else {
      MoveList<> replies;
      game.generate_legal(replies);
      for (const Move r : replies) {
        const MoveFacts rf = move_facts(game, r);
        game.play(r);
        if (target_reached(game, goal, rf)) {
          path.push_back(r);
          out.insert(line_text(root, path, series_moves));
          path.pop_back();
        }
        game.undo();
      }
    }
    if (!ended && left > 1 && !game.in_check()) {
      game.play_null();
      walk_series(game, left - 1, play, goal, path, root, out);
      game.undo_null();
    }
    path.pop_back();
    game.undo();
  }
}

// The lines a walk lists from `fen`: walk(game, path, root, out).
template <class Walk>
Lines walked(const std::string& fen, Walk walk) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  const orthodox::Game root = game;
  std::vector<Move> path;
  Lines out;
  walk(game, path, root, out);
  return out;
}

Lines walked_series(const std::string& fen, int n, SeriesPlay play, const Target& goal) {
  return walked(fen, [&](auto& game, auto& path, const auto& root, Lines& out) { walk_series(game, n, play, goal, path, root, out); });
}

Lines help_lines(const std::string& fen, int plies, const Target& goal) {
  return test::help_lines(fen, plies, prover::HelpCuts{}, goal);
}

// Help play's definition: both sides move in turn; a line ends at the first move of the side
// aiming at the goal (the side that moves last in a full line) that reaches it.
void walk_help(orthodox::Game& game, int p, bool aimer, const Target& goal, std::vector<Move>& path, const orthodox::Game& root,
               Lines& out) {
  MoveList<> moves;
  game.generate_legal(moves);
  for (const Move m : moves) {
    const MoveFacts facts = move_facts(game, m);
    game.play(m);
    path.push_back(m);
    if (aimer && target_reached(game, goal, facts)) out.insert(line_text(root, path));
    else if (p > 1) walk_help(game, p - 1, !aimer, goal, path, root, out);
    path.pop_back();
    game.undo();
  }
}

Lines walked_help(const std::string& fen, int plies, const Target& goal) {
  return walked(fen, [&](auto& game, auto& path, const auto& root, Lines& out) {
    walk_help(game, plies, plies % 2 == 1, goal, path, root, out);
  });
}

}  // namespace

TEST_CASE("series play: the search lists what the definition's walk lists", "[series]") {
  struct Case {
    const char* fen;
    int n;
    SeriesPlay play;
    const char* goal;
  };
  const std::vector<Case> cases = {
      {"k7/7p/1K6/8/8/8/8/3R4 b - - 0 1", 3, SeriesPlay::Help, "#"},
      {"k7/6pp/1K6/8/8/8/8/3R4 b - - 0 1", 3, SeriesPlay::Help, "#"},
      {"7k/pp6/8/8/8/8/8/3R3K w - - 0 1", 3, SeriesPlay::Direct, "x"},
      {"k7/pp6/8/8/8/8/8/3Q3K w - - 0 1", 3, SeriesPlay::Direct, "#"},
      {"4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1", 3, SeriesPlay::Direct, "00"},   // 0-0-0 at once; 0-0 once a6 is taken
      {"7k/8/8/8/3p4/8/4P3/K7 w - - 0 1", 2, SeriesPlay::Help, "ep"},       // White's double step, Black's e.p.
      {"k7/8/8/1K6/8/8/8/1Q6 b - - 0 1", 3, SeriesPlay::Help, "="},
      {"7k/5Q2/8/8/8/8/8/K7 w - - 0 1", 3, SeriesPlay::Direct, "="},
      {"7k/8/8/8/8/8/8/K2R4 w - - 0 1", 2, SeriesPlay::Direct, "+"},
  };
  for (const auto& c : cases) {
    INFO(c.fen << " " << c.goal << c.n);
    const Lines walked = walked_series(c.fen, c.n, c.play, target(c.goal));
    CHECK_FALSE(walked.empty());  // each case has solutions to compare
    CHECK(series_lines(c.fen, c.n, c.play, target(c.goal)) == walked);
  }
  // Random positions, every goal, both plays: a table keyed without the series length, or one
  // that let a direct series go on past its goal, differs here.
  int compared = 0, with_lines = 0;
  for (const auto& fen : test::sparse_positions(60, 20261126)) {
    for (const char* goal : {"#", "=", "+", "x"}) {
      for (const SeriesPlay play : {SeriesPlay::Direct, SeriesPlay::Help}) {
        INFO(fen << " " << goal << (play == SeriesPlay::Help ? " help" : " direct"));
        const Lines walked = walked_series(fen, 2, play, target(goal));
        CHECK(series_lines(fen, 2, play, target(goal)) == walked);
        ++compared;
        with_lines += walked.empty() ? 0 : 1;
      }
    }
  }
  CHECK(compared == 480);
  CHECK(with_lines > 100);  // the sweep is not all empty lists
  // Three series moves towards mate and stalemate, where the mating skeletons (mate_skeleton.h)
  // prune below the root.
  int deeper = 0;
  for (const auto& fen : test::sparse_positions(30, 20261127)) {
    for (const char* goal : {"#", "="}) {
      for (const SeriesPlay play : {SeriesPlay::Direct, SeriesPlay::Help}) {
        INFO(fen << " " << goal << 3 << (play == SeriesPlay::Help ? " help" : " direct"));
        const Lines walked = walked_series(fen, 3, play, target(goal));
        CHECK(series_lines(fen, 3, play, target(goal)) == walked);
        deeper += walked.empty() ? 0 : 1;
      }
    }
  }
  CHECK(deeper > 10);
  // Positions near a stalemate of Black (the stalemate bound and filter, stalemate_filter.h):
  // ser-h=2, Black's two moves then White's stalemating one.
  int stalemates = 0;
  for (const auto& fen : test::near_stalemate_positions(2000, 11)) {
    INFO(fen << " ser-h=2");
    const Lines walked = walked_series(fen, 2, SeriesPlay::Help, target("="));
    CHECK(series_lines(fen, 2, SeriesPlay::Help, target("=")) == walked);
    stalemates += walked.empty() ? 0 : 1;
  }
  CHECK(stalemates >= 10);
}

TEST_CASE("help play towards other goals: the search with its cuts lists what the walk lists", "[help][target]") {
  struct Case {
    const char* fen;
    int plies;
    const char* goal;
    const char* square;
  };
  const std::vector<Case> cases = {
      {"k7/8/1K6/8/8/8/8/7R b - - 0 1", 4, "=", ""},      // h=2
      {"k7/8/1K6/8/8/8/8/7R b - - 0 1", 4, "#", ""},      // the same position's h#2, for contrast
      {"k7/8/1K6/8/8/8/8/7R b - - 0 1", 4, "#=", ""},
      {"k7/8/1K6/8/8/8/8/7R b - - 0 1", 3, "+", ""},      // h+1.5
      {"7k/pp6/8/8/8/8/8/3R3K b - - 0 1", 4, "x", ""},
      {"7k/pp6/8/8/8/8/8/3R3K b - - 0 1", 4, "z", "d7"},
      {"k7/p7/P7/8/8/8/8/7K w - - 0 1", 5, "==", ""},     // h==2.5: both kings without a move
  };
  for (const auto& c : cases) {
    INFO(c.fen << " " << c.goal << c.square << " " << c.plies << " plies");
    const Lines walked = walked_help(c.fen, c.plies, target(c.goal, c.square));
    CHECK(help_lines(c.fen, c.plies, target(c.goal, c.square)) == walked);
  }
  int with_lines = 0;
  for (const auto& fen : test::sparse_positions(60, 7)) {
    for (const char* goal : {"=", "+", "x", "#="}) {
      INFO(fen << " " << goal);
      const Lines walked = walked_help(fen, 3, target(goal));
      CHECK(help_lines(fen, 3, target(goal)) == walked);
      with_lines += walked.empty() ? 0 : 1;
    }
  }
  CHECK(with_lines > 50);
}

// Popeye 4.104 run live (the inputs below, in Popeye's language) on 2026-11-26; its lines, as
// UCI, are the expected sets.
TEST_CASE("series play: Popeye's solutions", "[series][popeye]") {
  auto solve = [](const char* fen, const char* stipulation) {
    const auto playable = parse_stipulation_form(stipulation, {}).playable({});
    REQUIRE(playable.has_value());  // (ser-=65: series longer than MaxMateMoves are played)
    const Stipulation s = *playable;
    prover::SolveOptions options;
    options.goal = s.kind == Stipulation::HelpMate ? prover::Goal::HelpMate : prover::Goal::DirectMate;
    options.n = s.moves;
    options.target = s.target;
    options.series = s.series;
    auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
    return prover::solve(game, options);
  };
  // pieces white kb6 rd1 black ka8 ph7, stip ser-h#2: the short lines, and lines that go on
  // after a position from which White could already mate.
  const prover::Solution h2 = solve("k7/7p/1K6/8/8/8/8/3R4 b - - 0 1", "ser-h#2");
  Lines got;
  for (const auto& line : h2.solutions) {
    std::string s;
    for (const auto& m : line.moves) s += (s.empty() ? "" : " ") + m.uci;
    got.insert(s);
  }
  const Lines popeye = {"h7h5 d1d8",      "h7h6 d1d8",      "a8b8 d1d8",      "h7h5 h5h4 d1d8", "h7h5 a8b8 d1d8",
                        "h7h6 h6h5 d1d8", "h7h6 a8b8 d1d8", "a8b8 h7h5 d1d8", "a8b8 h7h6 d1d8", "a8b8 b8a8 d1d8"};
  CHECK(got == popeye);
  CHECK(h2.verdict == prover::Verdict::Proved);
  CHECK(h2.shortest == 1);
  // Shortest first, as Popeye lists them.
  CHECK(h2.solutions.front().moves.size() == 2);
  CHECK(h2.solutions.back().moves.size() == 3);
  CHECK(solve("k7/6pp/1K6/8/8/8/8/3R4 b - - 0 1", "ser-h#3").solutions.size() == 104);
  // pieces white kh1 rd1 black kh8 pa7 pb7, stip ser-x3: 3 lines of two moves, 61 of three; the
  // series stops at its first capture (no 1.Ra1 2.Rxa7 3.Rxb7).
  CHECK(solve("7k/pp6/8/8/8/8/8/3R3K w - - 0 1", "ser-x3").solutions.size() == 64);
  // pieces white kh1 qd1 black ka8 pa7 pb7, stip ser-#3: 1 + 28 + 723 lines.
  CHECK(solve("k7/pp6/8/8/8/8/8/3Q3K w - - 0 1", "ser-#3").solutions.size() == 752);
  // pieces white kh1 rd1 black kh8 pa7 pb7, stip ser-#3: none (Popeye: no line).
  CHECK(solve("7k/pp6/8/8/8/8/8/3R3K w - - 0 1", "ser-#3").verdict == prover::Verdict::Refuted);
  // pieces white kc6 rd1 black ka8 ph7 pg7, stip ser-h=2; with qd1, h=2: none.
  CHECK(solve("k7/6pp/2K5/8/8/8/8/3R4 b - - 0 1", "ser-h=2").solutions.empty());
  CHECK(solve("k7/6pp/2K5/8/8/8/8/3Q4 b - - 0 1", "h=2").solutions.empty());
  // Popeye's intelligent-mode inputs, with the output of Popeye 4.104 run live. BEISPIEL/intell.inp
  // 92 (Lins, IMR 1984, ser-h#9): nine Black moves make room for 10.bxc4#; the skeletons whose
  // checker, the pawn b3, would stand still next to the king's square a4 are dropped (a checker
  // next to the king arrives with the mating move), which the search needs to end in time.
  auto uci_lines = [](const prover::Solution& solution) {
    Lines out;
    for (const auto& l : solution.solutions) {
      std::string text;
      for (const auto& m : l.moves) text += (text.empty() ? "" : " ") + m.uci;
      out.insert(text);
    }
    return out;
  };
  CHECK(uci_lines(solve("8/8/knb5/npq5/rbr5/1P1K4/8/8 b - - 0 1", "ser-h#9")) ==
        Lines{"c6b7 a5c6 a4a5 b6a4 c5b6 b4c5 b5b4 a6b5 b7a6 b3c4"});
  // BEISPIEL/hpint.inp 63 (Funk, Problemkiste 1996, ser-h=12): White has one move, Black twelve
  // and seven men to wall in; the stalemate skeletons settle only with the most constrained move
  // stopped first and the blocks counted (without, the enumeration outgrows its steps).
  CHECK(uci_lines(solve("nbk5/qrPp4/1ppK4/1b6/P7/8/8/7B b - - 0 1", "ser-h=12")) ==
        Lines{"a8c7 a7a8 b8a7 b7b8 c8b7 b7a6 a6a5 b5a6 a6c8 a5a6 a6b7 c7b5 a4b5"});
  // BEISPIEL/stip.inp 52, ser-=65, longer than any battle play Arbiter searches (MaxSeriesMoves):
  // the king's tour that takes three men before the pawn promotes, Popeye's one line
  // (REGRESSIONTESTS/stip.out: "1.Ka8-b8 ... 18.Kf7*e8 ... 35.Kc7*c8 ... 65.Df4-c7 =").
  const prover::Solution tour = solve("K1n1r3/4b3/k7/2n3p1/5p2/3b4/3P4/8 w - - 0 1", "ser-=65");
  REQUIRE(tour.solutions.size() == 1);
  std::string line;
  for (const auto& m : tour.solutions[0].moves) line += (line.empty() ? "" : " ") + m.uci;
  CHECK(line ==
        "a8b8 b8c7 c7c6 c6d5 d5d4 d4c3 c3b2 b2c1 c1d1 d1e1 e1f2 f2f3 f3g4 g4h5 h5h6 h6g7 g7f7 f7e8 e8f7 f7g7 g7h6 h6h5 "
        "h5g4 g4f3 f3f2 f2e1 e1d1 d1c1 c1b2 b2c3 c3d4 d4d5 d5c6 c6c7 c7c8 c8c7 c7c6 c6d5 d5d4 d4c3 c3b2 b2c1 c1d1 d1e1 "
        "e1f2 f2f3 f3g4 g4h5 h5h6 h6g7 g7f7 f7e7 e7d6 d6c5 c5d4 d4d3 d3c4 d2d4 d4d5 d5d6 d6d7 d7d8q d8g5 g5f4 f4c7");
}
