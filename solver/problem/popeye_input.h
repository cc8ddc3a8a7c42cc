#pragma once
// Popeye's input language, as far as orthodox direct mates, helpmates and selfmates and their
// twins need it (see problem.h and twins.h for the format and puzzles/orthodox/README.md,
// "Problem files", for what is accepted and rejected). Its keywords may be English, German or
// French (popeye_vocabulary.h): the file's first word, BeginProblem in one of them, chooses.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/types.h"
#include "solver/problem/popeye_vocabulary.h"
#include "solver/problem/twins.h"
#include "solver/stipulation/stipulation_form.h"

namespace arbiter::problem::popeye {

// "a2", "a2b2c2" (Popeye lists several squares of one piece kind in one word), either case:
// the squares, or nothing when the text is not such a list.
std::optional<std::vector<Square>> square_list(std::string_view text);

// True when `word` names or abbreviates a Popeye directive of `language` ("pi", "Steine"),
// twin and zero position included.
bool is_directive_word(std::string_view word, Language language);
// The same in English, or BeginProblem in any language ("anfang"): how a file is told to be
// Popeye input.
bool is_directive_word(std::string_view word);

// A stipulation's words after `keyword` ("stipulation", or a twin's): one word, or, as Popeye
// reads them, a word and the number of moves after it ("dia 15.5", "ser-s00 9"). Throws
// ParseError at the word: nothing there, a keyword instead, a malformed stipulation.
struct StipulationRead {
  StipulationForm form;
  SourceLocation where;
};
StipulationRead read_stipulation_words(TwinWords& words, const TwinWord& keyword, Language language);

}  // namespace arbiter::problem::popeye
