#pragma once
// The prover behind Time Traveler's Chess mate claims ([%claim mate-in=N:C], [%claim
// wins-in=N:C], rules/timetravel/claims.h): the generic forced-mate search
// (solver/prover/forced_mate.h) on the game as the claim reads it (forced_win_game.h), under a
// node limit. Nodes, not seconds: a replay's verdict must not depend on the machine or its load.

#include <cstdint>

#include "rules/timetravel/game.h"

namespace arbiter {

// Enough for the claims of puzzles/timetravel (the largest, game 3's wins-in=2, takes about
// 2,400 nodes); a node costs milliseconds here, explosions and grammar being what they are.
inline constexpr std::uint64_t TimetravelMateClaimNodes = 10000;

timetravel::MateAnswer prove_timetravel_mate(const timetravel::Game& game, Color attacker, int n, timetravel::MateGoal goal);

}  // namespace arbiter
