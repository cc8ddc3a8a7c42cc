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
#include "solver/problem/popeye_elements.h"
#include "solver/prover/published_comments.h"
#include "solver/stipulation/stipulation.h"

namespace arbiter::problem {

// One twin of a problem (Popeye's "twin" lines, a PGN [Twins] tag). twins[0] is a), the
// diagram itself; each later twin is derived from the diagram, or from the twin before it
// when continued ("twin continued move a1 b2").
struct Twin {
  std::string label;        // "a", "b", ...
  std::string description;  // the twin's operations as written, "move b8 a7" (empty for a)
  std::string fen;          // the twin's position, with the side to move its stipulation's first mover
  Stipulation stipulation;
  SourceLocation where;     // the twin's text (the problem's start for a)
  // A twin (b) on) whose position is illegal: why, at the twin's text. It is not solved; the
  // problem's other twins are (Popeye solves such a twin and prints nothing below its label).
  std::optional<ParseError> illegal = std::nullopt;
};

// Popeye's options Duplex and HalfDuplex: the problem is solved also (Also) or only (Only) with
// the sides' roles exchanged, the other side moving first and aiming at the goal: in h#2 White
// starts and Black mates, in #2 Black mates. The position and the stipulation stay as stated.
enum class Duplex { No, Also, Only };

struct Problem {
  std::string file;
  int number = 1;                      // 1-based position in its file (problems split by "next" or PGN games)
  SourceLocation where;                // first character of the problem ("begin" / the first tag)
  std::string variant;                 // orthodox chess's name (any of its aliases), else [Variant] as written
  std::string fen;                     // normalised by write_fen for orthodox problems
  Stipulation stipulation;
  std::string author, source, date, title;
  // Every tag, variant-specific ones included. For Popeye input: the equivalent PGN tags
  // (Variant, SetUp, FEN, Stipulation, Author, Source, Title, Remark, Award) and
  // "PopeyeOptions", the accepted options in Popeye's English spelling ("Variations NoCastling h1"),
  // and "PopeyeProtocol", the files Popeye would write its output to (Arbiter writes none).
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
  // Popeye's EnPassant naming a double step of the side to move, with SetPlay: the e.p. square
  // of the set play alone (prover::SolveOptions::set_play_en_passant); NoSquare for none.
  Square set_play_en_passant = NoSquare;
  Duplex duplex = Duplex::No;
  // Popeye's zeroposition: the diagram as given, which is not solved (its first change is twin
  // a); "" without one.
  std::string zero_position_fen;
  // Empty without twins; otherwise a), b), ... each to be solved and verified on its own.
  std::vector<Twin> twins;
  // Popeye input: what the text states (popeye_elements.h), modelled even where Arbiter cannot
  // play it.
  PopeyeElements popeye;
  // What the problem needs that Arbiter does not play yet, each named as a problemist would
  // ("condition Circe", "piece grasshopper (G)", "stipulation ser-h=5 (series help-stalemate)",
  // "option GoalIsEnd"); empty when it can be solved. An unsupported problem has no fen or twins.
  std::vector<std::string> unsupported;
  // A problem whose text is malformed: the error (file, line, column, what was expected). The
  // reader went on with the file's next problem; the other fields hold what was read before.
  std::optional<ParseError> malformed;

  bool playable() const { return unsupported.empty() && !malformed; }
};

// What the result of an unsupported problem says: "unsupported: condition Circe; piece
// grasshopper (G)".
std::string unsupported_text(const Problem& p);

// Thrown, for the first problem of a file that is not playable, by the readers that return only
// playable problems: a malformed problem's ParseError as it is, an unsupported one as this.
class UnsupportedProblem : public std::runtime_error {
 public:
  explicit UnsupportedProblem(const Problem& p);
};

// Marks a playable problem unsupported where verifying it is not defined yet though solving it
// is: a structured root whose parts print keys and lines (which published moves belong to which
// part?), and the published play after the key of structured battle play whose tree a published
// line cannot be followed through (slice_tree.h, battle_play_followed). `verify`, `regress` and
// `batch` call it before verifying.
void mark_unverifiable(Problem& p);

// The twin a line of a twinned problem's published solution solves: "b" when its first move
// has a comment before it that starts with "b)" ({b)} 1... Kd4 ...), "" when unlabelled (a).
// Only lines that start at move 1 (the main line, variations of a first move) may be labelled:
// a later variation belongs to its line's twin (the reader rejects another label there).
std::string twin_label_of(const PgnLine& line);

// The rules a record or problem names: a [VariantFile "FILE"] tag's file (a variant designer's
// file, resolved beside the PGN file that holds the tag), else its [Variant] tag, else "" (the
// default rule set). The registry's find_variant reads either.
std::string variant_of(const PgnGame& game);

enum class ProblemFormat { Pgn, Popeye };

// Whether the published lines must be legal on the diagram as the file is read. A damaged
// diagram (the correction search's input) may make them illegal: its reader takes them as
// stated, and the search checks them on each candidate.
enum class PublishedLines { Checked, AsStated };

// Reads every problem of a problem file (index = number - 1), each on its own: a problem whose
// text is malformed comes back with `malformed` set and the reader goes on with the next one
// (Popeye input: after the next 'next' or 'end'; PGN: the next game), an unsupported one with
// `unsupported` set. Throws ParseError only when the file as a whole cannot be read: missing,
// empty, not a problem file, PGN whose syntax breaks, Popeye input that does not begin. The
// format is detected from the content: a first '[' means PGN, a first word that is a Popeye
// keyword ("begin") means Popeye input.
std::vector<Problem> read_problem_entries(const std::string& path, PublishedLines lines = PublishedLines::Checked);
std::vector<Problem> read_problem_entries(std::string_view text, const std::string& file, PublishedLines lines);

// The same for callers that play every problem: throws the first malformed problem's ParseError,
// or UnsupportedProblem for the first unsupported one.
std::vector<Problem> read_problem_file(const std::string& path, PublishedLines lines = PublishedLines::Checked);

// The same, from text in memory; `file` names it in errors.
std::vector<Problem> read_problems(std::string_view text, const std::string& file = "<problem>",
                                   PublishedLines lines = PublishedLines::Checked);
ProblemFormat detect_format(std::string_view text, const std::string& file = "<problem>");

// The two readers, for callers that know the format; they return every problem as
// read_problem_entries does.
std::vector<Problem> read_pgn_problems(std::string_view text, const std::string& file,
                                       PublishedLines lines = PublishedLines::Checked);
std::vector<Problem> read_popeye_problems(std::string_view text, const std::string& file);

// Throws for the first problem that is not playable (see read_problem_file).
void require_playable(const std::vector<Problem>& problems);

}  // namespace arbiter::problem
