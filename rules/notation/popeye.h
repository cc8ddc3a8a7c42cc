#pragma once
// Popeye's long algebraic notation, as the problem solver Popeye prints moves in its solutions
// (English piece letters: K Q R B S P, S being the knight; pawns carry no letter):
//
//   Sb5-d6   Qb4*c5   f2-f4   e5*d6 ep.   0-0   0-0-0   b7-b8=S   b7*a8=Q
//
// followed, in Popeye's output, by " +" for check or " #" for mate. The corpus manifest keeps
// those marks on some keys ("Qh5*h7 +"), so comparisons go through normalize_popeye().

#include <optional>
#include <string>
#include <string_view>

#include "rules/core/move.h"
#include "rules/core/position.h"
#include "rules/orthodox/options.h"

namespace arbiter {

// A promotion to a piece of Popeye's code in UCI: the code in lower case ("g7g8nh", the
// nightrider hopper), and '_' after a code that is an orthodox promotion letter, so that Popeye's
// nightrider ("n") is "g7g8n_" beside the knight's "g7g8n".
std::string popeye_code_uci(std::string_view code);

enum class PopeyeMarks {
  Without,  // "Ra8-a7": the move only (the normal form, what normalize_popeye() returns)
  With,     // "Ra8-a7 +", "Ra7-g7 #": as Popeye prints it in a solution
};

// Popeye's spelling of a legal move. En passant captures end in " ep." as Popeye writes them.
std::string to_popeye(const Position& pos, Move move, PopeyeMarks marks = PopeyeMarks::Without,
                      const orthodox::Options& options = {});

// The move part of a Popeye move text: surrounding and repeated blanks removed, and the
// trailing marks Popeye adds dropped: check " +", mate " #", key " !", try " ?".
// "Qh5*h7 +" -> "Qh5*h7"; "c5*d6 ep. #" -> "c5*d6 ep."; "0-0 #" -> "0-0".
std::string normalize_popeye(std::string_view text);

// The legal move that a Popeye move text names in `pos`, or nothing. The text must say what
// the move is: the moving piece's letter (none for pawns; 'S' for the knight), '-' for a move
// to an empty square and '*' for a capture, "=X" for a promotion, and "0-0"/"0-0-0" (or
// "O-O"/"O-O-O") for castling. " ep." is optional after an en passant capture; trailing marks
// (" +", " #", " !", " ?") are ignored. Case matters, as in Popeye's output.
std::optional<Move> parse_popeye(const Position& pos, std::string_view text, const orthodox::Options& options = {});

// 'K', 'Q', 'R', 'B', 'S' or 'P' (the pawn's letter, used in Popeye's "pieces" lists).
char popeye_letter(PieceType type);
// The piece type of a Popeye piece letter (either case, 'S' for the knight); NoPieceType for
// anything else ('N' included: in Popeye's English input 'N' is the nightrider, not a knight).
PieceType popeye_piece_type(char letter);

}  // namespace arbiter
