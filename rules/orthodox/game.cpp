#include "rules/orthodox/game.h"

namespace arbiter::orthodox {

GameStatus Game::status() const {
  const bool check = pos_.in_check();
  if (count_legal() == 0) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
  return check ? GameStatus::Check : GameStatus::Ongoing;
}

std::string_view result_of(GameStatus status, Color side_to_move) {
  if (status == GameStatus::Checkmate) return side_to_move == White ? "0-1" : "1-0";
  if (status == GameStatus::Stalemate) return "1/2-1/2";  // "stalemate, which is the Chess term for a tie game"
  return "*";
}

}  // namespace arbiter::orthodox
