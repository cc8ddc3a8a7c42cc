#pragma once
// Long algebraic notation as UCI writes it: from square, to square, promotion letter
// (e2e4, e7e8q, e1g1 for castling).

#include <optional>
#include <string>
#include <string_view>

#include "rules/core/move.h"
#include "rules/core/position.h"

namespace arbiter {

std::string to_uci(Move m);

// The legal move spelled by `text` in `pos`, or nothing. Also accepts the "e2-e4" and
// "e2xe4" spellings of long algebraic notation.
std::optional<Move> parse_uci(const Position& pos, std::string_view text);

}  // namespace arbiter
