#include "rules/transactional/movegen.h"

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/orthodox/movegen.h"

namespace arbiter::transactional {

namespace {

constexpr Decision Decisions[3] = {Decision::Continue, Decision::Commit, Decision::Rollback};

// The squares a move crosses (not its ends): for locks that may not be passed.
Bitboard crossed(Move m) {
  if (m.kind() == MoveKind::Castling) {
    const bool kingside = m.to() > m.from();
    return kingside ? square_bb(m.from() + 1) : square_bb(m.from() - 1) | square_bb(m.from() - 3);
  }
  return between(m.from(), m.to()) & ~square_bb(m.to());
}

// Squares a move ends on (castling: the king's and the rook's).
Bitboard destinations(Move m) {
  if (m.kind() != MoveKind::Castling) return square_bb(m.to());
  const bool kingside = m.to() > m.from();
  return square_bb(m.to()) | square_bb(kingside ? m.from() + 1 : m.from() - 1);
}

bool captures(const Referee& r, Move m) {
  return m.kind() == MoveKind::EnPassant || (r.committed[m.to()] != NoPiece && color_of(r.committed[m.to()]) != r.side);
}

}  // namespace

bool view_matches_board(const Referee& r, Move m) {
  if (!r.strict) return true;
  // The destination (and an en passant victim) must hold what the player sees: no capture of
  // a piece that has left, no landing on one that has arrived.
  const Color them = ~r.side;
  auto theirs = [&](const std::array<Piece, 64>& b, Square s) { return b[s] != NoPiece && color_of(b[s]) == them; };
  const Square s = m.kind() == MoveKind::EnPassant ? (r.side == White ? m.to() - 8 : m.to() + 8) : m.to();
  return theirs(r.seen[r.side], s) == theirs(r.committed, s) && (!theirs(r.committed, s) || r.seen[r.side][s] == r.committed[s]);
}

void view_moves(const Referee& r, MoveList<>& list, bool legal_only) {
  Position view = r.transactional_view(r.side);
  auto gen = [&](const Position& p, MoveList<>& out) {
    if (legal_only) orthodox::generate_legal(p, out);
    else orthodox::generate_candidates(p, out);
  };
  gen(view, list);
  for (Bitboard e = r.en_passant; e;) {
    const Square ep = pop_lsb(e);
    Position with_ep = view;
    with_ep.set_en_passant_square(ep);
    with_ep.clear_history();
    MoveList<> more;
    gen(with_ep, more);
    for (Move m : more)
      if (m.kind() == MoveKind::EnPassant && !list.contains(m)) list.push(m);
  }
}

std::string commit_reason(const Referee& r, Move m) {
  if (captures(r, m)) return "it captures";
  if (m.kind() == MoveKind::Promotion) return "it promotes";
  if (r.committed_check(r.side)) return "the turn began in check (committed view)";
  if (gives_view_check(r, m)) return "it gives check (transactional view)";
  return "";
}

bool gives_view_check(const Referee& r, Move m) {
  // The move played in the mover's own view: that view is exactly his pieces over the
  // opponent's committed ones, so no copy of the referee is needed.
  Position view = r.transactional_view(r.side);
  if (m.kind() == MoveKind::EnPassant) {
    view.set_en_passant_square(m.to());
    view.clear_history();
  }
  view.make(m);
  const Square king = view.king_square(~r.side);
  return king != NoSquare && view.attacked_by(r.side, king);
}

bool has_view_move(const Referee& r) {
  MoveList<> list;
  view_moves(r, list, true);
  return !list.empty();
}

void generate_candidates(const Referee& r, const Options&, ActionList& list) {
  MoveList<> moves;
  view_moves(r, moves, false);
  for (Move m : moves)
    for (Decision d : Decisions) list.push({m, d});
}

std::optional<Rejection> first_failed_predicate(const Referee& r, const Options& options, const Action& a) {
  const Color us = r.side, them = ~us;
  const Move m = a.move;
  {
    Position view = r.transactional_view(us);
    if (m.kind() == MoveKind::EnPassant) {
      view.set_en_passant_square(m.to());
      view.clear_history();
    }
    if (auto p = orthodox::first_failed_predicate(view, m))
      return Rejection{fmt::format("legal-in-transactional-view:{}", orthodox::predicate_name(*p)),
                       "illegal in the mover's transactional view"};
    const Piece target = view.piece_on(m.to());
    if (target != NoPiece && type_of(target) == King)
      return Rejection{"legal-in-transactional-view", "a king is never captured"};
  }
  if (destinations(m) & r.locks[them])
    return Rejection{"destination-not-locked", fmt::format("{} is locked by the opponent", square_name(m.to()))};
  if (!view_matches_board(r, m))
    return Rejection{"referee-bounce", fmt::format("the board at {} differs from what the player sees (strict isolation)", square_name(m.to()))};
  if (options.locked_squares == LockedSquares::NoPassThrough && (crossed(m) & r.locks[them]))
    return Rejection{"path-not-locked", "the move crosses a square the opponent has locked"};
  if (r.pending[us] >= options.limit())
    return Rejection{"transaction-move-limit", fmt::format("the transaction already holds {} moves", r.pending[us])};
  if (options.piece_moves == PieceMoves::OncePerTransaction && (r.moved[us] & square_bb(m.from())))
    return Rejection{"piece-moves-once", "this piece has already moved in the transaction"};
  if (a.decision == Decision::Rollback && r.committed_check(us))
    return Rejection{"rollback-not-into-apparent-check", "the king would return to a square the opponent's committed pieces attack"};
  const std::string forced = commit_reason(r, m);
  if (a.decision != Decision::Commit && !forced.empty())
    return Rejection{"commit-forced", fmt::format("the player must commit: {}", forced)};
  if (a.decision == Decision::Continue && r.pending[us] + 1 >= options.limit())
    return Rejection{"transaction-ends-at-limit", fmt::format("the transaction's {} moves are made: commit or roll back", options.limit())};
  return std::nullopt;
}

void generate_legal(const Referee& r, const Options& options, ActionList& list) {
  MoveList<> moves;
  view_moves(r, moves, true);
  const Color them = ~r.side;
  const bool at_limit = r.pending[r.side] >= options.limit();
  if (at_limit) return;
  const bool last = r.pending[r.side] + 1 >= options.limit();
  const bool apparent_check = r.committed_check(r.side);
  const Position view = r.transactional_view(r.side);
  for (Move m : moves) {
    if (destinations(m) & r.locks[them]) continue;
    if (!view_matches_board(r, m)) continue;
    if (options.locked_squares == LockedSquares::NoPassThrough && (crossed(m) & r.locks[them])) continue;
    if (options.piece_moves == PieceMoves::OncePerTransaction && (r.moved[r.side] & square_bb(m.from()))) continue;
    const Piece target = view.piece_on(m.to());
    if (target != NoPiece && type_of(target) == King) continue;
    list.push({m, Decision::Commit});
    if (!commit_reason(r, m).empty()) continue;
    if (!last) list.push({m, Decision::Continue});
    if (!apparent_check) list.push({m, Decision::Rollback});
  }
}

}  // namespace arbiter::transactional
