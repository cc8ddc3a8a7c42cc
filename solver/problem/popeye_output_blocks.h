#pragma once
// A Popeye output of many problems (the expected files of Popeye's suite,
// ../shared/corpus/popeye-suite/REGRESSIONTESTS/*.out, *.ref, *.reg, *.tst, or a live run on a
// file of many problems) split into one block per problem, in the order of the input. Each
// block ends at the line that closes a problem's solving in any of Popeye's languages
// ("solution finished.", "Loesung beendet.", "Partial solution", "Partielle Loesung", ...); the
// lines Popeye prints on refusing part of an input ("input-error:...", "offending item: ...")
// fall in the block of the problem they belong to, as does its refusal of an illegal position
// ("the side to play can capture the king", printed in place of that problem's or twin's solution). A block is read with the genre's reader
// (popeye_help_output.h).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/problem/popeye_vocabulary.h"

namespace arbiter::problem {

struct PopeyeOutputBlock {
  int first_line = 1;                   // 1-based line of the output where the block starts
  std::string text;                     // its lines from that one (not blank), the closing one included
  bool closed = false;                  // a closing line ends it (the last block may be cut off)
  bool finished = false;                // closed by "solution finished." (not a partial solution)
  bool has_board = false;               // a diagram ('+---a---b---...') is in it
  std::optional<popeye::Language> language;  // of its closing line
  // Where Popeye refuses the problem or part of it: its "input-error:..." lines as printed, and
  // its "the side to play can capture the king" (an illegal position), in the block's language.
  std::vector<std::string> refusals;
};

// Every block of the output; trailing lines after the last closing line make a last, unclosed
// block only when they hold more than blanks.
std::vector<PopeyeOutputBlock> split_popeye_output(std::string_view text);

// What a block prints of the solution: its lines from below the stipulation line (the
// "Duplex" line under it included) to the closing line, without blank lines, the closing line,
// the regression runs' counters ("  play_move:   1057") and option MoveNumbers' progress lines
// ("  3  (Ta1*d1 )"). Popeye's line order is its move generation's, so two blocks compare as
// sorted lists of these.
std::vector<std::string> popeye_solution_lines(std::string_view block);

}  // namespace arbiter::problem
