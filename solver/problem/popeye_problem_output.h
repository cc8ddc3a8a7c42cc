#pragma once
// One problem solved and written as Popeye prints it: the heading, the board, the stipulation
// line (and "Duplex" below it), each twin's label and solution lines, and the closing line.
// `arbiter popeye`, `solve --format popeye` and the suite bench's layout comparison share it.

#include <cstdint>
#include <ostream>

#include "solver/problem/problem.h"
#include "solver/prover/solution.h"
#include "solver/prover/solve_options.h"
#include "solver/prover/transposition_table.h"

namespace arbiter::problem::popeye {

struct RunLimits {
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;  // per twin (each Duplex half): its solve and the layout's own searches
  std::size_t hash_mb = prover::default_hash_megabytes();
  int threads = prover::default_threads();
};

struct ProblemWritten {
  prover::Verdict worst = prover::Verdict::Proved;  // over the twins: Unknown over Refuted over Proved
  bool complete = true;                             // no limit cut a solution or its tree
  // Twins whose position is illegal (Twin::illegal): under their label nothing, as Popeye prints
  // for them; the errors are here for the caller to report as bad input.
  std::vector<ParseError> illegal_twins;
};

// Solves a playable problem twin by twin and writes it to `out` as it goes (the heading before
// the first solve). Throws ParseError when the rules refuse a twin's position.
ProblemWritten write_popeye_problem(const Problem& p, const RunLimits& limits, std::ostream& out);

}  // namespace arbiter::problem::popeye
