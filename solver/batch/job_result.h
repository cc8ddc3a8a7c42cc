#pragma once
// What one batch job (one problem file) gives: a row per puzzle in it, as the worker process
// sends it back and the store records it. A file that cannot be read, a worker that crashed
// or hung, gives one row (number 0) saying so, so that the batch goes on and the report shows it.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/prover/limits.h"

namespace arbiter::batch {

// Verdicts of their own to the batch, besides verify's and replay's.
inline constexpr const char* VerdictError = "error";      // the file is bad input (reason: the reader's message)
inline constexpr const char* VerdictCrashed = "crashed";  // the worker died on it (reason: the signal)
inline constexpr const char* VerdictHung = "hung";        // the worker did not answer in time (reason: the limit)

struct PuzzleResult {
  int number = 0;      // the puzzle within its file, from 1; 0: the whole file (error, crashed, hung)
  std::string kind;    // "verify" (a problem), "replay" (a game record), or "" for a whole-file row
  std::string variant, stipulation, title;
  // verify: confirmed | unsound | refuted | unknown; replay: legal | illegal | claims fail;
  // or error | crashed | hung.
  std::string verdict;
  std::string reason;                   // the limit reached, the first illegal move, the error
  std::vector<std::string> keys;        // keys (direct and self play), in the variant's notation
  std::vector<std::string> solutions;   // a helpmate's solutions, one line each
  std::string comparison;               // the published solution against the proof, in words
  std::int64_t nodes = 0;
  double seconds = 0;
  nlohmann::json interpretations;       // the pins the puzzle was judged under (object; may be empty)
  nlohmann::json detail;                // what `verify --json` / `replay --json` print for it
};

struct JobResult {
  std::string file;  // as the job named it
  std::vector<PuzzleResult> puzzles;
  double seconds = 0;  // the worker's time for the whole file
};

// Judges every puzzle of `file` in this process (the worker's side): problems verified, game
// records replayed, as `arbiter verify` and `arbiter replay` do. Bad input gives an error row.
// `threads` for each solve; `limits.max_seconds` bounds each puzzle.
JobResult evaluate_file(const std::string& file, const prover::Limits& limits, int threads);

// A whole-file row: error, crashed or hung.
JobResult failed_job(const std::string& file, const std::string& verdict, const std::string& reason, double seconds);

nlohmann::json to_json(const JobResult& r);
JobResult job_result_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception when malformed

}  // namespace arbiter::batch
