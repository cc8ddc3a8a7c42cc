#pragma once
// Printing a Solution: problemist text layout and JSON.

#include <nlohmann/json.hpp>

#include "solver/prover/solution.h"

namespace arbiter::prover {

nlohmann::ordered_json solution_json(const Solution& s);

// For a solve a limit ended (verdict unknown): its reason, "partial": true, the kind of limit,
// and what was found before it (helpmates: the solutions so far; direct and self mates: the keys,
// refuted and open first moves), added to `j`. Nothing for any other verdict.
void add_partial_json(const Solution& s, nlohmann::ordered_json& j);

}  // namespace arbiter::prover
