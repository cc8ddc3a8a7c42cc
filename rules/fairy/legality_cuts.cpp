#include "rules/fairy/legality_cuts.h"

#include "rules/fairy/movegen.h"

namespace arbiter::fairy {

namespace {

// Adds to `squares` every square, besides the two ends, on which the observation of `target` by
// the man of `side` on `from` walking as `walk` depends: the squares a ride crosses between them,
// a hopper's hurdle and the squares it passes, an equihopper's hurdle, a locust's landing beyond
// the target (a leap's: that alone). Over every capturing atom whose line points at the target,
// attacking or not (more squares than needed is no harm to the cut that asks). False when an atom
// observes off a straight line (a circle, a turned hop, a lame leg): its squares are not listed.
bool add_observation_squares(const Board& b, int from, const Walk& walk, Color side, int target, std::bitset<256>& squares) {
  const int ff = b.file_of(from), fr = b.rank_of(from);
  const int df = b.file_of(target) - ff, dr = b.rank_of(target) - fr;
  for (const WalkAtom& a : walk.atoms) {
    if (!a.captures) continue;
    if (a.off_line()) return false;
    const std::int8_t line = a.line_towards(df, side == Black ? -dr : dr);
    if (line == WalkAtom::AnyLine) return false;
    if (line < 0) continue;
    const Vector& v = a.vectors[std::size_t(line)];
    const int sf = v.file, sr = side == Black ? -v.rank : v.rank;
    const int steps = sf != 0 ? df / sf : dr / sr;
    for (int k = 1; k < steps; ++k) squares.set(std::size_t(b.square(ff + k * sf, fr + k * sr)));
    const int lf = ff + df + sf, lr = fr + dr + sr;
    if (a.locust && lf >= 0 && lf < b.files() && lr >= 0 && lr < b.ranks()) squares.set(std::size_t(b.square(lf, lr)));
  }
  return true;
}

// Marks on `lines` the squares on which an observation of the royal square `royal` by a man of `by`
// depends, besides the observer's own square, for every man of `by` on the board: a man reaching R
// along vector d stands on R - j d (a leap's on j = 1, an equihopper's leap's on j = 2), its path
// between (Black's walks turned over); a locust lands on R + d, which must be empty. Only the lines
// on which a man of the walk stands matter, up to the farthest such man. False when a walk of `by`
// on the board observes off a straight line (a mao's block, a rose's circle, a moose's turn), or
// an orphan is there (its walks follow the whole position): nothing is known then.
bool mark_observation_lines(const Board& b, int royal, Color by, std::bitset<256>& lines) {
  const Variant& v = b.variant();
  const int rf = b.file_of(royal), rr = b.rank_of(royal);
  auto on_board = [&](int f, int r) { return f >= 0 && f < b.files() && r >= 0 && r < b.ranks(); };
  for (std::size_t k = 0; k < v.kinds.size(); ++k) {
    if (b.count(by, int(k)) == 0) continue;
    if (v.kinds[k].orphan) return false;
    for (const WalkAtom& a : v.kinds[k].walk.atoms) {
      if (!a.captures || (a.kind == WalkAtom::Kind::Leap && !a.off_line() && !a.locust)) continue;  // a locust's leap needs its landing empty
      if (a.off_line()) return false;
      const int reach = a.kind == WalkAtom::Kind::Leap ? 1 : a.kind == WalkAtom::Kind::Equi && a.range == 1 ? 2 : b.squares();
      for (const Vector& d : a.vectors) {
        const int df = -d.file, dr = by == Black ? d.rank : -d.rank;
        int farthest = 0;
        for (int j = 1, f = rf + df, r = rr + dr; j <= reach && on_board(f, r); ++j, f += df, r += dr) {
          const Man m = b.at(b.square(f, r));
          if (!m.empty() && m.kind() == int(k) && m.belongs_to(by)) farthest = j;
        }
        if (farthest == 0) continue;
        for (int j = 1; j < farthest; ++j) lines.set(std::size_t(b.square(rf + j * df, rr + j * dr)));
        if (a.locust && on_board(rf - df, rr - dr)) lines.set(std::size_t(b.square(rf - df, rr - dr)));
      }
    }
  }
  return true;
}

bool has_orphans(const Board& b, Color side) {
  const Variant& v = b.variant();
  for (std::size_t k = 0; k < v.kinds.size(); ++k)
    if (v.kinds[k].orphan && b.count(side, int(k)) > 0) return true;
  return false;
}

}  // namespace

RoyalLines::RoyalLines(const Board& b, Color royal_side, Color observer) : unknown_(false), observer_(observer) {
  b.any_royal(royal_side, [&](int royal) {
    unknown_ = royal_count_ == int(royals_.size()) || !mark_observation_lines(b, royal, observer, lines_);
    if (!unknown_) royals_[std::size_t(royal_count_++)] = royal;
    return unknown_;
  });
}

CertainlyLegal::CertainlyLegal(const Board& b, bool in_check) {
  // A side in check; paralysing men, whose moves change who else moves and observes.
  if (b.variant().has_paralysing || in_check) {
    test_all_ = true;
    return;
  }
  // No move of this side puts an enemy man on the board.
  lines_ = RoyalLines(b, b.side_to_move(), ~b.side_to_move());
  test_all_ = lines_.unknown();
}

CheckEvasions::CheckEvasions(const Board& b) {
  const Color side = b.side_to_move(), enemy = ~side;
  const Variant& v = b.variant();
  // Paralysis (who observes follows the whole position) and enemy orphans (their walks do): the
  // attack test alone.
  if (v.has_paralysing || has_orphans(b, enemy)) {
    in_check_ = royal_attacked(b, side);
    exact_ = false;
    return;
  }
  b.any_royal(side, [&](int royal) {
    b.any_man(enemy, [&](int from) {
      if (from == royal) return false;
      const PieceKind& kind = v.kinds[std::size_t(b.at(from).kind())];
      const Walk& walk = observing_walk(b, from, kind, enemy);
      if (!observes(b, from, walk, enemy, royal)) return false;
      in_check_ = true;
      if (attacks_ == int(squares_.size())) return false;  // enough attacks to judge by
      std::bitset<256>& squares = squares_[std::size_t(attacks_)];
      squares.reset();
      squares.set(std::size_t(from));
      if (!add_observation_squares(b, from, walk, enemy, royal, squares)) {
        exact_ = false;
        return true;
      }
      ++attacks_;
      return false;
    });
    return !exact_;
  });
}

CertainlyNoCheck::CertainlyNoCheck(const Board& b) {
  if (b.variant().has_paralysing || has_orphans(b, White) || has_orphans(b, Black)) {
    test_all_ = true;
    return;
  }
  lines_ = RoyalLines(b, ~b.side_to_move(), b.side_to_move());
  test_all_ = lines_.unknown();
}

}  // namespace arbiter::fairy
