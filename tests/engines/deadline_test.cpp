// Deadlines are per thread (rules/core/stop.h): a search's deadline stops that search and the
// threads it starts to share its work (solver/prover/run_threads.h), and no search running on
// another thread at the same time (arbiter regress runs puzzles side by side).

#include <atomic>
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "rules/core/stop.h"
#include "solver/prover/run_threads.h"

using namespace arbiter;

namespace {
void pause_past(double seconds) { std::this_thread::sleep_for(std::chrono::duration<double>(seconds * 3 + 0.002)); }
}  // namespace

TEST_CASE("deadline: a thread's deadline is its own, not another thread's", "[stop]") {
  std::atomic<bool> set{false}, checked{false};
  bool other_has = true, other_past = true;
  std::thread other([&] {
    while (!set) std::this_thread::yield();
    other_has = stop::has_deadline();
    other_past = stop::past_deadline();
    checked = true;
  });
  {
    const stop::Deadline deadline(0.001);
    pause_past(0.001);
    CHECK(stop::past_deadline());
    set = true;
    while (!checked) std::this_thread::yield();
  }
  other.join();
  CHECK_FALSE(other_has);
  CHECK_FALSE(other_past);
  CHECK_FALSE(stop::has_deadline());  // gone with its scope
}

TEST_CASE("deadline: the threads of one search share its deadline", "[stop]") {
  const stop::Deadline deadline(0.001);
  pause_past(0.001);
  std::atomic<int> past{0}, calls{0};
  auto work = [&] {
    ++calls;
    past += stop::past_deadline() ? 1 : 0;
  };
  prover::run_threads(3, work);
  CHECK(calls == 3);
  CHECK(past == 3);
}

TEST_CASE("deadline: a nested deadline keeps the earlier one, and the outer one comes back", "[stop]") {
  const stop::Deadline outer(1000);
  const double left = stop::seconds_left();
  CHECK(left > 900);
  {
    const stop::Deadline later(5000);  // later than the outer one: the outer holds
    CHECK(stop::seconds_left() <= left);
    const stop::Deadline sooner(10);
    CHECK(stop::seconds_left() < 11);
    CHECK(stop::deadline_reason() == "time limit reached (10 s)");
  }
  CHECK(stop::seconds_left() > 900);
  CHECK(stop::deadline_reason() == "time limit reached (1000 s)");
}
