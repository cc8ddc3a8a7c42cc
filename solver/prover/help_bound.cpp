#include "solver/prover/help_bound.h"

#include <algorithm>
#include <cstdlib>

namespace arbiter::prover::help_bound {

namespace {

// The helpers are declared inline, as they were in the header: GCC inlines such functions more
// readily, and the search's speed depends on it (without it attacks() stayed a call, and the
// flight bound ran a fifth more instructions).

// --- the mate bound's tables ---------------------------------------------------------------

constexpr int MaxJ = 8;  // every empty-board reach set is saturated by 8 moves
constexpr int Never = 99;

struct Tables {
  Bitboard att[7][64];                 // empty-board attacks, Knight..King
  Bitboard reach[7][64][MaxJ + 1];     // squares reachable in <= j moves (empty board)
  Bitboard attreach[7][64][MaxJ + 1];  // squares attacked from some square of reach
  Bitboard preach[2][64][MaxJ + 1];    // a pawn's squares in <= j moves, as a pawn
  Bitboard pattreach[2][64][MaxJ + 1];
  int promo[2][64];                    // fewest moves to the last rank (Never: not within MaxJ)
  Bitboard cov[7][64][9];              // [t][K][c]: squares x != K whose attacks hold >= c flights of K
  Bitboard pcov[2][64][3];
  int maxc[7][64];                     // highest non-empty level of cov
  int promo_cov[64], promo_chk[64];    // the best a promoted piece (Q or N) can do anywhere

  Tables() {
    init_bitboards();
    fill_piece_reach();
    fill_pawn_reach();
    for (Square k = 0; k < 64; ++k) fill_cover(k);
  }

  void fill_piece_reach() {
    for (int t = Knight; t <= King; ++t)
      for (Square s = 0; s < 64; ++s) att[t][s] = piece_attacks(PieceType(t), s, 0);
    for (int t = Knight; t <= King; ++t)
      for (Square s = 0; s < 64; ++s) {
        Bitboard r = square_bb(s);
        for (int j = 0; j <= MaxJ; ++j) {
          reach[t][s][j] = r;
          Bitboard a = 0;
          for (Bitboard b = r; b;) a |= att[t][pop_lsb(b)];
          attreach[t][s][j] = a;
          r |= a;
        }
      }
  }

  void fill_pawn_reach() {
    for (int c = 0; c < 2; ++c)
      for (Square s = 0; s < 64; ++s) {
        const Bitboard last = c == White ? rank_bb(7) : rank_bb(0);
        const Bitboard early = c == White ? rank_bb(0) | rank_bb(1) : rank_bb(7) | rank_bb(6);
        Bitboard r = square_bb(s);
        promo[c][s] = Never;
        for (int j = 0; j <= MaxJ; ++j) {
          preach[c][s][j] = r;
          if ((r & last) && promo[c][s] == Never) promo[c][s] = j;
          Bitboard a = 0;
          for (Bitboard b = r; b;) a |= pawn_attacks(Color(c), pop_lsb(b));
          pattreach[c][s][j] = a;
          const Bitboard mobile = r & ~last;
          if (c == White)
            r |= shift<8>(mobile) | shift<7>(mobile) | shift<9>(mobile) | shift<16>(mobile & early);
          else
            r |= shift<-8>(mobile) | shift<-7>(mobile) | shift<-9>(mobile) | shift<-16>(mobile & early);
        }
      }
  }

  // cov, pcov, maxc, promo_cov and promo_chk for the king square k (att must be filled).
  void fill_cover(Square k) {
    const Bitboard flights = king_attacks(k);
    for (int t = Knight; t <= King; ++t) {
      for (int c = 0; c <= 8; ++c) cov[t][k][c] = 0;
      maxc[t][k] = 0;
      for (Square x = 0; x < 64; ++x) {
        if (x == k) continue;
        const int n = popcount(att[t][x] & flights);
        for (int c = 0; c <= n; ++c) cov[t][k][c] |= square_bb(x);
        maxc[t][k] = std::max(maxc[t][k], n);
      }
    }
    for (int col = 0; col < 2; ++col) {
      for (int c = 0; c <= 2; ++c) pcov[col][k][c] = 0;
      for (Square x = 0; x < 64; ++x) {
        if (x == k) continue;
        const int n = popcount(pawn_attacks(Color(col), x) & flights);
        for (int c = 0; c <= n; ++c) pcov[col][k][c] |= square_bb(x);
      }
    }
    promo_cov[k] = std::max(maxc[Queen][k], maxc[Knight][k]);
    promo_chk[k] = 0;
    for (int t : {int(Knight), int(Queen)})
      for (int c = maxc[t][k]; c >= 0; --c)
        if (cov[t][k][c] & att[t][k]) {
          promo_chk[k] = std::max(promo_chk[k], c);
          break;
        }
  }
};

inline const Tables& tables() {
  static const Tables t;
  return t;
}

// --- the mate bound --------------------------------------------------------------------------

constexpr int MaxBudget = 15;
constexpr int NegInf = -1000;

inline int cheb(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// The mater's units, with bm moves in all (castling's extra moves included), reach depth jm.
struct Mater {
  Color color;
  int bm, jm;
  struct Unit {
    PieceType t;
    Square s;
  } units[32];
  int n_units = 0;
  Bitboard checkable = 0, coverable = 0;  // what some unit (not the king, for checkable) can attack
};

// The defender's non-king pieces, with bd moves in all, reach depth jd: U[j] = squares some of
// them reaches in <= j moves.
struct Defender {
  int bd, jd;
  Bitboard U[MaxJ + 1];
  int n_def = 0;
};

// A pawn's attacks within jm moves, or everything once it may have promoted.
inline Bitboard pawn_reach_attacks(const Tables& T, Color c, Square s, int bm, int jm) {
  return T.pattreach[c][s][jm] | (bm >= T.promo[c][s] ? ~Bitboard(0) : 0);
}

inline Mater mater_units(const Position& pos, Color mater, int bm) {
  const Tables& T = tables();
  Mater m;
  m.color = mater;
  m.bm = bm;
  m.jm = std::min(bm, MaxJ);
  for (Bitboard b = pos.pieces(mater); b;) {
    const Square s = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(s));
    const Bitboard a = t == Pawn ? pawn_reach_attacks(T, mater, s, bm, m.jm) : T.attreach[t][s][m.jm];
    m.coverable |= a;
    if (t != King) m.checkable |= a;
    m.units[m.n_units++] = {t, s};
  }
  return m;
}

inline Defender defender_pieces(const Position& pos, Color def, Square k0, int bd) {
  const Tables& T = tables();
  Defender d;
  d.bd = bd;
  d.jd = std::min(bd, MaxJ);
  for (int j = 0; j <= d.jd; ++j) d.U[j] = 0;
  for (Bitboard b = pos.pieces(def) & ~square_bb(k0); b;) {
    const Square s = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(s));
    ++d.n_def;
    for (int j = 0; j <= d.jd; ++j) {
      if (t == Pawn) d.U[j] |= T.preach[def][s][j] | (j >= T.promo[def][s] + 1 ? ~Bitboard(0) : 0);
      else d.U[j] |= T.reach[t][s][j];
    }
  }
  return d;
}

// What unit u adds with j moves (j = 0..bm): cv[j] the flights of k it can attack, ck[j] the
// flights it can attack while checking k (-1: it cannot check).
inline void unit_gains(const Mater& m, const Mater::Unit& u, Square k, int cv[], int ck[]) {
  const Tables& T = tables();
  const auto [t, s] = u;
  for (int j = 0; j <= m.bm; ++j) {
    const int ji = std::min(j, MaxJ);
    int c = 0, h = -1;
    if (t == Pawn) {
      const Bitboard r = T.preach[m.color][s][ji];
      const Bitboard checks_from = pawn_attacks(~m.color, k);
      for (int l = 2; l >= 0; --l)
        if (r & T.pcov[m.color][k][l]) { c = l; break; }
      for (int l = 2; l >= 0; --l)
        if (r & checks_from & T.pcov[m.color][k][l]) { h = l; break; }
      if (j >= T.promo[m.color][s]) {
        c = std::max(c, T.promo_cov[k]);
        h = std::max(h, T.promo_chk[k]);
      }
    } else {
      const Bitboard r = T.reach[t][s][ji];
      for (int l = T.maxc[t][k]; l >= 0; --l)
        if (r & T.cov[t][k][l]) { c = l; break; }
      if (t != King) {
        const Bitboard rc = r & T.att[t][k];
        if (rc)
          for (int l = T.maxc[t][k]; l >= 0; --l)
            if (rc & T.cov[t][k][l]) { h = l; break; }
      }
    }
    cv[j] = c;
    ck[j] = h;
  }
}

// W: the most flights of k the mater's units can attack at once, one of them giving check
// (unless `check` is false: a stalemate), with at most bm moves in all (a knapsack over the
// units); NegInf when none can check.
inline int most_flights(const Mater& m, Square k, Bitboard flights, bool check) {
  const Tables& T = tables();
  const int bm = m.bm;
  int best[MaxBudget + 1][2];
  for (int b = 0; b <= bm; ++b) best[b][0] = best[b][1] = NegInf;
  best[0][0] = 0;
  const Bitboard target = flights | square_bb(k);
  for (int u = 0; u < m.n_units; ++u) {
    const auto [t, s] = m.units[u];
    const Bitboard reach_all = t == Pawn ? pawn_reach_attacks(T, m.color, s, bm, m.jm) : T.attreach[t][s][m.jm];
    if (!(reach_all & target)) continue;  // contributes nothing at any budget
    int cv[MaxBudget + 1], ck[MaxBudget + 1];
    unit_gains(m, m.units[u], k, cv, ck);
    int next[MaxBudget + 1][2];
    for (int b = 0; b <= bm; ++b) next[b][0] = best[b][0], next[b][1] = best[b][1];
    for (int b = 0; b <= bm; ++b)
      for (int h = 0; h < 2; ++h) {
        if (best[b][h] == NegInf) continue;
        for (int j = 0; b + j <= bm; ++j) {
          next[b + j][h] = std::max(next[b + j][h], best[b][h] + cv[j]);
          if (ck[j] >= 0) next[b + j][1] = std::max(next[b + j][1], best[b][h] + ck[j]);
        }
      }
    for (int b = 0; b <= bm; ++b) best[b][0] = next[b][0], best[b][1] = next[b][1];
  }
  int w = NegInf;
  for (int b = 0; b <= bm; ++b) w = std::max({w, best[b][1], check ? NegInf : best[b][0]});
  return w;
}

// Can the defender's king, from k0, be mated (stalemated, when `check` is false: the flights
// alone) on k within the budgets?
inline bool mate_possible_on(Square k, Square k0, const Mater& m, const Defender& d, bool check) {
  const Bitboard flights = king_attacks(k);
  const int n_flights = popcount(flights);
  const int rem = d.bd - cheb(k0, k);
  // Flights no mater unit can ever attack: a defending piece must stand there.
  const Bitboard must = flights & ~m.coverable;
  const int n_must = popcount(must);
  if (n_must > d.n_def) return false;
  int cost = 0;
  bool ok = true;
  for (Bitboard b = must; b && ok;) {
    const Bitboard f = square_bb(pop_lsb(b));
    int j = 0;
    while (j <= d.jd && !(d.U[j] & f)) ++j;
    if (j > d.jd) ok = false;
    else cost += j;
  }
  if (!ok || cost > rem) return false;

  const int w = most_flights(m, k, flights, check);
  if (w == NegInf) return false;  // nothing can give check on K

  // At least n_flights - w flights are blocked; `must` ones are, the rest cheapest first.
  const int need = n_flights - w;
  if (need > d.n_def) return false;
  int extra = need - n_must;
  const Bitboard optional = flights & ~must;
  Bitboard seen = 0;
  for (int j = 0; j <= d.jd && extra > 0 && cost <= rem; ++j) {
    const int n = std::min(extra, popcount(optional & d.U[j] & ~seen));
    seen |= d.U[j];
    cost += n * j;
    extra -= n;
  }
  return extra <= 0 && cost <= rem;
}

// --- the check precheck ----------------------------------------------------------------------

// may_give_check's test on the position's bitboards: `occupied`, the sides' pieces `own` (us)
// and `enemy`, and `ours(t)` = our pieces of type t (may_give_check_after passes the bitboards
// of a position one defender's move ahead).
template <class Ours>
inline bool may_give_check_bb(Square k, Bitboard occupied, Bitboard own, Bitboard enemy, Color us, const Ours& ours) {
  const Bitboard pawns = ours(Pawn);
  if (pawns & (us == White ? rank_bb(6) : rank_bb(1))) return true;
  const Bitboard straight = ours(Rook) | ours(Queen), diagonal = ours(Bishop) | ours(Queen);
  Bitboard snipers = (rook_attacks(k, 0) & straight) | (bishop_attacks(k, 0) & diagonal);
  while (snipers) {
    const Square s = pop_lsb(snipers);
    const Bitboard blockers = (between(k, s) ^ square_bb(s)) & occupied;
    if (blockers && !more_than_one(blockers) && (blockers & own)) return true;
  }
  const Bitboard free = ~own;
  const Bitboard rook_sq = rook_attacks(k, occupied) & free, bishop_sq = bishop_attacks(k, occupied) & free;
  // A queen may reach a diagonal check square along a file and vice versa.
  for (Bitboard b = ours(Rook); b;)
    if (rook_attacks(pop_lsb(b), occupied) & rook_sq) return true;
  for (Bitboard b = ours(Bishop); b;)
    if (bishop_attacks(pop_lsb(b), occupied) & bishop_sq) return true;
  for (Bitboard b = ours(Queen); b;)
    if (queen_attacks(pop_lsb(b), occupied) & (rook_sq | bishop_sq)) return true;
  const Bitboard knight_sq = knight_attacks(k) & free;
  for (Bitboard b = ours(Knight); b;)
    if (knight_attacks(pop_lsb(b)) & knight_sq) return true;
  const Bitboard pawn_sq = pawn_attacks(~us, k);
  if (us == White) {
    const Bitboard push = shift<8>(pawns) & ~occupied;
    const Bitboard dbl = shift<8>(push & rank_bb(2)) & ~occupied;
    if ((push | dbl | ((shift<7>(pawns) | shift<9>(pawns)) & enemy)) & pawn_sq) return true;
  } else {
    const Bitboard push = shift<-8>(pawns) & ~occupied;
    const Bitboard dbl = shift<-8>(push & rank_bb(5)) & ~occupied;
    if ((push | dbl | ((shift<-7>(pawns) | shift<-9>(pawns)) & enemy)) & pawn_sq) return true;
  }
  return false;
}

// --- the flight bound ------------------------------------------------------------------------
// The upper bound on attacks: every attack is computed with K empty, and a slider's lines may
// pass one removed blocker among the squares the moves can empty (P's square s; in the second
// kind also a: "x-ray" through the first blockers on each ray at once, which is a superset of
// passing any single one). Others' attacks: all their rays x-rayed once (king move: s only) or
// twice (other move: s and a, in either order on the ray). P's destinations t: knights and
// kings their attack squares (the king not next to K: kings never touch), sliders their rays
// x-rayed through a defending piece (a may open the path), pawns both diagonals, the square
// ahead and two ahead from the start rank, whatever their occupants (e.p. and promotion
// included). P's attacks from t: s and K empty, x-rayed through one defending piece (a).

inline Bitboard attacks(PieceType t, Square s, Bitboard occ) {
  switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, occ);
    case Rook: return rook_attacks(s, occ);
    case Queen: return queen_attacks(s, occ);
    default: return king_attacks(s);
  }
}
// Slider attacks from s as if the first blockers in `removable` on each ray were gone.
inline Bitboard xray(PieceType t, Square s, Bitboard occ, Bitboard removable) {
  const Bitboard a = attacks(t, s, occ);
  const Bitboard rm = a & occ & removable;
  return rm ? a | attacks(t, s, occ & ~rm) : a;
}
inline bool slider(PieceType t) { return t == Bishop || t == Rook || t == Queen; }

// The mater's pieces (the first 16), each with its attacks in the final position when another
// piece moves: x-rayed through s (any mater's piece) and a.
struct MaterPieces {
  Square sq[16];
  PieceType ty[16];
  Bitboard own_att[17];
  int n = 0;
};

inline MaterPieces mater_pieces(const Position& pos, Color mater, Bitboard occ_att, Bitboard removable, Bitboard def_vac) {
  MaterPieces p;
  for (Bitboard b = pos.pieces(mater); b && p.n < 16;) {
    const Square s = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(s));
    Bitboard a;
    if (t == Pawn) a = pawn_attacks(mater, s);
    else if (!slider(t)) a = attacks(t, s, 0);
    else {
      const Bitboard first = attacks(t, s, occ_att) & occ_att & removable;
      const Bitboard occ1 = occ_att & ~first;
      a = attacks(t, s, occ_att) | (def_vac ? xray(t, s, occ1, removable) : attacks(t, s, occ1));
    }
    p.sq[p.n] = s, p.ty[p.n] = t, p.own_att[p.n] = a, ++p.n;
  }
  return p;
}

// The squares P (type t on s) may move to, K excluded; a cheap superset: even the empty-board
// attacks of P from anywhere near.
inline Bitboard destinations(Color mater, PieceType t, Square s, Square K, Bitboard occ, Bitboard path_rm, Bitboard stay) {
  Bitboard dest;
  if (t == Pawn) {
    const Bitboard sb = square_bb(s);
    Bitboard push = mater == White ? shift<8>(sb) : shift<-8>(sb);
    if (rank_of(s) == (mater == White ? 1 : 6)) push |= mater == White ? shift<16>(sb) : shift<-16>(sb);
    dest = push | pawn_attacks(mater, s);
  } else if (t == King) {
    dest = king_attacks(s) & ~stay & ~king_attacks(K);
  } else if (t == Knight) {
    dest = knight_attacks(s) & ~stay;
  } else {
    dest = xray(t, s, occ, path_rm) & ~stay;
  }
  return dest & ~square_bb(K);
}

// The common test: K the king's final square, `occ` the occupancy with the king on K (P still
// on s), `def_vac` the defending squares that may be emptied (0 or the non-king pieces),
// `flights` the squares to cover, `blockable` the squares of which one may stay uncovered.
inline bool mate_in_one_possible(const Position& pos, Color mater, Square K, Bitboard occ, Bitboard def_vac,
                          Bitboard flights, Bitboard blockable) {
  const Bitboard mine = pos.pieces(mater);
  const Bitboard kbb = square_bb(K);
  const Bitboard occ_att = occ & ~kbb;
  const Bitboard around = flights | kbb;
  auto passes = [&](Bitboard att) {
    if (!(att & kbb)) return false;
    const Bitboard u = flights & ~att;
    return !u || (!more_than_one(u) && (u & blockable));
  };
  const MaterPieces p = mater_pieces(pos, mater, occ_att, (mine | def_vac) & ~kbb, def_vac);
  if (popcount(mine) > 16) return true;
  Bitboard suffix[17];
  suffix[p.n] = 0;
  for (int i = p.n - 1; i >= 0; --i) suffix[i] = suffix[i + 1] | p.own_att[i];
  Bitboard prefix = 0;
  const Bitboard path_rm = def_vac & ~kbb;
  // Squares P cannot move to: the mater's own pieces, except that a defender's move other
  // than a king's may capture one of them on b, and P may then recapture there.
  const Bitboard stay = def_vac ? 0 : mine;
  const Bitboard last = mater == White ? rank_bb(7) : rank_bb(0);
  for (int i = 0; i < p.n; ++i) {
    const Square s = p.sq[i];
    const PieceType t = p.ty[i];
    const Bitboard base = prefix | suffix[i + 1];
    prefix |= p.own_att[i];
    Bitboard dest = destinations(mater, t, s, K, occ, path_rm, stay);
    if (!dest) continue;
    // P moving anywhere that attacks nothing around K.
    if (passes(base)) return true;
    const Bitboard occ_t = occ_att & ~square_bb(s);
    while (dest) {
      const Square d = pop_lsb(dest);
      Bitboard a;
      if (t == Pawn) {
        a = pawn_attacks(mater, d);
        if (square_bb(d) & last) a |= xray(Queen, d, occ_t, def_vac) | knight_attacks(d);
      } else if (!slider(t)) {
        a = attacks(t, d, 0);
      } else {
        if (!(attacks(t, d, 0) & around)) continue;
        a = xray(t, d, occ_t, def_vac);
      }
      if (a & around && passes(base | a)) return true;
    }
  }
  return false;
}

// Squares among `targets` (not holding defending pieces) that a defending non-king piece
// reaches in one pseudo-legal move.
inline Bitboard defender_reach(const Position& pos, Color def, Bitboard targets) {
  Bitboard out = 0;
  const Bitboard occ = pos.occupied();
  const Bitboard theirs = pos.pieces(~def);
  for (Bitboard b = targets; b;) {
    const Square f = pop_lsb(b);
    Bitboard att = (rook_attacks(f, occ) & pos.pieces(def, Rook, Queen)) |
                   (bishop_attacks(f, occ) & pos.pieces(def, Bishop, Queen)) |
                   (knight_attacks(f) & pos.pieces(def, Knight));
    if (theirs & square_bb(f)) att |= pawn_attacks(~def, f) & pos.pieces(def, Pawn);
    else {
      const Bitboard fb = square_bb(f);
      const Bitboard back1 = def == White ? shift<-8>(fb) : shift<8>(fb);
      att |= back1 & pos.pieces(def, Pawn);
      if ((back1 & ~occ) && rank_of(f) == (def == White ? 3 : 4))
        att |= (def == White ? shift<-8>(back1) : shift<8>(back1)) & pos.pieces(def, Pawn);
    }
    if (att) out |= square_bb(f);
  }
  return out;
}

}  // namespace

namespace {

// may_mate (check) or may_stalemate (the flights alone).
bool may_end(const Position& pos, Color mater, int km, int kd, bool check) {
  const Tables& T = tables();
  const Color def = ~mater;
  const Square k0 = pos.king_square(def);
  if (k0 == NoSquare) return true;
  const int mater_rights = mater == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  const int bm = km + ((pos.castling_rights() & mater_rights) ? 2 : 0);
  const int bd = kd + ((pos.castling_rights() & ~mater_rights & AllCastling) ? 2 : 0);
  if (bm > MaxBudget) return true;
  const Mater m = mater_units(pos, mater, bm);
  const Defender d = defender_pieces(pos, def, k0, bd);
  const Bitboard kings = T.reach[King][k0][d.jd] & (check ? m.checkable : ~Bitboard(0));
  for (Bitboard b = kings; b;)
    if (mate_possible_on(pop_lsb(b), k0, m, d, check)) return true;
  return false;
}

}  // namespace

bool may_mate(const Position& pos, Color mater, int km, int kd) { return may_end(pos, mater, km, kd, true); }

bool may_stalemate(const Position& pos, Color mater, int km, int kd) { return may_end(pos, mater, km, kd, false); }

bool may_give_check(const Position& pos, Color us) {
  const Square k = pos.king_square(~us);
  if (k == NoSquare) return true;
  const int our_rights = us == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  if (pos.castling_rights() & our_rights) return true;
  if (us == pos.side_to_move() && pos.en_passant_square() != NoSquare) return true;
  return may_give_check_bb(k, pos.occupied(), pos.pieces(us), pos.pieces(~us), us,
                           [&](PieceType t) { return pos.pieces(us, t); });
}

bool may_give_check_after(const Position& pos, Color us, Move m) {
  const Square k = pos.king_square(~us);
  if (k == NoSquare) return true;
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) return true;
  const Square from = m.from(), to = m.to();
  const PieceType t = type_of(pos.piece_on(from));
  if (t == King) return true;
  if (t == Pawn && (to - from == 16 || from - to == 16)) return true;
  const int our_rights = us == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  if (pos.castling_rights() & our_rights) return true;
  const Bitboard keep = ~square_bb(to);
  const Bitboard occupied = (pos.occupied() & ~square_bb(from)) | square_bb(to);
  const Bitboard own = pos.pieces(us) & keep;
  const Bitboard enemy = (pos.pieces(~us) & ~square_bb(from)) | square_bb(to);
  return may_give_check_bb(k, occupied, own, enemy, us, [&](PieceType pt) { return pos.pieces(us, pt) & keep; });
}

Relevance relevant_squares(const Position& pos, Color mater) {
  const Square k = pos.king_square(~mater);
  const Bitboard lines = queen_attacks(k, 0) | knight_attacks(k);
  Bitboard from = lines;
  const Bitboard occupied = pos.occupied();
  for (Bitboard b = pos.pieces(mater, Bishop, Queen); b;) from |= bishop_attacks(pop_lsb(b), occupied);
  for (Bitboard b = pos.pieces(mater, Rook, Queen); b;) from |= rook_attacks(pop_lsb(b), occupied);
  const Bitboard pawns = pos.pieces(mater, Pawn);
  from |= mater == White ? shift<8>(pawns) | shift<16>(pawns) : shift<-8>(pawns) | shift<-16>(pawns);
  return {from, lines};
}

bool mate_after_other_move(const Position& pos, Color mater) {
  const Color def = ~mater;
  const Square K = pos.king_square(def);
  if (K == NoSquare || mater_may_castle(pos, mater)) return true;
  const Bitboard flights = king_attacks(K) & ~pos.pieces(def);
  const Bitboard def_vac = pos.pieces(def) & ~square_bb(K);
  const Bitboard blockable = defender_reach(pos, def, flights);
  return mate_in_one_possible(pos, mater, K, pos.occupied(), def_vac, flights, blockable);
}

bool mate_after_king_move(const Position& pos, Color mater, Square to) {
  const Color def = ~mater;
  const Square k0 = pos.king_square(def);
  if (k0 == NoSquare || mater_may_castle(pos, mater)) return true;
  const Bitboard defenders = pos.pieces(def) & ~square_bb(k0);
  const Bitboard occ = (pos.occupied() & ~square_bb(k0)) | square_bb(to);
  const Bitboard flights = king_attacks(to) & ~defenders;
  return mate_in_one_possible(pos, mater, to, occ, 0, flights, 0);
}

}  // namespace arbiter::prover::help_bound
