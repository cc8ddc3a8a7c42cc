#include "rules/timetravel/mirror.h"

#include "rules/core/mirror.h"

namespace arbiter::timetravel {

ManId flip_id(ManId id) { return id < FirstExplosionId ? ManId(flip_square(id)) : id; }

Man colour_flip(const Man& man) {
  if (man.empty()) return man;
  return Man{man.type, ~man.color, man.stage, flip_id(man.id)};
}

Move colour_flip(const Move& move) {
  Move out = move;
  out.from = std::uint8_t(flip_square(move.from));
  out.to = std::uint8_t(flip_square(move.to));
  return out;
}

Board colour_flip(const Board& board) {
  Board out;
  for (Square s = 0; s < 64; ++s)
    if (!board.empty(s)) out.put(flip_square(s), colour_flip(board.man_on(s)));
  for (const Explosion& e : board.explosions()) {
    Explosion flipped{~e.side, e.type, flip_square(e.square), {}};
    for (ManId id : e.supports) flipped.supports.push_back(flip_id(id));
    out.add_explosion(std::move(flipped));
  }
  for (Color c : {White, Black}) out.set_lost_traveling(~c, board.lost_traveling(c));
  out.set_side_to_move(~board.side_to_move());
  out.set_castling_rights(flip_castling(board.castling_rights()));
  const AnnihilationUndo& undo = board.annihilation_undo();
  out.set_en_passant(flip_square(board.en_passant_square()),
                     AnnihilationUndo{flip_square(undo.traveling_square), colour_flip(undo.traveling)});
  out.set_counters(board.halfmove_clock(), board.fullmove_number());
  out.set_classical_names(board.classical_names());
  out.clear_history();
  return out;
}

Game colour_flip(const Game& game) { return Game(colour_flip(game.board()), game.options()); }

}  // namespace arbiter::timetravel
