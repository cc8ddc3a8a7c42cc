#include "solver/bench/problem_bench.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/notation/uci.h"
#include "solver/bench/process_run.h"
#include "solver/problem/popeye_output.h"
#include "solver/problem/problem.h"
#include "solver/variants/registry.h"

namespace arbiter {

namespace {

// A peer stuck past its own -maxtime is killed after this much more.
constexpr double PeerGraceSeconds = 60;

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

struct PopeyeKeys {
  std::vector<std::string> keys;  // UCI, sorted
  bool finished = false;          // "solution finished." closes the output
};

// The keys of Popeye's output for the problem starting at `start`. Popeye stopped by -maxtime
// ends with "solving interrupted." or "Partial solution" instead of "solution finished.", lines
// the direct-mate reader does not know: the output is read up to them, and is unfinished.
PopeyeKeys popeye_keys(std::string text, const std::string& label, const Position& start) {
  for (const char* stop : {"\nsolving interrupted", "\nPartial solution"})
    if (const auto at = text.find(stop); at != std::string::npos) text.resize(at + 1);
  PopeyeKeys out;
  const auto solutions = problem::read_popeye_output(text, label);
  out.finished = !solutions.empty();
  for (const auto& solution : solutions) {
    out.finished = out.finished && solution.finished;
    for (const auto& key : solution.key_texts())
      if (auto m = parse_popeye(start, key)) out.keys.push_back(to_uci(*m));
      else out.keys.push_back(fmt::format("?{}", key));
  }
  std::sort(out.keys.begin(), out.keys.end());
  return out;
}

void check_peer(const std::string& peer) {
  if (!std::filesystem::exists(peer)) throw std::runtime_error(fmt::format("--peer {}: no such file", peer));
  if (std::filesystem::is_directory(peer) || access(peer.c_str(), X_OK) != 0)
    throw std::runtime_error(fmt::format("--peer {}: not an executable file", peer));
}

// Popeye's -maxtime takes whole seconds; rounded up so the peer never gets less time than we do.
std::string popeye_maxtime(double seconds) { return fmt::format("{}", std::max(1LL, (long long)std::ceil(seconds))); }

}  // namespace

std::string ProblemBenchRow::agreement() const {
  if (!complete) return fmt::format("UNKNOWN: {}", note);
  if (!have_peer) {
    if (!have_recorded) return "nothing to compare";
    return agrees_with_recorded() ? "same as Popeye" : "DIFFERENT from Popeye";
  }
  if (!peer_error.empty()) return fmt::format("PEER FAILED: {}", peer_error);
  if (!peer_complete) return "peer incomplete (-maxtime)";
  const bool recorded_differs = have_recorded && !agrees_with_recorded();
  if (!agrees_with_peer()) return recorded_differs ? "DIFFERENT from Popeye and recorded" : "DIFFERENT from Popeye";
  return recorded_differs ? "same as Popeye, DIFFERENT from recorded" : "same as Popeye";
}

std::vector<ProblemBenchRow> run_problem_bench(const std::string& folder, const ProblemBenchOptions& options,
                                               const std::function<void(int, int, const std::string&)>& progress) {
  if (!options.peer.empty()) check_peer(options.peer);
  std::vector<std::filesystem::path> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().extension() == ".inp") inputs.push_back(entry.path());
  if (inputs.empty()) throw std::runtime_error("no Popeye input files (*.inp) in " + folder);
  std::sort(inputs.begin(), inputs.end());

  std::vector<ProblemBenchRow> rows;
  for (const auto& input : inputs) {
    const int done = int(rows.size()), total = int(inputs.size());
    if (progress) progress(done, total, input.filename().string());
    const auto problems = problem::read_problem_file(input.string());
    const auto& p = problems.front();
    ProblemBenchRow row;
    row.name = input.filename().string();
    row.stipulation = p.stipulation.text;

    prover::SolveOptions solve;
    solve.n = p.stipulation.moves;
    solve.build_tree = options.tree;
    solve.max_tree_nodes = std::size_t(-1);
    solve.threads = options.threads;
    solve.limits.max_seconds = options.max_seconds;
    solve.limits.hash_megabytes = options.hash_mb;
    const prover::Solution s = find_variant(p.variant, p.where).solve(p.fen, p.fen_location, solve, p.interpretations);
    row.verdict = prover::verdict_name(s.verdict);
    row.nodes = s.nodes;
    row.seconds = s.seconds;
    for (const auto& k : s.keys) row.keys.push_back(k.uci);
    std::sort(row.keys.begin(), row.keys.end());
    if (s.verdict == prover::Verdict::Unknown || !s.complete) {
      row.complete = false;
      row.note = s.reason.empty() ? std::string("incomplete") : s.reason;
    }

    const Position start = read_fen(p.fen);
    if (!options.peer.empty()) {
      if (progress) progress(done, total, fmt::format("{} (peer)", row.name));
      row.have_peer = true;
      const ProcessRun run = run_process(options.peer, {"-maxtime", popeye_maxtime(options.max_seconds), input.string()},
                                         options.max_seconds + PeerGraceSeconds);
      row.peer_seconds = run.seconds;
      row.peer_peak_rss_kib = run.peak_rss_kib;
      if (run.killed) row.peer_error = fmt::format("killed after {:.0f} s", options.max_seconds + PeerGraceSeconds);
      else if (run.status != 0) row.peer_error = fmt::format("exit status {}", run.status);
      if (row.peer_error.empty()) {
        try {
          const PopeyeKeys peer = popeye_keys(run.out, fmt::format("{} {}", options.peer, row.name), start);
          row.peer_keys = peer.keys;
          row.peer_complete = peer.finished;
        } catch (const std::exception& e) {
          row.peer_error = e.what();
        }
      }
    }

    auto out_path = input;
    out_path.replace_extension(".out");
    if (std::filesystem::exists(out_path)) {
      const std::string text = read_all(out_path);
      row.have_recorded = true;
      row.recorded_seconds = popeye_time(text);
      row.recorded_keys = popeye_keys(text, out_path.string(), start).keys;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace arbiter
