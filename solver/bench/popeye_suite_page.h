#pragma once
// What `arbiter bench --popeye-suite` prints and writes: the tables by genre family and by
// material class, the most frequent unsupported reasons, every malformed problem (Popeye's own
// input-error tests marked), every difference from Popeye and every problem left unchecked; as
// text, as JSON, and as the Markdown page reports/popeye-suite.md with its SVG chart beside it.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/bench/popeye_suite_bench.h"

namespace arbiter {

struct SuitePageContext {
  std::string command;   // the command that produced the figures, as run
  std::string date;      // when ("2026-11-26")
  std::string peer;      // the peer's path, empty without one
  double max_seconds = 0;
};

std::string popeye_suite_text(const SuiteSummary& summary, const std::vector<SuiteProblemRow>& rows, const SuitePageContext& context);
nlohmann::ordered_json popeye_suite_json(const SuiteSummary& summary, const std::vector<SuiteProblemRow>& rows,
                                         const SuitePageContext& context);
// The page; `chart` is the SVG's file name beside it ("popeye-suite.svg").
std::string popeye_suite_markdown(const SuiteSummary& summary, const std::vector<SuiteProblemRow>& rows,
                                  const SuitePageContext& context, const std::string& chart);
std::string popeye_suite_chart_svg(const SuiteSummary& summary);

}  // namespace arbiter
