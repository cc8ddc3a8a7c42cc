#pragma once
// The prover benchmark: every problem of a corpus folder (Popeye inputs with Popeye's output
// beside each), solved completely with its solution tree as Popeye's "option Variation"
// does, timed, and compared with Popeye's keys and Popeye's recorded solving time.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace arbiter {

struct ProblemBenchRow {
  std::string name;         // file name without folder
  std::string stipulation;
  std::vector<std::string> keys, popeye_keys;  // UCI spelling, sorted
  std::string verdict;
  std::uint64_t nodes = 0;
  double seconds = 0;
  double popeye_seconds = 0;  // "Time = ... s" of the .out file (0 if absent)
  bool agree() const { return keys == popeye_keys; }
};

struct ProblemBenchOptions {
  bool tree = true;          // build the full solution tree, as Popeye does with option Variation
  std::size_t hash_mb = 64;
};

std::vector<ProblemBenchRow> run_problem_bench(const std::string& folder, const ProblemBenchOptions& options,
                                               const std::function<void(int done, int total, const std::string&)>& progress);

}  // namespace arbiter
