#include "solver/bench/record_length_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "rules/notation/pgn.h"
#include "solver/bench/uci_engine.h"
#include "solver/variants/registry.h"

namespace arbiter {

namespace {

template <class F>
double seconds_of(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The shuffle's moves as UCI, for the peer.
std::string shuffle_uci(int plies) {
  static constexpr const char* cycle[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  std::string moves;
  moves.reserve(std::size_t(plies) * 5);
  for (int i = 0; i < plies; ++i) (moves += ' ') += cycle[i % 4];
  return moves;
}

}  // namespace

std::vector<RecordLengthRow> run_record_length_bench(const std::vector<int>& plies, const std::vector<std::string>& names,
                                                     const std::string& peer_path,
                                                     const std::function<void(const std::string&)>& progress) {
  std::vector<RecordLengthRow> rows;
  std::unique_ptr<UciEngine> peer;
  // The peer (a UCI engine) plays orthodox chess only: the registry's default rule set.
  const auto is_default = [](const std::string& name) { return &find_variant(name) == &default_variant(); };
  if (!peer_path.empty() && std::any_of(names.begin(), names.end(), is_default))
    peer = std::make_unique<UciEngine>(peer_path);
  for (const auto& name : names) {
    const VariantEngines& rules = find_variant(name);
    for (int n : plies) {
      RecordLengthRow row;
      row.variant = rules.name;
      row.plies = n;
      const std::string text = rules.shuffle_record(n);
      row.bytes = text.size();
      std::vector<PgnGame> games;
      row.read_seconds = seconds_of([&] { games = read_pgn(text, "<shuffle>"); });
      ReplayReport report;
      row.replay_seconds = seconds_of([&] { report = rules.replay(games.at(0), {}); });
      row.replayed_whole = report.legal() && report.plies == n;
      if (peer && &rules == &default_variant()) {
        const std::string command = "position startpos moves" + shuffle_uci(n);
        row.peer_seconds = seconds_of([&] {
          peer->send(command);
          peer->send("isready");
          peer->wait_for("readyok", std::chrono::minutes(10));
        });
      }
      if (progress)
        progress(fmt::format("{} {} plies: read {:.3f} s, replay {:.3f} s{}", row.variant, n, row.read_seconds,
                             row.replay_seconds, row.peer_seconds >= 0 ? fmt::format(", peer {:.3f} s", row.peer_seconds) : ""));
      rows.push_back(row);
    }
  }
  return rows;
}

double growth_exponent(const std::vector<RecordLengthRow>& rows, const std::string& variant, TimeField field) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int k = 0;
  for (const auto& r : rows) {
    const double t = field == TimeField::Read ? r.read_seconds : field == TimeField::Replay ? r.replay_seconds : r.peer_seconds;
    if (r.variant != variant || t <= 0) continue;
    const double x = std::log(double(r.plies)), y = std::log(t);
    sx += x, sy += y, sxx += x * x, sxy += x * y, ++k;
  }
  if (k < 2 || k * sxx - sx * sx == 0) return 0;
  return (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

std::string record_length_chart_svg(const std::vector<RecordLengthRow>& rows) {
  struct Series {
    std::string label;
    std::string colour;
    std::vector<std::pair<double, double>> points;  // (plies, seconds)
  };
  static constexpr const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
  std::vector<Series> series;
  auto series_for = [&](const std::string& label) -> Series& {
    for (auto& s : series)
      if (s.label == label) return s;
    series.push_back({label, colours[series.size() % 6], {}});
    return series.back();
  };
  double min_n = 1e300, max_n = 0, min_t = 1e300, max_t = 0;
  auto add = [&](const std::string& label, double n, double t) {
    if (t <= 0) return;
    series_for(label).points.emplace_back(n, t);
    min_n = std::min(min_n, n), max_n = std::max(max_n, n), min_t = std::min(min_t, t), max_t = std::max(max_t, t);
  };
  for (const auto& r : rows) add(r.variant + " replay", r.plies, r.replay_seconds);
  for (const auto& r : rows) add("Stockfish (peer, orthodox)", r.plies, r.peer_seconds);
  if (series.empty()) return "";

  const int W = 640, H = 420, left = 70, right = 190, top = 20, bottom = 50;
  const double x0 = std::floor(std::log10(min_n)), x1 = std::ceil(std::log10(max_n));
  const double y0 = std::floor(std::log10(min_t)), y1 = std::ceil(std::log10(max_t));
  auto px = [&](double n) { return left + (std::log10(n) - x0) / std::max(1.0, x1 - x0) * (W - left - right); };
  auto py = [&](double t) { return H - bottom - (std::log10(t) - y0) / std::max(1.0, y1 - y0) * (H - top - bottom); };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      W, H);
  for (double d = x0; d <= x1; ++d)
    svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ddd\"/>"
                       "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">10^{4}</text>\n",
                       px(std::pow(10, d)), top, H - bottom, H - bottom + 16, int(d));
  for (double d = y0; d <= y1; ++d)
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>"
                       "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5} s</text>\n",
                       left, py(std::pow(10, d)), W - right, left - 6, py(std::pow(10, d)) + 4, fmt::format("1e{}", int(d)));
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">plies in the record (log scale)</text>\n",
                     (left + W - right) / 2, H - 12);
  // Slope 1 through the first series' first point: a linear replay runs parallel to it.
  const auto& ref = series.front().points.front();
  const double ref_end = std::min(std::pow(10, x1), ref.first * std::pow(10, y1) / ref.second);  // clipped at the top
  svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#999\" stroke-dasharray=\"5,4\"/>\n",
                     px(ref.first), py(ref.second), px(ref_end), py(ref.second * ref_end / ref.first));
  int legend_y = top + 10;
  for (const auto& s : series) {
    std::string points;
    for (const auto& [n, t] : s.points) points += fmt::format("{:.1f},{:.1f} ", px(n), py(t));
    svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n", s.colour, points);
    for (const auto& [n, t] : s.points)
      svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"/>\n", px(n), py(t), s.colour);
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"3\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>\n",
                       W - right + 10, legend_y - 4, s.colour, W - right + 28, legend_y, s.label);
    legend_y += 18;
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#999\" stroke-dasharray=\"5,4\"/>"
                     "<text x=\"{3}\" y=\"{4}\">slope 1 (linear)</text>\n",
                     W - right + 10, legend_y - 4, W - right + 22, W - right + 28, legend_y);
  return svg + "</svg>\n";
}

}  // namespace arbiter
