#include "solver/compose/quality.h"

#include <algorithm>

#include <fmt/core.h>

namespace arbiter::compose {

int score(const Quality& q) {
  return 10 + 3 * q.variations + 4 * q.model_mates + 2 * q.pin_mates + 2 * std::min(q.tries, 5) +
         (q.flights_given > 0 ? 3 : 0) + (q.every_unit_needed ? 5 : 0) + 2 * (12 - q.units) - 2 * q.duals;
}

std::string quality_summary(const Quality& q) {
  return fmt::format("units {}, variations {}, mates {}, model mates {}, pin mates {}, tries {}, duals {}, flights given {}, "
                     "every unit needed {}",
                     q.units, q.variations, q.mates, q.model_mates, q.pin_mates, q.tries, q.duals, q.flights_given,
                     q.every_unit_needed ? "yes" : "no");
}

int count_variations(const prover::AttackerNode& key) {
  std::set<std::string> threat, replies;
  for (const auto& t : key.threat) threat.insert(t.uci);
  for (const auto& d : key.defences)
    if (!d.answers.empty() && !threat.count(d.answers.front().uci)) replies.insert(d.answers.front().uci);
  return int(replies.size());
}

}  // namespace arbiter::compose
