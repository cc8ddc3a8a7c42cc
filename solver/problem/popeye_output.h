#pragma once
// Popeye's solution output (the .out files beside the corpus inputs): per problem, the keys
// ("1.Sb5-d6 !"), the tries ("1.X ?" followed by "but" and the refutation "1...Y !") and the
// whole solution tree. Popeye prints one move per line, indented by depth; "N." is White's
// N-th move, "N..." Black's. A White move followed by "threat:" has its threats on the lines
// below that skip Black's move number ("2.Ra8-a7 +" under "1.Qf4-f5 ! threat:"); "zugzwang."
// says there is no threat.
//
// So a test, and the prover's verify, can compare whole trees: solution_to_pgn() turns a
// key's tree into PGN movetext in SAN under the convention of puzzles/orthodox/README.md.

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/position.h"
#include "rules/core/types.h"
#include "rules/notation/pgn.h"

namespace arbiter::problem {

struct PopeyeNode {
  std::string move;    // as printed, with Popeye's check mark: "Ra8-a7 +", "c5*d6 ep. #", "0-0"
  int number = 1;      // the move number Popeye prints
  Color side = White;  // "N." White, "N..." Black
  bool threat = false;    // "threat:" follows: `threats` are the moves threatened
  bool zugzwang = false;  // "zugzwang." follows
  SourceLocation where;   // the line of the .out file
  std::vector<PopeyeNode> replies;      // the other side's moves below this one
  std::vector<PopeyeNode> threats;      // White's threatened moves (same side, next move number)
  std::vector<PopeyeNode> refutations;  // tries only: Black's refutations, after "but"

  int ply() const { return 2 * (number - 1) + (side == Black ? 1 : 0); }
};

struct PopeyeSolution {
  std::vector<std::string> heading;  // the lines between the program banner (or the previous problem) and the board
  std::string stipulation;           // "#3", from the line below the board
  std::string piece_counts;          // "7 + 8"
  std::vector<PopeyeNode> keys;      // first moves marked " !"
  std::vector<PopeyeNode> tries;     // first moves marked " ?"
  bool finished = false;             // "solution finished." was printed
  SourceLocation where;              // the board's first line

  // The keys as printed without the leading "1." and the " !" ("Qh5*h7 +"): the spelling of
  // the corpus MANIFEST's popeye_keys column.
  std::vector<std::string> key_texts() const;
};

// Reads every problem's solution of a Popeye output; throws ParseError at a line it cannot
// place (a move line outside a problem, a move whose parent is missing, a first move with
// neither '!' nor '?').
std::vector<PopeyeSolution> read_popeye_output(std::string_view text, const std::string& file = "<popeye output>");
std::vector<PopeyeSolution> read_popeye_output_file(const std::string& path);

// The PGN movetext (SAN) of one key's tree, from the problem's position: the key with "!"
// (NAG 1), then Popeye's first defence and its continuation as the main line, the other
// defences and White's alternative continuations (duals) as variations, and threats as
// {threat: ...} comments, zugzwang as {zugzwang} (puzzles/orthodox/README.md). Throws
// ParseError at the .out line of a move that is not legal where it stands.
PgnLine solution_to_pgn(const Position& start, const PopeyeNode& key);

}  // namespace arbiter::problem
