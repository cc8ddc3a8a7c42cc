#pragma once
// The problem given to solve / verify: a problem file (PGN or Popeye input), or a FEN with a
// stipulation on the command line.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "solver/problem/problem.h"
#include "solver/prover/solution.h"
#include "solver/problem/solve_units.h"

namespace arbiter::cli {

struct ProblemArgs {
  std::string file;
  std::string fen;
  std::string stipulation;
  std::string variant = "orthodox";  // with --fen
  int problem = 0;  // 0: every problem of the file
  std::vector<std::string> interpret;  // --interpret ID=CHOICE, over each file's [Interpret] pins
  // The correction search reads a damaged diagram: its published lines are taken as stated.
  problem::PublishedLines lines = problem::PublishedLines::Checked;
};

void add_problem_options(CLI::App* cmd, ProblemArgs& args);
std::vector<problem::Problem> load_problems(const ProblemArgs& args);

std::string problem_heading(const problem::Problem& p);  // file, number, author, source, stipulation
std::string describe_verdict(const prover::Solution& s);  // "verdict: proved: mate in 2 (1 key)"

  // "b) move b8 a7  h#3.5  FEN", or "" without twins

}  // namespace arbiter::cli
