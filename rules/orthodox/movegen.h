#pragma once
// Orthodox move generation in the shape of the referee text's "Formalized Plies":
// generators propose candidate moves by each piece's movement rules, named predicates accept
// or reject them.
//
// Two paths give the same answer (a test checks it on many positions):
//  - generate_legal(): the fast path. Each predicate is folded into a bitboard mask computed
//    once per position (check evasion squares, pin lines, guarded squares), so no candidate is
//    made and unmade to test it. This is what perft and the solvers use.
//  - generate_candidates() + first_failed_predicate(): the explicit path, one predicate at a
//    time, used to explain why a move is illegal.

#include <optional>
#include <string_view>

#include "rules/core/move.h"
#include "rules/core/position.h"
#include "rules/orthodox/options.h"

namespace arbiter::orthodox {

void generate_legal(const Position& pos, MoveList<>& moves, const Options& options = {});

// The legal moves that give check (what the attacker's last move in a mate search needs).
void generate_legal_checks(const Position& pos, MoveList<>& moves, const Options& options = {});

// Is there any legal move? Stops at the first (mate and stalemate tests).
bool has_legal_move(const Position& pos, const Options& options = {});

// Number of legal moves, without keeping them (perft's last ply).
int count_legal(const Position& pos, const Options& options = {});

// Does this (legal) move give check? Computed from bitboards, without playing it: direct
// checks by the piece on its arrival square, discovered checks by sliders behind it, and the
// rook of a castling move.
bool gives_check(const Position& pos, Move m);

// gives_check() for many moves of one position (a search orders every move by it): the squares
// from which each piece type would attack the enemy king, and our pieces that unmask a slider
// on it, are computed once; then a normal move is two bitboard tests. The special moves
// (promotion, en passant, castling) take the full test. Like the check generator, it relies on
// the position being legal: the side to move gives no check before its move.
class CheckTest {
 public:
  explicit CheckTest(const Position& pos);
  bool gives_check(Move m) const {
    if (m.kind() != MoveKind::Normal) return orthodox::gives_check(pos_, m);
    const Bitboard to = square_bb(m.to());
    if (check_squares_[type_of(pos_.piece_on(m.from()))] & to) return true;
    return (discoverers_ & square_bb(m.from())) && !(line(king_, m.from()) & to);
  }
  Square king() const { return king_; }  // the enemy king (NoSquare: none, no move checks)
  Bitboard check_squares(PieceType t) const { return check_squares_[t]; }
  Bitboard discoverers() const { return discoverers_; }

 private:
  const Position& pos_;
  Square king_;
  Bitboard check_squares_[PieceTypeCount];
  Bitboard discoverers_;
};

// Every move the pieces' movement rules allow, ignoring the predicates below.
// Castling is proposed whenever the right is held.
void generate_candidates(const Position& pos, MoveList<>& moves);

enum class Predicate {
  KingNotLeftGuarded,        // "Globally: not threat[king]": the mover's king is not guarded after the ply
  CastlingRightHeld,         // "If the king has not moved from its home space, and one of the rooks has not moved"
  CastlingPathEmpty,         // "the spaces between the king and the rook in question are empty"
  CastlingNotOutOfCheck,     // the king's current location is not guarded
  CastlingSquaresUnguarded,  // the squares crossed (and, under referee-text, up to the rook) are not guarded
};

std::string_view predicate_name(Predicate p);
std::string_view predicate_rule(Predicate p);  // the rule in words, for error messages

// The first predicate that rejects a candidate move, or nothing when the move is legal.
// `pos` is restored before returning.
std::optional<Predicate> first_failed_predicate(Position& pos, Move candidate, const Options& options = {});

}  // namespace arbiter::orthodox
