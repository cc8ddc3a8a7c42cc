#include "solver/problem/popeye_key.h"

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"

namespace arbiter {

std::string popeye_key_san(const std::string& fen, const std::string& key) {
  const auto move = parse_popeye(read_known_fen(fen), key);
  if (!move) return "";
  orthodox::Game game = orthodox::Game::from_fen(fen, {"<manifest>", 1, 1});
  orthodox::Game::MoveListType moves;
  game.generate_legal(moves);
  for (const auto& m : moves)
    if (game.move_uci(m) == to_uci(*move)) return game.move_text(m);
  return "";
}

}  // namespace arbiter
