#pragma once
// A horizontal stacked bar chart as SVG, for the reports' pages: one bar a row (a genre family,
// a material class), cut into coloured segments (identical, different, unsupported, ...) with a
// legend, each segment's count written on it when it is wide enough. Drawn in the manner of the
// batch report's bar charts (solver/batch/batch_report.cpp): white ground, grey grid, counts
// on a 1-2-5 scale.

#include <string>
#include <vector>

namespace arbiter::report {

struct ChartSegment {
  std::string name;    // in the legend: "identical"
  std::string colour;  // "#2ca02c"
};

struct StackedBar {
  std::string label;        // at the bar's left: "help h#"
  std::vector<int> values;  // one a segment, in the segments' order
};

std::string stacked_bar_chart_svg(const std::string& title, const std::string& axis_label,
                                  const std::vector<ChartSegment>& segments, const std::vector<StackedBar>& bars);

}  // namespace arbiter::report
