#include "solver/bench/restore_bench.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include <fmt/core.h>

#include "rules/notation/popeye.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/compose/random.h"
#include "solver/correct/damage.h"
#include "solver/problem/popeye_key.h"
#include "solver/problem/problem.h"
#include "solver/problem/solve_units.h"
#include "solver/variants/registry.h"

namespace arbiter {

namespace {

struct BenchProblem {
  std::string name, variant = default_variant().name, fen, stipulation;
  prover::SolveOptions stipulated;
  PgnLine published;
  std::optional<PgnLine> engine_line;
};

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, '\t')) out.push_back(field);
  return out;
}

std::vector<BenchProblem> read_manifest(const std::filesystem::path& folder) {
  std::ifstream in(folder / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);  // header
  std::vector<BenchProblem> out;
  while (std::getline(in, line)) {
    const auto f = split_tabs(line);
    if (f.size() < 4 || (f[2] != "#2" && f[2] != "#3") || f[3].find(' ') != std::string::npos || f[3].empty()) continue;
    BenchProblem p;
    p.name = f[0];
    p.fen = f[1];
    p.stipulation = f[2];
    p.stipulated.goal = prover::Goal::DirectMate;
    p.stipulated.n = f[2][1] - '0';
    const std::string san = popeye_key_san(p.fen, f[3]);
    if (san.empty()) continue;
    PgnMove key;
    key.san = san;
    key.where = {(folder / "MANIFEST.tsv").string(), 1, 1};
    p.published = {key};
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<BenchProblem> read_pgn_folder(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(folder))
    if (e.path().extension() == ".pgn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<BenchProblem> out;
  for (const auto& file : files)
    for (const auto& p : problem::read_problem_file(file.string())) {
      if (!p.published || p.published->moves.empty() || !p.twins.empty()) continue;
      BenchProblem b;
      b.name = file.filename().string();
      b.variant = p.variant;
      b.stipulation = p.stipulation.text;
      b.fen = find_variant(p.variant, p.where).setup_fen(p.fen, p.fen_location, *p.published);
      problem::set_stipulation(b.stipulated, p.stipulation, false);
      b.published = p.published->moves;
      out.push_back(std::move(b));
    }
  return out;
}

correct::Report correct_once(const BenchProblem& p, const std::string& fen, int cost, const RestoreBenchOptions& o) {
  correct::Options options;
  options.space.max_units = options.space.max_removals = options.space.max_moves = options.space.max_changes = cost;
  options.space.max_tokens = 0;
  options.space.max_cost = cost;
  options.goal = p.stipulated.goal;
  options.half_move = p.stipulated.half_move;
  options.stated_solutions = p.stipulated.stated_solutions;
  options.max_seconds = o.max_seconds;
  options.candidate_nodes = o.candidate_nodes;
  options.max_versions = 1;
  return find_variant(p.variant).correct(fen, {p.name, 1, 1}, p.stipulated.n, p.published, p.engine_line, options, {});
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace

std::vector<RestoreBenchRow> run_restore_bench(const std::string& folder, const RestoreBenchOptions& options,
                                               const std::function<void(int done, int total, const std::string&)>& progress) {
  const std::filesystem::path dir(folder);
  if (!std::filesystem::is_directory(dir)) throw ParseError({folder, 1, 1}, "expected a folder of problems");
  std::vector<BenchProblem> all =
      std::filesystem::exists(dir / "MANIFEST.tsv") ? read_manifest(dir) : read_pgn_folder(dir);
  // A seeded shuffle picks the problems; the originals must be sound by our own judgement.
  compose::Random random(options.seed);
  for (std::size_t i = all.size(); i > 1; --i) std::swap(all[i - 1], all[std::size_t(random.below(int(i)))]);
  std::vector<BenchProblem> chosen;
  for (auto& p : all) {
    if (int(chosen.size()) >= options.count) break;
    if (!correct_once(p, p.fen, 0, options).kept.empty()) chosen.push_back(std::move(p));
  }
  struct Task {
    std::size_t problem;
    int size;
  };
  std::vector<Task> tasks;
  for (int size : options.sizes)
    for (std::size_t i = 0; i < chosen.size(); ++i) tasks.push_back({i, size});
  std::vector<RestoreBenchRow> rows(tasks.size());
  std::atomic<std::size_t> next{0};
  std::atomic<int> done{0};
  std::mutex report;
  auto work = [&] {
    for (std::size_t t = next++; t < tasks.size(); t = next++) {
      const BenchProblem& p = chosen[tasks[t].problem];
      RestoreBenchRow& row = rows[t];
      row.problem = p.name;
      row.stipulation = p.stipulation;
      row.original_fen = p.fen;
      row.key = p.published.front().san;
      row.size = tasks[t].size;
      const auto hurt = correct::damage(correct::Diagram::from_fen(p.fen), row.size,
                                        options.seed * 1000003 + tasks[t].problem * 16 + std::uint64_t(row.size));
      for (const auto& e : hurt.edits) row.damage.push_back(correct::edit_text(e));
      row.damaged_fen = hurt.diagram.fen();
      try {
        const correct::Report r = correct_once(p, row.damaged_fen, row.size, options);
        row.found = !r.kept.empty();
        if (row.found) {
          row.cost = r.kept.front().cost;
          row.version_changes = r.kept.front().changes;
          row.version_fen = r.kept.front().fen;
        }
        row.cheapest_proved = r.cheapest_proved;
        row.limit = row.found ? "" : r.limit;
        row.judged = r.examined;
        row.seconds = r.seconds;
      } catch (const ParseError& e) {  // the damaged diagram is unreadable to the rules: nothing found
        row.limit = "unreadable: " + e.message();
      }
      const int d = ++done;
      if (progress) {
        std::lock_guard lock(report);
        progress(d, int(tasks.size()), fmt::format("{} damaged by {}", p.name, row.size));
      }
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < std::max(1, options.threads); ++i) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return rows;
}

std::vector<RestoreBenchSummary> summarise_restore_bench(const std::vector<RestoreBenchRow>& rows) {
  std::vector<RestoreBenchSummary> out;
  for (const auto& row : rows) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& s) { return s.size == row.size; });
    if (it == out.end()) {
      out.push_back({});
      it = out.end() - 1;
      it->size = row.size;
    }
    ++it->problems;
    if (row.found) {
      ++it->found;
      if (int(it->by_cost.size()) <= row.cost) it->by_cost.resize(std::size_t(row.cost + 1));
      ++it->by_cost[std::size_t(row.cost)];
      if (row.cost == 0) ++it->still_sound;
    }
    if (!row.limit.empty()) ++it->stopped;
  }
  for (auto& s : out) {
    std::vector<double> found, all;
    for (const auto& row : rows)
      if (row.size == s.size) {
        all.push_back(row.seconds);
        if (row.found) found.push_back(row.seconds);
      }
    s.median_seconds_found = median(found);
    s.median_seconds_all = median(all);
  }
  return out;
}

nlohmann::ordered_json restore_row_json(const RestoreBenchRow& r) {
  return {{"problem", r.problem},           {"stipulation", r.stipulation}, {"key", r.key},
          {"original_fen", r.original_fen}, {"size", r.size},               {"damage", r.damage},
          {"damaged_fen", r.damaged_fen},   {"found", r.found},             {"cost", r.cost},
          {"version_changes", r.version_changes}, {"version_fen", r.version_fen}, {"cheapest_proved", r.cheapest_proved},
          {"limit", r.limit},               {"judged", r.judged},           {"seconds", r.seconds}};
}

nlohmann::ordered_json restore_summary_json(const RestoreBenchSummary& s) {
  return {{"size", s.size},
          {"problems", s.problems},
          {"found", s.found},
          {"found_percent", s.problems ? 100.0 * s.found / s.problems : 0.0},
          {"still_sound", s.still_sound},
          {"stopped_by_limit", s.stopped},
          {"found_by_cost", s.by_cost},
          {"median_seconds_found", s.median_seconds_found},
          {"median_seconds_all", s.median_seconds_all}};
}

}  // namespace arbiter
