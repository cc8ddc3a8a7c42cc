#pragma once
// Where candidate positions come from: a random "mating net" (the defending king with the
// attacker's units gathered around it and a few defenders beside it) and single edits of a
// candidate (a unit moved, added, removed or changed, a king moved, the tokens changed), which
// the composer's hill climbing applies to a candidate that is close to a sound problem.

#include <array>

#include "solver/compose/material.h"
#include "solver/compose/placement.h"
#include "solver/compose/random.h"

namespace arbiter::compose {

struct GeneratorSettings {
  Material material;
  bool tokens = false;  // Option Chess: each side's tokens are part of the candidate
  int fullmove = 1;
  Color to_move = White;  // Black for helpmates (h#n: Black starts)
  // How many units besides the king each side draws (within the material and max_units):
  // direct mates 1 to 5 White and 0 to 5 Black; helpmates are lighter (1 to 3 and 0 to 4).
  int white_min = 1, white_max = 5, black_max = 5;
  // Option Chess: each side's tokens are drawn from [token_min, token_max] (direct mates:
  // White 1 to 2, Black 0 to 1; helpmates: 0 to 1 each).
  std::array<int, 2> token_min{1, 0}, token_max{2, 1};
};

// A new candidate within the material: both kings, white_min to white_max White units near
// the Black king, up to black_max Black units near it, pawns on ranks 2 to 7. Not checked for
// legality here.
Placement random_candidate(Random& random, const GeneratorSettings& settings);

// The candidate with one random edit; the material and max_units always hold.
Placement mutated(const Placement& p, Random& random, const GeneratorSettings& settings);

}  // namespace arbiter::compose
