#include "rules/option/movegen.h"

#include <stdexcept>

#include "rules/orthodox/movegen.h"

namespace arbiter::option {

namespace {

bool captures(const Position& pos, Move m) {
  return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
}

bool king_safe(const Position& pos, Color c) {
  const Square k = pos.king_square(c);
  return k == NoSquare || !pos.attacked_by(~c, k);
}

// After the first half (opponent to move): is the opponent's king checked by the moved piece
// itself (or, for castling, by the rook), rather than by a line it opened?
bool direct_check(const Position& pos, Move first) {
  const Bitboard checkers = pos.checkers();
  if (first.kind() == MoveKind::Castling) return checkers != 0;
  return checkers & square_bb(first.to());
}

bool target_usable(const EnPassantTarget& t, const Options& o) {
  return t.kind == EnPassantTarget::TwiceMoved ||
         (t.kind == EnPassantTarget::FirstHalfStep && o.first_half_double_step == FirstHalfDoubleStep::Right);
}

// The side to move's captures onto an en passant target, by the movement rules only. A piece
// that moved twice "could be captured on the first square it stops on": judged with it
// standing there, i.e. in the position its first move left.
void target_captures(const Position& pos, const EnPassantTarget& t, MoveList<>& out) {
  if (t.kind == EnPassantTarget::None || !pos.empty(t.square) || pos.empty(t.victim)) return;
  const Color us = pos.side_to_move();
  if (color_of(pos.piece_on(t.victim)) == us || type_of(pos.piece_on(t.victim)) == King) return;
  Bitboard from;
  if (t.kind == EnPassantTarget::TwiceMoved) {
    const Bitboard occupied = (pos.occupied() & ~square_bb(t.victim)) | square_bb(t.square);
    from = pos.attackers_to(t.square, occupied) & pos.pieces(us);
  } else {
    from = pawn_attacks(~us, t.square) & pos.pieces(us, Pawn);
  }
  while (from) {
    const Square f = pop_lsb(from);
    if (type_of(pos.piece_on(f)) == Pawn && relative_rank(us, t.square) == 7) {
      for (PieceType p : {Queen, Rook, Bishop, Knight}) out.push(Move(f, t.square, MoveKind::Promotion, p));
    } else {
      out.push(Move(f, t.square));
    }
  }
}

// Is the special capture legal for the king (and, for a last move, does it give check)?
bool special_capture_ok(Position& pos, const EnPassantTarget& t, Move m, bool need_check) {
  const Color us = pos.side_to_move();
  pos.make_remote_capture(m, t.victim);
  const bool ok = king_safe(pos, us) && (!need_check || pos.in_check());
  pos.unmake();
  return ok;
}

enum class Want { All, AllMarkingChecks, Checks };

struct TurnPush {
  TurnList& turns;
  bool operator()(const Turn& t) {
    if (turns.full()) throw std::length_error("more than 16384 legal turns in one position");
    turns.push(t);
    return true;
  }
};

// Calls visit(turn) for every legal turn, in the order singles, special captures, doubles,
// until visit returns false. The first half of a double is pruned by the predicates that do
// not depend on the second (capture, check, self-exposure) before any second is generated.
template <class Visit>
bool visit_singles(Position& pos, const OptionState& st, const Options& o, Want want, Visit&& visit) {
  {
    MoveList<> singles;
    if (want == Want::Checks) orthodox::generate_legal_checks(pos, singles, o.orthodox);
    else orthodox::generate_legal(pos, singles, o.orthodox);
    for (Move m : singles) {
      const CheckFlag c = want == Want::Checks ? CheckFlag::Yes
                          : want == Want::All  ? CheckFlag::Unknown
                                               : (orthodox::gives_check(pos, m) ? CheckFlag::Yes : CheckFlag::No);
      if (!visit(Turn::single(m, c))) return false;
    }
  }
  const bool target = target_usable(st.target, o);
  if (target) {
    MoveList<> caps;
    target_captures(pos, st.target, caps);
    for (Move m : caps)
      if (special_capture_ok(pos, st.target, m, want == Want::Checks) && !visit(Turn{m, Move(), TurnKind::SpecialCapture}))
        return false;
  }
  return true;
}

template <class Visit>
bool visit_doubles(Position& pos, const OptionState& st, const Options& o, Want want, Visit&& visit) {
  if (!options_available(pos, st)) return true;
  const Color us = pos.side_to_move();
  const bool target = target_usable(st.target, o);
  const bool started_in_check = pos.in_check();
  const Square ep = pos.en_passant_square();
  const bool ep_second = o.en_passant_second_half == EnPassantSecondHalf::Allowed;
  MoveList<> firsts;
  orthodox::generate_candidates(pos, firsts);
  for (Move m1 : firsts) {
    if (m1.kind() == MoveKind::Castling) {
      if (o.castling == CastlingInDouble::SingleOnly || orthodox::first_failed_predicate(pos, m1, o.orthodox)) continue;
    } else if (captures(pos, m1)) {
      continue;
    }
    pos.make(m1);
    bool ok = !pos.in_check() || (o.first_move_check == FirstMoveCheck::DirectOnly && !direct_check(pos, m1));
    const bool exposed = !king_safe(pos, us);
    if (exposed && !started_in_check && o.first_move_exposure == FirstMoveExposure::Forbidden) ok = false;
    if (!ok) {
      pos.unmake();
      continue;
    }
    pos.make_pass(ep);
    const Square their_king = pos.king_square(~us);
    bool go_on = true;
    MoveList<> seconds;
    // After a discovered check (direct-only) a second half that leaves it standing checks too.
    const bool checked_already = want == Want::Checks && pos.attacked_by(us, their_king);
    if (want == Want::Checks && !checked_already) orthodox::generate_legal_checks(pos, seconds, o.orthodox);
    else orthodox::generate_legal(pos, seconds, o.orthodox);
    for (Move m2 : seconds) {
      if (checked_already) {
        pos.make(m2);
        const bool check = pos.in_check();
        pos.unmake();
        if (!check) continue;
      }
      if (m2.to() == their_king) continue;  // only possible after a discovered check (direct-only)
      const TwiceMovedPiece again = twice_moved_piece(m1, m2);
      if (again.stop != NoSquare) {  // the same piece again (after castling, the rook too)
        if (captures(pos, m2) || m2.to() == again.from) continue;
        const bool king_twice = again.stop == pos.king_square(us);
        if (exposed && (king_twice || !started_in_check || o.same_piece_from_check == SamePieceFromCheck::Forbidden))
          continue;
      }
      if (m2.kind() == MoveKind::Castling && o.castling == CastlingInDouble::SingleOnly) continue;
      if (m2.kind() == MoveKind::EnPassant && !ep_second) continue;
      const CheckFlag c = want == Want::Checks ? CheckFlag::Yes
                          : want == Want::All  ? CheckFlag::Unknown
                                               : (orthodox::gives_check(pos, m2) ? CheckFlag::Yes : CheckFlag::No);
      if (!visit(Turn::double_move(m1, m2, c))) {
        go_on = false;
        break;
      }
    }
    if (go_on && target && ep_second) {
      MoveList<> caps;
      target_captures(pos, st.target, caps);
      for (Move m2 : caps) {
        if (twice_moved_piece(m1, m2).stop != NoSquare) continue;  // a piece moving twice captures nothing
        if (special_capture_ok(pos, st.target, m2, want == Want::Checks) &&
            !visit(Turn{m1, m2, TurnKind::DoubleSpecialCapture})) {
          go_on = false;
          break;
        }
      }
    }
    pos.unmake_pass();
    pos.unmake();
    if (!go_on) return false;
  }
  return true;
}

template <class Visit>
bool visit_legal(Position& pos, const OptionState& st, const Options& o, Want want, Visit&& visit) {
  return visit_singles(pos, st, o, want, visit) && visit_doubles(pos, st, o, want, visit);
}

Rejection rejection(Predicate p) { return {predicate_name(p), predicate_rule(p)}; }

Rejection rejection(orthodox::Predicate p) { return {orthodox::predicate_name(p), orthodox::predicate_rule(p)}; }

// A special capture (alone, or as a second half with the first already played).
std::optional<Rejection> special_capture_rejection(Position& pos, const OptionState& st, const Options& o, Move m,
                                                   bool second_half) {
  const EnPassantTarget& t = st.target;
  if (t.kind == EnPassantTarget::None || m.to() != t.square) return rejection(Predicate::SpecialEnPassant);
  if (!target_usable(t, o)) return rejection(Predicate::OrdinaryEnPassant);
  if (!special_capture_ok(pos, t, m, false))
    return second_half ? rejection(Predicate::EitherMoveMayEndCheck) : rejection(orthodox::Predicate::KingNotLeftGuarded);
  return std::nullopt;
}

}  // namespace

void award_tokens(OptionState& state, Color mover, int move_number) {
  if (mover != Black) return;
  const int award = move_number == FirstOptionMove - 1 ? TokensAtStart : move_number == LateAwardAfterMove ? LateAward : 0;
  state.tokens[White] += award;
  state.tokens[Black] += award;
}

OptionState state_after(const Position& before, const OptionState& state, Turn turn) {
  const Color us = before.side_to_move();
  OptionState after = state;
  if (turn.is_double()) --after.tokens[us];
  after.target = target_after(before, turn);
  award_tokens(after, us, before.fullmove_number());
  return after;
}

bool options_available(const Position& pos, const OptionState& state) {
  return pos.fullmove_number() >= FirstOptionMove && state.tokens[pos.side_to_move()] > 0;
}

void generate_legal(Position& pos, const OptionState& state, const Options& options, TurnList& turns) {
  visit_legal(pos, state, options, Want::AllMarkingChecks, TurnPush{turns});
}

void generate_legal_checks(Position& pos, const OptionState& state, const Options& options, TurnList& turns) {
  visit_legal(pos, state, options, Want::Checks, TurnPush{turns});
}

void generate_legal_stage(Position& pos, const OptionState& state, const Options& options, int stage, bool checks_only,
                          TurnList& turns) {
  const Want want = checks_only ? Want::Checks : Want::AllMarkingChecks;
  if (stage == 0) visit_singles(pos, state, options, want, TurnPush{turns});
  else visit_doubles(pos, state, options, want, TurnPush{turns});
}

int count_legal(Position& pos, const OptionState& state, const Options& options) {
  int count = 0;
  visit_legal(pos, state, options, Want::All, [&](const Turn&) {
    ++count;
    return true;
  });
  return count;
}

bool has_legal_turn(Position& pos, const OptionState& state, const Options& options) {
  if (orthodox::has_legal_move(pos, options.orthodox)) return true;
  bool found = false;
  visit_legal(pos, state, options, Want::All, [&](const Turn&) {
    found = true;
    return false;
  });
  return found;
}

void generate_candidates(Position& pos, const OptionState& state, TurnList& turns) {
  TurnPush push{turns};
  MoveList<> firsts;
  orthodox::generate_candidates(pos, firsts);
  for (Move m : firsts) push(Turn::single(m));
  MoveList<> caps;
  target_captures(pos, state.target, caps);
  for (Move m : caps) push(Turn{m, Move(), TurnKind::SpecialCapture});
  const Square ep = pos.en_passant_square();
  const Color us = pos.side_to_move();
  for (Move m1 : firsts) {
    // A castling whose path is blocked cannot even be played on the board to look further.
    if (m1.kind() == MoveKind::Castling && orthodox::first_failed_predicate(pos, m1)) continue;
    pos.make(m1);
    pos.make_pass(ep);
    MoveList<> seconds;
    orthodox::generate_candidates(pos, seconds);
    for (Move m2 : seconds)
      if (m2.to() != pos.king_square(~us)) push(Turn::double_move(m1, m2));
    MoveList<> second_caps;
    target_captures(pos, state.target, second_caps);
    for (Move m2 : second_caps) push(Turn{m1, m2, TurnKind::DoubleSpecialCapture});
    pos.unmake_pass();
    pos.unmake();
  }
}

std::string_view predicate_name(Predicate p) {
  switch (p) {
    case Predicate::NoOptionBeforeMoveNine: return "no-option-before-move-nine";
    case Predicate::TokenNeeded: return "token-needed";
    case Predicate::CastlingIsSingle: return "castling-is-single";
    case Predicate::SamePieceIntermediateSquareEmpty: return "same-piece-intermediate-square-empty";
    case Predicate::SamePieceNoCapture: return "same-piece-no-capture";
    case Predicate::SamePieceMustAlterPosition: return "same-piece-must-alter-position";
    case Predicate::SamePieceKingNotThroughCheck: return "same-piece-king-not-through-check";
    case Predicate::SamePieceFirstMoveNoSelfCheck: return "same-piece-first-move-no-self-check";
    case Predicate::FirstMoveNoCapture: return "first-move-no-capture";
    case Predicate::FirstMoveNoCheck: return "first-move-no-check";
    case Predicate::FirstMoveNoSelfExposure: return "first-move-no-self-exposure";
    case Predicate::EitherMoveMayEndCheck: return "either-move-may-end-check";
    case Predicate::EnPassantSecondHalf: return "en-passant-second-half";
    case Predicate::SpecialEnPassant: return "special-en-passant";
    case Predicate::OrdinaryEnPassant: return "ordinary-en-passant";
    case Predicate::EnPassantSquareEmpty: return "en-passant-square-empty";
  }
  return "?";
}

std::string_view predicate_rule(Predicate p) {
  switch (p) {
    case Predicate::NoOptionBeforeMoveNine: return "no double move before the player's move nine (rule 1)";
    case Predicate::TokenNeeded: return "a double move needs an unused token";
    case Predicate::CastlingIsSingle: return "castling is a single move, not a double move (rule 5)";
    case Predicate::SamePieceIntermediateSquareEmpty:
      return "a piece moving twice needs an empty intermediate square, even a knight (rule 6)";
    case Predicate::SamePieceNoCapture: return "a piece moving twice may capture on neither move (rule 6)";
    case Predicate::SamePieceMustAlterPosition:
      return "a double move must alter the position: a piece may not return to its square (rule 6)";
    case Predicate::SamePieceKingNotThroughCheck: return "a king moving twice may not move through check (rule 6)";
    case Predicate::SamePieceFirstMoveNoSelfCheck:
      return "a piece moving twice: its first move may not put its own king in check (rule 6)";
    case Predicate::FirstMoveNoCapture: return "the first move of a double move may not capture (rule 3)";
    case Predicate::FirstMoveNoCheck: return "the first move of a double move may not give check (rule 2)";
    case Predicate::FirstMoveNoSelfExposure:
      return "the first move may not expose the mover's king unless the turn began in check "
             "(interpretation option.first-move-exposes-king)";
    case Predicate::EitherMoveMayEndCheck:
      return "the mover's king must be out of check after the second move; either move may end a check (rule 4)";
    case Predicate::EnPassantSecondHalf:
      return "an en passant capture may not be the second half of a double move "
             "(interpretation option.en-passant-second-half)";
    case Predicate::SpecialEnPassant:
      return "the en passant capture of a twice-moved piece, on the square where it first stopped, must immediately "
             "follow its double move (rule 6)";
    case Predicate::OrdinaryEnPassant:
      return "a pawn's two-step as the first half of a double move gives no en passant right "
             "(interpretation option.first-half-double-step)";
    case Predicate::EnPassantSquareEmpty: return "an en passant capture lands on an empty square; the first half filled it";
  }
  return "?";
}

std::optional<Rejection> first_failed_predicate(Position& pos, const OptionState& st, const Options& o, Turn turn) {
  const Color us = pos.side_to_move();
  if (turn.kind == TurnKind::Single) {
    if (auto p = orthodox::first_failed_predicate(pos, turn.first, o.orthodox)) return rejection(*p);
    return std::nullopt;
  }
  if (turn.kind == TurnKind::SpecialCapture) return special_capture_rejection(pos, st, o, turn.first, false);

  const Move m1 = turn.first, m2 = turn.second;
  if (pos.fullmove_number() < FirstOptionMove) return rejection(Predicate::NoOptionBeforeMoveNine);
  if (st.tokens[us] <= 0) return rejection(Predicate::TokenNeeded);
  const bool castles = m1.kind() == MoveKind::Castling || (turn.kind == TurnKind::Double && m2.kind() == MoveKind::Castling);
  if (castles && o.castling == CastlingInDouble::SingleOnly) return rejection(Predicate::CastlingIsSingle);
  if (m1.kind() == MoveKind::Castling)
    if (auto p = orthodox::first_failed_predicate(pos, m1, o.orthodox)) return rejection(*p);
  const TwiceMovedPiece again = twice_moved_piece(m1, m2);
  const bool same = again.stop != NoSquare;
  if (same && captures(pos, m1)) return rejection(Predicate::SamePieceIntermediateSquareEmpty);
  if (captures(pos, m1)) return rejection(Predicate::FirstMoveNoCapture);

  const bool started_in_check = pos.in_check();
  const Square ep = pos.en_passant_square();
  pos.make(m1);
  const bool exposed = !king_safe(pos, us);
  const bool king_twice = same && again.stop == pos.king_square(us);
  const bool gives_check = pos.in_check();
  const bool direct = gives_check && direct_check(pos, m1);
  pos.make_pass(ep);
  std::optional<Rejection> result;
  const bool second_special = turn.kind == TurnKind::DoubleSpecialCapture;
  if (same && (second_special || captures(pos, m2))) result = rejection(Predicate::SamePieceNoCapture);
  else if (same && m2.to() == again.from) result = rejection(Predicate::SamePieceMustAlterPosition);
  else if (same && exposed && king_twice) result = rejection(Predicate::SamePieceKingNotThroughCheck);
  else if (same && exposed && (!started_in_check || o.same_piece_from_check == SamePieceFromCheck::Forbidden))
    result = rejection(Predicate::SamePieceFirstMoveNoSelfCheck);
  else if (gives_check && (o.first_move_check == FirstMoveCheck::AnyCheck || direct)) result = rejection(Predicate::FirstMoveNoCheck);
  else if (exposed && !started_in_check && o.first_move_exposure == FirstMoveExposure::Forbidden)
    result = rejection(Predicate::FirstMoveNoSelfExposure);
  else if ((second_special || m2.kind() == MoveKind::EnPassant) && o.en_passant_second_half == EnPassantSecondHalf::Forbidden)
    result = rejection(Predicate::EnPassantSecondHalf);
  else if (m2.kind() == MoveKind::EnPassant && pos.en_passant_square() != m2.to())
    result = rejection(Predicate::EnPassantSquareEmpty);
  else if (second_special) result = special_capture_rejection(pos, st, o, m2, true);
  else if (auto p = orthodox::first_failed_predicate(pos, m2, o.orthodox))
    result = *p == orthodox::Predicate::KingNotLeftGuarded ? rejection(Predicate::EitherMoveMayEndCheck) : rejection(*p);
  pos.unmake_pass();
  pos.unmake();
  return result;
}

void make_turn(Position& pos, const EnPassantTarget& target, Turn turn) {
  switch (turn.kind) {
    case TurnKind::Single: pos.make(turn.first); return;
    case TurnKind::SpecialCapture: pos.make_remote_capture(turn.first, target.victim); return;
    case TurnKind::Double:
    case TurnKind::DoubleSpecialCapture: {
      const Square ep = pos.en_passant_square();
      pos.make(turn.first);
      pos.make_pass(ep);
      if (turn.kind == TurnKind::Double) pos.make(turn.second);
      else pos.make_remote_capture(turn.second, target.victim);
      return;
    }
  }
}

void unmake_turn(Position& pos, Turn turn) {
  pos.unmake();
  if (turn.is_double()) {
    pos.unmake_pass();
    pos.unmake();
  }
}

EnPassantTarget target_after(const Position& before, Turn turn) {
  if (!turn.is_double()) return {};
  const Move m1 = turn.first;
  // "captured on the first square it stops on": for the rook that castled, where it landed.
  if (const TwiceMovedPiece again = twice_moved_piece(m1, turn.second); again.stop != NoSquare)
    return {EnPassantTarget::TwiceMoved, again.stop, turn.second.to()};
  if (type_of(before.piece_on(m1.from())) == Pawn && (m1.from() ^ m1.to()) == 16)
    return {EnPassantTarget::FirstHalfStep, (m1.from() + m1.to()) / 2, m1.to()};
  return {};
}

}  // namespace arbiter::option
