#include "solver/compose/composition.h"

#include <algorithm>

#include <fmt/core.h>

namespace arbiter::compose {

std::string rejections_text(const std::map<std::string, std::uint64_t>& rejections) {
  std::vector<std::pair<std::uint64_t, std::string>> sorted;
  for (const auto& [reason, n] : rejections) sorted.push_back({n, reason});
  std::sort(sorted.rbegin(), sorted.rend());
  std::string t;
  for (const auto& [n, reason] : sorted) t += fmt::format("{}{} {}", t.empty() ? "" : ", ", reason, n);
  return t.empty() ? "none" : t;
}

}  // namespace arbiter::compose
