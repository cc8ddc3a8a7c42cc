#pragma once
// Runs `work` on `threads` threads at once, the caller's thread being one of them, and returns
// when all have finished. The work shares itself out (an atomic index over a fixed list);
// nothing is queued, so a pool would add nothing.

#include <thread>
#include <vector>

namespace arbiter::prover {

template <class Work>
void run_threads(int threads, Work& work) {
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back([&work] { work(); });
  work();
  for (auto& t : pool) t.join();
}

}  // namespace arbiter::prover
