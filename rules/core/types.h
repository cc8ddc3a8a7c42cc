#pragma once
// Basic vocabulary of the board: colours, piece types, pieces, squares.
// Squares are numbered a1=0 .. h8=63 (file-major within a rank), as in most bitboard engines.

#include <cstdint>

namespace arbiter {

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { NoPieceType = 0, Pawn = 1, Knight, Bishop, Rook, Queen, King };
constexpr int PieceTypeCount = 7;  // index 0 is "no piece type"

// A piece is colour * 8 + type, so the type is the low three bits.
enum Piece : std::uint8_t { NoPiece = 0 };
constexpr Piece make_piece(Color c, PieceType t) { return Piece(c * 8 + t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

using Square = int;  // 0..63, or NoSquare
constexpr Square NoSquare = 64;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
constexpr bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
// Rank as seen from the given side (White's rank 1 is Black's rank 8).
constexpr int relative_rank(Color c, Square s) { return c == White ? rank_of(s) : 7 - rank_of(s); }
constexpr Square relative_square(Color c, Square s) { return c == White ? s : s ^ 56; }

namespace sq {
enum : int {
  a1, b1, c1, d1, e1, f1, g1, h1, a2, b2, c2, d2, e2, f2, g2, h2,
  a3, b3, c3, d3, e3, f3, g3, h3, a4, b4, c4, d4, e4, f4, g4, h4,
  a5, b5, c5, d5, e5, f5, g5, h5, a6, b6, c6, d6, e6, f6, g6, h6,
  a7, b7, c7, d7, e7, f7, g7, h7, a8, b8, c8, d8, e8, f8, g8, h8
};
}

// Castling rights as four bits.
enum CastlingRights : std::uint8_t {
  NoCastling = 0,
  WhiteKingside = 1,
  WhiteQueenside = 2,
  BlackKingside = 4,
  BlackQueenside = 8,
  AllCastling = 15
};

// The castling rights lost when a piece leaves or reaches the square (a king's or rook's home).
constexpr int castling_rights_lost(Square s) {
  switch (s) {
    case sq::a1: return WhiteQueenside;
    case sq::h1: return WhiteKingside;
    case sq::e1: return WhiteKingside | WhiteQueenside;
    case sq::a8: return BlackQueenside;
    case sq::h8: return BlackKingside;
    case sq::e8: return BlackKingside | BlackQueenside;
    default: return 0;
  }
}

}  // namespace arbiter
