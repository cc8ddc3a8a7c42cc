#pragma once
// Transactional Chess turns as generators plus named predicates. The generator proposes each
// orthodox candidate of the mover's transactional view with each decision (commit, rollback,
// neither); the predicates:
//   legal-in-transactional-view   the orthodox rules in the mover's transactional view
//                                 (the orthodox predicate that fails is named after a colon)
//   destination-not-locked        not ending on a square the opponent has locked
//   path-not-locked               (transactional.locked-squares=no-pass-through) not crossing one
//   transaction-move-limit        no more moves than the transaction allows
//   piece-moves-once              (transactional.piece-moves=once-per-transaction)
//   commit-forced                 a capture, a promotion, a check given in the transactional
//                                 view, or a turn begun in check in the committed view
//   transaction-ends-at-limit     the limit's last move is followed by a commit or a rollback
//   rollback-not-into-apparent-check
//   referee-bounce                (transactional.isolation=strict) the destination's real
//                                 contents differ from what the mover sees

#include <optional>
#include <string>
#include <string_view>

#include "rules/transactional/referee.h"

namespace arbiter::transactional {

struct Rejection {
  std::string predicate;
  std::string detail;
};

void generate_candidates(const Referee& r, const Options& options, ActionList& list);
std::optional<Rejection> first_failed_predicate(const Referee& r, const Options& options, const Action& a);
void generate_legal(const Referee& r, const Options& options, ActionList& list);

// The orthodox moves of the mover's transactional view, with en passant onto every square the
// opponent's last commit opened (there may be several).
void view_moves(const Referee& r, MoveList<>& list, bool legal_only);

// Why a move must be committed ("" if it need not).
std::string commit_reason(const Referee& r, Move m);

// Under strict isolation: does the destination hold what the mover sees? (Always true otherwise.)
bool view_matches_board(const Referee& r, Move m);

// Does the move check the opponent's king in the mover's transactional view?
bool gives_view_check(const Referee& r, Move m);

// Does the side to move have a legal move in its transactional view (locks are unknown to it)?
bool has_view_move(const Referee& r);

}  // namespace arbiter::transactional
