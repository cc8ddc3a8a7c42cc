#include "rules/notation/popeye.h"

#include <cctype>
#include <vector>

#include "rules/core/fen.h"
#include "rules/orthodox/movegen.h"

namespace arbiter {

std::string popeye_code_uci(std::string_view code) {
  std::string out;
  for (const char c : code) out.push_back(char(std::tolower(static_cast<unsigned char>(c))));
  if (out.size() == 1 && std::string_view("qrbn").find(out[0]) != std::string_view::npos) out.push_back('_');
  return out;
}

namespace {

bool is_mark_char(char c) { return c == '+' || c == '#' || c == '!' || c == '?'; }

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// "c5*d6 ep." -> "c5*d6": the qualifier is optional on input.
std::string without_ep(std::string text) {
  constexpr std::string_view Ep = " ep.";
  if (text.size() >= Ep.size() && text.compare(text.size() - Ep.size(), Ep.size(), Ep) == 0) text.resize(text.size() - Ep.size());
  return text;
}

}  // namespace

char popeye_letter(PieceType type) { return " PSBRQK"[type]; }

PieceType popeye_piece_type(char letter) {
  switch (std::toupper(static_cast<unsigned char>(letter))) {
    case 'K': return King;
    case 'Q': return Queen;
    case 'R': return Rook;
    case 'B': return Bishop;
    case 'S': return Knight;
    case 'P': return Pawn;
    default: return NoPieceType;
  }
}

std::string to_popeye(const Position& pos, Move m, PopeyeMarks marks, const orthodox::Options& options) {
  std::string text;
  if (m.kind() == MoveKind::Castling) {
    text = file_of(m.to()) > file_of(m.from()) ? "0-0" : "0-0-0";
  } else {
    const PieceType type = type_of(pos.piece_on(m.from()));
    const bool capture = m.kind() == MoveKind::EnPassant || !pos.empty(m.to());
    if (type != Pawn) text += popeye_letter(type);
    text += square_name(m.from());
    text += capture ? '*' : '-';
    text += square_name(m.to());
    if (m.is_promotion()) {
      text += '=';
      text += popeye_letter(m.promotion());
    }
    if (m.kind() == MoveKind::EnPassant) text += " ep.";
  }
  if (marks == PopeyeMarks::With) {
    Position after = pos;
    after.make(m);
    if (after.in_check()) text += orthodox::count_legal(after, options) == 0 ? " #" : " +";
  }
  return text;
}

std::string normalize_popeye(std::string_view text) {
  auto parts = words(text);
  while (!parts.empty() && parts.back().find_first_not_of("+#!?") == std::string_view::npos) parts.pop_back();
  if (!parts.empty()) {
    auto& last = parts.back();
    while (!last.empty() && is_mark_char(last.back())) last.remove_suffix(1);
    if (last.empty()) parts.pop_back();
  }
  std::string out;
  for (auto p : parts) {
    if (!out.empty()) out += ' ';
    out += p;
  }
  return out;
}

std::optional<Move> parse_popeye(const Position& pos, std::string_view text, const orthodox::Options& options) {
  const std::string normal = normalize_popeye(text);
  std::string wanted = without_ep(normal);
  const bool claims_en_passant = wanted.size() != normal.size();
  if (wanted == "O-O") wanted = "0-0";
  if (wanted == "O-O-O") wanted = "0-0-0";
  if (wanted.empty()) return std::nullopt;
  MoveList<> legal;
  orthodox::generate_legal(pos, legal, options);
  for (Move m : legal) {
    if (claims_en_passant && m.kind() != MoveKind::EnPassant) continue;
    if (without_ep(to_popeye(pos, m, PopeyeMarks::Without, options)) == wanted) return m;
  }
  return std::nullopt;
}

}  // namespace arbiter
