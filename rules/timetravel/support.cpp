#include "rules/timetravel/support.h"

#include <algorithm>

#include "rules/timetravel/check.h"

// The search enumerates sequences of at most `limit` moves of one side in which the support
// moves last (a friendly move after the support's last one cannot change where it stands):
// S, SS, HS, SSS, HSS, SHS, HHS for three (S: a support move, H: another man's move). It runs
// once per move count L = 1, 2, 3 (iterative deepening), so a square is recorded with its
// fewest moves and later rounds only look for squares still missing.
//
// Pruning, each exact (it never loses a reachable square):
// - Ball: an empty-board table gives, per man kind and square, the squares it could stand on
//   (as the wanted type) within r of its own moves; a subtree whose ball misses every wanted
//   square is cut. For a single target this is the distance lower bound.
// - Helpers: another man's move changes the support's prospects only through the squares it
//   vacates (its destination only adds a blocker, or takes an enemy the support could have taken
//   itself) -- except that with two moves still to come it may also capture a blocker and step
//   away again, or (under All) go next to an own traveling man to annihilate it next. So:
//   * with one move left after it (the support's last), a helper must vacate a square the
//     support's last move is blocked on by an own man (first own blocker on a line, an own man
//     on a leaper's or pawn's target square);
//   * with two left (HSS, HHS), it must vacate or land on a square the support could touch
//     in two moves on an empty board, or one touching (queen lines, knight jumps) an own man the
//     support could touch in one move -- that man is the one the second helper would move or
//     annihilate, and the first helper can only help it by clearing its path or destination or
//     by becoming its annihilation partner;
//   * with three or more left (limit > 3), every helper move is tried.
//   With one move left a helper with a harmless destination (off the support's last lines) is
//   as good as the man vanishing, so its other destinations are not tried.
//
// En passant needs the opponent's double step as the last move, and the opponent never moves
// in the hypothesis, so only the first hypothetical move can use it (SupportBoard::en_passant,
// set by the caller only for the side to move): a pawn on e5 just after ...d7-d5 may stand on
// d6, and a helper's capture there removes the d5 pawn from a line as well as its own man. That
// removal is off the helper's destination, which the helper cuts do not foresee, so a helper's
// en passant capture is always tried.
//
// Check (timetravel.support-check=each-move): every hypothetical move must leave the side out
// of check (check.h on the hypothetical men; castling also not out of or through check). The
// helper cuts assume a helper matters only through the lines it opens; a helper that parries a
// check breaks that, so under each-move every helper move is tried (the ball cut stays exact:
// check only removes sequences).
//
// Helper promotions: to queen and knight only (a rook or bishop moves like a part of the queen,
// and where the promoted helper stands only blocks) except under All, where the promoted piece
// may annihilate an own traveling man of its new type next.

namespace arbiter::timetravel {
namespace {

constexpr int BallMoves = 3;  // ball tables cover up to three moves; beyond, no ball pruning

// Man kinds for the ball tables: a piece by its type; a pawn by its colour and the type it must
// end as (a pawn for a pawn, else it promotes on the way).
constexpr int piece_kind(PieceType t) { return t - Knight; }                  // 0..4
constexpr int pawn_kind(Color c, PieceType as) { return 5 + c * 5 + (as - Pawn); }  // 5..14
constexpr int KindCount = 15;

Bitboard last_rank(Color c) { return rank_bb(c == White ? 7 : 0); }
Bitboard second_rank(Color c) { return rank_bb(c == White ? 1 : 6); }
Bitboard forward(Color c, Bitboard b) { return c == White ? b << 8 : b >> 8; }

// One move of a piece on an empty board.
Bitboard piece_step(PieceType t, Square s) {
  switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, 0);
    case Rook: return rook_attacks(s, 0);
    case Queen: return queen_attacks(s, 0);
    case King: return king_attacks(s);
    default: return 0;
  }
}
// Every square a pawn could pass or land on in one move, as if enemies stood everywhere.
Bitboard pawn_step(Color c, Square s) {
  Bitboard one = forward(c, square_bb(s));
  Bitboard two = (square_bb(s) & second_rank(c)) ? forward(c, one) : 0;
  return one | two | pawn_attacks(c, s);
}
Bitboard spread(PieceType t, Bitboard set) {
  Bitboard out = 0;
  while (set) out |= piece_step(t, pop_lsb(set));
  return out;
}

struct Tables {
  Bitboard ball[KindCount][64][BallMoves + 1] = {};

  Tables() {
    init_bitboards();
    for (int t = Knight; t <= King; ++t)
      for (Square s = 0; s < 64; ++s) {
        Bitboard* b = ball[piece_kind(PieceType(t))][s];
        b[0] = square_bb(s);
        for (int r = 1; r <= BallMoves; ++r) b[r] = b[r - 1] | spread(PieceType(t), b[r - 1]);
      }
    for (Color c : {White, Black})
      for (Square s = 0; s < 64; ++s) {
        if (square_bb(s) & last_rank(c)) continue;  // no pawn stands there
        Bitboard pawn = square_bb(s), as[PieceTypeCount] = {};
        ball[pawn_kind(c, Pawn)][s][0] = pawn;
        for (int r = 1; r <= BallMoves; ++r) {
          Bitboard steps = 0;
          for (Bitboard p = pawn; p;) steps |= pawn_step(c, pop_lsb(p));
          for (int t = Knight; t <= Queen; ++t) {
            as[t] |= spread(PieceType(t), as[t]) | (steps & last_rank(c));
            ball[pawn_kind(c, PieceType(t))][s][r] = as[t];
          }
          pawn |= steps & ~last_rank(c);
          ball[pawn_kind(c, Pawn)][s][r] = pawn;
        }
      }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

// One hypothetical position of the side, with the support's square and current type.
struct Node {
  Bitboard type[PieceTypeCount];  // own men by type (traveling ones included)
  Bitboard own;                   // all own men
  Bitboard traveling;             // own traveling men
  Bitboard untraveled;            // own untraveled men
  Bitboard enemy;                 // enemy men
  Bitboard solid;                 // enemy men that may not be captured
  int castling;                   // side's rights; 0 unless SupportMoves::All
  Square ep;                      // en passant square: at the root only, else NoSquare
  Square sup;
  PieceType sup_type;

  Bitboard occupied() const { return own | enemy; }
  PieceType type_on(Square s) const {
    for (int t = Pawn; t <= King; ++t)
      if (type[t] & square_bb(s)) return PieceType(t);
    return NoPieceType;
  }
};

enum class Castle { King, Queen };

class Search {
 public:
  Search(const SupportBoard& b, PieceType as_type, SupportMoves rules, bool prune)
      : us_(b.side), as_(as_type), rules_(rules), pawn_ann_(b.pawn_annihilation), prune_(prune),
        each_move_(b.check == SupportCheck::EachMove), prune_helpers_(prune && !each_move_),
        check_options_(b.check_options),
        ks_(b.side == White ? WhiteKingside : BlackKingside),
        qs_(b.side == White ? WhiteQueenside : BlackQueenside),
        king_home_(relative_square(b.side, sq::e1)),
        ep_restores_(b.en_passant_restores) {
    for (int t = Pawn; t <= King; ++t) enemy_type_[t] = b.enemy_type[t];
    enemy_traveling_ = b.enemy_traveling;
    enemy_untraveled_ = b.enemy_untraveled;
    if (ep_restores_ != NoSquare) {  // the pawn the capture brings back
      enemy_type_[Pawn] |= square_bb(ep_restores_);
      enemy_traveling_ |= square_bb(ep_restores_);
    }
  }

  // Runs rounds 1..limit from `root`, recording wanted squares into `out`.
  void run(const Node& root, Bitboard wanted, int limit, SupportReach& out) {
    want_ = wanted;
    out_ = &out;
    for (level_ = 1; level_ <= limit && want_; ++level_) visit(root, level_);
  }

 private:
  Color us_;
  PieceType as_;
  SupportMoves rules_;
  PawnAnnihilation pawn_ann_;
  bool prune_;          // the ball cut
  bool each_move_;      // SupportCheck::EachMove
  bool prune_helpers_;  // the helper cuts (not under EachMove)
  Options check_options_;
  int ks_, qs_;
  Square king_home_;
  Square ep_restores_;
  Bitboard enemy_type_[PieceTypeCount] = {};  // enemy men at the root (and a pawn an en passant capture restores)
  Bitboard enemy_traveling_ = 0, enemy_untraveled_ = 0;
  Bitboard want_ = 0;
  int level_ = 0;
  SupportReach* out_ = nullptr;

  Square rook_home(Castle side) const { return relative_square(us_, side == Castle::King ? sq::h1 : sq::a1); }
  Square king_to(Castle side) const { return relative_square(us_, side == Castle::King ? sq::g1 : sq::c1); }
  Square rook_to(Castle side) const { return relative_square(us_, side == Castle::King ? sq::f1 : sq::d1); }

  // Normal-move destinations of the own man of type t on s (no castling, no annihilation).
  Bitboard destinations(const Node& n, PieceType t, Square s) const {
    const Bitboard occ = n.occupied(), open = ~n.own & ~n.solid;
    switch (t) {
      case Pawn: {
        if (square_bb(s) & last_rank(us_)) return 0;
        Bitboard one = forward(us_, square_bb(s)) & ~occ;
        Bitboard two = (square_bb(s) & second_rank(us_)) ? forward(us_, one) & ~occ : 0;
        return one | two | (pawn_attacks(us_, s) & ((n.enemy & ~n.solid) | ep_bb(n)));
      }
      case Knight: return knight_attacks(s) & open;
      case Bishop: return bishop_attacks(s, occ) & open;
      case Rook: return rook_attacks(s, occ) & open;
      case Queen: return queen_attacks(s, occ) & open;
      case King: return king_attacks(s) & open;
      default: return 0;
    }
  }

  bool can_castle(const Node& n, Castle side) const {
    if (!(n.castling & (side == Castle::King ? ks_ : qs_))) return false;
    const Square rook = rook_home(side);
    const Bitboard home_men = n.untraveled & ~n.traveling;
    if (!(n.type[King] & home_men & square_bb(king_home_)) || !(n.type[Rook] & home_men & square_bb(rook)))
      return false;
    return !(between(king_home_, rook) & ~square_bb(rook) & n.occupied());  // check: castle_allowed()
  }

  // Own traveling men of type t that the untraveled man on s could annihilate.
  Bitboard annihilations(const Node& n, PieceType t, Square s) const {
    Bitboard partners = n.type[t] & n.traveling;
    if (!partners) return 0;
    const Bitboard occ = n.occupied();
    switch (t) {
      case Pawn: {
        Bitboard one = forward(us_, square_bb(s));
        Bitboard hit = one;
        if ((square_bb(s) & second_rank(us_)) && !(one & occ) && pawn_ann_ != PawnAnnihilation::StraightOnly)
          hit |= forward(us_, one);
        if (pawn_ann_ == PawnAnnihilation::WithDiagonal) hit |= pawn_attacks(us_, s);
        return hit & partners;
      }
      case Knight: return knight_attacks(s) & partners;
      case Bishop: return bishop_attacks(s, occ) & partners;
      case Rook: return rook_attacks(s, occ) & partners;
      case Queen: return queen_attacks(s, occ) & partners;
      case King: return king_attacks(s) & partners;
      default: return 0;
    }
  }

  // Rights lost when an own man leaves `from`.
  int rights_lost(Square from) const {
    if (from == king_home_) return ks_ | qs_;
    if (from == rook_home(Castle::King)) return ks_;
    if (from == rook_home(Castle::Queen)) return qs_;
    return 0;
  }

  Bitboard ep_bb(const Node& n) const { return n.ep != NoSquare ? square_bb(n.ep) : 0; }

  Node moved(const Node& n, Square from, Square to, PieceType t, PieceType promo) const {
    Node c = n;
    const Bitboard fb = square_bb(from), tb = square_bb(to);
    const PieceType now = promo != NoPieceType ? promo : t;
    c.type[t] &= ~fb;
    c.type[now] |= tb;
    c.own = (c.own & ~fb) | tb;
    if (n.untraveled & fb) c.untraveled = (c.untraveled & ~fb) | tb;
    c.enemy &= ~tb;
    c.ep = NoSquare;
    if (t == Pawn && to == n.ep) {
      // En passant: the pawn that passed the square is taken; after an annihilation by the
      // double step the capture undoes it and the enemy traveling pawn returns.
      const Square behind = us_ == White ? to - 8 : to + 8;
      if (ep_restores_ != NoSquare) {
        c.enemy |= square_bb(ep_restores_);
        if (rules_ == SupportMoves::NoTravelingCapture) c.solid |= square_bb(ep_restores_);
      } else {
        c.enemy &= ~square_bb(behind);
      }
    }
    c.castling &= ~rights_lost(from);
    if (from == n.sup) {
      c.sup = to;
      c.sup_type = now;
    }
    return c;
  }

  Node annihilated(const Node& n, Square from, Square partner, PieceType t) const {
    Node c = n;
    const Bitboard both = square_bb(from) | square_bb(partner);
    c.ep = NoSquare;
    c.type[t] &= ~both;
    c.own &= ~both;
    c.traveling &= ~both;
    c.untraveled &= ~both;
    c.castling &= ~rights_lost(from);
    return c;
  }

  Node castled(const Node& n, Castle side) const {
    Node c = n;
    const Bitboard k = square_bb(king_home_) | square_bb(king_to(side));
    const Bitboard r = square_bb(rook_home(side)) | square_bb(rook_to(side));
    c.type[King] ^= k;
    c.type[Rook] ^= r;
    c.own ^= k ^ r;
    c.untraveled ^= k ^ r;
    c.castling &= ~(ks_ | qs_);
    c.ep = NoSquare;
    if (n.sup == king_home_) c.sup = king_to(side);
    if (n.sup == rook_home(side)) c.sup = rook_to(side);
    return c;
  }

  // The hypothetical position as check reads it.
  Men men(const Node& n) const {
    Men m;
    m.color[us_] = n.own;
    m.color[~us_] = n.enemy;
    for (int t = Pawn; t <= King; ++t) m.type[t] = n.type[t] | (enemy_type_[t] & n.enemy);
    m.traveling = n.traveling | (enemy_traveling_ & n.enemy);
    m.untraveled = n.untraveled | (enemy_untraveled_ & n.enemy);
    return m;  // no en passant square: the opponent never moves
  }

  // May the side stand here after a hypothetical move (timetravel.support-check)?
  bool safe(const Node& c) const { return !each_move_ || !in_check(men(c), us_, check_options_); }

  // Castling's strictures on check, as the game reads them (timetravel.castling-check); the
  // position after it is checked by safe() like every move's.
  bool castle_allowed(const Node& n, Castle side) const {
    if (!can_castle(n, side)) return false;
    if (!each_move_) return true;
    const Square pass = (king_home_ + king_to(side)) / 2;
    if (check_options_.castling_check == CastlingCheck::Attacked) {
      const Men m = men(n);
      for (Square s : {king_home_, pass, king_to(side)})
        if (attacked_by(m, ~us_, s)) return false;
      return true;
    }
    return safe(n) && safe(moved(n, king_home_, pass, King, NoPieceType));
  }

  // The support castles when it is the king or that side's rook.
  bool support_castles(const Node& n, Castle side) const {
    return rules_ == SupportMoves::All && (n.sup == king_home_ || n.sup == rook_home(side)) && castle_allowed(n, side);
  }

  Bitboard ball(const Node& n, int r) const {
    if (r > BallMoves) return ~Bitboard(0);
    // Castling moves the king two squares: the king table does not know it.
    if (n.sup_type == King && n.castling) return ~Bitboard(0);
    const int kind = n.sup_type == Pawn ? pawn_kind(us_, as_) : piece_kind(n.sup_type);
    return tables().ball[kind][n.sup][r];
  }

  // The support's last move: squares where it then stands as an as_type.
  Bitboard final_squares(const Node& n) const {
    Bitboard d = destinations(n, n.sup_type, n.sup);
    if (n.sup_type == Pawn) d &= as_ == Pawn ? ~last_rank(us_) : last_rank(us_);
    if (each_move_)
      for (Bitboard q = d & want_; q;) {
        const Square to = pop_lsb(q);
        const bool promotes = n.sup_type == Pawn && (square_bb(to) & last_rank(us_));
        if (!safe(moved(n, n.sup, to, n.sup_type, promotes ? as_ : NoPieceType))) d &= ~square_bb(to);
      }
    for (Castle side : {Castle::King, Castle::Queen})
      if (support_castles(n, side) && safe(castled(n, side)))
        d |= square_bb(n.sup == king_home_ ? king_to(side) : rook_to(side));
    return d;
  }

  // Own men whose leaving would widen the support's next (last) move.
  Bitboard blockers(const Node& n) const {
    const Bitboard occ = n.occupied();
    Bitboard b;
    switch (n.sup_type) {
      case Pawn: {
        const Bitboard one = forward(us_, square_bb(n.sup));
        b = (one & n.own) ? one : (square_bb(n.sup) & second_rank(us_)) && !(one & occ) ? forward(us_, one) : 0;
        break;
      }
      case Knight: b = knight_attacks(n.sup); break;
      case Bishop: b = bishop_attacks(n.sup, occ); break;
      case Rook: b = rook_attacks(n.sup, occ); break;
      case Queen: b = queen_attacks(n.sup, occ); break;
      case King: b = king_attacks(n.sup); break;
      default: b = 0;
    }
    if (n.castling && (n.sup_type == King || n.sup_type == Rook)) b |= rank_bb(rank_of(king_home_));
    return b & n.own;
  }

  // Squares a helper with two moves still to come must vacate or land on (see the top).
  Bitboard two_move_relevance(const Node& n) const {
    const auto touch = [&](PieceType t, Square s) { return t == Pawn ? pawn_step(us_, s) : piece_step(t, s); };
    Bitboard one = touch(n.sup_type, n.sup), land = one;
    if (n.castling && (n.sup_type == King || n.sup_type == Rook)) {
      one |= rank_bb(rank_of(king_home_));  // the squares castling needs empty
      for (Castle side : {Castle::King, Castle::Queen})
        land |= square_bb(n.sup_type == King ? king_to(side) : rook_to(side));
    }
    Bitboard rel = one;
    for (Bitboard q = land; q;) {
      const Square s = pop_lsb(q);
      const bool promotes = n.sup_type == Pawn && as_ != Pawn && (square_bb(s) & last_rank(us_));
      rel |= touch(promotes ? as_ : n.sup_type, s);
    }
    Bitboard men = one & n.own & ~square_bb(n.sup);
    if (rules_ != SupportMoves::All) men &= ~n.traveling;
    while (men) {
      const Square y = pop_lsb(men);
      rel |= queen_attacks(y, 0) | knight_attacks(y);
    }
    return rel;
  }

  void record(Bitboard squares) {
    squares &= want_;
    out_->squares |= squares;
    want_ &= ~squares;
    while (squares) out_->moves[pop_lsb(squares)] = std::uint8_t(level_);
  }

  // `r` moves remain, the last of which is the support's.
  void visit(const Node& n, int r) {
    if (prune_ && !(ball(n, r) & want_)) return;
    if (r == 1) {
      record(final_squares(n));
      return;
    }
    // The support moves.
    Bitboard d = destinations(n, n.sup_type, n.sup);
    if (n.sup_type == Pawn && as_ == Pawn) d &= ~last_rank(us_);  // it must stay a pawn
    while (d) {
      const Square to = pop_lsb(d);
      const bool promotes = n.sup_type == Pawn && (square_bb(to) & last_rank(us_));
      try_visit(moved(n, n.sup, to, n.sup_type, promotes ? as_ : NoPieceType), r - 1);
    }
    for (Castle side : {Castle::King, Castle::Queen})
      if (support_castles(n, side)) try_visit(castled(n, side), r - 1);
    helpers(n, r);
  }

  // A hypothetical move has been made: go on from the position it leaves, if the side may stand there.
  void try_visit(const Node& c, int r) {
    if (safe(c)) visit(c, r);
  }

  // Another man moves; r - 1 moves then remain.
  void helpers(const Node& n, int r) {
    const int after = r - 1;
    const bool cut = prune_helpers_ && after <= 2;
    const Bitboard sup = square_bb(n.sup);
    // En passant takes a man off its destination: never cut (see the top).
    const Bitboard ep = cut ? ep_bb(n) : 0;
    if (ep)
      for (Bitboard p = n.type[Pawn] & n.own & ~n.traveling & ~sup & pawn_attacks(~us_, n.ep); p;)
        try_visit(moved(n, pop_lsb(p), n.ep, Pawn, NoPieceType), after);
    const Bitboard rel = !cut ? ~Bitboard(0) : after == 1 ? blockers(n) : two_move_relevance(n);
    if (!rel) return;
    const Bitboard last_blockers = after == 1 ? final_lines(n) : 0;
    for (Bitboard men = n.own & ~n.traveling & ~sup; men;) {
      const Square from = pop_lsb(men);
      const PieceType t = n.type_on(from);
      const bool vacates = rel & square_bb(from);
      if (rules_ == SupportMoves::All && (n.untraveled & square_bb(from)))
        for (Bitboard a = annihilations(n, t, from); a;) {
          const Square partner = pop_lsb(a);
          if ((square_bb(from) | square_bb(partner)) & rel) try_visit(annihilated(n, from, partner, t), after);
        }
      if (!vacates && after == 1) continue;
      Bitboard d = destinations(n, t, from);
      if (t == Pawn) d &= ~ep;  // tried above
      if (!vacates) d &= rel;  // only where it lands can matter
      if (cut && after == 1 && vacates) {
        // A destination off the support's last lines leaves them as if the man had vanished,
        // which no other destination beats.
        const Bitboard harmless = d & ~last_blockers & ~last_rank(us_);
        if (harmless) d = harmless & -harmless;
      }
      while (d) {
        const Square to = pop_lsb(d);
        if (t == Pawn && (square_bb(to) & last_rank(us_))) {
          for (PieceType p : {Queen, Knight, Rook, Bishop}) {
            // (Under each-move too: the side's own types never change its check.)
            if (rules_ != SupportMoves::All && (p == Rook || p == Bishop)) continue;
            try_visit(moved(n, from, to, t, p), after);
          }
        } else {
          try_visit(moved(n, from, to, t, NoPieceType), after);
        }
      }
    }
    if (rules_ == SupportMoves::All)
      for (Castle side : {Castle::King, Castle::Queen}) {
        if (n.sup == king_home_ || n.sup == rook_home(side) || !castle_allowed(n, side)) continue;
        const Bitboard vacated = square_bb(king_home_) | square_bb(rook_home(side));
        const Bitboard landed = square_bb(king_to(side)) | square_bb(rook_to(side));
        if ((vacated | (after >= 2 ? landed : 0)) & rel) try_visit(castled(n, side), after);
      }
  }

  // Squares whose occupancy can change the support's last move: its empty-board lines or
  // jumps, plus the back rank when it may castle.
  Bitboard final_lines(const Node& n) const {
    switch (n.sup_type) {
      case Pawn: return pawn_step(us_, n.sup);
      case Knight: return knight_attacks(n.sup);
      case King: return king_attacks(n.sup) | (n.castling ? rank_bb(rank_of(king_home_)) : 0);
      default: {
        Bitboard lines = piece_step(n.sup_type, n.sup);
        if (n.sup_type == Rook && n.castling) lines |= rank_bb(rank_of(king_home_));
        return lines;
      }
    }
  }
};

Node root_node(const SupportBoard& b, Square from, SupportMoves rules) {
  Node n{};
  for (int t = Pawn; t <= King; ++t) {
    n.type[t] = b.own[t];
    n.own |= b.own[t];
  }
  n.traveling = b.own_traveling;
  n.untraveled = b.own_untraveled & ~b.own_traveling;
  n.enemy = b.enemy;
  n.solid = rules == SupportMoves::NoTravelingCapture ? b.enemy_traveling : 0;
  n.castling = rules == SupportMoves::All ? b.castling & (b.side == White ? WhiteKingside | WhiteQueenside
                                                                          : BlackKingside | BlackQueenside)
                                          : 0;
  n.ep = b.en_passant;
  n.sup = from;
  n.sup_type = n.type_on(from);
  return n;
}

bool valid_support(const SupportBoard& b, const Node& n, Square from, PieceType as_type) {
  return from >= 0 && from < 64 && (b.own_untraveled & ~b.own_traveling & square_bb(from)) &&
         can_support(n.sup_type, as_type);
}

SupportReach reach(const SupportBoard& b, Square from, PieceType as_type, SupportMoves rules, int limit,
                   bool prune) {
  SupportReach out;
  if (from < 0 || from >= 64) return out;
  const Node root = root_node(b, from, rules);
  if (!valid_support(b, root, from, as_type)) return out;
  Search(b, as_type, rules, prune).run(root, ~square_bb(from), limit, out);
  return out;
}

}  // namespace

SupportReach support_reach(const SupportBoard& b, Square from, PieceType as_type, SupportMoves rules, int limit) {
  return reach(b, from, as_type, rules, limit, true);
}

SupportReach support_reach_exhaustive(const SupportBoard& b, Square from, PieceType as_type, SupportMoves rules,
                                      int limit) {
  return reach(b, from, as_type, rules, limit, false);
}

int support_distance(const SupportBoard& b, Square from, PieceType as_type, Square target, SupportMoves rules,
                     int limit) {
  if (from < 0 || from >= 64 || target < 0 || target >= 64 || from == target) return 0;
  const Node root = root_node(b, from, rules);
  if (!valid_support(b, root, from, as_type)) return 0;
  SupportReach out;
  Search(b, as_type, rules, true).run(root, square_bb(target), limit, out);
  return out.moves[target];
}

Bitboard explosion_supports(const SupportBoard& b, PieceType type, Square square, SupportMoves rules,
                            SupportChoice choice, int limit) {
  Bitboard occupied = b.enemy;
  for (int t = Pawn; t <= King; ++t) occupied |= b.own[t];
  if (square < 0 || square >= 64 || (occupied & square_bb(square))) return 0;
  Bitboard men = b.own[type] | (can_support(Pawn, type) ? b.own[Pawn] : 0);
  men &= b.own_untraveled & ~b.own_traveling;
  Bitboard found = 0;
  int best = limit + 1;
  while (men) {
    const Square s = pop_lsb(men);
    const int m = support_distance(b, s, type, square, rules, std::min(best, limit));
    if (!m) continue;
    if (choice == SupportChoice::Nearest && m < best) {
      best = m;
      found = 0;
    }
    found |= square_bb(s);
  }
  return found;
}

}  // namespace arbiter::timetravel
