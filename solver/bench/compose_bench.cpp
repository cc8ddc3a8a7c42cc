#include "solver/bench/compose_bench.h"

#include <fmt/core.h>

#include "solver/variants/registry.h"

namespace arbiter {

std::vector<ComposeBenchRow> run_compose_bench(double seconds, std::uint64_t seed,
                                               const std::function<void(const std::string&)>& progress) {
  std::vector<ComposeBenchRow> rows;
  for (const VariantEngines& rules : variants()) {
    if (!rules.compose) continue;
    const std::string& variant = rules.name;
    for (int n : {2, 3}) {
      ComposeBenchRow row;
      row.variant = variant;
      row.stipulation = fmt::format("#{}", n);
      row.seed = seed;
      if (progress) progress(fmt::format("{} {} for {:.0f} s", variant, row.stipulation, seconds));
      compose::ComposeOptions o;
      o.n = n;
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
