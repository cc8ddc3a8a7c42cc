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
