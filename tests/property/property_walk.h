#pragma once
// The perft the rule-set property tests walk: the standard count of leaf nodes, with a look at
// every node whose moves it generates (the root and every node above the last ply). A property
// test checks its property there, on the generated list, before the walk goes on.

#include <cstdint>
#include <memory>
#include <string>

#include "rules/core/ruleset.h"
#include "rules/timetravel/game.h"

namespace arbiter::test::property {

// `visit(game, moves)` at each node whose moves are generated; it must leave the game as it
// found it. Returns the number of leaves at `depth` (>= 1).
template <RuleSet G, class Visit>
std::uint64_t visiting_perft(G& game, int depth, Visit& visit) {
  // On the heap: Option's and Time Traveler's lists are tens of kilobytes.
  auto moves = std::make_unique<typename G::MoveListType>();
  game.generate_legal(*moves);
  visit(game, *moves);
  if (depth <= 1) return std::uint64_t(moves->size());
  std::uint64_t leaves = 0;
  for (const auto& m : *moves) {
    game.play(m);
    leaves += visiting_perft(game, depth - 1, visit);
    game.undo();
  }
  return leaves;
}

// A move's name, unique among a position's moves: its UCI spelling, but for Time Traveler's
// Chess the moving (exploding) type too, as an explosion's UCI names only its squares.
template <RuleSet G>
std::string move_name(const G& game, const typename G::MoveType& m) {
  return game.move_uci(m);
}
inline std::string move_name(const timetravel::Game& game, const timetravel::Move& m) {
  std::string name(1, " PNBRQK"[m.type]);  // appended, not "literal" + string: GCC 12's -Wrestrict misfires
  name += game.move_uci(m);
  return name;
}

}  // namespace arbiter::test::property
