#pragma once
// Option Chess notation. A single move is SAN; a double move is its two SAN halves joined by
// a comma, with the check or mate mark after the second half ("Qh3,Bxf2", "Ka5,Qxg2#"); the
// special en passant capture is its SAN capture followed by " e.p." ("Nxh3 e.p."; read also
// glued, "Nxh3e.p."). '#' means mate by Option rules: no single or double move escapes.
//
// Each half is disambiguated among the moves its piece type could make to the same square
// by the movement rules (single moves: among the legal ones, as in SAN).

#include <string>
#include <string_view>

#include "rules/core/parse_error.h"
#include "rules/option/movegen.h"

namespace arbiter::option {

std::string turn_text(Position& pos, const OptionState& state, const Options& options, Turn turn);

// The legal turn `text` spells. Throws IllegalMoveError (naming the rejecting predicate) for a
// well-formed turn the rules forbid, ParseError for garbled or ambiguous text.
Turn parse_turn(Position& pos, const OptionState& state, const Options& options, std::string_view text,
                const SourceLocation& where);

std::string turn_uci(Turn turn);  // "d7h3,e2f2"; a special capture ends in "ep" ("f2h3ep")

}  // namespace arbiter::option
