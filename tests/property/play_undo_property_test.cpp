// Play then undo restores the exact state (issue #20): for every move at every node of the
// property perfts (tests/property/property_samples.h), in every rule set, the state after play(m) and
// undo() is the state before, key included (tests/property/exact_state.h: the FEN, the key, and what the
// FEN leaves out). Every rule set undoes: orthodox, Option, Conditional and Time Traveler's by
// a record of what changed, Transactional by a copy of the referee's state taken before the
// move. The samples carry the history of the games that reached them, so each undo also has
// earlier plies beneath it.

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "tests/property/exact_state.h"
#include "tests/property/property_samples.h"
#include "tests/property/property_walk.h"

using namespace arbiter;
using namespace arbiter::test::property;

namespace {

template <class G>
void check_play_undo(const std::vector<Sample<G>>& samples) {
  REQUIRE(samples.size() >= std::size_t(SamplesPerRuleSet));
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0, moves = 0;
  int mismatches = 0;
  for (const auto& sample : samples) {
    G game = sample.game;
    auto visit = [&](G& g, const typename G::MoveListType& legal) {
      ++nodes;
      const std::string before = test::exact_state(g);
      for (const auto& m : legal) {
        ++moves;
        const std::string uci = g.move_uci(m);
        g.play(m);
        g.undo();
        const std::string after = test::exact_state(g);
        if (after != before && ++mismatches <= 5) {
          INFO(G::variant_name << ": play " << uci << " then undo");
          CHECK(after == before);
        }
      }
    };
    visiting_perft(game, sample.depth, visit);
  }
  CHECK(mismatches == 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WARN(G::variant_name << ": " << samples.size() << " positions, " << nodes << " nodes, " << moves
                       << " moves played and undone, " << seconds << " s");
}

}  // namespace

TEST_CASE("play then undo restores the exact state: orthodox", "[property][undo]") { check_play_undo(orthodox_samples()); }

TEST_CASE("play then undo restores the exact state: Option Chess", "[property][undo]") { check_play_undo(option_samples()); }

TEST_CASE("play then undo restores the exact state: Time Traveler's", "[property][undo]") {
  check_play_undo(timetravel_samples());
}

TEST_CASE("play then undo restores the exact state: Transactional", "[property][undo]") {
  check_play_undo(transactional_samples());
}

TEST_CASE("play then undo restores the exact state: Conditional", "[property][undo]") {
  check_play_undo(conditional_samples());
}

TEST_CASE("play then undo restores the exact state: fairy", "[property][undo]") { check_play_undo(fairy_samples()); }
