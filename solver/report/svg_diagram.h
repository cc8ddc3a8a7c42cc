#pragma once
// A board diagram as a self-contained SVG 1.1 document, for the Markdown reports (reports/*.md
// embed the files). Generic over variants: it draws whatever Position holds, plus what the
// spec adds — marked squares, arrows, small badges on pieces (a variant's stage markers, say),
// and Option Chess tokens beside the board — and a legend that lists only what was drawn.
//
// Pieces are the filled chess glyphs U+265A..U+265F for both colours, filled white or black
// and stroked black, so a piece's colour never depends on which font renders the glyph.
// Nothing external is referenced (no fonts, images or scripts), every text is XML-escaped, and
// the same position and spec always give the same bytes.

#include <string>
#include <vector>

#include "rules/core/position.h"
#include "rules/core/types.h"

namespace arbiter::report {

// kind: "from", "to", "stop" (the intermediate square of a double move), "capture" or
// "highlight". Drawn as a translucent overlay on the square.
struct SquareMark {
  Square square;
  std::string kind;
};

// kind: "move", "second" (the second half of a double move) or "threat". Drawn from the centre
// of `from` to the centre of `to`, with an arrowhead.
struct Arrow {
  Square from;
  Square to;
  std::string kind;
};

// A small text (a letter, usually) drawn on the top-right corner of the square; `meaning` is
// what the legend says it stands for (an empty meaning is drawn but left out of the legend).
struct PieceBadge {
  Square square;
  std::string text;
  std::string meaning;
};

struct DiagramSpec {
  std::string title;    // drawn above the board
  std::string caption;  // drawn below it, e.g. "Black to play, mate in 3"
  std::vector<SquareMark> marks;
  std::vector<Arrow> arrows;
  std::vector<PieceBadge> badges;
  // >= 0: draw that many small green discs beside the board, on that side's half, with a count
  // ("White: 3 tokens"); < 0: draw nothing for that side.
  int white_tokens = -1, black_tokens = -1;
  bool flipped = false;  // Black at the bottom
};

// Throws std::invalid_argument for an unknown mark or arrow kind, a square off the board, or
// an arrow whose two ends are the same square.
std::string svg_diagram(const Position& pos, const DiagramSpec& spec = {});

}  // namespace arbiter::report
