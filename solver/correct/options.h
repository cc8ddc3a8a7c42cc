#pragma once
// What a correction search (solver/correct/correction_search.h) may change and for how long:
// a result-side header, so that the registry (solver/variants/registry.h) needs no search template.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "solver/correct/edit_space.h"
#include "solver/prover/goal.h"

namespace arbiter::correct {

struct Options {
  EditSpaceOptions space;
  prover::Goal goal = prover::Goal::DirectMate;
  bool half_move = false;
  int stated_solutions = 0;
  // The whole search.
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;
  // One candidate's searches (0: none). A candidate over it is "unknown".
  std::uint64_t candidate_nodes = 20'000'000;
  std::size_t hash_megabytes = 16;
  int threads = 1;  // the complete re-solve of each version (prover threads)
  // Stop after this many versions (0: every version of the cheapest cost found).
  int max_versions = 0;
  std::function<void(int cost, long long judged, int kept, const std::string& fen)> progress;
};

}  // namespace arbiter::correct
