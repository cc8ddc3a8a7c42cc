#pragma once
// Where candidate positions come from: a random "mating net" (the defending king with the
// attacker's units gathered around it and a few defenders beside it) and single edits of a
// candidate (a unit moved, added, removed or changed, a king moved, the tokens changed), which
// the composer's hill climbing applies to a candidate that is close to a sound problem.

#include "solver/compose/material.h"
#include "solver/compose/placement.h"
#include "solver/compose/random.h"

namespace arbiter::compose {

struct GeneratorSettings {
  Material material;
  bool tokens = false;  // Option Chess: each side's tokens are part of the candidate
  int fullmove = 1;
};

// A new candidate within the material: both kings, 1 to 5 White units near the Black king,
// up to 5 Black units near it, pawns on ranks 2 to 7. Not checked for legality here.
Placement random_candidate(Random& random, const GeneratorSettings& settings);

// The candidate with one random edit; the material and max_units always hold.
Placement mutated(const Placement& p, Random& random, const GeneratorSettings& settings);

}  // namespace arbiter::compose
