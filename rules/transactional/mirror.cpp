#include "rules/transactional/mirror.h"

#include "rules/core/mirror.h"

namespace arbiter::transactional {

namespace {

std::array<Piece, 64> flip_board(const std::array<Piece, 64>& board) {
  std::array<Piece, 64> out{};
  for (Square s = 0; s < 64; ++s) out[flip_square(s)] = flip_piece(board[s]);
  return out;
}

}  // namespace

Action colour_flip(const Action& action) { return Action{flip_move(action.move), action.decision}; }

Referee colour_flip(const Referee& r) {
  Referee out;
  out.committed = flip_board(r.committed);
  for (Color c : {White, Black}) {
    const Color to = ~c;
    out.current[to] = flip_board(r.current[c]);
    out.locks[to] = flip_bitboard(r.locks[c]);
    out.moved[to] = flip_bitboard(r.moved[c]);
    out.pending[to] = r.pending[c];
    out.moves[to].clear();
    for (Move m : r.moves[c]) out.moves[to].push_back(flip_move(m));
    out.texts[to].clear();
    for (const std::string& t : r.texts[c]) out.texts[to].push_back(flip_san(t));
    out.double_steps[to] = flip_bitboard(r.double_steps[c]);
    out.seen[to] = flip_board(r.seen[c]);
  }
  out.transaction[White] = r.transaction[Black] - 1;
  out.transaction[Black] = r.transaction[White] + 1;
  out.castling = flip_castling(r.castling);
  out.committed_castling = flip_castling(r.committed_castling);
  out.en_passant = flip_bitboard(r.en_passant);
  out.side = ~r.side;
  out.fullmove = r.fullmove;
  out.mover_lost = r.mover_lost;
  out.strict = r.strict;
  return out;
}

Game colour_flip(const Game& game) { return Game(colour_flip(game.referee()), game.options()); }

}  // namespace arbiter::transactional
