#pragma once
// Whether a complete reading ends as the record says: an ended game's result must be the one
// stated, and a closing mate sign ("Bf2++", "Q:f7#") on a decisive result must be that mate.
// A result stated while the game could go on (resignation, agreement, time) is fine.

#include <string_view>

#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"
#include "solver/reading/text_distance.h"

namespace arbiter::reading {

inline bool ending_agrees(GameStatus status, Color side_to_move, const PgnGame& record) {
  const bool ended = status != GameStatus::Ongoing && status != GameStatus::Check;
  const std::string_view result = record.result;
  if (ended && result != "*" && result != result_of(status, side_to_move)) return false;
  std::string_view last;
  for (auto it = record.moves.rbegin(); it != record.moves.rend() && last.empty(); ++it)
    if (it->san != "--") last = it->san;
  if (claim_of(last) == Claim::Mate && (result == "1-0" || result == "0-1"))
    return status == GameStatus::Checkmate && result_of(status, side_to_move) == result;
  return true;
}

}  // namespace arbiter::reading
