#pragma once
// Popeye's input language, as far as orthodox direct mates need it (see problem.h for the
// format and puzzles/orthodox/README.md, "Problem files", for what is accepted and rejected).

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::problem::popeye {

// What a keyword (directive or option) word resolves to.
struct KeywordMatch {
  std::string name;                  // the full keyword, lower case; empty when none
  std::vector<std::string> rivals;   // when the word is an ambiguous prefix: every keyword it begins
};

// Case-insensitive; an exact match wins, else a unique prefix.
KeywordMatch match_directive(std::string_view word);
KeywordMatch match_option(std::string_view word);

// True when `word` names or abbreviates a Popeye directive ("begin", "BeginProblem", "pi").
bool is_directive_word(std::string_view word);

// The directives and options the reader knows (for documentation and error messages).
const std::vector<std::string>& directive_names();
const std::vector<std::string>& option_names();

}  // namespace arbiter::problem::popeye
