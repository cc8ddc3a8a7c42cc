#include "rules/fairy/variant.h"

#include <cctype>

namespace arbiter::fairy {

int Variant::kind_of(char letter) const {
  const char up = char(std::toupper(static_cast<unsigned char>(letter)));
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].letter == up) return int(k);
  return -1;
}

std::shared_ptr<const Variant> Variant::orthodox() {
  static const std::shared_ptr<const Variant> v = [] {
    auto o = std::make_shared<Variant>();
    o->name = "fairy";
    o->kinds = {
        {"pawn", 'P', parse_walk("mfWcfF"), false, true}, {"knight", 'N', parse_walk("N"), false, false},
        {"bishop", 'B', parse_walk("B"), false, false},   {"rook", 'R', parse_walk("R"), false, false},
        {"queen", 'Q', parse_walk("Q"), false, false},    {"king", 'K', parse_walk("K"), true, false},
    };
    o->promotions = {4, 3, 2, 1};  // Q R B N
    o->castling_king = 5;
    o->castling_rook = 3;
    o->start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    return o;
  }();
  return v;
}

}  // namespace arbiter::fairy
