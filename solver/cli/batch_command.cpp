// arbiter batch PATH... --db FILE.sqlite [--threads N] [--max-seconds T] [--retry-unknown] [--mpi] [--json]
// arbiter batch-worker (started by batch itself: judges the files it is sent on stdin)

#include <iostream>
#include <memory>

#include <fmt/core.h>

#include "solver/batch/batch_run.h"
#include "solver/batch/mpi_batch.h"
#include "solver/batch/worker_process.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/prover/limits.h"
#include "solver/prover/solve_options.h"
#include "solver/prover/transposition_table.h"

namespace arbiter::cli {

namespace {

struct Args {
  batch::BatchOptions options;
  bool mpi = false;
  bool json = false;
};

void print_summary(const batch::BatchOutcome& outcome, const batch::BatchOptions& options) {
  std::cout << fmt::format("batch: {} files: {} judged now, {} already in the store ({} s)\n", outcome.stats.jobs,
                           outcome.stats.done, outcome.stats.skipped, fmt::format("{:.1f}", outcome.stats.wall_seconds));
  for (const auto& [verdict, count] : outcome.verdicts) std::cout << fmt::format("  {:<12} {}\n", verdict, count);
  if (outcome.interrupted)
    std::cout << "partial: interrupted (SIGINT); the files in hand were not recorded, the same command resumes\n";
  std::cout << fmt::format("store: {} (run {}); arbiter batch-report --db {} writes the report\n", options.db,
                           outcome.run_id, options.db);
}

int run_batch_command(Args& args) {
  args.options.progress = progress_visible(args.json);
  if (progress_wanted())
    args.options.on_job_done = [](int done, int total, const std::string& file) { report_progress(done, total, file); };
  batch::BatchOutcome outcome;
  bool dispatcher = true;
  if (args.mpi) {
    args.options.solver_threads = args.options.workers;  // under MPI, --threads is each rank's solver threads
    outcome = batch::run_mpi_batch(args.options, dispatcher);
  } else {
    outcome = batch::run_batch(args.options);
  }
  if (!dispatcher) return ExitOk;
  if (args.json) std::cout << batch::outcome_json(outcome, args.options).dump(2) << "\n";
  else print_summary(outcome, args.options);
  return outcome.interrupted ? ExitUnknown : ExitOk;
}

// The manual beyond the options: `arbiter batch --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* BatchHelp = R"help(Each file's results go into the store as they finish, with the problem's identity (absolute path and
number in the file), content hash, variant, stipulation, verdict, keys or solutions, the published
solution against the proof in words, nodes, seconds, Arbiter's version, the interpretations pinned,
and the time it finished. Without --mpi each worker solves with one thread.
- A rerun skips the files recorded for the same content hash and version; a changed file or a new
  version (solver/version.h) is done again, and the earlier rows stay (batch-report's "changes").
  --retry-unknown also redoes files whose latest result is unknown, hung or crashed.
- Nothing is lost: kill -9 at any moment and the same command again give the store an uninterrupted
  run gives (tested with six kills at random moments). A file that crashes its worker is recorded
  crashed with the signal; one whose worker stays silent past twice --max-seconds plus 10 s a
  problem is killed and recorded hung with that limit; a file that is bad input is recorded error
  with the reader's FILE:LINE:COL message. The batch goes on.
- --mpi: rank 0 reads the store, hands out work longest expected first (from the file's time in an
  earlier run, else from its stipulation and material), a long file alone or a parcel of short ones,
  and alone writes the store; ranks 1..K-1 solve, each through a worker process of its own, with
  --threads solver threads. A rank that dies ends the MPI job (Open MPI aborts the others);
  everything recorded stays and the same command redoes only the files that were in hand. Built when
  CMake finds Open MPI (-DARBITER_MPI=OFF leaves it out).
- On a terminal a progress line shows files done out of the total, the rate, the time left and the
  verdicts so far.

Examples:
  $ arbiter batch ../shared/corpus --db corpus.sqlite --threads 2
  batch: 470 files: 470 judged now, 0 already in the store (16.3 s)
    confirmed    375
    refuted      48
    unsound      47
  ...
  $ mpirun -n 3 --oversubscribe arbiter batch ../shared/corpus --db corpus.sqlite --mpi
  (as root, mpirun also needs --allow-run-as-root))help";

}  // namespace

void add_batch_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "batch",
      "Verify every problem file under the paths (Popeye inputs with next and twins, PGN problem files) and\n"
      "replay every PGN game record, each file by a worker process, recording each result in an SQLite store\n"
      "as it finishes (WAL, one transaction a file). A rerun skips the files already recorded for the same\n"
      "content and Arbiter version, so a killed run resumes where it stopped; a changed file or a new version\n"
      "is redone. A file that crashes or hangs its worker is recorded as crashed or hung and the batch goes on.\n"
      "Exit status: 0 the run finished (verdicts are in the store: arbiter batch-report), 3 interrupted\n"
      "(SIGINT: what finished is recorded), 2 bad input or usage.");
  cmd->footer(BatchHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("paths", args->options.paths, "Problem files, or directories searched for *.pgn and *.inp")->required();
  cmd->add_option("--db", args->options.db, "The SQLite results store (created when missing)")->required();
  cmd->add_option("--threads", args->options.workers,
                  "Worker processes judging files at once (default: every core); with --mpi, each rank's solver threads")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--max-seconds", args->options.max_seconds,
                  "Time limit for each problem (0: none); reaching it records unknown with the limit. A worker\n"
                  "silent for twice the limit plus 10 s a problem is killed and the file recorded as hung")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--retry-unknown", args->options.retry_unknown,
                "Also redo the files whose latest result is unknown, hung or crashed");
  cmd->add_flag("--mpi", args->mpi,
                "Run under mpirun -n K: rank 0 dispatches (longest expected first) and writes the store, ranks\n"
                "1..K-1 solve");
  cmd->add_flag("--json", args->json,
                "Print JSON: db, run, version, mode, workers, files, skipped, done, interrupted, seconds,\n"
                "dispatch_seconds, idle_seconds, messages, store_seconds, verdicts {verdict: count}, results [{file, number, verdict,\n"
                "reason, keys, solutions, seconds}] (this run's)");
  args->options.workers = prover::default_threads();
  cmd->callback([args, &status] { status = guarded_search("batch", [&] { return run_batch_command(*args); }); });

  // Started by batch only: no group, so --help does not list it.
  auto* worker = app.add_subcommand("batch-worker", "")->group("");
  auto limits = std::make_shared<std::pair<prover::Limits, int>>(prover::Limits{}, 1);
  limits->first.hash_megabytes = prover::default_hash_megabytes();  // the table grows as needed
  worker->add_option("--threads", limits->second)->check(CLI::Range(1, 256));
  worker->add_option("--max-seconds", limits->first.max_seconds)->check(CLI::NonNegativeNumber);
  worker->callback([limits, &status] { status = batch::serve_worker(limits->first, limits->second); });
}

}  // namespace arbiter::cli
