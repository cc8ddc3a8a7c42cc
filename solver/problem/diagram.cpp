#include "solver/problem/diagram.h"

#include <algorithm>

#include <fmt/core.h>

#include "rules/core/bitboard.h"
#include "rules/core/fen.h"

namespace arbiter::problem {

namespace {

std::string_view color_name(Color c) { return c == White ? "White" : "Black"; }

std::string_view stipulation_name(const Stipulation& s) {
  if (s.structured) return "the structured stipulation";
  return s.kind == Stipulation::HelpMate && s.half_move ? "a helpmate with a half move" : kind_name(s.kind);
}

struct Castle {
  CastlingRights right;
  Color color;
  Square king, rook;
};
constexpr Castle Castles[] = {{WhiteKingside, White, sq::e1, sq::h1},
                              {WhiteQueenside, White, sq::e1, sq::a1},
                              {BlackKingside, Black, sq::e8, sq::h8},
                              {BlackQueenside, Black, sq::e8, sq::a8}};

}  // namespace

int home_square_castling_rights(const Diagram& d) {
  if (d.no_castling_all) return NoCastling;
  auto at_home = [&](Square s, Piece piece) {
    return d.board[s] == piece && std::find(d.no_castling.begin(), d.no_castling.end(), s) == d.no_castling.end();
  };
  int rights = 0;
  for (const Castle& c : Castles)
    if (at_home(c.king, make_piece(c.color, King)) && at_home(c.rook, make_piece(c.color, Rook))) rights |= c.right;
  return rights;
}

Diagram diagram_of(const Position& pos) {
  Diagram d;
  for (Square s = 0; s < 64; ++s) d.board[s] = pos.piece_on(s);
  for (const Castle& c : Castles)
    if (!pos.can_castle(c.right) && d.board[c.king] == make_piece(c.color, King) && d.board[c.rook] == make_piece(c.color, Rook))
      d.no_castling.push_back(c.rook);
  d.en_passant = pos.en_passant_square();
  return d;
}

bool en_passant_fits(const Diagram& d, Color side) {
  if (d.en_passant == NoSquare) return false;
  const Color mover = ~side;  // the side whose pawn made the double step
  const int forward = mover == White ? 8 : -8;
  const Square ep = d.en_passant;
  return relative_rank(mover, ep) == 2 && d.board[ep] == NoPiece && d.board[ep - forward] == NoPiece &&
         d.board[ep + forward] == make_piece(mover, Pawn);
}

Position position_of(const Diagram& d, Color side) {
  Position pos;
  for (Square s = 0; s < 64; ++s)
    if (d.board[s] != NoPiece) pos.put_piece(d.board[s], s);
  pos.set_side_to_move(side);
  pos.set_castling_rights(home_square_castling_rights(d));
  if (en_passant_fits(d, side)) pos.set_en_passant_square(d.en_passant);
  pos.clear_history();
  return pos;
}

bool fen_has_king(std::string_view fen, Color c) {
  return fen.substr(0, fen.find(' ')).find(c == White ? 'K' : 'k') != std::string_view::npos;
}

std::string legal_problem_fen(const Position& pos, const Stipulation& stipulation, const SourceLocation& side_at,
                              const SourceLocation& board_at, const std::string& what, bool kings_optional) {
  const std::string fen = write_fen(pos);
  const std::string subject = what.empty() ? fmt::format("illegal position for '{}'", stipulation.text)
                                           : fmt::format("{} gives an illegal position for '{}'", what, stipulation.text);
  const Color side = pos.side_to_move();
  const bool at_most_one_king_each = popcount(pos.pieces(White, King)) <= 1 && popcount(pos.pieces(Black, King)) <= 1;
  // Said in the problem's terms first: which side the stipulation lets move, and which is in check.
  if (at_most_one_king_each && pos.king_square(~side) != NoSquare && pos.attacked_by(side, pos.king_square(~side)))
    throw ParseError(side_at, fmt::format("{}: {} moves first in {}, but {} (the side not to move) is in check", subject,
                                     color_name(side), stipulation_name(stipulation), color_name(~side)));
  try {
    FenOptions options;
    options.kings_optional = kings_optional;
    (void)read_fen(fen, board_at, options);
  } catch (const ParseError& e) {
    throw ParseError(board_at, fmt::format("{} (FEN {}): {}", subject, fen, e.message()));
  }
  return fen;
}

}  // namespace arbiter::problem
