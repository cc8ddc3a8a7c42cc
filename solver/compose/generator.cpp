#include "solver/compose/generator.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace arbiter::compose {

namespace {

int distance(Square a, Square b) { return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b))); }

bool fits(PieceType t, Square s) { return t != Pawn || (rank_of(s) >= 1 && rank_of(s) <= 6); }

// An empty square for a unit of type t: within `radius` of `centre` most of the time (a
// mating net is local), anywhere otherwise. NoSquare when none is found.
Square empty_square(const Placement& p, Random& random, PieceType t, Square centre, int radius) {
  for (int tries = 0; tries < 64; ++tries) {
    Square s;
    if (centre != NoSquare && random.percent(75)) {
      const int f = file_of(centre) + random.between(-radius, radius), r = rank_of(centre) + random.between(-radius, radius);
      if (!on_board(f, r)) continue;
      s = make_square(f, r);
    } else {
      s = random.below(64);
    }
    if (p.board[s] == NoPiece && fits(t, s)) return s;
  }
  return NoSquare;
}

// The unit types of colour c that may still be added.
std::vector<PieceType> addable(const Placement& p, const Material& m, Color c) {
  std::vector<PieceType> out;
  for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn})
    for (int k = p.count(c, t); k < m.available(c, t); ++k) out.push_back(t);
  return out;
}

bool add_unit(Placement& p, Random& random, const Material& m, Color c) {
  if (p.units() >= m.max_units) return false;
  const auto types = addable(p, m, c);
  if (types.empty()) return false;
  const PieceType t = types[random.below(int(types.size()))];
  const Square s = empty_square(p, random, t, p.king(Black), c == White ? 3 : 2);
  if (s == NoSquare) return false;
  p.board[s] = make_piece(c, t);
  return true;
}

std::vector<Square> units_of(const Placement& p, bool kings) {
  std::vector<Square> out;
  for (Square s = 0; s < 64; ++s)
    if (p.board[s] != NoPiece && (kings || type_of(p.board[s]) != King)) out.push_back(s);
  return out;
}

}  // namespace

Placement random_candidate(Random& random, const GeneratorSettings& settings) {
  const Material& m = settings.material;
  Placement p;
  p.fullmove = settings.fullmove;
  p.to_move = settings.to_move;
  if (settings.tokens)
    p.tokens = {random.between(settings.token_min[White], settings.token_max[White]),
                random.between(settings.token_min[Black], settings.token_max[Black])};
  const Square black_king = random.below(64);
  p.board[black_king] = make_piece(Black, King);
  Square white_king;
  do {
    white_king = random.percent(70) ? empty_square(p, random, King, black_king, 4) : random.below(64);
  } while (white_king == NoSquare || distance(white_king, black_king) < 2);
  p.board[white_king] = make_piece(White, King);
  const int room = m.max_units - 2;
  const int white_units = std::min(room, random.between(settings.white_min, settings.white_max));
  const int black_units = std::min(room - white_units, random.between(0, settings.black_max));
  for (int i = 0; i < white_units; ++i) add_unit(p, random, m, White);
  for (int i = 0; i < black_units; ++i) add_unit(p, random, m, Black);
  return p;
}

Placement mutated(const Placement& original, Random& random, const GeneratorSettings& settings) {
  const Material& m = settings.material;
  for (;;) {
    Placement p = original;
    const int kind = random.below(settings.tokens ? 100 : 95);
    const auto units = units_of(p, false);
    if (kind < 40) {  // move a unit
      if (units.empty()) continue;
      const Square from = units[random.below(int(units.size()))];
      const Square to = empty_square(p, random, type_of(p.board[from]), p.king(Black), 3);
      if (to == NoSquare) continue;
      p.board[to] = p.board[from];
      p.board[from] = NoPiece;
    } else if (kind < 55) {  // add a unit of either side
      if (!add_unit(p, random, m, random.percent(50) ? White : Black)) continue;
    } else if (kind < 72) {  // remove a unit
      if (units.empty()) continue;
      p.board[units[random.below(int(units.size()))]] = NoPiece;
    } else if (kind < 82) {  // change a unit's type (within the pool)
      if (units.empty()) continue;
      const Square s = units[random.below(int(units.size()))];
      const Color c = color_of(p.board[s]);
      p.board[s] = NoPiece;
      const auto types = addable(p, m, c);
      if (types.empty()) continue;
      const PieceType t = types[random.below(int(types.size()))];
      if (!fits(t, s) || make_piece(c, t) == original.board[s]) continue;
      p.board[s] = make_piece(c, t);
    } else if (kind < 95) {  // move a king, mostly White's
      const Color c = random.percent(75) ? White : Black;
      const Square from = p.king(c);
      const Square to = empty_square(p, random, King, from, 2);
      if (to == NoSquare) continue;
      p.board[to] = p.board[from];
      p.board[from] = NoPiece;
    } else {  // Option Chess: change the tokens
      const Color c = random.percent(70) ? White : Black;
      p.tokens[c] = random.between(settings.token_min[c], settings.token_max[c]);
    }
    if (!(p == original)) return p;
  }
}

}  // namespace arbiter::compose
