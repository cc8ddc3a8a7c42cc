// Popeye's fairy conditions, read for the model (popeye_conditions.h).

#include "solver/problem/popeye_conditions.h"

#include <cctype>

#include <fmt/core.h>
#include <fmt/format.h>

#include "solver/problem/popeye_input.h"

namespace arbiter::problem::popeye {

namespace {

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }

bool is_number(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Words that belong to the condition before them whatever else they could abbreviate: a piece
// code ("PromOnly D T" in German, where "T" would abbreviate Titel), a number, squares, a
// variant word of a condition.
bool certainly_parameter(std::string_view word, Language language) {
  return is_number(word) || square_list(word) || find_keyword(Kind::Piece, language, word) ||
         find_keyword(Kind::ConditionVariant, language, word);
}

const Keyword* condition_keyword(std::string_view word, Language language) {
  const auto m = find_keyword(Kind::Condition, language, word);
  return m && !m->ambiguous() ? m->keyword : nullptr;
}

}  // namespace

std::vector<PopeyeCondition> read_conditions(TwinWords& words, Language language, const TwinWord& keyword,
                                             const std::function<bool(const TwinWord&)>& ends, bool may_be_empty) {
  std::vector<PopeyeCondition> conditions;
  int line = keyword.where.line;  // the line of the last word read
  while (auto w = words.peek()) {
    const Keyword* condition = condition_keyword(w->text, language);
    // A keyword at the start of a line ends the conditions even when it could be a parameter:
    // "st" (Stipulation) is also the sting's piece code.
    if (!condition && w->where.line != line && ends(*w)) break;
    if (!conditions.empty() && certainly_parameter(w->text, language)) {
      line = w->where.line;
      conditions.back().parameters.push_back(words.next()->text);
      continue;
    }
    if (!condition && ends(*w)) break;
    line = w->where.line;
    if (condition) {
      conditions.push_back({std::string(condition->id), {}, w->where});
      words.next();
      continue;
    }
    if (conditions.empty()) {
      const auto m = find_keyword(Kind::Condition, language, w->text);
      if (m && m->ambiguous())
        fail(w->where, fmt::format("ambiguous condition '{}': it abbreviates {}; write more of it", w->text,
                                   joined_spellings(m->candidates, language)));
      fail(w->where, fmt::format("unknown condition '{}' after '{}': expected one of Popeye's conditions in {} (Circe, Madrasi, "
                                 "Andernach, ... as py-{}.txt lists them)",
                                 w->text, keyword.text, language_name(language),
                                 language == Language::German ? "deut" : language == Language::French ? "fran" : "engl"));
    }
    conditions.back().parameters.push_back(words.next()->text);  // a form of its own: a grid line, a piece sequence
  }
  if (conditions.empty() && !may_be_empty) {
    const auto w = words.peek();
    fail(w ? w->where : words.end_location(),
         fmt::format("expected a condition after '{}', as in '{} Circe', found {}", keyword.text, keyword.text,
                     w ? "'" + w->text + "'" : "nothing"));
  }
  return conditions;
}

std::string condition_name(const PopeyeCondition& condition) {
  if (condition.parameters.empty()) return condition.id;
  return fmt::format("{} {}", condition.id, fmt::join(condition.parameters, " "));
}

}  // namespace arbiter::problem::popeye
