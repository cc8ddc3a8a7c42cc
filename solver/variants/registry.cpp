#include "solver/variants/registry.h"

#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "rules/fairy/game.h"
#include "rules/fairy/variant_file.h"

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

namespace {

// A variant designer's file ("PATH.variant", rules/fairy/variant_file.h): the fairy rule set with
// the file's definition put in effect, and its start position. One entry a path, kept for the run.
const VariantEngines* variant_file_entry(std::string_view name, const SourceLocation& where) {
  if (!name.ends_with(".variant")) return nullptr;
  const std::string path(name);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(where, "cannot read the variant file '" + path + "': expected a readable file (VARIANTS.md says what it holds)");
  std::ostringstream text;
  text << in.rdbuf();
  const auto definition = fairy::read_variant_file(text.str(), path);
  fairy::Game::use_definition(definition);
  static std::map<std::string, std::unique_ptr<VariantEngines>> loaded;
  auto& entry = loaded[path];
  if (!entry) entry = std::make_unique<VariantEngines>(*lookup_variant(fairy_pieces_variant_names().name));
  entry->start_fen = definition->start_fen;
  entry->display = definition->name + " (" + path + ")";
  return entry.get();
}

}  // namespace

const VariantEngines& find_variant(std::string_view name, const SourceLocation& where) {
  if (const VariantEngines* v = variant_file_entry(name, where)) return *v;
  if (const VariantEngines* v = lookup_variant(name)) {
    // The fairy rule set by name plays its own pieces, whatever file ran before.
    if (v->name == fairy_pieces_variant_names().name) fairy::Game::use_definition(nullptr);
    return *v;
  }
  std::string known;
  for (const auto& v : variants()) known += (known.empty() ? "" : ", ") + v.name;
  throw ParseError(where, "unknown variant '" + std::string(name) + "'; expected one of: " + known);
}

}  // namespace arbiter
