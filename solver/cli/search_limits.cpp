#include "solver/cli/search_limits.h"

#include <fmt/format.h>

namespace arbiter::cli {

void add_search_limits(CLI::App* cmd, const SearchLimitFlags& f) {
  if (f.max_seconds) {
    const std::string unset = *f.max_seconds > 0 ? fmt::format("default {:g}; 0: none", *f.max_seconds) : "0: none";
    cmd->add_option("--max-seconds", *f.max_seconds,
                    fmt::format("Time limit in seconds for {} ({}); reaching it gives verdict unknown", f.scope, unset))
        ->check(CLI::NonNegativeNumber);
  }
  if (f.max_nodes)
    cmd->add_option("--max-nodes", *f.max_nodes,
                    fmt::format("Node limit for {} (0: none); reaching it gives verdict unknown", f.scope));
  if (f.threads)
    cmd->add_option("--threads", *f.threads, f.threads_help + " (default: every core)")->check(CLI::Range(1, 256));
  if (f.hash_mb)
    cmd->add_option("--hash", *f.hash_mb,
                    "Largest transposition table in MB (default: a sixteenth of the memory, 64 to 4096); it starts at 1 MB\n"
                    "and grows as the search fills it")
        ->check(CLI::Range(1, 16384));
}

}  // namespace arbiter::cli
