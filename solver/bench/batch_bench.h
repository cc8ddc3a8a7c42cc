#pragma once
// The batch benchmark: one `arbiter batch` over a corpus against the same files judged one
// process each (`arbiter verify FILE` / `arbiter replay FILE`), timed side by side in one run,
// every result compared; the batch's own dispatch cost and idle time measured (with threads, and
// under mpirun when asked), and from them the expected efficiency at many ranks.

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/batch/result_store.h"

namespace arbiter {

struct BatchBenchOptions {
  std::vector<std::string> paths;
  int threads = 2;        // the batch's worker processes
  int mpi_ranks = 0;      // > 0: also run it under `mpirun -n mpi_ranks --oversubscribe`
  std::string mpirun = "/usr/bin/mpirun";  // Debian's openmpi-bin
  int database_size = 450000;         // the scale model's database
  std::vector<int> scale_ranks{16, 64, 256};
};

struct BatchBenchFile {
  std::string file;
  double single_seconds = 0;  // the whole single process
  bool agrees = false;        // same verdicts, keys and solutions as the batch's rows
  std::string difference;     // when not
};

// Rank 0's costs, as measured: per message (receive, parse, hand out) and per result (its store
// transaction); and each worker's own cost per file beyond solving it.
struct DispatchCosts {
  double per_message = 0, per_file = 0, worker_overhead = 0;
};

struct ScaleRow {
  int ranks = 0;
  // The design: rank 0 writing each result before answering and one file a message (false), or
  // as built: parcels of short files (next_parcel) and the store written behind (true).
  bool parcels = true;
  double efficiency = 0;         // useful solving time / (ranks x wall time), rank 0 counted
  double worker_efficiency = 0;  // the same over the solving ranks only
  double dispatcher_busy = 0;    // the share of the wall time rank 0's answering loop is busy
  double writer_busy = 0;        // the share of the wall time the store is being written
  double hours = 0;              // the database's expected wall time
};

struct BatchBench {
  std::vector<BatchBenchFile> files;
  int puzzles = 0, agree = 0;
  double singles_seconds = 0, batch_seconds = 0, ratio = 0;
  double solving_seconds = 0;             // the puzzles' own times in the batch, summed
  double dispatch_per_problem = 0;        // threads mode: the dispatcher's time per file (store write)
  double overhead_per_problem = 0;        // worker time per file beyond solving (hand-over, reading)
  double mpi_seconds = -1, mpi_dispatch_per_problem = 0, mpi_idle_per_problem = 0;
  int mpi_messages = 0;
  DispatchCosts costs;                    // what the scale model uses
  bool mpi_agrees = false;
  std::vector<double> problem_seconds;    // each file's time in the batch: the time distribution
  std::vector<ScaleRow> scale;
};

// "" when a file's rows in the store say what `arbiter verify/replay FILE --json` said (verdicts;
// keys and helpmate solutions as sets, each twin's labelled "a) ..."), else the difference.
std::string single_run_difference(const std::vector<batch::StoredResult>& rows, const nlohmann::json& single);

BatchBench run_batch_bench(const BatchBenchOptions& options, const std::function<void(const std::string&)>& progress);

// Longest-first dispatch of `database_size` files drawn (seeded) from `times` to `ranks - 1`
// workers by one dispatcher answering one request at a time: an event simulation of the MPI
// design with the measured costs; `parcels`: as built (parcels, write-behind), else the naive one.
ScaleRow simulate_scale(const std::vector<double>& times, int database_size, int ranks, const DispatchCosts& costs,
                        bool parcels);

}  // namespace arbiter
