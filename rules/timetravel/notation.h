#pragma once
// Notation of Time Traveler's Chess, as the text extends algebraic notation:
//   normal moves   as in SAN (Nf3, exd5, e8=Q, O-O), also the short pawn captures of the
//                  games ("gf", "dxc");
//   explosions     type, explosion square, '/', the traveled man's destination: "Nf6/e8",
//                  "h3/h4" (a pawn: no letter); written without 'x', as the text does;
//   annihilations  "d2//d4", "b8//c6" (the resonator's square, '//', the traveling man's);
//   marks          '+' check, '++' checkmate ('#' is read as '++').

#include <string>
#include <string_view>

#include "rules/core/parse_error.h"
#include "rules/timetravel/board.h"
#include "rules/timetravel/move.h"
#include "rules/timetravel/options.h"

namespace arbiter::timetravel {

// The move's text without check marks, disambiguated among the legal moves.
std::string move_body(Board& b, const Options& options, const Move& m);
// With '+' or '++' after playing it (the move must be legal).
std::string move_text(Board& b, const Options& options, const Move& m);
// e2e4, e7e8q; explosions f6/e8 (explosion square first), annihilations d2//d4.
std::string move_uci(const Move& m);

// The move `text` names. Throws IllegalMoveError (with the rejecting predicate) for a move
// the rules forbid, ParseError for garbled or ambiguous text.
Move parse_move(Board& b, const Options& options, std::string_view text, const SourceLocation& where);

}  // namespace arbiter::timetravel
