#include "solver/bench/compose_bench.h"

#include <fmt/core.h>

#include "solver/variants/registry.h"

namespace arbiter {

std::vector<ComposeBenchRow> run_compose_bench(double seconds, std::uint64_t seed, const std::vector<std::string>& stipulations,
                                               const std::function<void(const std::string&)>& progress) {
  std::vector<ComposeBenchRow> rows;
  for (const VariantEngines& rules : variants()) {
    if (!rules.compose) continue;
    const std::string& variant = rules.name;
    for (const std::string& text : stipulations) {
      const Stipulation stip = parse_stipulation(text, {"--compose-stipulations", 1, 1});
      // The other goals and series play: the default rule set's alone so far (as the readers say).
      if (!stip.classic() && variant != default_variant_names().name) continue;
      ComposeBenchRow row;
      row.variant = variant;
      row.stipulation = stip.text;
      row.seed = seed;
      if (progress) progress(fmt::format("{} {} for {:.0f} s", variant, row.stipulation, seconds));
      compose::ComposeOptions o;
      o.set_stipulation(stip);
      o.count = 1'000'000;  // the clock ends the run
      o.max_seconds = seconds;
      o.seed = seed;
      row.max_units = o.material.max_units;
      const compose::ComposeReport r = rules.compose(o, {});
      row.seconds = r.seconds;
      row.attempts = r.attempts;
      row.sound = r.sound;
      row.kept = int(r.problems.size());
      row.rejections = r.rejections;
      rows.push_back(row);
    }
  }
  return rows;
}

}  // namespace arbiter
