// The two paths of every rule set agree on every node of the property perfts (issue #20): the
// fast generate_legal() gives exactly the candidates (generate_candidates(), the pieces'
// movement rules) that no named predicate rejects, each once. The positions and depths are
// tests/property/property_samples.h's; the walk looks at the root and at every node above the last ply.

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "tests/property/property_samples.h"
#include "tests/property/property_walk.h"

using namespace arbiter;
using namespace arbiter::test::property;

namespace {

// "move move ..." of the moves in `a` and not in `b` (both sorted; as multisets).
std::string missing(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> d;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(d));
  std::string out;
  for (const auto& m : d) out += m + " ";
  return out;
}

template <class G>
void check_legal_equals_predicates(const std::vector<Sample<G>>& samples) {
  REQUIRE(samples.size() >= std::size_t(SamplesPerRuleSet));
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0, candidates_judged = 0, rejected = 0;
  int mismatches = 0;
  auto candidates = std::make_unique<typename G::MoveListType>();
  for (const auto& sample : samples) {
    G game = sample.game;
    const std::string root = game.fen();
    auto visit = [&](G& g, const typename G::MoveListType& legal) {
      ++nodes;
      const std::uint64_t key = g.key();
      std::vector<std::string> fast, accepted;
      for (const auto& m : legal) fast.push_back(move_name(g, m));
      candidates->clear();
      g.generate_candidates(*candidates);
      for (const auto& m : *candidates) {
        ++candidates_judged;
        if (g.rejecting_predicate(m)) ++rejected;
        else accepted.push_back(move_name(g, m));
      }
      std::sort(fast.begin(), fast.end());
      std::sort(accepted.begin(), accepted.end());
      // Judging the candidates leaves the game as it was (the predicates play and take back).
      if ((fast != accepted || g.key() != key) && ++mismatches <= 5) {
        INFO(G::variant_name << " at " << g.fen() << " (below " << root << ")");
        CHECK(g.key() == key);
        // Multisets: a move listed twice on one side shows as a difference too.
        CHECK(missing(fast, accepted) == "");  // legal, but rejected or not proposed
        CHECK(missing(accepted, fast) == "");  // accepted, but not legal
      }
    };
    visiting_perft(game, sample.depth, visit);
  }
  CHECK(mismatches == 0);
  CHECK(rejected > 0);  // the predicates did reject candidates
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WARN(G::variant_name << ": " << samples.size() << " positions, " << nodes << " nodes, " << candidates_judged
                       << " candidates judged (" << rejected << " rejected), " << seconds << " s");
}

}  // namespace

TEST_CASE("legal moves are the candidates no predicate rejects: orthodox, every node", "[property][predicates]") {
  check_legal_equals_predicates(orthodox_samples());
}

TEST_CASE("legal moves are the candidates no predicate rejects: Option Chess, every node", "[property][predicates]") {
  check_legal_equals_predicates(option_samples());
}

TEST_CASE("legal moves are the candidates no predicate rejects: Time Traveler's, every node", "[property][predicates]") {
  check_legal_equals_predicates(timetravel_samples());
}

TEST_CASE("legal moves are the candidates no predicate rejects: Transactional, every node", "[property][predicates]") {
  check_legal_equals_predicates(transactional_samples());
}

TEST_CASE("legal moves are the candidates no predicate rejects: Conditional, every node", "[property][predicates]") {
  check_legal_equals_predicates(conditional_samples());
}

TEST_CASE("legal moves are the candidates no predicate rejects: fairy, every node", "[property][predicates]") {
  check_legal_equals_predicates(fairy_samples());
}
