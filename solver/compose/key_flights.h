#pragma once
// The defending king's flights before and after the key (played and taken back): a key that
// takes one fails the default filter, one that gives one is a plus in the score.

#include "rules/core/ruleset.h"
#include "solver/compose/mate_quality.h"

namespace arbiter::compose {

struct KeyFlights {
  Bitboard before = 0, after = 0;
  Bitboard taken() const { return before & ~after; }
  Bitboard given() const { return after & ~before; }
};

// `game` has the attacker to move; it is left as it was.
template <RuleSet G>
KeyFlights key_flights(G& game, const typename G::MoveType& key) {
  const Color defender = ~game.side_to_move();
  KeyFlights f;
  f.before = king_flights(game.position(), defender);
  game.play(key);
  f.after = king_flights(game.position(), defender);
  game.undo();
  return f;
}

}  // namespace arbiter::compose
