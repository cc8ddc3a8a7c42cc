#include "solver/stipulation/mover_goals.h"

#include "rules/notation/san.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/movegen.h"

namespace arbiter::mover_goals {

namespace {

bool attacked_king(const Position& pos, Color side) {
  const Square k = pos.king_square(side);
  return k != NoSquare && pos.attacked_by(~side, k);
}

// The side to move has a move that breaks no rule (the candidates, each judged by the predicates).
bool mobile_to_move(Position& pos) {
  MoveList<> candidates;
  orthodox::generate_candidates(pos, candidates);
  for (const Move m : candidates)
    if (!orthodox::first_failed_predicate(pos, m)) return true;
  return false;
}

}  // namespace

bool mobile(Position& pos, Color side) {
  if (pos.side_to_move() == side) return mobile_to_move(pos);
  pos.make_null();
  const bool r = mobile_to_move(pos);
  pos.unmake_null();
  return r;
}

bool reached(Position& pos, const Target& target) {
  const Color to_move = pos.side_to_move(), mover = ~to_move;
  switch (target.kind) {
    case Target::AutoMate: return attacked_king(pos, mover) && !mobile(pos, mover);
    case Target::AutoStalemate: return !attacked_king(pos, to_move) && !attacked_king(pos, mover) && !mobile(pos, mover);
    case Target::DoubleMate:
    case Target::CounterMate:
      return attacked_king(pos, to_move) && attacked_king(pos, mover) && !mobile(pos, to_move) && !mobile(pos, mover);
    default: return false;
  }
}

void goal_moves(Position& pos, const Target& target, MoveList<>& out) {
  if (!target.self_check_goal()) return;
  const Color us = pos.side_to_move();
  // The prerequisites, judged before the move: ## a side with a legal move, ##! a mated side.
  if (target.kind == Target::DoubleMate && !mobile_to_move(pos)) return;
  if (target.kind == Target::CounterMate && !(attacked_king(pos, us) && !mobile_to_move(pos))) return;
  MoveList<> candidates;
  orthodox::generate_candidates(pos, candidates);
  for (const Move m : candidates) {
    if (orthodox::first_failed_predicate(pos, m) != orthodox::Predicate::KingNotLeftGuarded) continue;
    pos.make(m);
    const bool r = reached(pos, target);
    pos.unmake();
    if (r) out.push(m);
  }
}

std::optional<Move> spelt_goal_move(Position& pos, const Target& target, std::string_view text) {
  const auto body = [](std::string_view t) {
    while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
    return t;
  };
  MoveList<> moves;
  goal_moves(pos, target, moves);
  for (const Move m : moves) {
    const std::string san = san_body(pos, m);
    if (body(san) == body(text) || to_uci(m) == text) return m;
  }
  return std::nullopt;
}

}  // namespace arbiter::mover_goals
