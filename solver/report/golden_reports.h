#pragma once
// The golden reports (`arbiter report`): from one run of the regression matrix, a Markdown page
// per puzzle file with SVG diagrams of the start and key positions and the verdict of every
// claim, the index (README.md) and the matrix itself (regression.md). A test regenerates them
// and compares with the shipped reports/, timings aside, so what a reader finds there is what
// the code says now.

#include <string>
#include <vector>

#include "solver/regress/matrix.h"

namespace arbiter::report {

// Writes every page and diagram below `out_dir` (created as needed), each file whole or not at
// all; returns the files written, relative to `out_dir`, sorted. `label` names the puzzles in
// the pages' commands ("puzzles").
std::vector<std::string> write_golden_reports(const regress::Matrix& matrix, const std::string& out_dir,
                                              const std::string& label);

// The files `write_golden_reports` owns in a reports directory: everything but the hand-made
// ones (analysis/, benchmarks.md), the composer's gallery (compose/) and the baseline.
bool is_generated_report_file(const std::string& relative_path);

}  // namespace arbiter::report
