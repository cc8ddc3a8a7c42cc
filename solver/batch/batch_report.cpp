#include "solver/batch/batch_report.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <tuple>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/report/puzzle_page.h"
#include "solver/text_file.h"

namespace arbiter::batch {

namespace {

namespace fs = std::filesystem;

// Verdicts in the order a reader looks for them: the good news, the bad, the undecided.
constexpr const char* VerdictOrder[] = {"confirmed", "unsound", "refuted", "unknown", "legal",
                                        "illegal",   "claims fail", "error", "crashed", "hung"};

int verdict_rank(const std::string& verdict) {
  const auto* at = std::find(std::begin(VerdictOrder), std::end(VerdictOrder), verdict);
  return int(at - std::begin(VerdictOrder));
}

std::string kind_of(const StoredResult& r) { return r.number == 0 || r.kind.empty() ? "whole-file" : r.kind; }

bool disagrees(const StoredResult& r) {
  const std::string kind = kind_of(r);
  if (kind == "verify") return r.verdict == "unsound" || r.verdict == "refuted";
  if (kind == "replay") return r.verdict == "illegal" || r.verdict == "claims fail";
  return r.verdict == VerdictError || r.verdict == VerdictCrashed || r.verdict == VerdictHung;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Keys and solutions may come in any order (threads): only a different set is a change.
bool differs(const StoredResult& a, const StoredResult& b) {
  return a.verdict != b.verdict || sorted(a.keys) != sorted(b.keys) || sorted(a.solutions) != sorted(b.solutions);
}

std::string why_redone(const StoredResult& before, const StoredResult& after) {
  std::vector<std::string> why;
  if (before.content_hash != after.content_hash) why.push_back("content hash changed");
  if (before.version != after.version) why.push_back(fmt::format("version {} -> {}", before.version, after.version));
  if (why.empty()) why.push_back(fmt::format("retried (was {})", before.verdict));
  return fmt::format("{}", fmt::join(why, ", "));
}

// The directory all files share, so that pages show "orthodox/a.txt", not a machine's path.
std::string common_directory(const std::vector<StoredResult>& rows) {
  if (rows.empty()) return "";
  const fs::path first = fs::path(rows.front().file).parent_path();
  std::vector<fs::path> common(first.begin(), first.end());
  for (const auto& r : rows) {
    const fs::path dir = fs::path(r.file).parent_path();
    std::size_t same = 0;
    for (auto it = dir.begin(); it != dir.end() && same < common.size() && *it == common[same]; ++it) ++same;
    common.resize(same);
  }
  fs::path joined;
  for (const auto& part : common) joined /= part;
  return joined.empty() ? "" : joined.generic_string() + (joined.generic_string().ends_with('/') ? "" : "/");
}

std::string keys_text(const StoredResult& r) {
  const auto& moves = r.keys.empty() ? r.solutions : r.keys;
  return moves.empty() ? r.verdict : fmt::format("{} ({})", r.verdict, fmt::join(moves, ", "));
}

// Text in a table cell: markup escaped, but never at a line's start, so "1.1" and "#2" stay
// as they are (markdown_text guards a line's start against list and heading markers).
std::string cell(const std::string& text) { return report::markdown_text(" " + text).substr(1); }

// A cell with our own " -> " left as written (cell() would escape its '>').
std::string arrowed_cell(const std::string& text) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = text.find(" -> ", from)) != std::string::npos; from = at + 4)
    out += cell(text.substr(from, at - from)) + " -> ";
  return out + cell(text.substr(from));
}

std::string xml(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

// A bar chart with a count over each bar; the value axis steps 1, 2 or 5 times a power of ten.
std::string bar_chart_svg(const std::string& title, const std::string& axis_label,
                          const std::vector<std::pair<std::string, int>>& bars) {
  const int W = 640, H = 360, left = 60, right = 20, top = 40, bottom = 60;
  int highest = 1;
  for (const auto& bar : bars) highest = std::max(highest, bar.second);
  int step = 1;
  for (int scale = 1; step * 5 < highest; scale *= 10)
    for (const int m : {1, 2, 5})
      if (step * 5 < highest) step = m * scale;
  const int y_max = (highest + step - 1) / step * step;
  const double plot_h = H - top - bottom, slot = double(W - left - right) / std::max<std::size_t>(1, bars.size());
  auto py = [&](int count) { return H - bottom - count * plot_h / y_max; };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{3}</text>\n",
      W, H, W / 2, xml(title));
  for (int v = 0; v <= y_max; v += step)
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>"
                       "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
                       left, py(v), W - right, left - 6, py(v) + 4, v);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const double x = left + slot * i, w = slot * 0.7, y = py(bars[i].second);
    svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#1f77b4\"/>"
                       "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>"
                       "<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                       x + slot * 0.15, y, w, H - bottom - y, x + slot / 2, y - 4, bars[i].second, x + slot / 2,
                       H - bottom + 16, xml(bars[i].first));
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#333\"/>"
                     "<line x1=\"{0}\" y1=\"{3}\" x2=\"{0}\" y2=\"{1}\" stroke=\"#333\"/>\n"
                     "<text x=\"{4}\" y=\"{5}\" text-anchor=\"middle\">{6}</text>\n"
                     "<text x=\"16\" y=\"{7}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {7})\">puzzles</text>\n",
                     left, H - bottom, W - right, top, (left + W - right) / 2, H - 14, xml(axis_label), (top + H - bottom) / 2);
  return svg + "</svg>\n";
}

nlohmann::ordered_json row_json(const BatchReport& report, const StoredResult& r) {
  return {{"file", r.file}, {"shown", shown_file(report, r.file)}, {"number", r.number}, {"kind", kind_of(r)},
          {"stipulation", r.stipulation}, {"verdict", r.verdict}, {"reason", r.reason}, {"comparison", r.comparison},
          {"keys", r.keys}, {"solutions", r.solutions}, {"seconds", r.seconds}, {"nodes", r.nodes}};
}

}  // namespace

const std::array<std::string, TimeBuckets>& time_bucket_labels() {
  static const std::array<std::string, TimeBuckets> labels = {"<1 ms", "1–10 ms", "10–100 ms", "0.1–1 s",
                                                              "1–10 s", "10–100 s", "≥100 s"};
  return labels;
}

int time_bucket(double seconds) {
  // Compared with the decade bounds, not through log10, so that 0.001 s lands in "1–10 ms".
  int bucket = 0;
  for (const double bound : {0.001, 0.01, 0.1, 1.0, 10.0, 100.0}) bucket += seconds >= bound;
  return bucket;
}

BatchReport make_batch_report(const std::vector<StoredResult>& results, const std::vector<StoredRun>& runs) {
  BatchReport report;
  report.runs = runs;
  // Rows come oldest first, so the last one seen for a file or a puzzle is its latest.
  std::map<std::string, std::int64_t> latest_run;
  std::map<std::string, std::vector<const StoredResult*>> by_file;
  std::map<std::pair<std::string, int>, std::vector<const StoredResult*>> history;
  for (const auto& r : results) {
    latest_run[r.file] = r.run_id;
    by_file[r.file].push_back(&r);
    history[{r.file, r.number}].push_back(&r);
  }
  for (const auto& [key, rows] : history) {
    const StoredResult& now = *rows.back();
    if (now.run_id != latest_run[now.file]) continue;  // e.g. a whole-file error row the file's later run replaced
    report.current.push_back(now);
    const StoredResult* before = rows.size() > 1 ? rows[rows.size() - 2] : nullptr;
    if (!before) {
      // A file that now reads, or no longer does: its whole-file row stands against its first
      // puzzle, from the file's run before this one.
      for (const StoredResult* r : by_file[now.file])
        if (r->run_id < now.run_id &&
            (!before || r->run_id > before->run_id || (r->run_id == before->run_id && r->number < before->number)))
          before = r;
      if (before && (now.number == 0) == (before->number == 0)) before = nullptr;  // a puzzle new to its file
    }
    if (before && differs(*before, now)) report.changes.push_back({*before, now, why_redone(*before, now)});
  }
  report.common_dir = common_directory(report.current);

  // Kinds verify, replay, whole-file; verdicts in their usual order within each.
  std::map<std::tuple<int, std::string, int, std::string>, int> counts;
  for (const auto& r : report.current) {
    const std::string kind = kind_of(r);
    const int kind_rank = kind == "verify" ? 0 : kind == "replay" ? 1 : kind == "whole-file" ? 2 : 3;
    ++counts[{kind_rank, kind, verdict_rank(r.verdict), r.verdict}];
    ++report.histogram[time_bucket(r.seconds)];
    if (disagrees(r)) report.disagreements.push_back(r);
  }
  for (const auto& [key, n] : counts) report.counts.push_back({std::get<1>(key), std::get<3>(key), n});

  report.slowest = report.current;
  std::stable_sort(report.slowest.begin(), report.slowest.end(),
                   [](const StoredResult& a, const StoredResult& b) { return a.seconds > b.seconds; });
  if (report.slowest.size() > 10) report.slowest.resize(10);
  return report;
}

std::string shown_file(const BatchReport& report, const std::string& file) {
  return file.starts_with(report.common_dir) ? file.substr(report.common_dir.size()) : file;
}

int verdict_total(const BatchReport& report, const std::string& verdict) {
  int n = 0;
  for (const auto& c : report.counts) n += c.verdict == verdict ? c.count : 0;
  return n;
}

std::string batch_report_summary(const BatchReport& report) {
  std::map<std::pair<int, std::string>, int> totals;
  for (const auto& c : report.counts) totals[{verdict_rank(c.verdict), c.verdict}] += c.count;
  std::vector<std::string> parts;
  for (const auto& [key, n] : totals) parts.push_back(fmt::format("{} {}", n, key.second));
  return fmt::format("{} puzzles, {} run{}: {}", report.current.size(), report.runs.size(), report.runs.size() == 1 ? "" : "s",
                     parts.empty() ? "nothing judged" : fmt::format("{}", fmt::join(parts, ", ")));
}

std::string batch_report_markdown(const BatchReport& report, const std::string& store_name) {
  auto where = [&](const StoredResult& r) {
    return fmt::format("{} | {}", cell(shown_file(report, r.file)), r.number == 0 ? "—" : std::to_string(r.number));
  };
  std::string md = fmt::format("# Batch report: {}\n\n{} puzzles (each one's latest judgement) from {} run{}.\n\n",
                               cell(store_name), report.current.size(), report.runs.size(),
                               report.runs.size() == 1 ? "" : "s");
  if (!report.runs.empty()) {
    const StoredRun& run = report.runs.back();
    md += fmt::format(
        "Latest run (#{}): Arbiter {}, {} mode, {} workers; started {}, {}; wall {:.1f} s, dispatch {:.1f} s, "
        "idle {:.1f} s; {} jobs ({} skipped as already judged, {} done).\n\n",
        run.id, report::code_span(run.version), run.mode, run.workers, run.started,
        run.finished.empty() ? "not finished (killed?)" : "finished " + run.finished, run.stats.wall_seconds,
        run.stats.dispatch_seconds, run.stats.idle_seconds, run.stats.jobs, run.stats.skipped, run.stats.done);
  }

  md += "## Verdicts\n\n| kind | verdict | count | share |\n|---|---|---:|---:|\n";
  for (const auto& c : report.counts)
    md += fmt::format("| {} | {} | {} | {:.1f} % |\n", c.kind, c.verdict, c.count,
                      100.0 * c.count / std::max<std::size_t>(1, report.current.size()));
  md += "\n![Puzzles by verdict](verdicts.svg)\n\n## Time per puzzle\n\n"
        "![Puzzles by time taken, in decades](time-histogram.svg)\n\n## Slowest problems\n\n"
        "| file | # | stipulation | verdict | seconds | nodes |\n|---|---:|---|---|---:|---:|\n";
  for (const auto& r : report.slowest)
    md += fmt::format("| {} | {} | {} | {:.3f} | {} |\n", where(r), cell(r.stipulation), r.verdict, r.seconds, r.nodes);

  md += "\n## Disagreements with the published solutions\n\n";
  if (report.disagreements.empty()) md += "none\n";
  else md += "| file | # | kind | verdict | what |\n|---|---:|---|---|---|\n";
  for (const auto& r : report.disagreements)
    md += fmt::format("| {} | {} | {} | {} |\n", where(r), kind_of(r), r.verdict,
                      cell(!r.comparison.empty() ? r.comparison
                           : !r.reason.empty()   ? r.reason
                                                 : fmt::format("keys: {}", fmt::join(r.keys, ", "))));

  md += "\n## Changes since the previous run\n\n";
  if (report.changes.empty()) md += "none\n";
  else md += "| file | # | before -> after | why |\n|---|---:|---|---|\n";
  for (const auto& c : report.changes)
    md += fmt::format("| {} | {} -> {} | {} |\n", where(c.after), cell(keys_text(c.before)),
                      cell(keys_text(c.after)), arrowed_cell(c.why));
  return md;
}

std::string time_histogram_svg(const BatchReport& report) {
  std::vector<std::pair<std::string, int>> bars;
  for (int b = 0; b < TimeBuckets; ++b) bars.emplace_back(time_bucket_labels()[b], report.histogram[b]);
  return bar_chart_svg("Puzzles by time taken", "seconds per puzzle (decades)", bars);
}

std::string verdict_chart_svg(const BatchReport& report) {
  std::vector<std::pair<std::string, int>> bars;
  for (const auto& c : report.counts) bars.emplace_back(c.verdict, c.count);
  return bar_chart_svg("Puzzles by verdict", "verdict", bars);
}

nlohmann::ordered_json batch_report_json(const BatchReport& report) {
  nlohmann::ordered_json j;
  j["runs"] = report.runs.size();
  j["puzzles"] = report.current.size();
  j["counts"] = nlohmann::ordered_json::object();
  for (const auto& c : report.counts) j["counts"][c.verdict] = j["counts"].value(c.verdict, 0) + c.count;
  j["histogram"] = nlohmann::ordered_json::array();
  for (int b = 0; b < TimeBuckets; ++b) j["histogram"].push_back({{"bucket", time_bucket_labels()[b]}, {"count", report.histogram[b]}});
  j["slowest"] = nlohmann::ordered_json::array();
  for (const auto& r : report.slowest) j["slowest"].push_back(row_json(report, r));
  j["disagreements"] = nlohmann::ordered_json::array();
  for (const auto& r : report.disagreements) j["disagreements"].push_back(row_json(report, r));
  j["changes"] = nlohmann::ordered_json::array();
  for (const auto& c : report.changes)
    j["changes"].push_back({{"file", c.after.file}, {"number", c.after.number}, {"before", row_json(report, c.before)},
                            {"after", row_json(report, c.after)}, {"why", c.why}});
  return j;
}

BatchReport write_batch_report(const std::string& db_path, const std::string& out_dir) {
  BatchReport report;
  {
    ResultStore store(db_path, /*read_only=*/true);
    report = make_batch_report(store.results(), store.runs());
  }
  // Everything is built before anything is written: an error leaves the old report whole.
  const std::string page = batch_report_markdown(report, fs::path(db_path).filename().string());
  const std::string histogram = time_histogram_svg(report), verdicts = verdict_chart_svg(report);
  fs::create_directories(out_dir);
  write_file_atomically((fs::path(out_dir) / "time-histogram.svg").string(), histogram);
  write_file_atomically((fs::path(out_dir) / "verdicts.svg").string(), verdicts);
  write_file_atomically((fs::path(out_dir) / "README.md").string(), page);
  return report;
}

}  // namespace arbiter::batch
