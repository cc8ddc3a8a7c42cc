#pragma once
// Printing a Solution: problemist text layout and JSON.

#include <nlohmann/json.hpp>

#include "solver/prover/solution.h"

namespace arbiter::prover {

nlohmann::ordered_json solution_json(const Solution& s);

}  // namespace arbiter::prover
