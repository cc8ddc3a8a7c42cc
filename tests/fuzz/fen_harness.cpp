// FEN of every rule set: read, print, read again.

#include <optional>
#include <string>
#include <type_traits>

#include <fmt/format.h>

#include "rules/conditional/game.h"
#include "rules/core/fen.h"
#include "rules/option/game.h"
#include "rules/orthodox/game.h"
#include "rules/timetravel/game.h"
#include "rules/transactional/game.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"

namespace arbiter::fuzz {

namespace {

const std::string File = "fen";

// The number of legal moves; in Time Traveler's Chess the number of candidates, as legality
// there needs the grammar of every move (a search, Z3 for the hard cases): seconds for a
// crowded position in the sanitizer build, the rules' cost, not the reader's.
template <RuleSet G>
int moves_of(const G& game) {
  if constexpr (std::is_same_v<G, timetravel::Game>) {
    typename G::MoveListType candidates;
    game.generate_candidates(candidates);
    return int(candidates.size());
  } else {
    return game.count_legal();
  }
}

// What parses prints back to a FEN that parses to the same game (key and number of legal
// moves), and printing that again gives the same text.
template <RuleSet G>
void round_trip(std::string_view input) {
  std::optional<G> game;
  try {
    game.emplace(G::from_fen(input, {File, 1, 1}));
  } catch (const ParseError& e) {
    check_location(e, input, File, Layout::OneLine);
    return;
  }
  const std::string printed = game->fen();
  std::optional<G> again;
  try {
    again.emplace(G::from_fen(printed, {File, 1, 1}));
  } catch (const ParseError& e) {
    violated(fmt::format("{}: '{}' reads, but its printed FEN '{}' does not: {}", G::variant_name, input, printed, e.what()));
  }
  require(again->fen() == printed, fmt::format("{}: FEN printed twice differs: '{}' then '{}'", G::variant_name, printed, again->fen()));
  require(again->key() == game->key(), fmt::format("{}: '{}' and its printed FEN '{}' have different keys", G::variant_name, input, printed));
  require(moves_of(*again) == moves_of(*game),
          fmt::format("{}: '{}' and its printed FEN '{}' have different numbers of moves", G::variant_name, input, printed));
}

// The board FEN without the orthodox legality checks (as Transactional Chess reads its
// committed view): positions without kings, with pawns on the last rank, ...
void lenient_round_trip(std::string_view input) {
  FenOptions lenient;
  lenient.orthodox_legality = false;
  std::optional<Position> pos;
  try {
    pos = read_fen(input, {File, 1, 1}, lenient);
  } catch (const ParseError& e) {
    check_location(e, input, File, Layout::OneLine);
    return;
  }
  const std::string printed = write_fen(*pos);
  std::optional<Position> again;
  try {
    again = read_fen(printed, {File, 1, 1}, lenient);
  } catch (const ParseError& e) {
    violated(fmt::format("board FEN: '{}' reads, but its printed FEN '{}' does not: {}", input, printed, e.what()));
  }
  require(write_fen(*again) == printed, fmt::format("board FEN printed twice differs: '{}' then '{}'", printed, write_fen(*again)));
  require(again->key() == pos->key(), fmt::format("board FEN: '{}' and its printed FEN '{}' have different keys", input, printed));
}

}  // namespace

void fen_harness(std::string_view input) {
  lenient_round_trip(input);
  round_trip<orthodox::Game>(input);
  round_trip<option::Game>(input);
  round_trip<timetravel::Game>(input);
  round_trip<transactional::Game>(input);
  round_trip<conditional::Game>(input);
}

}  // namespace arbiter::fuzz
