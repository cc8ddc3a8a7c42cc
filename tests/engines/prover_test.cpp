// The mate-in-N prover (solver/prover/solve.h) on known problems, with exact values: the
// solution tree of #2s against Popeye's printed tree (defences, answers, threats), tries and
// their refutations, a short solution, stalemate, the Lasker–Thomas mate found in first-key
// mode, and the resource limits.

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/prover/solve.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

prover::Solution solve_fen(const std::string& fen, prover::SolveOptions options) {
  orthodox::Game game(read_fen(fen));
  return prover::solve(game, options);
}

prover::SolveOptions with_n(int n, bool build_tree = true) {
  prover::SolveOptions options;
  options.n = n;
  options.build_tree = build_tree;
  return options;
}

prover::Solution solve_corpus(const std::string& name, prover::SolveOptions options) {
  const auto p = test::orthodox_corpus_problem(name);
  options.n = p.moves;
  return solve_fen(p.fen, options);
}

std::set<std::string> ucis(const std::vector<prover::AttackerNode>& nodes) {
  std::set<std::string> out;
  for (const auto& a : nodes) out.insert(a.uci);
  return out;
}

const prover::DefenceNode& defence(const prover::AttackerNode& key, const std::string& uci) {
  for (const auto& d : key.defences)
    if (d.uci == uci) return d;
  throw std::runtime_error("no defence " + uci + " after " + key.uci);
}

Move popeye_move(const Position& pos, const std::string& text) {
  auto m = parse_popeye(pos, text);
  if (!m) throw std::runtime_error("Popeye move '" + text + "' is not legal in " + write_fen(pos));
  return *m;
}

// Popeye's printed solution of a #2 with one key that mates in two: the threat and, for every
// defence Popeye prints, the set of mating answers (UCI).
struct PopeyeTwoMover {
  std::string key;
  std::set<std::string> threat;
  std::map<std::string, std::set<std::string>> answers;
};

PopeyeTwoMover read_popeye_two_mover(const std::string& out_text, const Position& start) {
  PopeyeTwoMover result;
  Position after_key = start, after_defence = start;
  std::string current_defence;
  bool in_threat = false;
  std::istringstream in(out_text);
  std::string line;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(' ');
    if (first == std::string::npos) continue;
    std::string text = line.substr(first);
    if (text.rfind("1...", 0) == 0) {
      in_threat = false;
      const Move d = popeye_move(after_key, text.substr(4));
      current_defence = to_uci(d);
      result.answers[current_defence];
      after_defence = after_key;
      after_defence.make(d);
    } else if (text.rfind("1.", 0) == 0) {
      if (!result.key.empty()) throw std::runtime_error("more than one key");
      const std::string key = text.substr(2, text.find(" !") - 2);
      const Move k = popeye_move(start, key);
      result.key = to_uci(k);
      after_key.make(k);
      in_threat = text.find("threat:") != std::string::npos;
    } else if (text.rfind("2.", 0) == 0) {
      if (in_threat) {
        Position passed = after_key;
        passed.make_null();
        result.threat.insert(to_uci(popeye_move(passed, text.substr(2))));
      } else {
        if (current_defence.empty()) throw std::runtime_error("an answer before any defence: " + text);
        result.answers[current_defence].insert(to_uci(popeye_move(after_defence, text.substr(2))));
      }
    }
  }
  return result;
}

// Compares the prover's tree for a #2 with Popeye's printed one; returns the number of
// defences compared.
int compare_two_mover_with_popeye(const std::string& name) {
  const auto p = test::orthodox_corpus_problem(name);
  INFO(name << "  " << p.fen);
  const Position start = read_fen(p.fen);
  const auto popeye = read_popeye_two_mover(
      test::read_text_file(test::orthodox_corpus_path(name.substr(0, name.find('.')) + ".out")), start);
  const prover::Solution s = solve_fen(p.fen, with_n(2));
  REQUIRE(s.verdict == prover::Verdict::Proved);
  REQUIRE(s.tree_complete);
  REQUIRE(s.keys.size() == 1);
  const prover::AttackerNode& key = s.keys[0];
  CHECK(key.uci == popeye.key);
  CHECK(key.mate_in == 2);
  CHECK(ucis(key.threat) == popeye.threat);
  for (const auto& t : key.threat) CHECK(t.mate_in == 1);
  // Every legal defence is in the tree, each with at least one mate.
  orthodox::Game game(start);
  game.play(popeye_move(start, test::orthodox_corpus_problem(name).popeye_keys.at(0)));
  CHECK(int(key.defences.size()) == game.count_legal());
  for (const auto& d : key.defences) {
    INFO("1..." << d.san);
    CHECK_FALSE(d.answers.empty());
    for (const auto& a : d.answers) CHECK(a.mate_in == 1);
    auto it = popeye.answers.find(d.uci);
    if (it != popeye.answers.end()) {
      CHECK(ucis(d.answers) == it->second);
    } else {
      // Popeye leaves out the defences after which the threat still mates.
      CHECK(d.threat_follows);
      CHECK_FALSE(key.threat.empty());
    }
  }
  CHECK(popeye.answers.size() <= key.defences.size());
  return int(popeye.answers.size());
}

// Mate in one for the side to move? (A small table: hundreds of these run.)
bool mates_in_one(const Position& pos) {
  prover::SolveOptions options = with_n(1, false);
  options.limits.hash_megabytes = 1;
  return solve_fen(write_fen(pos), options).verdict == prover::Verdict::Proved;
}

// Exhaustive reference for "#n": a full-width AND/OR search memoized on (Zobrist key, moves
// left), with no move ordering, no checks-only shortcut and no depth-monotone table.
class ReferenceMate {
 public:
  explicit ReferenceMate(const Position& pos) : game_(pos) {}

  std::set<std::string> keys(int n) {
    MoveList<> moves;
    game_.generate_legal(moves);
    std::set<std::string> keys;
    for (const Move m : moves) {
      game_.play(m);
      if (defender_loses(n - 1)) keys.insert(to_uci(m));
      game_.undo();
    }
    return keys;
  }

 private:
  bool attacker_mates(int n) {
    if (n <= 0) return false;
    const auto id = std::make_tuple(game_.key(), n, true);
    if (auto it = memo_.find(id); it != memo_.end()) return it->second;
    MoveList<> moves;
    game_.generate_legal(moves);
    bool win = false;
    for (int i = 0; i < moves.size() && !win; ++i) {
      game_.play(moves[i]);
      win = defender_loses(n - 1);
      game_.undo();
    }
    return memo_[id] = win;
  }

  bool defender_loses(int n) {
    const auto id = std::make_tuple(game_.key(), n, false);
    if (auto it = memo_.find(id); it != memo_.end()) return it->second;
    MoveList<> moves;
    game_.generate_legal(moves);
    bool lost = moves.size() == 0 ? game_.in_check() : n > 0;  // mate; stalemate or no moves left is no loss
    for (int i = 0; i < moves.size() && lost; ++i) {
      game_.play(moves[i]);
      lost = attacker_mates(n);
      game_.undo();
    }
    return memo_[id] = lost;
  }

  orthodox::Game game_;
  std::map<std::tuple<std::uint64_t, int, bool>, bool> memo_;
};

}  // namespace

TEST_CASE("baird_0001_2: the zugzwang key Nd6 and Popeye's sixteen defences", "[prover]") {
  const prover::Solution s = solve_corpus("baird_0001_2", {});
  REQUIRE(s.verdict == prover::Verdict::Proved);
  CHECK(s.stipulation == "#2");
  CHECK(s.variant == "orthodox");
  CHECK(s.complete);
  CHECK(s.tree_complete);
  CHECK(s.shortest == 2);
  CHECK(s.shortest_exact);
  REQUIRE(s.keys.size() == 1);
  const prover::AttackerNode& key = s.keys[0];
  CHECK(key.san == "Nd6");
  CHECK(key.uci == "b5d6");
  CHECK(key.mate_in == 2);
  CHECK(key.threat.empty());  // zugzwang
  CHECK(key.defences.size() == 16);
  // Popeye: 1...Sc4-a3 2.Sd6-f7 #, 1...Sc4*d6 2.f2-f4 #, 1...d5-d4 2.Qb4*c5 #,
  //         1...Ke5-d4 2.Sd8-c6 #, 1...Ke5*d6 2.Ba7-b8 #, 1...Rc5-c8 2.f2-f4 #
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"c4a3", "d6f7"}, {"c4d6", "f2f4"}, {"d5d4", "b4c5"}, {"e5d4", "d8c6"}, {"e5d6", "a7b8"}, {"c5c8", "f2f4"}};
  for (const auto& [d, a] : pairs) {
    INFO(d << " -> " << a);
    const auto& node = defence(key, d);
    REQUIRE(node.answers.size() == 1);
    CHECK(node.answers[0].uci == a);
    CHECK(node.answers[0].mate_in == 1);
    CHECK(node.answers[0].defences.empty());
    CHECK_FALSE(node.threat_follows);
  }
  CHECK(defence(key, "c4d6").san == "Nxd6");
  CHECK(defence(key, "c4d6").answers[0].san == "f4#");
  const std::string text = prover::format_solution_text(s);
  CHECK(text.rfind("1.Nd6! zugzwang", 0) == 0);
  CHECK_THAT(text, Catch::Contains("\n    1...Kxd6 2.Bb8#\n"));
  CHECK_THAT(text, Catch::Contains("\n    1...d4 2.Qxc5#\n"));
  // The whole tree, defence by defence, against Popeye's.
  CHECK(compare_two_mover_with_popeye("baird_0001_2.inp") == 16);
}

TEST_CASE("baird_0197_2: the threat 2.Qh1# / 2.Qb7# after 1.Nf5", "[prover]") {
  const prover::Solution s = solve_corpus("baird_0197_2", {});
  REQUIRE(s.verdict == prover::Verdict::Proved);
  REQUIRE(s.keys.size() == 1);
  const auto& key = s.keys[0];
  CHECK(key.uci == "h4f5");
  CHECK(key.san == "Nf5");
  // Popeye: "1.Sh4-f5 ! threat: 2.Qh7-h1 # 2.Qh7-b7 #"
  CHECK(ucis(key.threat) == std::set<std::string>{"h7h1", "h7b7"});
  // 1...Kc6 stops both threats: 2.Rxd6#; 1...Ke4 stops Qb7 only: 2.Qh1# (the threat still follows).
  CHECK(ucis(defence(key, "d5c6").answers) == std::set<std::string>{"d8d6"});
  CHECK_FALSE(defence(key, "d5c6").threat_follows);
  CHECK(ucis(defence(key, "d5e4").answers) == std::set<std::string>{"h7h1"});
  CHECK(defence(key, "d5e4").threat_follows);
  CHECK(ucis(defence(key, "e6d4").answers) == std::set<std::string>{"f5e7"});
  const std::string text = prover::format_solution_text(s);
  CHECK(text.rfind("1.Nf5! (2.Q", 0) == 0);
  CHECK_THAT(text, Catch::Contains("1...Kc6 2.Rxd6#"));
  CHECK_THAT(text, Catch::Contains("1...Nd4 2.Ne7#"));
  CHECK(compare_two_mover_with_popeye("baird_0197_2.inp") == 9);
}

TEST_CASE("every quick #2 of the corpus: the tree equals Popeye's printed tree", "[prover][corpus]") {
  int problems = 0, defences = 0, with_threat = 0;
  for (const auto& p : test::orthodox_corpus()) {
    if (p.moves != 2 || p.popeye_keys.size() != 1 || p.popeye_keys[0].find('#') != std::string::npos) continue;
    if (p.popeye_seconds > 0.2) continue;
    const int compared = compare_two_mover_with_popeye(p.file);
    ++problems;
    defences += compared;
    const auto out = test::read_text_file(test::orthodox_corpus_path(p.file.substr(0, p.file.size() - 4) + ".out"));
    with_threat += out.find("threat:") != std::string::npos;
  }
  INFO(problems << " problems, " << defences << " printed defences, " << with_threat << " with a threat");
  CHECK(problems >= 90);
  CHECK(with_threat >= 40);
  CHECK(defences >= 500);
}

TEST_CASE("tries: each try has exactly one refutation, and every such first move is listed", "[prover]") {
  prover::SolveOptions options;
  options.tries = true;
  options.build_tree = false;
  const auto p = test::orthodox_corpus_problem("baird_0001_2");
  const prover::Solution s = solve_corpus("baird_0001_2", options);
  REQUIRE(s.verdict == prover::Verdict::Proved);
  REQUIRE(s.tries_requested);
  std::map<std::string, std::string> tries;
  for (const auto& t : s.tries) tries[t.uci] = t.refutation_uci;
  // 1.f3? (threat 2.f4#, and 1...Nxd6 has no answer any more) 1...Rxb5!
  REQUIRE(tries.count("f2f3"));
  CHECK(tries.at("f2f3") == "c5b5");
  const auto f3 = std::find_if(s.tries.begin(), s.tries.end(), [](const prover::Try& t) { return t.uci == "f2f3"; });
  CHECK(f3->san == "f3");
  CHECK(f3->refutation_san == "Rxb5");
  CHECK_THAT(prover::format_solution_text(s), Catch::Contains("1.f3? Rxb5!"));
  CHECK(tries.at("b4c5") == "e5e4");  // 1.Qxc5+? Kxe4!

  // Brute force with #1 solves: a first move is a try iff exactly one defence escapes mate in
  // one, and that defence is the refutation.
  Position pos = read_fen(p.fen);
  orthodox::Game game(pos);
  MoveList<> firsts;
  game.generate_legal(firsts);
  std::map<std::string, std::string> expected;
  for (const Move m : firsts) {
    const std::string uci = to_uci(m);
    if (uci == "b5d6") continue;  // the key
    pos.make(m);
    orthodox::Game after(pos);
    MoveList<> defences;
    after.generate_legal(defences);
    std::vector<std::string> escapes;
    for (const Move d : defences) {
      pos.make(d);
      if (!mates_in_one(pos)) escapes.push_back(to_uci(d));
      pos.unmake();
    }
    pos.unmake();
    if (escapes.size() == 1) expected[uci] = escapes[0];
  }
  CHECK(tries == expected);
  CHECK(tries.size() == 4);
}

TEST_CASE("loyd_0446_3: a #3 whose key mates in two", "[prover]") {
  const prover::Solution s = solve_corpus("loyd_0446_3", {});
  REQUIRE(s.verdict == prover::Verdict::Proved);
  CHECK(s.n == 3);
  REQUIRE(s.keys.size() == 1);
  CHECK(s.keys[0].uci == "a7c8");
  CHECK(s.keys[0].san == "Nc8");
  CHECK(s.keys[0].mate_in == 2);
  CHECK(s.shortest == 2);
  CHECK(s.shortest_exact);
  // Popeye: threat 2.Sc8-d6 #; 1...Bh6-f8 2.Qd8*f8 #
  CHECK(ucis(s.keys[0].threat) == std::set<std::string>{"c8d6"});
  CHECK(ucis(defence(s.keys[0], "h6f8").answers) == std::set<std::string>{"d8f8"});
  CHECK(ucis(defence(s.keys[0], "c5e4").answers) == std::set<std::string>{"c7d7", "g6e5", "a4b3"});
  CHECK_THAT(prover::format_solution_text(s), Catch::StartsWith("1.Nc8!  (short solution: mate in 2)"));
  // The same position as a #2 has the same key.
  const auto two = solve_fen(test::orthodox_corpus_problem("loyd_0446_3").fen, with_n(2, false));
  REQUIRE(two.verdict == prover::Verdict::Proved);
  CHECK(ucis(two.keys) == std::set<std::string>{"a7c8"});
}

TEST_CASE("stalemate is not mate", "[prover]") {
  // Ka1 against Kd1 + Qg3: 1.Qb3 takes every square from the black king without giving
  // check: stalemate, the only move that leaves Black no move. There is no mate in 1 or 2.
  const std::string fen = "8/8/8/8/8/6Q1/8/k2K4 w - - 0 1";
  orthodox::Game game(read_fen(fen));
  MoveList<> moves;
  game.generate_legal(moves);
  int no_reply = 0;
  for (const Move m : moves) {
    game.play(m);
    if (!game.has_legal_move()) {
      ++no_reply;
      CHECK(to_uci(m) == "g3b3");
      CHECK_FALSE(game.in_check());
      CHECK(game.status() == GameStatus::Stalemate);
    }
    game.undo();
  }
  CHECK(no_reply == 1);
  for (int n : {1, 2}) {
    INFO("#" << n);
    const prover::Solution s = solve_fen(fen, with_n(n));
    CHECK(s.verdict == prover::Verdict::Refuted);
    CHECK(s.keys.empty());
    CHECK(s.shortest == 0);
  }
  // The mate beside it: 1.Qc8# against Ka8/Kb6 is check, and counts.
  const prover::Solution mate = solve_fen("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", with_n(1));
  REQUIRE(mate.verdict == prover::Verdict::Proved);
  CHECK(ucis(mate.keys) == std::set<std::string>{"c1c8"});
}

TEST_CASE("keys agree with an exhaustive reference search", "[prover]") {
  // Regression: MateSearch kept "the defender is stalemated" in a member that nested searches
  // overwrite and table hits leave alone; an AND node whose every defence lost could read a
  // stale "stalemate" from a deeper node, and a key was lost (here 1.Qf8, which even mates
  // in 4, was missing from the #5 keys; and 1.Qg5).
  // The #5 key sets come from the reference search below (a few seconds each, too slow to
  // run here); Stockfish confirms the two keys that went missing: after 1.Qf8 it scores
  // "mate -3", after 1.Qg5 "mate -4" (depth 40).
  const std::string a = "3Q2R1/8/p7/2K5/k7/8/8/8 w - - 0 1";
  const std::set<std::string> a5 = {"c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6", "d8a8", "d8b6", "d8b8",
                                    "d8c7", "d8c8", "d8d1", "d8d2", "d8d3", "d8d4", "d8d5", "d8d6", "d8d7",
                                    "d8e7", "d8e8", "d8f6", "d8f8", "d8g5", "d8h4", "g8e8", "g8f8", "g8g1",
                                    "g8g2", "g8g3", "g8g4", "g8g5", "g8g6", "g8g7", "g8h8"};
  const prover::Solution s5 = solve_fen(a, with_n(5, false));
  CHECK(ucis(s5.keys) == a5);
  const std::string b = "6R1/8/8/3k4/8/8/8/2Q4K w - - 0 1";
  CHECK(ucis(solve_fen(b, with_n(5, false)).keys) ==
        std::set<std::string>{"c1c7", "c1e3", "c1f4", "c1g5", "g8d8", "g8e8", "g8g5", "h1g2"});
  // The #4 against the reference, and every key of the #4 is a key of the #5.
  const auto a4 = ucis(solve_fen(a, with_n(4, false)).keys);
  CHECK(a4 == ReferenceMate(read_fen(a)).keys(4));
  CHECK(a4.size() == 31);
  CHECK(a4.count("d8f8") == 1);
  CHECK(std::includes(a5.begin(), a5.end(), a4.begin(), a4.end()));

  // Random small positions, #3: the prover's keys are exactly the reference's.
  test::Rng rng(0x5E7F00D5ULL);
  const char* const armies[] = {"QR", "Q", "R", "RR", "QB", "RB", "QN", "BBN"};
  int compared = 0, with_keys = 0;
  while (compared < 60) {
    char board[64] = {};
    auto place = [&](char piece) {
      for (;;) {
        const int sq = piece == 'p' ? 8 + rng.below(48) : rng.below(64);
        if (board[sq] == 0) return void(board[sq] = piece);
      }
    };
    place('K');
    place('k');
    for (const char* p = armies[rng.below(8)]; *p; ++p) place(*p);
    for (int i = rng.below(3); i > 0; --i) place("pnbp"[rng.below(4)]);
    std::string fen = test::placement_fen(board, 'w');
    Position pos;
    try {
      pos = read_fen(fen);
    } catch (const ParseError&) {
      continue;
    }
    if (!orthodox::Game(pos).has_legal_move()) continue;
    INFO(fen << " #3");
    prover::SolveOptions options = with_n(3, false);
    options.limits.hash_megabytes = 4;
    const auto ours = ucis(solve_fen(fen, options).keys);
    CHECK(ours == ReferenceMate(pos).keys(3));
    ++compared;
    with_keys += !ours.empty();
  }
  CHECK(with_keys >= 8);  // the sample holds positions with keys, and without
  CHECK(with_keys <= 52);
}

TEST_CASE("Lasker–Thomas 1912: 11.Qxh7+ found in first-key mode within a node budget", "[prover]") {
  prover::SolveOptions options;
  options.n = 8;
  options.first_key_only = true;
  options.build_tree = false;
  const prover::Solution s = solve_fen("rn3rk1/pbppq1pp/1p2pb2/4N2Q/3PN3/3B4/PPP2PPP/R3K2R w KQ - 6 11", options);
  REQUIRE(s.verdict == prover::Verdict::Proved);
  REQUIRE(s.keys.size() == 1);
  CHECK(s.keys[0].uci == "h5h7");
  CHECK(s.keys[0].san == "Qxh7+");
  // The checks-only pass proves it at length 7 (11.Qxh7+ Kxh7 12.Nxf6+ Kh6 13.Neg4+ Kg5
  // 14.f4+ Kh4 15.g3+ Kh3 16.Bf1+ Bg2 17.Nf2#; 14...Kxf4 15.g3+ Kf3 16.O-O#), one move shorter
  // than the game. That no mate in 6 exists takes a full search of about 2*10^8 nodes, so in
  // first-key mode the length is not claimed minimal.
  CHECK(s.keys[0].mate_in == 7);
  CHECK(s.shortest == 7);
  CHECK_FALSE(s.shortest_exact);
  CHECK_FALSE(s.complete);
  CHECK(s.nodes > 0);
  CHECK(s.nodes < 200'000);
}

TEST_CASE("limits end the search with verdict unknown and the reason", "[prover]") {
  SECTION("node limit on a #4") {
    prover::SolveOptions options;
    options.limits.max_nodes = 100;
    const prover::Solution s = solve_corpus("baird_0692_4", options);
    CHECK(s.verdict == prover::Verdict::Unknown);
    CHECK_THAT(s.reason, Catch::Contains("node limit"));
    CHECK_THAT(s.reason, Catch::Contains("100 nodes"));
    CHECK(s.keys.empty());
    CHECK(s.shortest == 0);
    CHECK(s.nodes == 101);  // the node that went over the limit
    // Without the limit the same problem is proved.
    const prover::Solution full = solve_corpus("baird_0692_4", with_n(4, false));
    CHECK(full.verdict == prover::Verdict::Proved);
    CHECK(ucis(full.keys) == std::set<std::string>{"a3b2"});
  }
  SECTION("time limit on a hard #5") {
    prover::SolveOptions options;
    options.build_tree = false;
    options.limits.max_seconds = 0.05;
    const prover::Solution s = solve_corpus("vukcevich_0082_5", options);
    CHECK(s.verdict == prover::Verdict::Unknown);
    CHECK_THAT(s.reason, Catch::Contains("time limit"));
    CHECK(s.keys.empty());
    CHECK(s.seconds >= 0.05);
    CHECK(s.seconds < 5.0);  // stopped promptly (the full proof takes millions of nodes)
  }
  SECTION("a limit reached while printing the tree keeps the proved verdict") {
    prover::SolveOptions options;
    options.max_tree_nodes = 5;
    const prover::Solution s = solve_corpus("baird_0001_2", options);
    CHECK(s.verdict == prover::Verdict::Proved);
    CHECK(ucis(s.keys) == std::set<std::string>{"b5d6"});
    CHECK_FALSE(s.tree_complete);
    CHECK_THAT(s.tree_note, Catch::Contains("more than 5 nodes"));
  }
}

TEST_CASE("defences ordered by the attacker's replies: Hundsdorfer's s#6 within a node budget", "[prover]") {
  // Popeye's BEISPIEL/ep.inp 11 (W. Hundsdorfer, Retrograde Analysis 1915), s#6 after Black's
  // f7-f5: 1.gxf6 e.p.+! alone, as Popeye's expected output. Every other first move is refuted
  // only through a full search of White's moves below a refutation; with the narrowest defence
  // tried first that costs about 3 million nodes, with killers, checks and captures first
  // (the order before) 445 million. The budget fails the careless order.
  prover::SolveOptions options = with_n(6);
  options.goal = prover::Goal::SelfMate;
  options.build_tree = false;
  options.limits.max_nodes = 20'000'000;
  const prover::Solution s = solve_fen("KR2N3/4P1P1/6QB/3N1pPB/n6P/rP6/ppkPP2P/3R4 w - f6 0 1", options);
  REQUIRE(s.verdict == prover::Verdict::Proved);
  REQUIRE(s.keys.size() == 1);
  CHECK(s.keys[0].uci == "g5f6");
  CHECK(s.shortest == 6);
}

TEST_CASE("Quodlibet: a selfmate is also won by the attacker's own mate, and only with the option", "[prover]") {
  // White Kg6 Qa7, Black Kg8: White cannot force Black to mate it in one, but 1.Qg7 mates Black.
  const std::string fen = "6k1/Q7/6K1/8/8/8/8/8 w - - 0 1";
  prover::SolveOptions self = with_n(1);
  self.goal = prover::Goal::SelfMate;
  CHECK(solve_fen(fen, self).verdict == prover::Verdict::Refuted);
  self.battle.quodlibet = true;
  const prover::Solution s = solve_fen(fen, self);
  REQUIRE(s.verdict == prover::Verdict::Proved);
  CHECK(s.battle.quodlibet);
  std::set<std::string> keys;
  for (const auto& k : s.keys) keys.insert(k.uci);
  CHECK(keys == std::set<std::string>{"a7g7", "a7a8", "a7b8"});
  // Popeye's BEISPIEL/quod.inp 3 (H. P. Rehm, Schwalbe 1968), s#2 Quodlibet: 1.Qxh6!, and
  // after 1...c3 the direct 2.Qf4#; without the option 1.Qxh6 is no key.
  const std::string rehm = "7b/8/4p2p/2pp3Q/2pk4/8/P7/KB6 w - - 0 1";
  prover::SolveOptions two = with_n(2);
  two.goal = prover::Goal::SelfMate;
  two.battle.quodlibet = true;
  const prover::Solution q = solve_fen(rehm, two);
  REQUIRE(q.verdict == prover::Verdict::Proved);
  REQUIRE(q.keys.size() == 1);
  CHECK(q.keys[0].uci == "h5h6");
  two.battle.quodlibet = false;
  const prover::Solution plain = solve_fen(rehm, two);
  CHECK(std::none_of(plain.keys.begin(), plain.keys.end(), [](const auto& k) { return k.uci == "h5h6"; }));
}

TEST_CASE("NonTrivial m k: a key that leaves more than m + 1 defences not met by the goal in k + 1 is refuted", "[prover]") {
  // Popeye counts in half-moves: a defence is trivial when a direct mate in k + 1 answers it.
  // Reti's #3 (key 1.Qe6): 12 defences, 9 of them not met by a mate in 1, so NonTrivial 8 0
  // keeps the key and 7 0 refutes it (Popeye 4.104 run live: the same thresholds).
  const auto p = test::orthodox_corpus_problem("reti_0001_3");
  orthodox::Game game(read_fen(p.fen));
  game.play(*parse_uci(game.position(), "f5e6"));
  REQUIRE(game.count_legal() == 12);
  prover::SolveOptions options;
  options.n = 3;
  options.battle.nontrivial_length = 0;
  options.battle.nontrivial_max = 8;
  prover::Solution s = solve_corpus("reti_0001_3", options);
  CHECK(s.verdict == prover::Verdict::Proved);
  CHECK(ucis(s.keys) == std::set<std::string>{"f5e6"});
  CHECK(s.tree_complete);  // the tree follows the line's allowance (solve.h, defences)
  options.battle.nontrivial_max = 7;
  s = solve_corpus("reti_0001_3", options);
  CHECK(s.verdict == prover::Verdict::Refuted);
  CHECK(s.keys.empty());
  // In a #2 every defence of a key is met by a mate in 1: NonTrivial 0 0 refutes no key there.
  prover::SolveOptions two;
  two.battle.nontrivial_length = 0;
  two.battle.nontrivial_max = 0;
  CHECK(ucis(solve_corpus("baird_0001_2", two).keys) == std::set<std::string>{"b5d6"});
}

TEST_CASE("NonTrivial: the table answers a node only for the same moves left and allowance", "[prover]") {
  // The table is keyed with n and the line's NonTrivial allowance too (mate_search.h, table_key).
  const auto keys_under = [](const std::string& fen, prover::Goal goal, int n, int m, std::uint64_t nodes) {
    prover::SolveOptions o;
    o.goal = goal;
    o.n = n;
    o.battle.nontrivial_max = m;
    o.battle.nontrivial_length = 0;
    o.build_tree = false;
    o.limits.max_nodes = nodes;
    const prover::Solution s = solve_fen(fen, o);
    return s.verdict == prover::Verdict::Proved ? ucis(s.keys) : std::set<std::string>{};
  };
  // BEISPIEL/nontriv.inp 6 (Smotrow, s#21;0,0, key 1.Bb1+ as Popeye's): 1.4 million nodes with
  // the table; without it (as before) over 2,000 million, stopped here at the limit.
  CHECK(keys_under("2bb4/8/7B/1npNK3/8/3k4/BR3R1n/8 w - - 0 1", prover::Goal::SelfMate, 21, 0, 20'000'000) ==
        std::set<std::string>{"a2b1"});
  // nontriv.inp 7 (Olariu, #15;5,0, key 1.a4 as Popeye's): a table keyed without the allowance
  // answers a node with a verdict reached under another allowance, and loses the key.
  CHECK(keys_under("nb1B4/qrnPp3/rkp1Pp2/p1p1pp2/2P1Np2/P7/1PN1K1P1/8 w - - 0 1", prover::Goal::DirectMate, 15, 5, 50'000'000) ==
        std::set<std::string>{"a3a4"});
}

TEST_CASE("NonTrivial: the tree gives each defender node what the line to it left", "[prover]") {
  // Benko's #4 under NonTrivial 10 0 (Popeye 4.104 run live with the option added): after
  // 1.Sd3 Bd1 the only answer Popeye prints is 2.Sb2. 2.e6 would be one with the whole allowance
  // at every node; the line's allowance (what the key's defender node left) refutes it.
  prover::SolveOptions options;
  options.battle.nontrivial_length = 0;
  options.battle.nontrivial_max = 10;
  const prover::Solution s = solve_corpus("benko_0346_4", options);
  REQUIRE(s.verdict == prover::Verdict::Proved);
  REQUIRE(s.tree_complete);
  REQUIRE(ucis(s.keys) == std::set<std::string>{"f2d3"});
  CHECK(ucis(defence(s.keys[0], "f3d1").answers) == std::set<std::string>{"d3b2"});
  CHECK(s.keys[0].defences.size() == 7);
}
