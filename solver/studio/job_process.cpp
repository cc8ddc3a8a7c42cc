#include "solver/studio/job_process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

extern char** environ;

namespace arbiter::studio {

namespace {

constexpr int ChildProgressFd = 3;

// The parent's environment, with the progress descriptor named.
std::vector<std::string> child_environment() {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "ARBITER_PROGRESS_FD=", 20) != 0) env.emplace_back(*e);
  env.push_back(fmt::format("ARBITER_PROGRESS_FD={}", ChildProgressFd));
  return env;
}

std::vector<char*> pointers(std::vector<std::string>& texts) {
  std::vector<char*> p;
  for (auto& t : texts) p.push_back(t.data());
  p.push_back(nullptr);
  return p;
}

}  // namespace

JobProcess::JobProcess(const std::string& program, const std::vector<std::string>& args, const std::string& out_file,
                       const std::string& err_file) {
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) throw std::runtime_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // dup2 clears close-on-exec on the copy: the child keeps descriptor 3 and nothing else of ours.
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], ChildProgressFd);
  std::vector<std::string> argv_text{program};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<std::string> env_text = child_environment();
  auto argv = pointers(argv_text), envp = pointers(env_text);
  // The server blocks SIGINT and SIGTERM in its threads (one thread waits for them): the child
  // starts with none blocked and default actions, so that a cancel's SIGINT reaches it.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const int failed = posix_spawn(&pid_, program.c_str(), &actions, &attributes, argv.data(), envp.data());
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (failed != 0) {
    ::close(pipe_fds[0]);
    throw std::runtime_error(fmt::format("cannot start {}: {}", program, std::strerror(failed)));
  }
  progress_fd_ = pipe_fds[0];
}

JobProcess::~JobProcess() {
  if (!reaped_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (progress_fd_ >= 0) ::close(progress_fd_);
}

void JobProcess::interrupt() {
  std::lock_guard lock(mutex_);
  if (!reaped_ && pid_ > 0) ::kill(pid_, SIGINT);
}

int JobProcess::wait(const std::function<void(const JobProgress&)>& on_progress, const std::function<bool()>& kill_now) {
  std::string pending;
  char buffer[4096];
  bool open = true;
  while (open) {
    pollfd p{progress_fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, 200);
    if (kill_now()) {
      std::lock_guard lock(mutex_);
      ::kill(pid_, SIGKILL);
    }
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = ::read(progress_fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      open = false;  // every holder of the pipe's write end is gone: the child has ended
      break;
    }
    pending.append(buffer, std::size_t(n));
    for (std::size_t end; (end = pending.find('\n')) != std::string::npos; pending.erase(0, end + 1)) {
      const auto j = nlohmann::json::parse(pending.substr(0, end), nullptr, /*allow_exceptions=*/false);
      if (!j.is_object()) continue;  // not ours: ignored rather than trusted
      on_progress({j.value("done", 0LL), j.value("total", 0LL), j.value("what", std::string())});
    }
  }
  std::lock_guard lock(mutex_);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace arbiter::studio
