#pragma once
// Every named interpretation of every rule set, collected in one place, and the choices a run
// applies: `--interpret ID=CHOICE` on the command line and [Interpret "ID=CHOICE; ..."] tags
// pinned in a record or problem file. Each variant keeps its own list next to its rules
// (rules/<variant>/options.cpp); this registry only gathers them and checks names.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/interpretation.h"
#include "rules/core/parse_error.h"
#include "rules/notation/pgn.h"

namespace arbiter {

// Variants in registry order: orthodox first, then as the issues introduced them.
const std::vector<std::string_view>& interpretation_variants();

// All interpretations, grouped by variant in that order.
const std::vector<Interpretation>& all_interpretations();
const Interpretation* find_interpretation(std::string_view id);

// The interpretation ids a rule set reads: its own, plus those of the rule sets it builds on
// (Option Chess moves each half by the orthodox rules, so it reads orthodox.*).
bool variant_reads(std::string_view variant, const Interpretation& interpretation);

// Chosen interpretations, checked against the registry. Setting an id again replaces its
// choice, so later sources win (a file's pins, then the command line).
class InterpretationSettings {
 public:
  struct Entry {
    std::string id;
    std::string choice;
  };

  // Throws ParseError at `where` naming the known ids (or the known choices of `id`).
  void set(std::string_view id, std::string_view choice, const SourceLocation& where);
  // "ID=CHOICE", as --interpret gives it.
  void set_assignment(std::string_view text, const SourceLocation& where);
  // "ID=CHOICE; ID=CHOICE", as an [Interpret] tag gives it; errors point into the text.
  void set_list(std::string_view text, const SourceLocation& where);
  void merge(const InterpretationSettings& later);

  const std::vector<Entry>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }
  std::optional<std::string_view> choice(std::string_view id) const;
  std::string text() const;  // "ID=CHOICE; ID=CHOICE", in the order set

 private:
  std::vector<Entry> entries_;
};

// The record's [Interpret] tag, read (empty settings when the tag is absent).
InterpretationSettings pinned_interpretations(const PgnGame& record);

// The command line's --interpret values over a file's pins.
InterpretationSettings interpretations_from(const std::vector<std::string>& assignments,
                                            const InterpretationSettings& pinned = {});

// A variant's Options with the settings that concern it applied; the others are ignored
// (each variant's apply_interpretation, found by argument-dependent lookup, answers false).
template <class Options>
Options options_with(const InterpretationSettings& settings) {
  Options options{};
  for (const auto& e : settings.entries()) apply_interpretation(options, e.id, e.choice);
  return options;
}

}  // namespace arbiter
