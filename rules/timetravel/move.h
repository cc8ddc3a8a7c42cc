#pragma once
// A move of Time Traveler's Chess: "There are three types of moves: the explosion, the normal
// move, and the annihilation." Normal moves include castling, en passant and promotion.

#include <cstdint>

#include "rules/core/move.h"
#include "rules/core/types.h"

namespace arbiter::timetravel {

enum class MoveKind : std::uint8_t { Normal, Castling, Explosion, Annihilation };

struct Move {
  std::uint8_t from = 0;  // Explosion: the explosion square (the traveled man moves from it)
  std::uint8_t to = 0;    // Explosion: the traveled man's destination; Annihilation: the traveling man's square
  MoveKind kind = MoveKind::Normal;
  PieceType type = NoPieceType;       // the moving man's type; Explosion: the exploding type
  PieceType promotion = NoPieceType;  // a pawn reaching its last rank (untraveled or traveled)
  bool en_passant = false;            // a pawn capture onto the en passant square

  friend bool operator==(const Move&, const Move&) = default;
};

// Explosions make long lists (a queen explosion alone can have a thousand); generation
// never allocates, and a full list is an error, not a silent truncation.
inline constexpr int MoveListCapacity = 8192;
using MoveList = arbiter::MoveList<Move, MoveListCapacity>;

}  // namespace arbiter::timetravel
