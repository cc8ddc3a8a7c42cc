#pragma once
// A worker process: the `arbiter batch-worker` program judging one file at a time for the
// dispatcher, so that a problem which crashes or hangs the solver costs that problem only. The
// dispatcher writes a file's path as one JSON line on the worker's stdin; the worker answers with
// one JSON line (job_result.h's to_json). A worker that dies is recorded as crashed on the file
// it held; one that stays silent past the hang limit is killed and recorded as hung. The next
// job starts a fresh worker.

#include <string>
#include <sys/types.h>
#include <vector>

#include "solver/batch/job_result.h"

namespace arbiter::batch {

class WorkerProcess {
 public:
  // `program` run with `args` (the worker command and its options), started on first use.
  WorkerProcess(std::string program, std::vector<std::string> args);
  ~WorkerProcess();  // closes the worker's stdin (it exits) and reaps it
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  // Judges `file`; `hang_seconds` without an answer (0: wait for ever) kills the worker.
  JobResult run(const std::string& file, double hang_seconds);

  // The program running now (the batch command's own executable, /proc/self/exe).
  static std::string self_program();

 private:
  void start();
  void finish(bool kill);  // ends the worker, returns its wait status
  int end_status_ = 0;
  std::string program_;
  std::vector<std::string> args_;
  pid_t pid_ = -1;
  int to_worker_ = -1, from_worker_ = -1;
};

// The worker's side: reads paths from stdin, writes answers on `answer_fd`, until stdin ends.
// Its stdout is sent to stderr first, so nothing a library prints can corrupt an answer.
int serve_worker(const prover::Limits& limits, int threads);

}  // namespace arbiter::batch
