#include "solver/cli/commands.h"
namespace arbiter::cli {
void add_bench_command(CLI::App&, int&) {}
}
