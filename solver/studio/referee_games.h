#pragma once
// The studio's Transactional Chess referee: games between two browsers, each player holding an
// unguessable token that opens his own view only. Each game is a referee session
// (solver/variants/transactional_referee.h, shared with `arbiter referee`), which keeps the
// whole state; a player is shown the committed view, his own transactional view, pending moves
// and locks, and what the referee told him (his own moves, lock encounters, the opponent's
// commit announcements), never the opponent's pending transaction, not even through the list of
// moves offered to him. Every game is saved to disk after every action and read back when the
// server starts again.

#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/types.h"
#include "rules/registry/interpretations.h"
#include "solver/variants/transactional_referee.h"

namespace arbiter::studio {

// A move by the player whose turn it is not (HTTP 409).
class NotYourTurn : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RefereeMove {
  std::string text;      // "Nc3", "T1: Nxc7+(C)", "e4 (R)": the command-line referee's input
  std::string uci;       // or squares from a click, with
  std::string decision;  // "continue", "commit" or "rollback"
};

struct RefereeAnswer {
  bool legal = false;
  std::optional<std::string> predicate;  // what refused it
  std::string message;
};

class RefereeGames {
 public:
  // Saved games live in `folder` (one JSON file a game) and are read now; a file that cannot be
  // read is reported on `warnings` and left alone.
  explicit RefereeGames(std::string folder, std::vector<std::string>* warnings = nullptr);

  struct Created {
    std::string game, white_token, black_token;
  };
  // A new game from a Transactional FEN (empty: the start). Throws ParseError naming "fen".
  Created create(const std::string& fen, const InterpretationSettings& interpret);

  enum class Access { NoGame, Denied, White, Black };
  Access access(const std::string& game, const std::string& token) const;

  // What `player` may see of `game` (which must exist).
  nlohmann::ordered_json view(const std::string& game, Color player) const;
  // `player` plays; throws NotYourTurn, and ParseError for text naming no move.
  RefereeAnswer move(const std::string& game, Color player, const RefereeMove& move);

 private:
  struct Game {
    InterpretationSettings interpret;
    std::string tokens[2];
    std::vector<std::string> actions;        // as played, in the record's notation
    std::vector<std::string> messages[2];    // what the referee told each player
    transactional_referee::Session session;
  };
  void save(const std::string& id, const Game& g) const;
  Game load(const std::string& path) const;
  std::string folder_;
  mutable std::mutex mutex_;
  std::map<std::string, Game> games_;
};

}  // namespace arbiter::studio
