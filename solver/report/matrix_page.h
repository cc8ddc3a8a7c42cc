#pragma once
// The interpretation regression matrix as a Markdown page (reports/regression.md): a table per
// variant, the changes listed with the ply where they start. No timing: the page is the same for
// every run of the same verdicts. solver/regress/ runs the matrix; this renders it.

#include <string>

#include "solver/regress/matrix.h"

namespace arbiter::report {

std::string matrix_markdown(const regress::Matrix& m, const std::string& puzzles_label);

}  // namespace arbiter::report
