#include "solver/replay/reading_summary.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arbiter {

RecordReading reading_summary(const reading::Result& found, const std::vector<const reading::Reading*>& order) {
  RecordReading summary;
  const reading::Reading& chosen = *order.front();
  summary.cost = chosen.total / double(reading::Edit);
  summary.proven = found.proven;
  summary.all_ties = found.all_ties;
  summary.limit = found.limit;
  summary.lower_bound = found.lower_bound / double(reading::Edit);
  summary.ties = found.ties;
  summary.states = found.states;
  for (std::size_t k = 1; k < order.size(); ++k) {
    std::vector<std::string> differences;
    for (std::size_t ply = 0; ply < chosen.texts.size(); ++ply)
      if (order[k]->texts[ply] != chosen.texts[ply])
        differences.push_back(fmt::format("ply {} {} instead of {}", ply + 1, order[k]->texts[ply], chosen.texts[ply]));
    summary.other_readings.push_back(fmt::format("{}", fmt::join(differences, ", ")));
  }
  return summary;
}

}  // namespace arbiter
