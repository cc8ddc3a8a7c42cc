#pragma once
// Forsyth–Edwards Notation: read (with errors that say where and what was expected) and write.

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/position.h"

namespace arbiter {

inline constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct FenOptions {
  // Reject positions that cannot arise in orthodox chess: king counts, pawns on the first or
  // last rank, the side not to move in check, castling rights or en passant square that the
  // board contradicts. Variants whose boards differ switch this off and check their own way.
  bool orthodox_legality = true;
  // Castling rights need their king and rook on their home squares: the rules generate
  // castling from the rights alone. Checked even when orthodox_legality is off.
  bool castling_needs_pieces = true;
  // A side may have no king (orthodox.king-count=at-most-one, Popeye's NoWk/NoBk): it is never
  // in check, so never mated. Two kings of a colour stay illegal.
  bool kings_optional = false;
};

// Reads six fields (the last two, the move counters, may be omitted as in EPD: 0 and 1).
// `origin` is where the FEN text starts, so errors point into the enclosing file.
Position read_fen(std::string_view fen, const SourceLocation& origin = {"<fen>", 1, 1}, FenOptions options = {});

// A FEN read before under its rules (a problem's or a twin's, kept as write_fen wrote it), read
// again to show or replay it: the rules' legality is not checked again, so a position without
// a king (orthodox.king-count=at-most-one) reads as it did the first time.
Position read_known_fen(std::string_view fen);

std::string write_fen(const Position& pos);

// A FEN's blank-separated fields with their offsets (so errors point at a field); variants
// that add fields read them the same way.
struct FenField {
  std::string_view text;
  int offset;
};
std::vector<FenField> split_fen_fields(std::string_view fen);

char piece_char(Piece p);              // 'P', 'n', ... ; '.' for no piece
Piece piece_from_char(char c);         // NoPiece when c is not a piece letter
std::string square_name(Square s);     // "e4"
Square parse_square(std::string_view); // NoSquare when malformed

}  // namespace arbiter
