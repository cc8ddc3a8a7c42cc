#pragma once
// A man as a diagram draws it, for a rule set whose men are not all orthodox ones: problemists
// draw a fairy piece as an orthodox glyph turned (a grasshopper is a queen upside down, a
// nightrider a knight upside down: Popeye's LaTeX table, pie-engl.txt), a neutral man half white
// and half black, and tell pieces sharing a glyph apart by their code.

#include <string>

#include "rules/core/types.h"

namespace arbiter {

struct DiagramMan {
  Square square = 0;
  Color color = White;
  bool neutral = false;
  bool orthodox = true;            // a plain orthodox man: drawn as any other (the rest are not)
  PieceType glyph = NoPieceType;   // the orthodox glyph drawn, or none: a disc with the code
  int turn = 0;                    // the glyph's turn, clockwise degrees: 0, 90, 180 or 270
  std::string code;                // what tells it apart, drawn beside it ("G", "rG", "NH"); may be empty
  std::string name;                // for the legend ("grasshopper", "neutral pawn")
};

}  // namespace arbiter
