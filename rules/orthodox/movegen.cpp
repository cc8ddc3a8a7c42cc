#include "rules/orthodox/movegen.h"

namespace arbiter::orthodox {

namespace {

struct CastlingSide {
  CastlingRights right;
  Square king_from, king_to, rook_from;
};

constexpr CastlingSide Castlings[2][2] = {
    {{WhiteKingside, sq::e1, sq::g1, sq::h1}, {WhiteQueenside, sq::e1, sq::c1, sq::a1}},
    {{BlackKingside, sq::e8, sq::g8, sq::h8}, {BlackQueenside, sq::e8, sq::c8, sq::a8}}};

// Squares that must be empty: strictly between king and rook.
Bitboard castling_path(const CastlingSide& c) { return between(c.king_from, c.rook_from) & ~square_bb(c.rook_from); }

// Squares that must not be guarded (the king's own square is checked separately).
Bitboard castling_guarded_squares(const CastlingSide& c, CastlingGuard guard) {
  if (guard == CastlingGuard::RefereeText) return between(c.king_from, c.rook_from);  // up to and including the rook
  return between(c.king_from, c.king_to);                                             // squares crossed and landed on
}

// All squares the given side attacks, with `occupied` as the blockers.
Bitboard attack_map(const Position& pos, Color by, Bitboard occupied) {
  Bitboard pawns = pos.pieces(by, Pawn);
  Bitboard attacks = by == White ? shift<7>(pawns) | shift<9>(pawns) : shift<-7>(pawns) | shift<-9>(pawns);
  for (Bitboard b = pos.pieces(by, Knight); b;) attacks |= knight_attacks(pop_lsb(b));
  for (Bitboard b = pos.pieces(by, Bishop, Queen); b;) attacks |= bishop_attacks(pop_lsb(b), occupied);
  for (Bitboard b = pos.pieces(by, Rook, Queen); b;) attacks |= rook_attacks(pop_lsb(b), occupied);
  for (Bitboard b = pos.pieces(by, King); b;) attacks |= king_attacks(pop_lsb(b));
  return attacks;
}

// Pieces of `us` standing alone between their king and an enemy slider.
Bitboard pinned_pieces(const Position& pos, Color us, Square king) {
  Bitboard pinned = 0;
  const Color them = ~us;
  Bitboard snipers = (rook_attacks(king, 0) & pos.pieces(them, Rook, Queen)) |
                     (bishop_attacks(king, 0) & pos.pieces(them, Bishop, Queen));
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard blockers = (between(king, s) ^ square_bb(s)) & pos.occupied();
    if (blockers && !more_than_one(blockers) && (blockers & pos.pieces(us))) pinned |= blockers;
  }
  return pinned;
}

// Sink that either stores moves or only counts them; the generator is written once.
struct Store {
  MoveList<>& list;
  void add(Move m) { list.push(m); }
  void add_many(Square from, Bitboard targets) {
    while (targets) list.push(Move(from, pop_lsb(targets)));
  }
  static constexpr bool done() { return false; }
};
struct Count {
  int n = 0;
  void add(Move) { ++n; }
  void add_many(Square, Bitboard targets) { n += popcount(targets); }
  static constexpr bool done() { return false; }
};

// Stops generation at the first legal move: "is there any?" is all mate and stalemate need.
struct Exists {
  bool found = false;
  void add(Move) { found = true; }
  void add_many(Square, Bitboard targets) { found = found || targets; }
  bool done() const { return found; }
};

// Keeps only checking moves, by the squares and discoverers a CheckTest computed once.
struct ChecksOnly {
  MoveList<>& list;
  const Position& pos;
  CheckTest test;
  Square king;

  ChecksOnly(MoveList<>& l, const Position& p) : list(l), pos(p), test(p), king(test.king()) {}
  void add(Move m) {
    if (test.gives_check(m)) list.push(m);
  }
  void add_many(Square from, Bitboard targets) {
    Bitboard checking = targets & test.check_squares(type_of(pos.piece_on(from)));
    if (test.discoverers() & square_bb(from)) checking |= targets & ~line(king, from);
    while (checking) list.push(Move(from, pop_lsb(checking)));
  }
  static constexpr bool done() { return false; }
};

template <class Sink>
void add_promotions(Sink& sink, Square from, Square to) {
  for (PieceType t : {Queen, Rook, Bishop, Knight}) sink.add(Move(from, to, MoveKind::Promotion, t));
}

template <Color Us, class Sink>
void add_pawn_moves(Sink& sink, Square from, Bitboard targets) {
  constexpr Bitboard LastRank = Us == White ? rank_bb(7) : rank_bb(0);
  if (targets & LastRank) {
    while (targets) add_promotions(sink, from, pop_lsb(targets));
  } else {
    sink.add_many(from, targets);
  }
}

template <Color Us, class Sink>
void generate(const Position& pos, Sink& sink, const Options& options) {
  constexpr Color Them = Us == White ? Black : White;
  constexpr int Up = Us == White ? 8 : -8;
  constexpr Bitboard ThirdRank = Us == White ? rank_bb(2) : rank_bb(5);
  constexpr Bitboard LastRank = Us == White ? rank_bb(7) : rank_bb(0);

  const Square king = pos.king_square(Us);
  const Bitboard occupied = pos.occupied();
  const Bitboard own = pos.pieces(Us);
  const Bitboard enemy = pos.pieces(Them);

  constexpr bool StopAtFirst = std::is_same_v<Sink, Exists>;

  // Predicate "king not left guarded", for the king itself: it may step only to squares the
  // enemy does not attack once the king has left its square (sliders see through it). A side
  // without a king (Popeye's NoWk/NoBk) has no check, no pin and no king move to screen.
  Bitboard guarded = 0, checkers = 0, pinned = 0;
  if (king != NoSquare) [[likely]] {
    if constexpr (StopAtFirst) {  // square by square, stopping at the first safe one
      for (Bitboard b = king_attacks(king) & ~own; b;)
        if (!pos.attacked_by(Them, pop_lsb(b), occupied ^ square_bb(king))) return sink.add(Move());
    } else {
      guarded = attack_map(pos, Them, occupied ^ square_bb(king));
      sink.add_many(king, king_attacks(king) & ~own & ~guarded);
    }
    checkers = pos.attackers_to(king) & enemy;
    if (more_than_one(checkers)) return;  // double check: only the king may move
    pinned = pinned_pieces(pos, Us, king);
  }

  // Same predicate for every other piece: in check, a move must capture the checker or
  // interpose; a pinned piece must stay on the line through its king.
  const Bitboard evasion = checkers ? between(king, lsb(checkers)) : ~Bitboard(0);
  const Bitboard targets = ~own & evasion;

  for (Bitboard b = pos.pieces(Us, Knight) & ~pinned; b;) {
    Square from = pop_lsb(b);
    sink.add_many(from, knight_attacks(from) & targets);
    if (sink.done()) return;
  }
  for (Bitboard b = pos.pieces(Us, Bishop, Queen); b;) {
    Square from = pop_lsb(b);
    Bitboard t = bishop_attacks(from, occupied) & targets;
    if (pinned & square_bb(from)) t &= line(king, from);
    sink.add_many(from, t);
    if (sink.done()) return;
  }
  for (Bitboard b = pos.pieces(Us, Rook, Queen); b;) {
    Square from = pop_lsb(b);
    Bitboard t = rook_attacks(from, occupied) & targets;
    if (pinned & square_bb(from)) t &= line(king, from);
    sink.add_many(from, t);
  }

  if (sink.done()) return;

  // Pawns not pinned: whole-board shifts.
  const Bitboard empty = ~occupied;
  const Bitboard free_pawns = pos.pieces(Us, Pawn) & ~pinned;
  Bitboard push1 = shift<Up>(free_pawns) & empty;
  Bitboard push2 = shift<Up>(push1 & ThirdRank) & empty & evasion;
  push1 &= evasion;
  constexpr int UpWest = Us == White ? 7 : -9, UpEast = Us == White ? 9 : -7;
  Bitboard west = shift<UpWest>(free_pawns) & enemy & evasion;
  Bitboard east = shift<UpEast>(free_pawns) & enemy & evasion;
  for (Bitboard b = push1 & LastRank; b;) { Square to = pop_lsb(b); add_promotions(sink, to - Up, to); }
  for (Bitboard b = west & LastRank; b;) { Square to = pop_lsb(b); add_promotions(sink, to - UpWest, to); }
  for (Bitboard b = east & LastRank; b;) { Square to = pop_lsb(b); add_promotions(sink, to - UpEast, to); }
  if constexpr (StopAtFirst) {
    if (push1 | push2 | west | east) return sink.add(Move());
  } else if constexpr (std::is_same_v<Sink, Count>) {
    sink.n += popcount(push1 & ~LastRank) + popcount(push2) + popcount(west & ~LastRank) + popcount(east & ~LastRank);
  } else {
    for (Bitboard b = push1 & ~LastRank; b;) { Square to = pop_lsb(b); sink.add(Move(to - Up, to)); }
    for (Bitboard b = push2; b;) { Square to = pop_lsb(b); sink.add(Move(to - 2 * Up, to)); }
    for (Bitboard b = west & ~LastRank; b;) { Square to = pop_lsb(b); sink.add(Move(to - UpWest, to)); }
    for (Bitboard b = east & ~LastRank; b;) { Square to = pop_lsb(b); sink.add(Move(to - UpEast, to)); }
  }
  // Pinned pawns, one at a time (rare): a pawn may only move along its pin line.
  for (Bitboard b = pos.pieces(Us, Pawn) & pinned; b;) {
    Square from = pop_lsb(b);
    Bitboard one = shift<Up>(square_bb(from)) & empty;
    Bitboard two = shift<Up>(one & ThirdRank) & empty;
    Bitboard t = ((one | two) | (pawn_attacks(Us, from) & enemy)) & evasion & line(king, from);
    add_pawn_moves<Us>(sink, from, t);
  }

  // En passant: the capture removes two pawns from one rank, which can uncover the king in
  // ways no pin mask sees, so the resulting position is checked directly.
  if (Square ep = pos.en_passant_square(); ep != NoSquare) {
    const Square victim = ep - Up;
    for (Bitboard b = pawn_attacks(Them, ep) & pos.pieces(Us, Pawn); b;) {
      Square from = pop_lsb(b);
      if (king == NoSquare) {
        sink.add(Move(from, ep, MoveKind::EnPassant));
        continue;
      }
      Bitboard after = (occupied ^ square_bb(from) ^ square_bb(victim)) | square_bb(ep);
      Bitboard attackers = (rook_attacks(king, after) & pos.pieces(Them, Rook, Queen)) |
                           (bishop_attacks(king, after) & pos.pieces(Them, Bishop, Queen)) |
                           (knight_attacks(king) & pos.pieces(Them, Knight)) |
                           (pawn_attacks(Us, king) & pos.pieces(Them, Pawn) & ~square_bb(victim));
      if (!attackers) sink.add(Move(from, ep, MoveKind::EnPassant));
    }
  }

  // Castling: right held, path empty, king not in check, its squares unguarded. (Never the
  // only legal move: the king could then step to the square next to it.)
  if (!StopAtFirst && !checkers) {
    for (const CastlingSide& c : Castlings[Us]) {
      if (pos.can_castle(c.right) && !(castling_path(c) & occupied) &&
          !(castling_guarded_squares(c, options.castling_guard) & guarded) && pos.piece_on(c.king_from) == make_piece(Us, King))
        sink.add(Move(c.king_from, c.king_to, MoveKind::Castling));
    }
  }
}

}  // namespace

void generate_legal(const Position& pos, MoveList<>& moves, const Options& options) {
  Store sink{moves};
  if (pos.side_to_move() == White) generate<White>(pos, sink, options);
  else generate<Black>(pos, sink, options);
}

void generate_legal_checks(const Position& pos, MoveList<>& moves, const Options& options) {
  ChecksOnly sink(moves, pos);
  if (sink.king == NoSquare) return;
  if (pos.side_to_move() == White) generate<White>(pos, sink, options);
  else generate<Black>(pos, sink, options);
}

bool has_legal_move(const Position& pos, const Options& options) {
  Exists sink;
  if (pos.side_to_move() == White) generate<White>(pos, sink, options);
  else generate<Black>(pos, sink, options);
  return sink.found;
}

int count_legal(const Position& pos, const Options& options) {
  Count sink;
  if (pos.side_to_move() == White) generate<White>(pos, sink, options);
  else generate<Black>(pos, sink, options);
  return sink.n;
}

CheckTest::CheckTest(const Position& pos) : pos_(pos), king_(pos.king_square(~pos.side_to_move())) {
  for (auto& b : check_squares_) b = 0;
  discoverers_ = 0;
  if (king_ == NoSquare) return;
  const Color us = pos.side_to_move();
  const Bitboard occupied = pos.occupied();
  check_squares_[Pawn] = pawn_attacks(~us, king_);
  check_squares_[Knight] = knight_attacks(king_);
  check_squares_[Bishop] = bishop_attacks(king_, occupied);
  check_squares_[Rook] = rook_attacks(king_, occupied);
  check_squares_[Queen] = check_squares_[Bishop] | check_squares_[Rook];
  Bitboard snipers = (rook_attacks(king_, 0) & pos.pieces(us, Rook, Queen)) | (bishop_attacks(king_, 0) & pos.pieces(us, Bishop, Queen));
  while (snipers) {
    const Square s = pop_lsb(snipers);
    const Bitboard blockers = (between(king_, s) ^ square_bb(s)) & occupied;
    if (blockers && !more_than_one(blockers) && (blockers & pos.pieces(us))) discoverers_ |= blockers;
  }
}

bool gives_check(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(~us);
  if (king == NoSquare) return false;
  const Square from = m.from(), to = m.to();
  PieceType moved = type_of(pos.piece_on(from));
  Bitboard occupied = (pos.occupied() ^ square_bb(from)) | square_bb(to);
  Bitboard own = (pos.pieces(us) ^ square_bb(from)) | square_bb(to);
  Square arrival = to;
  switch (m.kind()) {
    case MoveKind::Promotion: moved = m.promotion(); break;
    case MoveKind::EnPassant: occupied ^= square_bb(us == White ? to - 8 : to + 8); break;
    case MoveKind::Castling: {  // the king cannot check; the rook may
      const bool kingside = to > from;
      const Square rook_from = kingside ? from + 3 : from - 4;
      arrival = kingside ? from + 1 : from - 1;
      moved = Rook;
      occupied = (pos.occupied() ^ square_bb(from) ^ square_bb(rook_from)) | square_bb(to) | square_bb(arrival);
      own = (pos.pieces(us) ^ square_bb(from) ^ square_bb(rook_from)) | square_bb(to) | square_bb(arrival);
      break;
    }
    default: break;
  }
  // Sliders of ours after the move (the mover counted on its arrival square, as its new type).
  Bitboard straight = pos.pieces(us, Rook, Queen) & ~square_bb(from);
  Bitboard diagonal = pos.pieces(us, Bishop, Queen) & ~square_bb(from);
  if (m.kind() == MoveKind::Castling) straight &= ~square_bb(to > from ? from + 3 : from - 4);
  if (moved == Rook || moved == Queen) straight |= square_bb(arrival);
  if (moved == Bishop || moved == Queen) diagonal |= square_bb(arrival);
  if ((rook_attacks(king, occupied) & straight & own) || (bishop_attacks(king, occupied) & diagonal & own)) return true;
  if (moved == Knight) return knight_attacks(king) & square_bb(arrival);
  if (moved == Pawn) return pawn_attacks(~us, king) & square_bb(arrival);
  return false;
}

void generate_candidates(const Position& pos, MoveList<>& moves) {
  const Color us = pos.side_to_move();
  const Bitboard occupied = pos.occupied(), own = pos.pieces(us), enemy = pos.pieces(~us);
  const int up = us == White ? 8 : -8;
  // Written plainly: this path favours clarity over speed.
  moves.clear();
  for (Bitboard b = own; b;) {
    const Square from = pop_lsb(b);
    const PieceType type = type_of(pos.piece_on(from));
    if (type == Pawn) {
      if (relative_rank(us, from) == 7) continue;  // cannot move (only in non-orthodox set-ups)
      Bitboard one = square_bb(from + up) & ~occupied;
      Bitboard two = (relative_rank(us, from) == 1 && one) ? square_bb(from + 2 * up) & ~occupied : 0;
      Bitboard targets = one | two | (pawn_attacks(us, from) & enemy);
      for (Bitboard t = targets; t;) {
        Square to = pop_lsb(t);
        if (relative_rank(us, to) == 7)
          for (PieceType p : {Queen, Rook, Bishop, Knight}) moves.push(Move(from, to, MoveKind::Promotion, p));
        else
          moves.push(Move(from, to));
      }
      Square ep = pos.en_passant_square();
      if (ep != NoSquare && (pawn_attacks(us, from) & square_bb(ep))) moves.push(Move(from, ep, MoveKind::EnPassant));
    } else {
      for (Bitboard t = piece_attacks(type, from, occupied) & ~own; t;) moves.push(Move(from, pop_lsb(t)));
    }
  }
  for (const CastlingSide& c : Castlings[us])
    if (pos.can_castle(c.right) && pos.piece_on(c.king_from) == make_piece(us, King))
      moves.push(Move(c.king_from, c.king_to, MoveKind::Castling));
}

std::string_view predicate_name(Predicate p) {
  switch (p) {
    case Predicate::KingNotLeftGuarded: return "king-not-left-guarded";
    case Predicate::CastlingRightHeld: return "castling-right-held";
    case Predicate::CastlingPathEmpty: return "castling-path-empty";
    case Predicate::CastlingNotOutOfCheck: return "castling-not-out-of-check";
    case Predicate::CastlingSquaresUnguarded: return "castling-squares-unguarded";
  }
  return "?";
}

std::string_view predicate_rule(Predicate p) {
  switch (p) {
    case Predicate::KingNotLeftGuarded: return "it would leave the mover's king on a guarded square";
    case Predicate::CastlingRightHeld: return "the king or that rook has already moved (no castling right)";
    case Predicate::CastlingPathEmpty: return "the squares between the king and the rook are not empty";
    case Predicate::CastlingNotOutOfCheck: return "the king may not castle out of check";
    case Predicate::CastlingSquaresUnguarded: return "the king would cross or land on a guarded square";
  }
  return "?";
}

std::optional<Predicate> first_failed_predicate(Position& pos, Move m, const Options& options) {
  const Color us = pos.side_to_move();
  if (m.kind() == MoveKind::Castling) {
    for (const CastlingSide& c : Castlings[us]) {
      if (c.king_from != m.from() || c.king_to != m.to()) continue;
      if (!pos.can_castle(c.right)) return Predicate::CastlingRightHeld;
      if (castling_path(c) & pos.occupied()) return Predicate::CastlingPathEmpty;
      if (pos.in_check()) return Predicate::CastlingNotOutOfCheck;
      for (Bitboard b = castling_guarded_squares(c, options.castling_guard); b;)
        if (pos.attacked_by(~us, pop_lsb(b))) return Predicate::CastlingSquaresUnguarded;
    }
  }
  pos.make(m);
  const Square king = pos.king_square(us);
  const bool guarded = king != NoSquare && pos.attacked_by(~us, king);
  pos.unmake();
  if (guarded) return Predicate::KingNotLeftGuarded;
  return std::nullopt;
}

}  // namespace arbiter::orthodox
