#pragma once
// Plumbing shared by the subcommands: error reporting with exit statuses, whole-file I/O.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include <nlohmann/json.hpp>

#include "rules/core/json_depth.h"
#include "rules/registry/interpretations.h"
#include "solver/regress/matrix.h"
#include "solver/text_file.h"

namespace arbiter::cli {

// Runs a subcommand body; bad input (ParseError, unreadable files, ...) is reported on stderr
// as "arbiter NAME: FILE:LINE:COL: message" and gives exit status 2.
int guarded(const std::string& name, const std::function<int()>& body);

// Runs a subcommand that searches (solve, verify, correct, compose, regress) as guarded() does,
// and makes SIGINT stop the search instead of the process (rules/core/stop.h): the command then
// prints what it had found, marked partial, and the exit status is 3 (ExitUnknown) whatever the
// body returned. A second SIGINT ends the process as usual.
int guarded_search(const std::string& name, const std::function<int()>& body);

// The line a result stopped by a limit prints: "partial: the search stopped (REASON); ...".
std::string partial_line(const std::string& reason);

// Progress lines go to stderr only when a person watches it (a terminal) and not in --json mode.
bool progress_visible(bool json);

// A program that runs this one (the studio's jobs, solver/studio/job_process.h) may ask for
// progress as JSON lines {"done", "total", "what"} on a descriptor of its own, named by the
// environment variable ARBITER_PROGRESS_FD. Unset (the command line): no such lines, and the
// command's outputs are what they always were.
bool progress_wanted();
void report_progress(long long done, long long total, const std::string& what);

// Prints one JSON object per item: the object itself when there is one, else {list_name: [...]}.
void print_json_results(const nlohmann::ordered_json& results, const std::string& list_name);


// reports/ beside the puzzles/ directory `path` lies in (else ./reports).
std::string reports_beside(const std::string& path);

// regress::run_matrix with a progress line on stderr while a person watches (not in --json mode).
regress::Matrix run_matrix_with_progress(const std::vector<std::string>& files, const InterpretationSettings& base,
                                         const regress::RunOptions& options, bool with_alternatives, bool json);

// The repeatable --interpret ID=CHOICE option every command that applies rules takes.
void add_interpret_option(CLI::App* cmd, std::vector<std::string>& values);

// The settings as a JSON object {id: choice}, in the order set.
nlohmann::ordered_json interpretations_json(const InterpretationSettings& settings);

}  // namespace arbiter::cli
