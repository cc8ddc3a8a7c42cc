#pragma once
// A chessman of Time Traveler's Chess: colour, type, stage in its personal history, and a
// stable identity (supports and resonators refer to men, not squares).

#include <cstdint>
#include <string_view>

#include "rules/core/types.h"

namespace arbiter::timetravel {

// "three stages in a personal history": untraveled, traveling (backwards, never moves),
// traveled (forwards again, after the explosion).
enum class Stage : std::uint8_t { Untraveled = 0, Traveling = 1, Traveled = 2 };

constexpr std::string_view stage_name(Stage s) {
  switch (s) {
    case Stage::Untraveled: return "untraveled";
    case Stage::Traveling: return "traveling";
    case Stage::Traveled: return "traveled";
  }
  return "?";
}

// Identities: 0..63 are the men of the set-up, named by the square they stood on then (in
// the start position b1 is White's queen's knight); FirstExplosionId + k is the pair the
// k-th explosion of the game brought in (its traveling and its traveled man).
using ManId = std::uint8_t;
inline constexpr int FirstExplosionId = 64;
inline constexpr int MaxExplosions = 255 - FirstExplosionId;

struct Man {
  PieceType type = NoPieceType;
  Color color = White;
  Stage stage = Stage::Untraveled;
  ManId id = 0;

  bool empty() const { return type == NoPieceType; }
  friend bool operator==(const Man&, const Man&) = default;
};

}  // namespace arbiter::timetravel
