#include "rules/option/mirror.h"

#include "rules/core/mirror.h"

namespace arbiter::option {

EnPassantTarget colour_flip(const EnPassantTarget& target) {
  return {target.kind, flip_square(target.square), flip_square(target.victim)};
}

OptionState colour_flip(const OptionState& state) {
  OptionState out;
  out.tokens[White] = state.tokens[Black];
  out.tokens[Black] = state.tokens[White];
  out.target = colour_flip(state.target);
  return out;
}

Turn colour_flip(const Turn& turn) {
  Turn out = turn;
  out.first = flip_move(turn.first);
  if (turn.is_double()) out.second = flip_move(turn.second);
  return out;
}

Game colour_flip(const Game& game) {
  return Game(arbiter::colour_flip(game.position()), colour_flip(game.state()), game.options());
}

}  // namespace arbiter::option
