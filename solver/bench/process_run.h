#pragma once
// Running a peer program (Popeye, ...) as a separate process for the benchmarks: its output
// captured, its whole-process wall time and peak memory measured, killed past a time limit.

#include <string>
#include <vector>

namespace arbiter {

// One run of a program: its stdout and stderr, exit status, wall time and peak memory.
struct ProcessRun {
  std::string out, err;
  int status = -1;      // exit status; -1 when it did not exit normally (killed by a signal)
  bool killed = false;  // still running after the timeout, so killed
  double seconds = 0;
  long peak_rss_kib = 0;  // the child's peak resident memory (ru_maxrss), KiB
};

// Runs `path` with `args` (no shell), killing it after `timeout_seconds` (0: never). Throws
// std::runtime_error when `path` is not an executable file or the process cannot be started.
ProcessRun run_process(const std::string& path, const std::vector<std::string>& args, double timeout_seconds);

}  // namespace arbiter
