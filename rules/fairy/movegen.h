#pragma once
// The fairy rule set's moves, generators plus named predicates as every rule set here: the
// candidates are what each man's walk (walk_moves.h) and the pawn's and castling rules propose;
// the predicates reject those that leave a royal man attacked, castle out of check or across an
// attacked square.

#include <optional>
#include <string_view>

#include "rules/core/move.h"
#include "rules/fairy/board.h"

namespace arbiter::fairy {

using FairyMoveList = MoveList<FairyMove, 1024>;

void generate_candidates(const Board& b, FairyMoveList& out);

// Could a man of `by` capture a man of the other side standing on `sq` (empty or not)?
bool attacked(const Board& b, int sq, Color by);
// Is a royal man of `side` attacked? (A side without a royal man is never in check.)
bool royal_attacked(const Board& b, Color side);

// The name of the first predicate that rejects candidate `m`, or none: it is legal. Plays the
// move and takes it back.
std::optional<std::string_view> rejecting_predicate(Board& b, const FairyMove& m);

void generate_legal(Board& b, FairyMoveList& out);

}  // namespace arbiter::fairy
