#pragma once
// The batch's results store: one SQLite file (WAL mode) holding every run and every result.
//
// Nothing is lost: each job's rows (one file's puzzles) are written in one transaction, so a
// process killed at any moment leaves whole jobs or none; a rerun skips the files already
// recorded for the same content hash and Arbiter version and redoes the rest. Rows are never
// updated or deleted: a redone file (changed content, a new version, --retry-unknown) adds rows,
// and the row before it is what "changes since the previous run" compares with.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "solver/batch/job_result.h"
#include "solver/batch/sqlite_db.h"

namespace arbiter::batch {

// What `batch` asked for, recorded with its run.
struct RunInfo {
  std::string version;  // Arbiter's, as results are keyed by it
  std::string mode;     // "threads" or "mpi"
  int workers = 1;      // worker processes (threads mode) or solving ranks (mpi)
  double max_seconds = 0;
  std::string paths;    // the paths given, space-separated
};

// How the run went: filled in as it ends (a killed run keeps `finished` empty).
struct RunStats {
  int jobs = 0, skipped = 0, done = 0;
  double wall_seconds = 0;
  double dispatch_seconds = 0;  // the dispatcher's own time (reading results, writing the store, handing out)
  double idle_seconds = 0;      // the workers' time waiting for work, summed
  int messages = 0;             // work handed out: files (threads), parcels of files (mpi); not stored
  double store_seconds = 0;     // writing results (each in its transaction); not stored
};

// A stored row, as the report reads it (without the bulky detail).
struct StoredResult {
  std::int64_t id = 0, run_id = 0;
  std::string file;
  int number = 0;
  std::string content_hash, version, kind, variant, stipulation, title, verdict, reason, comparison, finished;
  std::vector<std::string> keys, solutions;
  std::int64_t nodes = 0;
  double seconds = 0, max_seconds = 0;
};

struct StoredRun {
  std::int64_t id = 0;
  std::string started, finished, version, mode, paths;
  int workers = 0;
  RunStats stats;
};

class ResultStore {
 public:
  // Opens or creates the store (schema, WAL). `read_only`: an existing store, for reports.
  explicit ResultStore(const std::string& path, bool read_only = false);

  std::int64_t begin_run(const RunInfo& info);
  void finish_run(std::int64_t run_id, const RunStats& stats);

  // Files already judged under `version`, as job_key(file, hash). With `retry_unknown`, a file
  // whose latest rows hold an unknown, hung or crashed verdict is not counted as judged.
  std::unordered_set<std::string> judged(const std::string& version, bool retry_unknown);
  static std::string job_key(const std::string& file, const std::string& content_hash);
  // Each file's time in its latest recorded run (any version): the dispatcher's best estimate.
  std::unordered_map<std::string, double> earlier_seconds();

  // Writes one job's rows in one transaction.
  void record(std::int64_t run_id, const std::string& content_hash, const std::string& version, double max_seconds,
              const JobResult& result);

  std::vector<StoredResult> results();  // every row, oldest first
  std::vector<StoredRun> runs();        // every run, oldest first

 private:
  Database db_;
  // False for a store whose first run was killed after the file was made and before its schema
  // committed: it holds nothing yet, and reads of it find nothing rather than fail.
  bool has_schema_ = true;
  std::optional<Statement> insert_;  // prepared once: the dispatcher's cost per result is mostly this write
};

}  // namespace arbiter::batch
