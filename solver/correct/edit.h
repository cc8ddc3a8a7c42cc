#pragma once
// One change to a problem's diagram, as a problemist writes a version's changes, and the
// diagram it applies to. Every edit costs 1: a version is "cheaper" when it changes fewer
// things, the way problemists compare versions ("one unit added", "a pawn moved").
//
//   kind     text        what it does
//   add      +wPf4       a unit placed on an empty square (never a king; no pawn on rank 1 or 8)
//   remove   -bPc6       a unit taken off (never a king)
//   move     Qf6->f8     a unit moved to an empty square (never a king; pawns stay off ranks 1, 8)
//   change   bPc6=wP     a unit's colour or type changed (never to or from a king)
//   tokens   wTokens:3->1  Option Chess: the double moves one side has left
//
// Castling rights follow the board: a right whose king or rook no longer stands at home is
// dropped, and so is an en passant square whose pawn or squares an edit disturbed.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/bitboard.h"
#include "rules/core/types.h"

namespace arbiter::correct {

enum class EditKind : std::uint8_t { Add, Remove, Move, Change, Tokens };
inline constexpr int EditKindCount = 5;

std::string_view edit_kind_name(EditKind k);  // "add", "remove", "move", "change", "tokens"
constexpr int edit_cost(EditKind) { return 1; }

struct Edit {
  EditKind kind = EditKind::Add;
  Square from = NoSquare;  // remove, move, change: the unit's square
  Square to = NoSquare;    // add, move: the square it goes to
  char piece = '.';        // the unit added, removed, moved or changed (FEN letter)
  char becomes = '.';      // change: the new unit
  Color side = White;      // tokens: whose
  int tokens_from = 0, tokens_to = 0;

  // The squares the edit changes (none for tokens).
  Bitboard touched() const;
};

std::string edit_text(const Edit& e);

// The FEN split into the board and its other fields, so edits are cheap.
struct Diagram {
  std::array<char, 64> board{};     // FEN letters, '.' empty; a1 = 0
  std::vector<std::string> fields;  // every field after the placement ("w", "-", "-", "0", "1", ...)
  std::optional<std::array<int, 2>> tokens;  // Option Chess: the seventh field "W/B"

  static Diagram from_fen(const std::string& fen);
  std::string fen() const;
  Color to_move() const { return !fields.empty() && fields[0] == "b" ? Black : White; }
  Bitboard occupied() const;
  int units() const;
  Square king(Color c) const;

  void apply(const Edit& e);  // then the castling and en passant fields are made to fit
};

// The unit standing on each square as attacks see it (pawns by colour).
Bitboard unit_attacks(char piece, Square s, Bitboard occupied);

}  // namespace arbiter::correct
