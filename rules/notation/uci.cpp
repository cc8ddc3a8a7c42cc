#include "rules/notation/uci.h"

#include <cctype>

#include "rules/core/fen.h"
#include "rules/orthodox/movegen.h"

namespace arbiter {

std::string to_uci(Move m) {
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) s += char(std::tolower(piece_char(make_piece(White, m.promotion()))));
  return s;
}

std::optional<Move> parse_uci(const Position& pos, std::string_view text) {
  std::string compact;
  for (char c : text)
    if (c != '-' && c != 'x') compact += char(std::tolower(static_cast<unsigned char>(c)));
  if (compact.size() == 6 && compact[4] == '=') compact.erase(4, 1);
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  for (Move m : moves)
    if (to_uci(m) == compact) return m;
  return std::nullopt;
}

std::vector<std::pair<Square, Square>> uci_squares(std::string_view uci) {
  std::vector<std::pair<Square, Square>> out;
  std::size_t i = 0;
  while (i + 4 <= uci.size()) {
    // Time Traveler's moves put slashes between the squares: f6/e8, d2//d4.
    std::size_t j = i + 2;
    while (j < uci.size() && uci[j] == '/') ++j;
    const Square from = parse_square(uci.substr(i, 2)), to = parse_square(uci.substr(j, 2));
    if (from != NoSquare && to != NoSquare) out.push_back({from, to});
    const auto comma = uci.find(',', i);
    if (comma == std::string::npos) break;
    i = comma + 1;
  }
  return out;
}

}  // namespace arbiter
