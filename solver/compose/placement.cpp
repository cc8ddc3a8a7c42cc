#include "solver/compose/placement.h"

#include <algorithm>

#include <fmt/core.h>

#include "rules/core/fen.h"

namespace arbiter::compose {

int Placement::units() const {
  return int(std::count_if(board.begin(), board.end(), [](Piece p) { return p != NoPiece; }));
}

int Placement::count(Color c, PieceType t) const {
  return int(std::count(board.begin(), board.end(), make_piece(c, t)));
}

Square Placement::king(Color c) const {
  for (Square s = 0; s < 64; ++s)
    if (board[s] == make_piece(c, King)) return s;
  return NoSquare;
}

Position Placement::position() const {
  Position pos;
  for (Square s = 0; s < 64; ++s)
    if (board[s] != NoPiece) pos.put_piece(board[s], s);
  pos.set_side_to_move(to_move);
  pos.set_counters(0, fullmove);
  pos.clear_history();
  return pos;
}

std::string Placement::fen() const { return write_fen(position()); }

Placement placement_of_fen(std::string_view fen) {
  const Position pos = read_fen(fen);
  Placement p;
  for (Square s = 0; s < 64; ++s) p.board[s] = pos.piece_on(s);
  p.fullmove = pos.fullmove_number();
  p.to_move = pos.side_to_move();
  return p;
}

std::string Placement::tokens_text() const { return fmt::format("{}/{}", tokens[White], tokens[Black]); }

std::string Placement::fen_with_tokens() const {
  std::string f = fen();
  if (has_tokens()) {
    f.push_back(' ');
    f.append(tokens_text());
  }
  return f;
}

namespace {

// The image of square s under symmetry k (bit 0: mirror files, bit 1: mirror ranks, bit 2:
// swap files and ranks).
Square transformed(Square s, int k) {
  int f = file_of(s), r = rank_of(s);
  if (k & 4) std::swap(f, r);
  if (k & 1) f = 7 - f;
  if (k & 2) r = 7 - r;
  return make_square(f, r);
}

}  // namespace

std::string canonical_key(const Placement& p) {
  const bool pawns = p.count(White, Pawn) + p.count(Black, Pawn) > 0;
  std::string best;
  for (int k = 0; k < 8; ++k) {
    if (pawns && k != 0 && k != 1) continue;  // pawns move up the board: only the left-right mirror keeps them
    std::string text(64, '.');
    for (Square s = 0; s < 64; ++s)
      if (p.board[s] != NoPiece) text[transformed(s, k)] = piece_char(p.board[s]);
    if (p.has_tokens()) {
      text.push_back(' ');
      text.append(p.tokens_text());
    }
    if (p.to_move == Black) text.append(" b");
    if (best.empty() || text < best) best = std::move(text);
  }
  return best;
}

}  // namespace arbiter::compose
