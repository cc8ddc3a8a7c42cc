#pragma once
// Time Traveler's Chess as a forced-mate search must read it for the two claims of mate_claim.h.
// A generic prover calls a position mate when the side to move is in check and has no legal
// move. Here a side that is grammatically incorrect (it has lost a traveling man, say) has no
// legal move either, and may or may not be in check: its game is over, "A player wins by
// checkmate or by forcing his opponent into grammatical incorrectness". So:
//   CheckmateGame: such a side is never in check: the prover's mates are checkmates only;
//   WinGame:       such a side is always in check: the prover's mates are both ways of winning.
// Both end the game where Game::status() does: when no move gets out of check.

#include <string_view>
#include <utility>

#include "rules/timetravel/game.h"

namespace arbiter::timetravel {

// Mate as Game::status() decides it: no move out of check (escape_exists), which under
// timetravel.self-check=legal is not the same as no legal move. (Generation plays and takes back
// each candidate: the position is unchanged, as Game's own const members rely on.)
inline bool has_escape(const Game& g) { return escape_exists(const_cast<Board&>(g.board()), g.options()); }

class CheckmateGame : public Game {
 public:
  explicit CheckmateGame(Game game) : Game(std::move(game)) {}
  static CheckmateGame from_fen(std::string_view fen, const SourceLocation& where) {
    return CheckmateGame(Game::from_fen(fen, where));
  }
  bool in_check() const { return !grammatically_incorrect(board(), side_to_move(), options()) && Game::in_check(); }
  bool has_legal_move() const { return has_escape(*this); }
};

class WinGame : public Game {
 public:
  explicit WinGame(Game game) : Game(std::move(game)) {}
  static WinGame from_fen(std::string_view fen, const SourceLocation& where) { return WinGame(Game::from_fen(fen, where)); }
  bool in_check() const { return grammatically_incorrect(board(), side_to_move(), options()) || Game::in_check(); }
  bool has_legal_move() const { return has_escape(*this); }
};

static_assert(RuleSet<CheckmateGame>);
static_assert(RuleSet<WinGame>);

}  // namespace arbiter::timetravel
