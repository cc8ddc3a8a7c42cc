#pragma once
// What a problemist looks at in a sound direct mate, read off its proved solution tree, and
// the composer's score. Every count comes from the prover's tree: nothing is estimated.

#include <set>
#include <string>

#include "solver/compose/mate_quality.h"
#include "solver/prover/solution.h"

namespace arbiter::compose {

struct Quality {
  int units = 0;              // on the board, kings included
  int variations = 0;         // distinct first replies to the key's defences, the threat's moves aside
  int mates = 0;              // distinct mates at the ends of the solution's lines (mating move, king's square)
  int model_mates = 0;        // of those, model mates (pure and economical: mate_quality.h)
  int pin_mates = 0;          // of those, mates with a defending unit pinned
  int tries = 0;              // first moves refuted by exactly one defence
  int duals = 0;              // defences answered by more than one move
  int flights_given = 0;      // squares the key gives the defending king
  bool every_unit_needed = false;  // removing any unit breaks soundness or loses a variation
};

// The composer's score (higher is better), each term a criterion problemists weigh:
//   10                      a sound problem with a quiet key (the default filters)
//   + 3 per variation       distinct defences with different mates
//   + 4 per model mate      + 2 per pin mate
//   + 2 per try, at most 5  first moves refuted by a single defence
//   + 3 if the key gives the king a flight
//   + 5 if every unit is needed
//   + 2 per unit below 12   economy (fewer units)
//   - 2 per dual
int score(const Quality& q);

// "variations 3, model mates 1, ..." for reports.
std::string quality_summary(const Quality& q);

// The distinct first replies to the key's defences that are not a move of the threat.
int count_variations(const prover::AttackerNode& key);

}  // namespace arbiter::compose
