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

int help_score(const HelpQuality& q) {
  return 10 + (q.every_unit_needed ? 5 : 0) + (q.white_moving == q.white_units ? 3 : 0) + 2 * q.units_moving() +
         4 * q.model_mates + 2 * q.pure_mates + (q.solutions > 1 && q.distinct_mates == q.solutions ? 3 : 0) +
         (12 - q.units) - 2 * q.checks - q.captures - 4 * q.similar_pairs;
}

std::string help_quality_summary(const HelpQuality& q) {
  std::string t = fmt::format(
      "units {}, solutions {}, units moving {} of {} (White {} of {} besides the king, king {}; Black {} of {} besides the "
      "king, king {}), model mates {}, other pure mates {}, distinct mates {}, checks before the mate {}, captures {}",
      q.units, q.solutions, q.units_moving(), q.units, q.white_moving, q.white_units, q.white_king_moves ? "moves" : "stays",
      q.black_moving, q.black_units, q.black_king_moves ? "moves" : "stays", q.model_mates, q.pure_mates, q.distinct_mates,
      q.checks, q.captures);
  if (q.solutions > 1) t += fmt::format(", nearly identical pairs {}", q.similar_pairs);
  if (q.double_moves) t += fmt::format(", double moves {}", q.double_moves);
  return t + fmt::format(", every unit needed {}", q.every_unit_needed ? "yes" : "no");
}

int count_variations(const prover::AttackerNode& key) {
  std::set<std::string> threat, replies;
  for (const auto& t : key.threat) threat.insert(t.uci);
  for (const auto& d : key.defences)
    if (!d.answers.empty() && !threat.count(d.answers.front().uci)) replies.insert(d.answers.front().uci);
  return int(replies.size());
}

}  // namespace arbiter::compose
