#include "solver/compose/material.h"

#include <fmt/core.h>

namespace arbiter::compose {

namespace {

constexpr std::string_view Letters = " PNBRQK";

PieceType type_of_letter(char c) {
  switch (c) {
    case 'K': case 'k': return King;
    case 'Q': case 'q': return Queen;
    case 'R': case 'r': return Rook;
    case 'B': case 'b': return Bishop;
    case 'N': case 'n': case 'S': case 's': return Knight;
    case 'P': case 'p': return Pawn;
    default: return NoPieceType;
  }
}

// Units beyond the initial set can only be promoted pawns: each needs one of the 8 pawns.
int promoted_units(const std::array<int, PieceTypeCount>& n) {
  return std::max(0, n[Queen] - 1) + std::max(0, n[Rook] - 2) + std::max(0, n[Bishop] - 2) + std::max(0, n[Knight] - 2);
}

}  // namespace

std::string Material::spec() const {
  std::string out;
  for (Color c : {White, Black}) {
    if (c == Black) out += '/';
    for (PieceType t : {King, Queen, Rook, Bishop, Knight, Pawn}) out += std::string(pool[c][t], Letters[t]);
  }
  return out;
}

Material default_material() { return parse_material("KQRRBBNNPPP/KQRBNPPPPP"); }

Material parse_material(std::string_view spec, const SourceLocation& where) {
  Material m;
  const auto slash = spec.find('/');
  if (slash == std::string_view::npos || spec.find('/', slash + 1) != std::string_view::npos)
    throw ParseError(where, fmt::format("expected White's units, '/', Black's units (such as KQRBN/KPPP), found '{}'", spec));
  for (Color c : {White, Black}) {
    const std::size_t begin = c == White ? 0 : slash + 1;
    const std::string_view side = c == White ? spec.substr(0, slash) : spec.substr(slash + 1);
    const char* name = c == White ? "White" : "Black";
    auto& n = m.pool[c];
    for (std::size_t i = 0; i < side.size(); ++i) {
      const PieceType t = type_of_letter(side[i]);
      if (t == NoPieceType)
        throw ParseError(where.advanced(int(begin + i)),
                         fmt::format("expected a unit letter K, Q, R, B, N (or S) or P, found '{}'", side[i]));
      ++n[t];
    }
    const SourceLocation at = where.advanced(int(begin));
    if (n[King] != 1) throw ParseError(at, fmt::format("impossible material: {} needs exactly one king, found {}", name, n[King]));
    if (n[Pawn] > 8) throw ParseError(at, fmt::format("impossible material: {} has {} pawns (at most 8)", name, n[Pawn]));
    if (promoted_units(n) > 8 - n[Pawn])
      throw ParseError(at, fmt::format("impossible material: {} has {} units beyond the initial set but only {} missing "
                                       "pawns to have promoted them",
                                       name, promoted_units(n), 8 - n[Pawn]));
    int total = 0;
    for (int k : n) total += k;
    if (total > 16) throw ParseError(at, fmt::format("impossible material: {} has {} units (at most 16)", name, total));
    if (c == White && total < 2) throw ParseError(at, "impossible material: White needs a unit besides the king to mate");
  }
  return m;
}

}  // namespace arbiter::compose
