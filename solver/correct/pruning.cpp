#include "solver/correct/pruning.h"

namespace arbiter::correct {

Bitboard standing_check_support(const Diagram& d) {
  const Color checked = ~d.to_move();
  const Square king = d.king(checked);
  if (king == NoSquare) return 0;
  const Bitboard occupied = d.occupied();
  Bitboard support = 0;
  for (Square s = 0; s < 64; ++s) {
    const char u = d.board[std::size_t(s)];
    if (u == '.' || (u >= 'A' && u <= 'Z') == (checked == White)) continue;
    if (!(unit_attacks(u, s, occupied) & square_bb(king))) continue;
    support |= square_bb(s) | square_bb(king);
    const char t = u >= 'a' ? char(u - 'a' + 'A') : u;
    if (t == 'B' || t == 'R' || t == 'Q') support |= between(s, king);
  }
  return support;
}

}  // namespace arbiter::correct
