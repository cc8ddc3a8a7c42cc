// The fairy rule set in the registry (rules/fairy/): every engine, on a variant of walks.

#include "rules/fairy/game.h"
#include "solver/variants/engines.h"

namespace arbiter {

VariantEngines fairy_entry(const VariantNames& names) { return registry::register_variant<fairy::Game>(names); }

}  // namespace arbiter
