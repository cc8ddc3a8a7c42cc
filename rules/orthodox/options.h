#pragma once
// Orthodox chess as the referee text states it, with its ambiguities resolved by name.

#include <string_view>
#include <vector>

#include "rules/core/interpretation.h"

namespace arbiter::orthodox {

// "none of the spaces, including the king's and the rook's current locations, are guarded"
// The text forbids castling when any square from king to rook is guarded (the rook's own
// square and b1/b8 included). FIDE and every published problem and perft reference only
// forbid the king's own path. KingPath is the default; RefereeText follows the text literally.
enum class CastlingGuard { KingPath, RefereeText };

// "One king, designated by the letter `k'." The text lists each side's men at the start; a
// problem may show a side without a king (Popeye's NoWk/NoBk). OneEach is the default;
// AtMostOne lets a side have none: it is never in check, so it is never mated.
enum class KingCount { OneEach, AtMostOne };

struct Options {
  CastlingGuard castling_guard = CastlingGuard::KingPath;
  KingCount king_count = KingCount::OneEach;
};

const std::vector<Interpretation>& interpretations();
// Sets one interpretation by id and choice name; false when either is unknown. The
// single-choice entries (decisions documented, no alternative) are accepted and change nothing.
bool apply_interpretation(Options& options, std::string_view id, std::string_view choice);
// The choice `options` applies for an interpretation, as apply_interpretation names it ("" for
// an unknown id); a single-choice entry answers its one choice.
std::string_view current_choice(const Options& options, std::string_view id);

}  // namespace arbiter::orthodox
