#pragma once
// The claims "C forces checkmate within N moves" ([%claim mate-in=N:C]) and "C wins within N
// moves" ([%claim wins-in=N:C], by checkmate or by the opponent's grammatical incorrectness)
// need a proof search, and the rules library owns none: the generic prover (solver/prover/)
// answers them through a MateProver that whoever replays the record (solver/variants/timetravel.cpp)
// installs on the game. Without one the claim is "unknown", never guessed.

#include <functional>
#include <string>

#include "rules/core/types.h"

namespace arbiter::timetravel {

class Game;

enum class MateVerdict { Proved, Refuted, Unknown };

// What ends the game for the claim: checkmate only, or either way of winning (forced_win_game.h).
enum class MateGoal { Checkmate, Win };

struct MateAnswer {
  MateVerdict verdict = MateVerdict::Unknown;
  std::string detail;  // the search's own account: nodes, the limit reached, the length found
};

// Does `attacker` force the goal within `n` of its own moves from the game's position (the
// attacker to move: "#n"; the other side to move: whatever it plays)?
using MateProver = std::function<MateAnswer(const Game& game, Color attacker, int n, MateGoal goal)>;

}  // namespace arbiter::timetravel
