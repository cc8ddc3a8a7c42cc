#include "solver/prover/mate_skeleton.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <unordered_set>
#include <utility>

#include "rules/core/bitboard.h"
#include "rules/orthodox/movegen.h"

namespace arbiter::prover::mate_skeleton {

namespace {

constexpr std::uint8_t Far = 99;

// Empty-board distances: piece[t][s][y] for Knight..King; pawn[c][s][T][y] for a pawn of
// colour c on s to type T on y (T = Pawn: without promoting; else promoting on the way).
struct Distances {
  std::uint8_t piece[7][64][64];
  std::uint8_t pawn[2][64][7][64];

  Distances() {
    init_bitboards();
    for (int t = 0; t < 7; ++t)
      for (int s = 0; s < 64; ++s)
        for (int y = 0; y < 64; ++y) piece[t][s][y] = Far;
    for (int t = Knight; t <= King; ++t)
      for (Square s = 0; s < 64; ++s) bfs(PieceType(t), s);
    for (int c = 0; c < 2; ++c)
      for (Square s = 0; s < 64; ++s) pawn_from(Color(c), s);
  }

  void bfs(PieceType t, Square s) {
    std::uint8_t* d = piece[t][s];
    d[s] = 0;
    Bitboard seen = square_bb(s), frontier = seen;
    for (std::uint8_t j = 1; frontier; ++j) {
      Bitboard next = 0;
      for (Bitboard b = frontier; b;) next |= piece_attacks(t, pop_lsb(b), 0);
      next &= ~seen;
      for (Bitboard b = next; b;) d[pop_lsb(b)] = j;
      seen |= next;
      frontier = next;
    }
  }

  // A pawn's moves on the empty board: one step, two from its second rank, one diagonally (a
  // capture); reaching the last rank it becomes a knight, bishop, rook or queen there.
  void pawn_from(Color c, Square s) {
    for (int t = 0; t < 7; ++t)
      for (int y = 0; y < 64; ++y) pawn[c][s][t][y] = Far;
    const int r = relative_rank(c, s);
    if (r == 0 || r == 7) return;
    std::uint8_t as_pawn[64];
    std::fill(as_pawn, as_pawn + 64, Far);
    as_pawn[s] = 0;
    // Ranks only grow, so one pass in rank order settles every square.
    for (int rr = r; rr < 7; ++rr)
      for (int f = 0; f < 8; ++f) {
        const Square x = c == White ? rr * 8 + f : (7 - rr) * 8 + f;
        if (as_pawn[x] == Far) continue;
        const int fwd = c == White ? 8 : -8;
        auto relax = [&](Square y) {
          as_pawn[y] = std::min<std::uint8_t>(as_pawn[y], as_pawn[x] + 1);
        };
        relax(x + fwd);
        if (rr == 1) relax(x + 2 * fwd);
        if (f > 0) relax(x + fwd - 1);
        if (f < 7) relax(x + fwd + 1);
      }
    for (Square y = 0; y < 64; ++y) {
      if (relative_rank(c, y) == 7) continue;  // a pawn never stands there
      pawn[c][s][Pawn][y] = as_pawn[y];
    }
    for (int t = Knight; t <= Queen; ++t)
      for (Square z = 0; z < 64; ++z) {
        if (relative_rank(c, z) != 7 || as_pawn[z] == Far) continue;
        for (Square y = 0; y < 64; ++y)
          pawn[c][s][t][y] = std::min<int>(pawn[c][s][t][y], as_pawn[z] + piece[t][z][y]);
      }
  }
};

const Distances& distances() {
  static const Distances d;
  return d;
}

inline int dist(const Distances& D, Color c, PieceType t, Square s, PieceType target, Square y) {
  if (t == Pawn) return D.pawn[c][s][target][y];
  if (target != t) return Far;
  return D.piece[t][s][y];
}

// The distance of unit i of u: a king still on its square of origin with a castling right also
// has castling as one move to its castled square (its first move: any other loses the rights).
inline int unit_dist(const Distances& D, const Units& u, int i, PieceType target, Square y) {
  const Color c = u.color[i];
  const Square s = u.sq[i];
  int d = dist(D, c, u.type[i], s, target, y);
  if (u.type[i] != King || target != King || s != relative_square(c, sq::e1)) return d;
  const int k = c == White ? WhiteKingside : BlackKingside, q = c == White ? WhiteQueenside : BlackQueenside;
  if (u.rights & k) d = std::min<int>(d, 1 + D.piece[King][s + 2][y]);
  if (u.rights & q) d = std::min<int>(d, 1 + D.piece[King][s - 2][y]);
  return d;
}

// The squares from which a unit of type t and colour c attacks f on the empty board.
inline Bitboard attackers_of(Color c, PieceType t, Square f) {
  return t == Pawn ? pawn_attacks(~c, f) : piece_attacks(t, f, 0);
}
inline Bitboard attacks_of(Color c, PieceType t, Square y) {
  return t == Pawn ? pawn_attacks(c, y) : piece_attacks(t, y, 0);
}

// The depth-first enumeration (see the header): the defender's king placed, then a checker,
// then a reason for each flight in turn, then the refinement that settles the skeleton.
class Enumeration {
 public:
  Enumeration(const Units& u, Goal goal, Color mater, int km, int kd, std::vector<Skeleton>& out, std::size_t limit,
              std::uint64_t steps = 0)
      : u_(u), D_(distances()), stalemate_(goal == Goal::Stalemate), mater_(mater), km_(km), kd_(kd), out_(out),
        limit_(limit) {
    max_steps_ = steps ? steps : stalemate_ ? MaxStalemateSteps : MaxSteps;
    // The squares each unit reaches as each type within each budget (the placements' cost test
    // done for whole boards at once).
    for (int v = 0; v < u_.n; ++v) {
      if (u_.sq[v] == NoSquare) continue;
      if (u_.type[v] != King) ++victims_[u_.color[v]];
      for (int t = Pawn; t <= King; ++t)
        for (Square y = 0; y < 64; ++y) {
          const int d = unit_dist(D_, u_, v, PieceType(t), y);
          for (int k = d; k < Budgets; ++k) within_[v][t][k] |= square_bb(y);
        }
    }
  }

  bool run() {
    int king_unit = -1;
    for (int i = 0; i < u_.n; ++i)
      if (u_.color[i] == ~mater_ && u_.type[i] == King && u_.sq[i] != NoSquare) king_unit = i;
    if (king_unit < 0) return false;
    for (Square K = 0; K < 64 && ok_; ++K) {
      const int kc = unit_dist(D_, u_, king_unit, King, K);
      if (kc > kd_) continue;
      K_ = K;
      place(king_unit, King, K, kc, [&] {
        if (stalemate_) flights(king_attacks(K_), 0);
        else checkers();
      });
    }
    return ok_;
  }

  std::uint64_t steps() const { return steps_; }
  // The fewest captures of the defending units that `core` leaves free (a stalemate's core: the
  // defender has no move in P) over every way to complete it: each such unit stands in F
  // immobile, or was captured there. The first free one is placed on a square it can reach, where
  // the refinement stops its moves as any other's, or taken as captured; a branch that cannot
  // do with fewer captures than the best found is left. 0 when `steps` do not settle it; None
  // when no way completes it (no F within the budgets matches the core).
  int fewest_captures(const Skeleton& core, std::uint64_t steps) {
    if (!complete_core(core, steps)) return 0;
    return best_ == NoneFound ? None : best_;
  }
  static constexpr int None = -1;

  // Every way to complete `core` (as fewest_captures() searches them), each added to the output
  // as a skeleton of its own: the core's placements, the completion's, and its captured units
  // (free_defenders, captures). False when they outgrow the output's limit or `steps`.
  bool completions(const Skeleton& core, std::uint64_t steps) {
    emitting_ = true;
    const bool settled = complete_core(core, steps);
    emitting_ = false;
    return settled;
  }

 private:
  bool mater_unit(int i) const { return u_.color[i] == mater_; }
  bool free_unit(int i) const { return !(used_ >> i & 1) && u_.sq[i] != NoSquare; }

  // The squares unit v can still reach as type t with its side's moves left.
  Bitboard within(int v, PieceType t) const {
    const int left = mater_unit(v) ? km_ - wsum_ : kd_ - bsum_;
    return left < 0 ? 0 : within_[v][t][std::min(left, Budgets - 1)];
  }

  // The types a unit may end as: a pawn also as any piece it promotes to.
  template <class F>
  void for_types(int unit, F&& f) {
    if (u_.type[unit] != Pawn) return f(u_.type[unit]);
    for (int t = Pawn; t <= Queen && ok_; ++t) f(PieceType(t));
  }

  // Places `unit` as type t on s when its side's moves allow, and goes on with next().
  template <class Next>
  void place(int unit, PieceType t, Square s, int cost, Next&& next) {
    if (cost >= Far || n_ == MaxPlacements) return;  // (never full: settle() keeps a full skeleton)
    int& sum = mater_unit(unit) ? wsum_ : bsum_;
    if (sum + cost > (mater_unit(unit) ? km_ : kd_)) return;
    const Placement pl{std::uint8_t(unit), std::uint8_t(t), std::uint8_t(s)};
    push(pl, cost);
    if (pawn_takes_[White] <= victims_[Black] && pawn_takes_[Black] <= victims_[White]) next();
    pop(pl, cost);
  }
  // Places (pops) pl at the top of the stack, its cost counted to its side.
  void push(const Placement& pl, int cost) {
    take_up(pl.unit, PieceType(pl.type), pl.square, +1);
    stack_[n_++] = pl;
    used_ |= 1u << pl.unit;
    occupied_ |= square_bb(pl.square);
    (mater_unit(pl.unit) ? wsum_ : bsum_) += cost;
  }
  void pop(const Placement& pl, int cost) {
    (mater_unit(pl.unit) ? wsum_ : bsum_) -= cost;
    occupied_ &= ~square_bb(pl.square);
    used_ &= ~(1u << pl.unit);
    --n_;
    take_up(pl.unit, PieceType(pl.type), pl.square, -1);
  }
  // The core's placements pushed, complete() run, and popped again: false when it ran out of
  // `steps` or the output's limit.
  bool complete_core(const Skeleton& core, std::uint64_t steps) {
    auto cost = [&](const Placement& pl) { return unit_dist(D_, u_, pl.unit, PieceType(pl.type), pl.square); };
    for (int i = 0; i < core.n; ++i) {
      push(core.p[i], cost(core.p[i]));
      if (u_.type[core.p[i].unit] == King && !mater_unit(core.p[i].unit)) K_ = core.p[i].square;
    }
    completing_ = true;
    best_ = NoneFound;
    steps_ = 0;
    max_steps_ = steps;
    complete();
    const bool settled = ok_;
    ok_ = true;
    completing_ = false;
    for (int i = core.n - 1; i >= 0; --i) pop(core.p[i], cost(core.p[i]));
    return settled;
  }
  // The captures a placement asks for (a pawn that stays a pawn on another file crossed one file
  // per capture, each of a unit of the other side, which is then not in F: not placed, never a
  // king) and the units it takes from those that can still be captured; sign -1 undoes it.
  void take_up(int unit, PieceType t, Square s, int sign) {
    const Color c = u_.color[unit];
    if (u_.type[unit] != King) victims_[c] -= sign;
    if (u_.type[unit] == Pawn && t == Pawn) pawn_takes_[c] += sign * std::abs(file_of(s) - file_of(u_.sq[unit]));
  }
  template <class Next>
  void place(int unit, PieceType t, Square s, Next&& next) {
    place(unit, t, s, unit_dist(D_, u_, unit, t, s), next);
  }

  // The placements of every free unit of the mater as a type that attacks `target` from a free
  // square (not next to K for its king; `checking`: not the king at all), each visited as
  // f(unit, type, square).
  template <class F>
  void attackers(Square target, bool checking, F&& f) {
    for (int v = 0; v < u_.n && ok_; ++v) {
      if (!mater_unit(v) || !free_unit(v) || (checking && u_.type[v] == King)) continue;
      for_types(v, [&](PieceType t) {
        Bitboard from = attackers_of(mater_, t, target) & ~occupied_ & within(v, t);
        if (t == King) from &= ~king_attacks(K_);  // kings never stand side by side
        for (Bitboard b = from; b && ok_;) f(v, t, pop_lsb(b));
      });
    }
  }
  // Each of them placed, then next(type, square).
  template <class Next>
  void place_attackers(Square target, bool checking, Next&& next) {
    attackers(target, checking, [&](int v, PieceType t, Square y) { place(v, t, y, [&] { next(t, y); }); });
  }

  // The placements of every free defending unit (not the king) on s, visited as f(unit, type, s).
  template <class F>
  void defenders_on(Square s, F&& f) {
    if (occupied_ & square_bb(s)) return;
    for (int b = 0; b < u_.n && ok_; ++b) {
      if (mater_unit(b) || u_.type[b] == King || !free_unit(b)) continue;
      for_types(b, [&](PieceType t) {
        if (within(b, t) & square_bb(s)) f(b, t, s);
      });
    }
  }
  template <class Next>
  void place_defenders_on(Square s, Next&& next) {
    defenders_on(s, [&](int b, PieceType t, Square y) { place(b, t, y, next); });
  }

  void checkers() {
    place_attackers(K_, true, [&](PieceType t, Square x) { flights(king_attacks(K_), attacks_of(mater_, t, x)); });
  }

  // The flights not covered yet each get a reason (any order gives every F its reasons: each
  // flight has one in F). A stalemate's, which has no checker to narrow them, the one with the
  // fewest ways first, a flight with none ending the branch; a mate's in square order (there the
  // other order completes enumerations too large to pay for themselves in the search).
  void flights(Bitboard todo, Bitboard covered) {
    if (++steps_ > max_steps_) ok_ = false;
    if (!ok_) return;
    todo &= ~covered;
    if (!todo) return settle();
    Square f = lsb(todo);
    if (stalemate_) {
      int fewest = 1 << 30;
      for (Bitboard b = todo; b && fewest > 0;) {
        const Square x = pop_lsb(b);
        int ways = 0;
        auto count = [&](int, PieceType, Square) { ++ways; };
        defenders_on(x, count);
        attackers(x, false, count);
        if (ways < fewest) fewest = ways, f = x;
      }
      if (fewest == 0) return;
    }
    todo &= ~square_bb(f);
    place_defenders_on(f, [&] { flights(todo, covered); });
    place_attackers(f, false, [&](PieceType t, Square y) { flights(todo, covered | attacks_of(mater_, t, y)); });
  }

  // The placements of every free unit, of either side, on s (not the mater's king next to K),
  // visited as f(unit, type, s).
  template <class F>
  void any_on(Square s, F&& f) {
    for (int w = 0; w < u_.n && ok_; ++w) {
      if (!free_unit(w) || (u_.type[w] == King && (!mater_unit(w) || (king_attacks(K_) & square_bb(s))))) continue;
      for_types(w, [&](PieceType t) {
        if (within(w, t) & square_bb(s)) f(w, t, s);
      });
    }
  }
  template <class Next>
  void place_any_on(Square s, Next&& next) {
    any_on(s, [&](int w, PieceType t, Square y) { place(w, t, y, next); });
  }

  // The refinement (see the header): when the defender has a legal move m with the placed units
  // alone (P), some unit not placed yet stops m in the final position, each way tried in turn.
  // With no legal move left the skeleton is complete.
  void settle() {
    if (++steps_ > max_steps_) ok_ = false;
    if (!ok_) return;
    for (int i = 0; i < n_; ++i) P_.put_piece(make_piece(u_.color[stack_[i].unit], PieceType(stack_[i].type)), stack_[i].square);
    P_.set_side_to_move(~mater_);
    const Bitboard checkers = P_.checkers();
    const bool check = checkers != 0;
    MoveList<> moves;
    if (stalemate_ != check) orthodox::generate_legal(P_, moves);
    // The move to stop: in a stalemate the one with the fewest ways (stops()), else the first.
    Move m = moves.size() ? moves[0] : Move();
    int ways = 1;
    if (stalemate_ && !check && moves.size()) ways = most_constrained(moves, m);
    const PieceType mt = moves.size() ? type_of(P_.piece_on(m.from())) : NoPieceType;
    const bool c_empty = moves.size() && P_.empty(m.to());
    for (int i = 0; i < n_; ++i) P_.remove_piece(stack_[i].square);
    if (!stalemate_ && !check) return;  // a placed unit stands in the checker's line
    if (n_ == MaxPlacements) return completing_ ? completed() : emit();
    if (stalemate_ && check) {
      // F has no check: a unit not placed yet (a placed one would stand there in P too) stands in
      // the first checker's line; none can when it is a leaper or next to K.
      for (Bitboard path = between(lsb(checkers), K_) & ~square_bb(K_) & ~occupied_; path && ok_;)
        place_any_on(pop_lsb(path), [&] { settle(); });
      return;
    }
    if (moves.size() == 0) return completing_ ? complete() : emit();
    if (ways == 0) return;  // a move that nothing stops: no F matches
    if (stalemate_ || m.from() == K_)  // (a king move: the same ways in a mate)
      return stops(m, mt, c_empty, [&](int v, PieceType t, Square y) { place(v, t, y, [&] { settle(); }); });
    const Square a = m.from(), c = m.to();
    // An interceptor on the moving unit's path (it takes the checker or interposes: the
    // destination is the checker's square or on its line, never held), or a second check.
    if (mt == Bishop || mt == Rook || mt == Queen || mt == Pawn)
      for (Bitboard path = between(a, c) & ~square_bb(c) & ~occupied_; path && ok_;)
        place_any_on(pop_lsb(path), [&] { settle(); });
    place_attackers(K_, true, [&](PieceType, Square) { settle(); });
  }

  // Stalemate, P not in check (and a king move in a mate): every way F stops the defender's move
  // m = a -> c, legal in P, visited as f(unit, type, square): a unit on the empty destination (blocks: a defending one, or
  // any in front of a pawn), and the others (for a king move c guarded; for another move a unit
  // on its path, or the line piece that pins it).
  template <class F>
  void stops(Move m, PieceType mt, bool c_empty, F&& f) {
    blocks(m, mt, c_empty, f);
    other_stops(m, mt, f);
  }
  template <class F>
  void blocks(Move m, PieceType mt, bool c_empty, F&& f) {
    if (!c_empty) return;
    if (mt == Pawn && file_of(m.from()) == file_of(m.to())) any_on(m.to(), f);
    else defenders_on(m.to(), f);
  }
  template <class F>
  void other_stops(Move m, PieceType mt, F&& f) {
    const Square a = m.from(), c = m.to();
    if (a == K_) return attackers(c, false, f);
    if (mt == Bishop || mt == Rook || mt == Queen || mt == Pawn)
      for (Bitboard path = between(a, c) & ~square_bb(c) & ~occupied_; path && ok_;) any_on(pop_lsb(path), f);
    pinners(a, c, mt, f);
  }

  // Stalemate, P (set up) not in check, `moves` its legal moves: sets m to the one with the fewest
  // ways to stop it and returns their number (0: nothing stops it, or the blocks below cannot all
  // be had). Any move would do (F stops each), so the most constrained one branches least. The
  // moves whose stop stops others are the only ones looked at: a line piece's move past its
  // nearest square on a line (that nearer move is legal in P as well: the same line from a, so
  // the same pin; and a unit on the nearer square or the pin that stops it stops the farther one
  // too), a pawn's double step (its single step likewise), a promotion's other pieces (the same
  // ways).
  // A move that only a unit on its (empty) destination can stop asks F for a unit there, not
  // placed yet: a defending one (on a pawn's step, any). Those squares are distinct, so they need
  // as many distinct free units, and the defending ones at least the sum of each square's nearest
  // free defending unit's distance in moves of the defender (any assignment of units to squares
  // costs no less); more than the units free or the defender's moves left: no F.
  int most_constrained(const MoveList<>& moves, Move& m) {
    int fewest = 1 << 30;
    Bitboard need_defender = 0, need_any = 0;
    for (int i = 0; i < moves.size(); ++i) {
      const Move x = moves[i];
      const Square a = x.from(), c = x.to();
      const PieceType t = type_of(P_.piece_on(a));
      if ((t == Bishop || t == Rook || t == Queen) && (between(a, c) & ~square_bb(c))) continue;
      if (t == Pawn && (c - a == 16 || a - c == 16)) continue;
      if (i > 0 && moves[i - 1].from() == a && moves[i - 1].to() == c) continue;
      int block_ways = 0, other_ways = 0;
      blocks(x, t, P_.empty(c), [&](int, PieceType, Square) { ++block_ways; });
      other_stops(x, t, [&](int, PieceType, Square) { ++other_ways; });
      if (block_ways + other_ways < fewest) fewest = block_ways + other_ways, m = x;
      if (fewest == 0) return 0;
      if (other_ways == 0) (t == Pawn && file_of(a) == file_of(c) ? need_any : need_defender) |= square_bb(c);
    }
    need_any &= ~need_defender;
    if (!need_defender && !need_any) return fewest;
    int defenders = 0, units = 0, cost = 0;
    for (int v = 0; v < u_.n; ++v)
      if (free_unit(v) && u_.type[v] != King) ++units, defenders += !mater_unit(v);
    if (popcount(need_defender) > defenders || popcount(need_defender | need_any) > units + 1) return 0;
    for (Bitboard b = need_defender; b;) {
      const Square q = pop_lsb(b);
      int nearest = Far;
      for (int v = 0; v < u_.n; ++v) {
        if (mater_unit(v) || u_.type[v] == King || !free_unit(v)) continue;
        for_types(v, [&](PieceType t) { nearest = std::min(nearest, unit_dist(D_, u_, v, t, q)); });
      }
      if ((cost += nearest) + bsum_ > kd_) return 0;
    }
    return fewest;
  }

  // Stalemate: the defender's move a -> c, legal in P, exposes K in F (F has no check): a line
  // piece of the mater stands on the ray from K through a, beyond a, nothing between K and it
  // but the unit on a, and c off that stretch. A placed unit between K and a or between a and
  // that square stands there in F too, and the line piece is not placed yet (placed, it would pin
  // in P, whose empty squares F's include). Every such unit as a type that moves along the line,
  // visited as f(unit, type, square). None when the moving unit (type mt) moves along that line
  // itself (a queen; a rook on a rank or file, a bishop on a diagonal): pinned, it would still step
  // towards the pinner in F, or take it, so F pins no such unit.
  template <class F>
  void pinners(Square a, Square c, PieceType mt, F&& f) {
    const Bitboard through = line(K_, a);
    if (!through || (between(K_, a) & ~square_bb(a) & occupied_)) return;
    const bool straight = rank_of(K_) == rank_of(a) || file_of(K_) == file_of(a);
    if (mt == Queen || mt == (straight ? Rook : Bishop)) return;
    Bitboard beyond = 0;  // the ray past a up to the first placed unit (excluded)
    for (Bitboard b = through & ~occupied_; b;) {
      const Square y = pop_lsb(b);
      if (y != a && (between(K_, y) & square_bb(a)) && !(between(a, y) & occupied_) &&
          !(between(K_, y) & square_bb(c)))
        beyond |= square_bb(y);
    }
    if (!beyond) return;
    for (int v = 0; v < u_.n && ok_; ++v) {
      if (!mater_unit(v) || !free_unit(v) || u_.type[v] == King) continue;
      for_types(v, [&](PieceType t) {
        if (t != Queen && t != (straight ? Rook : Bishop)) return;
        for (Bitboard b = beyond & within(v, t); b && ok_;) f(v, t, pop_lsb(b));
      });
    }
  }

  // (fewest_captures) Places the first free defending unit in turn on each square it can reach,
  // or takes it as captured.
  void complete() {
    if (++steps_ > max_steps_) ok_ = false;
    if (!ok_ || (!emitting_ && popcount(captured_) >= best_)) return;
    int u = -1;
    for (int i = 0; i < u_.n && u < 0; ++i)
      if (!mater_unit(i) && u_.type[i] != King && free_unit(i)) u = i;
    if (u < 0 || n_ == MaxPlacements) return completed();
    for_types(u, [&](PieceType t) {
      for (Bitboard b = within(u, t) & ~occupied_; b && ok_;) place(u, t, pop_lsb(b), [&] { settle(); });
    });
    const std::uint32_t bit = 1u << u;
    if ((emitting_ || popcount(captured_) + 1 < best_) && popcount(captured_) < km_) {  // (each capture a move of the mater)
      captured_ |= bit, used_ |= bit;
      complete();
      captured_ &= ~bit, used_ &= ~bit;
    }
  }
  // A completion (or a skeleton at the placement limit, its free units left as they are).
  void completed() {
    best_ = std::min(best_, popcount(captured_));
    if (emitting_) emit(captured_);
  }

  // The placed units as a skeleton, with the units a complete target captures.
  void emit(std::uint32_t captured = 0) {
    if (out_.size() >= limit_) {
      ok_ = false;
      return;
    }
    Skeleton s;
    s.n = std::uint8_t(n_);
    std::copy(stack_, stack_ + n_, s.p);
    s.free_defenders = captured;
    s.captures = std::uint8_t(popcount(captured));
    if (!stalemate_ && !(between(stack_[1].square, K_) & ~square_bb(K_))) s.arrives = 1;  // a contact checker
    out_.push_back(s);
  }

  // within_ holds budgets 0..23; a larger one counts as 23, which loses no square: every finite
  // empty-board distance is below 14 (at most 6 moves to promote, then at most 7 as a piece).
  static constexpr int Budgets = 24;
  Bitboard within_[MaxUnits][PieceTypeCount][Budgets] = {};
  // Well under a second. A stalemate's enumeration asks for more: it has no checker to narrow it.
  static constexpr std::uint64_t MaxSteps = 1'200'000, MaxStalemateSteps = 4'000'000;
  std::uint64_t max_steps_ = MaxSteps;
  const Units& u_;
  const Distances& D_;
  bool stalemate_;
  Color mater_;
  int km_, kd_;
  std::vector<Skeleton>& out_;
  std::size_t limit_;
  Square K_ = NoSquare;
  Placement stack_[MaxPlacements];
  int n_ = 0;
  std::uint32_t used_ = 0;      // placed, or captured in a completion
  std::uint32_t captured_ = 0;  // a completion's captured units
  bool completing_ = false;     // in fewest_captures()
  bool emitting_ = false;       // in completions()
  static constexpr int NoneFound = 99;
  int best_ = NoneFound;        // the fewest captures of a completion found so far
  Bitboard occupied_ = 0;
  int wsum_ = 0, bsum_ = 0;
  int victims_[2] = {0, 0};     // per colour, its units (not kings) not placed: those that can be captured
  int pawn_takes_[2] = {0, 0};  // per colour, the captures its placed pawns made
  std::uint64_t steps_ = 0;
  bool ok_ = true;
  Position P_;  // the placed units alone, set up in settle()
};

}  // namespace

void Units::init(const Position& pos) {
  n = 0;
  lost = false;
  rights = std::uint8_t(pos.castling_rights());
  std::fill(at, at + 64, std::int8_t(-1));
  for (Bitboard b = pos.occupied(); b && n < MaxUnits;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    at[s] = std::int8_t(n);
    sq[n] = std::uint8_t(s);
    type[n] = type_of(p);
    color[n] = color_of(p);
    ++n;
  }
}

void Units::play(const Position& before, Move m) {
  const Square from = m.from(), to = m.to();
  rights &= std::uint8_t(~(castling_rights_lost(from) | castling_rights_lost(to)));
  // The unit on a goes to b; false when none stands there (never for a legal move).
  auto shift = [&](Square a, Square b) {
    const int u = at[a];
    if (u < 0) return lost = true, false;
    at[a] = -1;
    at[b] = std::int8_t(u);
    sq[u] = std::uint8_t(b);
    return true;
  };
  if (m.kind() == MoveKind::Castling) {  // the king two squares towards the rook, the rook over it
    const bool kingside = to > from;
    if (shift(from, to)) shift(kingside ? from + 3 : from - 4, kingside ? from + 1 : from - 1);
    return;
  }
  const Square taken = m.kind() == MoveKind::EnPassant ? (before.side_to_move() == White ? to - 8 : to + 8) : to;
  if (at[taken] >= 0) {
    sq[at[taken]] = NoSquare;
    at[taken] = -1;
  }
  if (shift(from, to) && m.is_promotion()) type[at[to]] = m.promotion();
}

bool enumerate(Goal goal, Color mater, int km, int kd, const Units& units, std::vector<Skeleton>& out,
               std::size_t limit, std::uint64_t steps) {
  out.clear();
  Enumeration e(units, goal, mater, km, kd, out, limit, steps);
  return e.run();
}

void complete_targets(std::vector<Skeleton>& all, Color mater, int km, int kd, const Units& units,
                      std::uint64_t steps, std::uint64_t total, std::size_t target_limit) {
  {  // The complete targets, when they fit; else each core with its fewest captures.
    std::vector<Skeleton> targets;
    Enumeration e(units, Goal::Stalemate, mater, km, kd, targets, target_limit);
    std::uint64_t left = total;
    bool ok = true;
    for (const Skeleton& s : all) {
      ok = left > 0 && e.completions(s, left);
      if (!ok) break;
      left -= std::min(e.steps(), left);
    }
    if (ok) {
      keep_minimal(targets);
      all = std::move(targets);
      return;
    }
  }
  std::vector<Skeleton> none;
  Enumeration e(units, Goal::Stalemate, mater, km, kd, none, 0);
  for (Skeleton& s : all) {
    std::uint32_t placed = 0;
    for (int i = 0; i < s.n; ++i) placed |= 1u << s.p[i].unit;
    s.free_defenders = 0;
    for (int i = 0; i < units.n; ++i)
      if (units.color[i] != mater && units.type[i] != King && units.sq[i] != NoSquare && !(placed >> i & 1))
        s.free_defenders |= 1u << i;
    s.captures = 0;
    if (!total) continue;
    const int fewest = e.fewest_captures(s, std::min(steps, total));
    total -= std::min(e.steps(), total);
    s.captures = std::uint8_t(std::max(fewest, 0));
    if (fewest == Enumeration::None) s.n = 0;  // (marked: dropped below)
  }
  std::erase_if(all, [](const Skeleton& s) { return s.n == 0; });
}

int castling_bonus(const Position& pos, Color c) {
  const int rights = c == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  return pos.castling_rights() & rights ? 1 : 0;
}

namespace {

std::uint32_t code(const Placement& p) { return std::uint32_t(p.unit) << 16 | std::uint32_t(p.type) << 8 | p.square; }

// A skeleton's placements as a canonical key (sorted by unit: a unit is placed once), and a
// complete target's captured units (a target that captures others is not compared with it).
struct Key {
  std::uint32_t c[MaxPlacements];
  std::uint8_t n = 0;
  std::uint32_t captured = 0;  // (a complete target's captured units)
  std::uint32_t arrives = 0;   // the code of the placement that arrives with the mating move, plus 1
  bool operator==(const Key& o) const {
    return n == o.n && captured == o.captured && arrives == o.arrives && std::equal(c, c + n, o.c);
  }
};
struct KeyHash {
  std::size_t operator()(const Key& k) const {
    std::uint64_t h = k.n ^ std::uint64_t(k.captured) << 8 ^ std::uint64_t(k.arrives) << 40;
    for (int i = 0; i < k.n; ++i) h = (h ^ k.c[i]) * 0x9E3779B97F4A7C15ULL;
    return std::size_t(h ^ h >> 29);
  }
};

}  // namespace

void keep_minimal(std::vector<Skeleton>& all) {
  std::vector<Key> keys(all.size());
  std::unordered_set<Key, KeyHash> seen;
  seen.reserve(all.size());
  std::vector<std::uint32_t> unique;
  for (std::uint32_t i = 0; i < all.size(); ++i) {
    Key& k = keys[i];
    k.n = all[i].n;
    k.captured = all[i].free_defenders;
    if (all[i].arrives != Skeleton::NoArrival) k.arrives = code(all[i].p[all[i].arrives]) + 1;
    for (int j = 0; j < k.n; ++j) k.c[j] = code(all[i].p[j]);
    std::sort(k.c, k.c + k.n);
    if (seen.insert(k).second) unique.push_back(i);
  }
  // A skeleton one placement short of another is looked up (nearly all the dominated ones are
  // found so, for a fraction of the cost of every subset; a dominated one kept costs time only).
  std::vector<Skeleton> kept;
  kept.reserve(unique.size());
  for (const std::uint32_t i : unique) {
    const Key& k = keys[i];
    bool dominated = false;
    // (The smaller one may ask a unit to arrive with the mating move only if this one asks it too.)
    for (int skip = 0; skip < k.n && !dominated; ++skip) {
      Key sub;
      sub.captured = k.captured;
      for (int j = 0; j < k.n; ++j)
        if (j != skip) sub.c[sub.n++] = k.c[j];
      dominated = seen.count(sub) > 0;
      if (!dominated && k.arrives && k.c[skip] + 1 != k.arrives) {
        sub.arrives = k.arrives;
        dominated = seen.count(sub) > 0;
      }
    }
    if (!dominated) kept.push_back(all[i]);
  }
  all = std::move(kept);
}

std::shared_ptr<const Set> make_set(Goal goal, const Position& pos, Color mater, int km, int kd, std::size_t limit,
                                    std::uint64_t steps) {
  km += castling_bonus(pos, mater);
  kd += castling_bonus(pos, ~mater);
  auto set = std::make_shared<Set>();
  set->goal = goal;
  set->mater = mater;
  set->km = km - castling_bonus(pos, mater);
  set->kd = kd - castling_bonus(pos, ~mater);
  set->key = pos.key();
  set->root.init(pos);
  if (!enumerate(goal, mater, km, kd, set->root, set->all, limit, steps)) return nullptr;
  keep_minimal(set->all);
  if (goal == Goal::Stalemate) complete_targets(set->all, mater, km, kd, set->root);
  set->units_of.reserve(set->all.size());
  for (const Skeleton& sk : set->all) {
    std::uint32_t units = sk.free_defenders;
    for (int i = 0; i < sk.n; ++i) units |= 1u << sk.p[i].unit;
    set->units_of.push_back(units);
  }
  return set;
}

std::shared_ptr<const Set> SetMaker::make(Goal goal, const Position& pos, Color mater, int km, int kd) {
  const std::uint64_t key = pos.key();
  if (last_ && last_->key == key && last_->goal == goal && last_->mater == mater && last_->km == km && last_->kd == kd)
    return last_;
  if (failed_.key == key && failed_.goal == goal && failed_.mater == mater && km >= failed_.km && kd >= failed_.kd)
    return nullptr;
  auto set = make_set(goal, pos, mater, km, kd, limit_);
  if (!set) failed_ = {key, goal, mater, km, kd};
  else last_ = set;
  return set;
}

namespace {

// The captures skeleton s still asks of the mater in u: its fewest, less its free defending units
// already taken.
int captures_to_come(const Skeleton& s, const Units& u) {
  int n = s.captures;
  for (std::uint32_t c = s.free_defenders; c; c &= c - 1) n -= u.sq[std::countr_zero(c)] == NoSquare;
  return std::max(n, 0);
}

// The moves placement i of s still asks of its unit in u (standing): its distance, and for the unit
// that arrives with the mating move standing on its square already, the two of leaving and coming
// back (a pawn never comes back).
inline int placement_cost(const Distances& D, const Skeleton& s, int i, const Units& u) {
  const Placement& p = s.p[i];
  const int d = unit_dist(D, u, p.unit, PieceType(p.type), p.square);
  if (d != 0 || i != s.arrives) return d;
  return u.type[p.unit] == Pawn ? Far : 2;
}

// The distance sums of skeleton s over the units u (Far when a placed unit is gone).
static_assert(MaxPlacements * Far < 32767, "a skeleton's sums fit the tracker's 16 bits");
void sums(const Skeleton& s, const Units& u, Color mater, int& w, int& b) {
  const Distances& D = distances();
  w = b = 0;
  for (int i = 0; i < s.n; ++i) {
    const Placement& p = s.p[i];
    const int d = u.sq[p.unit] == NoSquare ? Far : placement_cost(D, s, i, u);
    (u.color[p.unit] == mater ? w : b) += d;
  }
}

}  // namespace

void Tracker::start(std::shared_ptr<const Set> set, const Units& units) {
  set_ = std::move(set);
  on_ = set_ != nullptr;
  if (!on_) return;
  grow(0);
  units_[0] = units;
  live_[0].clear();
  min_sum_[0] = std::numeric_limits<int>::max();
  for (std::uint32_t i = 0; i < set_->all.size(); ++i) {
    int w, b;
    sums(set_->all[i], units, set_->mater, w, b);
    live_[0].push_back({i, std::int16_t(w), std::int16_t(b), std::int16_t(captures_to_come(set_->all[i], units))});
    min_sum_[0] = std::min(min_sum_[0], w + b);
  }
}

bool Tracker::keep(std::size_t d, int km, int kd, bool any) { return keep_from(d - 1, d, km, kd, any); }

bool Tracker::keep_from(std::size_t a, std::size_t d, int km, int kd, bool any) {
  grow(d);
  const Units& before = units_[a];
  const Units& u = units_[d];
  const std::vector<Live>& parent = live_[a];
  std::vector<Live>& here = live_[d];
  here.clear();
  if (u.lost) {  // (a move the units do not follow: every skeleton passes)
    here = parent;
    min_sum_[d] = 0;  // (nor are their distances known)
    return true;
  }
  int min_sum = any ? 0 : std::numeric_limits<int>::max();
  // The units whose distances may have changed: moved, promoted or taken, and the kings when a
  // castling right went (a king on its square of origin counts castling in its distance).
  std::uint32_t changed = 0;
  for (int i = 0; i < u.n; ++i)
    if (u.sq[i] != before.sq[i] || u.type[i] != before.type[i] || (u.rights != before.rights && u.type[i] == King))
      changed |= 1u << i;
  const Distances& D = distances();
  const Color mater = set_->mater;
  for (const Live& e : parent) {
    int w = e.mater_sum, b = e.defender_sum, captures = e.captures;
    if (set_->units_of[e.skeleton] & changed) {
      const Skeleton& s = set_->all[e.skeleton];
      if (s.free_defenders & changed) captures = captures_to_come(s, u);
      bool gone = false;
      for (int i = 0; i < s.n; ++i) {
        const Placement& p = s.p[i];
        if (!(changed >> p.unit & 1)) continue;
        if (u.sq[p.unit] == NoSquare) {
          gone = true;
          break;
        }
        const int delta = placement_cost(D, s, i, u) - placement_cost(D, s, i, before);
        (u.color[p.unit] == mater ? w : b) += delta;
      }
      if (gone) continue;
    }
    if (w <= km && b <= kd && captures <= km) {
      if (any) {
        min_sum_[d] = 0;
        return true;
      }
      here.push_back({e.skeleton, std::int16_t(w), std::int16_t(b), std::int16_t(captures)});
      min_sum = std::min(min_sum, w + b);
    }
  }
  min_sum_[d] = min_sum;
  return !here.empty();
}

bool reachable(const Skeleton& s, const Units& u, Color mater, int km, int kd) {
  const Distances& D = distances();
  int w = 0, b = 0;
  for (int i = 0; i < s.n; ++i) {
    const Placement& p = s.p[i];
    const Square at = u.sq[p.unit];
    if (at == NoSquare) return false;
    const Color c = u.color[p.unit];
    const int d = placement_cost(D, s, i, u);
    if (c == mater) {
      if ((w += d) > km) return false;
    } else if ((b += d) > kd) {
      return false;
    }
  }
  return captures_to_come(s, u) <= km;
}

int distance(Color c, PieceType t, Square s, PieceType target, Square y) {
  return dist(distances(), c, t, s, target, y);
}

int distance(const Units& u, int unit, PieceType target, Square y) { return unit_dist(distances(), u, unit, target, y); }

}  // namespace arbiter::prover::mate_skeleton
