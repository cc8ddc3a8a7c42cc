#pragma once
// The positions the rule-set property tests (tests/*_property_test.cpp) walk: for each rule set,
// seeded pseudo-random legal games played from its start position and from varied FENs of its
// own (castling, en passant, promotions, checks and the variant's state: tokens and targets,
// stages and explosions, pending transactions, each phase of the conditional cycle). Each game
// is kept as played, its history beneath it, with the perft depth chosen for it: as deep as a
// leaf budget allows (up to three plies), so that wide positions (Option's double moves, Time
// Traveler's explosions) are walked one ply deep and narrow ones three.
//
// Under the sanitizers (ARBITER_SANITIZED, set by the ARBITER_SANITIZE build) the budgets are
// smaller, the positions as many: the walks check the same properties, less deep.

#include <vector>

#include "rules/conditional/game.h"
#include "rules/fairy/game.h"
#include "rules/option/game.h"
#include "rules/orthodox/game.h"
#include "rules/timetravel/game.h"
#include "rules/transactional/game.h"

namespace arbiter::test::property {

template <class G>
struct Sample {
  G game;     // as played: undo must restore the state with this history beneath it
  int depth;  // perft depth for this position
};

// At least this many positions per rule set (issue #20).
inline constexpr int SamplesPerRuleSet = 200;

std::vector<Sample<orthodox::Game>> orthodox_samples();
std::vector<Sample<option::Game>> option_samples();
std::vector<Sample<timetravel::Game>> timetravel_samples();
std::vector<Sample<transactional::Game>> transactional_samples();
std::vector<Sample<conditional::Game>> conditional_samples();
std::vector<Sample<fairy::Game>> fairy_samples();

}  // namespace arbiter::test::property
