#pragma once
// Resource limits of a proof search. Reaching one ends the search with the verdict
// "unknown" and this reason; the search never guesses.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <string>

#include "rules/core/stop.h"

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

// A limit reached: the time or node limit, an interrupt (SIGINT). The same exception as a
// stop the rules themselves raise (a Z3 check past the deadline, rules/core/stop.h).
using LimitReached = SearchStopped;

// The kind of limit a reason names: "interrupted", "time", "nodes", or "other" (the JSON
// field "limit" beside "partial": true).
inline std::string limit_kind(const std::string& reason) {
  if (reason.find(stop::InterruptReason) != std::string::npos) return "interrupted";
  if (reason.find("time limit") != std::string::npos || reason.find("--max-seconds") != std::string::npos) return "time";
  if (reason.find("node limit") != std::string::npos || reason.find("--max-nodes") != std::string::npos) return "nodes";
  return "other";
}

// Thrown into a thread whose shared work another thread has finished (solve.h): not a limit,
// nothing is concluded from it.
struct SearchCancelled {};

// Counts nodes and watches the clock; checked on every move played.
//
// The node limit is checked on every node. The clock, a cancellation, an interrupt and the
// command's deadline (rules/core/stop.h) are polled every `stride_` nodes, the stride adapting
// so that polls come about every millisecond whatever a node costs: an orthodox node costs
// about a tenth of a microsecond (a stride of up to 1024), a Time Traveler's Chess node,
// with explosions and grammar, up to milliseconds (a stride of 1). A limit is thus noticed
// within a millisecond or one node, whichever is longer.
class Budget {
 public:
  explicit Budget(const Limits& limits)
      : limits_(limits), start_(std::chrono::steady_clock::now()), last_poll_(start_) {}

  void spend() {
    ++nodes_;
    if (limits_.max_nodes && nodes_ > limits_.max_nodes)
      throw LimitReached("node limit reached (" +
                         std::to_string(limits_.whole_max_nodes ? limits_.whole_max_nodes : limits_.max_nodes) + " nodes)");
    if (--countdown_ == 0) poll();
  }
  // Cancels the search (SearchCancelled) soon after `*stop` becomes true; null: never.
  void watch(const std::atomic<bool>* stop) { stop_ = stop; }
  std::uint64_t nodes() const { return nodes_; }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  static constexpr std::uint32_t MaxStride = 1024;
  // Polls sooner after a slow stretch, later after a fast one: between a quarter and two
  // milliseconds apart.
  void poll() {
    const auto now = std::chrono::steady_clock::now();
    const double gap = std::chrono::duration<double>(now - last_poll_).count();
    last_poll_ = now;
    if (gap > 0.002 && stride_ > 1) stride_ /= 2;
    else if (gap < 0.00025 && stride_ < MaxStride) stride_ *= 2;
    countdown_ = stride_;
    if (stop_ && stop_->load(std::memory_order_relaxed)) throw SearchCancelled{};
    if (stop::requested()) throw LimitReached(stop::InterruptReason);
    if (limits_.max_seconds > 0 && std::chrono::duration<double>(now - start_).count() > limits_.max_seconds)
      throw LimitReached("time limit reached (" + seconds_text(limits_.max_seconds) + " s)");
    if (stop::past_deadline()) throw LimitReached(stop::deadline_reason());
  }

  static std::string seconds_text(double s) {  // "600", "0.5": as the user wrote it
    char text[32];
    std::snprintf(text, sizeof text, "%g", s);
    return text;
  }

  Limits limits_;
  std::chrono::steady_clock::time_point start_, last_poll_;
  std::uint64_t nodes_ = 0;
  std::uint32_t stride_ = 1, countdown_ = 1;
  const std::atomic<bool>* stop_ = nullptr;
};

}  // namespace arbiter::prover
