#include "solver/batch/worker_process.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

extern char** environ;

namespace arbiter::batch {

namespace {

bool write_all(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

std::string describe_end(int status) {
  if (WIFSIGNALED(status)) return fmt::format("killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
  if (WIFEXITED(status)) return fmt::format("exited with status {} without an answer", WEXITSTATUS(status));
  return "ended without an answer";
}

// For the tests of crash and hang handling only: ARBITER_BATCH_FAULT="crash:TEXT" aborts, and
// "hang:TEXT" sleeps for ever, on a file whose path contains TEXT.
void inject_fault(const std::string& file) {
  const char* fault = std::getenv("ARBITER_BATCH_FAULT");
  if (!fault) return;
  const std::string spec = fault;
  const auto colon = spec.find(':');
  if (colon == std::string::npos || file.find(spec.substr(colon + 1)) == std::string::npos) return;
  if (spec.starts_with("crash:")) std::abort();
  if (spec.starts_with("hang:"))
    for (;;) ::pause();
}

}  // namespace

WorkerProcess::WorkerProcess(std::string program, std::vector<std::string> args)
    : program_(std::move(program)), args_(std::move(args)) {
  // A worker that died leaves a broken pipe: the write fails with EPIPE instead of killing us.
  std::signal(SIGPIPE, SIG_IGN);
}

WorkerProcess::~WorkerProcess() { finish(false); }

std::string WorkerProcess::self_program() {
  char path[4096];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) throw std::runtime_error("cannot find the arbiter program (/proc/self/exe)");
  return std::string(path, std::size_t(n));
}

void WorkerProcess::start() {
  // Close-on-exec pipes: another worker started later must not inherit this one's ends, or this
  // worker would never see its stdin end.
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) throw std::runtime_error("cannot make a pipe for a worker");
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]);
    throw std::runtime_error("cannot make a pipe for a worker");
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  std::vector<std::string> argv_text{program_};
  argv_text.insert(argv_text.end(), args_.begin(), args_.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc = posix_spawn(&pid_, program_.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]), ::close(out[1]);
  if (rc != 0) {
    ::close(in[1]), ::close(out[0]);
    pid_ = -1;
    throw std::runtime_error(fmt::format("cannot start a worker ({}): {}", program_, std::strerror(rc)));
  }
  to_worker_ = in[1];
  from_worker_ = out[0];
}

void WorkerProcess::finish(bool kill) {
  if (pid_ < 0) return;
  if (kill) ::kill(pid_, SIGKILL);
  ::close(to_worker_);  // the worker reads end of input and exits
  ::close(from_worker_);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  end_status_ = status;
  pid_ = -1;
  to_worker_ = from_worker_ = -1;
}

JobResult WorkerProcess::run(const std::string& file, double hang_seconds) {
  const auto start_time = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count(); };
  const std::string request = nlohmann::json(file).dump() + "\n";
  if (pid_ < 0) start();
  if (!write_all(to_worker_, request)) {  // it ended since the last job: a fresh one
    finish(false);
    start();
    if (!write_all(to_worker_, request)) {
      finish(true);
      return failed_job(file, VerdictCrashed, describe_end(end_status_), elapsed());
    }
  }
  std::string answer;
  char chunk[65536];
  for (;;) {
    int wait_ms = -1;
    if (hang_seconds > 0) {
      const double left = hang_seconds - elapsed();
      if (left <= 0) {
        finish(true);
        return failed_job(file, VerdictHung, fmt::format("no answer within {:g} s", hang_seconds), elapsed());
      }
      wait_ms = int(left * 1000) + 1;
    }
    pollfd p{from_worker_, POLLIN, 0};
    const int ready = ::poll(&p, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the time check above decides
    const ssize_t n = ::read(from_worker_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {  // the worker is gone
      finish(false);
      return failed_job(file, VerdictCrashed, describe_end(end_status_), elapsed());
    }
    answer.append(chunk, std::size_t(n));
    if (const auto eol = answer.find('\n'); eol != std::string::npos) {
      try {
        return job_result_from_json(nlohmann::json::parse(answer.substr(0, eol)));
      } catch (const nlohmann::json::exception& e) {
        finish(true);
        return failed_job(file, VerdictCrashed, std::string("malformed answer: ") + e.what(), elapsed());
      }
    }
  }
}

int serve_worker(const prover::Limits& limits, int threads) {
  // The worker dies with its dispatcher (a killed batch leaves no orphan solving on).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() == 1) return 0;
  const int answers = ::dup(1);
  ::dup2(2, 1);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string file;
    try {
      file = nlohmann::json::parse(line).get<std::string>();
    } catch (const nlohmann::json::exception&) {
      std::cerr << "batch-worker: expected a file name as a JSON string on each line\n";
      return 2;
    }
    inject_fault(file);
    const auto answer = to_json(evaluate_file(file, limits, threads));
    // Invalid UTF-8 in a file's text (a title, a comment) is replaced, not a reason to die.
    if (!write_all(answers, answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n")) return 1;
  }
  return 0;
}

}  // namespace arbiter::batch
