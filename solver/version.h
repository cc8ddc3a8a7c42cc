#pragma once
// Arbiter's version: `arbiter --version`, and the key under which the batch store keeps its
// results (a new version redoes every problem). Raise it with any change to a verdict.

namespace arbiter {

inline constexpr const char* ArbiterVersion = "0.2.0";

}  // namespace arbiter
