#pragma once
// One Transactional Chess game under a referee, for two players who must not see each other's
// pending transactions: `arbiter referee` (the terminal) and the studio's referee (two
// browsers) are front ends of this session. It plays an action for the side to move and says
// what each player is told: his own moves, a lock he met (to him alone), the opponent's commits
// as the text announces them, never a rollback, the end of the game; and which moves a player
// may be offered without learning where the opponent's locks are (offered()).

#include <optional>
#include <string>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/registry/interpretations.h"
#include "rules/transactional/game.h"

namespace arbiter::transactional_referee {

// What one action did.
struct Turn {
  bool played = false;
  // Refused: the predicate that refused it (none: nothing proposes such a move) and what the
  // player is told ("that square is locked: try another move" for a lock, else the reason).
  std::optional<std::string> predicate;
  std::string refusal;
  bool met_lock = false;
  // Played: the action as the record writes it ("T1: Nc3 (C)") and its decision.
  std::string text;
  transactional::Decision decision = transactional::Decision::Continue;
  // A commit: what the opponent is told, line by line ("White has committed: Nb1-Nxc7+", then a
  // line per other piece moved). Empty otherwise: a rollback is not announced.
  std::vector<std::string> announcement;
  // The game ended with this action: "game over: Black is checkmated (1-0)", told to both.
  std::optional<std::string> game_over;
};

class Session {
 public:
  // From a Transactional FEN (empty: the start). Throws ParseError at `where`.
  Session(const std::string& fen, const SourceLocation& where, const InterpretationSettings& interpret);

  const transactional::Game& game() const { return game_; }
  const std::string& start_fen() const { return start_fen_; }
  Color to_move() const { return game_.side_to_move(); }
  bool over() const;

  // The side to move plays `text` ("Nc3", "Nxc7+ (C)", "T1: Nc3"): the transaction number is
  // his own, checked when given. A move the rules refuse is a refused Turn; text naming no move
  // throws ParseError at `where`.
  Turn play_text(const std::string& text, const SourceLocation& where);
  // The same from squares ("b1c3", a promotion letter after them) and a decision ("continue",
  // "commit", "rollback" or empty); throws ParseError naming "decision" for another word.
  Turn play_squares(const std::string& uci, const std::string& decision);

  // The moves `player` may be offered: the legal moves of the state he knows, where the
  // opponent's men stand as last committed and nothing of the opponent's pending transaction
  // exists (no locks, no moved men, his castling rights as committed). The list cannot tell him
  // where the opponent's locks are; the real state judges the move he then plays.
  std::vector<transactional::Action> offered(Color player) const;
  // The same state, to write the offered moves in its notation.
  transactional::Game known_to(Color player) const;

  // "your move, T3 (1 pending)", with the check warning when in check in the committed view.
  std::string prompt() const;
  // "T1: Nc3": a move as the record writes it, the mover's transaction number added when missing.
  static std::string with_transaction(const std::string& text, int transaction);

 private:
  Turn play(const transactional::Action& action);
  std::string start_fen_;
  transactional::Game game_;
};

}  // namespace arbiter::transactional_referee
