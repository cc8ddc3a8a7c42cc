// Playing structured stipulations (solver/structured/): the lines Popeye 4.104 prints for
// problems of its suite (../shared/corpus/popeye-suite/, the expected outputs
// REGRESSIONTESTS/undeckbar.out, sford.out, helpdirectmate.ref, 4_61_to_4_63.reg; positions and
// lines copied as test data), and the structured spelling of the plain stipulations solved by
// the structured engine against the prover's own engines on random positions.

#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rules/orthodox/game.h"
#include "solver/structured/structured_solve.h"
#include "solver/stipulation/stipulation_form.h"
#include "solver/stipulation/structured_stipulation.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using prover::Goal;

namespace {

using Lines = std::set<std::string>;

SliceRef tree_of(const std::string& text) {
  std::vector<LocatedWord> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back({w, {"test", 1, 1}});
  return read_structured_stipulation(White, words).tree;
}

// Popeye solves positions without a king (sford.inp 22 has none): Arbiter's reading of that.
orthodox::Game game_of(const std::string& fen) {
  orthodox::Options options;
  options.king_count = orthodox::KingCount::AtMostOne;
  return orthodox::Game::from_fen(fen, {"test", 1, 1}, options);
}

prover::Solution played(const std::string& fen, const std::string& text, bool set_play = false) {
  auto game = game_of(fen);
  prover::SolveOptions o;
  o.structured = tree_of(text);
  o.structured_text = text;
  o.set_play = set_play;
  o.limits.hash_megabytes = 1;
  return structured::solve_structured(game, o);
}

Lines lines_of(const std::vector<prover::HelpLine>& lines) {
  Lines out;
  for (const auto& l : lines) {
    std::string text;
    for (const auto& m : l.moves) {
      if (!text.empty()) text.push_back(' ');
      text.append(m.uci);
    }
    out.insert(text);
  }
  return out;
}

Lines keys_of(const prover::Solution& s) {
  Lines out;
  for (const auto& k : s.keys) out.insert(k.uci);
  return out;
}

}  // namespace

TEST_CASE("structured play: the lines Popeye prints for problems of its suite", "[structured-play]") {
  struct Case {
    const char* source;
    const char* fen;
    const char* text;
    Lines lines;
  };
  const std::vector<Case> cases = {
      // Help play into a defender's move after which every reply is mated, not shown ('/'); the
      // constraint {!+} holds before the defence too: no line ends with Black in check.
      {"BEISPIEL/undeckbar.inp 2 (UM/2)", "8/4P3/8/3k4/1p6/8/1K6/8 b - - 0 1", "6hh[/2da[#]{!+}]",
       {"d5c4 b2c1 c4b3 e7e8q b3a2 e8e3"}},
      {"BEISPIEL/undeckbar.inp 3 (UM/3)", "8/5P2/8/3k4/8/3pK3/8/8 b - - 0 1", "6hh[/2da[#]{!+}]",
       {"d5c4 f7f8q c4b3 e3d3 b3a2 d3c2", "d5c6 e3d4 c6b7 d4c5 b7a8 c5b6"}},
      {"BEISPIEL/undeckbar.inp 8 (UM/9)", "4k2r/4ppB1/2b1p3/3pP3/1p6/4p3/8/R3K2R b KQk - 0 1", "4hh[/2da[#]{!+}]",
       {"c6a4 g7f6 e8g8 a1a2", "c6b5 g7f6 e8g8 a1a2", "c6b7 g7f6 e8g8 a1a2", "c6d7 g7f6 e8g8 a1a2", "c6a8 g7f6 e8g8 e1e2",
        "c6a8 g7f6 e8g8 a1a2", "e3e2 g7f6 e8g8 a1a3", "b4b3 g7f6 e8g8 a1a2", "b4b3 g7f6 e8g8 a1a4"}},
      // The nested direct play shown: each defence with its mate.
      {"EXAMPLES/lengthy/helpdirectmate.inp 1", "8/5p1P/4pnp1/4Pp2/5k1p/3P3P/5K2/8 b - - 0 1", "4hh[2da[#]]",
       {"f4e5 h7h8q e5f4 h8f6 e6e5 f6h4", "f4e5 h7h8q e5f4 h8f6 g6g5 f6d4", "g6g5 e5f6 e6e5 h7h8q e5e4 h8b8",
        "g6g5 e5f6 e6e5 h7h8q g5g4 h8h6"}},
      // A goal reached ends a help line (no "1.g5 hxg5 2..."); Black's moves may not capture.
      {"BEISPIEL/sford.inp 22", "8/6p1/5pp1/5P1p/7P/P7/8/8 b - - 0 1", "4h{!x}h[x]",
       {"g6g5 h4g5", "g6g5 a3a4 g7g6 h4g5", "g6g5 a3a4 g7g6 f5g6"}},
      // '&' of two nested branches: each part's play printed after the line.
      {"BEISPIEL/sford.inp 18 a)", "r3k2r/1b3p1p/4p3/4B2R/N3p2P/4b1nN/3P1pKp/6RB b kq - 0 1", "2hh[2hh[#]&1h[#]h]",
       {"f2f1n d2d4 e8c8 a4b6", "f2f1n d2d4 e4d3"}},
      // A '-' branch: the side that did not move passes, never in check (Popeye 4.104 prints this
      // line alone, not "1.Tg2-g7 +   1.Df3-f8 ..." with White passing in check).
      {"BEISPIEL/sford.inp 36", "8/3Bp3/1p5k/8/8/5q2/6r1/7K b - - 0 1", "1h[- 14hh[#]]h",
       {"f3f8 g2g7 d7a4 h6g6 h1g2 g6f7 g2f3 b6b5 f3e4 f7e8 e4d5 g7f7 d5c6 b5b4 c6c7"}},
      // Two goals at once (Popeye prints each line once per goal).
      {"REGRESSIONS/4_61_to_4_63.inp 32", "1k6/4B3/1p6/1K6/1P6/8/8/8 b - - 0 1", "4hh[x&=]",
       {"b8a7 e7d6 a7a8 b5b6", "b8b7 e7d6 b7a8 b5b6"}},
  };
  for (const auto& c : cases) {
    INFO(c.source << ": " << c.text);
    const auto s = played(c.fen, c.text);
    CHECK(s.verdict == prover::Verdict::Proved);
    CHECK(lines_of(s.solutions) == c.lines);
  }
  // Set play: the first mover passes (Popeye's "1...Lg7-f6 2.0-0 Ta1-a2").
  const auto set = played("4k2r/4ppB1/2b1p3/3pP3/1p6/4p3/8/R3K2R b KQk - 0 1", "4hh[/2da[#]{!+}]", true);
  CHECK(lines_of(set.set_play) == Lines{"g7f6 e8g8 a1a2", "g7f6 e8g8 e1c1"});
}

TEST_CASE("structured play: a position where nothing solves is refuted", "[structured-play]") {
  const auto s = played("8/8/8/8/8/8/8/K6k b - - 0 1", "4hh[2da[#]]");
  CHECK(s.verdict == prover::Verdict::Refuted);
  CHECK(s.solutions.empty());
}

// The plain stipulations' structured spellings (py-engl.txt's table), walked by the structured
// engine, against the prover's own engines: help lines, series lines, and battle play's keys
// with the reflex rules ("3a[1a[#]d]d{!1a[#]d}" is r#2: the constraint holds from the diagram on).
TEST_CASE("structured play: the plain stipulations' spellings agree with the prover", "[structured-play]") {
  struct Form {
    const char* text;
    Goal goal;
    int n;
    bool half_move, series;
    const char* target;
    bool quodlibet = false;
  };
  const std::vector<Form> forms = {
      {"4hh[#]", Goal::HelpMate, 2, false, false, "#"},    {"3h[=]h", Goal::HelpMate, 1, true, false, "="},
      {"3s[#]", Goal::DirectMate, 3, false, true, "#"},    {"3a[#]d", Goal::DirectMate, 2, false, false, "#"},
      {"4ad[#]", Goal::SelfMate, 2, false, false, "#"},    {"3a[x]d", Goal::DirectMate, 2, false, false, "x"},
      {"3a[1a[#]d]d{!1a[#]d}", Goal::ReflexMate, 2, false, false, "#"},
      {"3a[1a[#]d]d", Goal::SemiReflexMate, 2, false, false, "#"},
      {"4a[#]d[#]", Goal::SelfMate, 2, false, false, "#", true},  // s#2 Quodlibet (py-engl.txt)
  };
  int with_solutions[9] = {};
  auto positions = test::sparse_positions(80, 77);
  // Selfmates are rare among random positions: Popeye's TESTS/battle_play.inp 16 (s#1: 1.Rh4)
  // and BEISPIEL/quod.inp 3 (H. P. Rehm, Schwalbe 1968, s#2 Quodlibet: 1.Qxh6).
  positions.push_back("8/8/8/8/8/kp5R/p7/K7 w - - 0 1");
  positions.push_back("7b/8/4p2p/2pp3Q/2pk4/8/P7/KB6 w - - 0 1");
  for (const auto& fen : positions) {
    for (std::size_t i = 0; i < forms.size(); ++i) {
      const Form& f = forms[i];
      auto game = game_of(fen);
      // Help play starts with Black, the others with White: positions with the other side to move are skipped.
      const Color first = f.goal == Goal::HelpMate && !f.half_move ? Black : White;
      if (game.side_to_move() != first) continue;
      INFO(fen << " " << f.text);
      prover::SolveOptions o;
      o.goal = f.goal;
      o.n = f.n;
      o.half_move = f.half_move;
      o.series = f.series;
      o.target = *target_of(f.target);
      o.battle.quodlibet = f.quodlibet;
      o.limits.hash_megabytes = 1;
      const auto plain = prover::solve(game, o);
      const auto ours = played(fen, f.text);
      REQUIRE(plain.verdict != prover::Verdict::Unknown);
      if (f.goal == Goal::HelpMate || f.series) {
        CHECK(lines_of(ours.solutions) == lines_of(plain.solutions));
        if (!plain.solutions.empty()) ++with_solutions[i];
      } else {
        CHECK(keys_of(ours) == keys_of(plain));
        if (!plain.keys.empty()) ++with_solutions[i];
      }
    }
  }
  for (std::size_t i = 0; i < forms.size(); ++i) {
    INFO(forms[i].text);
    CHECK(with_solutions[i] > 0);  // each form met a position it solves
  }
}

// The plain forms played as their structured equivalents (stipulation_form.h): parry series,
// series self play, "exact-"; Popeye 4.104's expected lines and keys (EXAMPLES/pseries.inp 6,
// REGRESSIONS/4_55_to_4_57.inp 16 and 30, TESTS/series_play.inp 8, BEISPIEL/stip.inp 51 and 69,
// TESTS/battle_play.inp 37 of its suite).
TEST_CASE("structured play: series reflex play keeps White's reflex rule before every series move", "[structured-play]") {
  // White Ka1 Qd1 Ph3, Black Ka3 Pa2 a4 b3 b4: Popeye 4.104 (live) lists 38 lines of ser-r#2, each
  // ending in b3-b2#; without the constraint (White never able to mate) it lists 92 (both compared
  // line by line with Arbiter's).
  const std::string fen = "8/8/8/8/pp6/kp5P/p7/K2Q4 w - - 0 1";
  const auto s = parse_stipulation_form("ser-r#2", {"test", 1, 1}).playable({"test", 1, 1});
  REQUIRE(s.has_value());
  auto game = game_of(fen);
  prover::SolveOptions o;
  o.structured = s->structured;
  o.structured_text = s->text;
  o.limits.hash_megabytes = 1;
  const auto solved = structured::solve_any(game, o);
  CHECK(solved.solutions.size() == 38);
  // 1.Qc2 2.Qd1 b2#: after 1.Qc2 White could mate (2.Qc1#), so it would have to.
  const auto free = played(fen, "2s[>1a[#]d]");
  CHECK(free.solutions.size() == 92);
  CHECK(lines_of(free.solutions).count("d1c2 c2d1 b3b2") == 1);
  CHECK(lines_of(solved.solutions).count("d1c2 c2d1 b3b2") == 0);
  // ser-r=2 there: White can stalemate at once, so no series starts; Popeye shows the moves that
  // break the rule ("1.Qd1-d3 = ?!?", "1.Qd1-f3 = ?!?", live) and nothing else.
  const auto stalemate = parse_stipulation_form("ser-r=2", {"test", 1, 1}).playable({"test", 1, 1});
  REQUIRE(stalemate.has_value());
  auto again = game_of(fen);
  o.structured = stalemate->structured;
  const auto broken = structured::solve_any(again, o);
  CHECK(broken.solutions.empty());
  std::set<std::string> breakers;
  for (const auto& m : broken.forced_goal_moves) breakers.insert(m.uci);
  CHECK(breakers == std::set<std::string>{"d1d3", "d1f3"});
}

TEST_CASE("structured play: a root of '&' or '|' prints each part's lines", "[structured-play]") {
  // BEISPIEL/sford.inp 14, "2hh[#]&1h[#]h" (reci-h#1), Black to move after d2-d4: "1.0-0-0 Sa4-b6 #",
  // then "1.e4*d3 ep. #" (REGRESSIONTESTS/sford.out).
  const std::string fen = "r3k2r/1b3p1p/4p3/4B2R/N2Pp2P/4b1nN/6Kp/5nRB b kq d3 0 1";
  auto game = game_of(fen);
  prover::SolveOptions o;
  std::vector<LocatedWord> words{{"2hh[#]&1h[#]h", {"test", 1, 1}}};
  o.structured = read_structured_stipulation(Black, words).tree;
  o.structured_text = "black 2hh[#]&1h[#]h";
  o.limits.hash_megabytes = 1;
  const auto both = structured::solve_any(game, o);
  CHECK(both.verdict == prover::Verdict::Proved);
  REQUIRE(both.solutions.size() == 2);
  CHECK(both.solutions[0].moves.back().uci == "a4b6");  // the parts in order
  CHECK(lines_of(both.solutions) == Lines{"e8c8 a4b6", "e4d3"});
  // '&': a part that fails leaves no solution (no mate in one without the e.p. right); '|' the others.
  auto no_ep = game_of("r3k2r/1b3p1p/4p3/4B2R/N2Pp2P/4b1nN/6Kp/5nRB b kq - 0 1");
  CHECK(structured::solve_any(no_ep, o).solutions.empty());
  o.structured = read_structured_stipulation(Black, {{"2hh[#]|1h[#]h", {"test", 1, 1}}}).tree;
  CHECK(lines_of(structured::solve_any(no_ep, o).solutions) == Lines{"e8c8 a4b6"});
}

TEST_CASE("structured play: a help branch's constraint binds before its first move too", "[structured-play]") {
  // BEISPIEL/sford.inp 25 (no kings): "3h[>1a[x]d]h{!1a[x]d}" has no solution, White can capture in
  // the diagram (Popeye: "1.g3*f4 x ?!?"); without the constraint, 24's tree "3h[>1a[x]d]h" plays.
  const std::string fen = "8/8/p7/7p/5p1P/5PP1/6P1/8 w - - 0 1";
  const auto constrained = played(fen, "3h[>1a[x]d]h{!1a[x]d}");
  CHECK(constrained.verdict == prover::Verdict::Refuted);
  CHECK(constrained.solutions.empty());
  REQUIRE(constrained.forced_goal_moves.size() == 1);
  CHECK(constrained.forced_goal_moves[0].uci == "g3f4");
  const auto free = played(fen, "3h[>1a[x]d]h");
  CHECK(lines_of(free.solutions) == Lines{"g3g4 h5g4", "g3f4 a6a5 g2g4 h5g4"});
  CHECK(free.forced_goal_moves.empty());
}

TEST_CASE("structured play: parry series, series self play and exact forms give Popeye's solutions", "[structured-play]") {
  struct Case {
    const char* form;
    const char* fen;
    Lines solution;  // lines, or keys for battle play
    Lines set;       // set play, when asked for
  };
  const std::vector<Case> cases = {
      // Black moves only to parry a check ("1.Qe1-g3 + Ke5-d4   2.Qg3-e1   3.Qe1-a1 #").
      {"pser-#3", "6n1/6n1/B4p2/2ppk3/4p3/p3p3/8/4Q1K1 w - - 0 1",
       {"e1g3 e5d4 g3e1 e1a1", "e1g3 e5f5 a6f1 f1h3", "e1g3 e5e6 g3c7 a6c8"}, {}},
      // Set play of series play: the series side passes, the fork's play follows ("1...b3*a2 #").
      {"ser-s#2", "8/8/8/1p6/bPp5/kpP5/Np6/bK6 w - - 0 1", {"a2c1 c1a2 b3a2"}, {"b3a2"}},
      {"pser-h#2", "4k3/7N/3PK1p1/8/7B/8/8/8 b - - 0 1", {"g6g5 g5g4 d6d7"}, {"d6d7"}},
      // The series stops where the goal is forced: no "1.h3-h4 2.h4-h5 a8-a7".
      {"ser-sx2", "k7/P7/P7/8/8/7P/8/8 w - - 0 1", {"h3h4 a8a7"}, {}},
      // exact-: the moves that force mate in exactly two (none mates at once here).
      {"exact-#2", "8/8/8/8/3R4/1K6/8/k7 w - - 0 1",
       {"b3c2", "d4d2", "d4d3", "d4e4", "d4f4", "d4g4", "d4h4", "d4d5", "d4d6", "d4d7", "d4d8"}, {}},
      // "exact r#2 that would have a solution in 1".
      {"exact-r#2", "7k/8/5P2/8/8/8/R1p5/K7 w - - 0 1", {"a2a8"}, {}},
      // "wegen exact nicht 1.Kf1/Kh3#" (not the h#0.5 mates).
      {"exact-h#1.5", "kb6/b7/7p/8/8/8/6K1/7B w - - 0 1", {"g2f3 h6h5 f3e2"}, {}},
      // Series reflex play, ser-r#2 = 2s[>1a[#]d]{!1a[#]d} (TESTS/series_play.inp 7, "no solution in 2
      // - Black has to deliver mate immediately"): the series ends at once. The constraint binds
      // before each series move, White to move; judged after it, Black to move, it would ask
      // whether Black can mate, and refute the line.
      {"ser-r#2", "8/8/8/8/pp6/kp5P/p7/K7 w - - 0 1", {"h3h4 b3b2"}, {}},
      {"exact-ser-r#2", "8/1p6/1P6/1Q6/8/k1p5/8/KB6 w - - 0 1", {"b5e2 e2b2 c3b2"}, {}},  // TESTS/series_play.inp 5
      {"exact-hr#2", "8/8/8/1Q6/8/k1p5/8/KB6 w - - 0 1", {"b5e2 a3b3 e2b2 c3b2"}, {}},   // TESTS/help_play.inp 7
      // BEISPIEL/stip.inp 68, exact-ser-h0010 ("eigentlich ser-h009, aber die Loesung in 9 darf
      // nicht erscheinen"): no line of nine moves; Popeye's 14 lines of ten and 1.Bh1-a8, which
      // Popeye leaves out only because the problem starts at the second first move (StartMoveNumber 2).
      {"exact-ser-h0010", "8/8/8/8/1k1N4/8/3P4/R1N1K2b b Q - 0 1",
       {"h1b7 b7d5 d5a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1", "h1c6 c6d5 d5a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1",
        "h1d5 d5a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 a3b4 e1c1", "h1d5 d5a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 a3a4 e1c1",
        "h1d5 d5a2 b4a4 a4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1", "h1d5 d5b3 b3a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1",
        "h1d5 d5c4 c4a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1", "h1d5 d5g8 g8a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1",
        "h1d5 d5f7 f7a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1", "h1d5 d5e6 e6a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1",
        "h1e4 e4b1 b1a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1", "h1e4 e4d5 d5a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1",
        "h1f3 f3d5 d5a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1", "h1g2 g2d5 d5a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1",
        "h1a8 a8d5 d5a2 b4a3 a3b2 a2b1 b2c1 c1b2 b1a2 b2a3 e1c1"},
       {}},
      // REGRESSIONS/4_55_to_4_57.inp 31, "only example of phser-r#2", with its set play.
      {"phser-r#2", "8/8/8/7b/8/3pk1P1/7n/4K3 w - - 0 1", {"g3g4 g4g5 d3d2"}, {"d3d2"}},
      // Introductory moves: REGRESSIONS/4_85_to_4_87.inp 10 (1->ser-H#3) and EXAMPLES/pseries.inp 2.
      {"1->ser-h#3", "8/8/8/1N6/8/1r1n4/2K5/k7 w - - 0 1",
       {"b5d4 d3c1 c1a2 d4b3", "b5d4 b3a3 d3b2 a3a2 d4b3", "b5d4 d3b2 b3a3 a3a2 d4b3"}, {}},
      {"2->pser-h#3", "3b4/5p1k/7p/3P4/7P/8/B4n2/R1K5 w - - 0 1", {"a2c4 a1a8 d8g5 h4g5 f2d3 c4d3 f7f5 g5f6"}, {}},
  };
  for (const auto& c : cases) {
    INFO(c.form);
    const auto s = parse_stipulation_form(c.form, {"test", 1, 1}).playable({"test", 1, 1});
    REQUIRE(s.has_value());
    REQUIRE(s->structured != nullptr);
    auto game = game_of(c.fen);
    prover::SolveOptions o;
    o.structured = s->structured;
    o.structured_text = s->text;
    o.set_play = !c.set.empty();
    o.limits.hash_megabytes = 1;
    const auto solved = structured::solve_any(game, o);
    CHECK(solved.verdict == prover::Verdict::Proved);
    CHECK((solved.keys.empty() ? lines_of(solved.solutions) : keys_of(solved)) == c.solution);
    CHECK(lines_of(solved.set_play) == c.set);
  }
}

TEST_CASE("structured play: help and series lines are walked only where the branch can still be solved",
          "[structured-play]") {
  // BEISPIEL/castling.inp 31 (H.P. Suwe, PK 22 1984), ser-sx7: Popeye's one line "1.0-0-0
  // 2.Kc1-c2 3.Kc2*b3 4.Kb3-c4 5.Kc4-d5 6.Kd5-e6 7.Td1-d8 + Ke8*d8 x". The lines are walked only
  // below positions from which the branch can still be solved (kept in the search's table):
  // under 100,000 nodes (87,750). Walking every series of seven moves, as a careless walk does,
  // takes about 260 million and stops here at the node limit, unknown.
  auto game = game_of("4k3/8/8/8/8/1r6/8/R3K3 w Q - 0 1");
  const auto s = parse_stipulation_form("ser-sx7", {"test", 1, 1}).playable({"test", 1, 1});
  REQUIRE(s.has_value());
  REQUIRE(s->structured != nullptr);
  prover::SolveOptions o;
  o.structured = s->structured;
  o.structured_text = s->text;
  o.limits.hash_megabytes = 1;
  o.limits.max_nodes = 2'000'000;
  const auto solved = structured::solve_any(game, o);
  CHECK(solved.verdict == prover::Verdict::Proved);
  CHECK(lines_of(solved.solutions) == Lines{"e1c1 c1c2 c2b3 b3c4 c4d5 d5e6 d1d8 e8d8"});
}
