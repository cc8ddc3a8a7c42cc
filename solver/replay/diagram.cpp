#include "solver/replay/diagram.h"

#include "rules/core/fen.h"

namespace arbiter {

std::string board_diagram(const Position& pos) {
  std::vector<std::string> rows;
  for (int rank = 7; rank >= 0; --rank) {
    std::string row;
    for (int file = 0; file < 8; ++file) row += piece_char(pos.piece_on(make_square(file, rank)));
    rows.push_back(std::move(row));
  }
  return board_diagram(rows);
}

std::string board_diagram(const std::vector<std::string>& rows) {
  const std::size_t files = rows.empty() ? 0 : rows.front().size();
  std::string letters = "   ", border = "  +";
  for (std::size_t f = 0; f < files; ++f) {
    letters += ' ';
    letters += char('a' + f);
    border += "--";
  }
  letters += '\n';
  border += "-+\n";
  std::string out = letters + border;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string label = std::to_string(rows.size() - r);
    out += label.size() == 1 ? label + " |" : label + "|";
    for (const char c : rows[r]) {
      out += ' ';
      out += c;
    }
    out += " | " + label + '\n';
  }
  return out + border + letters;
}

}  // namespace arbiter
