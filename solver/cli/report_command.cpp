// arbiter report [PATH...] [--out DIR] [--json] [--max-seconds S] [--threads N]

#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/cli/search_limits.h"
#include "solver/prover/solve_options.h"
#include "solver/regress/matrix.h"
#include "solver/report/golden_reports.h"

namespace arbiter::cli {

namespace {

namespace fs = std::filesystem;

struct Args {
  std::vector<std::string> paths;
  std::string out;
  bool json = false;
  double max_seconds = 300;
  int threads = prover::default_threads();
};

int run_report(Args args) {
  if (args.paths.empty()) args.paths = {"puzzles"};
  const auto files = regress::puzzle_files(args.paths);
  const std::string out = args.out.empty() ? reports_beside(args.paths.front()) : args.out;
  regress::RunOptions options;
  options.limits.max_seconds = args.max_seconds;
  options.workers = args.threads;
  const regress::Matrix m = run_matrix_with_progress(files, {}, options, true, args.json);
  const auto written = report::write_golden_reports(m, out, regress::puzzles_label(args.paths));

  // Generated pages and diagrams no longer produced (a puzzle removed or renamed) go too.
  std::vector<std::string> removed;
  if (fs::is_directory(out))
    for (const auto& entry : fs::recursive_directory_iterator(out)) {
      const std::string relative = fs::relative(entry.path(), out).generic_string();
      const auto ext = entry.path().extension();
      if (entry.is_regular_file() && (ext == ".md" || ext == ".svg") && report::is_generated_report_file(relative) &&
          !std::binary_search(written.begin(), written.end(), relative))
        removed.push_back(entry.path().string());
    }
  for (const auto& f : removed) fs::remove(f);

  int unexpected = 0;
  for (const auto& r : m.defaults) unexpected += !r.as_expected;
  if (args.json) {
    std::cout << nlohmann::ordered_json{{"out", out}, {"written", written}, {"removed", removed},
                                        {"puzzles", m.defaults.size()}, {"unexpected", unexpected}, {"seconds", m.seconds}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << fmt::format("wrote {} files to {} ({} puzzles, {:.1f} s)\n", written.size(), out, m.defaults.size(), m.seconds);
    for (const auto& f : removed) std::cout << fmt::format("removed {} (no longer produced)\n", f);
    if (unexpected > 0) std::cout << fmt::format("{} puzzle(s) fail their own expectations (see the pages)\n", unexpected);
  }
  return unexpected > 0 ? ExitClaimFalse : ExitOk;
}

// The manual beyond the options: `arbiter report --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* ReportHelp = R"help(One page per puzzle file (reports/<variant>/<name>.md) with its tags, the verdict, SVG diagrams of
the start and of the end (or of the position before the first illegal move; for problems, the start
with the proved keys, or the refuted published key, drawn), every claim and finding with its
verdict, the Conditional Chess ply-by-ply timeline, and the timings; the index reports/README.md;
and reports/regression.md. Files it no longer produces are removed; reports/analysis/ (hand-written
analyses), reports/benchmarks.md and the baseline are left alone. tests/cli/golden_reports_test.cpp
regenerates everything and compares it with the shipped files, timing lines (Time: 1.234 s) aside.)help";

}  // namespace

void add_report_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "report",
      "Regenerate the golden reports from the puzzles: a Markdown page per puzzle file with SVG diagrams of the start\n"
      "and key positions, the verdict of every claim and the timings; the index README.md; regression.md (the\n"
      "interpretation matrix). Hand-made files (analysis/, benchmarks.md) and baseline.json are left alone.\n"
      "Exit status: 0 written and every puzzle's expectations hold, 1 written but some do not, 2 bad input.");
  cmd->footer(ReportHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("PATH", args->paths, "Puzzle files or directories (default: puzzles)");
  cmd->add_option("--out", args->out, "Reports directory (default: reports/ beside puzzles/)");
  cmd->add_flag("--json", args->json, "Print JSON: out, written, removed, puzzles, unexpected, seconds");
  add_search_limits(cmd, {.scope = "each problem run",
                          .max_seconds = &args->max_seconds,
                          .threads = &args->threads,
                          .threads_help = "Puzzle runs side by side; the pages are the same, timings aside"});
  cmd->callback([args, &status] { status = guarded("report", [&] { return run_report(*args); }); });
}

}  // namespace arbiter::cli
