#pragma once
// The colour flip of an orthodox game (rules/core/mirror.h): the flipped position, under the
// same interpretations. The referee text's rules of play treat the colours alike: "White always
// plays first" concerns the start only, and the flip turns light squares dark and dark light, but
// no rule of play asks a square's colour.

#include "rules/core/mirror.h"
#include "rules/orthodox/game.h"

namespace arbiter::orthodox {

// A new game (no history) in the flipped position.
inline Game colour_flip(const Game& game) { return Game(arbiter::colour_flip(game.position()), game.options()); }

}  // namespace arbiter::orthodox
