// The mate-in-N prover against Popeye on the orthodox-problems corpus (issue #3 acceptance):
// for every "quick" problem (Popeye needed at most QuickSeconds) the set of keys must be
// exactly Popeye's, each key's mate length must be the depth of Popeye's printed tree for it,
// the shortest length must agree with a second solve one move shorter, and negatives must be
// refuted. The whole corpus, slow problems included, runs in the problem benchmark.

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
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

constexpr double QuickSeconds = 0.2;
// A guard, far above what any quick problem needs (the largest uses about 120 000 nodes): a
// search that runs away shows up as verdict "unknown" instead of a hung test.
constexpr std::uint64_t NodeGuard = 5'000'000;

std::string uci_of_popeye(const Position& pos, const std::string& popeye) {
  auto m = parse_popeye(pos, popeye);
  if (!m) throw std::runtime_error("Popeye move '" + popeye + "' is not legal in " + write_fen(pos));
  return to_uci(*m);
}

// Popeye's printed solution (option Variation): each key block starts with "1.KEY !" (or
// "1.KEY # !") and holds the threat and every defence with its fastest mate, so the largest
// White move number in the block is the key's exact mate length.
std::map<std::string, int> popeye_key_lengths(const std::string& out_text, const Position& pos) {
  std::map<std::string, int> lengths;
  std::string current;
  std::istringstream in(out_text);
  std::string line;
  while (std::getline(in, line)) {
    std::size_t i = line.find_first_not_of(' ');
    if (i == std::string::npos || !std::isdigit(static_cast<unsigned char>(line[i]))) continue;
    std::size_t j = i;
    while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
    if (j >= line.size() || line[j] != '.' || (j + 1 < line.size() && line[j + 1] == '.')) continue;  // Black's "1..."
    const int number = std::stoi(line.substr(i, j - i));
    if (number == 1) {
      std::string key = line.substr(j + 1);
      key = key.substr(0, key.find(" !"));
      current = uci_of_popeye(pos, key);
      lengths[current] = 1;
    } else if (!current.empty()) {
      lengths[current] = std::max(lengths[current], number);
    }
  }
  return lengths;
}

prover::Solution solve_fen(const std::string& fen, int n) {
  orthodox::Game game(read_fen(fen));
  prover::SolveOptions options;
  options.n = n;
  options.build_tree = false;
  options.limits.max_nodes = NodeGuard;
  return prover::solve(game, options);
}

std::set<std::string> key_set(const prover::Solution& s) {
  std::set<std::string> keys;
  for (const auto& k : s.keys) keys.insert(k.uci);
  return keys;
}

}  // namespace

TEST_CASE("the prover's keys and mate lengths equal Popeye's on the quick corpus problems", "[corpus][prover]") {
  const auto corpus = test::orthodox_corpus();
  REQUIRE(corpus.size() == 270);

  int solved = 0, negatives = 0, unknown = 0, short_solutions = 0, multi_key = 0;
  std::map<int, int> by_stipulation;
  std::uint64_t nodes = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& p : corpus) {
    if (p.popeye_seconds > QuickSeconds) continue;
    INFO(p.file << "  " << p.stipulation << "  " << p.fen);
    const Position pos = read_fen(p.fen);

    std::set<std::string> popeye;
    for (const auto& k : p.popeye_keys) popeye.insert(uci_of_popeye(pos, k));
    REQUIRE(popeye.size() == p.popeye_keys.size());
    const auto lengths = popeye_key_lengths(test::read_text_file(test::orthodox_corpus_path(
                                                p.file.substr(0, p.file.size() - 4) + ".out")),
                                            pos);
    // The MANIFEST's keys are the ones Popeye printed.
    std::set<std::string> printed;
    for (const auto& [k, length] : lengths) printed.insert(k);
    REQUIRE(printed == popeye);

    const prover::Solution s = solve_fen(p.fen, p.moves);
    ++solved;
    ++by_stipulation[p.moves];
    nodes += s.nodes;
    INFO("verdict " << prover::verdict_name(s.verdict) << " " << s.reason);
    CHECK(s.n == p.moves);
    CHECK(s.stipulation == p.stipulation);
    if (s.verdict == prover::Verdict::Unknown) {
      ++unknown;
      continue;
    }
    CHECK(s.complete);
    CHECK(key_set(s) == popeye);
    if (popeye.empty()) {
      ++negatives;
      CHECK(s.verdict == prover::Verdict::Refuted);
      CHECK(s.keys.empty());
      CHECK(s.shortest == 0);
      continue;
    }
    CHECK(s.verdict == prover::Verdict::Proved);
    multi_key += popeye.size() > 1;

    // Each key's exact length is the depth of Popeye's tree for it.
    int popeye_shortest = p.moves;
    for (const auto& k : s.keys) {
      INFO("key " << k.san << " (" << k.uci << ")");
      CHECK(k.mate_in >= 1);
      CHECK(k.mate_in <= p.moves);
      auto it = lengths.find(k.uci);
      REQUIRE(it != lengths.end());
      CHECK(k.mate_in == it->second);
      popeye_shortest = std::min(popeye_shortest, it->second);
    }
    CHECK(s.shortest == popeye_shortest);
    CHECK(s.shortest_exact);
    short_solutions += s.shortest < p.moves;

    // One move shorter: exactly the keys that mate within n - 1, and none iff shortest == n.
    if (p.moves > 1) {
      const prover::Solution shorter = solve_fen(p.fen, p.moves - 1);
      REQUIRE(shorter.verdict != prover::Verdict::Unknown);
      std::set<std::string> fast;
      for (const auto& k : s.keys)
        if (k.mate_in < p.moves) fast.insert(k.uci);
      CHECK(key_set(shorter) == fast);
      CHECK((shorter.verdict == prover::Verdict::Refuted) == (s.shortest == p.moves));
      if (shorter.verdict == prover::Verdict::Proved) CHECK(shorter.shortest == s.shortest);
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(solved << " quick problems (#2: " << by_stipulation[2] << ", #3: " << by_stipulation[3] << ", #4: "
              << by_stipulation[4] << ", #5: " << by_stipulation[5] << "), " << negatives << " negatives, "
              << short_solutions << " with a short solution, " << multi_key << " with several keys; " << nodes
              << " nodes, " << seconds << " s");
  CHECK(unknown == 0);
  CHECK(solved >= 200);
  CHECK(negatives >= 15);
  CHECK(short_solutions >= 2);  // loyd_0446_3 (#3 in 2) and the KQK classic's Qb2# at least
  CHECK(multi_key >= 2);        // kqk_constructed_2, repo_battle_play_05_2
  CHECK(by_stipulation[4] >= 20);
  CHECK(by_stipulation[5] >= 2);
}

TEST_CASE("the corpus .out reader finds Popeye's keys and their depths", "[corpus][prover]") {
  // Guards the helper the suite relies on: a #3 whose key mates in 2, and a #2 with seven keys
  // of which one mates at once.
  const auto loyd = test::orthodox_corpus_problem("loyd_0446_3.inp");
  auto lengths = popeye_key_lengths(test::read_text_file(test::orthodox_corpus_path("loyd_0446_3.out")), read_fen(loyd.fen));
  CHECK(lengths == std::map<std::string, int>{{"a7c8", 2}});
  const auto kqk = test::orthodox_corpus_problem("kqk_constructed_2");
  lengths = popeye_key_lengths(test::read_text_file(test::orthodox_corpus_path("kqk_constructed_2.out")), read_fen(kqk.fen));
  CHECK(lengths == std::map<std::string, int>{{"h2b8", 2}, {"h2b2", 1}, {"h2d2", 2}, {"h2e2", 2}, {"h2f2", 2},
                                              {"h2g2", 2}, {"c3b3", 2}});
  const auto baird = test::orthodox_corpus_problem("baird_0702_5");
  lengths = popeye_key_lengths(test::read_text_file(test::orthodox_corpus_path("baird_0702_5.out")), read_fen(baird.fen));
  CHECK(lengths == std::map<std::string, int>{{"h3f2", 5}});
}
