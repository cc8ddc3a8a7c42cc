#pragma once
// A game's whole state as text, for "play then undo restores the exact state" (tests/
// play_undo_property_test.cpp): the FEN, the key, and what the FEN leaves out but later plies or
// the game's history depend on (Time Traveler's identities and explosion supports, the
// transactional referee's locks and views, the conditional C-mover's statable moves, the plies
// played since set-up). Two states are the same when their texts are.

#include <string>

#include "rules/conditional/game.h"
#include "rules/fairy/game.h"
#include "rules/option/game.h"
#include "rules/orthodox/game.h"
#include "rules/timetravel/game.h"
#include "rules/transactional/game.h"

namespace arbiter::test {

std::string exact_state(const orthodox::Game& game);
std::string exact_state(const option::Game& game);
std::string exact_state(const timetravel::Game& game);
std::string exact_state(const transactional::Game& game);
std::string exact_state(const conditional::Game& game);
std::string exact_state(const fairy::Game& game);

}  // namespace arbiter::test
