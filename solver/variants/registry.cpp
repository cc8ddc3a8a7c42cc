#include "solver/variants/registry.h"

namespace arbiter {

// Each rule set's entry, built in its own file of this folder from its names (names.cpp).
VariantEngines orthodox_entry(const VariantNames& names);
VariantEngines option_entry(const VariantNames& names);
VariantEngines timetravel_entry(const VariantNames& names);
VariantEngines transactional_entry(const VariantNames& names);
VariantEngines conditional_entry(const VariantNames& names);
VariantEngines fairy_entry(const VariantNames& names);

// The registry: one line a rule set, in the order of names.cpp (register_variant checks that
// each entry's rules carry the name it is given). The first is the default (no [Variant]).
const std::vector<VariantEngines>& variants() {
  static const std::vector<VariantEngines> all = [] {
    const std::vector<VariantNames>& n = all_variant_names();
    return std::vector<VariantEngines>{
        orthodox_entry(n.at(0)),
        option_entry(n.at(1)),
        timetravel_entry(n.at(2)),
        transactional_entry(n.at(3)),
        conditional_entry(n.at(4)),
        fairy_entry(n.at(5)),
    };
  }();
  return all;
}

const VariantEngines& default_variant() { return variants().front(); }

const VariantEngines* lookup_variant(std::string_view name) {
  const VariantNames* names = lookup_variant_names(name);
  if (!names) return nullptr;
  for (const auto& v : variants())
    if (v.name == names->name) return &v;
  return nullptr;
}

const VariantEngines& find_variant(std::string_view name, const SourceLocation& where) {
  if (const VariantEngines* v = lookup_variant(name)) return *v;
  std::string known;
  for (const auto& v : variants()) known += (known.empty() ? "" : ", ") + v.name;
  throw ParseError(where, "unknown variant '" + std::string(name) + "'; expected one of: " + known);
}

}  // namespace arbiter
