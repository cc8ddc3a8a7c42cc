#include "rules/orthodox/game.h"

#include "rules/notation/san.h"
#include "rules/notation/uci.h"

namespace arbiter::orthodox {

Move Game::parse_move(std::string_view text, const SourceLocation& where) const {
  return parse_san(pos_, text, where, options_);
}

std::string Game::move_text(Move m) const { return to_san(pos_, m, options_); }

std::string Game::move_uci(Move m) const { return to_uci(m); }

GameStatus Game::status() const {
  const bool check = pos_.in_check();
  if (!has_legal_move()) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
  return check ? GameStatus::Check : GameStatus::Ongoing;
}


}  // namespace arbiter::orthodox
