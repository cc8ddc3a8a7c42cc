#include "solver/correct/correction_search.h"

namespace arbiter::correct::detail {

std::vector<char> read_placement(const std::string& fen) {
  std::vector<char> board(64, '.');
  int rank = 7, file = 0;
  for (char c : fen) {
    if (c == ' ') break;
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else if (rank >= 0 && file < 8) {
      board[std::size_t(make_square(file++, rank))] = c;
    }
  }
  return board;
}

std::string with_placement(const std::string& fen, const std::vector<char>& board) {
  std::string placement;
  for (int rank = 7; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[std::size_t(make_square(file, rank))];
      if (c == '.') {
        ++gap;
        continue;
      }
      if (gap) placement += char('0' + gap);
      gap = 0;
      placement += c;
    }
    if (gap) placement += char('0' + gap);
    if (rank) placement += '/';
  }
  const auto space = fen.find(' ');
  return space == std::string::npos ? placement : placement + fen.substr(space);
}

Bitboard attacks_of(char piece, Square s, Bitboard occupied) {
  const bool white = piece >= 'A' && piece <= 'Z';
  switch (white ? piece : char(piece - 'a' + 'A')) {
    case 'P': return pawn_attacks(white ? White : Black, s);
    case 'N': return knight_attacks(s);
    case 'B': return bishop_attacks(s, occupied);
    case 'R': return rook_attacks(s, occupied);
    case 'Q': return queen_attacks(s, occupied);
    case 'K': return king_attacks(s);
    default: return 0;
  }
}

}  // namespace arbiter::correct::detail
