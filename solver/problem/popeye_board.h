#pragma once
// What Popeye prints of a problem before its solution: the heading (author, origin, award and
// title, each centred over the board), the board as Popeye draws it (the input language's
// piece letters, Black's marked '-'), and the stipulation line with the men count
// ("  #2                          6 + 5").

#include <string>

#include "solver/problem/popeye_vocabulary.h"
#include "solver/problem/problem.h"

namespace arbiter::problem::popeye {

// A blank line, the heading lines centred over the board's 37 columns (a longer one starts at
// column 0), and a blank line.
std::string popeye_heading(const Problem& problem);

// The board of a FEN's men, 19 lines from border to border.
std::string popeye_board(const std::string& fen, Language language);

// "  h#3                         2 + 5": the stipulation, then White's and Black's men
// counted, the count ending at column 35.
std::string popeye_stipulation_line(const std::string& stipulation, const std::string& fen);

// A structured stipulation's side word as Popeye spells it in the language ("schwarz 4:4hh[#]" is
// printed "Schwarz 4:4hh[#]"); any other stipulation as written.
std::string popeye_side_word_spelled(const Stipulation& stipulation, Language language);

// The stipulation as Popeye's stipulation line writes it: the text (its side word spelled), then
// "/k" for option Threat k, "/m" (or "//m" without Threat) for MaxFlightsquares m, ";m,k" for
// NonTrivial m k: "#6/1", "#10/2/3", "#15;5,0".
std::string popeye_stipulation_text(const Stipulation& stipulation, Language language);

// The lines centred below the stipulation line that name what changes the play: "Duplex" or
// "HalfDuplex", "Quodlibet" (in the input's language); empty when nothing does.
std::string popeye_play_lines(const Problem& problem);

}  // namespace arbiter::problem::popeye
