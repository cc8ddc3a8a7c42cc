#pragma once
// A candidate problem as the composer edits it: the units on the board and, for Option Chess,
// the tokens. White is to move in a direct mate, Black in a helpmate h#n (Black starts);
// composed positions have no castling or en passant rights, so every board symmetry that
// keeps pawns' directions keeps the rules.

#include <array>
#include <string>
#include <string_view>

#include "rules/core/position.h"
#include "rules/core/types.h"

namespace arbiter::compose {

struct Placement {
  std::array<Piece, 64> board{};
  std::array<int, 2> tokens{-1, -1};  // Option Chess double moves left; -1: the rules have none
  int fullmove = 1;                   // Option Chess needs move 9 or later for double moves
  Color to_move = White;              // Black for a helpmate h#n

  bool has_tokens() const { return tokens[White] >= 0; }
  int units() const;
  int count(Color c, PieceType t) const;
  Square king(Color c) const;  // NoSquare when absent
  bool operator==(const Placement&) const = default;

  Position position() const;  // to_move to move, no castling, no en passant
  std::string fen() const;    // the six FEN fields
  std::string fen_with_tokens() const;  // plus the Option Chess tokens field "W/B" when there are tokens
  std::string tokens_text() const;      // "W/B", for a [Tokens] tag
};

// The placement of a position: its board, move number and side to move (castling and en passant
// rights are dropped: composed positions have none). Throws ParseError for a malformed FEN.
Placement placement_of_fen(std::string_view fen);

// One text for a position and all its copies under the symmetries its rules keep: the board
// mirrored left-right always, and, without pawns, every rotation and reflection of the board.
// (A colour-mirrored copy has the other side to move; every problem of a run has the same side
// to move, White for direct mates and Black for helpmates, so such a copy is never produced.)
// Equal keys = the same problem.
std::string canonical_key(const Placement& p);

}  // namespace arbiter::compose
