#include "rules/fairy/variant.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "rules/core/text.h"
#include "rules/fairy/piece_table.h"

namespace arbiter::fairy {

namespace {

// Popeye's English codes of the orthodox pieces and the names of the kinds they stand for.
struct OrthodoxCode {
  std::string_view code, name;
};
constexpr OrthodoxCode OrthodoxCodes[] = {{"k", "king"}, {"q", "queen"}, {"r", "rook"}, {"b", "bishop"}, {"s", "knight"}, {"p", "pawn"}};

// How an attributed copy writes its base inside "(r:...)": the base's code, or the orthodox code
// of its name, or its letter.
std::string base_code(const PieceKind& k) {
  if (!k.code.empty()) return k.code;
  for (const auto& o : OrthodoxCodes)
    if (k.name == o.name) return std::string(o.code);
  return std::string(1, char(std::tolower(static_cast<unsigned char>(k.letter))));
}

// The attribute initials in one order, each once ("cr" for "rc").
std::string canonical(std::string_view attributes) {
  std::string out;
  for (const char a : std::string_view("rchspku"))
    if (attributes.find(a) != std::string_view::npos) out.push_back(a);
  return out;
}

std::string attributed_name(std::string_view attributes, const std::string& base) {
  std::string out;
  if (attributes.find('r') != std::string_view::npos) out.append("royal ");
  if (attributes.find('c') != std::string_view::npos) out.append("chameleon ");
  if (attributes.find('h') != std::string_view::npos) out.append("half-neutral ");
  if (attributes.find('s') != std::string_view::npos) out.append("hurdle-colour-changing ");
  if (attributes.find('p') != std::string_view::npos) out.append("paralysing ");
  if (attributes.find('k') != std::string_view::npos) out.append("kamikaze ");
  if (attributes.find('u') != std::string_view::npos) out.append("uncapturable ");
  out.append(base);
  return out;
}

}  // namespace

int Variant::kind_of(char letter) const {
  const char up = char(std::toupper(static_cast<unsigned char>(letter)));
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].code.empty() && kinds[k].base < 0 && kinds[k].letter == up) return int(k);
  return -1;
}

int Variant::kind_of_code(std::string_view code) const {
  const std::string wanted = lowercase(code);
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (!kinds[k].code.empty() && kinds[k].base < 0 && kinds[k].code == wanted) return int(k);
  return -1;
}

int Variant::kind_of_popeye_code(std::string_view code) const {
  if (const int k = kind_of_code(code); k >= 0) return k;
  const std::string wanted = lowercase(code);
  for (const auto& o : OrthodoxCodes)
    if (o.code == wanted)
      for (std::size_t k = 0; k < kinds.size(); ++k)
        if (kinds[k].code.empty() && kinds[k].base < 0 && kinds[k].name == o.name) return int(k);
  return -1;
}

int Variant::attributed_kind_of(int kind, std::string_view attributes) const {
  std::string wanted = canonical(attributes);
  if (kinds[std::size_t(kind)].royal) std::erase(wanted, 'r');  // a king is royal already
  if (wanted.empty()) return kind;
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].base == kind && kinds[k].attributes == wanted) return int(k);
  return -1;
}

std::string Variant::symbol(int kind, Color side, bool neutral) const {
  const PieceKind& k = kinds[std::size_t(kind)];
  if (neutral) {  // by Popeye's code, upper case, 'n' first among the attributes
    std::string out("(n");
    if (k.base >= 0) out.append(k.attributes);
    out.push_back(':');
    out.append(uppercase(base_code(k.base >= 0 ? kinds[std::size_t(k.base)] : k)));
    out.push_back(')');
    return out;
  }
  const auto cased = [&](std::string_view text) {
    std::string out;
    for (const char c : text) out.push_back(side == White ? char(std::toupper(static_cast<unsigned char>(c))) : char(std::tolower(static_cast<unsigned char>(c))));
    return out;
  };
  if (k.base < 0 && k.code.empty()) return cased(std::string(1, k.letter));
  std::string out("(");
  // A code of digits has no case: its colour is written before ':' ("(b:16)", "(rw:16)").
  const std::string code = k.base >= 0 ? base_code(kinds[std::size_t(k.base)]) : k.code;
  const bool digits = !code.empty() && std::none_of(code.begin(), code.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  if (digits) {
    if (k.base >= 0) out.append(k.attributes);
    out.push_back(side == White ? 'w' : 'b');
    out.push_back(':');
    out.append(code);
    out.push_back(')');
    return out;
  }
  if (k.base >= 0) {
    out.append(k.attributes);
    out.push_back(':');
    out.append(cased(base_code(kinds[std::size_t(k.base)])));
  } else {
    out.append(cased(k.code));
  }
  out.push_back(')');
  return out;
}

std::string Variant::san_symbol(int kind) const {
  const PieceKind& k = kinds[std::size_t(kind)];
  if (k.base >= 0) return k.attributes + san_symbol(k.base);
  if (k.code.empty()) return std::string(1, k.letter);
  std::string out;
  for (const char c : k.code) out.push_back(char(std::toupper(static_cast<unsigned char>(c))));
  out.push_back('_');
  return out;
}

std::shared_ptr<const Variant> Variant::with_attributes(std::shared_ptr<const Variant> v, int kind, std::string_view attributes) {
  if (attributes.empty() || attributes.find_first_not_of("rchspku") != std::string_view::npos)
    throw std::invalid_argument("attribute initials r (royal), c (chameleon), h (half-neutral), s (hurdle colour changing), p "
                                "(paralysing), k (kamikaze) and u (uncapturable) before ':'");
  if (v->attributed_kind_of(kind, attributes) >= 0) return v;
  std::string wanted = canonical(attributes);
  if (v->kinds[std::size_t(kind)].royal) std::erase(wanted, 'r');
  auto out = std::make_shared<Variant>(*v);
  const auto add_copy = [&](int base) {
    if (const int k = out->attributed_kind_of(base, wanted); k >= 0) return k;
    PieceKind copy = out->kinds[std::size_t(base)];
    copy.name = attributed_name(wanted, copy.name);
    copy.royal = copy.royal || wanted.find('r') != std::string::npos;
    copy.attributes = wanted;
    copy.half_neutral = copy.half_neutral || wanted.find('h') != std::string::npos;
    copy.hurdle_colour_changing = copy.hurdle_colour_changing || wanted.find('s') != std::string::npos;
    copy.walk.hurdles_apart = copy.hurdle_colour_changing;
    copy.paralysing = copy.paralysing || wanted.find('p') != std::string::npos;
    out->has_paralysing = out->has_paralysing || copy.paralysing;
    copy.kamikaze = copy.kamikaze || wanted.find('k') != std::string::npos;
    copy.uncapturable = copy.uncapturable || wanted.find('u') != std::string::npos;
    copy.base = base;
    out->kinds.push_back(std::move(copy));
    return int(out->kinds.size()) - 1;
  };
  if (wanted.find('c') != std::string::npos) {
    // Popeye's chameleon cycle: queen, knight, bishop, rook, queen (its default sequence).
    std::vector<int> cycle;
    for (const std::string_view code : {"q", "s", "b", "r"}) {
      const int k = out->kind_of_popeye_code(code);
      if (k < 0) throw std::invalid_argument("a variant with the queen, knight, bishop and rook for a chameleon");
      cycle.push_back(k);
    }
    if (std::find(cycle.begin(), cycle.end(), kind) == cycle.end())
      throw std::invalid_argument("a queen, knight, bishop or rook as a chameleon (Popeye's cycle)");
    std::vector<int> copies;
    for (const int k : cycle) copies.push_back(add_copy(k));
    for (std::size_t i = 0; i < copies.size(); ++i) out->kinds[std::size_t(copies[i])].becomes = copies[(i + 1) % copies.size()];
    // With chameleons in the problem a pawn promotes to a queen, knight, bishop or rook plain or
    // as a chameleon (Popeye tries each promotee of its cycle once more with the attribute:
    // BEISPIEL/cham.out "2.nBg7-g8=nL=nc #").
    if (wanted == "c")
      for (const int k : copies)
        if (std::find(out->promotions.begin(), out->promotions.end(), k) == out->promotions.end()) out->promotions.push_back(k);
    return out;
  }
  const int copy = add_copy(kind);
  if (out->kinds[std::size_t(copy)].pawn) {
    std::vector<int> promotions;
    for (const int p : v->promotions) promotions.push_back(add_copy(p));
    out->kinds[std::size_t(copy)].own_promotions = std::move(promotions);
  }
  return out;
}

std::shared_ptr<const Variant> Variant::with_code(std::shared_ptr<const Variant> v, std::string_view code, bool promotee) {
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
  k.friend_ = entry->friend_;
  k.pawn = entry->pawn;
  k.royal = entry->royal;
  k.double_step = entry->double_step;
  if (!k.orphan && !entry->walk.empty()) k.walk = parse_walk(entry->walk);  // the dummy has none
  if (!entry->by_file.empty()) {
    if (v->files != 8) throw std::invalid_argument("a board of 8 files for the " + std::string(entry->name) + " (it moves as the file it stands on says)");
    auto walks = std::make_shared<std::vector<Walk>>();
    for (std::size_t at = 0; at < entry->by_file.size();) {
      const std::size_t end = std::min(entry->by_file.find(' ', at), entry->by_file.size());
      walks->push_back(parse_walk(entry->by_file.substr(at, end - at)));
      at = end + 1;
    }
    k.by_file = std::move(walks);
  }
  if (!entry->pawn_part.empty()) {
    k.pawned = std::make_shared<const PieceKind::PawnedWalks>(PieceKind::PawnedWalks{k.walk, parse_walk(entry->pawn_part), entry->pawn_part_everywhere});
    k.walk = parse_walk(std::string(entry->pawn_part) + std::string(entry->walk));
  }
  out->kinds.push_back(std::move(k));
  // Pawns promote to it too: Popeye's convention, the orthodox four and every other walk the
  // problem holds (its promotee sequence: neither pawns nor kings).
  if (promotee && !entry->pawn && !entry->royal) out->promotions.push_back(int(out->kinds.size()) - 1);
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
