// Option Chess in the registry: every engine and the composer; its diagrams show each side's
// tokens.

#include "rules/option/game.h"
#include "solver/variants/engines.h"

namespace arbiter {

namespace {

struct OptionExtras {
  static void decorate(const option::Game& game, report::DiagramSpec& spec, const std::vector<std::string>&) {
    spec.white_tokens = game.tokens(White);
    spec.black_tokens = game.tokens(Black);
    spec.token_legend = "an Option Chess token in hand";
  }
};

}  // namespace

VariantEngines option_entry(const VariantNames& names) {
  return registry::with_composer<option::Game>(registry::register_variant<option::Game, OptionExtras>(
      names));
}

}  // namespace arbiter
