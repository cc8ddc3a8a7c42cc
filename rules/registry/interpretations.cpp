#include "rules/registry/interpretations.h"

#include <algorithm>

#include <fmt/format.h>

#include "rules/conditional/options.h"
#include "rules/fairy/options.h"
#include "rules/option/options.h"
#include "rules/orthodox/options.h"
#include "rules/timetravel/options.h"
#include "rules/transactional/options.h"

namespace arbiter {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

const std::vector<std::string_view>& interpretation_variants() {
  static const std::vector<std::string_view> all = {"orthodox", "option", "timetravel", "transactional", "conditional", "fairy"};
  return all;
}

const std::vector<Interpretation>& all_interpretations() {
  static const std::vector<Interpretation> all = [] {
    std::vector<Interpretation> out;
    for (const auto* list : {&orthodox::interpretations(), &option::interpretations(), &timetravel::interpretations(),
                             &transactional::interpretations(), &conditional::interpretations(),
                             &fairy::interpretations()})
      out.insert(out.end(), list->begin(), list->end());
    return out;
  }();
  return all;
}

const Interpretation* find_interpretation(std::string_view id) {
  for (const auto& i : all_interpretations())
    if (i.id == id) return &i;
  return nullptr;
}

bool variant_reads(std::string_view variant, const Interpretation& interpretation) {
  if (interpretation.variant == variant) return true;
  // Option Chess moves each half by the orthodox rules, with both kings on the board: it does not
  // read orthodox.king-count; nor the castling pairs, a Popeye problem's statement.
  return variant == "option" && interpretation.variant == "orthodox" && interpretation.id != "orthodox.king-count" &&
         !interpretation.id.starts_with(orthodox::CastlingPairPrefix);
}

void InterpretationSettings::set(std::string_view id, std::string_view choice, const SourceLocation& where) {
  const Interpretation* known = find_interpretation(id);
  if (!known) {
    // Name the candidates of the variant the id starts with, or every id when none matches.
    const std::string_view prefix = id.substr(0, id.find('.') + 1);
    const bool known_variant = std::any_of(all_interpretations().begin(), all_interpretations().end(),
                                           [&](const Interpretation& i) { return i.id.starts_with(prefix) && !prefix.empty(); });
    std::string ids;
    for (const auto& i : all_interpretations())
      if (!known_variant || i.id.starts_with(prefix)) ids += fmt::format("{}{}", ids.empty() ? "" : ", ", i.id);
    throw ParseError(where, fmt::format("unknown interpretation '{}'; expected one of: {} (arbiter interpretations)", id, ids));
  }
  if (!choice_index(all_interpretations(), id, choice)) {
    std::string names;
    for (const auto& c : known->choices) names += fmt::format("{}{}", names.empty() ? "" : ", ", c.name);
    throw ParseError(where, fmt::format("unknown choice '{}' for {}; expected one of: {}", choice, id, names));
  }
  auto same = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.id == id; });
  if (same != entries_.end()) same->choice = std::string(choice);
  else entries_.push_back({std::string(id), std::string(choice)});
}

void InterpretationSettings::set_assignment(std::string_view text, const SourceLocation& where) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos)
    throw ParseError(where, fmt::format("'{}' is not an interpretation setting: expected ID=CHOICE "
                                        "(for example orthodox.castling-guarded-squares=referee-text)", text));
  set(trim(text.substr(0, eq)), trim(text.substr(eq + 1)), where);
}

void InterpretationSettings::set_list(std::string_view text, const SourceLocation& where) {
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view item = text.substr(start, end - start);
    const std::string_view trimmed = trim(item);
    if (!trimmed.empty()) {
      const auto offset = int(start + std::size_t(trimmed.data() - item.data()));
      set_assignment(trimmed, where.advanced(offset));
    }
    start = end + 1;
  }
}

void InterpretationSettings::merge(const InterpretationSettings& later) {
  for (const auto& e : later.entries_) {
    auto same = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& x) { return x.id == e.id; });
    if (same != entries_.end()) same->choice = e.choice;
    else entries_.push_back(e);
  }
}

std::optional<std::string_view> InterpretationSettings::choice(std::string_view id) const {
  for (const auto& e : entries_)
    if (e.id == id) return e.choice;
  return std::nullopt;
}

std::string InterpretationSettings::text() const {
  std::string out;
  for (const auto& e : entries_) out += fmt::format("{}{}={}", out.empty() ? "" : "; ", e.id, e.choice);
  return out;
}

InterpretationSettings pinned_interpretations(const PgnGame& record) {
  InterpretationSettings settings;
  if (auto value = record.tag("Interpret")) settings.set_list(*value, *record.tag_value_location("Interpret"));
  return settings;
}

InterpretationSettings interpretations_from(const std::vector<std::string>& assignments,
                                            const InterpretationSettings& pinned) {
  InterpretationSettings settings = pinned;
  for (const auto& a : assignments) settings.set_assignment(a, {"--interpret", 1, 1});
  return settings;
}

}  // namespace arbiter
