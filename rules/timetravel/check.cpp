#include "rules/timetravel/check.h"

namespace arbiter::timetravel {

namespace {

bool working(int untraveled, int traveling, int traveled) { return traveled > 0 || (untraveled > 0 && traveling == 0); }

int count(const Board& b, Color c, Stage s) { return popcount(b.stage(c, s) & b.pieces(c, King)); }

// Does `by` have any normal move (one that leaves its traveling men as they are)?
bool has_normal_move(const Board& b, Color by) {
  const Bitboard occ = b.occupied();
  const Bitboard not_own = ~b.pieces(by);
  for (Bitboard movers = b.movable(by); movers;) {
    const Square s = pop_lsb(movers);
    const PieceType t = b.man_on(s).type;
    if (t == Pawn) {
      const Square ahead = by == White ? s + 8 : s - 8;
      if (ahead >= 0 && ahead < 64 && !(occ & square_bb(ahead))) return true;
      if (pawn_attacks(by, s) & (b.pieces(~by) | (b.en_passant_square() != NoSquare ? square_bb(b.en_passant_square()) : 0)))
        return true;
    } else if (piece_attacks(t, s, occ) & not_own) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool has_working_king(const Board& b, Color c) {
  return working(count(b, c, Stage::Untraveled), count(b, c, Stage::Traveling), count(b, c, Stage::Traveled));
}

bool attacked_by(const Board& b, Color by, Square s) {
  const Bitboard occ = b.occupied();
  const Bitboard movers = b.movable(by);
  if (pawn_attacks(~by, s) & movers & b.pieces(by, Pawn)) return true;
  if (knight_attacks(s) & movers & b.pieces(by, Knight)) return true;
  if (king_attacks(s) & movers & b.pieces(by, King)) return true;
  if (bishop_attacks(s, occ) & movers & (b.pieces(by, Bishop) | b.pieces(by, Queen))) return true;
  if (rook_attacks(s, occ) & movers & (b.pieces(by, Rook) | b.pieces(by, Queen))) return true;
  return false;
}

bool one_move_away(const Board& b, Square from, Square target, const Options& options) {
  const Man& r = b.man_on(from);
  const Man& t = b.man_on(target);
  if (r.empty() || t.empty() || r.type != t.type || r.color != t.color || r.stage != Stage::Untraveled ||
      t.stage != Stage::Traveling)
    return false;
  if (r.type != Pawn) return piece_attacks(r.type, from, b.occupied()) & square_bb(target);
  const int forward = r.color == White ? 8 : -8;
  if (target == from + forward) return true;
  if (options.pawn_annihilation == PawnAnnihilation::StraightAndDouble && relative_rank(r.color, from) == 1 &&
      target == from + 2 * forward && b.empty(from + forward))
    return true;
  if (options.pawn_annihilation == PawnAnnihilation::WithDiagonal) return pawn_attacks(r.color, from) & square_bb(target);
  return false;
}

bool in_check(const Board& b, Color c, const Options& options) {
  const Color them = ~c;
  const int untraveled = count(b, c, Stage::Untraveled), traveling = count(b, c, Stage::Traveling),
            traveled = count(b, c, Stage::Traveled);
  const bool kingless = !working(untraveled, traveling, traveled);
  if (kingless && options.kingless_check == KinglessCheck::Never) return false;

  if (b.resolved(them)) {
    // Already resolved: any normal move keeps it so. A kingless player is under threat from
    // any move at all; otherwise the threat is to take a king whose loss leaves none.
    if (kingless) return has_normal_move(b, them);
    for (Bitboard kings = b.pieces(c, King); kings;) {
      const Square s = pop_lsb(kings);
      const Stage st = b.man_on(s).stage;
      const bool critical = !working(untraveled - (st == Stage::Untraveled), traveling - (st == Stage::Traveling),
                                     traveled - (st == Stage::Traveled));
      if (critical && attacked_by(b, them, s)) return true;
    }
    return false;
  }
  // Unresolved: one move resolves only by annihilating the last traveling man, and an
  // annihilation takes nothing, so the player must have no king already.
  if (options.check_resolution == CheckResolution::Now || !kingless || more_than_one(b.traveling(them))) return false;
  const Square target = lsb(b.traveling(them));
  const PieceType t = b.man_on(target).type;
  for (Bitboard r = b.untraveled(them) & b.pieces(them, t); r;)
    if (one_move_away(b, pop_lsb(r), target, options)) return true;
  return false;
}

}  // namespace arbiter::timetravel
