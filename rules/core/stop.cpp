#include "rules/core/stop.h"

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>
#include <mutex>

namespace arbiter::stop {

namespace {

using Clock = std::chrono::steady_clock;

std::atomic<bool> interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler may only store to a lock-free atomic");

// The deadline in steady-clock nanoseconds since its epoch; 0: none.
std::atomic<long long> deadline_ns{0};

long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

// The deadline's seconds as given ("1.5"), for its reason.
struct Text {
  std::mutex mutex;
  std::string seconds;
};
Text& deadline_text() {
  static Text* t = new Text;  // never destroyed: readable until the process ends
  return *t;
}

extern "C" void on_interrupt(int) { interrupt_requested.store(true, std::memory_order_relaxed); }

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", s);
  return text;
}

}  // namespace

void request() noexcept { interrupt_requested.store(true, std::memory_order_relaxed); }
bool requested() noexcept { return interrupt_requested.load(std::memory_order_relaxed); }
void reset() noexcept { interrupt_requested.store(false, std::memory_order_relaxed); }

void catch_interrupt() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_RESTART;  // a second SIGINT: the default action (the process ends)
  sigaction(SIGINT, &action, nullptr);
}

Deadline::Deadline(double seconds) : saved_ns_(deadline_ns.load()) {
  {
    std::lock_guard lock(deadline_text().mutex);
    saved_text_ = deadline_text().seconds;
  }
  if (seconds <= 0) return;
  const double capped = std::min(seconds, 1e9);  // beyond any run, and no overflow
  const long long at = now_ns() + static_cast<long long>(capped * 1e9);
  if (saved_ns_ != 0 && saved_ns_ <= at) return;  // an earlier deadline holds
  std::lock_guard lock(deadline_text().mutex);
  deadline_text().seconds = seconds_text(seconds);
  deadline_ns.store(at);
}

Deadline::~Deadline() {
  std::lock_guard lock(deadline_text().mutex);
  deadline_text().seconds = saved_text_;
  deadline_ns.store(saved_ns_);
}

bool has_deadline() noexcept { return deadline_ns.load(std::memory_order_relaxed) != 0; }

bool past_deadline() noexcept { return has_deadline() && seconds_left() < 0; }

double seconds_left() noexcept {
  const long long at = deadline_ns.load(std::memory_order_relaxed);
  if (at == 0) return std::numeric_limits<double>::max();
  return double(at - now_ns()) / 1e9;
}

std::string deadline_reason() {
  std::lock_guard lock(deadline_text().mutex);
  return "time limit reached (" + deadline_text().seconds + " s)";
}

void check() {
  if (!in_search()) return;
  if (requested()) throw SearchStopped(InterruptReason);
  if (past_deadline()) throw SearchStopped(deadline_reason());
}

}  // namespace arbiter::stop
