#pragma once
// The problem given to solve / verify: a problem file (PGN or Popeye input), or a FEN with a
// stipulation on the command line.

#include <string>
#include <vector>

#include <functional>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

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
// The problems to play; throws for the first malformed or unsupported one (problem.h).
std::vector<problem::Problem> load_problems(const ProblemArgs& args);
// Every problem of the input with its own result to come: malformed and unsupported ones are
// returned too (problem.h, read_problem_entries), for the commands that give one result per
// problem (solve, verify).
std::vector<problem::Problem> load_problem_entries(const ProblemArgs& args);

// One result per problem: a problem that is not played is reported here (text: its heading and
// "unsupported: condition Circe" on stdout; a malformed one's error on stderr as "arbiter
// COMMAND: FILE:LINE:COL: ..."; JSON adds an object with "verdict" "unsupported" and the list
// "unsupported", or "bad-input" and "error" {file, line, column, message}), and its status
// returned (4 or 2).
int report_unplayable(const std::string& command, const problem::Problem& p, bool json, nlohmann::ordered_json& results);

// A twin whose position is illegal (problem::Twin::illegal), reported as bad input while the
// problem's other twins are solved: the error on stderr, the twin's heading and the error on
// stdout, or with `json` an object ("twin", "description", "verdict" "bad-input", "error") added
// to `twins`. Returns 2.
int report_illegal_twin(const std::string& command, const problem::SolveUnit& unit, bool json, nlohmann::ordered_json& twins);

// Runs one problem's work; bad input found while playing it (a variant's own reader refusing
// the position, ...) becomes that problem's result as report_unplayable gives it, and the
// file goes on with the next problem.
int play_problem(const std::string& command, const problem::Problem& p, bool json, nlohmann::ordered_json& results,
                 const std::function<int()>& body);

// The line a file of several problems ends with: "3 problems: 1 proved, 1 unsupported, 1 bad
// input". `ok_word` names a success ("proved", "confirmed").
class ProblemTally {
 public:
  explicit ProblemTally(std::string ok_word, std::string false_word) : ok_(std::move(ok_word)), false_(std::move(false_word)) {}
  void add(int status);
  std::string summary() const;
  std::size_t size() const { return total_; }

 private:
  std::string ok_, false_;
  std::size_t total_ = 0;
  std::size_t counts_[5] = {0, 0, 0, 0, 0};
};

std::string problem_heading(const problem::Problem& p);  // file, number, author, source, stipulation
std::string describe_verdict(const prover::Solution& s);  // "verdict: proved: mate in 2 (1 key)"
int exit_for(prover::Verdict v);  // a solve's status: 0 proved, 1 refuted, 3 unknown

}  // namespace arbiter::cli
