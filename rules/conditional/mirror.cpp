#include "rules/conditional/mirror.h"

#include <algorithm>

#include "rules/core/mirror.h"

namespace arbiter::conditional {

namespace {

std::array<char, Statement::MoveChars> flip_text(const std::array<char, Statement::MoveChars>& text) {
  const std::string flipped = flip_san(text.data());
  std::array<char, Statement::MoveChars> out{};
  std::copy(flipped.begin(), flipped.end(), out.begin());
  return out;
}

}  // namespace

Statement colour_flip(const Statement& s) {
  Statement out = s;
  out.condition.square = flip_square(s.condition.square);
  out.then_move = flip_text(s.then_move);
  out.else_move = flip_text(s.else_move);
  return out;
}

Action colour_flip(const Action& a) {
  Action out = a;
  if (a.kind == ActionKind::Move || a.kind == ActionKind::Execute) out.move = flip_move(a.move);
  if (a.kind == ActionKind::Statement) out.statement = colour_flip(a.statement);
  return out;
}

Game colour_flip(const Game& game) {
  return Game(arbiter::colour_flip(game.position()), game.phase(), game.statable(), game.options());
}

}  // namespace arbiter::conditional
