// The check test prepared once per position (the CheckTester capability: orthodox's CheckTest,
// the fairy rule set's cut CertainlyNoCheck) says of every legal move at every node of the
// property perfts what playing it and asking in_check() says. The cut answers "no check" without
// playing; a cut too bold shows here as a check it missed. The check generators (the
// CheckGenerator capability: orthodox's and the fairy rule set's generate_checks) give exactly
// the legal moves after which the other side is in check, each once.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/capabilities.h"
#include "tests/property/property_samples.h"
#include "tests/property/property_walk.h"

using namespace arbiter;
using namespace arbiter::test::property;

namespace {

template <class G>
void check_check_test(const std::vector<Sample<G>>& samples) {
  static_assert(CheckTester<G>);
  REQUIRE(samples.size() >= std::size_t(SamplesPerRuleSet));
  std::uint64_t moves_judged = 0, checks = 0;
  int mismatches = 0;
  for (const auto& sample : samples) {
    G game = sample.game;
    const std::string root = game.fen();
    auto visit = [&](G& g, const typename G::MoveListType& legal) {
      const auto test = g.check_test();
      for (const auto& m : legal) {
        ++moves_judged;
        const bool predicted = test.gives_check(m);
        g.play(m);
        const bool check = g.in_check();
        g.undo();
        checks += check;
        if (predicted != check && ++mismatches <= 5) {
          INFO(G::variant_name << " at " << g.fen() << " (below " << root << "): " << move_name(g, m));
          CHECK(predicted == check);
        }
      }
    };
    visiting_perft(game, sample.depth, visit);
  }
  CHECK(mismatches == 0);
  CHECK(checks > 0);  // checks were given, and foreseen
  WARN(G::variant_name << ": " << moves_judged << " moves judged, " << checks << " checks");
}

template <class G>
void check_check_generator(const std::vector<Sample<G>>& samples) {
  static_assert(CheckGenerator<G>);
  std::uint64_t checks = 0;
  int mismatches = 0;
  for (const auto& sample : samples) {
    G game = sample.game;
    const std::string root = game.fen();
    auto visit = [&](G& g, const typename G::MoveListType& legal) {
      std::vector<std::string> expected, generated;
      for (const auto& m : legal) {
        g.play(m);
        const bool check = g.in_check();
        g.undo();
        if (check) expected.push_back(move_name(g, m));
      }
      typename G::MoveListType list;
      g.generate_checks(list);
      for (const auto& m : list) generated.push_back(move_name(g, m));
      checks += list.size();
      std::sort(expected.begin(), expected.end());
      std::sort(generated.begin(), generated.end());
      if (expected != generated && ++mismatches <= 5) {
        INFO(G::variant_name << " at " << g.fen() << " (below " << root << ")");
        CHECK(generated == expected);
      }
    };
    visiting_perft(game, sample.depth, visit);
  }
  CHECK(mismatches == 0);
  CHECK(checks > 0);
  WARN(G::variant_name << ": " << checks << " checks generated");
}

}  // namespace

TEST_CASE("the check generator gives exactly the legal checking moves: orthodox, every node", "[property][check-test]") {
  check_check_generator(orthodox_samples());
}

TEST_CASE("the check generator gives exactly the legal checking moves: fairy, every node", "[property][check-test]") {
  check_check_generator(fairy_samples());
}

TEST_CASE("the prepared check test agrees with playing the move: orthodox, every node", "[property][check-test]") {
  check_check_test(orthodox_samples());
}

TEST_CASE("the prepared check test agrees with playing the move: fairy, every node", "[property][check-test]") {
  check_check_test(fairy_samples());
}
