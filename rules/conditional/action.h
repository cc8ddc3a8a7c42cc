#pragma once
// One ply of Conditional Chess, in the order the plies happen on the board:
//   A-move, B-move (normal moves), C-move (the conditional stated after the A-move, executed
//   after the B-move), and under conditional.illegal-c-move=opponent-moves the substitute
//   move the opponent makes with one of the C-mover's men.
// A record gives the C-ply as the statement ("Bg5?*Nf6*/c4"); a move generator gives the
// C-ply's outcomes instead (the move executed, or nothing when the stated move is illegal),
// which is what a perft walks (see RULES.md for how statements are counted).

#include <cstdint>

#include "rules/conditional/statement.h"
#include "rules/core/move.h"

namespace arbiter::conditional {

// Who acts in the position: the phase of the turn cycle.
enum class Phase : std::uint8_t { A, B, C, Substitute };

enum class ActionKind : std::uint8_t {
  Move,       // an A-, B- or substitute move
  Statement,  // a C-ply as stated: resolved when played
  Execute,    // a C-ply outcome: this move is executed
  Skip,       // a C-ply outcome: the stated move is illegal and not played
  Unread,     // a record's ply that no reading makes legal, passed over so checking can go on
              // (never generated: replay's edit search uses it as its costliest edit)
};

struct Action {
  ActionKind kind = ActionKind::Move;
  Move move;            // Move, Execute
  Statement statement;  // Statement

  static Action normal(Move m) { return {ActionKind::Move, m, {}}; }
  static Action stated(const Statement& s) { return {ActionKind::Statement, Move(), s}; }
  static Action execute(Move m) { return {ActionKind::Execute, m, {}}; }
  static Action skip() { return {ActionKind::Skip, Move(), {}}; }
  static Action unread() { return {ActionKind::Unread, Move(), {}}; }

  friend bool operator==(const Action& a, const Action& b) {
    if (a.kind != b.kind) return false;
    if (a.kind == ActionKind::Statement) return a.statement == b.statement;
    return a.move == b.move;
  }
};

using ActionList = MoveList<Action, 256>;

}  // namespace arbiter::conditional
