#pragma once
// A lower bound on the moves a helpmate still needs, for orthodox chess (bitboards of a
// Position; the search uses it only for rule sets that say they are orthodox). It answers
// "can the defender be checkmated at all within km moves of the mater and kd moves of the
// defender?"; false is a proof that no line of that length (or shorter) ends in mate.
//
// The argument looks at the final position of any such line. Let the defender's king end on
// K. Mate needs:
//   (a) K is attacked by the mater (check), and
//   (b) every square f next to K (its "flights") is unavailable to the king: either a
//       defending piece stands on f, or f is attacked by the mater once the king stands on f.
// Every attack used below is the piece's attack on the EMPTY board from its final square, a
// superset of its real attacks (blockers only take attacks away; the king leaving K only
// opens lines, which the empty board already has open; a mating piece standing on f itself
// does not attack f on the empty board either). So (a) and (b) with empty-board attacks are
// still necessary.
// Distances are empty-board move counts (a lower bound on the real count: blockers only
// lengthen a path). A unit standing still costs 0 moves, which covers discovered checks and
// guards that already exist. Pawns: in j moves a pawn gains at most j ranks (j+1 with a
// double step) and changes file at most j times (each capture moves one file and one rank);
// promotion (at the earliest `promo` moves) makes it any piece, which is treated as reaching
// or attacking anything thereafter. Castling moves the king two squares and a rook at once:
// the accounting charges it 2 (king distance) + 1 (rook) for one real move, so a side that
// still holds a castling right gets 2 extra moves in its budget.
// Then, for each candidate K the defender's king can reach (king distance jK <= its budget):
//   - The mater's units, with at most km moves in all (each moves its own moves; a table of
//     empty-board reach per unit type and move count), can attack at most W of K's flights
//     at once, while one of them (not the king) attacks K: W is a small knapsack over the
//     units (moves per unit vs. flights covered), so it is an upper bound on the flights the
//     mater can guard in the final position.
//   - Flights that no mater unit can attack at all within km moves must be blocked, and at
//     least |F| - W flights must be blocked in any case. Each blocked flight holds a distinct
//     defending (non-king) piece, which needs at least its empty-board distance in moves;
//     distinct pieces make distinct moves (castling aside, see above), so the defender spends
//     at least jK + the sum of the cheapest such distances, which must fit in kd; and there
//     must be enough defending pieces.
// If no K passes, no mate exists within the budgets.

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "rules/core/bitboard.h"
#include "rules/core/move.h"
#include "rules/core/position.h"
#include "rules/core/zobrist.h"

namespace arbiter::prover::help_bound {

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
    for (Square k = 0; k < 64; ++k) {
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
  }
};

inline const Tables& tables() {
  static const Tables t;
  return t;
}

inline int cheb(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// True unless it is proved that the side `mater` cannot checkmate its opponent within `km`
// of its own moves and `kd` of the opponent's (either side may use fewer).
inline bool may_mate(const Position& pos, Color mater, int km, int kd) {
  const Tables& T = tables();
  const Color def = ~mater;
  const Square k0 = pos.king_square(def);
  if (k0 == NoSquare) return true;
  const int mater_rights = mater == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  const int bm = km + ((pos.castling_rights() & mater_rights) ? 2 : 0);
  const int bd = kd + ((pos.castling_rights() & ~mater_rights & AllCastling) ? 2 : 0);
  constexpr int MaxBudget = 15;
  if (bm > MaxBudget) return true;
  const int jm = std::min(bm, MaxJ);

  // The mater's units.
  struct Unit {
    PieceType t;
    Square s;
  };
  Unit units[32];
  int n_units = 0;
  Bitboard checkable = 0, coverable = 0;
  for (Bitboard b = pos.pieces(mater); b;) {
    const Square s = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(s));
    Bitboard a;
    if (t == Pawn) a = T.pattreach[mater][s][jm] | (bm >= T.promo[mater][s] ? ~Bitboard(0) : 0);
    else a = T.attreach[t][s][jm];
    coverable |= a;
    if (t != King) checkable |= a;
    units[n_units++] = {t, s};
  }

  // The defender's pieces: U[j] = squares some defending non-king piece reaches in <= j moves.
  const int jd = std::min(bd, MaxJ);
  Bitboard U[MaxJ + 1];
  for (int j = 0; j <= jd; ++j) U[j] = 0;
  int n_def = 0;
  for (Bitboard b = pos.pieces(def) & ~square_bb(k0); b;) {
    const Square s = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(s));
    ++n_def;
    for (int j = 0; j <= jd; ++j) {
      if (t == Pawn) U[j] |= T.preach[def][s][j] | (j >= T.promo[def][s] + 1 ? ~Bitboard(0) : 0);
      else U[j] |= T.reach[t][s][j];
    }
  }

  Bitboard kings = T.reach[King][k0][jd] & checkable;
  while (kings) {
    const Square k = pop_lsb(kings);
    const Bitboard flights = king_attacks(k);
    const int n_flights = popcount(flights);
    const int rem = bd - cheb(k0, k);
    // Flights no mater unit can ever attack: a defending piece must stand there.
    const Bitboard must = flights & ~coverable;
    const int n_must = popcount(must);
    if (n_must > n_def) continue;
    int cost = 0;
    bool ok = true;
    for (Bitboard b = must; b && ok;) {
      const Bitboard f = square_bb(pop_lsb(b));
      int j = 0;
      while (j <= jd && !(U[j] & f)) ++j;
      if (j > jd) ok = false;
      else cost += j;
    }
    if (!ok || cost > rem) continue;

    // W: the most flights the mater's units can attack at once, one of them giving check,
    // with at most bm moves in all.
    constexpr int NegInf = -1000;
    int best[MaxBudget + 1][2];
    for (int b = 0; b <= bm; ++b) best[b][0] = best[b][1] = NegInf;
    best[0][0] = 0;
    const Bitboard target = flights | square_bb(k);
    for (int u = 0; u < n_units; ++u) {
      const auto [t, s] = units[u];
      const bool pawn = t == Pawn;
      const Bitboard reach_all = pawn ? (T.pattreach[mater][s][jm] | (bm >= T.promo[mater][s] ? ~Bitboard(0) : 0))
                                      : T.attreach[t][s][jm];
      if (!(reach_all & target)) continue;  // contributes nothing at any budget
      int cv[MaxBudget + 1], ck[MaxBudget + 1];
      for (int j = 0; j <= bm; ++j) {
        const int ji = std::min(j, MaxJ);
        int c = 0, h = -1;
        if (pawn) {
          const Bitboard r = T.preach[mater][s][ji];
          const Bitboard checks_from = pawn_attacks(def, k);
          for (int l = 2; l >= 0; --l)
            if (r & T.pcov[mater][k][l]) { c = l; break; }
          for (int l = 2; l >= 0; --l)
            if (r & checks_from & T.pcov[mater][k][l]) { h = l; break; }
          if (j >= T.promo[mater][s]) {
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
    for (int b = 0; b <= bm; ++b) w = std::max(w, best[b][1]);
    if (w == NegInf) continue;  // nothing can give check on K

    // At least n_flights - w flights are blocked; `must` ones are, the rest cheapest first.
    const int need = n_flights - w;
    if (need > n_def) continue;
    int extra = need - n_must;
    const Bitboard optional = flights & ~must;
    Bitboard seen = 0;
    for (int j = 0; j <= jd && extra > 0 && cost <= rem; ++j) {
      const int m = std::min(extra, popcount(optional & U[j] & ~seen));
      seen |= U[j];
      cost += m * j;
      extra -= m;
    }
    if (extra > 0 || cost > rem) continue;
    return true;
  }
  return false;
}

// Can the side to move give check at all? False only when no legal move of it checks.
// A checking move either (1) is castling, en passant or a promotion: answered "maybe" when
// the side holds a castling right, an e.p. square is set, or a pawn of it stands on its 7th
// rank; (2) unmasks a slider of its own: "maybe" when one of its pieces is the only piece
// between the enemy king and one of its sliders (the movegen's "discoverers"); or (3) puts
// the moved piece on a square from which it attacks the king. Such a square lies on a line
// from the king that is empty up to it in the current position (the mover's own square is
// not on that stretch: if it were, the piece would already be checking the king, and the
// side to move never gives check), and the piece reaches it in one move along a line that
// is empty now: so it is in the piece's current attacks (sliders, knights; pawns: pushes,
// double steps and captures) and in the king's attacks by that piece type with the current
// occupancy (a queen counted with both its lines: it may reach a diagonal check square along a
// file). A king move checks only by discovery, case (2).
// `us` need not be the side to move (then the e.p. square is the other side's and is ignored).
// The test itself, on the position's bitboards: `occupied`, the sides' pieces `own` (us) and
// `enemy`, and `ours(t)` = our pieces of type t (callers may pass the bitboards of a position
// one defender's move ahead, see may_give_check_after).
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

inline bool may_give_check(const Position& pos, Color us) {
  const Square k = pos.king_square(~us);
  if (k == NoSquare) return true;
  const int our_rights = us == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  if (pos.castling_rights() & our_rights) return true;
  if (us == pos.side_to_move() && pos.en_passant_square() != NoSquare) return true;
  return may_give_check_bb(k, pos.occupied(), pos.pieces(us), pos.pieces(~us), us,
                           [&](PieceType t) { return pos.pieces(us, t); });
}

// may_give_check(after, us) for the position `after` that the side to move (the defender,
// `us` being the other side) reaches with its legal move m, computed from the current
// bitboards without playing m: "maybe" (true) for the moves whose effect is more than a
// piece leaving `from` and standing on `to` (castling, en passant, double steps: they give us
// an e.p. capture, king moves: the target king moves; promotions change only the type of a
// defending piece, which the test never looks at, so they are handled as plain moves). For
// the others `after` has: occupied' = occupied - from + to, the defender's pieces
// enemy' = enemy - from + to, our pieces own' = own - to (a capture removes ours on `to`),
// the same king square and castling rights (a capture can only remove ours: when we hold one
// now the answer is "maybe" anyway), and, us being to move in `after` with no double step
// played, no e.p. square. These are exactly the inputs of may_give_check(after, us).
inline bool may_give_check_after(const Position& pos, Color us, Move m) {
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

inline bool may_give_check(const Position& pos) { return may_give_check(pos, pos.side_to_move()); }

// The defender is to move and the mater has no checking move now (may_give_check(pos, mater)
// is false). After a defender's move from a to b the mater can only have a checking move if
// the move changed something a check needs; the squares where that can happen:
//  - vacating a: a mater's piece may move to a (a check square: on a line from the king or a
//    knight's move from it), pass through a (a slider's path: then a is the first piece on
//    that ray, so among the slider's current attacks; a pawn's push: a is in front of it),
//    check across a (a on a line from the king), or unmask a slider across a (likewise);
//  - occupying b: a mater's piece may capture on b, checking from there (b on a line from the
//    king or a knight's move from it; pawn captures too, these squares are on a line);
//    occupying b cannot open anything, and a mater's piece captured on b only loses options
//    (if it stood between the king and a slider of the mater, b is on a line from the king).
// King moves and castling (the king's square changes), double steps (they give an e.p.
// capture), en passant (it empties a second square) are always relevant. Returns the
// squares for a and b; a move with neither is irrelevant: no check follows it, so no mate.
struct Relevance {
  Bitboard from, to;
};
inline Relevance relevant_squares(const Position& pos, Color mater) {
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

// Is the defender's move m (generated, legal, the defender to move) relevant in that sense?
inline bool relevant(const Position& pos, Move m, const Relevance& rel) {
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) return true;
  const PieceType t = type_of(pos.piece_on(m.from()));
  if (t == King) return true;
  if (t == Pawn && (m.to() - m.from() == 16 || m.from() - m.to() == 16)) return true;
  return (rel.from & square_bb(m.from())) || (rel.to & square_bb(m.to()));
}


// ---------------------------------------------------------------------------------------------
// Flight bound for the last two plies (the defender to move, then the mater's mating move).
// Whatever the defender plays, its king ends on some square K; the mate then needs (a) K
// attacked by the mater and (b) every flight of K (a neighbour not holding a defending piece)
// attacked by the mater, the king standing on that flight (so K itself empty), in the position
// after both moves. (c) A flight holding a mater's piece counts: it must be protected, i.e.
// attacked by another of the mater's pieces (a piece never attacks its own square).
// Both conditions are about the mater's attacks in the final position; an upper bound on those
// attacks that still fails (a) or (b) proves no mate. The mater makes exactly one move: some
// piece P leaves s for t. The final attacks are then those of the other pieces, P excluded,
// plus P's attacks from t (a pawn reaching the last rank: a queen's and a knight's).
// Two kinds of defender's move:
//  - A king move (not castling) from K0 to K (`mate_after_king_move`): the occupancy is known
//    but for P's move: K0 emptied, K filled (its mater's piece, if any, captured: counting its
//    attacks anyway only over-counts). Every flight of K, K0 among them, must be covered.
//  - Any other move but castling and en passant (`mate_after_other_move`): K stays; the move
//    empties one square a (a defending piece, not the king) and fills one square b. Filling b
//    blocks lines (only fewer attacks), takes b from the flights, or captures a mater's piece
//    there: over-counting that piece's attacks is safe, but b is then a square the mater can
//    move to (recapture), so P's destinations include the mater's own squares in this case
//    (forgetting that loses e.g. 1.Rxe7 Qxe7#, see the tests); emptying a may open a line or add a as a flight (not
//    required here, which only weakens the test). So every flight of K now, except b, must be
//    covered, and b must be a square a defending non-king piece can move to (pseudo-legally).
// The upper bound on attacks: every attack is computed with K empty, and a slider's lines may
// pass one removed blocker among the squares the moves can empty (P's square s; in the second
// kind also a: "x-ray" through the first blockers on each ray at once, which is a superset of
// passing any single one). Others' attacks: all their rays x-rayed once (king move: s only) or
// twice (other move: s and a, in either order on the ray). P's destinations t: knights and
// kings their attack squares (the king not next to K: kings never touch), sliders their rays
// x-rayed through a defending piece (a may open the path), pawns both diagonals, the square
// ahead and two ahead from the start rank, whatever their occupants (e.p. and promotion
// included). P's attacks from t: s and K empty, x-rayed through one defending piece (a).
// A mater holding a castling right answers "maybe" (castling moves two pieces).
namespace detail {
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
  // The others' attacks, each piece's own: x-rayed through s (any mater's piece) and a.
  Square sq[16];
  PieceType ty[16];
  Bitboard own_att[17];
  int n = 0;
  const Bitboard removable = (mine | def_vac) & ~kbb;
  for (Bitboard b = mine; b && n < 16;) {
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
    sq[n] = s, ty[n] = t, own_att[n] = a, ++n;
  }
  if (popcount(mine) > 16) return true;
  Bitboard suffix[17];
  suffix[n] = 0;
  for (int i = n - 1; i >= 0; --i) suffix[i] = suffix[i + 1] | own_att[i];
  Bitboard prefix = 0;
  const Bitboard path_rm = def_vac & ~kbb;
  // Squares P cannot move to: the mater's own pieces, except that a defender's move other
  // than a king's may capture one of them on b, and P may then recapture there.
  const Bitboard stay = def_vac ? 0 : mine;
  for (int i = 0; i < n; ++i) {
    const Square s = sq[i];
    const PieceType t = ty[i];
    const Bitboard base = prefix | suffix[i + 1];
    prefix |= own_att[i];
    // A cheap reject: even the empty-board attacks of P from anywhere near cannot help.
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
    dest &= ~kbb;
    if (!dest) continue;
    // P moving anywhere that attacks nothing around K.
    if (passes(base)) return true;
    const Bitboard occ_t = occ_att & ~square_bb(s);
    const Bitboard last = mater == White ? rank_bb(7) : rank_bb(0);
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
}  // namespace detail

inline bool mater_may_castle(const Position& pos, Color mater) {
  const int rights = mater == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  return pos.castling_rights() & rights;
}

// The defender (to move) plays a move other than a king move, castling or en passant: can the
// mater's next move still mate? False is a proof that it cannot.
inline bool mate_after_other_move(const Position& pos, Color mater) {
  const Color def = ~mater;
  const Square K = pos.king_square(def);
  if (K == NoSquare || mater_may_castle(pos, mater)) return true;
  const Bitboard flights = king_attacks(K) & ~pos.pieces(def);
  const Bitboard def_vac = pos.pieces(def) & ~square_bb(K);
  const Bitboard blockable = detail::defender_reach(pos, def, flights);
  return detail::mate_in_one_possible(pos, mater, K, pos.occupied(), def_vac, flights, blockable);
}

// The defender's king moves (not castling) to `to`: can the mater's next move still mate?
inline bool mate_after_king_move(const Position& pos, Color mater, Square to) {
  const Color def = ~mater;
  const Square k0 = pos.king_square(def);
  if (k0 == NoSquare || mater_may_castle(pos, mater)) return true;
  const Bitboard defenders = pos.pieces(def) & ~square_bb(k0);
  const Bitboard occ = (pos.occupied() & ~square_bb(k0)) | square_bb(to);
  const Bitboard flights = king_attacks(to) & ~defenders;
  return detail::mate_in_one_possible(pos, mater, to, occ, 0, flights, 0);
}

}  // namespace arbiter::prover::help_bound
