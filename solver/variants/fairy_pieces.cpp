#include "solver/variants/fairy_pieces.h"

#include "rules/fairy/piece_table.h"

namespace arbiter {

bool fairy_rule_set_plays(std::string_view popeye_code) { return fairy::popeye_piece(popeye_code).has_value(); }

}  // namespace arbiter
