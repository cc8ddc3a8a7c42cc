// arbiter replay FILE [--json]  (placeholder until the PGN reader lands in this issue)
#include "solver/cli/commands.h"
namespace arbiter::cli {
void add_replay_command(CLI::App&, int&) {}
}
