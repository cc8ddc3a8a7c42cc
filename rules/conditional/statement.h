#pragma once
// A conditional move as a player states it: "cond?then/else", or "!move" when both branches
// are the same. The branches are kept as written (SAN) and resolved only when the C-move is
// executed, after the opponent's B-move: a stated move names a man and a square, and whether
// it is legal (or even which man "Ncd3" means) is known only then.
//
// Conditions (the text's three kinds, relative to the player who states them):
//   a8?    is a8 empty?
//   Eg7?   is there an enemy man on g7?
//   Bg5?   is there an enemy bishop on g5? (K, Q, R, B, N, P)
// The record marks the branch that was played with stars: "Bg5?*Nf6*/c4".

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/core/parse_error.h"
#include "rules/core/position.h"

namespace arbiter::conditional {

enum class ConditionKind : std::uint8_t { Always, Empty, Enemy, EnemyOfType };

struct Condition {
  ConditionKind kind = ConditionKind::Always;
  PieceType type = NoPieceType;  // EnemyOfType
  Square square = NoSquare;
};

// Which branch a record marks as played ("*...*"), or which one the condition selects.
enum class Branch : std::uint8_t { None, Then, Else };

struct Statement {
  static constexpr std::size_t MoveChars = 12;  // "exd8=Q+" fits; longer text is refused
  Condition condition;
  std::array<char, MoveChars> then_move{};  // NUL-terminated SAN as written
  std::array<char, MoveChars> else_move{};
  Branch marked = Branch::None;

  std::string_view then_text() const { return then_move.data(); }
  std::string_view else_text() const { return else_move.data(); }
  bool unconditional() const { return condition.kind == ConditionKind::Always; }
  // The same statement: "h5?Qe2/Qe2" is "!Qe2" (the condition no longer matters).
  friend bool operator==(const Statement& a, const Statement& b) {
    if (a.then_move != b.then_move || a.else_move != b.else_move) return false;
    if (a.then_move == a.else_move) return true;
    return a.condition.kind == b.condition.kind && a.condition.type == b.condition.type &&
           a.condition.square == b.condition.square;
  }
};

// Is the condition true for `stater` in `pos`? (Always: true.)
bool holds(const Position& pos, Color stater, const Condition& c);
// The branch a statement selects in `pos`, and its move text.
Branch selected_branch(const Position& pos, Color stater, const Statement& s);
std::string_view branch_text(const Statement& s, Branch b);

// Reads "Bg5?Nf6/c4", "Bg5?*Nf6*/c4", "a8?Nh4/e6", "!Qe7". Throws ParseError pointing at the
// offending character for anything else, saying what was expected.
Statement read_statement(std::string_view text, const SourceLocation& where);
// "Bg5?Nf6/c4"; with `mark`, that branch in stars ("Bg5?*Nf6*/c4"). "!Qe7" when both
// branches are the same text.
std::string statement_text(const Statement& s, Branch mark = Branch::None);
std::string condition_text(const Condition& c);
// "is there an enemy bishop on g5"
std::string condition_question(const Condition& c);

}  // namespace arbiter::conditional
