#pragma once
// How each variant's stage notions are drawn on an SVG diagram (svg_diagram.h): the mapping
// the rule sets' files in solver/variants/ apply to the game it has built. Each function adds to a
// DiagramSpec and returns the caption text it wants (a line or more, '\n' between lines) for
// the caller to append below any caption of its own. Output depends only on the game state and
// the texts given, never on anything else, so the same call gives the same SVG bytes.

#include <optional>
#include <string>
#include <string_view>

#include "rules/conditional/game.h"
#include "rules/timetravel/game.h"
#include "rules/transactional/referee.h"
#include "solver/diagram/svg_diagram.h"

namespace arbiter::report {

// Badge colours. Time Traveler's Chess: one per stage; Transactional Chess: one per side.
inline constexpr std::string_view TravelingColour = "#1c71d8";
inline constexpr std::string_view TraveledColour = "#813d9c";
inline constexpr std::string_view WhiteTransactionColour = "#1c71d8";
inline constexpr std::string_view BlackTransactionColour = "#a51d2d";

// Time Traveler's Chess: a "~" badge on each traveling man, a "'" on each traveled one.
void add_stage_badges(const timetravel::Game& game, DiagramSpec& spec);

// Transactional Chess, the potential view (the true board) drawn: for each side with a pending
// transaction, its locked squares ("lock-white"/"lock-black" marks), its pending moves
// ("pending" arrows), a "T<n>" badge on each man the transaction moved, and a ghost of each such
// man on the square where it was last committed (where the opponent still sees it). Returns
// the caption: the view drawn, whose turn it is and in which transaction, what is pending.
std::string add_transaction_marks(const transactional::Referee& r, DiagramSpec& spec);

// Conditional Chess, a `--show` text in phase C stating a conditional move ("Bg5?Nf6/c4"):
// a "condition" mark on the square it asks about, a "then" arrow and an "else" arrow for the
// branches that can be played here. Returns the caption line (the statement, the answer to its
// question, the branch executed or why it is skipped); nothing when the text is not such a
// statement (another phase, or "!d4" and "h5?Qe2/Qe2" whose two branches are the same move):
// then the caller draws it as an ordinary move. Throws what game.parse_move throws for a text
// that is no valid statement.
std::optional<std::string> add_conditional_statement(const conditional::Game& game, std::string_view text,
                                                     DiagramSpec& spec);
// "phase A: White's A-move (then he states a conditional move)", and so on for B, C and S.
std::string conditional_phase(const conditional::Game& game);

// `text` appended to `caption` on a new line (or `text` alone when caption is empty).
void append_caption(std::string& caption, std::string_view text);

}  // namespace arbiter::report
