#pragma once
// Fairy conditions in Popeye's input language, read for the model (popeye_elements.h):
//   condition Circe Parrain Madrasi RexInclusive Imitator a1b2
// Each condition keyword (popeye_vocabulary.h, Kind::Condition) starts a condition; the words
// after it up to the next condition keyword are its parameters: its variant words (Parrain,
// RexInclusive, Type1, ...), squares, numbers, piece codes and the other forms Popeye's
// conditions take (grid lines, piece sequences). Arbiter plays none of them yet; reading them
// whole lets a problem name what it needs.

#include <functional>
#include <string>
#include <vector>

#include "solver/problem/popeye_elements.h"
#include "solver/problem/popeye_vocabulary.h"
#include "solver/problem/twins.h"

namespace arbiter::problem::popeye {

// Reads conditions from `words` after `keyword` ("condition", or a twin's "condition") up to
// the first word for which `ends` is true and that is not a parameter of the condition being
// read (piece codes, numbers, squares and the condition's own variant words are parameters
// first). A first word that is no condition is a ParseError; so is nothing at all after
// `keyword`, except in a twin (`may_be_empty`), where it removes every condition.
std::vector<PopeyeCondition> read_conditions(TwinWords& words, Language language, const TwinWord& keyword,
                                             const std::function<bool(const TwinWord&)>& ends, bool may_be_empty = false);

// "Circe Parrain", as an unsupported result names it: the identifier and the parameters.
std::string condition_name(const PopeyeCondition& condition);

}  // namespace arbiter::problem::popeye
