#include "solver/correct/damage.h"

#include "solver/compose/random.h"
#include "solver/correct/edit_space.h"

namespace arbiter::correct {

Damage damage(const Diagram& original, int count, std::uint64_t seed) {
  EditSpaceOptions o;
  o.max_units = o.max_removals = o.max_moves = o.max_changes = count;
  o.max_tokens = 0;
  o.max_cost = count;
  const std::vector<Edit> edits = single_edits(original, o);
  compose::Random random(seed);
  Damage d{original, {}};
  EditSetState state;
  for (int tries = 0; int(d.edits.size()) < count && tries < 1000 && !edits.empty(); ++tries) {
    const Edit& e = edits[std::size_t(random.below(int(edits.size())))];
    if (!may_join(state, e, o)) continue;
    join(state, e);
    d.edits.push_back(e);
    d.diagram.apply(e);
  }
  return d;
}

}  // namespace arbiter::correct
