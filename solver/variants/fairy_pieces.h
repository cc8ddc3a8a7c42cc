#pragma once
// Which of Popeye's fairy pieces the fairy rule set plays (rules/fairy/piece_table.cpp): asked
// by the Popeye reader, which may not include a rule set itself (the layers test).

#include <string_view>

namespace arbiter {

// Popeye's English code of a piece ("g", "nh", "o"), any case.
bool fairy_rule_set_plays(std::string_view popeye_code);

}  // namespace arbiter
