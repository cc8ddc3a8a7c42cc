#pragma once
// Conditional Chess (Joao Pedro Neto, 1996) as its text states it, with what it leaves open
// resolved by name. Each enum is one interpretation; the first enumerator is the default. The
// quotes and meanings are in interpretations() (options.cpp).

#include <string_view>
#include <vector>

#include "rules/core/interpretation.h"

namespace arbiter::conditional {

// conditional.a-move-check-forced: a player whose every A-move gives check (none mating)
// draws (the text), or loses (the text's variant).
enum class ForcedCheck { Draw, Loss };

// conditional.illegal-c-move: an illegal C-move is skipped (the text), or the opponent moves
// one of the C-mover's men instead (the text's variant: "each game is a legal FIDE game").
enum class IllegalCMove { Skip, OpponentMoves };

// conditional.b-check-cancelled: when the C-move cancels a B-move's check, the cycle goes on
// with the opponent's A-move (the sample game's "Qf1+ ... Rg1, Bf2++"), or play returns to an
// A-move of the player who was in check all the same.
enum class BCheckCancelled { Continue, ReturnToAMove };

struct Options {
  ForcedCheck forced_check = ForcedCheck::Draw;
  IllegalCMove illegal_c_move = IllegalCMove::Skip;
  BCheckCancelled b_check_cancelled = BCheckCancelled::Continue;
};

const std::vector<Interpretation>& interpretations();
bool apply_interpretation(Options& options, std::string_view id, std::string_view choice);
// The choice `options` applies for an interpretation, as apply_interpretation names it ("" for
// an unknown id).
std::string_view current_choice(const Options& options, std::string_view id);

}  // namespace arbiter::conditional
