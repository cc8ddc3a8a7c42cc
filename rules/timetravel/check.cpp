#include "rules/timetravel/check.h"

namespace arbiter::timetravel {

namespace {

bool working(int untraveled, int traveling, int traveled) { return traveled > 0 || (untraveled > 0 && traveling == 0); }

// Kings of `c` at each stage.
struct Kings {
  int untraveled, traveling, traveled;
};
Kings kings_of(const Men& m, Color c) {
  const Bitboard k = m.pieces(c, King);
  const int untraveled = popcount(k & m.untraveled), traveling = popcount(k & m.traveling);
  return {untraveled, traveling, popcount(k) - untraveled - traveling};
}

// Does `by` have any normal move (one that leaves its traveling men as they are)?
bool has_normal_move(const Men& m, Color by) {
  const Bitboard occ = m.occupied();
  const Bitboard not_own = ~m.color[by];
  const Bitboard ep = m.en_passant != NoSquare ? square_bb(m.en_passant) : 0;
  for (Bitboard movers = m.movable(by); movers;) {
    const Square s = pop_lsb(movers);
    if (m.type[Pawn] & square_bb(s)) {
      const Square ahead = by == White ? s + 8 : s - 8;
      if (ahead >= 0 && ahead < 64 && !(occ & square_bb(ahead))) return true;
      if (pawn_attacks(by, s) & (m.color[~by] | ep)) return true;
      continue;
    }
    for (int t = Knight; t <= King; ++t)
      if ((m.type[t] & square_bb(s)) && (piece_attacks(PieceType(t), s, occ) & not_own)) return true;
  }
  return false;
}

// The untraveled man on `from` is one move away from the traveling man of its type and colour
// on `target` (both checked by the caller).
bool one_move_away(const Men& m, Color c, PieceType t, Square from, Square target, const Options& options) {
  if (t != Pawn) return piece_attacks(t, from, m.occupied()) & square_bb(target);
  const int forward = c == White ? 8 : -8;
  if (target == from + forward) return true;
  if (options.pawn_annihilation == PawnAnnihilation::StraightAndDouble && relative_rank(c, from) == 1 &&
      target == from + 2 * forward && !(m.occupied() & square_bb(from + forward)))
    return true;
  if (options.pawn_annihilation == PawnAnnihilation::WithDiagonal) return pawn_attacks(c, from) & square_bb(target);
  return false;
}

}  // namespace

Men men_of(const Board& b) {
  Men m;
  m.color[White] = b.pieces(White);
  m.color[Black] = b.pieces(Black);
  for (int t = Pawn; t <= King; ++t) m.type[t] = b.pieces(White, PieceType(t)) | b.pieces(Black, PieceType(t));
  m.traveling = b.traveling(White) | b.traveling(Black);
  m.untraveled = b.untraveled(White) | b.untraveled(Black);
  m.en_passant = b.en_passant_square();
  return m;
}

bool has_working_king(const Board& b, Color c) {
  const Kings k = kings_of(men_of(b), c);
  return working(k.untraveled, k.traveling, k.traveled);
}

bool attacked_by(const Men& m, Color by, Square s) {
  const Bitboard occ = m.occupied();
  const Bitboard movers = m.movable(by);
  if (pawn_attacks(~by, s) & movers & m.type[Pawn]) return true;
  if (knight_attacks(s) & movers & m.type[Knight]) return true;
  if (king_attacks(s) & movers & m.type[King]) return true;
  if (bishop_attacks(s, occ) & movers & (m.type[Bishop] | m.type[Queen])) return true;
  if (rook_attacks(s, occ) & movers & (m.type[Rook] | m.type[Queen])) return true;
  return false;
}

bool attacked_by(const Board& b, Color by, Square s) { return attacked_by(men_of(b), by, s); }

bool one_move_away(const Board& b, Square from, Square target, const Options& options) {
  const Man& r = b.man_on(from);
  const Man& t = b.man_on(target);
  if (r.empty() || t.empty() || r.type != t.type || r.color != t.color || r.stage != Stage::Untraveled ||
      t.stage != Stage::Traveling)
    return false;
  return one_move_away(men_of(b), r.color, r.type, from, target, options);
}

bool in_check(const Men& m, Color c, const Options& options) {
  const Color them = ~c;
  const Kings k = kings_of(m, c);
  const bool kingless = !working(k.untraveled, k.traveling, k.traveled);
  if (kingless && options.kingless_check == KinglessCheck::Never) return false;

  if (m.resolved(them)) {
    // Already resolved: any normal move keeps it so. A kingless player is under threat from
    // any move at all; otherwise the threat is to take a king whose loss leaves none.
    if (kingless) return has_normal_move(m, them);
    for (Bitboard kings = m.pieces(c, King); kings;) {
      const Square s = pop_lsb(kings);
      const bool untraveled = m.untraveled & square_bb(s), traveling = m.traveling & square_bb(s);
      const bool critical = !working(k.untraveled - untraveled, k.traveling - traveling,
                                     k.traveled - (!untraveled && !traveling));
      if (critical && attacked_by(m, them, s)) return true;
    }
    return false;
  }
  // Unresolved: one move resolves only by annihilating the last traveling man, and an
  // annihilation takes nothing, so the player must have no king already.
  const Bitboard travelers = m.color[them] & m.traveling;
  if (options.check_resolution == CheckResolution::Now || !kingless || more_than_one(travelers)) return false;
  const Square target = lsb(travelers);
  PieceType t = Pawn;
  while (!(m.type[t] & square_bb(target))) t = PieceType(t + 1);
  for (Bitboard r = m.untraveled & m.pieces(them, t); r;)
    if (one_move_away(m, them, t, pop_lsb(r), target, options)) return true;
  return false;
}

bool in_check(const Board& b, Color c, const Options& options) { return in_check(men_of(b), c, options); }

}  // namespace arbiter::timetravel
