#pragma once
// Where a walk (walk.h) takes a man: the squares it may move to or capture on, from one square of
// a board of any size up to 16 x 16, by what stands on each square as the mover sees it. The rule
// set's move generator calls it per man; it allocates nothing.

#include <bitset>
#include <cstdlib>
#include <stdexcept>

#include "rules/fairy/walk.h"

namespace arbiter::fairy {

enum class Occupant : unsigned char { Empty, Own, Other };

struct Landing {
  int file = 0, rank = 0;
  bool capture = false;
};

// Calls `emit(Landing)` once for each square `walk` reaches from (file, rank) on a board of
// `files` x `ranks` squares, `at(file, rank)` telling what stands there; `black`: the walk is
// turned over (its forward is towards rank 0). Two atoms reaching one square give it once.
template <class At, class Emit>
void walk_landings(const Walk& walk, int file, int rank, bool black, int files, int ranks, At&& at, Emit&& emit) {
  if (files * ranks > 256) throw std::invalid_argument("walk_landings: a board of at most 256 squares");
  std::bitset<256> given;
  auto on_board = [&](int f, int r) { return f >= 0 && f < files && r >= 0 && r < ranks; };
  auto land = [&](const WalkAtom& a, int f, int r) {  // an occupant other than Own: move or capture
    const Occupant o = at(f, r);
    if (o == Occupant::Own) return;
    const bool capture = o == Occupant::Other;
    if (capture ? !a.captures : !a.moves) return;
    const std::size_t index = std::size_t(r * files + f);
    if (given[index]) return;
    given[index] = true;
    emit(Landing{f, r, capture});
  };
  for (const WalkAtom& a : walk.atoms) {
    for (const Vector& v0 : a.vectors) {
      const Vector v{v0.file, black ? -v0.rank : v0.rank};
      int f = file + v.file, r = rank + v.rank;
      switch (a.kind) {
        case WalkAtom::Kind::Leap:
          if (on_board(f, r)) land(a, f, r);
          break;
        case WalkAtom::Kind::Lame: {
          // The first step: along the longer side of the leap (mao: orthogonal), or diagonal (nA).
          const int sf = v.file == 0 ? 0 : v.file / std::abs(v.file), sr = v.rank == 0 ? 0 : v.rank / std::abs(v.rank);
          const bool diagonal = std::abs(v.file) == std::abs(v.rank);
          const int ff = file + (diagonal || std::abs(v.file) > std::abs(v.rank) ? sf : 0);
          const int fr = rank + (diagonal || std::abs(v.rank) > std::abs(v.file) ? sr : 0);
          if (on_board(f, r) && at(ff, fr) == Occupant::Empty) land(a, f, r);
          break;
        }
        case WalkAtom::Kind::Ride:
          for (int step = 1; on_board(f, r) && (a.range == 0 || step <= a.range); ++step, f += v.file, r += v.rank) {
            land(a, f, r);
            if (at(f, r) != Occupant::Empty) break;
          }
          break;
        case WalkAtom::Kind::Hop:
          for (int step = 1; on_board(f, r) && (a.range == 0 || step <= a.range); ++step, f += v.file, r += v.rank) {
            if (at(f, r) == Occupant::Empty) continue;
            if (on_board(f + v.file, r + v.rank)) land(a, f + v.file, r + v.rank);
            break;
          }
          break;
        case WalkAtom::Kind::Cannon: {
          bool screened = false;
          for (int step = 1; on_board(f, r) && (a.range == 0 || step <= a.range); ++step, f += v.file, r += v.rank) {
            const bool empty = at(f, r) == Occupant::Empty;
            if (!screened) {
              screened = !empty;
              continue;
            }
            land(a, f, r);
            if (!empty) break;
          }
          break;
        }
      }
    }
  }
}

}  // namespace arbiter::fairy
