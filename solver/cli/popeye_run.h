#pragma once
// Popeye's output for problems read from a file: what `arbiter popeye` and `solve --format
// popeye` print (popeye_command.cpp; the layout is solver/problem/popeye_layout.h).

#include <cstdint>
#include <vector>

#include "solver/problem/problem.h"
#include "solver/prover/solve_options.h"
#include "solver/prover/transposition_table.h"

namespace arbiter::cli {

struct PopeyeRunLimits {
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;  // per problem (each twin)
  std::size_t hash_mb = prover::default_hash_megabytes();
  int threads = prover::default_threads();
};

// Each problem in Popeye's layout, one result per problem (an unsupported one prints its heading
// and what it needs, a malformed one its error on stderr); returns the worst status.
int write_popeye_output(const std::vector<problem::Problem>& problems, const PopeyeRunLimits& limits);

}  // namespace arbiter::cli
