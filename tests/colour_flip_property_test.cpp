// Colour-flip symmetry (issue #20): every rule set treats White and Black alike, so a position
// and its colour flip (rules/*/mirror.h: the board turned over, the colours, the side to move,
// castling, en passant and the variant's own state flipped) have the same game tree. Checked on
// the generated positions of each rule set (tests/property_samples.h): the flip's legal moves
// are the position's, flipped, and below each of them the perft counts are equal. Where a rule
// text does name a colour, the mirror's header says so and the samples keep clear of it (Option
// Chess's token schedule, counted in Black's moves; a focused case below shows the difference).

#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <string>

#include "rules/conditional/mirror.h"
#include "rules/option/mirror.h"
#include "rules/orthodox/mirror.h"
#include "rules/timetravel/mirror.h"
#include "rules/transactional/mirror.h"
#include "solver/perft/perft.h"
#include "tests/property_samples.h"
#include "tests/property_walk.h"

using namespace arbiter;
using namespace arbiter::test::property;

namespace {

Move flip(const Move& m) { return flip_move(m); }
template <class M>
M flip(const M& m) {
  return colour_flip(m);
}

// Perft below each root move, the moves named as the flipped game spells them.
template <class G>
std::map<std::string, std::uint64_t> divide(G& game, int depth, const G& spelling, bool flip_moves) {
  typename G::MoveListType moves;
  game.generate_legal(moves);
  std::map<std::string, std::uint64_t> out;
  for (const auto& m : moves) {
    game.play(m);
    const std::string name = flip_moves ? move_name(spelling, flip(m)) : move_name(spelling, m);
    out[name] += perft(game, depth - 1);
    game.undo();
  }
  return out;
}

// "move a:b ..." for each first move whose counts differ ("-": the move is not there).
std::string differences(const std::map<std::string, std::uint64_t>& a, const std::map<std::string, std::uint64_t>& b) {
  std::map<std::string, std::pair<std::string, std::string>> both;
  for (const auto& [m, n] : a) both[m].first = std::to_string(n);
  for (const auto& [m, n] : b) both[m].second = std::to_string(n);
  std::string out;
  for (const auto& [m, n] : both)
    if (n.first != n.second)
      out += m + " " + (n.first.empty() ? "-" : n.first) + ":" + (n.second.empty() ? "-" : n.second) + "  ";
  return out;
}

template <class G>
void check_colour_flip(const std::vector<Sample<G>>& samples) {
  REQUIRE(samples.size() >= std::size_t(SamplesPerRuleSet));
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t leaves = 0;
  int mismatches = 0;
  for (const auto& sample : samples) {
    G game = sample.game;
    G flipped = colour_flip(game);
    INFO(G::variant_name << " " << game.fen() << "  flipped: " << flipped.fen() << "  depth " << sample.depth);
    CHECK(colour_flip(flipped).fen() == game.fen());  // flipping twice gives the position back
    const auto ours = divide(game, sample.depth, flipped, true);
    const auto theirs = divide(flipped, sample.depth, flipped, false);
    // Below each first move: the position's count, then the flipped position's.
    if (ours != theirs && ++mismatches <= 5) CHECK(differences(ours, theirs) == "");
    for (const auto& [move, n] : ours) leaves += n;
  }
  CHECK(mismatches == 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WARN(G::variant_name << ": " << samples.size() << " positions and their flips, " << leaves << " leaves each side, "
                       << seconds << " s");
}

}  // namespace

TEST_CASE("colour flip: orthodox perft equals the flipped position's", "[property][colour-flip]") {
  check_colour_flip(orthodox_samples());
}

TEST_CASE("colour flip: Option Chess perft equals the flipped position's, tokens and targets flipped", "[property][colour-flip]") {
  check_colour_flip(option_samples());
}

TEST_CASE("colour flip: Time Traveler's perft equals the flipped position's, stages and memory flipped", "[property][colour-flip]") {
  check_colour_flip(timetravel_samples());
}

TEST_CASE("colour flip: Transactional perft equals the flipped position's, transactions flipped", "[property][colour-flip]") {
  check_colour_flip(transactional_samples());
}

TEST_CASE("colour flip: Conditional perft equals the flipped position's, in every phase", "[property][colour-flip]") {
  check_colour_flip(conditional_samples());
}

// The one colour the Option Chess text names: tokens come "after Black's eighth move", and a
// double move needs the mover's own move nine. White to move at move 8 plays its 8th move, then
// Black its 8th (no option yet) and White its 9th (options open). Flipped, Black plays its 8th,
// then White its 9th with options open: the third ply of one tree is the second of the other.
TEST_CASE("colour flip: Option Chess's token schedule is counted in Black's moves", "[property][colour-flip]") {
  const SourceLocation where{"<test>", 1, 1};
  auto game = option::Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 8 0/0", where);
  auto flipped = colour_flip(game);
  CHECK(flipped.fen() == "r3k3/8/8/8/8/8/8/4K3 b - - 0 8 0/0");
  CHECK(perft(game, 1) == perft(flipped, 1));
  CHECK(perft(game, 2) != perft(flipped, 2));  // the flip's second ply has double moves
  // A move later both trees have their options from the first ply on.
  auto later = option::Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 10 12/12", where);
  auto later_flipped = colour_flip(later);
  CHECK(perft(later, 2) == perft(later_flipped, 2));
}
