#pragma once
// Wall time since a moment, in seconds: how the engines time a puzzle, a job or a dispatch.

#include <chrono>

namespace arbiter {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace arbiter
