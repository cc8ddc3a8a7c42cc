#pragma once
// The composer benchmark: for each rule set and stipulation the composer serves, compose for a
// fixed time and count the problems kept (sound, quiet key, the default quality filters,
// distinct), as problems per hour, with the rejections by reason.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

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

// Orthodox #2 (at most 12 units) and #3, Option Chess #2 and #3, `seconds` each.
std::vector<ComposeBenchRow> run_compose_bench(double seconds, std::uint64_t seed,
                                               const std::function<void(const std::string&)>& progress);

}  // namespace arbiter
