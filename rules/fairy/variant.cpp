#include "rules/fairy/variant.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "rules/core/text.h"
#include "rules/fairy/piece_table.h"

namespace arbiter::fairy {

int Variant::kind_of(char letter) const {
  const char up = char(std::toupper(static_cast<unsigned char>(letter)));
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].code.empty() && kinds[k].letter == up) return int(k);
  return -1;
}

int Variant::kind_of_code(std::string_view code) const {
  const std::string wanted = lowercase(code);
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (!kinds[k].code.empty() && kinds[k].code == wanted) return int(k);
  return -1;
}

std::string Variant::symbol(int kind, Color side) const {
  const PieceKind& k = kinds[std::size_t(kind)];
  std::string out;
  if (k.code.empty()) {
    out.push_back(side == White ? k.letter : char(std::tolower(static_cast<unsigned char>(k.letter))));
    return out;
  }
  out.push_back('(');
  for (const char c : k.code) out.push_back(side == White ? char(std::toupper(static_cast<unsigned char>(c))) : c);
  out.push_back(')');
  return out;
}

std::string Variant::san_symbol(int kind) const {
  const PieceKind& k = kinds[std::size_t(kind)];
  if (k.code.empty()) return std::string(1, k.letter);
  std::string out;
  for (const char c : k.code) out.push_back(char(std::toupper(static_cast<unsigned char>(c))));
  out.push_back('_');
  return out;
}

std::shared_ptr<const Variant> Variant::with_code(std::shared_ptr<const Variant> v, std::string_view code) {
  if (v->kind_of_code(code) >= 0) return v;
  const auto entry = popeye_piece(code);
  if (!entry) throw std::invalid_argument("no fairy piece of Popeye's code '" + std::string(code) + "' here");
  auto out = std::make_shared<Variant>(*v);
  PieceKind k;
  k.name = std::string(entry->name);
  k.code = lowercase(code);
  const auto alpha = std::find_if(k.code.begin(), k.code.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  k.letter = alpha == k.code.end() ? '*' : char(std::toupper(static_cast<unsigned char>(*alpha)));
  k.orphan = entry->orphan;
  if (!k.orphan) k.walk = parse_walk(entry->walk);
  out->kinds.push_back(std::move(k));
  // Pawns promote to it too: Popeye's convention, the orthodox four and every other walk the
  // problem holds (its promotee sequence: neither pawns nor kings).
  out->promotions.push_back(int(out->kinds.size()) - 1);
  return out;
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
