#include "solver/bench/problem_bench.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/notation/uci.h"
#include "solver/problem/popeye_output.h"
#include "solver/problem/problem.h"
#include "solver/variants.h"

namespace arbiter {

namespace {

// Popeye ends its output with "solution finished. Time = 1.173 s".
double popeye_time(const std::string& text) {
  const std::string marker = "Time = ";
  auto at = text.rfind(marker);
  return at == std::string::npos ? 0.0 : std::strtod(text.c_str() + at + marker.size(), nullptr);
}

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

std::vector<ProblemBenchRow> run_problem_bench(const std::string& folder, const ProblemBenchOptions& options,
                                               const std::function<void(int, int, const std::string&)>& progress) {
  std::vector<std::filesystem::path> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().extension() == ".inp") inputs.push_back(entry.path());
  if (inputs.empty()) throw std::runtime_error("no Popeye input files (*.inp) in " + folder);
  std::sort(inputs.begin(), inputs.end());

  std::vector<ProblemBenchRow> rows;
  for (const auto& input : inputs) {
    if (progress) progress(int(rows.size()), int(inputs.size()), input.filename().string());
    const auto problems = problem::read_problem_file(input.string());
    const auto& p = problems.front();
    ProblemBenchRow row;
    row.name = input.filename().string();
    row.stipulation = p.stipulation.text;

    prover::SolveOptions solve;
    solve.n = p.stipulation.moves;
    solve.build_tree = options.tree;
    solve.max_tree_nodes = std::size_t(-1);
    solve.limits.hash_megabytes = options.hash_mb;
    const prover::Solution s = find_variant(p.variant, p.where).solve(p.fen, p.fen_location, solve, p.interpretations);
    row.verdict = prover::verdict_name(s.verdict);
    row.nodes = s.nodes;
    row.seconds = s.seconds;
    for (const auto& k : s.keys) row.keys.push_back(k.uci);

    auto out_path = input;
    out_path.replace_extension(".out");
    if (std::filesystem::exists(out_path)) {
      const std::string text = read_all(out_path);
      row.popeye_seconds = popeye_time(text);
      const Position start = read_fen(p.fen);
      for (const auto& solution : problem::read_popeye_output(text, out_path.string()))
        for (const auto& key : solution.key_texts())
          if (auto m = parse_popeye(start, key)) row.popeye_keys.push_back(to_uci(*m));
          else row.popeye_keys.push_back("?" + key);
    }
    std::sort(row.keys.begin(), row.keys.end());
    std::sort(row.popeye_keys.begin(), row.popeye_keys.end());
    rows.push_back(row);
  }
  return rows;
}

}  // namespace arbiter
