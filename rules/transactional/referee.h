#pragma once
// The referee's state of a Transactional Chess game and the three views (RULES.md):
//   committed view      both sides' pieces as last committed, what both players have seen;
//   transactional view  a player's own pieces where his pending moves put them, over the
//                       opponent's committed pieces: legality is judged here;
//   potential view      the true board, both sides' pending moves applied.
// A capture or a promotion forces a commit in the same turn, so between turns the pending
// moves of a side only move its pieces: the same pieces stand in its committed and current
// placements, on other squares.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/move.h"
#include "rules/core/position.h"
#include "rules/core/types.h"
#include "rules/transactional/options.h"

namespace arbiter::transactional {

enum class Decision : std::uint8_t { Continue, Commit, Rollback };

// One turn: a move, then commit, rollback or neither.
struct Action {
  Move move;
  Decision decision = Decision::Continue;
  friend bool operator==(const Action&, const Action&) = default;
};

using ActionList = arbiter::MoveList<Action, 1024>;

struct Referee {
  std::array<Piece, 64> committed{};   // the committed view
  std::array<Piece, 64> current[2]{};  // each side's own pieces, pending moves applied
  Bitboard locks[2] = {0, 0};          // from and to squares of the pending moves
  Bitboard moved[2] = {0, 0};          // squares of pieces that moved in the pending transaction
  int pending[2] = {0, 0};             // moves in the pending transaction
  std::vector<Move> moves[2];          // the pending moves, in order
  std::vector<std::string> texts[2];   // ... as written (SAN in the transactional view)
  int transaction[2] = {1, 2};         // T<n>: odd for White, even for Black
  int castling = AllCastling;          // rights as the pieces have really moved
  int committed_castling = AllCastling;  // rights a rollback returns to
  Bitboard en_passant = 0;             // squares the side to move may take en passant on this turn
  Bitboard double_steps[2] = {0, 0};   // pending two-square advances (pawn's current square)
  Color side = White;
  int fullmove = 1;
  bool mover_lost = false;             // the last commit put the committer in check (he loses)
  // transactional.isolation=strict: each side sees the committed view as it was when its
  // transaction began.
  bool strict = false;
  std::array<Piece, 64> seen[2]{};

  static Referee start();
  // A position where nothing is pending: every view equals the FEN's board.
  static Referee from_position(const Position& pos);

  Position committed_view() const;
  // The committed view as `c` knows it (under strict isolation, as of c's transaction start).
  Position committed_view_of(Color c) const;
  Position transactional_view(Color c) const;
  Position potential_view() const;
  bool committed_check(Color c) const;  // is c's king attacked in the committed view c knows?
  std::uint64_t key() const;
  friend bool operator==(const Referee&, const Referee&) = default;  // every field: the same state
};

// Playing an action on the referee's state (the action must be legal).
struct ActionEffects {
  bool captured = false;
  bool promoted = false;
};
ActionEffects apply_move(Referee& r, Move m);
void apply_commit(Referee& r);
void apply_rollback(Referee& r, Color side);

}  // namespace arbiter::transactional
