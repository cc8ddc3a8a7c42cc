#pragma once
// Problem files: the input of the mate-in-N prover (issue #3), the helpmate and selfmate
// solvers and their twins (issue #16).
//
// Two formats, told apart by their content:
//  - PGN problem files: one game per problem, with tags [Stipulation "#3"] (or "h#2", "h#2.5",
//    "s#3", optionally with a solution count, "h#2 2.1.1.1"), [SetUp "1"], [FEN "..."] (its
//    side to move is the stipulation's first mover), [Author], [Source], [Date], [Variant],
//    [Solutions "2"], [SetPlay "1"], [Twins "move b8 a7; continued move b3 c2"] (twins in
//    Popeye's words, twins.h) and any variant-specific tags; the movetext is the published
//    solution (key as main line, variations, threats as comments; a line whose first move has
//    the comment {b)} before it solves twin b; see puzzles/orthodox/README.md, "Problem files").
//  - Popeye input (the problemists' own language) for orthodox problems:
//        begin
//        title ...
//        pieces white kc8 qf4 ra8 se6 ... black kf7 bc2 ...
//        stipulation #3     (or h#2, h#2.5, s#3)
//        option Variation NoCastling h1
//        twin move b8 a7    (any number of twins, twins.h)
//        end              (or "next" to start the next problem of the same file)
//    Keywords are case-insensitive and may be abbreviated to a unique prefix; S is the knight.
//
// Every error is a ParseError naming file, line and column and what was expected there.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"
#include "rules/notation/pgn.h"
#include "rules/registry/interpretations.h"

namespace arbiter::problem {

// The longest direct mate a problem file may ask for. The corpus goes to #5 and published
// orthodox direct mates rarely pass #20; a longer one is almost certainly a typo ("#99"), and
// the prover's depth-first search would not finish anyway.
inline constexpr int MaxMateMoves = 30;

struct Stipulation {
  enum Kind {
    DirectMate,  // "#N": the side to move mates in at most N of its own moves
    HelpMate,    // "h#N": Black starts, both sides cooperate, White mates on its N-th move;
                 // "h#N.5": White starts (N+1/2 moves)
    SelfMate,    // "s#N": White starts and forces Black to mate White within N moves
  };
  Kind kind = DirectMate;
  int moves = 0;           // N, 1..MaxMateMoves (h#N.5: N, which may be 0 for h#0.5)
  bool half_move = false;  // h#N.5
  // The number of solutions the problem states: "h#2 2.1.1.1" (the product of the counts,
  // here 2) or a PGN [Solutions "2"] tag; 0 when not stated.
  int solutions = 0;
  std::string text;        // "h#2", as written (without the solution-count suffix)

  // The side that moves first: Black for h#N, White for h#N.5, s#N and #N.
  Color first_mover() const { return kind == HelpMate && !half_move ? Black : White; }
  // Helpmates: the plies of a full-length solution (h#2: 4, h#2.5: 5).
  int plies() const { return 2 * moves + (half_move ? 1 : 0); }
};

// Reads "#N", "h#N", "h#N.5", "s#N" (the letter in either case), optionally followed by a
// solution count in the problemists' form "2.1.1.1" (h#2 2.1.1.1: two solutions).
// `where` is the location of the text's first character; errors point into it: an unknown
// prefix ("unsupported stipulation 'x#2': expected '#N' (direct mate), 'h#N' (helpmate) or
// 's#N' (selfmate)"), a half move outside a helpmate, a length 0 (h#0, s#0, #0; h#0.5 is a
// helpmate of one White move), a length above MaxMateMoves ("absurdly large"), a malformed
// or zero solution count.
Stipulation parse_stipulation(std::string_view text, const SourceLocation& where);

// One twin of a problem (Popeye's "twin" lines, a PGN [Twins] tag). twins[0] is a), the
// diagram itself; each later twin is derived from the diagram, or from the twin before it
// when continued ("twin continued move a1 b2").
struct Twin {
  std::string label;        // "a", "b", ...
  std::string description;  // the twin's operations as written, "move b8 a7" (empty for a)
  std::string fen;          // the twin's position, with the side to move its stipulation's first mover
  Stipulation stipulation;
  SourceLocation where;     // the twin's text (the problem's start for a)
};

struct Problem {
  std::string file;
  int number = 1;                      // 1-based position in its file (problems split by "next" or PGN games)
  SourceLocation where;                // first character of the problem ("begin" / the first tag)
  std::string variant = "orthodox";
  std::string fen;                     // normalised by write_fen for orthodox problems
  Stipulation stipulation;
  std::string author, source, date, title;
  // Every tag, variant-specific ones included. For Popeye input: the equivalent PGN tags
  // (Variant, SetUp, FEN, Stipulation, Author, Source, Title, Remark, Award) and
  // "PopeyeOptions", the accepted options as written ("Variation NoCastling h1").
  std::map<std::string, std::string> tags;
  std::optional<PgnGame> published;    // PGN input: the game, whose movetext is the published solution
  SourceLocation fen_location;         // the [FEN] tag's value, or Popeye's "pieces" keyword
  SourceLocation stipulation_location; // the [Stipulation] tag's value, or the text after "stipulation"
  // Interpretations the file pins ([Interpret "ID=CHOICE; ..."]); the command line's --interpret
  // settings are merged over them by the CLI.
  InterpretationSettings interpretations;
  // Helpmates: also solve set play, the solutions with the other side moving first (Popeye's
  // option SetPlay, PGN [SetPlay "1"]).
  bool set_play = false;
  // Empty without twins; otherwise a), b), ... each to be solved and verified on its own.
  std::vector<Twin> twins;
};

// The twin a line of a twinned problem's published solution solves: "b" when its first move
// has a comment before it that starts with "b)" ({b)} 1... Kd4 ...), "" when unlabelled (a).
// Only lines that start at move 1 (the main line, variations of a first move) may be labelled:
// a later variation belongs to its line's twin (the reader rejects another label there).
std::string twin_label_of(const PgnLine& line);

enum class ProblemFormat { Pgn, Popeye };

// Whether the published lines must be legal on the diagram as the file is read. A damaged
// diagram (the correction search's input) may make them illegal: its reader takes them as
// stated, and the search checks them on each candidate.
enum class PublishedLines { Checked, AsStated };

// Reads every problem of a problem file (index = number - 1); throws ParseError, also when
// the file cannot be read or holds no problem. The format is detected from the content: a
// first '[' means PGN, a first word that is a Popeye keyword ("begin") means Popeye input.
std::vector<Problem> read_problem_file(const std::string& path, PublishedLines lines = PublishedLines::Checked);

// The same, from text in memory; `file` names it in errors.
std::vector<Problem> read_problems(std::string_view text, const std::string& file = "<problem>",
                                   PublishedLines lines = PublishedLines::Checked);
ProblemFormat detect_format(std::string_view text, const std::string& file = "<problem>");

// The published solution's convention (puzzles/orthodox/README.md, "Problem files"): the key
// is the main line's first move with "!", defences and White's continuations are the main
// line and its variations, and a comment after a White move states what it threatens:
//   {threat: 2. Ra7+, 2. Kd7}   the White moves threatened (SAN, with their move numbers)
//   {zugzwang}                  no threat: Black is in zugzwang
// threat_moves() reads the first form: the moves in SAN, or nothing when the comment is not
// a threat comment.
std::optional<std::vector<std::string>> threat_moves(std::string_view comment);
bool is_zugzwang_comment(std::string_view comment);

// Stated outcomes beyond the solution tree (puzzles/option/README.md, "Stated outcomes"):
//   {illegal} or {illegal: why}  after a move: the text says the rules forbid it; the line
//                                ends there (nothing can follow a move that is not played)
//   ?  (NAG 2) on the attacker's move: a try, stated not to force mate
//   !  (NAG 1) on a defence: stated to refute (the attacker no longer forces mate in time)
bool claims_illegal(const PgnMove& move);

// The two readers, for callers that know the format.
std::vector<Problem> read_pgn_problems(std::string_view text, const std::string& file,
                                       PublishedLines lines = PublishedLines::Checked);
std::vector<Problem> read_popeye_problems(std::string_view text, const std::string& file);

}  // namespace arbiter::problem
