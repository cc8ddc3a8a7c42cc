#pragma once
// The units a composer may put on the board (--material "KQRBNP/KRBPP": White's pool, then
// Black's) and the most units in one problem. A pool is an upper bound: a candidate draws any
// subset of it, always with both kings.

#include <array>
#include <string>
#include <string_view>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"

namespace arbiter::compose {

struct Material {
  std::array<std::array<int, PieceTypeCount>, 2> pool{};  // [colour][piece type]: how many may stand
  int max_units = 12;                                      // both kings included

  int available(Color c, PieceType t) const { return pool[c][t]; }
  std::string spec() const;  // "KQRRBBNNPPP/KQRBNPPPP"
};

// The default pool: White K Q R R B B N N P P P, Black K Q R B N P P P P P, at most 12 units.
Material default_material();

// Reads "W/B" (letters K Q R B N P, S also for the knight, any order). Errors name the column
// and what is impossible: no king or two, more than 8 pawns, more units than promotions of
// the side's missing pawns can explain, more than 16 units, White without a unit to mate with.
Material parse_material(std::string_view spec, const SourceLocation& where = {"--material", 1, 1});

}  // namespace arbiter::compose
