#include "solver/replay/replay.h"

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"

namespace arbiter {


ReplayReport replay(const PgnGame& game, const orthodox::Options& options) {
  return replay_game<orthodox::Game>(game, [&options](std::string_view fen, const SourceLocation& where) {
    return orthodox::Game(read_fen(fen, where), options);
  });
}

}  // namespace arbiter
