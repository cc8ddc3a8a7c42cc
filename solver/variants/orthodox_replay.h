#pragma once
// Orthodox records replayed move by move; a main line with a move the rules forbid is also read
// whole at the least edit cost (solver/variants/orthodox_reading.h), each ply read otherwise a
// finding of kind "reading". The [Variant] tag is not consulted: the registry picks the rules.

#include "rules/notation/pgn.h"
#include "rules/orthodox/options.h"
#include "solver/replay/replay.h"

namespace arbiter {

ReplayReport replay_orthodox(const PgnGame& game, const orthodox::Options& options = {});

}  // namespace arbiter
