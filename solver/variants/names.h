#pragma once
// The names of every rule set, in the registry's order: the one place they are spelled. Readers
// of records and problems (solver/problem/) resolve a [Variant] value here without building any
// engine; the registry (registry.h) gives each entry its names from this table.

#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

struct VariantNames {
  std::string name;                  // canonical, in --variant, JSON and file names: "option"
  std::string display;               // in prose: "Option Chess"
  std::string pgn_tag;               // the [Variant] value Arbiter writes: "Option"
  std::vector<std::string> aliases;  // accepted [Variant] values, compared case-insensitively
};

// Every rule set's names; the first is the default (a record or problem without [Variant]).
const std::vector<VariantNames>& all_variant_names();
// The rule set that plays Popeye's fairy pieces by code (rules/fairy/): where a Popeye problem
// with fairy men goes.
const VariantNames& fairy_pieces_variant_names();
const VariantNames& default_variant_names();
// The rule set `text` names (its name or any alias, in any case; empty: the default), or null.
const VariantNames* lookup_variant_names(std::string_view text);

}  // namespace arbiter
