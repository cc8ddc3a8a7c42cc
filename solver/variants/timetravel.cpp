// Time Traveler's Chess in the registry: every engine; a record's mate claims judged by the
// forced-mate prover (timetravel_mate_prover.h); diagrams badge the traveling men.

#include "rules/timetravel/claims.h"
#include "rules/timetravel/game.h"
#include "solver/variants/engines.h"
#include "solver/variants/timetravel_mate_prover.h"
#include "solver/variants/variant_marks.h"

namespace arbiter {

namespace {

struct TimetravelExtras {
  static void prepare(timetravel::Game& game) { game.set_mate_prover(&prove_timetravel_mate); }
  static void decorate(const timetravel::Game& game, report::DiagramSpec& spec, const std::vector<std::string>&) {
    report::add_stage_badges(game, spec);
  }
};

}  // namespace

VariantEngines timetravel_entry(const VariantNames& names) {
  return registry::register_variant<timetravel::Game, TimetravelExtras>(names);
}

}  // namespace arbiter
