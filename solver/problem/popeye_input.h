#pragma once
// Popeye's input language, as far as orthodox direct mates, helpmates and selfmates and their
// twins need it (see problem.h and twins.h for the format and puzzles/orthodox/README.md,
// "Problem files", for what is accepted and rejected).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/types.h"

namespace arbiter::problem::popeye {

// What a keyword (directive or option) word resolves to.
struct KeywordMatch {
  std::string name;                  // the full keyword, lower case; empty when none
  std::vector<std::string> rivals;   // when the word is an ambiguous prefix: every keyword it begins
};

// Case-insensitive; an exact match wins, else a unique prefix.
KeywordMatch match_directive(std::string_view word);
KeywordMatch match_option(std::string_view word);
// The same rule over any table of lower-case keywords (the twinning keywords use it too).
KeywordMatch match_keyword(const std::vector<std::string_view>& names, std::string_view word);

// "a2", "a2b2c2" (Popeye lists several squares of one piece kind in one word), either case:
// the squares, or nothing when the text is not such a list.
std::optional<std::vector<Square>> square_list(std::string_view text);

// True when `word` names or abbreviates a Popeye directive ("begin", "BeginProblem", "pi").
bool is_directive_word(std::string_view word);

// The directives and options the reader knows (for documentation and error messages).
const std::vector<std::string>& directive_names();
const std::vector<std::string>& option_names();

}  // namespace arbiter::problem::popeye
