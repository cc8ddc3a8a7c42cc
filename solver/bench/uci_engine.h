#pragma once
// A UCI engine (Stockfish) run as a child process over pipes: the peer our benchmark and
// differential tests compare against. Every read has a deadline, so a stuck engine fails the
// caller instead of hanging it.

#include <chrono>
#include <cstdint>
#include <map>
#include <vector>
#include <string>
#include <string_view>
#include <sys/types.h>

namespace arbiter {

class UciEngine {
 public:
  // Starts the engine and completes the "uci"/"isready" handshake; throws std::runtime_error
  // when the program cannot be run or does not answer.
  explicit UciEngine(const std::string& path, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  ~UciEngine();
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;

  void send(std::string_view line);
  // Next line of output; throws std::runtime_error when the deadline passes or the engine exits.
  std::string read_line(std::chrono::steady_clock::time_point deadline);
  // Reads lines until one starts with `prefix`, which is returned.
  std::string wait_for(std::string_view prefix, std::chrono::milliseconds timeout);

  struct Divide {
    std::map<std::string, std::uint64_t> moves;  // UCI move -> leaf count below it
    std::uint64_t total = 0;
  };
  // `go perft depth` after `position fen FEN moves ...`: the engine's count under each move.
  Divide perft_divide(const std::string& fen, const std::vector<std::string>& moves, int depth,
                      std::chrono::milliseconds timeout);
  std::uint64_t perft(const std::string& fen, int depth, std::chrono::milliseconds timeout) {
    return perft_divide(fen, {}, depth, timeout).total;
  }

  static const char* default_path() { return "/usr/games/stockfish"; }

 private:
  pid_t pid_ = -1;
  int to_engine_ = -1;
  int from_engine_ = -1;
  std::string buffer_;
};

}  // namespace arbiter
