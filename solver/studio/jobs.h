#pragma once
// The studio's long jobs (solve, verify, compose, regress): each a command of the command line in
// its own process (job_process.h), watched by a thread of its own, its state kept here for the
// pages to ask for or to wait on (Server-Sent Events). At most `max_running` run at once.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/studio/job_process.h"

namespace arbiter::studio {

// More jobs asked for than the server runs at once (HTTP 429).
class TooManyJobs : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class JobState { Running, Finished, Cancelled, Failed };
const char* state_name(JobState s);

struct JobSnapshot {
  std::string id;
  std::string kind;
  JobState state = JobState::Running;
  JobProgress progress;
  int exit_status = -1;
  std::string output;  // the command's stdout (its --json object), once it has ended
  std::string errors;  // its stderr
  bool certificate = false;
  std::uint64_t version = 0;  // grows with every change: what a waiting page has seen
};

nlohmann::ordered_json job_json(const JobSnapshot& job);

class JobManager {
 public:
  // Jobs' files under `root` (one folder a job); `program` is the arbiter executable.
  JobManager(std::string root, std::string program, int max_running);
  ~JobManager();  // cancels what runs and waits for it
  JobManager(const JobManager&) = delete;
  JobManager& operator=(const JobManager&) = delete;

  // A new job's folder (for its input file) and id; then start() runs it.
  std::string reserve(std::string* folder);
  // Runs `arbiter ARGS` for the reserved job `id`. Throws TooManyJobs.
  void start(const std::string& id, const std::string& kind, const std::vector<std::string>& args,
             const std::string& certificate_file);
  std::optional<JobSnapshot> get(const std::string& id) const;
  // The job once its version differs from `seen`, or after `timeout` as it is.
  std::optional<JobSnapshot> wait_change(const std::string& id, std::uint64_t seen, std::chrono::milliseconds timeout) const;
  // SIGINT now; SIGKILL if it has not ended 5 s later. False for an unknown job.
  bool cancel(const std::string& id);
  std::optional<std::string> certificate_file(const std::string& id) const;
  int running() const;

 private:
  struct Job;
  void watch(std::shared_ptr<Job> job);
  std::string root_, program_;
  int max_running_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;
  std::vector<std::thread> watchers_;
  std::uint64_t next_id_ = 1;
  bool closing_ = false;
};

}  // namespace arbiter::studio
