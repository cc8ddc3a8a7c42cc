#pragma once
// The helpmate search's lines as UCI strings, for the tests that compare its cuts.

#include <set>
#include <string>

#include "rules/orthodox/game.h"
#include "solver/prover/help_search.h"

namespace arbiter::test {

inline std::set<std::string> help_lines(const std::string& fen, int plies, const prover::HelpCuts& cuts,
                                        const Target& target) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  prover::Limits limits;
  limits.hash_megabytes = 1;
  prover::HelpSearch<orthodox::Game> search(game, limits);
  search.set_cuts(cuts);
  search.set_target(target);
  std::set<std::string> out;
  for (const auto& line : search.solutions(plies)) {
    std::string s;
    for (const auto& m : line) {
      if (!s.empty()) s += ' ';
      s += game.move_uci(m);
      game.play(m);
    }
    for (std::size_t i = 0; i < line.size(); ++i) game.undo();
    out.insert(s);
  }
  return out;
}

inline std::set<std::string> help_lines(const std::string& fen, int plies, const prover::HelpCuts& cuts,
                                        Target::Kind goal = Target::Mate) {
  Target target;
  target.kind = goal;
  return help_lines(fen, plies, cuts, target);
}

}  // namespace arbiter::test
