#pragma once
// The colour flip of a Transactional Chess referee state (rules/core/mirror.h): every board the
// referee keeps (the committed view, each side's pieces with its pending moves, what each side
// saw when its transaction began) flipped with its men's colours, and each side's transaction
// given to the other: its locks, moved pieces, pending moves (and their texts), pending
// two-square advances. The en passant squares and castling rights are flipped.
//
// Transaction numbers name colours ("white always uses odd transaction numbers, and black always
// uses even"): White's k-th transaction is T(2k-1), Black's T(2k), so a side's numbers go with
// its count of transactions: White's T(n) becomes Black's T(n+1), Black's T(n) White's T(n-1).
// They are notation only; no rule depends on them.

#include "rules/transactional/game.h"
#include "rules/transactional/referee.h"

namespace arbiter::transactional {

Action colour_flip(const Action& action);
Referee colour_flip(const Referee& referee);
// A new game (no history, no announcement) on the flipped state, under the same interpretations.
Game colour_flip(const Game& game);

}  // namespace arbiter::transactional
