#pragma once
// Conditional Chess move generation: generators propose, named predicates accept or reject.
//
// Every ply is an orthodox move of the side to move (the orthodox predicates apply: the king
// is not left guarded, castling as usual), with the cycle's own rules on top:
//   a-move-checks-only-with-mate   "The only allowed check in A-moves is when there is
//                                  checkmate!"
//   c-skip-needs-an-illegal-statable-move
//                                  a C-ply is skipped only if some move the player could have
//                                  stated is illegal now (outcome generation, for perft)
// A C-ply's outcomes are the moves that can be executed (every legal move: each is some
// statement's branch) and the skip.

#include <optional>
#include <string_view>

#include "rules/conditional/action.h"
#include "rules/conditional/options.h"
#include "rules/core/position.h"

namespace arbiter::conditional {

// The moves a player can state in a conditional: every move his men's movement allows from
// where they stand, whatever blocks or guards (a pawn's captures and double step, promotions
// to each piece, castling while king and rook are at home). The men do not move between the
// statement and its execution, so every move that can be legal then is among them.
int statable_moves(const Position& pos, Color c);
// The number of conditions a statement can ask: 64 squares x (empty, enemy man, enemy man of
// each of the 6 types).
inline constexpr int ConditionCount = 64 * 8;

void generate_candidates(const Position& pos, Phase phase, ActionList& out);
// `statable`: statable_moves() at the time of the statement (C phase only).
void generate_legal(Position& pos, Phase phase, int statable, ActionList& out);  // pos restored
bool has_legal_action(Position& pos, Phase phase);

// Does an A-move give check without mate? (The move must be legal orthodox.)
bool checks_without_mate(Position& pos, Move m);

// The first predicate that rejects a candidate, or none. `pos` is restored.
std::optional<std::string_view> first_failed_predicate(Position& pos, Phase phase, int statable, const Action& a);

}  // namespace arbiter::conditional
