#include "rules/fairy/movegen.h"

#include <algorithm>
#include <bitset>

#include "rules/fairy/legality_cuts.h"
#include "rules/fairy/walk_moves.h"

namespace arbiter::fairy {

namespace {

// What stands on (file, rank) as the man of `side` on `own` sees it; `as_other`: a square taken to
// hold a man of the other side (the square whose attack is asked, or the en passant square for a
// capture onto it). Its own square is its own, a neutral man's too (a circle closing on it).
Occupant seen(const Board& b, int file, int rank, Color side, int own, int as_other = Board::NoSquare) {
  const int sq = b.square(file, rank);
  if (sq == as_other) return Occupant::Other;
  if (sq == own) return Occupant::Own;
  const Man m = b.at(sq);
  // A neutral man is the other side's for the capture (either side may take it).
  return m.empty() ? Occupant::Empty : m.color() == side && !m.neutral() ? Occupant::Own : Occupant::Other;
}

// The pawn's double step after the step `l` of a man on `from` (a pawn, or an orphan walking as
// one): from the side's second rank, one more step of the same vector onto an empty square short
// of the last rank; NoSquare when there is none.
int double_step(const Board& b, int from, const Landing& l) {
  const Color side = b.side_to_move();
  if (l.capture || b.rank_of(from) != (side == White ? 1 : b.ranks() - 2)) return Board::NoSquare;  // a locust's landing is a capture
  const int f2 = 2 * l.file - b.file_of(from), r2 = 2 * l.rank - b.rank_of(from);
  if (f2 < 0 || f2 >= b.files() || r2 < 0 || r2 >= b.ranks() || r2 == (side == White ? b.ranks() - 1 : 0)) return Board::NoSquare;
  return b.at(b.square(f2, r2)).empty() ? b.square(f2, r2) : Board::NoSquare;
}

// The move to landing `l`: a locust's capture takes the man it passed over; a hurdle-colour-
// changing hopper's hop names its hurdle.
FairyMove move_to(const Board& b, int from, const Landing& l, int promotion = 0, int flags = FairyMove::Plain) {
  if (l.hurdle_file >= 0 && b.variant().kinds[std::size_t(b.at(from).kind())].hurdle_colour_changing)
    return FairyMove{std::uint8_t(from), std::uint8_t(b.square(l.file, l.rank)), std::uint8_t(promotion),
                     std::uint8_t(flags | FairyMove::HurdleSwap), std::uint8_t(b.square(l.hurdle_file, l.hurdle_rank))};
  if (!l.locust) return FairyMove{std::uint8_t(from), std::uint8_t(b.square(l.file, l.rank)), std::uint8_t(promotion), std::uint8_t(flags)};
  return FairyMove{std::uint8_t(from), std::uint8_t(b.square(l.file, l.rank)), std::uint8_t(promotion), std::uint8_t(flags | FairyMove::Locust),
                   std::uint8_t(b.square(l.victim_file, l.victim_rank))};
}

// Is the man on `sq` uncapturable (Popeye's Uncapturable: no move takes it)?
bool uncapturable(const Board& b, int sq) {
  const Man m = b.at(sq);
  return !m.empty() && b.variant().kinds[std::size_t(m.kind())].uncapturable;
}

// fairy.promotion's orthodox-four: the queen, rook, bishop and knight, a royal pawn's royal ones,
// a marine pawn's marine ones (the sirene, triton, nereide, marine knight: Popeye's marine chain).
// A chameleon copy is a choice beside the four, not one of them.
bool among_the_four(const Variant& v, const PieceKind& pawn, int promotee) {
  const PieceKind& p = v.kinds[std::size_t(promotee)];
  if (p.attributes != pawn.attributes) return false;
  const PieceKind& plain = p.base >= 0 ? v.kinds[std::size_t(p.base)] : p;
  const PieceKind& plain_pawn = pawn.base >= 0 ? v.kinds[std::size_t(pawn.base)] : pawn;
  if (plain_pawn.code == "mp") return plain.code == "si" || plain.code == "tr" || plain.code == "nd" || plain.code == "ms";
  return plain.code.empty();
}

void add_pawn_moves(const Board& b, int from, const Landing& l, FairyMoveList& out) {
  const Color side = b.side_to_move();
  const int last = side == White ? b.ranks() - 1 : 0;
  const PieceKind& kind = b.variant().kinds[std::size_t(b.at(from).kind())];
  if (l.rank == last && l.capture && kind.kamikaze) {  // it vanishes with its victim: nothing to promote (Popeye's "kBa7*b8[-wkBb8]")
    out.push(move_to(b, from, l));
    return;
  }
  if (l.rank == last) {
    const bool orthodox_four = b.options().promotion == Promotion::OrthodoxFour;
    for (int k : kind.own_promotions.empty() ? b.variant().promotions : kind.own_promotions)
      if (!orthodox_four || among_the_four(b.variant(), kind, k)) out.push(move_to(b, from, l, k + 1));
    return;
  }
  out.push(move_to(b, from, l));
  if (!kind.double_step) return;
  if (const int to2 = double_step(b, from, l); to2 != Board::NoSquare) out.push(FairyMove{std::uint8_t(from), std::uint8_t(to2), 0, FairyMove::DoubleStep});
}

void add_castling(const Board& b, int from, FairyMoveList& out) {
  const Variant& v = b.variant();
  const Color side = b.side_to_move();
  const int home = side == White ? 0 : b.ranks() - 1;
  if (from != b.square(b.king_file(), home) || v.castling_rook < 0) return;
  for (const bool king_side : {true, false}) {
    const unsigned bit = 1u << ((side == White ? 0 : 2) + (king_side ? 0 : 1));
    if (!(b.castling() & bit)) continue;
    const int corner = b.square(king_side ? b.files() - 1 : 0, home);
    const Man rook = b.at(corner);  // a rook of the side, with attributes or not (Popeye castles a half-neutral one)
    if (rook.empty() || rook.neutral() || rook.color() != side || v.plain_of(rook.kind()) != v.castling_rook) continue;
    bool clear = true;
    for (int sq = std::min(from, corner) + 1; sq < std::max(from, corner); ++sq) clear = clear && b.at(sq).empty();
    if (clear) out.push(FairyMove{std::uint8_t(from), std::uint8_t(king_side ? from + 2 : from - 2), 0, FairyMove::Castling});
  }
}

}  // namespace

// Does a man of `side` on `from`, walking as `walk`, capture on `target` (the target taken to
// hold a man of the other side)?
bool observes(const Board& b, int from, const Walk& walk, Color side, int target) {
  const int tf = b.file_of(target), tr = b.rank_of(target);
  const int ff = b.file_of(from), fr = b.rank_of(from);
  const int df = tf - ff, dr = tr - fr;
  if (!walk.may_capture_towards(df, side == Black ? -dr : dr)) return false;
  // Leaps and rides, the orthodox walks among them, and their locusts, straight from the atom's
  // line table: the one vector pointing at the target, for a ride the squares before it empty,
  // for a locust the square beyond it. The other kinds walk that line (or, turned or circular,
  // every line) as the generator does.
  bool others = false;
  const auto edge = [&](int f, int r) { return f == 0 || r == 0 || f == b.files() - 1 || r == b.ranks() - 1; };
  const auto flip = [&](int rank_distance) { return side == Black ? -rank_distance : rank_distance; };
  for (const WalkAtom& a : walk.atoms) {
    if (!a.captures) continue;
    if (a.kind == WalkAtom::Kind::Tree || a.kind == WalkAtom::Kind::Leaf) {
      // The radial hoppers by their vector table: a tree hop over a man H (for 'a' one of the
      // other side's) where H - from and target - H are vectors of one group; a leaf hop where the
      // target is a vector away and another square of its group holds a man.
      if (a.region != WalkAtom::Region::Any || !a.heading_fits(dr, side == Black)) {
        others = true;  // judged by the walk
        continue;
      }
      if (a.kind == WalkAtom::Kind::Leaf) {
        const std::uint8_t i = a.vector_towards(df, flip(dr));
        if (i == WalkAtom::NoVector) continue;
        for (int j = a.group_first[i]; j <= a.group_last[i]; ++j) {
          if (j == i) continue;
          const int hf = ff + a.vectors[std::size_t(j)].file, hr = fr + flip(a.vectors[std::size_t(j)].rank);
          if (hf >= 0 && hf < b.files() && hr >= 0 && hr < b.ranks() && !b.at(b.square(hf, hr)).empty()) return true;
        }
        continue;
      }
      const auto over = [&](int hurdle) {
        if (hurdle == from || hurdle == target) return false;
        const Man m = b.at(hurdle);
        if (a.hurdle_other && m.color() == side && !m.neutral()) return false;
        const int hf = b.file_of(hurdle), hr = b.rank_of(hurdle);
        const std::uint8_t i = a.vector_towards(hf - ff, flip(hr - fr));
        const std::uint8_t j = i == WalkAtom::NoVector ? WalkAtom::NoVector : a.vector_towards(tf - hf, flip(tr - hr));
        return j != WalkAtom::NoVector && a.group_first[i] == a.group_first[j];
      };
      if (b.any_man(White, over) || b.any_man(Black, over)) return true;
      continue;
    }
    if (a.kind == WalkAtom::Kind::DoubleHop && a.region == WalkAtom::Region::Any && a.heading == WalkAtom::Heading::Any) {
      // Backwards from the target: a second hurdle H2 next to it along a line w of the atom, an
      // empty square M beyond H2 on that line (the squares between empty), and the first hop onto
      // M: the mover on a line u of the atom through M, its hurdle H1 = M + u next to M and the
      // squares between the mover and H1 empty.
      const auto on = [&](int f, int r) { return f >= 0 && f < b.files() && r >= 0 && r < b.ranks(); };
      const auto empty = [&](int f, int r) { return b.square(f, r) != target && b.at(b.square(f, r)).empty(); };
      for (const Vector& w : a.vectors) {
        const int wf = w.file, wr = flip(w.rank);
        const int h2f = tf + wf, h2r = tr + wr;
        if (!on(h2f, h2r) || empty(h2f, h2r)) continue;
        for (int mf = h2f + wf, mr = h2r + wr; on(mf, mr) && empty(mf, mr); mf += wf, mr += wr) {
          const int ddf = ff - mf, ddr = fr - mr;
          const int steps = std::max(std::abs(ddf), std::abs(ddr));
          if (steps < 2 || (ddf != 0 && ddr != 0 && std::abs(ddf) != std::abs(ddr))) continue;
          const int uf = (ddf > 0) - (ddf < 0), ur = (ddr > 0) - (ddr < 0);
          // The first hop's direction (mover to M) is -u: one of the atom's vectors.
          bool vector = false;
          for (const Vector& v : a.vectors) vector = vector || (v.file == -uf && flip(v.rank) == -ur);
          if (!vector || empty(mf + uf, mr + ur)) continue;
          bool clear = true;
          for (int k = 2; k < steps && clear; ++k) clear = empty(mf + k * uf, mr + k * ur);
          if (clear) return true;
        }
      }
      continue;
    }
    const bool equi = a.kind == WalkAtom::Kind::Equi;
    // Straight hoppers ('g'), and lions and contra-grasshoppers ('p', 'j') of lines without limit,
    // by the men strictly between the mover and the target.
    const bool hopper = a.kind == WalkAtom::Kind::Hop || ((a.kind == WalkAtom::Kind::Cannon || a.kind == WalkAtom::Kind::Contra) && a.range == 0);
    // A bouncer's line is straight, its length set by the opposite line (the parser gives it no
    // circle, crook or reflection).
    const bool bounce = a.kind == WalkAtom::Kind::Bounce;
    const bool plain = (!a.off_line() && (a.kind == WalkAtom::Kind::Leap || a.kind == WalkAtom::Kind::Ride || equi || hopper)) || bounce;
    if (!plain) {
      others = true;
      continue;
    }
    // The regions ('/e', '/h') judge the two squares alone.
    if (a.region == WalkAtom::Region::EdgeCrossing && edge(tf, tr) == edge(ff, fr)) continue;
    if (a.region == WalkAtom::Region::FarHalf && 2 * (side == Black ? b.ranks() - 1 - fr : fr) + 1 <= b.ranks()) continue;
    if (!a.heading_fits(dr, side == Black)) continue;
    const std::int8_t line = a.line_towards(df, side == Black ? -dr : dr);
    if (line < 0) continue;
    const Vector& v = a.vectors[std::size_t(line)];
    const int sf = v.file, sr = side == Black ? -v.rank : v.rank;
    if (a.locust) {  // the landing beyond the target: on the board and empty (not the mover's own square: a straight line)
      const int lf = tf + sf, lr = tr + sr;
      if (lf < 0 || lf >= b.files() || lr < 0 || lr >= b.ranks() || !b.at(b.square(lf, lr)).empty()) continue;
    }
    if (a.kind == WalkAtom::Kind::Leap) return true;
    const int steps = sf != 0 ? df / sf : dr / sr;
    if (bounce) {
      // As far as the opposite line runs from the mover over empty squares, one step more (to
      // its first man or off the board), the squares before the target empty.
      int distance = 1;
      for (int pf = ff - sf, pr = fr - sr; pf >= 0 && pf < b.files() && pr >= 0 && pr < b.ranks() && b.at(b.square(pf, pr)).empty();
           pf -= sf, pr -= sr)
        ++distance;
      if (steps != distance) continue;
      bool clear = true;
      for (int k = 1; k < steps && clear; ++k) clear = b.at(b.square(ff + k * sf, fr + k * sr)).empty();
      if (clear) return true;
      continue;
    }
    if (hopper) {
      // The generator's walk along the line: a hop passes the first `hurdles` men (the first
      // within the range) and lands `land` squares beyond the last over empty ones, so exactly
      // `hurdles` men stand before the target, the last `land` steps short of it; a lion passes
      // exactly `hurdles` men and rides on; a contra-grasshopper's one man stands next to it.
      int men = 0, first = 0, last = 0;
      for (int k = 1; k < steps; ++k)
        if (!b.at(b.square(ff + k * sf, fr + k * sr)).empty()) {
          ++men;
          if (first == 0) first = k;
          last = k;
        }
      const bool fits = a.kind == WalkAtom::Kind::Hop      ? men == a.hurdles && last == steps - a.land && (a.range == 0 || first <= a.range)
                        : a.kind == WalkAtom::Kind::Cannon ? men == a.hurdles
                                                           : men == 1 && first == 1;
      if (fits) return true;
      continue;
    }
    if (equi) {
      // The hurdle halfway (the table puts a leap's two vectors away), the squares between it and
      // the two ends empty on a line; on a leap nothing else matters.
      if (steps % 2) continue;
      const int half = steps / 2;
      if (a.range != 0 && a.range != 1 && half > a.range) continue;
      bool fits = !b.at(b.square(ff + half * sf, fr + half * sr)).empty();
      for (int k = 1; k < steps && fits && a.range != 1; ++k) fits = k == half || b.at(b.square(ff + k * sf, fr + k * sr)).empty();
      if (fits) return true;
      continue;
    }
    if (a.range != 0 && steps > a.range) continue;
    bool clear = true;
    for (int k = 1; k < steps && clear; ++k) clear = b.at(b.square(ff + k * sf, fr + k * sr)).empty();
    if (clear) return true;
  }
  if (!others) return false;
  // The other atoms walk only the line that can land on the target (a locust's: that passes it) (a circle or a turned hop:
  // every line), as the table says.
  const int table_dr = side == Black ? -dr : dr;
  auto lines_to_target = [&](const WalkAtom& a, int line) {
    const bool straight = a.kind == WalkAtom::Kind::Leap || a.kind == WalkAtom::Kind::Ride || a.kind == WalkAtom::Kind::Equi ||
                          a.kind == WalkAtom::Kind::Hop || ((a.kind == WalkAtom::Kind::Cannon || a.kind == WalkAtom::Kind::Contra) && a.range == 0);
    if (!a.captures || a.kind == WalkAtom::Kind::Bounce || (!a.off_line() && straight)) return false;  // judged above
    if ((a.kind == WalkAtom::Kind::Tree || a.kind == WalkAtom::Kind::Leaf) && a.region == WalkAtom::Region::Any && a.heading_fits(dr, side == Black))
      return false;  // judged above
    if (a.kind == WalkAtom::Kind::DoubleHop && a.region == WalkAtom::Region::Any && a.heading == WalkAtom::Heading::Any) return false;
    const std::int8_t wanted = a.line_towards(df, table_dr);
    return wanted == WalkAtom::AnyLine || wanted == line;
  };
  bool hit = false;
  auto at = [&](int f, int r) { return seen(b, f, r, side, from, target); };
  walk_landings(walk, ff, fr, side == Black, b.files(), b.ranks(), at,
                [&](const Landing& l) { hit = hit || (l.capture && l.victim_file == tf && l.victim_rank == tr); }, lines_to_target);
  return hit;
}

// By the paralysing observer's walk alone: a paralysed paralysing man paralyses still (Popeye
// validates the observation's geometry only).
bool paralysed(const Board& b, int sq) {
  if (!b.variant().has_paralysing) return false;
  const Color enemy = ~b.at(sq).color();
  return b.any_man(enemy, [&](int from) {
    const PieceKind& kind = b.variant().kinds[std::size_t(b.at(from).kind())];
    return kind.paralysing && observes(b, from, observing_walk(b, from, kind, enemy), enemy, sq);
  });
}

namespace {

// Is the man of `side` on `target` observed as kind `w` by the other side: by a man of kind `w`,
// or by an orphan that observes it walking as `w` and is itself so observed (Popeye's chain, where
// no orphan is twice a link). `seen_before`: the squares already asked about in this search. A
// chain exists if and only if a chain without repeated links does (cut the loop out), and whether
// one man observes another does not depend on which orphans are links, so a square asked about
// once need not be asked again: the search visits each orphan once instead of every path.
// A friend's (`friends`) chain is of its own side: men of `side` observe it, friends of `side` the links.
bool observed_as(const Board& b, int target, Color side, int w, std::bitset<256>& seen_before, bool friends = false) {
  const Variant& v = b.variant();
  const Color observer = friends ? side : ~side;
  const Walk& walk = v.kinds[std::size_t(w)].walk;
  if (b.count(observer, w) > 0 && b.any_man(observer, [&](int from) {
        return from != target && b.at(from).kind() == w && observes(b, from, walk, observer, target);
      }))
    return true;
  seen_before.set(std::size_t(target));
  return b.any_man(observer, [&](int from) {
    const PieceKind& link = v.kinds[std::size_t(b.at(from).kind())];
    return link.orphan && link.friend_ == friends && !seen_before[std::size_t(from)] && observes(b, from, walk, observer, target) &&
           observed_as(b, from, observer, w, seen_before, friends);
  });
}

// The walks an orphan of `side` on `from` has now: every kind present on the board (either side,
// orphans aside; a friend's: its own side's) by which it is observed, as observed_as() finds it.
template <class F>
void for_each_orphan_walk(const Board& b, int from, Color side, F&& f) {
  const Variant& v = b.variant();
  const bool friends = v.kinds[std::size_t(b.at(from).kind())].friend_;
  for (int w = 0; w < int(v.kinds.size()); ++w) {
    if (v.kinds[std::size_t(w)].orphan || (friends ? b.count(side, w) : b.count(White, w) + b.count(Black, w)) == 0) continue;
    std::bitset<256> seen_before;
    if (observed_as(b, from, side, w, seen_before, friends)) f(w);
  }
}

// An orphan's moves: each walk it has now, a square once. As a pawn it steps and captures, makes
// the double step from its second rank as fairy.orphan-as-pawn says, never promotes and leaves no
// en passant square.
void add_orphan_moves(const Board& b, int from, FairyMoveList& out) {
  const Color side = b.side_to_move();
  const int file = b.file_of(from), rank = b.rank_of(from);
  std::bitset<256> given;
  auto add = [&](int to) {
    if (given[std::size_t(to)]) return;
    given.set(std::size_t(to));
    out.push(FairyMove{std::uint8_t(from), std::uint8_t(to), 0, FairyMove::Plain});
  };
  auto at = [&](int f, int r) { return seen(b, f, r, side, from); };
  for_each_orphan_walk(b, from, side, [&](int w) {
    const PieceKind& kind = b.variant().kinds[std::size_t(w)];
    walk_landings(kind.walk, file, rank, side == Black, b.files(), b.ranks(), at, [&](const Landing& l) {
      if (l.capture && uncapturable(b, b.square(l.victim_file, l.victim_rank))) return;
      if (l.locust) {  // told apart by the man taken, not merged by the landing
        out.push(move_to(b, from, l));
        return;
      }
      add(b.square(l.file, l.rank));
      const bool double_steps = kind.pawn && b.options().orphan_as_pawn == OrphanAsPawn::DoubleStep;  // fairy.orphan-as-pawn
      if (const int to2 = double_steps ? double_step(b, from, l) : Board::NoSquare; to2 != Board::NoSquare) add(to2);
    });
  });
}

}  // namespace

void generate_candidates_of(const Board& b, int from, FairyMoveList& out) {
  if (b.variant().kinds[std::size_t(b.at(from).kind())].orphan) {
    add_orphan_moves(b, from, out);
    return;
  }
  if (paralysed(b, from)) return;
  add_walk_moves(b, from, out);
}

namespace {

// Whether a capture to landing `l` by a man of `kind` is one: a paralysing man captures nothing,
// a royal kamikaze man neither (it would vanish, its side without its royal man), and no move
// takes an uncapturable man.
bool admissible(const Board& b, const PieceKind& kind, const Landing& l) {
  if (!l.capture) return true;
  return !kind.paralysing && !(kind.kamikaze && kind.royal) && !uncapturable(b, b.square(l.victim_file, l.victim_rank));
}

// A pawned piece's pawn part, off its own first rank: a pawn's steps and captures, the double
// step from its second rank, en passant captures (add_walk_moves), no promotion (Popeye's
// pawns/combined.c). Its own double step leaves no en passant square: Popeye's
// en_passant_find_potential knows the pawns alone (live: after 1.DRd7-d5 no e5xd6).
[[gnu::noinline]] void add_pawn_part_moves(const Board& b, int from, const PieceKind& kind, FairyMoveList& out) {
  const Color side = b.side_to_move();
  auto at = [&](int f, int r) { return seen(b, f, r, side, from); };
  walk_landings(kind.pawned->pawn_part, b.file_of(from), b.rank_of(from), side == Black, b.files(), b.ranks(), at, [&](const Landing& l) {
    if (!admissible(b, kind, l)) return;
    out.push(move_to(b, from, l));
    if (const int to2 = double_step(b, from, l); to2 != Board::NoSquare) out.push(FairyMove{std::uint8_t(from), std::uint8_t(to2), 0, FairyMove::Plain});
  });
}

}  // namespace

void add_walk_moves(const Board& b, int from, FairyMoveList& out) {
  const Color side = b.side_to_move();
  const Variant& v = b.variant();
  const Man m = b.at(from);
  const PieceKind& kind = v.kinds[std::size_t(m.kind())];
  const int file = b.file_of(from), rank = b.rank_of(from);
  auto add = [&](const Landing& l) {
    if (!admissible(b, kind, l)) return;
    if (kind.pawn) add_pawn_moves(b, from, l, out);
    else out.push(move_to(b, from, l));
  };
  bool pawn_part = false;
  const Walk* walk = &kind.walk;
  if (kind.pawned) [[unlikely]] {
    pawn_part = kind.pawned->everywhere || rank != (side == White ? 0 : b.ranks() - 1);
    if (pawn_part) add_pawn_part_moves(b, from, kind, out);
    walk = &kind.pawned->piece_part;
  }
  if (kind.by_file) [[unlikely]]
    walk = &(*kind.by_file)[std::size_t(file)];
  if (walk->plain) {
    // A leap or a ride never comes back to the mover's own square: the man there is all to ask.
    auto at = [&](int f, int r) {
      const Man there = b.at(b.square(f, r));
      return there.empty() ? Occupant::Empty : there.color() == side && !there.neutral() ? Occupant::Own : Occupant::Other;
    };
    plain_walk_landings(*walk, file, rank, side == Black, b.files(), b.ranks(), at, add);
  } else {
    auto at = [&](int f, int r) { return seen(b, f, r, side, from); };
    walk_landings(*walk, file, rank, side == Black, b.files(), b.ranks(), at, add);
  }
  // En passant: the pawns that double-step take so (and a pawned piece's pawn part); the
  // superpawns, which ride, neither (Popeye's super.c).
  if (((kind.pawn && kind.double_step) || pawn_part) && !kind.paralysing && !(kind.kamikaze && kind.royal) && b.en_passant() != Board::NoSquare &&
      !uncapturable(b, b.en_passant_victim())) {
    const int ep = b.en_passant();
    auto onto_ep = [&](int f, int r) { return seen(b, f, r, side, from, ep); };
    walk_landings(pawn_part ? kind.pawned->pawn_part : kind.walk, file, rank, side == Black, b.files(), b.ranks(), onto_ep, [&](const Landing& l) {
      if (!l.capture || b.square(l.victim_file, l.victim_rank) != ep || !b.at(ep).empty()) return;
      // A marine pawn's en passant passes over the square the double step passed (Popeye's
      // marine.c), landing beyond it.
      if (l.locust) out.push(move_to(b, from, l, 0, FairyMove::EnPassant));
      else out.push(FairyMove{std::uint8_t(from), std::uint8_t(ep), 0, FairyMove::EnPassant});
    });
  }
  if (v.plain_of(m.kind()) == v.castling_king && !m.neutral()) add_castling(b, from, out);
}

void generate_candidates(const Board& b, FairyMoveList& out) {
  b.for_each_man(b.side_to_move(), [&](int from) { generate_candidates_of(b, from, out); });
}

bool attacked(const Board& b, int sq, Color by) {
  return b.any_man(by, [&](int from) {
    if (from == sq) return false;
    const PieceKind& kind = b.variant().kinds[std::size_t(b.at(from).kind())];
    // A paralysing man observes nothing, a paralysed one neither (Popeye's observer validation;
    // fairy.paralysed-guard).
    if (b.variant().has_paralysing &&
        (kind.paralysing || (b.options().paralysed_guard == ParalysedGuard::None && paralysed(b, from))))
      return false;
    if (!kind.orphan) return observes(b, from, observing_walk(b, from, kind, by), by, sq);
    // An orphan (a friend) attacks as a walk it has now: the square's geometry first, the chain
    // (dear) after.
    const Variant& v = b.variant();
    for (int w = 0; w < int(v.kinds.size()); ++w) {
      if (v.kinds[std::size_t(w)].orphan || (kind.friend_ ? b.count(by, w) : b.count(White, w) + b.count(Black, w)) == 0) continue;
      if (!observes(b, from, v.kinds[std::size_t(w)].walk, by, sq)) continue;
      std::bitset<256> seen_before;
      if (observed_as(b, from, by, w, seen_before, kind.friend_)) return true;
    }
    return false;
  });
}

bool royal_attacked(const Board& b, Color side) {
  if (b.any_royal(side, [&](int sq) { return attacked(b, sq, ~side); })) return true;
  // A royal pawn that has just made its double step is attacked by an en passant capture too
  // (REGRESSIONS/4_63_to_4_65.inp: Popeye refuses 1.d7-d5 of a royal pawn beside a white pawn
  // on e5). Rare: the side to move's candidates are generated only then.
  const int victim = b.en_passant_victim();
  if (victim == Board::NoSquare || side == b.side_to_move() || !b.at(victim).belongs_to(side) ||
      !b.variant().kinds[std::size_t(b.at(victim).kind())].royal)
    return false;
  FairyMoveList replies;
  generate_candidates(b, replies);
  for (const auto& m : replies)
    if (m.flags & FairyMove::EnPassant) return true;
  return false;
}

bool suffocated_by_paralysis(const Board& b) {
  if (!b.variant().has_paralysing) return false;
  const Color side = b.side_to_move();
  // Popeye's suffocation finder: the side's moves as if no man were paralysed, candidates (a
  // self-check too); suffocated when there are some and every one is a paralysed man's.
  FairyMoveList moves;
  bool paralysed_moves = false;
  const bool unparalysed_moves = b.any_man(side, [&](int from) {
    moves.clear();
    if (b.variant().kinds[std::size_t(b.at(from).kind())].orphan) return true;  // (the reader refuses orphans beside paralysing men)
    add_walk_moves(b, from, moves);
    if (moves.size() == 0) return false;
    if (!paralysed(b, from)) return true;
    paralysed_moves = true;
    return false;
  });
  return !unparalysed_moves && paralysed_moves;
}

bool side_in_check(const Board& b) {
  const Color side = b.side_to_move();
  return royal_attacked(b, side) && (b.options().suffocation == Suffocation::Mate || !suffocated_by_paralysis(b));
}

namespace {

// Is the square the castling king crosses guarded (fairy.castling-passage)? KingMoved: the king's
// step there is played and check asked, so a hopper cannot use the king's start square as its
// hurdle, nor a lion as its screen; KingAtHome: the square as the position stands.
bool passage_guarded(Board& b, const FairyMove& castling) {
  const int passed = (castling.from + castling.to) / 2;
  const Color side = b.side_to_move();
  if (b.options().castling_passage == CastlingPassage::KingAtHome) return attacked(b, passed, ~side);
  b.make(FairyMove{castling.from, std::uint8_t(passed), 0, FairyMove::Plain});
  const bool guarded = royal_attacked(b, side);
  b.unmake();
  return guarded;
}

// Whether the plain move `m` of the side's only royal man leaves it attacked, told without
// playing it; none where that shortcut is not exact. Exact when the move changes the men only
// by emptying m.from and putting the same man, of the same side and kind, on m.to: the attack
// test, which reads the men alone (not the side to move, the rights or the key), sees them as
// after the move (Board::step_alone). So not for a promotion, a chameleon's or half-neutral
// man's change, a kamikaze, a neutral man, castling, en passant, a locust or a hurdle changing
// sides; not with a second royal man (the step may open a line to it), nor with paralysing men
// or orphans (their observation follows the whole board).
std::optional<bool> royal_step_attacked(Board& b, const FairyMove& m) {
  if (m.flags != FairyMove::Plain || m.promotion || !b.observation_by_squares()) return std::nullopt;
  const Man mover = b.at(m.from);
  const PieceKind& kind = b.variant().kinds[std::size_t(mover.kind())];
  if (!kind.royal || mover.neutral() || kind.half_neutral || kind.kamikaze || kind.becomes >= 0) return std::nullopt;
  const Color side = b.side_to_move();
  if (b.royal_men(side) != 1) return std::nullopt;
  const Man taken = b.step_alone(m.from, m.to);
  const bool exposed = attacked(b, m.to, ~side);
  b.step_back(m.from, m.to, taken);
  return exposed;
}

}  // namespace

std::optional<std::string_view> rejecting_predicate(Board& b, const FairyMove& m) {
  const Color side = b.side_to_move();
  if (const auto exposed = royal_step_attacked(b, m)) return *exposed ? std::optional<std::string_view>("royal-not-left-attacked") : std::nullopt;
  if (m.flags & FairyMove::Castling) {
    if (royal_attacked(b, side)) return "castling-not-out-of-check";
    if (passage_guarded(b, m)) return "castling-squares-unguarded";
  }
  b.make(m);
  const bool exposed = royal_attacked(b, side);
  b.unmake();
  if (exposed) return "royal-not-left-attacked";
  return std::nullopt;
}

void generate_legal(Board& b, FairyMoveList& out) {
  FairyMoveList candidates;
  generate_candidates(b, candidates);
  const CheckEvasions evasions(b);
  if (evasions.in_check()) {
    for (const auto& m : candidates)
      if (!evasions.certainly_illegal(b, m) && !rejecting_predicate(b, m)) out.push(m);
    return;
  }
  const CertainlyLegal certainly_legal(b, false);
  for (const auto& m : candidates)
    if (certainly_legal(b, m) || !rejecting_predicate(b, m)) out.push(m);
}

}  // namespace arbiter::fairy
