#pragma once
// A stipulation's goal: what the last move of a solution must bring about ("#" mate, "="
// stalemate, "x" a capture, ...), in Popeye's symbols. The play (direct, help, self, series)
// says who moves and who aims at it; the goal says what is aimed at, and is judged once, by
// target_reached.h, on the position after a move. The symbols and their meanings are Popeye's
// (py-engl.txt, "stipulation"):
//
//   #   the side to move is checkmated
//   =   the side to move is stalemated (not in check, no legal move)
//   ==  double stalemate: the side to move is stalemated, and so would be the side that moved
//   #=  mate or stalemate
//   +   the move gives check
//   x   the move captures
//   z   a man arrives on the named square (zd5: on d5)
//   00  the move is castling
//   ep  the move is an en passant capture
//   ~   any move
//   c81 a man of the side that moved arrives on its last rank (White: the 8th, Black: the 1st)
//   !#  auto-mate, != auto-stalemate, ## double mate, ##! counter-mate: goals that judge the
//       side that moved as well (mover_goals.h); the goal move of !#, ## and ##! leaves the
//       mover's own king attacked, a move the rules allow there alone
//   ct  circuit: the man that moved arrives on the square it stood on in the diagram
//   <>  exchange: the man that moved arrives on the diagram square of another man of its side,
//       which stands on the mover's diagram square (the two have swapped places)
//   k   kiss (kc5: of the man on c5 in the diagram): the man that moved arrives next to that man
//       (of either side), which has no other neighbour
//   The last three follow men from the diagram (Position::origin): a man keeps who it is when
//   it promotes; the diagram is the position the solving starts from (a twin's own).
//
// Popeye's option GoalIsEnd (`ends_play`): the goal ends the play whichever side reaches it; a
// move of the other side (the one that is not to reach it) that reaches it, judged for that
// side (c81: its own last rank), ends the play unfulfilled. The goals that leave the side to
// move without a move (mate, stalemate) end the play anyway; for them the option changes nothing.

#include <optional>
#include <string>
#include <string_view>

#include "rules/core/types.h"

namespace arbiter {

struct Target {
  enum Kind { Mate, Stalemate, DoubleStalemate, MateOrStalemate, Check, Capture, Square, Castling, EnPassant, AnyMove, Chess81, AutoMate, AutoStalemate, DoubleMate, CounterMate, Circuit, Exchange, Kiss };
  Kind kind = Mate;
  arbiter::Square square = NoSquare;  // Square: the square to reach; Kiss: the kissed man's in the diagram
  bool ends_play = false;             // GoalIsEnd (above)

  // Popeye's symbol: "#", "=", "zd5", ...
  std::string symbol() const;
  // The problemists' word: "mate", "stalemate", "reaching d5", ...
  std::string name() const;
  // Does the goal depend on the move itself (capture, castling, e.p., square), not only on the
  // position after it? Then the engines ask the move's facts before playing it.
  bool needs_move_facts() const {
    return kind == Capture || kind == Square || kind == Castling || kind == EnPassant || kind == Chess81 || needs_identities();
  }
  // Does it follow men from the diagram (ct, <>, k)? Then two positions with the same men on the
  // same squares may differ for it, and the searches' tables key who is who as well.
  bool needs_identities() const { return kind == Circuit || kind == Exchange || kind == Kiss; }
  // Can only a checking move reach it? Then the last ply needs checking moves alone.
  bool needs_check() const { return kind == Mate || kind == Check; }
  // Does reaching it leave the side to move without a move? Then GoalIsEnd changes nothing.
  bool immobilises() const {
    return kind == Mate || kind == Stalemate || kind == DoubleStalemate || kind == MateOrStalemate || kind == DoubleMate || kind == CounterMate;
  }
  // Is its goal move one that leaves the mover's king attacked (!#, ##, ##!: mover_goals.h)?
  bool self_check_goal() const { return kind == AutoMate || kind == DoubleMate || kind == CounterMate; }
  // Does it judge the side that moved (mover_goals.h)? Then it needs an orthodox board.
  bool judges_mover() const { return self_check_goal() || kind == AutoStalemate; }
  // GoalIsEnd in effect: the moves of the side not aiming at the goal must be judged too.
  bool wrong_side_ends_play() const { return ends_play && !immobilises(); }

  bool operator==(const Target&) const = default;
};

// The goal a stipulation form's goal text names ("#", "=", "z" with "d5", ...), or nothing for a
// goal Arbiter does not judge yet ("%", "ctr", "<>r", ...).
std::optional<Target> target_of(std::string_view goal, std::string_view square = "");

}  // namespace arbiter
