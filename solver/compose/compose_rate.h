#pragma once
// One measured rate of the composer: a rule set and stipulation composed for a fixed time, the
// problems kept and the rejections by reason. The benchmark measures rows; the compose gallery
// prints them.

#include <cstdint>
#include <map>
#include <string>

namespace arbiter {

struct ComposeBenchRow {
  std::string variant, stipulation;
  int max_units = 12;
  std::uint64_t seed = 1;
  double seconds = 0;
  std::uint64_t attempts = 0;
  int sound = 0;  // sound before the score filters and duplicates
  int kept = 0;   // problems that pass every default filter
  std::map<std::string, std::uint64_t> rejections;
  double per_hour() const { return seconds > 0 ? kept * 3600.0 / seconds : 0; }
};

}  // namespace arbiter
