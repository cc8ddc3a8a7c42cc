#include "rules/conditional/movegen.h"

#include "rules/core/bitboard.h"
#include "rules/orthodox/movegen.h"

namespace arbiter::conditional {

int statable_moves(const Position& pos, Color c) {
  int count = 0;
  for (Bitboard men = pos.pieces(c); men;) {
    const Square s = pop_lsb(men);
    switch (type_of(pos.piece_on(s))) {
      case Pawn: {
        const int rank = relative_rank(c, s);
        if (rank == 7) break;  // cannot stand there; nothing to state
        const int targets = 1 + popcount(pawn_attacks(c, s));
        count += rank == 6 ? 4 * targets : targets;  // each promotion piece is its own move
        if (rank == 1) ++count;                      // the double step
        break;
      }
      case Knight: count += popcount(knight_attacks(s)); break;
      case Bishop: count += popcount(bishop_attacks(s, 0)); break;
      case Rook: count += popcount(rook_attacks(s, 0)); break;
      case Queen: count += popcount(queen_attacks(s, 0)); break;
      case King: {
        count += popcount(king_attacks(s));
        if (s == relative_square(c, sq::e1)) {
          const Piece rook = make_piece(c, Rook);
          count += (pos.piece_on(relative_square(c, sq::h1)) == rook) + (pos.piece_on(relative_square(c, sq::a1)) == rook);
        }
        break;
      }
      default: break;
    }
  }
  return count;
}

bool checks_without_mate(Position& pos, Move m) {
  if (!orthodox::gives_check(pos, m)) return false;
  pos.make(m);
  const bool mate = !orthodox::has_legal_move(pos);
  pos.unmake();
  return !mate;
}

void generate_candidates(const Position& pos, Phase phase, ActionList& out) {
  MoveList<> moves;
  orthodox::generate_candidates(pos, moves);
  for (Move m : moves) out.push(phase == Phase::C ? Action::execute(m) : Action::normal(m));
  if (phase == Phase::C) out.push(Action::skip());
}

void generate_legal(Position& pos, Phase phase, int statable, ActionList& out) {
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  if (phase == Phase::A) {
    for (Move m : moves)
      if (!checks_without_mate(pos, m)) out.push(Action::normal(m));
    return;
  }
  for (Move m : moves) out.push(phase == Phase::C ? Action::execute(m) : Action::normal(m));
  if (phase == Phase::C && statable > moves.size()) out.push(Action::skip());
}

bool has_legal_action(Position& pos, Phase phase) {
  if (phase == Phase::C) return true;  // a C-ply always happens: executed or skipped
  if (phase != Phase::A) return orthodox::has_legal_move(pos);
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  for (Move m : moves)
    if (!checks_without_mate(pos, m)) return true;
  return false;
}

std::optional<std::string_view> first_failed_predicate(Position& pos, Phase phase, int statable, const Action& a) {
  if (a.kind == ActionKind::Unread) return "no-ply-is-unread";
  if (a.kind == ActionKind::Skip) {
    if (phase != Phase::C) return "skip-only-in-c-ply";
    MoveList<> moves;
    orthodox::generate_legal(pos, moves);
    if (statable <= moves.size()) return "c-skip-needs-an-illegal-statable-move";
    return std::nullopt;
  }
  if (a.kind == ActionKind::Statement) return phase == Phase::C ? std::nullopt : std::optional<std::string_view>("statement-only-in-c-ply");
  if ((a.kind == ActionKind::Execute) != (phase == Phase::C)) return "c-ply-executes-a-statement";
  if (auto p = orthodox::first_failed_predicate(pos, a.move)) return orthodox::predicate_name(*p);
  if (phase == Phase::A && checks_without_mate(pos, a.move)) return "a-move-checks-only-with-mate";
  return std::nullopt;
}

}  // namespace arbiter::conditional
