#pragma once
// Popeye's structured stipulation ("sstipulation white 3a[#]d | 4hh[#]"), read for its form:
// malformed text is bad input pointing at the character where it goes wrong, and the few
// structures that are synonyms of a plain stipulation the engines play become it. The grammar
// (py-engl.txt, "sstipulation"; the keyword table is fact, the reading ours):
//
//   root    := side ['-'] expr
//   expr    := unary { ('|' | '&') unary }
//   unary   := '!' unary | '(' expr ')' | element
//   element := ['>'] ['/'] ['-'] (branch | goal)
//   branch  := n [':' n] move { move }          n half-moves at most (m:n: at least m)
//   move    := ['?+?'] letter { '[' expr ']' | '{' expr '}' }   a fork, a constraint
//   letter  := a | d (battle play, alternating) | h (help play) | s (series)
//   goal    := # = == ## ##! #= != !# 00 % ~ ep + x ct ctr <> <>r c81 z<square> k<square> dia a=>b
//
// Blanks may stand between the parts. The synonyms read as plain stipulations (py-engl.txt's
// table): "Ns[G]" ser-G N, "Na[G]d" (N odd) G (N+1)/2, "Nad[G]" (N even) s-G N/2, "Nhh[G]"
// (N even) h-G N/2 and "Nh[G]h" (N odd) h-G (N-1)/2.5, each with a single goal and nothing else;
// and after the key (PostKeyPlay), the defender to move: "Nda[G]" (N even) G N/2+1, "Nd[G]a"
// (N odd) s-G (N+1)/2.

#include <optional>
#include <string>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"
#include "solver/stipulation/slice_tree.h"
#include "solver/stipulation/stipulation.h"

namespace arbiter {

// A structured stipulation's words as read, each where it stands in the file.
struct LocatedWord {
  std::string text;
  SourceLocation where;
};

struct StructuredStipulation {
  Color side = White;              // the side to move at the root
  bool inverted = false;           // the root's '-' ("black - 7h[#]h"): `side` is the other side
  std::string text;                // the structure after the side, its words joined by blanks
  SliceRef tree;                   // the structure as read
  // The plain stipulation it is a synonym of ("white 5s[#]": ser-#5), if any; after its key
  // (`post_key`, Popeye's PostKeyPlay) when the structure starts with the defence ("black 1d[#]a":
  // s#1, the defender to move).
  std::optional<Stipulation> plain;
  bool post_key = false;
};

// Reads the structure after the side (`words`, at least one). Throws ParseError at the
// character where the text stops making sense, saying what was expected there.
StructuredStipulation read_structured_stipulation(Color side, const std::vector<LocatedWord>& words);

// The stipulation the structured engine plays for one that is no synonym of a plain one;
// `text` is as written, the side included ("black 4hh[2da[#]]").
Stipulation structured_play(const StructuredStipulation& s, const std::string& text);

}  // namespace arbiter
