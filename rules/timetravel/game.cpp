#include "rules/timetravel/game.h"

#include <fmt/format.h>

namespace arbiter::timetravel {

Position Game::position() const {
  Position pos;
  for (Square s = 0; s < 64; ++s)
    if (const Man& m = board_.man_on(s); !m.empty()) pos.put_piece(make_piece(m.color, m.type), s);
  pos.set_side_to_move(board_.side_to_move());
  return pos;
}

std::string Game::diagram() const {
  constexpr std::string_view letters = " PNBRQK";
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += fmt::format("{} ", rank + 1);
    for (int file = 0; file < 8; ++file) {
      const Man& m = board_.man_on(make_square(file, rank));
      if (m.empty()) {
        out += " . ";
        continue;
      }
      const char c = letters[m.type];
      out += fmt::format(" {}{}", m.color == White ? c : char(c - 'A' + 'a'),
                         m.stage == Stage::Traveling ? '~' : m.stage == Stage::Traveled ? '\'' : ' ');
    }
    out += '\n';
  }
  out += "   a  b  c  d  e  f  g  h\n";
  return out;
}

GameStatus Game::status() const {
  const Color us = board_.side_to_move();
  // "A player wins by checkmate or by forcing his opponent into grammatical incorrectness."
  if (grammatically_incorrect(board_, us, options_)) return GameStatus::GrammaticallyIncorrect;
  const bool check = timetravel::in_check(board_, us, options_);
  if (!escape_exists(board_, options_)) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
  return check ? GameStatus::Check : GameStatus::Ongoing;
}

}  // namespace arbiter::timetravel
