#include "solver/regress/baseline.h"

#include <map>

#include <fmt/format.h>

#include "rules/core/parse_error.h"

namespace arbiter::regress {

nlohmann::ordered_json baseline_json(const std::vector<PuzzleRun>& defaults) {
  nlohmann::ordered_json puzzles = nlohmann::ordered_json::array();
  for (const auto& r : defaults)
    puzzles.push_back({{"id", r.id},
                       {"kind", r.kind},
                       {"variant", r.variant},
                       {"verdict", r.verdict},
                       {"reason", r.reason},
                       {"as_expected", r.as_expected},
                       {"events", events_json(r.events)}});
  return {{"format", "arbiter-baseline"},
          {"note", "the judgement of every puzzle under the default interpretations; rewrite with arbiter regress "
                   "--update-baseline after a deliberate change"},
          {"puzzles", puzzles}};
}

std::vector<std::string> compare_with_baseline(const nlohmann::json& baseline, const std::vector<PuzzleRun>& runs,
                                               const std::string& baseline_file) {
  if (!baseline.is_object() || baseline.value("format", "") != "arbiter-baseline" || !baseline.contains("puzzles") ||
      !baseline["puzzles"].is_array())
    throw ParseError({baseline_file, 1, 1}, "expected a baseline: {\"format\": \"arbiter-baseline\", \"puzzles\": [...]}");
  std::map<std::string, const nlohmann::json*> by_id;
  for (const auto& p : baseline["puzzles"]) {
    if (!p.is_object() || !p.contains("id") || !p.contains("verdict") || !p.contains("events"))
      throw ParseError({baseline_file, 1, 1}, "expected every baseline puzzle to have id, verdict and events");
    by_id[p["id"].get<std::string>()] = &p;
  }
  std::vector<std::string> out;
  for (const auto& r : runs) {
    const auto found = by_id.find(r.id);
    if (found == by_id.end()) {
      out.push_back(fmt::format("{}: not in the baseline {} (verdict now {}); run arbiter regress --update-baseline if "
                                "the puzzle is new", r.id, baseline_file, r.summary()));
      continue;
    }
    const nlohmann::json& b = *found->second;
    const std::string before = b["verdict"].get<std::string>();
    const auto change = first_change(events_from_json(b["events"]), r.events);
    if (before == r.verdict && !change) continue;
    std::string line = before == r.verdict ? fmt::format("{}: verdict still {}", r.id, r.verdict)
                                           : fmt::format("{}: verdict {} -> {}", r.id, before, r.verdict);
    if (change) line += "; " + describe(*change);
    out.push_back(line);
  }
  return out;
}

}  // namespace arbiter::regress
