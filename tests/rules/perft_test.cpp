// Perft against the shared reference file corpus/perft-standard.epd.
// Plan per position: every depth whose reference count is at most 12M nodes, plus the
// smallest depth with at least 10M nodes if the file has one (CI: "every position to at least
// 10 million nodes" where possible), plus deeper ones up to 250M. For the current file that is
// every reference count, about 0.8 billion leaves (about 1 s in a Release build).

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <set>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/perft/perft.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

constexpr std::uint64_t ShallowLimit = 1'000'000;   // untagged quick checks
constexpr std::uint64_t DeepLimit = 12'000'000;     // every depth up to here
constexpr std::uint64_t CiFloor = 10'000'000;       // and the first depth reaching this
constexpr std::uint64_t BonusLimit = 250'000'000;   // and any deeper one up to here

// The depths (index into counts) to check for one position.
std::vector<std::size_t> planned_depths(const test::PerftReference& ref) {
  std::vector<std::size_t> plan;
  bool reached_floor = false;
  for (std::size_t i = 0; i < ref.counts.size(); ++i) {
    const std::uint64_t n = ref.counts[i].second;
    if (n <= DeepLimit) {
      plan.push_back(i);
      reached_floor = reached_floor || n >= CiFloor;
    } else if (!reached_floor) {
      plan.push_back(i);  // the smallest depth with >= 10M (all smaller ones are < 10M)
      reached_floor = true;
    } else if (n <= BonusLimit) {
      plan.push_back(i);  // cheap enough at ~800M leaves/s: the rest of the file too
    }
  }
  return plan;
}

std::uint64_t run_perft(const std::string& fen, int depth) {
  orthodox::Game game(read_fen(fen));
  return perft(game, depth);
}

}  // namespace

TEST_CASE("perft reference file is read completely", "[perft-file]") {
  const auto suite = test::standard_perft_suite();
  REQUIRE(suite.size() == 15);
  CHECK(suite.front().fen == StartFen);
  CHECK(suite.front().counts.size() == 6);
  CHECK(suite.front().counts[5] == std::pair<int, std::uint64_t>{6, 119060324});
  for (const auto& ref : suite) {
    INFO("line " << ref.line << ": " << ref.fen);
    REQUIRE_NOTHROW(read_fen(ref.fen));
    REQUIRE(!ref.counts.empty());
    CHECK(ref.counts.front().first == 1);
    // The plan reaches min(10M, deepest reference) and never skips a depth <= 12M.
    const auto plan = planned_depths(ref);
    std::uint64_t deepest_checked = 0;
    for (auto i : plan) deepest_checked = std::max(deepest_checked, ref.counts[i].second);
    CHECK(deepest_checked >= std::min<std::uint64_t>(CiFloor, ref.counts.back().second));
    for (std::size_t i = 0; i < ref.counts.size(); ++i)
      if (ref.counts[i].second <= DeepLimit) CHECK(std::find(plan.begin(), plan.end(), i) != plan.end());
  }
  // The parser rejects what it cannot read rather than skipping it.
  CHECK_THROWS(test::parse_perft_epd("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 x\n"));
  CHECK_THROWS(test::parse_perft_epd("8/8/8/8/8/8/8/K6k w - - 0 1\n"));
  CHECK(test::parse_perft_epd("# comment\n\nK1k5/8/P7/8/8/8/8/8 w - - 0 1 ;D1 2 ;D2 6\n").at(0).counts.size() == 2);
}

TEST_CASE("perft matches the reference counts up to 1M nodes", "[perft-quick]") {
  int checked = 0;
  for (const auto& ref : test::standard_perft_suite()) {
    for (const auto& [depth, nodes] : ref.counts) {
      if (nodes > ShallowLimit) continue;
      INFO("line " << ref.line << ": " << ref.fen << " depth " << depth);
      CHECK(run_perft(ref.fen, depth) == nodes);
      ++checked;
    }
  }
  CHECK(checked >= 60);
}

TEST_CASE("perft matches the reference to at least 10M nodes per position", "[perft][long]") {
  std::uint64_t total = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& ref : test::standard_perft_suite()) {
    for (auto i : planned_depths(ref)) {
      const auto [depth, nodes] = ref.counts[i];
      if (nodes <= ShallowLimit) continue;  // covered by the quick case
      INFO("line " << ref.line << ": " << ref.fen << " depth " << depth);
      CHECK(run_perft(ref.fen, depth) == nodes);
      total += nodes;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO("deep perft: " << total << " nodes in " << seconds << " s");
  CHECK(total > 700'000'000);  // the plan really includes the deep runs
}

TEST_CASE("perft_divide entries sum to perft", "[perft-quick]") {
  for (const auto& ref : test::standard_perft_suite()) {
    // The deepest depth up to 300k nodes (at least depth 1).
    std::pair<int, std::uint64_t> target = ref.counts.front();
    for (const auto& c : ref.counts)
      if (c.second <= 300'000) target = c;
    INFO("line " << ref.line << ": " << ref.fen << " depth " << target.first);
    orthodox::Game game(read_fen(ref.fen));
    const auto before = write_fen(game.position());
    const auto entries = perft_divide(game, target.first);
    CHECK(write_fen(game.position()) == before);
    CHECK(entries.size() == ref.counts.front().second);  // one entry per legal first move
    std::uint64_t sum = 0;
    std::set<std::string> names;
    for (const auto& e : entries) {
      sum += e.nodes;
      names.insert(to_uci(e.move));
      game.play(e.move);
      const std::uint64_t below = perft(game, target.first - 1);
      game.undo();
      CHECK(e.nodes == below);
    }
    CHECK(names.size() == entries.size());
    CHECK(sum == target.second);
    CHECK(sum == perft(game, target.first));

    // Depth 1: every root move counts one leaf.
    for (const auto& e : perft_divide(game, 1)) CHECK(e.nodes == 1);
  }
  orthodox::Game start;
  CHECK(perft(start, 0) == 1);
  int calls = 0, last_total = 0;
  perft_divide(start, 2, [&](int done, int total) {
    ++calls;
    CHECK(done == calls);
    last_total = total;
  });
  CHECK(calls == 20);
  CHECK(last_total == 20);
}
