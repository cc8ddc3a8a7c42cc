#pragma once
// A named interpretation: where a rule text is silent or ambiguous, the choice is explicit,
// carries the sentence it resolves, and can be switched (issue: regression matrix).

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace arbiter {

struct InterpretationChoice {
  std::string_view name;
  std::string_view meaning;
};

struct Interpretation {
  std::string_view id;       // "<variant>.<topic>", stable: scripts and files refer to it
  std::string_view variant;  // "orthodox", "option", ...
  std::string_view source;   // seed file the quote comes from
  std::string_view quote;    // the sentence of the rule text it resolves
  std::string_view default_choice;
  std::vector<InterpretationChoice> choices;  // default first
};

// The index of `choice` among the choices of interpretation `id` (the variants' option enums
// list their values in the same order), or none when either is unknown.
inline std::optional<std::size_t> choice_index(const std::vector<Interpretation>& all, std::string_view id,
                                               std::string_view choice) {
  for (const auto& i : all) {
    if (i.id != id) continue;
    for (std::size_t k = 0; k < i.choices.size(); ++k)
      if (i.choices[k].name == choice) return k;
  }
  return std::nullopt;
}

// The name of choice `k` of interpretation `id` (an option field's value is its choice's
// index), or "" when either is unknown.
inline std::string_view choice_name(const std::vector<Interpretation>& all, std::string_view id, std::size_t k) {
  for (const auto& i : all)
    if (i.id == id) return k < i.choices.size() ? i.choices[k].name : std::string_view();
  return {};
}

}  // namespace arbiter
