#pragma once
// reports/compose/README.md: the composed problems shipped in puzzles/composed/, each as a
// diagram with its key drawn and its solution proved again, and the composer's measured rates.

#include <string>
#include <vector>

#include "solver/compose/compose_rate.h"

namespace arbiter::report {

// Writes `out_dir`/README.md and one SVG per problem; `puzzles_dir` holds the composed files.
void write_compose_gallery(const std::string& puzzles_dir, const std::vector<ComposeBenchRow>& rates,
                           const std::string& out_dir);

// The rates as a Markdown table (also used for reports/benchmarks.md).
std::string compose_rates_table(const std::vector<ComposeBenchRow>& rates);

}  // namespace arbiter::report
