#pragma once
// A board diagram as a self-contained SVG 1.1 document, for the Markdown reports (reports/*.md
// embed the files). Generic over variants: it draws whatever Position holds, plus what the
// spec adds — marked squares, arrows, small badges on pieces (a variant's stage markers, say),
// translucent "ghost" pieces (where a piece stands in another view of the game), and Option
// Chess tokens beside the board — and a legend that lists only what was drawn.
//
// Every variant's stage notions map onto these (solver/variants/variant_marks.h does the mapping,
// for the registry's svg engine, solver/variants/engines.h):
//   Time Traveler's Chess  badges "~" traveling, "'" traveled (one colour each);
//   Option Chess           tokens; "stop" marks and "second" arrows for double moves;
//   Transactional Chess    "lock-white"/"lock-black" marks on locked squares, "pending" arrows
//                          for the moves of a transaction not yet committed, ghosts on the
//                          squares the committed view still shows them on, a badge ("T5")
//                          on the pieces a pending transaction moved;
//   Conditional Chess      a "condition" mark on the square a stated move asks about, "then"
//                          and "else" arrows for its two branches, the phase in the caption.
//
// Pieces are the filled chess glyphs U+265A..U+265F for both colours, filled white or black
// and stroked black, so a piece's colour never depends on which font renders the glyph; fairy
// men the same glyphs turned, as problemists draw them, with their code beside.
// Nothing external is referenced (no fonts, images or scripts), every text is XML-escaped, and
// the same position and spec always give the same bytes.

#include <stdexcept>
#include <string>
#include <vector>

#include "rules/core/diagram_man.h"
#include "rules/core/position.h"
#include "rules/core/types.h"

namespace arbiter::report {

// kind, drawn as a translucent fill over the square:
//   "from", "to", "stop" (the intermediate square of a double move), "capture", "highlight";
// or drawn as a frame inside the square's edge with a symbol in its lower-left corner:
//   "lock-white", "lock-black" (a square locked by that side's pending transaction: a white
//   or black frame and padlock), "condition" (the square a stated conditional move asks
//   about: a dashed purple frame and "?").
// Fills and frames combine: a square can be both "from" and "lock-white".
struct SquareMark {
  Square square;
  std::string kind;
};

// kind: "move", "second" (the second half of a double move), "threat" (dashed), "pending" (a
// move of a transaction not yet committed, dotted), "then" and "else" (the two branches of a
// stated conditional move; labelled "then"/"else" on the arrow, "else" dash-dotted). Drawn
// from the centre of `from` to the centre of `to`, with an arrowhead.
struct Arrow {
  Square from;
  Square to;
  std::string kind;
};

// A small text (a letter, usually) drawn in a disc on the top-right corner of the square;
// `meaning` is what the legend says it stands for (an empty meaning is drawn but left out of
// the legend). `colour`: the disc's fill, "#rrggbb", white text on it; empty: dark grey. The
// legend lists each distinct (text, meaning, colour) once, in order of first appearance.
struct PieceBadge {
  Square square;
  std::string text;
  std::string meaning;
  std::string colour = "";
};

// A piece drawn translucent (and with a dashed outline) where another view of the game has
// it: Transactional Chess's committed view, say, under the true board. Full size on an empty
// square, small in the top-left corner of an occupied one. The legend lists each distinct
// (colour of the piece, meaning) once; an empty meaning is drawn but left out of the legend.
struct GhostPiece {
  Square square;
  Piece piece;
  std::string meaning;
};

// A position the SVG diagram cannot draw (a board other than 8 x 8): callers may leave the diagram out.
struct UnsupportedDiagram : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct DiagramSpec {
  std::string title;    // drawn above the board
  // Drawn below it, e.g. "Black to play, mate in 3". '\n' starts a new line; a line wider
  // than the diagram is wrapped at spaces.
  std::string caption;
  std::vector<SquareMark> marks;
  std::vector<Arrow> arrows;
  std::vector<PieceBadge> badges;
  std::vector<GhostPiece> ghosts;
  // >= 0: draw that many small green discs beside the board, on that side's half, with a count
  // ("White: 3 tokens"); < 0: draw nothing for that side.
  int white_tokens = -1, black_tokens = -1;
  std::string token_legend = "a token in hand";  // what a token is, for the legend
  bool flipped = false;  // Black at the bottom
  // Men other than the Position's (rules/core/diagram_man.h; those with `orthodox` set are left
  // to the Position): each an orthodox glyph turned as Popeye's LaTeX table says, or a disc when
  // it has none, a neutral man's glyph half white and half black, the code in the square's
  // lower-right corner. The legend names each distinct code once.
  std::vector<DiagramMan> fairy_men;
};

// The accepted kinds, in legend order.
const std::vector<std::string>& mark_kinds();
const std::vector<std::string>& arrow_kinds();

// Throws std::invalid_argument for an unknown mark or arrow kind, a square off the board, an
// arrow whose two ends are the same square, a badge colour that is not "#rrggbb", a ghost
// that is not a piece, or a fairy man on an occupied square or turned other than by a right angle.
std::string svg_diagram(const Position& pos, const DiagramSpec& spec = {});

}  // namespace arbiter::report
