#include "solver/replay/diagram.h"

#include "rules/core/fen.h"

namespace arbiter {

std::string board_diagram(const Position& pos) {
  constexpr std::string_view Files = "    a b c d e f g h\n";
  constexpr std::string_view Border = "  +-----------------+\n";
  std::string out;
  out += Files;
  out += Border;
  for (int rank = 7; rank >= 0; --rank) {
    const char label = char('1' + rank);
    out += label;
    out += " |";
    for (int file = 0; file < 8; ++file) {
      out += ' ';
      out += piece_char(pos.piece_on(make_square(file, rank)));
    }
    out += " | ";
    out += label;
    out += '\n';
  }
  out += Border;
  out += Files;
  return out;
}

}  // namespace arbiter
