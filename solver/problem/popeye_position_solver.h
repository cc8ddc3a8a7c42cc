#pragma once
// The PositionSolver the Popeye layout asks for threats and tries' trees (popeye_layout.h),
// answered by a rule set's own prover, under the problem's interpretations and the limits of
// the solve it serves.

#include "rules/registry/interpretations.h"
#include "solver/problem/popeye_layout.h"
#include "solver/prover/limits.h"
#include "solver/variants/registry.h"

namespace arbiter::problem::popeye {

// Each call solves one position completely (one thread); a limit reached throws
// prover::LimitReached with the reason, so the layout never prints a guess.
// `battle`: the problem's Popeye options of battle play (Quodlibet, Threat, MaxFlightsquares).
PositionSolver engine_position_solver(const VariantEngines& rules, const InterpretationSettings& interpretations,
                                      const prover::Limits& limits, const BattleOptions& battle = {});

}  // namespace arbiter::problem::popeye
