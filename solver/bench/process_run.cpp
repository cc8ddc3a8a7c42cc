#include "solver/bench/process_run.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <stdexcept>

namespace arbiter {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

ProcessRun run_process(const std::string& path, const std::vector<std::string>& args, double timeout_seconds,
                       const ProcessSignal& send) {
  if (access(path.c_str(), X_OK) != 0) throw std::runtime_error("cannot run '" + path + "': not an executable file");
  int out[2], err[2];
  if (pipe(out) != 0) throw std::runtime_error("cannot create a pipe");
  if (pipe(err) != 0) {
    close(out[0]);
    close(out[1]);
    throw std::runtime_error("cannot create a pipe");
  }
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(path.c_str()));
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  ProcessRun run;
  const auto start = Clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    close(out[0]), close(out[1]), close(err[0]), close(err[1]);
    throw std::runtime_error("cannot fork");
  }
  if (pid == 0) {
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    dup2(err[1], STDERR_FILENO);
    close(out[0]), close(out[1]), close(err[0]), close(err[1]);
    execv(path.c_str(), argv.data());
    _exit(127);
  }
  close(out[1]);
  close(err[1]);
  int fds[2] = {out[0], err[0]};
  std::string* sinks[2] = {&run.out, &run.err};
  char buffer[65536];
  while (fds[0] >= 0 || fds[1] >= 0) {
    pollfd polled[2];
    int count = 0, which[2];
    for (int i = 0; i < 2; ++i)
      if (fds[i] >= 0) polled[count] = {fds[i], POLLIN, 0}, which[count++] = i;
    int wait_ms = -1;
    if (timeout_seconds > 0) {
      const double left = timeout_seconds - since(start);
      if (left <= 0) {
        kill(pid, SIGKILL);
        run.killed = true;
        break;
      }
      wait_ms = int(left * 1000) + 1;
    }
    if (send.signal != 0 && run.signalled_at < 0) {
      const double left = send.after_seconds - since(start);
      if (left <= 0) {
        kill(pid, send.signal);
        run.signalled_at = since(start);
        continue;
      }
      const int signal_ms = int(left * 1000) + 1;
      wait_ms = wait_ms < 0 ? signal_ms : std::min(wait_ms, signal_ms);
    }
    const int ready = poll(polled, nfds_t(count), wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) break;
    for (int k = 0; k < count; ++k) {
      if (!(polled[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = read(polled[k].fd, buffer, sizeof buffer);
      if (n > 0) sinks[which[k]]->append(buffer, std::size_t(n));
      else if (n == 0 || errno != EINTR) close_fd(fds[which[k]]);
    }
  }
  close_fd(fds[0]);
  close_fd(fds[1]);
  // wait4 rather than waitpid: the child's own resource usage comes with its status.
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  run.seconds = since(start);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.peak_rss_kib = usage.ru_maxrss;
  return run;
}

}  // namespace arbiter
