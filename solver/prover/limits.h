#pragma once
// Resource limits of a proof search. Reaching one ends the search with the verdict
// "unknown" and this reason; the search never guesses.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace arbiter::prover {

struct Limits {
  std::uint64_t max_nodes = 0;  // 0: no limit
  double max_seconds = 0;       // 0: no limit
  std::size_t hash_megabytes = 64;  // the search table's largest size (it starts small and grows)

  // One of `threads` equal shares of the node limit; the limit reached is still reported as
  // the whole one the user gave.
  Limits share(int threads) const {
    Limits l = *this;
    if (max_nodes) l.max_nodes = (max_nodes + std::uint64_t(threads) - 1) / std::uint64_t(threads);
    l.whole_max_nodes = max_nodes;
    return l;
  }
  std::uint64_t whole_max_nodes = 0;  // set by share(): the limit to name
};

class LimitReached : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Thrown into a thread whose shared work another thread has finished (solve.h): not a limit,
// nothing is concluded from it.
struct SearchCancelled {};

// Counts nodes and watches the clock; checked on every move played.
class Budget {
 public:
  explicit Budget(const Limits& limits) : limits_(limits), start_(std::chrono::steady_clock::now()) {}

  void spend() {
    ++nodes_;
    if (limits_.max_nodes && nodes_ > limits_.max_nodes)
      throw LimitReached("node limit reached (" +
                         std::to_string(limits_.whole_max_nodes ? limits_.whole_max_nodes : limits_.max_nodes) + " nodes)");
    if ((nodes_ & 1023) == 0) {
      if (stop_ && stop_->load(std::memory_order_relaxed)) throw SearchCancelled{};
      if (limits_.max_seconds > 0 && seconds() > limits_.max_seconds)
        throw LimitReached("time limit reached (" + seconds_text(limits_.max_seconds) + " s)");
    }
  }
  // Cancels the search (SearchCancelled) soon after `*stop` becomes true; null: never.
  void watch(const std::atomic<bool>* stop) { stop_ = stop; }
  std::uint64_t nodes() const { return nodes_; }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  static std::string seconds_text(double s) {  // "600", "0.5": as the user wrote it
    char text[32];
    std::snprintf(text, sizeof text, "%g", s);
    return text;
  }

  Limits limits_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
};

}  // namespace arbiter::prover
