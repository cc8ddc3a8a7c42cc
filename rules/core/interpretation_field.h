#pragma once
// An interpretation bound to the Options field that holds its choice. A rule set lists its
// fields once, beside its interpretations(); apply_choice and current_choice_of do the lookups
// for every rule set, so no rule set spells an if-chain over its ids.
//
// A field is an enum listing its values in the order of the interpretation's choices (default
// first): a value is its choice's index.

#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "rules/core/interpretation.h"

namespace arbiter {

template <class Options>
struct InterpretationField {
  std::string_view id;
  std::size_t (*get)(const Options&);  // the index of the choice `options` holds
  void (*set)(Options&, std::size_t);  // holds choice k
};

namespace detail {
template <class Member>
struct MemberOf;
template <class Object, class Value>
struct MemberOf<Value Object::*> {
  using Options = Object;
  using Enum = Value;
};
}  // namespace detail

// field<&Options::castling_guard>("orthodox.castling-guarded-squares")
template <auto Member>
constexpr auto field(std::string_view id) {
  using Options = typename detail::MemberOf<decltype(Member)>::Options;
  using Enum = typename detail::MemberOf<decltype(Member)>::Enum;
  return InterpretationField<Options>{id, [](const Options& o) { return std::size_t(o.*Member); },
                                      [](Options& o, std::size_t k) { o.*Member = Enum(k); }};
}

// Sets interpretation `id` of `table` to `choice`; false when either is unknown. An
// interpretation without a field (a decision documented, no alternative) is accepted and
// changes nothing.
template <class Options>
bool apply_choice(const std::vector<Interpretation>& table,
                  std::span<const InterpretationField<std::type_identity_t<Options>>> fields, Options& options,
                  std::string_view id, std::string_view choice) {
  const auto k = choice_index(table, id, choice);
  if (!k) return false;
  for (const auto& f : fields)
    if (f.id == id) f.set(options, *k);
  return true;
}

// The name of the choice `options` holds for interpretation `id` of `table`: the one choice of
// an interpretation without a field, "" for an unknown id.
template <class Options>
std::string_view current_choice_of(const std::vector<Interpretation>& table,
                                   std::span<const InterpretationField<std::type_identity_t<Options>>> fields,
                                   const Options& options, std::string_view id) {
  for (const auto& f : fields)
    if (f.id == id) return choice_name(table, id, f.get(options));
  return choice_name(table, id, 0);
}

}  // namespace arbiter
