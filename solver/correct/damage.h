#pragma once
// Synthetic damage for the restore benchmark: a sound problem's diagram changed by k random
// edits of the correction search's own kinds (added, removed, moved, changed units), each
// square touched once, so the original is a version of cost at most k (a cheaper one may exist).

#include <cstdint>
#include <vector>

#include "solver/correct/edit.h"

namespace arbiter::correct {

struct Damage {
  Diagram diagram;
  std::vector<Edit> edits;
};

// The same seed gives the same damage anywhere (compose::Random is fully specified).
Damage damage(const Diagram& original, int edits, std::uint64_t seed);

}  // namespace arbiter::correct
