#pragma once
// A fairy rule set's definition as data: the board's size, its piece kinds (each a walk, walk.h),
// which are royal and which follow the pawn's rules, the pawns' promotions, castling and the
// start position. The fairy Game (game.h) plays any such definition; orthodox() is orthodox
// chess written this way, which must play exactly as rules/orthodox does.

#include <memory>
#include <string>
#include <vector>

#include "rules/fairy/walk.h"

namespace arbiter::fairy {

struct PieceKind {
  std::string name;   // "knight", "grasshopper"
  char letter = '?';  // FEN and SAN letter, upper case ('N', 'G')
  Walk walk;
  bool royal = false;  // checked and mated like a king (a side may not leave it attacked)
  // The pawn's rules on top of its walk: from its second rank a double step along a move-only
  // vector over an empty square (leaving an en passant square), en passant capture onto it,
  // promotion on the last rank.
  bool pawn = false;
};

struct Variant {
  std::string name = "fairy";
  int files = 8, ranks = 8;
  std::vector<PieceKind> kinds;  // at most 31
  std::vector<int> promotions;   // the kinds a pawn promotes to, in the order SAN lists them
  // Orthodox castling: the royal kind `castling_king` from its file with the `castling_rook`
  // kind on the corner files, the king two files towards it (none: -1).
  int castling_king = -1, castling_rook = -1;
  std::string start_fen;

  int kind_of(char letter) const;  // the kind whose letter this is (either case), or -1
  static std::shared_ptr<const Variant> orthodox();
};

}  // namespace arbiter::fairy
