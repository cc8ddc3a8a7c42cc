#pragma once
// A long job of the studio: one of the command line's own commands (`arbiter solve FILE --json`)
// in a child process, so that it can be cancelled on its own (SIGINT: the command prints what it
// proved, marked partial) while the server's other jobs go on, and so that the page sees exactly
// what the command line prints. Its stdout and stderr go to files; its progress comes as JSON
// lines on descriptor 3 (ARBITER_PROGRESS_FD, solver/cli/cli_support.h).

#include <functional>
#include <mutex>
#include <string>
#include <sys/types.h>
#include <vector>

namespace arbiter::studio {

struct JobProgress {
  long long done = 0;
  long long total = 0;
  std::string what;
};

class JobProcess {
 public:
  // Starts `program` with `args`; stdout to `out_file`, stderr to `err_file`. Throws
  // std::runtime_error when it cannot be started.
  JobProcess(const std::string& program, const std::vector<std::string>& args, const std::string& out_file,
             const std::string& err_file);
  ~JobProcess();  // a child still running is killed and reaped
  JobProcess(const JobProcess&) = delete;
  JobProcess& operator=(const JobProcess&) = delete;

  // Reads progress until the child ends, calling `on_progress` for each line; `kill_now` is asked
  // a few times a second and ends the child with SIGKILL when true. Returns the exit status, or
  // 128 + the signal that ended it.
  int wait(const std::function<void(const JobProgress&)>& on_progress, const std::function<bool()>& kill_now);

  void interrupt();  // SIGINT, as Ctrl-C on the command line

 private:
  pid_t pid_ = -1;
  int progress_fd_ = -1;
  // Signals and the reaping are under one lock: a signal never reaches a reaped (reused) pid.
  std::mutex mutex_;
  bool reaped_ = false;
};

}  // namespace arbiter::studio
