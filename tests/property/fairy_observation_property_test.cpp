// The fairy rule set's attack test (observes, movegen.cpp) answers most walks without walking
// them: from line tables, and for the tree and leaf hoppers from their vector groups. At every
// node of the fairy property perfts it must say of every man and every enemy man exactly what
// the walk's generator (walk_landings) says: whether one of its captures takes that man. A table
// or a group lookup that misses or invents a capture shows here.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/fairy/movegen.h"
#include "rules/fairy/walk_moves.h"
#include "tests/property/property_samples.h"
#include "tests/property/property_walk.h"

using namespace arbiter;
using namespace arbiter::test::property;

namespace {

// Whether `walk`'s generator, for the man of `side` on `from`, captures the man on `target`.
bool generator_takes(const fairy::Board& b, int from, const fairy::Walk& walk, Color side, int target) {
  const auto at = [&](int f, int r) {
    const int sq = b.square(f, r);
    if (sq == from) return fairy::Occupant::Own;
    const fairy::Man m = b.at(sq);
    return m.empty() ? fairy::Occupant::Empty : m.color() == side && !m.neutral() ? fairy::Occupant::Own : fairy::Occupant::Other;
  };
  bool takes = false;
  fairy::walk_landings(walk, b.file_of(from), b.rank_of(from), side == Black, b.files(), b.ranks(), at, [&](const fairy::Landing& l) {
    takes = takes || (l.capture && b.square(l.victim_file, l.victim_rank) == target);
  });
  return takes;
}

}  // namespace

TEST_CASE("the fairy attack test agrees with the walks' generator at every node", "[property][fairy][observes]") {
  const auto samples = fairy_samples();
  REQUIRE(samples.size() >= std::size_t(SamplesPerRuleSet));
  std::uint64_t pairs = 0, observed = 0;
  int mismatches = 0;
  for (const auto& sample : samples) {
    fairy::Game game = sample.game;
    auto visit = [&](fairy::Game& g, const fairy::Game::MoveListType&) {
      const fairy::Board& b = g.board();
      for (const Color side : {White, Black})
        b.for_each_man(side, [&](int from) {
          const fairy::PieceKind& kind = b.variant().kinds[std::size_t(b.at(from).kind())];
          if (kind.orphan || b.at(from).neutral()) return;  // an orphan's walks are the position's; a neutral man is both sides'
          b.for_each_man(~side, [&](int target) {
            if (b.at(target).belongs_to(side) && !b.at(target).neutral()) return;
            ++pairs;
            const bool fast = fairy::observes(b, from, kind.walk, side, target);
            observed += fast;
            if (fast != generator_takes(b, from, kind.walk, side, target) && ++mismatches <= 5) {
              INFO(g.fen() << ": " << kind.name << " on square " << from << " against square " << target);
              CHECK(fast == generator_takes(b, from, kind.walk, side, target));
            }
          });
        });
    };
    visiting_perft(game, std::min(sample.depth, 2), visit);
  }
  CHECK(mismatches == 0);
  CHECK(observed > 0);
  WARN("fairy: " << pairs << " man pairs judged, " << observed << " observations");
}

// The legality predicate judges a royal man's plain step without playing it (movegen.cpp,
// royal_step_attacked): with the men moved alone, not the side to move, rights or key.
// At every node of the fairy property perfts, and of positions made for the shortcut's edges,
// its verdict on every candidate must be what playing the move and asking says. The edges: a
// king stepping back along a checking rider's line (a version that does not lift the king
// accepts Kd1-e1), a king shielding a second royal man (a version that ignores it accepts
// Ke4-d4), a king taking a defended man, a king beside an orphan and beside a paralysing man;
// the samples' radial leaper, whose attack test finds its hurdles in the men's sets (a version
// that changes the squares alone rejects Kd2 in one of them).
TEST_CASE("the fairy legality predicate agrees with playing the move at every node", "[property][fairy][predicates]") {
  std::vector<fairy::Game> starts;
  for (const auto& sample : fairy_samples()) starts.push_back(sample.game);
  const SourceLocation where{"<royal step sample>", 1, 1};
  for (const char* fen : {"4k3/8/8/8/8/8/8/r2K4 w - - 0 1", "4r2k/8/8/8/4K3/8/8/4(r:S)3 w - - 0 1",
                          "4k3/8/8/8/3q4/3r4/3K4/8 w - - 0 1", "4k3/8/8/2(o)5/3K4/8/8/7r w - - 0 1",
                          "4k3/8/3(p:r)4/8/3K4/8/8/5R2 w - - 0 1"})
    starts.push_back(fairy::Game::from_fen(fen, where));
  std::uint64_t judged = 0, rejected = 0;
  int mismatches = 0;
  for (fairy::Game& game : starts) {
    auto visit = [&](fairy::Game& g, const fairy::Game::MoveListType&) {
      fairy::Board b = g.board();
      fairy::FairyMoveList candidates;
      fairy::generate_candidates(b, candidates);
      for (const auto& m : candidates) {
        if (m.flags & fairy::FairyMove::Castling) continue;  // judged by its own predicates first
        const Color side = b.side_to_move();
        b.make(m);
        const bool exposed = fairy::royal_attacked(b, side);
        b.unmake();
        const bool rejected_here = fairy::rejecting_predicate(b, m).has_value();
        ++judged;
        rejected += rejected_here;
        if (rejected_here != exposed && ++mismatches <= 5) {
          INFO(g.fen() << ": " << g.move_text(m));
          CHECK(rejected_here == exposed);
        }
      }
    };
    visiting_perft(game, 2, visit);
  }
  CHECK(mismatches == 0);
  CHECK(rejected > 0);
  WARN("fairy: " << judged << " candidates judged against playing them, " << rejected << " rejected");
}
