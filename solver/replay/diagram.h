#pragma once
// An ASCII board in the style of the referee text's diagrams: White's pieces in upper case,
// Black's in lower case, '.' for an empty square, rank 8 at the top.

#include <string>
#include <vector>

#include "rules/core/position.h"

namespace arbiter {

std::string board_diagram(const Position& pos);
// The same frame around rows of letters ('.' empty), the last rank first, any width and height.
std::string board_diagram(const std::vector<std::string>& rows);

}  // namespace arbiter
