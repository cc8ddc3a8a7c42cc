#pragma once
// Popeye's output for helpmates, selfmates and (their keys) direct mates, and the corpus
// MANIFEST's normalised solution sets (../shared/corpus/orthodox-help-self/README.md), so that
// both can be compared with the solver's own solutions as sets of UCI strings, twin by twin.
//
// Popeye prints, below the board and the stipulation line ("  h#3.5    3 + 1"):
//   - for twins, a label line at column 0 before each twin's solutions: "a) ", "b) wBb8-->a7  ",
//     "+c) -bQh2  " ('+': continued from the twin before);
//   - helpmates: one solution per line, every move of it on that line, numbered from the side
//     that moves second: "  1.Qb4-h4 Qd6-h6   2.0-0-0 + Kd1-c1   3.Rb2-b8 Qh6-c6 #" (h#n,
//     Black first) or "  1...Rd2-e2 +   2.Ke4-d3 Re2-e3 +   ..." (h#n.5, White first);
//     shorter solutions are listed too;
//   - selfmates (with option Variation) and direct mates: the solution tree, one move per line;
//     the keys are the first moves marked " !" ("   1.Qe7-e8 ! zugzwang."), tries " ?";
//   - at the end "solution finished. Time = 1.735 s" when solving was complete, "Partial
//     solution" or "solving interrupted." (-maxtime reached) otherwise.
// The output is in the language of its input: German piece letters (K D T L S) and words
// ("Loesung beendet.", "Aber"), or French (R D T F C); lines that belong to no solution (move
// counters, intelligent mode's position counts: is_popeye_side_line) are passed over.
//
// Moves are read as text, without replaying them: Popeye's long algebraic ("Sb5-d6",
// "Qb4*c5", "e5*d6 ep.", "b7-b8=S", "0-0", "0-0-0"; a locust's capture "TRd1*d2-d3", the man
// taken on d2) names both squares, so the UCI form
// needs only the side that castles (from the move's place in the line). That keeps this
// reader independent of the solver's own twin derivation.

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"
#include "solver/problem/popeye_vocabulary.h"

namespace arbiter::problem {

// The solutions of one twin (or of a problem without twins), as the MANIFEST writes them:
// helpmates, each solution a space-separated UCI move sequence from the first mover; selfmates,
// each key in UCI. Sorted, so two sets compare with ==.
struct TwinSolutionSet {
  std::string label;                   // "a", "b", ...; "" without twins
  std::vector<std::string> solutions;  // sorted
  bool operator==(const TwinSolutionSet&) const = default;
};
using SolutionSets = std::vector<TwinSolutionSet>;

struct PopeyeHelpSelfOutput {
  std::string stipulation;  // "h#3.5", "s#2", "#3", from the line below the board
  bool selfmate = false;    // the stipulation starts with "s"
  bool direct = false;      // the stipulation starts with "#": the sets hold the keys, as for selfmates
  bool series = false;      // "ser-...": each solution the series side's moves, then the other side's last
  Color series_side = White;  // who plays the series (ser-h: Black)
  SolutionSets twins;       // one entry (label "") without twins
  bool finished = false;    // "solution finished." (complete), not partial or interrupted
  double seconds = 0;       // "Time = 1.735 s" (0 when absent)
  // Popeye's diagnostics among the solutions, at the line's start ("the side to play can
  // capture the king"): no solution, kept to explain a difference.
  std::vector<std::string> remarks;
};

// Reads Popeye's output of one help-, self- or direct-mate problem, printed in `language`.
// Throws ParseError at a line it cannot read (a move it cannot spell in UCI, a solution before
// the board, no board at all).
PopeyeHelpSelfOutput read_popeye_help_self_output(std::string_view text, const std::string& file = "<popeye output>",
                                                  popeye::Language language = popeye::Language::English);

// One Popeye move ("Rd2-e2", "e4*d3", "f2-f1=R", "0-0-0"; marks such as " +" already split
// off) in UCI: "d2e2", "e4d3", "f2f1r", "e8c8" (castling needs `side`). Empty when the text
// is not a move. The piece letters are `language`'s (German "Td2-e2", "f2-f1=D").
std::string popeye_move_uci(std::string_view move, Color side, popeye::Language language = popeye::Language::English);

// The MANIFEST's popeye_solutions column: "d2e2 e4d3 | d2h2 e4d3" (helpmates, lines joined by
// " | "), "h7c7 e7f8" (selfmates, keys joined by blanks), "a) ... ; b) ..." with twins (a twin
// with no solution is empty after its label). Throws std::runtime_error on a malformed column.
SolutionSets parse_manifest_solutions(std::string_view column, bool selfmate);

// The same written back in the MANIFEST's form (sets sorted).
std::string format_solution_sets(const SolutionSets& sets, bool selfmate);

// The number of solutions summed over the twins (the MANIFEST's solution_count).
std::size_t solution_count(const SolutionSets& sets);

}  // namespace arbiter::problem
