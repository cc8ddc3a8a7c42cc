#pragma once
// The goals that look at the side that moved as well as at the side to move (target.h): Popeye's
//   !#   auto-mate: the move leaves the mover in check with no legal move (mated by its own move);
//   !=   auto-stalemate: the move gives no check and leaves the mover without a legal move;
//   ##   double mate: both sides in check and without a legal move; the mover had a legal move
//        before it (py-engl.txt; REGRESSIONS/4_55_to_4_57.inp 5: "no solution because White is
//        immobile in the diagram");
//   ##!  counter-mate: the same, played by a side that was mated before its move
//        (TESTS/battle_play.inp 7: "the prerequisite (White has to be mate) is not met").
// The mover ends !#, ## and ##! in check, so their goal move is one the rules otherwise forbid:
// a move that leaves the mover's own king attacked (and breaks no other rule). Popeye plays such
// a move only as the goal move of these goals; so does Arbiter: the engines add them at the goal
// ply (goal_moves below), never elsewhere.
//
// "No legal move" is judged whoever is to move, on a board where a king may stand attacked by
// the side to move: a side's move is legal when it leaves its own king unattacked (castling by
// its rules), and capturing the other king is such a move, as in Popeye's immobility test.
// Orthodox boards only; written plainly (these goals are rare, and judged at the goal ply alone).

#include <optional>
#include <string_view>

#include "rules/core/move.h"
#include "rules/core/position.h"
#include "solver/stipulation/target.h"

namespace arbiter::mover_goals {

// Has `side` a legal move in `pos` (as above), whoever is to move? `pos` is restored.
bool mobile(Position& pos, Color side);

// The position after a move, the mover being the side not to move: has it reached `target`
// (one of the four goals above; the prerequisite of ## and ##! is goal_moves' to check)?
bool reached(Position& pos, const Target& target);

// The side to move's goal moves for !#, ## or ##! that the rules forbid (they leave its king
// attacked), when the prerequisite holds; appended to `out`. None for the other goals.
void goal_moves(Position& pos, const Target& target, MoveList<>& out);

// A published goal move (which no legal move spells): the side to move's goal move of `target`
// spelt `text`, in SAN with its marks aside ("Kxg2##", "Rxa4##!") or in UCI; none otherwise.
std::optional<Move> spelt_goal_move(Position& pos, const Target& target, std::string_view text);

}  // namespace arbiter::mover_goals
