#include "solver/compose/legality.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <vector>

#include "rules/core/bitboard.h"
#include "rules/core/fen.h"

namespace arbiter::compose {

namespace {

using Check = std::optional<std::string> (*)(const Position&);

std::string name_of(Color c) { return c == White ? "White" : "Black"; }

std::string count_of(int n, const std::string& singular) {
  return std::to_string(n) + " " + singular + (n == 1 ? "" : "s");
}

// a1 is dark, so the light squares are those whose file + rank is odd.
constexpr Bitboard LightSquares = 0x55AA55AA55AA55AAULL;

// Units a side has beyond its initial set; each one was a pawn that promoted.
int promoted_units(const Position& pos, Color c) {
  auto excess = [](Bitboard b, int initial) { return std::max(0, popcount(b) - initial); };
  const Bitboard bishops = pos.pieces(c, Bishop);
  return excess(pos.pieces(c, Queen), 1) + excess(pos.pieces(c, Rook), 2) + excess(pos.pieces(c, Knight), 2) +
         excess(bishops & LightSquares, 1) + excess(bishops & ~LightSquares, 1);
}

// The least number of captures that brings the side's pawns from distinct starting files to
// their squares, with `promoted` further starting files left over for the promoted units;
// nothing when no such assignment exists. A DP over the set of starting files used so far:
// best[mask] assigns the first popcount(mask) pawns to the files in mask.
std::optional<int> least_pawn_captures(const Position& pos, Color c, int promoted) {
  struct PawnFile {
    int file;
    int max_captures;  // each capture also advances one rank, so at most r-2 from rank 2
  };
  std::vector<PawnFile> pawns;
  for (Bitboard b = pos.pieces(c, Pawn); b;) {
    const Square s = pop_lsb(b);
    pawns.push_back({file_of(s), relative_rank(c, s) - 1});
  }
  const int n = int(pawns.size());
  if (n + promoted > 8) return std::nullopt;

  constexpr int Unreachable = 1 << 20;
  std::array<int, 256> best;
  best.fill(Unreachable);
  best[0] = 0;
  int least = Unreachable;
  // Every successor mask is numerically larger, so one increasing pass settles each mask first.
  for (int mask = 0; mask < 256; ++mask) {
    if (best[mask] == Unreachable) continue;
    const int i = std::popcount(unsigned(mask));
    if (i == n) {
      least = std::min(least, best[mask]);
      continue;
    }
    for (int start = 0; start < 8; ++start) {
      const int captures = std::abs(pawns[i].file - start);
      if ((mask & (1 << start)) || captures > pawns[i].max_captures) continue;
      best[mask | (1 << start)] = std::min(best[mask | (1 << start)], best[mask] + captures);
    }
  }
  if (least == Unreachable) return std::nullopt;
  return least;
}

std::optional<std::string> kings(const Position& pos) {
  for (Color c : {White, Black}) {
    const int n = popcount(pos.pieces(c, King));
    if (n != 1) return name_of(c) + " has " + count_of(n, "king") + "; exactly one is needed";
  }
  return std::nullopt;
}

std::optional<std::string> side_not_to_move_in_check(const Position& pos) {
  const Color mover = pos.side_to_move();
  if (pos.attacked_by(mover, pos.king_square(~mover)))
    return name_of(~mover) + " is in check with " + name_of(mover) + " to move";
  return std::nullopt;
}

std::optional<std::string> pawn_on_back_rank(const Position& pos) {
  const Bitboard wrong = pos.pieces(Pawn) & (rank_bb(0) | rank_bb(7));
  if (!wrong) return std::nullopt;
  const Square s = lsb(wrong);
  return "a " + name_of(color_of(pos.piece_on(s))) + " pawn stands on " + square_name(s) +
         "; pawns cannot stand on the first or last rank";
}

std::optional<std::string> pawn_count(const Position& pos) {
  for (Color c : {White, Black}) {
    const int n = popcount(pos.pieces(c, Pawn));
    if (n > 8) return name_of(c) + " has " + count_of(n, "pawn");
  }
  return std::nullopt;
}

std::optional<std::string> promoted_units_check(const Position& pos) {
  for (Color c : {White, Black}) {
    const int promoted = promoted_units(pos, c);
    const int missing_pawns = 8 - popcount(pos.pieces(c, Pawn));
    if (promoted > missing_pawns)
      return name_of(c) + " has " + count_of(promoted, "unit") + " beyond the initial set but only " +
             count_of(missing_pawns, "pawn") + " missing to have promoted";
  }
  return std::nullopt;
}

std::optional<std::string> pawn_captures(const Position& pos) {
  for (Color c : {White, Black}) {
    const std::optional<int> captures = least_pawn_captures(pos, c, promoted_units(pos, c));
    if (!captures)
      return name_of(c) + "'s pawns (and promoted units) cannot all have come from different files";
    const int missing = 16 - popcount(pos.pieces(~c));
    if (*captures > missing)
      return name_of(c) + "'s pawns need at least " + count_of(*captures, "capture") + " but " + name_of(~c) +
             " has only " + count_of(missing, "unit") + " missing";
  }
  return std::nullopt;
}

std::optional<std::string> castling_rights(const Position& pos) {
  const struct {
    CastlingRights right;
    Color color;
    Square king, rook;
    char letter;
  } castles[] = {{WhiteKingside, White, sq::e1, sq::h1, 'K'},
                 {WhiteQueenside, White, sq::e1, sq::a1, 'Q'},
                 {BlackKingside, Black, sq::e8, sq::h8, 'k'},
                 {BlackQueenside, Black, sq::e8, sq::a8, 'q'}};
  for (const auto& c : castles) {
    if (!pos.can_castle(c.right)) continue;
    if (pos.piece_on(c.king) != make_piece(c.color, King) || pos.piece_on(c.rook) != make_piece(c.color, Rook))
      return std::string("castling right '") + c.letter + "' needs the " + name_of(c.color) + " king on " +
             square_name(c.king) + " and a " + name_of(c.color) + " rook on " + square_name(c.rook);
  }
  return std::nullopt;
}

std::optional<std::string> en_passant(const Position& pos) {
  const Square ep = pos.en_passant_square();
  if (ep == NoSquare) return std::nullopt;
  // The side that just moved made a double step over ep: from behind it to in front of it.
  const Color mover = ~pos.side_to_move();
  const int forward = mover == White ? 8 : -8;
  if (relative_rank(mover, ep) == 2 && pos.empty(ep) && pos.empty(ep - forward) &&
      pos.piece_on(ep + forward) == make_piece(mover, Pawn))
    return std::nullopt;
  return "en passant square " + square_name(ep) + " needs an empty " + square_name(ep) + " on the " +
         (mover == White ? "third" : "sixth") + " rank, an empty square behind it and a " + name_of(mover) +
         " pawn just moved two squares past it";
}

struct NamedCheck {
  std::string name;
  Check check;
};

const std::vector<NamedCheck>& checks() {
  static const std::vector<NamedCheck> all = {
      {"kings", kings},
      {"side-not-to-move-in-check", side_not_to_move_in_check},
      {"pawn-on-back-rank", pawn_on_back_rank},
      {"pawn-count", pawn_count},
      {"promoted-units", promoted_units_check},
      {"pawn-captures", pawn_captures},
      {"castling-rights", castling_rights},
      {"en-passant", en_passant},
  };
  return all;
}

}  // namespace

const std::vector<std::string>& legality_check_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& c : checks()) v.push_back(c.name);
    return v;
  }();
  return names;
}

std::optional<Illegality> first_illegality(const Position& pos) {
  for (const auto& c : checks())
    if (std::optional<std::string> detail = c.check(pos)) return Illegality{c.name, *detail};
  return std::nullopt;
}

}  // namespace arbiter::compose
