#pragma once
// Quality (quality.h) read off a proved solution: the key's flights, the variations, and each
// line played to its end to look at the mate (model, pin). Generic over the rules; the mate
// pictures are those of the board the rule set keeps (position()).

#include <set>
#include <string>

#include "rules/core/ruleset.h"
#include "solver/compose/key_flights.h"
#include "solver/compose/mate_quality.h"
#include "solver/compose/quality.h"

namespace arbiter::compose {

namespace detail {

// Mates are told apart as problemists tell mate pictures apart: by the mating move and the
// square of the mated king, not by where an uninvolved defender happens to stand (else one
// mate after ten different bishop moves would count ten times).
template <RuleSet G>
void walk_lines(G& game, const prover::AttackerNode& a, Quality& q, std::set<std::string>& mates) {
  game.play(game.parse_move(a.san, {"<solution>", 1, 1}));
  if (a.defences.empty() && game.status() == GameStatus::Checkmate &&
      mates.insert(a.uci + "@" + std::to_string(game.position().king_square(game.side_to_move()))).second) {
    ++q.mates;
    const MateFeatures f = mate_features(game.position());
    q.model_mates += f.model;
    q.pin_mates += f.pin;
  }
  for (const auto& d : a.defences) {
    if (d.answers.size() > 1) ++q.duals;
    if (d.answers.empty()) continue;
    game.play(game.parse_move(d.san, {"<solution>", 1, 1}));
    walk_lines(game, d.answers.front(), q, mates);
    game.undo();
  }
  game.undo();
}

}  // namespace detail

// `game` is the problem's position, `proof` a complete solution with exactly one key and its
// tree (tries requested). The game is left as it was. every_unit_needed is the composer's to set.
template <RuleSet G>
Quality analyse_solution(G& game, const prover::Solution& proof) {
  Quality q;
  q.units = popcount(game.position().occupied());
  q.tries = int(proof.tries.size());
  const prover::AttackerNode& key = proof.keys.front();
  q.variations = count_variations(key);
  q.flights_given = popcount(key_flights(game, game.parse_move(key.san, {"<solution>", 1, 1})).given());
  std::set<std::string> mates;
  detail::walk_lines(game, key, q, mates);
  return q;
}

}  // namespace arbiter::compose
