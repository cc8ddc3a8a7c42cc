#pragma once
// The batch's report, read from its results store: what every puzzle's latest judgement is,
// how long the puzzles took, which published solutions Arbiter disagrees with, and what changed
// since each puzzle was last judged. A Markdown page with two SVG charts of our own, or JSON.

#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/batch/result_store.h"

namespace arbiter::batch {

// Per-puzzle seconds in decades: <1 ms, 1-10 ms, ..., >=100 s.
inline constexpr int TimeBuckets = 7;
const std::array<std::string, TimeBuckets>& time_bucket_labels();
int time_bucket(double seconds);

struct VerdictCount {
  std::string kind;  // "verify", "replay" or "whole-file" (number 0 rows)
  std::string verdict;
  int count = 0;
};

// A puzzle whose latest row differs from the row before it in verdict, keys or solutions.
struct Change {
  StoredResult before, after;
  std::string why;  // "content hash changed", "version A -> B", "retried"
};

struct BatchReport {
  std::vector<StoredRun> runs;
  std::vector<StoredResult> current;  // each puzzle's latest row (a file's latest run only), by file and number
  std::vector<VerdictCount> counts;   // by kind, then verdicts in their usual order
  std::array<int, TimeBuckets> histogram{};
  std::vector<StoredResult> slowest;        // the ten slowest current rows, slowest first
  std::vector<StoredResult> disagreements;  // unsound, refuted, illegal, claims fail, error, crashed, hung
  std::vector<Change> changes;
  std::string common_dir;  // the directory every file lies in, left out when files are shown ("" or ending in '/')
};

// `results` oldest first, as ResultStore::results() gives them.
BatchReport make_batch_report(const std::vector<StoredResult>& results, const std::vector<StoredRun>& runs);

std::string shown_file(const BatchReport& report, const std::string& file);  // relative to common_dir
int verdict_total(const BatchReport& report, const std::string& verdict);    // over every kind
// "12 puzzles, 2 runs: 9 confirmed, 2 unsound, 1 crashed"
std::string batch_report_summary(const BatchReport& report);

// `store_name`: the store's file name only, so the page holds no machine's paths.
std::string batch_report_markdown(const BatchReport& report, const std::string& store_name);
std::string time_histogram_svg(const BatchReport& report);
std::string verdict_chart_svg(const BatchReport& report);
nlohmann::ordered_json batch_report_json(const BatchReport& report);

// Reads the store read-only and writes README.md, time-histogram.svg and verdicts.svg into
// `out_dir`, each through a temporary file and a rename; the page last, so it never links to a
// chart not yet written. Returns the report for the caller's summary.
BatchReport write_batch_report(const std::string& db_path, const std::string& out_dir);

}  // namespace arbiter::batch
