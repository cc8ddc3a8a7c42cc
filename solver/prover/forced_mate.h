#pragma once
// "`attacker` forces mate within n of its own moves" asked of any position of a game, as a
// record's annotation asks it: the direct-mate search (mate_search.h) when the attacker is to
// move, every defence answered when the other side is. A limit reached is Unknown with the
// limit as reason, never a guess. Used for Time Traveler's Chess mate claims (solver/variants/timetravel_mate_prover.h).

#include <cstdint>
#include <string>

#include "rules/core/ruleset.h"
#include "solver/prover/limits.h"
#include "solver/prover/mate_search.h"

namespace arbiter::prover {

struct ForcedMate {
  enum class Verdict { Proved, Refuted, Unknown } verdict = Verdict::Unknown;
  std::uint64_t nodes = 0;  // spent
  std::string reason;       // Unknown: the limit reached
  std::string escape;       // Refuted with the defender to move: its first move that escapes, in the game's notation
};

template <RuleSet G>
ForcedMate forced_mate(G game, Color attacker, int n, const Limits& limits) {
  ForcedMate out;
  MateSearch<G> search(game, limits);
  try {
    // "Within n" only: searching each shorter length first (for the exact one) costs two to
    // three times as much where a node means generating explosions.
    const bool to_move = game.side_to_move() == attacker;
    const bool mates = to_move ? search.attacker_mates(n) : search.every_defence_loses(n);
    out.verdict = mates ? ForcedMate::Verdict::Proved : ForcedMate::Verdict::Refuted;
    if (!mates && !to_move)
      if (const auto escape = search.judge_defences(n).escape) out.escape = game.move_text(*escape);
  } catch (const LimitReached& e) {
    out.reason = e.what();
  }
  out.nodes = search.nodes();
  return out;
}

}  // namespace arbiter::prover
