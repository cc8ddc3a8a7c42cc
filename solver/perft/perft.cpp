// Perft is a header template; instantiating it here for orthodox chess keeps CLI, tests and
// benchmarks compiling it once.
#include "solver/perft/perft.h"

#include "rules/orthodox/game.h"

namespace arbiter {
template std::uint64_t perft<orthodox::Game>(orthodox::Game&, int);
}
