#pragma once
// Perft: the number of leaf nodes of the legal move tree to a given depth, the standard
// correctness test for a move generator. Generic over any RuleSet; the last ply is counted,
// not played ("bulk counting"), which is also what Stockfish's `go perft` does.

#include <cstdint>
#include <functional>
#include <vector>

#include "rules/core/ruleset.h"

namespace arbiter {

template <RuleSet G>
std::uint64_t perft(G& game, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return std::uint64_t(game.count_legal());
  typename G::MoveListType moves;
  game.generate_legal(moves);
  std::uint64_t nodes = 0;
  for (const auto& m : moves) {
    game.play(m);
    nodes += perft(game, depth - 1);
    game.undo();
  }
  return nodes;
}

template <class M>
struct DivideEntry {
  M move;
  std::uint64_t nodes;
};

// Perft split by first move; `progress` (if set) is called after each root move.
template <RuleSet G>
std::vector<DivideEntry<typename G::MoveType>> perft_divide(
    G& game, int depth, const std::function<void(int done, int total)>& progress = {}) {
  typename G::MoveListType moves;
  game.generate_legal(moves);
  std::vector<DivideEntry<typename G::MoveType>> result;
  int done = 0;
  for (const auto& m : moves) {
    game.play(m);
    result.push_back({m, perft(game, depth - 1)});
    game.undo();
    if (progress) progress(++done, moves.size());
  }
  return result;
}

}  // namespace arbiter
