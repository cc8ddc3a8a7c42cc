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
  double signalled_at = -1;  // when the ProcessSignal was sent, seconds after the start (-1: never)
};

// A signal to send the process once it has run this long (an interrupt test: SIGINT after 1 s).
struct ProcessSignal {
  int signal = 0;  // 0: none
  double after_seconds = 0;
};

// Runs `path` with `args` (no shell), killing it after `timeout_seconds` (0: never). Throws
// std::runtime_error when `path` is not an executable file or the process cannot be started.
ProcessRun run_process(const std::string& path, const std::vector<std::string>& args, double timeout_seconds,
                       const ProcessSignal& send = {});

}  // namespace arbiter
