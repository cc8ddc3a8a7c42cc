#include "solver/report/stacked_bar_chart.h"

#include <algorithm>
#include <numeric>

#include <fmt/core.h>

#include "solver/diagram/xml_text.h"

namespace arbiter::report {

namespace {

// The grid's step: 1, 2 or 5 times a power of ten, at most about five lines.
int grid_step(int highest) {
  int step = 1;
  for (int scale = 1; step * 5 < highest; scale *= 10)
    for (const int m : {1, 2, 5})
      if (step * 5 < highest) step = m * scale;
  return step;
}

}  // namespace

std::string stacked_bar_chart_svg(const std::string& title, const std::string& axis_label,
                                  const std::vector<ChartSegment>& segments, const std::vector<StackedBar>& bars) {
  const int W = 760, left = 120, right = 30, top = 64, bar_h = 26, gap = 12, bottom = 44;
  const int H = top + int(bars.size()) * (bar_h + gap) + bottom;
  int highest = 1;
  for (const auto& bar : bars) highest = std::max(highest, std::accumulate(bar.values.begin(), bar.values.end(), 0));
  const int step = grid_step(highest);
  const int x_max = (highest + step - 1) / step * step;
  const double plot_w = W - left - right;
  auto px = [&](int count) { return left + count * plot_w / x_max; };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{3}</text>\n",
      W, H, W / 2, xml_escaped(title));
  // The legend, one line under the title.
  double lx = left;
  for (const auto& s : segments) {
    svg += fmt::format("<rect x=\"{:.1f}\" y=\"34\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{:.1f}\" y=\"44\">{}</text>\n", lx,
                       s.colour, lx + 16, xml_escaped(s.name));
    lx += 16 + 7.0 * double(s.name.size()) + 18;
  }
  const int plot_bottom = H - bottom;
  for (int v = 0; v <= x_max; v += step)
    svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ddd\"/>"
                       "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>\n",
                       px(v), top - 6, plot_bottom, plot_bottom + 16, v);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const int y = top + int(i) * (bar_h + gap);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", left - 8, y + bar_h / 2 + 4,
                       xml_escaped(bars[i].label));
    int sum = 0;
    for (std::size_t s = 0; s < segments.size() && s < bars[i].values.size(); ++s) {
      const int value = bars[i].values[s];
      if (value <= 0) continue;
      const double x0 = px(sum), x1 = px(sum + value);
      svg += fmt::format("<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{}: {}</title></rect>\n", x0, y,
                         x1 - x0, bar_h, segments[s].colour, xml_escaped(segments[s].name), value);
      if (x1 - x0 >= 8.0 * double(std::to_string(value).size()))
        svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" fill=\"white\">{}</text>\n", (x0 + x1) / 2,
                           y + bar_h / 2 + 4, value);
      sum += value;
    }
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#333\"/>"
                     "<line x1=\"{0}\" y1=\"{3}\" x2=\"{0}\" y2=\"{1}\" stroke=\"#333\"/>\n"
                     "<text x=\"{4}\" y=\"{5}\" text-anchor=\"middle\">{6}</text>\n",
                     left, plot_bottom, W - right, top - 6, (left + W - right) / 2, H - 10, xml_escaped(axis_label));
  return svg + "</svg>\n";
}

}  // namespace arbiter::report
