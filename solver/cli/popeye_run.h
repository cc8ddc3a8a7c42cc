#pragma once
// Popeye's output for problems read from a file: what `arbiter popeye` and `solve --format
// popeye` print (popeye_command.cpp; the layout is solver/problem/popeye_layout.h).

#include <vector>

#include "solver/problem/popeye_problem_output.h"
#include "solver/problem/problem.h"

namespace arbiter::cli {

using PopeyeRunLimits = problem::popeye::RunLimits;

// Each problem in Popeye's layout, one result per problem (an unsupported one prints its heading
// and what it needs, a malformed one its error on stderr); returns the worst status.
int write_popeye_output(const std::vector<problem::Problem>& problems, const PopeyeRunLimits& limits);

}  // namespace arbiter::cli
