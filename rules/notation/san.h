#pragma once
// Standard Algebraic Notation (SAN), the move spelling of PGN and of the referee text's
// "Move Notation" section: piece letter, disambiguation, 'x' for captures, destination,
// "=Q" for promotions, O-O / O-O-O, and '+' / '#' for check and checkmate.
//
// Writing is strict (minimal disambiguation: file, then rank, then both). Reading is lenient
// about spelling (0-0, long algebraic "Ke1-d1", "e8Q", annotation glyphs) but strict about
// meaning: a text that names no legal move, or more than one, is an error that says why.

#include <optional>
#include <string>
#include <string_view>

#include "rules/core/move.h"
#include "rules/core/parse_error.h"
#include "rules/core/position.h"
#include "rules/orthodox/options.h"

namespace arbiter {

// A well-formed move that the rules do not allow in this position. Kept apart from
// ParseError (garbled or ambiguous text) because a referee answers "illegal" (a false claim)
// for the first and "bad input" for the second.
class IllegalMoveError : public ParseError {
 public:
  IllegalMoveError(SourceLocation where, const std::string& message, std::optional<std::string> predicate = {})
      : ParseError(std::move(where), message), predicate_(std::move(predicate)) {}
  // Name of the rule predicate that rejected the move ("king-not-left-guarded"), when a piece
  // could reach the square by its movement rules; empty when no piece could.
  const std::optional<std::string>& predicate() const { return predicate_; }

 private:
  std::optional<std::string> predicate_;
};

// SAN of a legal move, with '+' or '#' when it checks or mates.
std::string to_san(const Position& pos, Move move, const orthodox::Options& options = {});

// SAN without the check mark (variants decide check and mate by their own rules).
std::string san_body(const Position& pos, Move move, const orthodox::Options& options = {});
// The same, disambiguated among `rivals`: the moves a reader could confuse it with.
// `forced_capture` writes 'x' even onto an empty square (a variant's capture elsewhere).
std::string san_body_among(const Position& pos, Move move, const MoveList<>& rivals, bool forced_capture = false);

// The shape of one written move, for rule sets that match it against their own move lists:
// which piece, from where (as far as written), to where, promotion, castling side, and the
// qualifiers that were written ('x', "e.p."). '+', '#', '!', '?' are dropped.
struct SanShape {
  bool castling = false;
  bool queenside = false;
  PieceType piece = Pawn;
  int from_file = -1;
  int from_rank = -1;
  Square to = NoSquare;
  PieceType promotion = NoPieceType;
  bool capture_mark = false;
  bool en_passant_mark = false;
  int destination_end = 0;  // offset just past the destination square (for "expected =Q here")
  int begin = 0;            // offset of the move's first character in the text
  std::string_view written; // the move as written, without surrounding blanks
};

// Throws ParseError (pointing into `text`, located at `where`) for garbled text.
SanShape read_san_shape(std::string_view text, const SourceLocation& where);
// Does `move`, made by a piece of type `mover`, fit the shape? With check_promotion the
// promotion piece must be the written one (none written: the move must not promote).
bool san_shape_fits(const SanShape& shape, PieceType mover, Move move, bool check_promotion = true);

// The legal move that `text` spells in `pos`. `where` is the location of the text's first
// character; errors point into it. Throws IllegalMoveError for a well-formed move that is
// not legal, ParseError for garbled, incomplete or ambiguous text.
Move parse_san(const Position& pos, std::string_view text, const SourceLocation& where = {"<san>", 1, 1},
               const orthodox::Options& options = {});

}  // namespace arbiter
