#pragma once
// An Arbiter solve result (prover::Solution) printed in Popeye's solution layout, so that a
// front end written for Popeye can read Arbiter's output: Popeye's long algebraic notation with
// the piece letters of the input's language ("Ka2-b3", German "Dd1*d7 +", French "Cb1-c3"),
// and Popeye's structure and marks:
//
//   direct mates and selfmates, a tree, one move a line, indented by ply:
//      1.Qf4-f5 ! threat:             the key " !" (a try " ?"), then the threat or "zugzwang."
//             2.Ra8-a7 +              the threats, each with its own tree
//         1...Ba1*d4                  the defences that defeat the threat (all, after a check
//             2.Kc8-d7 threat:        or in zugzwang; not one that allows a faster end), each
//                                     with every fastest answer; deeper
//                     3.Ra8-f8 #      attacker moves have their threats too
//      1.Tc1*c4 + ?                   a try (option Try), its tree, then
//       but                           "but" and its refutation
//         1...b5*c4 !
//   helpmates, one solution a line, numbered from the side that moves second:
//     1.Qb4-h4 Qd6-h6   2.0-0-0 + Kd1-c1   3.Rb2-b8 Qh6-c6 #    (h#n, Black first)
//     1...Rd2-e2 +   2.Ke4-d3 Re2-e3 #                           (h#n.5, White first)
//
// The words are the language's: threat:/Drohung:/menace:, zugzwang./Zugzwang./zugzwang.,
// but/Aber/mais, solution finished./Loesung beendet./solution terminee., Partial
// solution/Partielle Loesung/solution partielle.
//
// Popeye prints moves in its own move-generation order, which no rule defines; this layout
// prints them in Arbiter's (the order of the Solution: keys first, then tries, each in
// generation order), so a comparison with Popeye's output is one of sets of lines.
//
// Popeye's tree holds facts Arbiter's Solution does not (the threat of every attacker move
// below the key, the trees of tries):
// they are asked of a PositionSolver, which solves one position (an engine, or a test's stub).

#include <functional>
#include <string>
#include <string_view>

#include "rules/core/move.h"
#include "rules/core/position.h"
#include "solver/problem/popeye_vocabulary.h"
#include "solver/prover/solution.h"

namespace arbiter::problem::popeye {

// What Popeye's options ask the solution to show (the tag PopeyeOptions, English spelling).
struct LayoutOptions {
  Language language = Language::English;
  bool variations = false;  // Variation: the tree below each key, not just the keys
  bool tries = false;       // Try: first moves refuted by a single defence, with "but"
  bool no_threat = false;   // NoThreat: no threat lines (defences all shown, as in zugzwang)
  bool set_play = false;    // SetPlay: the set play first
  bool mates_in_1 = false;  // MatesIn1: a selfmate's defence that mates at once is shown in longer play too
  bool no_board = false;    // NoBoard: no heading, diagram or stipulation line above the solution
  // NoShortVariations: a defence the attacker answers in fewer moves than the line has left is
  // not shown (threats are).
  bool no_short_variations = false;
  bool intelligent = false;  // Intelligent: only Popeye's warning where it does not apply
};

// The layout options a PopeyeOptions tag ("Variations Try NoCastling h1") asks for.
LayoutOptions layout_options(std::string_view popeye_options, Language language);

// Popeye's spelling of a legal move of `pos` with the language's piece letters and the marks
// " +" (check) and " #" (mate).
std::string popeye_move_text(const Position& pos, Move move, Language language);

// The piece letter of an orthodox piece in the language ('D' the German queen, 'C' the French knight).
char popeye_piece_letter(PieceType type, Language language);

// Every key of `goal` (the play) towards `target` within n moves from `fen` (the side to move
// attacks), each with its exact length and whole tree, as prover::solve gives them. Throws
// prover::LimitReached when a limit ends it.
using PositionSolver = std::function<prover::Solution(const std::string& fen, prover::Goal goal, const Target& target, int n)>;

// The solution lines of one problem (or twin) in Popeye's layout, each ending in '\n', a blank
// line after each key or try (as Popeye separates them); helpmates one line a solution. A
// solution ended by a limit prints what was found before it. `solver` may be empty when the
// solution needs no more (helpmates; keys without variations).
std::string format_popeye_solution(const prover::Solution& solution, const LayoutOptions& options,
                                   const PositionSolver& solver = {});

// The last move of a solution with Popeye's goal mark: " #" for mate; for any other goal the
// move's check mark " +" if it checks, then the goal's symbol (" =", " ==", " x", " z", ...;
// " #=" and " +" alone; none after castling and e.p., whose spelling says it; the goal's symbol
// alone for !#, ## and ##!).
std::string popeye_goal_move_text(const Position& pos, Move move, const Target& target, Language language);

// Any other move of a solution: its spelling with its check mark, where a mate is " +" under the
// goals that judge the mover (the mate a counter-mate answers).
std::string popeye_line_move_text(const Position& pos, Move move, const Target& target, Language language);

// One helpmate line: "1.Qb4-h4 Qd6-h6   2.0-0-0 + Kd1-c1   3.Rb2-b8 Qh6-c6 #" from `fen`, or
// with the mating side first "1...Rd2-e2 +   2.Ke4-d3 ...". The last move carries the goal's mark.
std::string popeye_help_line(const std::string& fen, const prover::HelpLine& line, bool mating_side_first, Language language,
                             const Target& target = {});

// One series line: "1.Kc4-c5   2.Tc3-c4 ...   6.Kc5-d4 Lg3-f2 #" (move numbers right-aligned in
// three places, "  10."), the other side passing between the series moves; `series_moves` of
// the line's moves are the series side's, the rest (help series) the other side's last move.
std::string popeye_series_line(const std::string& fen, const prover::HelpLine& line, int series_moves, Language language,
                               const Target& target);

// The closing line: "solution finished." when the solution is complete, "Partial solution"
// when a limit cut it, in the language.
std::string popeye_closing_line(bool complete, Language language);

}  // namespace arbiter::problem::popeye
