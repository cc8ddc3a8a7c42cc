#include "rules/core/stop.h"

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>

namespace arbiter::stop {

namespace {

using Clock = std::chrono::steady_clock;

std::atomic<bool> interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler may only store to a lock-free atomic");

// This thread's deadline (Deadline, SharedDeadline).
thread_local DeadlineRef deadline = nullptr;

long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
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

Deadline::Deadline(double seconds) : saved_(deadline) {
  if (seconds <= 0) return;
  const double capped = std::min(seconds, 1e9);  // beyond any run, and no overflow
  const long long at = now_ns() + static_cast<long long>(capped * 1e9);
  if (saved_ && saved_->at_ns <= at) return;  // an earlier deadline holds
  state_ = {at, seconds_text(seconds)};
  deadline = &state_;
}

Deadline::~Deadline() { deadline = saved_; }

DeadlineRef current_deadline() noexcept { return deadline; }

SharedDeadline::SharedDeadline(DeadlineRef shared) noexcept : saved_(deadline) { deadline = shared; }
SharedDeadline::~SharedDeadline() { deadline = saved_; }

bool has_deadline() noexcept { return deadline != nullptr; }

bool past_deadline() noexcept { return deadline && deadline->at_ns < now_ns(); }

double seconds_left() noexcept {
  if (!deadline) return std::numeric_limits<double>::max();
  return double(deadline->at_ns - now_ns()) / 1e9;
}

std::string deadline_reason() { return "time limit reached (" + (deadline ? deadline->seconds : std::string("?")) + " s)"; }

void check() {
  if (!in_search()) return;
  if (requested()) throw SearchStopped(InterruptReason);
  if (past_deadline()) throw SearchStopped(deadline_reason());
}

}  // namespace arbiter::stop
