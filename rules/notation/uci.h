#pragma once
// Long algebraic notation as UCI writes it: from square, to square, promotion letter
// (e2e4, e7e8q, e1g1 for castling).

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/move.h"
#include "rules/core/position.h"

namespace arbiter {

std::string to_uci(Move m);

// The (from, to) squares of every move in a UCI-style text, moves separated by commas as a
// variant writes several moves of one turn: "d7h3,h3g2" -> (d7, h3), (h3, g2); "f2h3ep" -> (f2, h3).
std::vector<std::pair<Square, Square>> uci_squares(std::string_view text);

// The legal move spelled by `text` in `pos`, or nothing. Also accepts the "e2-e4" and
// "e2xe4" spellings of long algebraic notation.
std::optional<Move> parse_uci(const Position& pos, std::string_view text);

}  // namespace arbiter
