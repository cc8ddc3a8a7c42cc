#pragma once
// Batch verification: every problem file under the paths judged by worker processes, each result
// written to the store as it arrives, the files already judged (same content, same version)
// skipped. Two ways to run the workers, one dispatcher: threads of this process, each with its
// own worker process (run_batch), or MPI ranks (mpi_batch.h). The dispatcher alone writes.

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/batch/batch_job.h"
#include "solver/batch/progress_line.h"
#include "solver/batch/result_store.h"

namespace arbiter::batch {

struct BatchOptions {
  std::vector<std::string> paths;
  std::string db;
  int workers = 1;           // worker processes (--threads), or solving ranks under MPI
  int solver_threads = 1;    // threads of each worker's solve (MPI ranks: --threads)
  double max_seconds = 0;    // each puzzle's limit (0: none; then a hung worker is waited for)
  bool retry_unknown = false;
  bool progress = false;     // a progress line on stderr
  // Called after each job (done, total, the file): the studio's progress (cli/cli_support.h).
  std::function<void(int, int, const std::string&)> on_job_done;
  std::string mode = "threads";
};

// One result as this run recorded it (the --json listing).
struct RecordedPuzzle {
  std::string file;
  int number = 0;
  std::string verdict, reason;
  std::vector<std::string> keys, solutions;
  double seconds = 0;
};

struct BatchOutcome {
  std::int64_t run_id = 0;
  std::string mode;  // as run: "threads" or "mpi"
  int workers = 0;   // as run: worker processes, or solving ranks
  RunStats stats;
  std::map<std::string, int> verdicts;  // this run's, by verdict
  std::vector<RecordedPuzzle> recorded; // in the order they were written
  bool interrupted = false;             // SIGINT: the files in hand were not recorded
};

// The dispatcher's side, whatever runs the workers: the plan (what to do, longest first), and the
// one place results are written, counted and shown.
class Dispatcher {
 public:
  explicit Dispatcher(const BatchOptions& options);

  const std::vector<BatchJob>& jobs() const { return todo_; }
  // The worker's hang limit for a job: a puzzle gets its --max-seconds twice over plus 10 s.
  double hang_seconds(const BatchJob& job) const;
  // Writes one job's result (one transaction), unless SIGINT is stopping the run and the result
  // is a worker killed by it. Thread-safe.
  void record(const BatchJob& job, const JobResult& result);
  void add_idle(double seconds);  // a worker's wait for work
  void add_parcel();              // one more message of work handed out
  BatchOutcome finish(double wall_seconds, double dispatch_seconds);

 private:
  BatchOptions options_;
  ResultStore store_;
  std::vector<BatchJob> todo_;
  std::mutex mutex_;
  BatchOutcome outcome_;
  ProgressLine progress_;
};

// Runs the batch with `options.workers` worker processes of this program's `batch-worker`.
BatchOutcome run_batch(const BatchOptions& options);

// The worker command's arguments for these options.
std::vector<std::string> worker_arguments(const BatchOptions& options);

nlohmann::ordered_json outcome_json(const BatchOutcome& outcome, const BatchOptions& options);

}  // namespace arbiter::batch
