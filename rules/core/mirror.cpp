#include "rules/core/mirror.h"

namespace arbiter {

std::string flip_san(std::string_view san) {
  std::string out(san);
  for (char& c : out)
    if (c >= '1' && c <= '8') c = char('1' + '8' - c);
  return out;
}

Position colour_flip(const Position& pos) {
  Position out;
  for (Bitboard b = pos.occupied(); b;) {
    const Square s = pop_lsb(b);
    out.put_piece(flip_piece(pos.piece_on(s)), flip_square(s));
  }
  // The side first: whether the en passant square enters the key depends on who may capture.
  out.set_side_to_move(~pos.side_to_move());
  out.set_castling_rights(flip_castling(pos.castling_rights()));
  out.set_en_passant_square(flip_square(pos.en_passant_square()));
  out.set_counters(pos.halfmove_clock(), pos.fullmove_number());
  out.clear_history();
  return out;
}

}  // namespace arbiter
