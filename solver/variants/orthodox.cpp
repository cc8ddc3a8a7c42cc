// Orthodox chess in the registry: every engine, the composer, and a replay that reads a record
// with an impossible move whole (orthodox_replay.h).

#include "rules/orthodox/game.h"
#include "solver/variants/engines.h"
#include "solver/variants/orthodox_replay.h"

namespace arbiter {

VariantEngines orthodox_entry(const VariantNames& names) {
  VariantEngines e = registry::with_composer<orthodox::Game>(registry::register_variant<orthodox::Game>(
      names));
  e.replay = [](const PgnGame& record, const InterpretationSettings& interpret) {
    return replay_orthodox(record, options_with<orthodox::Options>(interpret));
  };
  return e;
}

}  // namespace arbiter
