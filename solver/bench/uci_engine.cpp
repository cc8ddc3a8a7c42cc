#include "solver/bench/uci_engine.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace arbiter {

UciEngine::UciEngine(const std::string& path, std::chrono::milliseconds timeout) {
  if (access(path.c_str(), X_OK) != 0)
    throw std::runtime_error("cannot run UCI engine '" + path + "' (the set-up installs Debian's stockfish package)");
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("cannot create pipes for the UCI engine");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("cannot fork the UCI engine");
  if (pid_ == 0) {
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    close(in[0]); close(in[1]); close(out[0]); close(out[1]);
    execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
  signal(SIGPIPE, SIG_IGN);  // an engine that dies must not kill us; writes then fail instead
  send("uci");
  wait_for("uciok", timeout);
  send("isready");
  wait_for("readyok", timeout);
}

UciEngine::~UciEngine() {
  if (to_engine_ >= 0) {
    const char quit[] = "quit\n";
    [[maybe_unused]] auto n = write(to_engine_, quit, sizeof quit - 1);
    close(to_engine_);
  }
  if (from_engine_ >= 0) close(from_engine_);
  if (pid_ > 0) {
    int status = 0;
    for (int i = 0; i < 100 && waitpid(pid_, &status, WNOHANG) == 0; ++i) usleep(10000);
    if (waitpid(pid_, &status, WNOHANG) == 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
    }
  }
}

void UciEngine::send(std::string_view line) {
  std::string text(line);
  text += '\n';
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    ssize_t n = write(to_engine_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("the UCI engine stopped reading its input");
    p += n;
    left -= std::size_t(n);
  }
}

std::string UciEngine::read_line(std::chrono::steady_clock::time_point deadline) {
  for (;;) {
    if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw std::runtime_error("the UCI engine did not answer in time");
    pollfd fd{from_engine_, POLLIN, 0};
    int ready = poll(&fd, 1, int(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the deadline check above ends the wait
    char chunk[4096];
    ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("the UCI engine exited");
    buffer_.append(chunk, std::size_t(n));
  }
}

std::string UciEngine::wait_for(std::string_view prefix, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    std::string line = read_line(deadline);
    if (line.compare(0, prefix.size(), prefix) == 0) return line;
  }
}

UciEngine::Divide UciEngine::perft_divide(const std::string& fen, const std::vector<std::string>& moves, int depth,
                                          std::chrono::milliseconds timeout) {
  std::string position = "position fen " + fen;
  if (!moves.empty()) {
    position += " moves";
    for (const auto& m : moves) position += " " + m;
  }
  send(position);
  send("go perft " + std::to_string(depth));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  Divide result;
  for (;;) {
    std::string line = read_line(deadline);
    if (line.rfind("Nodes searched:", 0) == 0) {
      result.total = std::stoull(line.substr(std::strlen("Nodes searched:")));
      return result;
    }
    auto colon = line.find(": ");  // "e2e4: 20" (4 or 5 characters of move)
    if (colon == 4 || colon == 5) result.moves[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
  }
}

}  // namespace arbiter
