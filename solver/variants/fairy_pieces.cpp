#include "solver/variants/fairy_pieces.h"

#include <algorithm>

#include "rules/fairy/game.h"
#include "rules/fairy/piece_table.h"
#include "solver/stipulation/target_reached.h"

namespace arbiter {

bool fairy_rule_set_plays(std::string_view popeye_code) { return fairy::popeye_piece(popeye_code).has_value(); }

bool fairy_piece_is_royal(std::string_view popeye_code) {
  const auto entry = fairy::popeye_piece(popeye_code);
  return entry && entry->royal;
}

bool hurdle_colour_changing_allowed_on(std::string_view popeye_code) { return fairy::hurdle_colour_changing_allowed(popeye_code); }

bool fairy_rule_set_judges(const Target& target) { return judges<fairy::Game>(target); }

bool fairy_rule_set_plays_goals(const Stipulation& s) {
  const auto goals = stipulation_goals(s);
  return std::all_of(goals.begin(), goals.end(), fairy_rule_set_judges);
}

void check_fairy_position(std::string_view fen, const SourceLocation& where) {
  (void)fairy::Game::from_fen(fairy::Variant::orthodox(), fen, where);  // Popeye's pieces over orthodox chess, as a problem has them
}

}  // namespace arbiter
