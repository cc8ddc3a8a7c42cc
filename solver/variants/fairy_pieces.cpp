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

bool holds_paralysing_men(std::string_view fen) {
  const std::string_view placement = fen.substr(0, fen.find(' '));
  for (std::size_t open = placement.find('('); open != std::string_view::npos; open = placement.find('(', open + 1)) {
    const std::size_t colon = placement.find(':', open), close = placement.find(')', open);
    if (colon < close && placement.substr(open + 1, colon - open - 1).find('p') != std::string_view::npos) return true;
  }
  return false;
}

bool fairy_rule_set_plays_goals(const Stipulation& s, std::string_view fen) {
  const auto goals = stipulation_goals(s);
  if (!std::all_of(goals.begin(), goals.end(), fairy_rule_set_judges)) return false;
  if (!holds_paralysing_men(fen)) return true;
  // Series play's rule on checks and a structured stipulation's passes are not played with them yet.
  return !s.series && !s.structured && std::all_of(goals.begin(), goals.end(), goal_played_beside_paralysing_men);
}

bool goal_played_beside_paralysing_men(const Target& t) {
  return t.kind == Target::Mate || t.kind == Target::Stalemate || t.kind == Target::MateOrStalemate || t.kind == Target::AnyMove;
}

void check_fairy_position(std::string_view fen, const SourceLocation& where) {
  (void)fairy::Game::from_fen(fairy::Variant::orthodox(), fen, where);  // Popeye's pieces over orthodox chess, as a problem has them
}

}  // namespace arbiter
