#pragma once
// Popeye's label line of a twin: "a) " for the diagram, then what each twin changes, in
// Popeye's words: "b) wBb8-->a7  " (move), "bQa8<-->bRh8" (exchange), "-bSf1" (remove), "+wPd6"
// (add on an empty square; "wRf1" replacing a man, "wPb4" for a man removed and another put
// on its square), "rotate 180", "mirror a1<-->h1", "shift a1 ==> e1", "R ==> B" (substitute),
// "PolishType", and the new stipulation; parts two blanks apart, and '+' before the label of
// a continued twin ("+c) -bQh2  "). Colours and piece letters are the input language's (German
// "sKd4-->d5", "Verschiebung a1 ==> e1").

#include <string>
#include <vector>

#include "solver/problem/popeye_vocabulary.h"
#include "solver/problem/problem.h"

namespace arbiter::problem::popeye {

// The label line of twin `index` of `twins` (0 is a), the diagram), without the newline. With a
// zero position (`zero_position_fen`, Problem::zero_position_fen), a) is its first change
// ("a) sLe5-->g8  ") and the later twins change the zero position, not a).
std::string popeye_twin_label(const std::vector<Twin>& twins, std::size_t index, Language language,
                              const std::string& zero_position_fen = "");

}  // namespace arbiter::problem::popeye
