#pragma once
// Popeye's fairy pieces whose walk Arbiter's walk notation writes (WALKS.md): each with the code
// Popeye's English input gives it (py-engl.txt, "Popeye supports the following piece walks"), its
// name, and its walk. The table is facts about Popeye's pieces; pieces not in it are not yet here.

#include <optional>
#include <string_view>
#include <vector>

namespace arbiter::fairy {

struct PieceEntry {
  std::string_view code;  // Popeye's English code, lower case ("s", "n", "gi", "15")
  std::string_view name;  // as py-engl.txt names it
  std::string_view walk;  // in walk notation ("" for the dummy, which has none, and the orphan, whose walk is the position's)
  bool orphan = false;    // moves as the enemy men observing it, through chains of enemy orphans
  bool friend_ = false;   // (with orphan) moves as its own side's men observing it, through chains of friends
  // The pawn's rules on its walk: promotion, and (double_step) the double step and en passant.
  // Popeye promotes no pawn into a pawn.
  bool pawn = false;
  bool double_step = true;
  bool royal = false;  // a king of its own walk: checked and mated, one a side (Popeye's poseidon)
  // A pawned piece's pawn part (Popeye's dragon, gryphon, ship): moves of this walk made as a
  // pawn's, none from its own first rank, the double step from its second, en passant, no
  // promotion; `walk` is the piece part. Empty for every other piece.
  std::string_view pawn_part = {};
  // The pawn part from every rank, its own first too (the marine ship's marine pawn captures).
  bool pawn_part_everywhere = false;
  // A walk per file of the board, a to h, separated by spaces, by which the piece moves and
  // observes standing on that file (Popeye's querquisite); `walk` is then their union, the lines
  // the legality cuts mark. Empty for every other piece.
  std::string_view by_file = {};
};

const std::vector<PieceEntry>& popeye_pieces();
std::optional<PieceEntry> popeye_piece(std::string_view code);  // any case; "X/Y" a hunter
// Popeye's X/Y hunter: away from its home rank as `away` walks, towards it as `home` does, never
// sideways; nothing when either is no walk of the table's own (a pawn, an orphan, a dummy).
std::optional<PieceEntry> hunter(std::string_view away, std::string_view home);
// How Popeye's LaTeX diagrams draw the piece (pie-engl.txt's second column): "DU" a queen upside
// down, "SR" a knight turned right, "SL" left, "I" no glyph; empty for a code not in the table.
std::string_view popeye_glyph(std::string_view code);
// Whether Popeye allows the attribute HurdleColourChanging on the piece (its twin.c: the simple
// hoppers, the Chinese riders, the lions and the contra-grasshopper); it refuses the problem else.
bool hurdle_colour_changing_allowed(std::string_view code);

}  // namespace arbiter::fairy
