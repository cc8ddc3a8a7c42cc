#pragma once
// Where a walk (walk.h) takes a man: the squares it may move to or capture on, from one square of
// a board of any size up to 16 x 16, by what stands on each square as the mover sees it. The rule
// set's move generator calls it per man; it allocates nothing.

#include <array>
#include <bitset>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "rules/fairy/walk.h"

namespace arbiter::fairy {

enum class Occupant : unsigned char { Empty, Own, Other };

struct Landing {
  int file = 0, rank = 0;
  bool capture = false;
  // A locust's capture ('x'): the man taken stands here, not on the landing square.
  bool locust = false;
  int victim_file = 0, victim_rank = 0;
  // A hop over one man (a hopper's, a lion's, a contra- or equihopper's): the hurdle's square
  // (Popeye's HurdleColourChanging changes its colour); -1 when none.
  int hurdle_file = -1, hurdle_rank = -1;
};

// Every line may hold a landing (walk_landings' default filter).
struct AnyLine {
  bool operator()(const WalkAtom&, int) const { return true; }
};

// Calls `emit(Landing)` once for each square `walk` reaches from (file, rank) on a board of
// `files` x `ranks` squares, `at(file, rank)` telling what stands there; `black`: the walk is
// turned over (its forward is towards rank 0). Two atoms reaching one square give it once (over
// different hurdles twice, when the walk keeps hurdles apart).
// `lines_wanted(atom, line)`: the lines to walk (the attack test walks one).
template <class At, class Emit, class Lines = AnyLine>
void walk_landings(const Walk& walk, int file, int rank, bool black, int files, int ranks, At&& at, Emit&& emit, Lines lines_wanted = {}) {
  if (files * ranks > 256) throw std::invalid_argument("walk_landings: a board of at most 256 squares");
  std::bitset<256> given;
  auto on_board = [&](int f, int r) { return f >= 0 && f < files && r >= 0 && r < ranks; };
  auto edge = [&](int f, int r) { return f == 0 || r == 0 || f == files - 1 || r == ranks - 1; };
  const bool far_half = 2 * (black ? ranks - 1 - rank : rank) + 1 > ranks;  // past the middle, in the mover's view
  int hurdle_f = -1, hurdle_r = -1;  // the line's one hurdle, once passed
  // hurdles_apart: the (square, hurdle) pairs given. A line lands on a square at most once, so
  // there are at most as many as the walk's lines times a line's squares: 512 is more than any
  // walk of Popeye's table gives on 8 x 8 (it throws beyond, never gives a pair twice).
  std::array<std::uint16_t, 2> hurdled[512];
  int hurdled_count = 0;
  auto heading_fits = [&](const WalkAtom& a, int r) { return a.heading_fits(r - rank, black); };
  auto land = [&](const WalkAtom& a, int f, int r) {  // an occupant other than Own: move or capture
    if (a.region == WalkAtom::Region::EdgeCrossing && edge(f, r) == edge(file, rank)) return;
    if (a.region == WalkAtom::Region::FarHalf && !far_half) return;
    if (!heading_fits(a, r)) return;
    const Occupant o = at(f, r);
    if (o == Occupant::Own) return;
    const bool capture = o == Occupant::Other;
    if (capture ? !a.captures : !a.moves) return;
    const std::size_t index = std::size_t(r * files + f);
    if (walk.hurdles_apart && hurdle_f >= 0) {  // once per square and hurdle
      const std::array<std::uint16_t, 2> pair{std::uint16_t(index), std::uint16_t(hurdle_r * files + hurdle_f)};
      for (int i = 0; i < hurdled_count; ++i)
        if (hurdled[i] == pair) return;
      if (hurdled_count == int(std::size(hurdled))) throw std::length_error("walk_landings: more hurdled landings than recorded");
      hurdled[hurdled_count++] = pair;
    } else {
      if (given[index]) return;
      given[index] = true;
    }
    emit(Landing{f, r, capture, false, f, r, hurdle_f, hurdle_r});
  };
  // A locust's capture of the man on (vf, vr), landing on (f, r): the landing must be empty. Not
  // merged with other landings on the square: the man taken tells the moves apart.
  auto land_locust = [&](const WalkAtom& a, int vf, int vr, int f, int r) {
    if (a.region == WalkAtom::Region::EdgeCrossing && edge(f, r) == edge(file, rank)) return;
    if (a.region == WalkAtom::Region::FarHalf && !far_half) return;
    if (!heading_fits(a, r)) return;
    if (at(vf, vr) != Occupant::Other || at(f, r) != Occupant::Empty) return;
    emit(Landing{f, r, true, true, vf, vr});
  };
  // The eight unit directions in angular order, for a hop's turned landing.
  static constexpr int compass[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  auto sign = [](int x) { return (x > 0) - (x < 0); };
  for (const WalkAtom& a : walk.atoms) {
    const bool crooked = a.crook != WalkAtom::Crook::None;
    const int lines = a.circular ? int(a.starts.size()) * 2 : crooked ? int(a.vectors.size()) * 2 : int(a.vectors.size());
    for (int line = 0; line < lines; ++line) {
      // The line's n-th step (from 0): the same vector; on a circle the next one in the line's
      // sense (the starting vector's index plus or minus n, of eight); on a crooked line the
      // vector and its mirror image in turn (the line's parity picks one of the two mirrors).
      const int first = a.circular || crooked ? line / 2 : line;
      const int sense = a.circular && line % 2 ? -1 : 1;
      auto vector_of = [&](int n) {
        Vector v0 = a.vectors[std::size_t(a.circular ? ((a.starts[std::size_t(first)] + sense * n) % 8 + 8) % 8 : first)];
        if (crooked && n % 2) {
          const bool second = line % 2;
          if (a.crook == WalkAtom::Crook::Axes) v0 = second ? Vector{-v0.file, v0.rank} : Vector{v0.file, -v0.rank};
          else v0 = second ? Vector{-v0.rank, -v0.file} : Vector{v0.rank, v0.file};
        }
        return Vector{v0.file, black ? -v0.rank : v0.rank};
      };
      if (!lines_wanted(a, line)) continue;
      int f = file, r = rank, n = 0;
      hurdle_f = hurdle_r = -1;
      auto passed_hurdle = [&] {
        hurdle_f = f;
        hurdle_r = r;
      };
      auto step = [&] {  // one more step along the line: false when it leaves the board
        const Vector v = vector_of(n++);
        f += v.file;
        r += v.rank;
        return on_board(f, r);
      };
      auto within_range = [&] { return a.range == 0 || n < a.range; };
      // On along the line over empty squares after a hurdle, landing on each and on the first man.
      auto ride_on = [&] {
        while (within_range() && step()) {
          land(a, f, r);
          if (at(f, r) != Occupant::Empty) break;
        }
      };
      // On from a hurdle to the square `distance` steps beyond it, the squares between empty.
      auto land_beyond = [&](int distance) {
        for (int d = 1; d <= distance; ++d)
          if (!step() || (d < distance && at(f, r) != Occupant::Empty)) return;
        land(a, f, r);
      };
      if (a.locust) {
        // Over the first man within the range (a leap: the square one vector away) to the next
        // square of the line.
        if (a.kind == WalkAtom::Kind::Leap) {
          if (!step()) continue;
        } else {
          while (within_range() && step() && at(f, r) == Occupant::Empty) {
          }
          if (!on_board(f, r) || at(f, r) == Occupant::Empty || (f == file && r == rank)) continue;
        }
        const int vf = f, vr = r;
        if (step()) land_locust(a, vf, vr, f, r);
        continue;
      }
      switch (a.kind) {
        case WalkAtom::Kind::Leap:
          if (step()) land(a, f, r);
          break;
        case WalkAtom::Kind::Lame: {
          // Each leg's first step: along the longer side of the leap (mao: orthogonal), or
          // diagonal (nA; 'y': the moa), empty; as a rider, on over empty landings. A lion
          // passes one man, on a leg's first step or its landing, the squares after it empty.
          bool passed = false;
          while (within_range()) {
            const Vector v = vector_of(n);
            const int sf = sign(v.file), sr = sign(v.rank);
            const bool diagonal = a.diagonal_first || std::abs(v.file) == std::abs(v.rank);
            const int pf = f + (diagonal || std::abs(v.file) > std::abs(v.rank) ? sf : 0);
            const int pr = r + (diagonal || std::abs(v.rank) > std::abs(v.file) ? sr : 0);
            if (!step()) break;
            const bool first_step_empty = at(pf, pr) == Occupant::Empty, landing_empty = at(f, r) == Occupant::Empty;
            if (a.lion && !passed) {
              if (first_step_empty && landing_empty) continue;
              passed = true;
              if (first_step_empty) continue;  // over the landing: on to the next leg
              land(a, f, r);                   // over the first step onto this leg's landing
              if (!landing_empty) break;
              continue;
            }
            if (!first_step_empty) break;
            land(a, f, r);
            if (!landing_empty) break;
          }
          break;
        }
        case WalkAtom::Kind::Ride:
          if (a.reflections) {
            // A line reflected at the edge: from the last square on the board, turned 90 degrees
            // either way (where one turn leaves the board at once, the other is the reflection).
            struct Leg {
              int f, r, df, dr, left;
            };
            std::array<Leg, 32> legs;
            int top = 0;
            const Vector v = vector_of(0);
            legs[std::size_t(top++)] = Leg{file, rank, v.file, v.rank, a.reflections};
            while (top > 0) {
              const Leg g = legs[std::size_t(--top)];
              int lf = g.f + g.df, lr = g.r + g.dr;
              while (on_board(lf, lr) && at(lf, lr) == Occupant::Empty) {
                land(a, lf, lr);
                lf += g.df, lr += g.dr;
              }
              if (on_board(lf, lr)) {
                land(a, lf, lr);  // the first man: a capture, or its own man
              } else if (g.left > 0 && (lf - g.df != g.f || lr - g.dr != g.r) && top + 2 <= int(legs.size())) {  // not off at once
                legs[std::size_t(top++)] = Leg{lf - g.df, lr - g.dr, -g.dr, g.df, g.left - 1};
                legs[std::size_t(top++)] = Leg{lf - g.df, lr - g.dr, g.dr, -g.df, g.left - 1};
              }
            }
            break;
          }
          ride_on();
          break;
        case WalkAtom::Kind::Hop:
        case WalkAtom::Kind::Cannon: {
          // The hurdles: the first within the range, the second anywhere beyond it.
          // A circle closing on the mover's own square ends there: the mover is no hurdle.
          int found = 0;
          while (found < a.hurdles && (found > 0 || within_range()) && step() && (f != file || r != rank))
            if (at(f, r) != Occupant::Empty) ++found;
          if (found < a.hurdles) break;
          if (a.hurdles == 1) passed_hurdle();
          if (a.kind == WalkAtom::Kind::Cannon) {
            ride_on();
          } else if (a.turn) {
            const Vector v = vector_of(n - 1);
            int d = 0;
            while (compass[d][0] != sign(v.file) || compass[d][1] != sign(v.rank)) ++d;
            for (const int side : {a.turn, -a.turn}) {
              const int t = ((d + side) % 8 + 8) % 8;
              if (on_board(f + compass[t][0], r + compass[t][1])) land(a, f + compass[t][0], r + compass[t][1]);
            }
          } else {
            land_beyond(a.land);
          }
          break;
        }
        case WalkAtom::Kind::Contra:
          if (step() && at(f, r) != Occupant::Empty) {
            passed_hurdle();
            ride_on();
          }
          break;
        case WalkAtom::Kind::Bounce: {
          // The opposite line's length: the steps from the mover to its first man, or off the board.
          const Vector v = vector_of(0);
          int distance = 1;
          for (int pf = file - v.file, pr = rank - v.rank; on_board(pf, pr) && at(pf, pr) == Occupant::Empty; pf -= v.file, pr -= v.rank)
            ++distance;
          land_beyond(distance);
          break;
        }
        case WalkAtom::Kind::DoubleHop: {
          // The first hop: over the line's first man to the square beyond it, which must be empty.
          while (step() && at(f, r) == Occupant::Empty) {
          }
          if (!on_board(f, r) || !step() || at(f, r) != Occupant::Empty) break;
          // The second: from there over the first man of any of the atom's lines, landing right
          // behind it (not on the mover's own square: that is no move).
          const int mf = f, mr = r;
          for (const Vector& w : a.vectors) {
            const int wf = w.file, wr = black ? -w.rank : w.rank;
            int g = mf + wf, h = mr + wr;
            while (on_board(g, h) && at(g, h) == Occupant::Empty) g += wf, h += wr;
            if (!on_board(g, h) || !on_board(g + wf, h + wr) || (g + wf == file && h + wr == rank)) continue;
            land(a, g + wf, h + wr);
          }
          break;
        }
        case WalkAtom::Kind::Tree: {
          // Onto the hurdle by this line's vector, then on by any of its group (never back onto
          // the mover's own square: no move).
          if (!step() || at(f, r) == Occupant::Empty || (a.hurdle_other && at(f, r) != Occupant::Other)) break;
          for (int j = a.group_first[std::size_t(line)]; j <= a.group_last[std::size_t(line)]; ++j) {
            const Vector& w = a.vectors[std::size_t(j)];
            const int g = f + w.file, h = r + (black ? -w.rank : w.rank);
            if (on_board(g, h) && (g != file || h != rank)) land(a, g, h);
          }
          break;
        }
        case WalkAtom::Kind::Leaf: {
          // This line's square holds a man: the group's other squares are the piece's.
          if (!step() || at(f, r) == Occupant::Empty) break;
          for (int j = a.group_first[std::size_t(line)]; j <= a.group_last[std::size_t(line)]; ++j) {
            if (j == line) continue;
            const Vector& w = a.vectors[std::size_t(j)];
            const int g = file + w.file, h = rank + (black ? -w.rank : w.rank);
            if (on_board(g, h)) land(a, g, h);
          }
          break;
        }
        case WalkAtom::Kind::Stop:
          // Short of the line's first man (none: no move; right next to the mover: no move).
          while (within_range() && step() && at(f, r) == Occupant::Empty) {
          }
          if (on_board(f, r) && n > 1) land(a, f - vector_of(0).file, r - vector_of(0).rank);
          break;
        case WalkAtom::Kind::Flood: {
          // Once for the atom (its first line): every square reached by leaps over empty
          // squares, and the other side's men a leap from any of them.
          if (line != 0) break;
          std::bitset<256> reached;
          std::array<std::uint8_t, 256> queue;
          int head = 0, tail = 0;
          reached.set(std::size_t(rank * files + file));
          queue[std::size_t(tail++)] = std::uint8_t(rank * files + file);
          while (head < tail) {
            const int sq = queue[std::size_t(head++)];
            for (const Vector& v : a.vectors) {
              const int g = sq % files + v.file, h = sq / files + (black ? -v.rank : v.rank);
              if (!on_board(g, h) || reached[std::size_t(h * files + g)]) continue;
              reached.set(std::size_t(h * files + g));
              const Occupant o = at(g, h);
              if (o == Occupant::Own) continue;
              land(a, g, h);
              if (o == Occupant::Empty) queue[std::size_t(tail++)] = std::uint8_t(h * files + g);
            }
          }
          break;
        }
        case WalkAtom::Kind::Equi: {
          if (a.range == 1) {  // a leap: the hurdle one vector away, the landing two
            if (!step() || at(f, r) == Occupant::Empty) break;
            passed_hurdle();
            if (step()) land(a, f, r);
            break;
          }
          while (within_range() && step() && at(f, r) == Occupant::Empty) {
          }
          if (!on_board(f, r) || at(f, r) == Occupant::Empty) break;
          passed_hurdle();
          land_beyond(n);  // as far beyond the hurdle as the hurdle stands
          break;
        }
      }
    }
  }
}

// walk_landings for a plain walk (Walk::plain), the generator's hot loop: along each line over
// empty squares to the first man, nothing else to ask but an atom's region or heading of its
// landings (which do not change what blocks a line); the same landings in the same order.
template <class At, class Emit>
void plain_walk_landings(const Walk& walk, int file, int rank, bool black, int files, int ranks, At&& at, Emit&& emit) {
  auto edge = [&](int f, int r) { return f == 0 || r == 0 || f == files - 1 || r == ranks - 1; };
  const bool edge_from = edge(file, rank);
  for (const WalkAtom& a : walk.atoms) {
    // walk_landings' tests of a landing (land, land_locust), asked only of an atom that has them.
    if (a.region == WalkAtom::Region::FarHalf && 2 * (black ? ranks - 1 - rank : rank) + 1 <= ranks) continue;
    const bool filtered = a.region == WalkAtom::Region::EdgeCrossing || a.heading != WalkAtom::Heading::Any;
    auto allowed = [&](int f, int r) {
      return (a.region != WalkAtom::Region::EdgeCrossing || edge(f, r) != edge_from) && a.heading_fits(r - rank, black);
    };
    const int limit = a.range == 0 ? files + ranks : a.range;
    for (const Vector& v : a.vectors) {
      const int df = v.file, dr = black ? -v.rank : v.rank;
      int f = file, r = rank;
      if (a.locust) {
        // Over the line's first man within the range (a leap's: on the square one vector away),
        // the other side's, onto the empty square just beyond it.
        bool found = false;
        for (int n = 0; n < limit && !found; ++n) {
          f += df;
          r += dr;
          if (unsigned(f) >= unsigned(files) || unsigned(r) >= unsigned(ranks)) break;
          found = at(f, r) != Occupant::Empty;
        }
        const int lf = f + df, lr = r + dr;
        if (found && unsigned(lf) < unsigned(files) && unsigned(lr) < unsigned(ranks) && at(f, r) == Occupant::Other && at(lf, lr) == Occupant::Empty &&
            (!filtered || allowed(lf, lr)))
          emit(Landing{lf, lr, true, true, f, r});
        continue;
      }
      for (int n = 0; n < limit; ++n) {
        f += df;
        r += dr;
        if (unsigned(f) >= unsigned(files) || unsigned(r) >= unsigned(ranks)) break;
        const Occupant o = at(f, r);
        if (o == Occupant::Empty) {
          if (a.moves && (!filtered || allowed(f, r))) emit(Landing{f, r, false, false, f, r});
          continue;
        }
        if (o == Occupant::Other && a.captures && (!filtered || allowed(f, r))) emit(Landing{f, r, true, false, f, r});
        break;
      }
    }
  }
}

}  // namespace arbiter::fairy
