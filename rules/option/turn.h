#pragma once
// One turn of Option Chess: a single move, a double move (two moves by the side to move,
// spending a token), or the special en passant capture of a piece that moved twice, alone or
// as the second half of a double move.

#include <cstdint>

#include "rules/core/move.h"

namespace arbiter::option {

enum class TurnKind : std::uint8_t {
  Single,                // an orthodox move
  Double,                // first, then second
  SpecialCapture,        // first: the capturing move onto the square where the victim first stopped
  DoubleSpecialCapture,  // first, then the special capture as the second half
};

// Whether the turn gives check, when the generator already knows (it costs a few bitboard
// operations there, against playing the turn later). Not part of the turn's identity.
enum class CheckFlag : std::uint8_t { Unknown, No, Yes };

// The piece a second half moves, when the first half moved it too: where it started and where
// it first stopped (NoSquare both when the second half moves another piece). Castling, stored
// as the king's move, moves the rook as well, so a rook that castled and moves again is "the
// same piece moved on both moves" (rule 6) as much as the king would be.
struct TwiceMovedPiece {
  Square from = NoSquare;
  Square stop = NoSquare;
};

constexpr TwiceMovedPiece twice_moved_piece(Move first, Move second) {
  if (second.from() == first.to()) return {first.from(), first.to()};
  if (first.kind() == MoveKind::Castling) {
    const bool kingside = first.to() > first.from();
    const Square rook_stop = kingside ? first.from() + 1 : first.from() - 1;
    if (second.from() == rook_stop) return {kingside ? first.from() + 3 : first.from() - 4, rook_stop};
  }
  return {};
}

struct Turn {
  Move first;
  Move second;  // Move() unless a double move
  TurnKind kind = TurnKind::Single;
  CheckFlag check = CheckFlag::Unknown;

  static constexpr Turn single(Move m, CheckFlag c = CheckFlag::Unknown) { return {m, Move(), TurnKind::Single, c}; }
  static constexpr Turn double_move(Move a, Move b, CheckFlag c = CheckFlag::Unknown) { return {a, b, TurnKind::Double, c}; }
  constexpr bool is_double() const { return kind == TurnKind::Double || kind == TurnKind::DoubleSpecialCapture; }
  constexpr bool is_special_capture() const {
    return kind == TurnKind::SpecialCapture || kind == TurnKind::DoubleSpecialCapture;
  }
  constexpr Move last() const { return is_double() ? second : first; }
  // The same piece moves twice: the second half moves a piece the first half moved, the
  // first's mover or, after castling, its rook.
  constexpr bool same_piece() const { return is_double() && twice_moved_piece(first, second).stop != NoSquare; }

  friend constexpr bool operator==(const Turn& a, const Turn& b) {
    return a.first == b.first && a.second == b.second && a.kind == b.kind;
  }
};

// A position has a few thousand turns at most in practice (about 1,600 in the Bonham
// problem); the generator refuses to go past this bound rather than overrun it.
inline constexpr int MaxTurns = 16384;
using TurnList = MoveList<Turn, MaxTurns>;

}  // namespace arbiter::option
