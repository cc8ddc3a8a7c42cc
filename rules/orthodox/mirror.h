#pragma once
// The colour flip of an orthodox game (rules/core/mirror.h): the flipped position, under the
// same interpretations. The referee text's rules of play treat the colours alike: "White always
// plays first" concerns the start only, and the flip turns light squares dark and dark light, but
// no rule of play asks a square's colour.

#include <utility>

#include "rules/core/mirror.h"
#include "rules/orthodox/game.h"

namespace arbiter::orthodox {

// A new game (no history) in the flipped position. The castling pairs flip with the board:
// White's a1 rook becomes Black's a8 rook, so a1h8 becomes h1a8 (a1a8 and h1h8 stay).
inline Game colour_flip(const Game& game) {
  Options flipped = game.options();
  std::swap(flipped.exclusive_a1h8, flipped.exclusive_h1a8);
  return Game(arbiter::colour_flip(game.position()), flipped);
}

}  // namespace arbiter::orthodox
