#pragma once
// Problem files: the input of the mate-in-N prover (issue #3).
//
// Two formats, told apart by their content:
//  - PGN problem files: one game per problem, with tags [Stipulation "#3"], [SetUp "1"],
//    [FEN "..."], [Author], [Source], [Date], [Variant] and any variant-specific tags; the
//    movetext is the published solution (key as main line, variations, threats as comments;
//    see puzzles/orthodox/README.md, "Problem files").
//  - Popeye input (the problemists' own language) for orthodox direct mates:
//        begin
//        title ...
//        pieces white kc8 qf4 ra8 se6 ... black kf7 bc2 ...
//        stipulation #3
//        option Variation NoCastling h1
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
#include "rules/notation/pgn.h"
#include "rules/registry/interpretations.h"

namespace arbiter::problem {

// The longest direct mate a problem file may ask for. The corpus goes to #5 and published
// orthodox direct mates rarely pass #20; a longer one is almost certainly a typo ("#99"), and
// the prover's depth-first search would not finish anyway.
inline constexpr int MaxMateMoves = 30;

struct Stipulation {
  enum Kind { DirectMate };  // "#N": the side to move mates in at most N of its own moves
  Kind kind = DirectMate;
  int moves = 0;             // N, 1..MaxMateMoves
  std::string text;          // "#3", as written
};

// Reads "#N". `where` is the location of the text's first character; errors point into it:
// "unsupported stipulation 'h#2': Arbiter proves direct mates '#N'", mate length 0, or a mate
// length above MaxMateMoves ("absurdly large").
Stipulation parse_stipulation(std::string_view text, const SourceLocation& where);

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
};

enum class ProblemFormat { Pgn, Popeye };

// Reads every problem of a problem file (index = number - 1); throws ParseError, also when
// the file cannot be read or holds no problem. The format is detected from the content: a
// first '[' means PGN, a first word that is a Popeye keyword ("begin") means Popeye input.
std::vector<Problem> read_problem_file(const std::string& path);

// The same, from text in memory; `file` names it in errors.
std::vector<Problem> read_problems(std::string_view text, const std::string& file = "<problem>");
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
std::vector<Problem> read_pgn_problems(std::string_view text, const std::string& file);
std::vector<Problem> read_popeye_problems(std::string_view text, const std::string& file);

}  // namespace arbiter::problem
