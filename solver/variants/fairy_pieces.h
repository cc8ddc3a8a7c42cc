#pragma once
// Which of Popeye's fairy pieces the fairy rule set plays (rules/fairy/piece_table.cpp): asked
// by the Popeye reader, which may not include a rule set itself (the layers test).

#include <string_view>

#include "rules/core/parse_error.h"
#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/target.h"

namespace arbiter {

// Popeye's English code of a piece ("g", "nh", "o"), any case.
bool fairy_rule_set_plays(std::string_view popeye_code);
// Whether that piece is royal by its kind (Popeye's poseidon, the marine king): a side's one royal man.
bool fairy_piece_is_royal(std::string_view popeye_code);
// Whether Popeye allows HurdleColourChanging on that piece (hoppers, Chinese riders, lions).
bool hurdle_colour_changing_allowed_on(std::string_view popeye_code);

// Whether the fairy rule set's engines judge the goal (the goals about the move itself, a
// capture, castling, en passant, need orthodox moves: target_reached.h's judges()).
bool fairy_rule_set_judges(const Target& target);
// Whether the fairy rule set plays the stipulation on the position `fen`: any form whose every
// goal it judges (the other rule sets play the four classic forms only); with paralysing men
// ("(p:B)") the goals of mate, stalemate and any move, no series and no structured stipulation.
bool fairy_rule_set_plays_goals(const Stipulation& s, std::string_view fen);
// Whether the goal is played beside paralysing men: mate, stalemate (a suffocated side's, too:
// fairy::Game::in_check), either, any move; not yet a check goal or the others.
bool goal_played_beside_paralysing_men(const Target& target);
// Whether the FEN's placement holds a paralysing man: "(p:B)", "(rp:G)".
bool holds_paralysing_men(std::string_view fen);

// Reads `fen` (fairy men by code, "(G)") as the fairy rule set does and throws its ParseError,
// located at `where`, for a position it refuses: a pawn on its first or last rank, the side not to
// move in check with the fairy men's walks.
void check_fairy_position(std::string_view fen, const SourceLocation& where);

}  // namespace arbiter
