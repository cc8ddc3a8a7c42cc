#pragma once
// Runs `work` on `threads` threads at once, the caller's thread being one of them, and returns
// when all have finished. The work shares itself out (an atomic index over a fixed list);
// nothing is queued, so a pool would add nothing. The helpers work under the caller's deadline.

#include <thread>
#include <vector>

#include "rules/core/stop.h"

namespace arbiter::prover {

template <class Work>
void run_threads(int threads, Work& work) {
  std::vector<std::thread> pool;
  const stop::DeadlineRef deadline = stop::current_deadline();
  for (int t = 1; t < threads; ++t)
    pool.emplace_back([&work, deadline] {
      const stop::SharedDeadline shared(deadline);
      work();
    });
  work();
  for (auto& t : pool) t.join();
}

}  // namespace arbiter::prover
