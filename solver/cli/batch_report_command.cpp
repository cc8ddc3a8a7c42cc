// arbiter batch-report --db FILE.sqlite [--out DIR] [--json]

#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "solver/batch/batch_report.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"

namespace arbiter::cli {

namespace {

struct Args {
  std::string db;
  std::string out = "reports/batch";
  bool json = false;
};

int run_batch_report(const Args& args) {
  // SQLite would report a missing file only as "unable to open"; a typo deserves plainer words.
  if (!std::filesystem::is_regular_file(args.db)) {
    std::cerr << fmt::format("arbiter batch-report: {}: no such store (arbiter batch --db writes one)\n", args.db);
    return ExitBadInput;
  }
  const batch::BatchReport report = batch::write_batch_report(args.db, args.out);
  const std::string page = (std::filesystem::path(args.out) / "README.md").string();
  if (args.json) {
    nlohmann::ordered_json j = batch::batch_report_json(report);
    j["out"] = page;
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << fmt::format("batch-report: {} -> {}\n", batch::batch_report_summary(report), page);
  }
  return ExitOk;
}

// The manual beyond the options: `arbiter batch-report --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* BatchReportHelp = R"help(The page (DIR/README.md, default reports/batch): the latest run, the verdict counts (verdicts.svg),
a time histogram in decades (time-histogram.svg), the slowest problems, every disagreement with a
published solution (unsound: cooks and short solutions; refuted: wrong keys or no solution; illegal
records; errors, crashes and hangs), and every change since the previous run (a puzzle whose
verdict, keys or solutions differ from its row before, with why it was redone: content changed,
version A -> B, or a retry). reports/batch/ holds the report of both corpora of ../shared/corpus/.)help";

}  // namespace

void add_batch_report_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "batch-report",
      "Write the report of a batch's results store: README.md with the verdict counts, the slowest problems,\n"
      "every disagreement with a published solution and every change since each puzzle was last judged, and two\n"
      "SVG charts (time-histogram.svg, verdicts.svg). The store is only read.\n"
      "Exit status: 0 written, 2 no such store or not one.");
  cmd->footer(BatchReportHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("--db", args->db, "The results store arbiter batch wrote")->required();
  cmd->add_option("--out", args->out, "Report directory (default: reports/batch)");
  cmd->add_flag("--json", args->json,
                "Print JSON instead of the summary: runs, puzzles, counts, histogram, slowest, disagreements, changes, out");
  cmd->callback([args, &status] { status = guarded("batch-report", [&] { return run_batch_report(*args); }); });
}

}  // namespace arbiter::cli
