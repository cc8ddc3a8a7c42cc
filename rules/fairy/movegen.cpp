#include "rules/fairy/movegen.h"

#include <algorithm>

#include "rules/fairy/walk_moves.h"

namespace arbiter::fairy {

namespace {

// What stands on (file, rank) as `side` sees it; `as_other`: a square taken to hold a man of the
// other side (the square whose attack is asked, or the en passant square for a capture onto it).
Occupant seen(const Board& b, int file, int rank, Color side, int as_other = Board::NoSquare) {
  const int sq = b.square(file, rank);
  if (sq == as_other) return Occupant::Other;
  const Man m = b.at(sq);
  return m.empty() ? Occupant::Empty : m.color() == side ? Occupant::Own : Occupant::Other;
}

void add_pawn_moves(const Board& b, int from, const Landing& l, FairyMoveList& out) {
  const Color side = b.side_to_move();
  const int to = b.square(l.file, l.rank);
  const int last = side == White ? b.ranks() - 1 : 0;
  if (l.rank == last) {
    const bool orthodox_four = b.options().promotion == Promotion::OrthodoxFour;
    for (int k : b.variant().promotions)
      if (!orthodox_four || b.variant().kinds[std::size_t(k)].code.empty()) out.push(FairyMove{std::uint8_t(from), std::uint8_t(to), std::uint8_t(k + 1), FairyMove::Plain});
    return;
  }
  out.push(FairyMove{std::uint8_t(from), std::uint8_t(to), 0, FairyMove::Plain});
  // The double step: from the pawn's second rank, one more step of the same vector, both empty.
  const int second = side == White ? 1 : b.ranks() - 2;
  if (l.capture || b.rank_of(from) != second) return;
  const int f2 = 2 * l.file - b.file_of(from), r2 = 2 * l.rank - b.rank_of(from);
  if (f2 < 0 || f2 >= b.files() || r2 < 0 || r2 >= b.ranks() || r2 == last) return;
  if (b.at(b.square(f2, r2)).empty()) out.push(FairyMove{std::uint8_t(from), std::uint8_t(b.square(f2, r2)), 0, FairyMove::DoubleStep});
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
    if (b.at(corner) != Man::of(side, v.castling_rook)) continue;
    bool clear = true;
    for (int sq = std::min(from, corner) + 1; sq < std::max(from, corner); ++sq) clear = clear && b.at(sq).empty();
    if (clear) out.push(FairyMove{std::uint8_t(from), std::uint8_t(king_side ? from + 2 : from - 2), 0, FairyMove::Castling});
  }
}

}  // namespace

void generate_candidates(const Board& b, FairyMoveList& out) {
  const Color side = b.side_to_move();
  const Variant& v = b.variant();
  for (int from = 0; from < b.squares(); ++from) {
    const Man m = b.at(from);
    if (m.empty() || m.color() != side) continue;
    const PieceKind& kind = v.kinds[std::size_t(m.kind())];
    const int file = b.file_of(from), rank = b.rank_of(from);
    auto at = [&](int f, int r) { return seen(b, f, r, side); };
    walk_landings(kind.walk, file, rank, side == Black, b.files(), b.ranks(), at, [&](const Landing& l) {
      if (kind.pawn) add_pawn_moves(b, from, l, out);
      else out.push(FairyMove{std::uint8_t(from), std::uint8_t(b.square(l.file, l.rank)), 0, FairyMove::Plain});
    });
    if (kind.pawn && b.en_passant() != Board::NoSquare) {
      const int ep = b.en_passant();
      auto onto_ep = [&](int f, int r) { return seen(b, f, r, side, ep); };
      walk_landings(kind.walk, file, rank, side == Black, b.files(), b.ranks(), onto_ep, [&](const Landing& l) {
        if (l.capture && b.square(l.file, l.rank) == ep && b.at(ep).empty())
          out.push(FairyMove{std::uint8_t(from), std::uint8_t(ep), 0, FairyMove::EnPassant});
      });
    }
    if (m.kind() == v.castling_king) add_castling(b, from, out);
  }
}

bool attacked(const Board& b, int sq, Color by) {
  const int tf = b.file_of(sq), tr = b.rank_of(sq);
  bool hit = false;
  for (int from = 0; from < b.squares() && !hit; ++from) {
    const Man m = b.at(from);
    if (m.empty() || m.color() != by || from == sq) continue;
    auto at = [&](int f, int r) { return seen(b, f, r, by, sq); };
    walk_landings(b.variant().kinds[std::size_t(m.kind())].walk, b.file_of(from), b.rank_of(from), by == Black, b.files(), b.ranks(), at,
                  [&](const Landing& l) { hit = hit || (l.capture && l.file == tf && l.rank == tr); });
  }
  return hit;
}

bool royal_attacked(const Board& b, Color side) {
  bool hit = false;
  b.for_each_royal(side, [&](int sq) { hit = hit || attacked(b, sq, ~side); });
  return hit;
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

}  // namespace

std::optional<std::string_view> rejecting_predicate(Board& b, const FairyMove& m) {
  const Color side = b.side_to_move();
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
  for (const auto& m : candidates)
    if (!rejecting_predicate(b, m)) out.push(m);
}

}  // namespace arbiter::fairy
