// Battle play towards any goal and reflex play (solver/prover/mate_search.h with set_target,
// Goal::ReflexMate and Goal::SemiReflexMate; solve.h): the keys the prover finds, with its
// table, ordering and forced-move shortcuts, must be the keys a plain walk written from the
// definitions finds, on chosen and on random positions; and Popeye's own expected outputs
// (TESTS/battle_play.inp and REGRESSIONS/ of its suite, REGRESSIONTESTS/*.tst, *.reg; copied as
// test data) give the keys of the reflexmates below.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/orthodox/game.h"
#include "solver/prover/solve.h"
#include "solver/stipulation/target_reached.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using prover::Goal;

namespace {

using Keys = std::set<std::string>;

Target target(const char* symbol) { return *target_of(symbol); }

prover::Solution solved(const std::string& fen, Goal goal, const Target& t, int n, bool quodlibet = false) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  prover::SolveOptions o;
  o.goal = goal;
  o.target = t;
  o.n = n;
  o.battle.quodlibet = quodlibet;
  o.limits.hash_megabytes = 1;
  return prover::solve(game, o);
}

Keys keys_of(const prover::Solution& s) {
  Keys out;
  for (const auto& k : s.keys) out.insert(k.uci);
  return out;
}

// The definitions, walked without table, ordering or shortcut. `facts` are those of the move
// just played (by the attacker in direct play, by the defender in self and reflex play). With
// GoalIsEnd (target.ends_play) a move of the other side that reaches the goal for itself ends
// the play unfulfilled: a defence in direct play, an attacker's move in self play. With
// Quodlibet (`quodlibet`) an attacker's move in self or reflex play that reaches the goal wins.
struct Walk {
  Goal goal;
  Target target;
  bool quodlibet = false;

  bool reaches(orthodox::Game& game, const Move m) {
    const MoveFacts facts = move_facts(game, m);
    game.play(m);
    const bool r = target_reached(game, target, facts);
    game.undo();
    return r;
  }
  bool can_reach(orthodox::Game& game) {
    MoveList<> moves;
    game.generate_legal(moves);
    for (const Move m : moves)
      if (reaches(game, m)) return true;
    return false;
  }

  // Attacker to move with n moves: does it force the goal?
  bool attacker_wins(orthodox::Game& game, int n) {
    if (n <= 0) return false;
    if (goal == Goal::ReflexMate && can_reach(game)) return quodlibet;  // it would have to reach the goal itself
    MoveList<> moves;
    game.generate_legal(moves);
    for (const Move m : moves)
      if (move_wins(game, m, n)) return true;
    return false;
  }

  // The attacker's move m with n moves (m included): does every defence lose?
  bool move_wins(orthodox::Game& game, const Move m, int n) {
    if (goal == Goal::SelfMate && target.ends_play && reaches(game, m)) return false;
    if (quodlibet && goal != Goal::DirectMate && reaches(game, m)) return true;
    const bool reached = goal == Goal::DirectMate && reaches(game, m);
    game.play(m);
    bool win = reached || defender_loses(game, n - 1);
    game.undo();
    return win;
  }

  bool defender_loses(orthodox::Game& game, int n) {
    MoveList<> moves;
    game.generate_legal(moves);
    if (goal == Goal::ReflexMate || goal == Goal::SemiReflexMate) {
      if (can_reach(game)) return true;  // the defender must reach the goal
      if (n == 0 || moves.size() == 0) return false;
      for (const Move d : moves) {
        game.play(d);
        const bool lost = attacker_wins(game, n);
        game.undo();
        if (!lost) return false;
      }
      return true;
    }
    if (moves.size() == 0) return false;  // a direct goal was judged at the move; self: no defence, no goal
    if (goal == Goal::DirectMate && n == 0) return false;
    for (const Move d : moves) {
      if (goal == Goal::DirectMate && target.ends_play && reaches(game, d)) return false;
      const bool mated = goal == Goal::SelfMate && reaches(game, d);
      game.play(d);
      const bool lost = mated || attacker_wins(game, n);
      game.undo();
      if (!lost) return false;
    }
    return true;
  }

  Keys keys(const std::string& fen, int n) {
    auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
    Keys out;
    const bool must_reach = goal == Goal::ReflexMate && can_reach(game);
    if (must_reach && !quodlibet) return out;
    MoveList<> moves;
    game.generate_legal(moves);
    for (const Move m : moves)
      if ((!must_reach || reaches(game, m)) && move_wins(game, m, n)) out.insert(game.move_uci(m));
    return out;
  }
};

}  // namespace

TEST_CASE("reflexmates: Popeye's expected keys", "[battle][reflex][popeye]") {
  struct Case {
    const char* fen;
    Goal goal;
    int n;
    Keys keys;
    const char* source;
  };
  // The same diagram (wKa1 Bg7, bKa3 Pa2 a4 b3) tells the two plays apart: in r# White would
  // have to mate at once (1.Bf8#), so no key exists at any length; in semi-r# White is free.
  const std::vector<Case> cases = {
      {"8/8/8/8/8/k7/p7/1K2n3 w - - 0 1", Goal::ReflexMate, 1, {"b1a1"}, "TESTS/battle_play.inp 30"},
      {"8/8/8/8/8/k6P/p7/K3n3 w - - 0 1", Goal::ReflexMate, 1, {"h3h4"}, "TESTS/battle_play.inp 31"},
      {"8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1", Goal::ReflexMate, 1, {}, "TESTS/battle_play.inp 32"},
      {"8/7B/8/8/pp6/k7/8/K7 w - - 0 1", Goal::ReflexMate, 2, {"h7c2"}, "TESTS/battle_play.inp 35"},
      {"8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1", Goal::ReflexMate, 2, {}, "TESTS/battle_play.inp 38"},
      {"3N4/8/8/p7/pP6/k7/8/K2B4 w - - 0 1", Goal::ReflexMate, 3, {"d8c6"}, "TESTS/battle_play.inp 40"},
      {"8/6p1/6pk/6p1/8/1p6/1P1p4/2KR4 w - - 0 1", Goal::ReflexMate, 2, {"c1b1"}, "TESTS/battle_play.inp 43"},
      {"8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1", Goal::SemiReflexMate, 1, {"g7h6"}, "TESTS/battle_play.inp 45"},
      {"8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1", Goal::SemiReflexMate, 2, {"g7h6"}, "TESTS/battle_play.inp 47"},
  };
  for (const auto& c : cases) {
    INFO(c.source << ": " << c.fen << " " << prover::stipulation_text(c.goal, c.n, false));
    const auto s = solved(c.fen, c.goal, target("#"), c.n);
    CHECK(keys_of(s) == c.keys);
    CHECK(s.verdict == (c.keys.empty() ? prover::Verdict::Refuted : prover::Verdict::Proved));
    CHECK(Walk{c.goal, target("#")}.keys(c.fen, c.n) == c.keys);
  }
  // Popeye prints the attacker's forced mate "1.Bg7-f8 # ?!?": the solution names it.
  const auto forced = solved("8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1", Goal::ReflexMate, target("#"), 2);
  REQUIRE(forced.forced_goal_moves.size() == 1);
  CHECK(forced.forced_goal_moves[0].uci == "g7f8");
}

TEST_CASE("reflex play: a defender that can mate must, and the tree shows those moves alone", "[battle][reflex]") {
  // r#1 (TESTS/battle_play.inp 31): after 1.h4 Black has five knight and king moves, but 1...Sc2#
  // is forced; Popeye prints it alone.
  const auto s = solved("8/8/8/8/8/k6P/p7/K3n3 w - - 0 1", Goal::ReflexMate, target("#"), 1);
  REQUIRE(s.keys.size() == 1);
  REQUIRE(s.keys[0].defences.size() == 1);
  CHECK(s.keys[0].defences[0].uci == "e1c2");
}

TEST_CASE("battle play towards any goal: the prover finds the keys the definition's walk finds", "[battle][target]") {
  struct Play {
    Goal goal;
    const char* target;
    int n;
    bool goal_is_end = false;
  };
  const std::vector<Play> plays = {
      {Goal::ReflexMate, "#", 2},       {Goal::SemiReflexMate, "#", 2},  {Goal::DirectMate, "=", 2}, {Goal::DirectMate, "+", 1},
      {Goal::DirectMate, "x", 2},       {Goal::SelfMate, "x", 1},        {Goal::SelfMate, "+", 1},   {Goal::ReflexMate, "=", 1},
      {Goal::DirectMate, "#=", 2},      {Goal::DirectMate, "c81", 2},    {Goal::SelfMate, "c81", 2}, {Goal::DirectMate, "x", 2, true},
      {Goal::DirectMate, "c81", 2, true}, {Goal::SelfMate, "x", 2, true}, {Goal::SelfMate, "c81", 2, true},
  };
  std::vector<int> with_keys(plays.size(), 0), option_tells(plays.size(), 0);
  for (const auto& fen : test::sparse_positions(40, 2026)) {
    for (std::size_t i = 0; i < plays.size(); ++i) {
      const Play& p = plays[i];
      Target t = target(p.target);
      t.ends_play = p.goal_is_end;
      INFO(fen << " " << prover::stipulation_text(p.goal, p.n, false, t) << (p.goal_is_end ? " GoalIsEnd" : ""));
      const Keys walked = Walk{p.goal, t}.keys(fen, p.n);
      CHECK(keys_of(solved(fen, p.goal, t, p.n)) == walked);
      with_keys[i] += walked.empty() ? 0 : 1;
      if (p.goal_is_end) option_tells[i] += walked != Walk{p.goal, target(p.target)}.keys(fen, p.n);
    }
  }
  // The sample exercises each play (a walk that finds no key would agree with a prover that finds
  // none), and GoalIsEnd changes some verdict in each play it is given (else a prover ignoring it passes).
  for (std::size_t i = 0; i < plays.size(); ++i) {
    INFO(prover::stipulation_text(plays[i].goal, plays[i].n, false, target(plays[i].target)) << (plays[i].goal_is_end ? " GoalIsEnd" : ""));
    CHECK(with_keys[i] > 0);
    if (plays[i].goal_is_end) CHECK(option_tells[i] > 0);
  }
}

TEST_CASE("Quodlibet in self and reflex play towards any goal: the definition's walk, and Popeye's keys", "[battle][quodlibet]") {
  struct Play {
    Goal goal;
    const char* target;
    int n;
  };
  const std::vector<Play> plays = {
      {Goal::SelfMate, "#=", 2}, {Goal::SelfMate, "x", 2}, {Goal::SemiReflexMate, "#", 2}, {Goal::ReflexMate, "#", 2}, {Goal::SelfMate, "+", 1},
  };
  std::vector<int> tells(plays.size(), 0);
  for (const auto& fen : test::sparse_positions(30, 2027)) {
    for (std::size_t i = 0; i < plays.size(); ++i) {
      const Play& p = plays[i];
      INFO(fen << " " << prover::stipulation_text(p.goal, p.n, false, target(p.target)) << " Quodlibet");
      const Keys walked = Walk{p.goal, target(p.target), true}.keys(fen, p.n);
      CHECK(keys_of(solved(fen, p.goal, target(p.target), p.n, true)) == walked);
      tells[i] += walked != Walk{p.goal, target(p.target)}.keys(fen, p.n);
    }
  }
  for (std::size_t i = 0; i < plays.size(); ++i) {  // the option changes some verdict in each play
    INFO(prover::stipulation_text(plays[i].goal, plays[i].n, false, target(plays[i].target)));
    CHECK(tells[i] > 0);
  }
  // Popeye's suite (BEISPIEL/quod.inp 1, 2, 4, 5; REGRESSIONS/4_55_to_4_57.inp 23 with
  // REGRESSIONTESTS/quod.out and 4_55_to_4_57.reg): the keys under Quodlibet.
  struct Case {
    const char* fen;
    Goal goal;
    const char* target;
    int n;
    Keys keys;
  };
  const std::vector<Case> cases = {
      {"8/8/6p1/5pP1/5P1K/5PpP/4p2p/2Q2Bkr w - - 0 1", Goal::SelfMate, "#=", 2, {"c1e1"}},
      {"rk6/p1qQ4/P1Pp3p/P2P1p1P/5p1K/5P2/7P/8 w - - 0 1", Goal::SelfMate, "#=", 2, {"h2h3"}},
      {"8/5B2/4p3/4NpP1/R4K2/6P1/R2Bp3/3k4 w - - 0 1", Goal::SemiReflexMate, "#", 2, {"a4a3", "d2e3"}},
  };
  for (const auto& c : cases) {
    INFO(c.fen << " " << prover::stipulation_text(c.goal, c.n, false, target(c.target)) << " Quodlibet");
    CHECK(keys_of(solved(c.fen, c.goal, target(c.target), c.n, true)) == c.keys);
  }
}
