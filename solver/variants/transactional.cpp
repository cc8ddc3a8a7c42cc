// Transactional Chess in the registry: every engine; records replayed with their gaps and
// errata read (transactional_replay.h); diagrams draw the pending transactions.

#include "rules/transactional/game.h"
#include "solver/variants/engines.h"
#include "solver/variants/transactional_replay.h"
#include "solver/variants/variant_marks.h"

namespace arbiter {

namespace {

struct TransactionalExtras {
  static void decorate(const transactional::Game& game, report::DiagramSpec& spec, const std::vector<std::string>&) {
    report::append_caption(spec.caption, report::add_transaction_marks(game.referee(), spec));
  }
};

}  // namespace

VariantEngines transactional_entry(const VariantNames& names) {
  VariantEngines e = registry::register_variant<transactional::Game, TransactionalExtras>(
      names);
  e.replay = [](const PgnGame& record, const InterpretationSettings& interpret) {
    return replay_transactional(record, options_with<transactional::Options>(interpret));
  };
  return e;
}

}  // namespace arbiter
