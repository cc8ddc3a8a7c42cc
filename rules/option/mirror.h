#pragma once
// The colour flip of an Option Chess game (rules/core/mirror.h): the position flipped, White's
// tokens given to Black and Black's to White, the en passant target a double move left (a piece
// that moved twice, or a first-half two-step) flipped with its squares.
//
// The rule text is not colour-symmetric in one respect: its schedule is counted in Black's moves
// ("after Black's eighth move" twelve tokens each, "after Black's 48th move" four more), and a
// double move needs the mover's own move nine. The flip keeps the move number, so the mover makes
// its n-th move in both games, but its opponent's next move is numbered n in one and n + 1 in the
// other. A game and its flip therefore agree while no award and no opponent's move nine falls
// within the plies looked at; around moves 8 and 48 they may not.

#include "rules/option/game.h"
#include "rules/option/movegen.h"
#include "rules/option/turn.h"

namespace arbiter::option {

EnPassantTarget colour_flip(const EnPassantTarget& target);
OptionState colour_flip(const OptionState& state);
Turn colour_flip(const Turn& turn);
// A new game (no history) in the flipped position and state, under the same interpretations.
Game colour_flip(const Game& game);

}  // namespace arbiter::option
