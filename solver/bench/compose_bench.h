#pragma once
// The composer benchmark: for each rule set and stipulation the composer serves, compose for a
// fixed time and count the problems kept (sound, quiet key, the default quality filters,
// distinct), as problems per hour, with the rejections by reason.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solver/compose/compose_rate.h"

namespace arbiter {


// The stipulations of a composer benchmark by default: #2 (at most 12 units) and #3.
inline const std::vector<std::string> DefaultComposeStipulations = {"#2", "#3"};

// Each stipulation for each rule set the composer serves, `seconds` each; the forms beyond
// #N and h#N (h=N, series play) in orthodox chess alone, the one rule set that plays them.
// Throws ParseError for a stipulation that does not parse.
std::vector<ComposeBenchRow> run_compose_bench(double seconds, std::uint64_t seed, const std::vector<std::string>& stipulations,
                                               const std::function<void(const std::string&)>& progress);

}  // namespace arbiter
