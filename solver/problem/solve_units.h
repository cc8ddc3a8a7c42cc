#pragma once
// What is solved on its own: a problem, or each of its twins, with the search options its
// stipulation asks for and the published lines that belong to it.

#include <string>
#include <vector>

#include "rules/notation/pgn.h"
#include "solver/problem/problem.h"
#include "solver/prover/solve_options.h"

namespace arbiter::problem {

// The stipulation's goal, length and stated solution count in a search's options.
void set_stipulation(prover::SolveOptions& options, const Stipulation& stipulation, bool set_play);

// What is solved on its own: the problem itself, or each of its twins a), b), ...
struct SolveUnit {
  std::string label;        // "" without twins, else "a", "b", ...
  std::string description;  // the twin's operations ("move b8 a7"); empty for a)
  std::string fen;
  Stipulation stipulation;
};
std::vector<SolveUnit> solve_units(const Problem& p);
std::string unit_heading(const SolveUnit& unit);  // "b) move b8 a7  h#3.5  FEN", or "" without twins
// The published lines that belong to one twin: those whose first move is labelled "b)" by a
// comment before it (unlabelled lines belong to a).
PgnLine published_for_twin(const PgnLine& published, const std::string& label);

}  // namespace arbiter::problem
