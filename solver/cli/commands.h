#pragma once
// One function per subcommand; each lives in its own file in solver/cli/.
// Exit statuses: 0 success, 1 a checked claim is false, 2 bad input or usage, 3 unknown,
// 4 unsupported (the problem needs a genre, condition, piece or option Arbiter does not play yet).

#include <CLI/CLI.hpp>

namespace arbiter::cli {

constexpr int ExitOk = 0;
constexpr int ExitClaimFalse = 1;
constexpr int ExitBadInput = 2;
constexpr int ExitUnknown = 3;  // a solver could not decide within its limits
constexpr int ExitUnsupported = 4;  // well-formed, but Arbiter does not play what it asks for

// A file's status is the worst of its problems': success, then a false claim, unknown,
// unsupported, and bad input worst of all.
int worse_status(int a, int b);

// Each adds its subcommand to the app; the callback stores its exit status in `status`.
void add_perft_command(CLI::App& app, int& status);
void add_replay_command(CLI::App& app, int& status);
void add_bench_command(CLI::App& app, int& status);
void add_solve_command(CLI::App& app, int& status);
void add_popeye_command(CLI::App& app, int& status);  // Popeye input in, Popeye output out
void add_verify_command(CLI::App& app, int& status);
void add_check_certificate_command(CLI::App& app, int& status);
void add_correct_command(CLI::App& app, int& status);
void add_diagram_command(CLI::App& app, int& status);
void add_explain_command(CLI::App& app, int& status);
void add_referee_command(CLI::App& app, int& status);
void add_interpretations_command(CLI::App& app, int& status);
void add_regress_command(CLI::App& app, int& status);
void add_report_command(CLI::App& app, int& status);
void add_compose_command(CLI::App& app, int& status);
void add_batch_command(CLI::App& app, int& status);  // batch and its hidden worker, batch-worker
void add_batch_report_command(CLI::App& app, int& status);
void add_serve_command(CLI::App& app, int& status);  // the studio; says what is missing when not built

}  // namespace arbiter::cli
