#pragma once
// Popeye's own suite as the coverage dashboard (issue #33): every problem of a suite folder
// (../shared/corpus/popeye-suite/BEISPIEL, EXAMPLES, REGRESSIONS, TESTS, or the suite root for
// all four) read with read_problem_entries, each playable one solved and compared with the
// output Popeye is expected to print for it (REGRESSIONTESTS/<name>.out, .ref, .reg, .tst: one
// block per problem, popeye_output_blocks.h) and, with a peer, with Popeye run live on the same
// problem side by side. The comparison is the solver's solution set, twin by twin
// (popeye_help_output.h): a direct mate's and a selfmate's keys, a helpmate's lines (with its set
// play when the problem asks for it); where those are identical, Popeye's layout too (what
// `arbiter popeye` prints, line by line, against the expected block).

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "solver/problem/popeye_help_output.h"

namespace arbiter {

// What became of one problem of the suite.
enum class SuiteOutcome {
  Malformed,    // the reader refused its text (file:line:column)
  Unsupported,  // well-formed, but it needs what Arbiter does not play yet
  Identical,    // our solution set is Popeye's expected one, twin by twin
  Different,    // it is not: a finding to explain
  Unknown,      // our limit (--max-seconds) came first: nothing compared
  Unchecked,    // solved, but Popeye's expected output gives nothing to compare (no block, partial, unreadable)
};
std::string_view suite_outcome_name(SuiteOutcome outcome);  // "malformed", "unsupported", "identical", ...

struct SuiteProblemRow {
  std::string file;   // the input, relative to the suite root: "BEISPIEL/castling.inp"
  int number = 1;     // 1-based, in its file
  std::string stipulation;  // as written ("h#2", "ser-h=5", a structured stipulation's words)
  std::string family;       // "direct #", "help h#", "self s#", "other"
  std::string material;     // "condition", "fairy piece", "orthodox only"
  SuiteOutcome outcome = SuiteOutcome::Unchecked;
  std::string detail;       // malformed: the error; unsupported: the reasons; different: what differs; ...
  std::vector<std::string> unsupported;
  // Popeye's expected output refuses this input too, or part of it: an "input-error:", or "the
  // side to play can capture the king" (a deliberate test of an illegal position).
  bool popeye_refuses = false;
  // Solved (playable) problems only:
  double seconds = 0;
  std::uint64_t nodes = 0;
  problem::SolutionSets ours, expected;
  // Popeye's layout: what `--format popeye` prints of the solution against the expected block's
  // lines, as sorted lists (popeye_solution_lines). Compared where the solution sets are
  // identical and Popeye lists them whole: "identical", "different: ...", "limit: ..."; "" not compared.
  std::string layout;
  // With a peer:
  bool have_peer = false;
  double peer_seconds = 0;        // whole-process wall time on the problem alone
  bool peer_complete = false;     // the peer solved it completely and its output was read
  bool peer_same = false;         // the live peer's solution set is ours
  std::string peer_note;          // the peer failed, stopped at its limit, or differs: how
  problem::SolutionSets peer;
};

struct SuiteBenchOptions {
  std::string peer;          // Popeye's binary; empty: the expected files only
  double max_seconds = 10;   // ours per problem (each twin), and the peer's -maxtime
  std::size_t hash_mb = 64;
  int threads = 1;
};

// One row of a summary table: the problems of a family, or of a material class, or all.
struct SuiteTally {
  int problems = 0, read = 0, supported = 0, identical = 0, different = 0, unknown = 0, unchecked = 0, unsupported = 0,
      malformed = 0;
  int layout_compared = 0, layout_identical = 0;  // Popeye's layout, where compared
  int timed = 0;                       // solved completely by us and by the live peer
  double seconds = 0, peer_seconds = 0;  // over those
  double ratio() const { return peer_seconds > 0 ? seconds / peer_seconds : 0; }
  void add(const SuiteProblemRow& row);
};

struct SuiteSummary {
  std::map<std::string, SuiteTally> by_family, by_material;
  SuiteTally total;
  std::vector<std::pair<std::string, int>> unsupported_reasons;  // most frequent first
  int files = 0;
};
SuiteSummary summarise_suite(const std::vector<SuiteProblemRow>& rows, int files);

// The expected-output file of a suite input: REGRESSIONTESTS/<name>.<ext> beside the folders,
// the extension by folder (BEISPIEL .out, EXAMPLES .ref, REGRESSIONS .reg, TESTS .tst; a
// folder's lengthy/ subfolder as the folder). Empty when the input is in none of them.
std::string suite_expected_output(const std::string& suite_root, const std::string& relative_input);

// How Popeye's listing is compared with ours: all of it, or only part of it (options
// MaxSolutions, StopOnShortSolutions, StartMoveNumber, UpToMoveNumber make Popeye list some of
// the solutions; each line it lists must then be ours).
enum class PopeyeListing { Whole, Part };

// The comparison of our sets with Popeye's, twin by twin: empty when equal, else what differs
// ("b): only Popeye's: e2e4 d7d5; only ours: ..."), each of Popeye's extra lines replayed on the
// twin's position (`fens` by label) to say whether it is legal and ends in mate.
std::string compare_solution_sets(const problem::SolutionSets& ours, const problem::SolutionSets& popeye,
                                  const std::map<std::string, std::string>& fens, bool keys,
                                  PopeyeListing listing = PopeyeListing::Whole);

// Runs the bench over DIR (a suite folder or the suite root). Throws std::runtime_error when DIR
// holds no suite input or the peer is not an executable file.
std::vector<SuiteProblemRow> run_popeye_suite_bench(const std::string& dir, const SuiteBenchOptions& options,
                                                    const std::function<void(int done, int total, const std::string&)>& progress,
                                                    int* files = nullptr);

}  // namespace arbiter
