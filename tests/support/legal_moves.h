#pragma once
// A position's legal moves as the rule-set tests compare them: sorted UCI strings, and one move
// looked up by its UCI spelling (the test fails when there is none).

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace arbiter::test {

inline std::vector<std::string> sorted(std::vector<std::string> moves) {
  std::sort(moves.begin(), moves.end());
  return moves;
}

template <class G>
std::vector<std::string> legal_uci(const G& game) {
  typename G::MoveListType moves;
  game.generate_legal(moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(game.move_uci(m));
  return sorted(std::move(out));
}

template <class G>
typename G::MoveType by_uci(const G& game, const std::string& uci) {
  typename G::MoveListType moves;
  game.generate_legal(moves);
  for (const auto& m : moves)
    if (game.move_uci(m) == uci) return m;
  FAIL("no move " << uci);
  return {};
}

}  // namespace arbiter::test
