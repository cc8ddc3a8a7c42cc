#pragma once
// Transactional Chess (Peter Aronson, 2001) as its text states it, with what it leaves open
// resolved by name. Each enum is one interpretation; the first enumerator is the default. The
// quotes and meanings are in interpretations() (options.cpp).

#include <string_view>
#include <vector>

#include "rules/core/interpretation.h"

namespace arbiter::transactional {

// transactional.move-limit: moves per transaction ("so up to five times"; the Notes suggest
// other limits).
enum class MoveLimit { Five, One, Three, Unlimited };

// transactional.transaction-end: after the limit's last move the player must commit or roll
// back (a record's unmarked last move is an error), or that move commits by itself.
enum class TransactionEnd { Explicit, ImplicitCommit };

// transactional.locked-squares: a move may pass through squares the opponent has locked (the
// text), or may not (the Notes' variant).
enum class LockedSquares { PassThrough, NoPassThrough };

// transactional.piece-moves: a piece may move as often as the limit allows (the Questions and
// Answers), or once per transaction (the Notes' variant).
enum class PieceMoves { Any, OncePerTransaction };

// transactional.opponent-commit: when the opponent's commit captures one of a player's pieces,
// the player's pending transaction stands, or is rolled back (its moves may rest on the piece).
enum class OpponentCommit { Keep, RollbackOnCapture };

// transactional.isolation: a player sees the opponent's commits at once (the text's "rather
// poor degree of transaction isolation"), or only from his own next transaction on (the Notes'
// "proper degree of transactional isolation").
enum class Isolation { ReadCommitted, Strict };

struct Options {
  MoveLimit move_limit = MoveLimit::Five;
  TransactionEnd transaction_end = TransactionEnd::Explicit;
  LockedSquares locked_squares = LockedSquares::PassThrough;
  PieceMoves piece_moves = PieceMoves::Any;
  OpponentCommit opponent_commit = OpponentCommit::Keep;
  Isolation isolation = Isolation::ReadCommitted;

  int limit() const {
    switch (move_limit) {
      case MoveLimit::Five: return 5;
      case MoveLimit::One: return 1;
      case MoveLimit::Three: return 3;
      case MoveLimit::Unlimited: return 1 << 20;
    }
    return 5;
  }
};

const std::vector<Interpretation>& interpretations();
bool apply_interpretation(Options& options, std::string_view id, std::string_view choice);
// The choice `options` applies for an interpretation, as apply_interpretation names it ("" for
// an unknown id).
std::string_view current_choice(const Options& options, std::string_view id);

}  // namespace arbiter::transactional
