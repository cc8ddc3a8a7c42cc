#pragma once
// A stipulation in any of the forms Popeye's input language writes ("ser-h=5", "2->ser-#3",
// "reci-h(=)#2", "hze44", "dia6.5", ...), read into its parts so that a problem Arbiter cannot
// play yet is still modelled and named ("ser-h=5 (series help-stalemate)"), and one it can play
// becomes a Stipulation (stipulation.h). The grammar (py-engl.txt, "stipulation"):
//
//   [m->] [exact-] [ser- | pser- | phser-] [semi- | reci-] [h | s | r | hs | hr] [(goal)] goal n[.5]
//
// goal is one of # = == ## ##! #= != !# 00 % ~ ep + x ct ctr <> <>r c81 z<square> k<square>
// dia a=>b; m and n are numbers of moves. Letters are read in either case.

#include <optional>
#include <string>
#include <string_view>

#include "rules/core/parse_error.h"
#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/structured_stipulation.h"

namespace arbiter {

struct StipulationForm {
  std::string text;          // as written, "ser-h=5"
  int intro = 0;             // "2->": moves White plays first, before the rest
  bool exact = false;        // "exact-": the length is exact, not at most
  std::string series;        // "", "ser", "pser" (parry series), "phser" (parry help-series)
  bool semi = false;         // "semi-r": semi-reflex
  bool reciprocal = false;   // "reci-h": both sides aim at the goal
  std::string play;          // "" direct, "h" help, "s" self, "r" reflex, "hs" help-self, "hr" help-reflex
  std::string goal;          // "#", "=", "z", "dia", ... (lower case)
  std::string goal_square;   // z and k: the square, "e4"
  std::string reci_goal;     // reci-h(=)#2: the goal in parentheses, "="
  int moves = 0;             // n
  bool half_move = false;    // n.5

  // The problemists' name: "series help-stalemate", "helpmate", "direct mate".
  std::string description() const;
  // "ser-h=5 (series help-stalemate)", the words an `unsupported` result names it with.
  std::string named() const;
  // The Stipulation Arbiter's engines prove (#N, h#N, h#N.5, s#N), or nothing for any other form.
  // The forms the plain engines do not play but a structured stipulation says (py-engl.txt's
  // synonyms: "exact-" as a least length, parry series with "?+?", series self play as a nested
  // defence) are played as that one, by the structured engine.
  std::optional<Stipulation> playable(const SourceLocation& where) const;
  // That structured stipulation, the side first ("white 3:3a[#]d" for exact-#2), or nothing.
  std::optional<std::string> structured_equivalent() const;
  // That structured stipulation as read (its words placed at `where`), or nothing.
  std::optional<StructuredStipulation> read_structured_equivalent(const SourceLocation& where) const;
};

// Reads one stipulation word. Throws ParseError, pointing into the text, when it is not a
// stipulation at all: no number of moves ("h#"), an unknown goal ("h?3"), a half move after a
// form that has none, trailing characters.
StipulationForm parse_stipulation_form(std::string_view text, const SourceLocation& where);

// The goal code `text` (lower case) starts with ("##!" rather than "##"), or nothing.
std::optional<std::string_view> stipulation_goal_at(std::string_view text);

}  // namespace arbiter
