#pragma once
// The composer's random numbers: SplitMix64, fully specified here (the standard library's
// distributions differ between implementations), so a seed gives the same problems anywhere.

#include <cstdint>

namespace arbiter::compose {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return int(next() % std::uint64_t(n)); }  // 0..n-1 (n > 0)
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool percent(int p) { return below(100) < p; }

 private:
  std::uint64_t state_;
};

}  // namespace arbiter::compose
