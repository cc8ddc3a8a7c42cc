// arbiter regress [PATH...] [--json] [--update-baseline] [--baseline FILE] [--out FILE]
//                 [--defaults-only] [--interpret ID=CHOICE]... [--max-seconds S] [--max-nodes N] [--threads N]

#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rules/core/stop.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/cli/search_limits.h"
#include "solver/prover/solve_options.h"
#include "solver/regress/baseline.h"
#include "solver/regress/matrix.h"
#include "solver/report/matrix_page.h"

namespace arbiter::cli {

namespace {

namespace fs = std::filesystem;

struct Args {
  std::vector<std::string> paths;
  bool json = false;
  bool update_baseline = false;
  bool defaults_only = false;
  std::string baseline, out;
  std::vector<std::string> interpret;
  double max_seconds = 300;
  std::uint64_t max_nodes = 0;
  int threads = prover::default_threads();
};

// SIGINT: the puzzles judged before it, marked partial; nothing compared, nothing written.
int report_interrupted(const regress::Matrix& m, bool json) {
  const std::string what =
      m.files_done < m.files_total
          ? fmt::format("the defaults of {} of {} puzzle files judged, no alternative", m.files_done, m.files_total)
          : fmt::format("the defaults of all {} puzzle files judged, the alternatives not all", m.files_total);
  if (json) {
    nlohmann::ordered_json j = regress::matrix_json(m);
    j["verdict"] = "unknown";
    j["partial"] = true;
    j["limit"] = "interrupted";
    j["reason"] = fmt::format("{}: {}; nothing compared with the baseline, nothing written", stop::InterruptReason, what);
    std::cout << j.dump(2) << "\n";
    return ExitUnknown;
  }
  for (const auto& r : m.defaults)
    std::cout << fmt::format("{:<4} {:<55} {:<7} {}\n", r.as_expected ? "ok" : "FAIL", r.id, r.kind, r.summary());
  std::cout << partial_line(fmt::format("{}; {}", stop::InterruptReason, what));
  std::cout << fmt::format("regress: unknown, interrupted; nothing compared with the baseline, nothing written ({:.1f} s)\n",
                           m.seconds);
  return ExitUnknown;
}

int run_regress(Args args) {
  if (args.paths.empty()) args.paths = {"puzzles"};
  const InterpretationSettings base = interpretations_from(args.interpret);
  const auto files = regress::puzzle_files(args.paths);
  const fs::path reports = reports_beside(args.paths.front());
  const std::string baseline_file = args.baseline.empty() ? (reports / "baseline.json").string() : args.baseline;
  // The committed matrix is the defaults' own: a run under other settings writes only where told.
  const bool write_matrix = !args.defaults_only && (base.empty() || !args.out.empty());
  const std::string out_file = args.out.empty() ? (reports / "regression.md").string() : args.out;

  regress::RunOptions options;
  options.limits.max_seconds = args.max_seconds;
  options.limits.max_nodes = args.max_nodes;
  options.workers = args.threads;
  const regress::Matrix m = run_matrix_with_progress(files, base, options, !args.defaults_only, args.json);
  if (m.interrupted) return report_interrupted(m, args.json);

  std::vector<std::string> differences;
  bool baseline_found = fs::exists(baseline_file);
  if (args.update_baseline) {
    write_file_atomically(baseline_file, regress::baseline_json(m.defaults).dump(2) + "\n");
  } else if (baseline_found) {
    const std::string text = read_text_file(baseline_file);
    check_json_depth(text, baseline_file);
    differences = regress::compare_with_baseline(nlohmann::json::parse(text, nullptr, false), m.defaults, baseline_file);
  }
  if (write_matrix) {
    write_file_atomically(out_file, report::matrix_markdown(m, regress::puzzles_label(args.paths)));
  }
  int unexpected = 0;
  for (const auto& r : m.defaults) unexpected += !r.as_expected;
  const bool ok = differences.empty() && unexpected == 0 && (baseline_found || args.update_baseline);

  if (args.json) {
    nlohmann::ordered_json j = regress::matrix_json(m);
    j["baseline"] = {{"file", baseline_file}, {"found", baseline_found}, {"updated", args.update_baseline},
                     {"differences", differences}};
    j["unexpected"] = unexpected;
    j["verdict"] = ok ? "pass" : "fail";
    std::cout << j.dump(2) << "\n";
    return ok ? ExitOk : ExitClaimFalse;
  }
  for (const auto& r : m.defaults)
    std::cout << fmt::format("{:<4} {:<55} {:<7} {}\n", r.as_expected ? "ok" : "FAIL", r.id, r.kind, r.summary());
  if (!args.defaults_only) {
    int run = 0, changed = 0;
    for (const auto& row : m.cells)
      for (const auto& c : row) run += c.applies, changed += c.change.has_value();
    std::cout << fmt::format("\nmatrix: {} puzzles x {} alternatives; {} cells run (the others are not read by the "
                             "puzzle's rules), {} differ from the default\n",
                             m.defaults.size(), m.alternatives.size(), run, changed);
    for (std::size_t p = 0; p < m.defaults.size(); ++p)
      for (std::size_t k = 0; k < m.alternatives.size(); ++k)
        if (const auto& c = m.cells[p][k]; c.change)
          std::cout << fmt::format("  {} under {}: {}\n", m.defaults[p].id, m.alternatives[k].label(), regress::describe(*c.change));
  }
  if (write_matrix) std::cout << fmt::format("wrote {}\n", out_file);
  if (args.update_baseline) std::cout << fmt::format("baseline rewritten: {}\n", baseline_file);
  else if (!baseline_found) std::cout << fmt::format("no baseline at {}: run with --update-baseline to write one\n", baseline_file);
  else if (differences.empty()) std::cout << fmt::format("baseline {}: every default judgement unchanged\n", baseline_file);
  else {
    std::cout << fmt::format("baseline {}: {} puzzle(s) changed under the defaults:\n", baseline_file, differences.size());
    for (const auto& d : differences) std::cout << "  " << d << "\n";
  }
  if (unexpected > 0) std::cout << fmt::format("{} puzzle(s) fail their own expectations under the defaults\n", unexpected);
  std::cout << fmt::format("regress: {} ({:.1f} s)\n", ok ? "pass" : "fail", m.seconds);
  return ok ? ExitOk : ExitClaimFalse;
}

// The manual beyond the options: `arbiter regress --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* RegressHelp = R"help(Games are replayed, problem files (a [Stipulation] tag or Popeye input) verified, each under the
defaults and under each single alternative of every interpretation its rules read. Verdicts: legal,
illegal, claims fail (games); confirmed, unsound, refuted, unknown with its limit (problems). A cell
that differs from the default names the first ply where the judgement changes ("first change at ply
6 (Qa5/e1): claim check: verified -> claim check: not verified"). A cell whose interpretation
belongs to another rule set is not run (the rules never read it): it keeps the default verdict,
marked "applies": false in JSON.

Expectations and baseline: a puzzle's own [ExpectedVerdict], [ExpectedErrata] and
[ExpectedUnverified] tags must hold, and every default judgement must equal the committed baseline
(reports/baseline.json, or --baseline); each difference names the puzzle and the first ply that
changed. --update-baseline rewrites the baseline after a deliberate change.
tests/cli/regress_test.cpp runs the defaults against the baseline, so a default changed in code
without the baseline fails the tests with the puzzle and ply named.

The matrix written holds no timings, so a run leaves the checkout as it was; the time taken is
printed. SIGINT: the puzzles judged before are printed, marked partial, nothing is compared or
written, exit 3 (JSON verdict unknown, partial, limit interrupted).)help";

}  // namespace

void add_regress_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "regress",
      "Judge every puzzle (replay for games, verify for problems) under the default interpretations and under each\n"
      "single alternative; print the matrix puzzle x interpretation -> verdict with the first ply where it changes,\n"
      "write it to reports/regression.md, and compare the defaults with the committed baseline.\n"
      "Exit status: 0 every default judgement equals the baseline and every puzzle's own expectations hold;\n"
      "1 otherwise (each difference names the puzzle and the first ply that changed); 2 bad input; 3 SIGINT stopped\n"
      "it (the puzzles judged before are printed, marked partial; nothing is compared or written).");
  cmd->footer(RegressHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("PATH", args->paths, "Puzzle files or directories (default: puzzles)");
  cmd->add_flag("--json", args->json,
                "Print JSON: base, interpretations, puzzles [{id, file, kind, variant, title, verdict, reason, "
                "as_expected, seconds, cells [{interpretation, choice, applies, verdict, reason, changed, first_change "
                "{ply, move, before, after}, seconds}]}], baseline {file, found, updated, differences}, unexpected, "
                "verdict (pass/fail), seconds");
  cmd->add_flag("--update-baseline", args->update_baseline, "Rewrite the baseline from this run's defaults");
  cmd->add_option("--baseline", args->baseline, "Baseline file (default: reports/baseline.json beside puzzles/)");
  cmd->add_option("--out", args->out,
                  "Where to write the matrix (default: reports/regression.md; not written with --interpret unless "
                  "given, nor with --defaults-only)");
  cmd->add_flag("--defaults-only", args->defaults_only, "Run the defaults only and compare them with the baseline");
  add_interpret_option(cmd, args->interpret);
  add_search_limits(cmd, {.scope = "each problem run, every twin and search in it",
                          .max_seconds = &args->max_seconds,
                          .max_nodes = &args->max_nodes,
                          .threads = &args->threads,
                          .threads_help = "Puzzle runs side by side, each on one thread; the output is the same for any\n"
                                          "number, timings aside"});
  cmd->callback([args, &status] { status = guarded_search("regress", [&] { return run_regress(*args); }); });
}

}  // namespace arbiter::cli
