// Colour-flip symmetry (issue #20): every rule set treats White and Black alike, so a position
// and its colour flip (rules/*/mirror.h: the board turned over, the colours, the side to move,
// castling, en passant and the variant's own state flipped) have the same game tree. Checked on
// the generated positions of each rule set (tests/property/property_samples.h): the flip's legal moves
// are the position's, flipped, and below each of them the perft counts are equal. Where a rule
// text does name a colour, the mirror's header says so and the samples keep clear of it (Option
// Chess's token schedule, counted in Black's moves; a focused case below shows the difference).

#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "rules/conditional/mirror.h"
#include "rules/notation/san.h"
#include "rules/option/mirror.h"
#include "rules/orthodox/mirror.h"
#include "rules/timetravel/mirror.h"
#include "rules/transactional/mirror.h"
#include "solver/perft/perft.h"
#include "tests/property/property_samples.h"
#include "tests/property/property_walk.h"
#include "tests/support/test_support.h"

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

// A FEN without its sixth field, the move number.
std::string without_move_number(const std::string& fen) {
  auto fields = test::split(fen, ' ');
  if (fields.size() > 5) fields.erase(fields.begin() + 5);
  std::string out;
  for (const auto& f : fields) out += f + " ";
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

// Conditional statements flip too (rules/conditional/mirror.h): at every C-ply of the samples, a
// statement and its flip select the same branch and execute the same move, flipped, or are both
// skipped. The statements: each legal move as the then-move, under a condition on a square
// picked at random (empty, an enemy man, an enemy man of a type), another legal move or a move
// that is illegal now as the else-move.
TEST_CASE("colour flip: a conditional statement and its flip do the same, flipped", "[property][colour-flip]") {
  test::Rng rng(0x57A7E);
  int statements = 0, executed = 0, skipped = 0, c_plies = 0;
  for (const auto& sample : conditional_samples()) {
    if (sample.game.phase() != conditional::Phase::C) continue;
    ++c_plies;
    const Position& pos = sample.game.position();
    MoveList<> legal, candidates;
    orthodox::generate_legal(pos, legal);
    orthodox::generate_candidates(pos, candidates);
    std::vector<std::string> illegal;  // proposed by the men's movement, illegal now
    for (Move m : candidates)
      if (!legal.contains(m) && m.kind() != MoveKind::Castling) illegal.push_back(to_san(pos, m));
    for (Move m : legal) {
      const char* kinds[] = {"", "E", "PNBRQK"};
      const int kind = rng.below(3);
      std::string text = kind == 2 ? std::string(1, kinds[2][rng.below(6)]) : std::string(kinds[kind]);
      text += square_name(rng.below(64)) + "?" + to_san(pos, m) + "/";
      if (!illegal.empty() && rng.chance(50)) text += illegal[rng.below(int(illegal.size()))];
      else text += to_san(pos, legal[rng.below(legal.size())]);
      const conditional::Statement statement = conditional::read_statement(text, {"<test>", 1, 1});
      conditional::Game game = sample.game;
      conditional::Game flipped = colour_flip(game);
      game.play(conditional::Action::stated(statement));
      flipped.play(conditional::Action::stated(colour_flip(statement)));
      INFO(sample.game.fen() << "  " << text << "  flipped: " << conditional::statement_text(colour_flip(statement)));
      REQUIRE(game.last_execution());
      REQUIRE(flipped.last_execution());
      const conditional::Execution& ours = *game.last_execution();
      const conditional::Execution& theirs = *flipped.last_execution();
      CHECK(ours.branch == theirs.branch);
      CHECK(ours.move.has_value() == theirs.move.has_value());
      if (ours.move && theirs.move) CHECK(flip_move(*ours.move) == *theirs.move);
      // The move number excepted: Black's move advances it, the flip's White move does not.
      CHECK(without_move_number(colour_flip(game).fen()) == without_move_number(flipped.fen()));
      ++statements;
      ++(ours.move ? executed : skipped);
    }
  }
  CHECK(c_plies >= 40);
  CHECK(executed > 500);
  CHECK(skipped > 100);
  WARN("conditional: " << statements << " statements at " << c_plies << " C-plies, " << executed << " executed, " << skipped
                       << " skipped, each as its flip");
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
