#include "solver/bench/help_self_bench.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include <fmt/core.h>

#include "solver/problem/solve_units.h"
#include "solver/variants/registry.h"

namespace arbiter {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const auto tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  if (!out.empty() && !out.back().empty() && out.back().back() == '\r') out.back().pop_back();
  return out;
}

struct ManifestRow {
  std::string stipulation, solutions;
  double seconds = 0;
};

// MANIFEST.tsv: a header naming the columns (file, stipulation, popeye_solutions,
// popeye_seconds among them), then one row per problem.
std::map<std::string, ManifestRow> read_manifest(const std::filesystem::path& path) {
  std::istringstream in(read_all(path));
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error(path.string() + " is empty");
  const auto header = split_tabs(line);
  auto column = [&](const std::string& name) {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end()) throw std::runtime_error(fmt::format("{}: no column '{}' in the header", path.string(), name));
    return std::size_t(it - header.begin());
  };
  const std::size_t file = column("file"), stipulation = column("stipulation"), solutions = column("popeye_solutions"),
                    seconds = column("popeye_seconds");
  std::map<std::string, ManifestRow> rows;
  int number = 1;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    const auto cells = split_tabs(line);
    if (cells.size() < header.size() - 1)  // the last column (twin_fens) may be cut with its tab
      throw std::runtime_error(fmt::format("{}:{}: {} columns, the header has {}", path.string(), number, cells.size(),
                                           header.size()));
    auto cell = [&](std::size_t i) { return i < cells.size() ? cells[i] : std::string(); };
    rows[cell(file)] = {cell(stipulation), cell(solutions), std::strtod(cell(seconds).c_str(), nullptr)};
  }
  return rows;
}

}  // namespace

HelpSelfSolved solve_help_self(const problem::Problem& p, const HelpSelfSolveOptions& options) {
  HelpSelfSolved out;
  out.selfmate = p.stipulation.kind == Stipulation::SelfMate;
  const VariantEngines& rules = find_variant(p.variant, p.where);
  for (const auto& unit : problem::solve_units(p)) {
    if (unit.illegal) {  // not solved: no line (Popeye prints none under such a twin's label)
      out.sets.push_back({unit.label, {}});
      out.illegal_twins.push_back(unit.label);
      continue;
    }
    prover::SolveOptions solve;
    problem::set_stipulation(solve, unit.stipulation, options.set_play && p.set_play, p.set_play_en_passant);
    solve.build_tree = options.tree;
    solve.max_tree_nodes = std::size_t(-1);
    solve.limits.max_seconds = options.max_seconds;
    solve.limits.hash_megabytes = options.hash_mb;
    solve.threads = options.threads;
    const auto start = Clock::now();
    const prover::Solution s = rules.solve(unit.fen, p.fen_location, solve, p.interpretations);
    out.seconds += since(start);
    out.nodes += s.nodes;
    problem::TwinSolutionSet set{unit.label, {}};
    auto take = [&](const std::vector<prover::HelpLine>& lines) {
      for (const auto& line : lines) {
        std::string text;
        for (const auto& m : line.moves) {
          if (!text.empty()) text += ' ';
          text += m.uci;
        }
        set.solutions.push_back(text);
      }
    };
    // A structured root whose parts print differently: each part's keys or lines, as Popeye
    // prints them one after the other.
    for (const prover::Solution* part : prover::parts_of(s)) {
      if (part->goal == prover::Goal::HelpMate || part->series) {
        take(part->solutions);
        take(part->set_play);
      } else {
        for (const auto& k : part->keys) set.solutions.push_back(k.uci);
      }
    }
    // Duplex: the twin's set holds the lines of both roles, as Popeye lists them under one label.
    if (unit.colours_exchanged && p.duplex == problem::Duplex::Also && !out.sets.empty()) {
      auto& both = out.sets.back().solutions;
      both.insert(both.end(), set.solutions.begin(), set.solutions.end());
      std::sort(both.begin(), both.end());
    } else {
      std::sort(set.solutions.begin(), set.solutions.end());
      out.sets.push_back(std::move(set));
    }
    // StopOnShortSolutions leaves a helpmate partial on purpose, as Popeye does: not a limit.
    if (s.verdict == prover::Verdict::Unknown || (!s.complete && !s.battle.stop_on_short)) {
      out.complete = false;
      if (out.note.empty()) {
        if (!unit.label.empty()) out.note = unit.label + ") ";
        out.note += s.reason.empty() ? std::string("incomplete") : s.reason;
      }
    }
  }
  return out;
}

std::string HelpSelfBenchRow::agreement() const {
  if (!ours.complete) return "UNKNOWN: " + ours.note;
  if (have_peer && !peer_error.empty()) return "PEER FAILED: " + peer_error;
  if (have_peer && !peer_complete) return "peer incomplete (-maxtime)";
  const bool peer_differs = have_peer && !agrees_with_peer(), manifest_differs = have_manifest && !agrees_with_manifest();
  if (peer_differs && manifest_differs) return "DIFFERENT from peer and MANIFEST";
  if (peer_differs) return "DIFFERENT from peer";
  if (manifest_differs) return "DIFFERENT from MANIFEST";
  if (have_peer && have_manifest) return "same as peer and MANIFEST";
  if (have_peer) return "same as peer";
  if (have_manifest) return "same as MANIFEST";
  return "nothing to compare";
}

std::vector<HelpSelfBenchRow> run_help_self_bench(const std::string& folder, const HelpSelfBenchOptions& options,
                                                  const std::function<void(int, int, const std::string&)>& progress) {
  std::vector<std::filesystem::path> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().extension() == ".inp") inputs.push_back(entry.path());
  if (inputs.empty()) throw std::runtime_error("no Popeye input files (*.inp) in " + folder);
  std::sort(inputs.begin(), inputs.end());
  const auto manifest_path = std::filesystem::path(folder) / "MANIFEST.tsv";
  const auto manifest = std::filesystem::exists(manifest_path) ? read_manifest(manifest_path) : std::map<std::string, ManifestRow>{};

  std::vector<HelpSelfBenchRow> rows;
  for (const auto& input : inputs) {
    if (progress) progress(int(rows.size()), int(inputs.size()), input.filename().string());
    const auto problems = problem::read_problem_file(input.string());
    const auto& p = problems.front();
    if (p.stipulation.kind == Stipulation::DirectMate)
      throw std::runtime_error(input.string() + ": a direct mate; this benchmark is for helpmates and selfmates (see --problems)");
    HelpSelfBenchRow row;
    row.name = input.filename().string();
    row.stipulation = p.stipulation.text;
    row.selfmate = p.stipulation.kind == Stipulation::SelfMate;
    row.twins = std::max<std::size_t>(1, p.twins.size());

    row.ours = solve_help_self(p, {options.tree, options.max_seconds, options.hash_mb, options.threads});

    if (!options.peer.empty()) {
      row.have_peer = true;
      const ProcessRun run = run_process(options.peer, {"-maxtime", fmt::format("{}", options.max_seconds), input.string()},
                                         options.max_seconds + 60);
      row.peer_seconds = run.seconds;
      if (run.killed) row.peer_error = "killed after " + fmt::format("{:.0f}", options.max_seconds + 60) + " s";
      else if (run.status != 0) row.peer_error = fmt::format("exit status {}", run.status);
      if (row.peer_error.empty()) {
        try {
          const auto parsed = problem::read_popeye_help_self_output(run.out, options.peer + " " + row.name);
          row.peer = parsed.twins;
          row.peer_complete = parsed.finished;
        } catch (const std::exception& e) {
          row.peer_error = e.what();
        }
      }
    }
    if (const auto it = manifest.find(row.name); it != manifest.end()) {
      row.have_manifest = true;
      row.manifest = problem::parse_manifest_solutions(it->second.solutions, row.selfmate);
      row.manifest_seconds = it->second.seconds;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace arbiter
