#include "rules/timetravel/notation.h"

#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/notation/san.h"
#include "rules/timetravel/check.h"
#include "rules/timetravel/movegen.h"

namespace arbiter::timetravel {

namespace {

constexpr std::string_view Letters = " PNBRQK";

char letter(PieceType t) { return Letters[t]; }

PieceType piece_letter(char c) {
  const auto i = Letters.find(c);
  return i == std::string_view::npos || i < 2 ? NoPieceType : PieceType(i);
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

// What the text says, each part optional unless the form needs it.
struct Shape {
  MoveKind kind = MoveKind::Normal;
  bool queenside = false;
  PieceType piece = NoPieceType;  // NoPieceType: unwritten (a pawn for normal moves)
  int from_file = -1, from_rank = -1;
  int to_file = -1, to_rank = -1;  // a pawn capture may give only the file ("gf")
  PieceType promotion = NoPieceType;
  bool capture = false;
};

class ShapeReader {
 public:
  ShapeReader(std::string_view text, const SourceLocation& where) : text_(text), where_(where) {}

  Shape read() {
    std::string_view t = text_;
    while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
    if (t.ends_with("e.p.")) {
      t.remove_suffix(4);
      while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    }
    Shape s;
    if (t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0") {
      s.kind = MoveKind::Castling;
      s.queenside = t.size() == 5;
      return s;
    }
    if (t.empty()) fail(0, "expected a move");
    std::size_t i = 0;
    if (piece_letter(t[0])) s.piece = piece_letter(t[i++]);
    const auto slash = t.find('/');
    if (slash != std::string_view::npos) {
      const bool double_slash = slash + 1 < t.size() && t[slash + 1] == '/';
      s.kind = double_slash ? MoveKind::Annihilation : MoveKind::Explosion;
      square(t, i, slash, s.from_file, s.from_rank, "the explosion or resonator square (e.g. f6 in Nf6/e8, d2 in d2//d4)");
      std::size_t j = slash + (double_slash ? 2 : 1);
      if (j < t.size() && (t[j] == 'x' || t[j] == ':')) {
        s.capture = true;
        ++j;
      }
      std::size_t end = t.find('=', j);
      if (end == std::string_view::npos) end = t.size();
      square(t, j, end, s.to_file, s.to_rank, "the destination square after the slash");
      promotion(t, end, s);
      return s;
    }
    // SAN body: [piece] [file] [rank] [x] square [=Q], or the pawn captures "gf", "dxc".
    std::size_t end = t.find('=');
    if (end == std::string_view::npos) end = t.size();
    std::string body;
    for (std::size_t k = i; k < end; ++k) {
      if (t[k] == 'x' || t[k] == ':') {
        s.capture = true;
        continue;
      }
      if (t[k] == '-') continue;  // long algebraic e2-e4
      if (!is_file(t[k]) && !is_rank(t[k]))
        fail(int(k), fmt::format("unexpected '{}': expected a square, 'x', '/' (explosion) or '//' (annihilation)", t[k]));
      body += t[k];
    }
    if (body.size() >= 2 && is_file(body[body.size() - 2]) && is_rank(body.back())) {
      s.to_file = body[body.size() - 2] - 'a';
      s.to_rank = body.back() - '1';
      body.resize(body.size() - 2);
      for (char c : body) (is_file(c) ? s.from_file : s.from_rank) = is_file(c) ? c - 'a' : c - '1';
    } else if (s.piece == NoPieceType && body.size() == 2 && is_file(body[0]) && is_file(body[1])) {
      s.from_file = body[0] - 'a';  // "gf": the g-pawn takes on the f-file
      s.to_file = body[1] - 'a';
      s.capture = true;
    } else {
      fail(int(i), "expected a destination square");
    }
    promotion(t, end, s);
    return s;
  }

 private:
  [[noreturn]] void fail(int offset, const std::string& what) const { throw ParseError(where_.advanced(offset), what); }

  void square(std::string_view t, std::size_t begin, std::size_t end, int& file, int& rank, const char* what) const {
    if (end != begin + 2 || !is_file(t[begin]) || !is_rank(t[begin + 1])) fail(int(begin), fmt::format("expected {}", what));
    file = t[begin] - 'a';
    rank = t[begin + 1] - '1';
  }

  void promotion(std::string_view t, std::size_t at, Shape& s) const {
    if (at >= t.size()) return;
    if (at + 2 != t.size() || !piece_letter(t[at + 1]) || t[at + 1] == 'K')
      fail(int(at), "expected a promotion piece after '=' (Q, R, B or N)");
    s.promotion = piece_letter(t[at + 1]);
  }

  std::string_view text_;
  SourceLocation where_;
};

bool fits(const Board& b, const Shape& s, const Move& m) {
  if (s.kind != m.kind) return false;
  if (s.kind == MoveKind::Castling) return (m.to < m.from) == s.queenside;
  const PieceType mover = m.kind == MoveKind::Normal ? b.man_on(m.from).type : m.type;
  if (s.kind != MoveKind::Annihilation && s.piece == NoPieceType && mover != Pawn) return false;  // b8//c6 needs no letter
  if (s.piece != NoPieceType && s.piece != mover) return false;
  if (s.from_file >= 0 && file_of(m.from) != s.from_file) return false;
  if (s.from_rank >= 0 && rank_of(m.from) != s.from_rank) return false;
  if (s.to_file >= 0 && file_of(m.to) != s.to_file) return false;
  if (s.to_rank >= 0 && rank_of(m.to) != s.to_rank) return false;
  if (s.promotion != m.promotion) return false;
  if (s.kind == MoveKind::Normal && s.to_rank < 0 && file_of(m.from) == file_of(m.to)) return false;  // "gf" captures
  return true;
}

}  // namespace

std::string move_uci(const Move& m) {
  std::string out = fmt::format("{}{}{}", square_name(m.from),
                                m.kind == MoveKind::Annihilation ? "//" : m.kind == MoveKind::Explosion ? "/" : "",
                                square_name(m.to));
  if (m.promotion != NoPieceType) out += char(std::tolower(static_cast<unsigned char>(letter(m.promotion))));
  return out;
}

std::string move_body(Board& b, const Options& options, const Move& m) {
  switch (m.kind) {
    case MoveKind::Castling: return m.to > m.from ? "O-O" : "O-O-O";
    case MoveKind::Annihilation: return fmt::format("{}//{}", square_name(m.from), square_name(m.to));
    case MoveKind::Explosion: {
      std::string out = fmt::format("{}{}/{}", m.type == Pawn ? "" : std::string(1, letter(m.type)), square_name(m.from),
                                    square_name(m.to));
      if (m.promotion != NoPieceType) out += fmt::format("={}", letter(m.promotion));
      return out;
    }
    case MoveKind::Normal: break;
  }
  const PieceType mover = b.man_on(m.from).type;
  const bool capture = m.en_passant || !b.empty(m.to);
  std::string out;
  if (mover == Pawn) {
    if (capture) out += fmt::format("{}x", char('a' + file_of(m.from)));
  } else {
    out += letter(mover);
    // Disambiguated among the legal moves of the same type to the same square: only those
    // candidates are judged (legality needs the grammar, the costly part of generation).
    MoveList candidates;
    generate_candidates(b, options, candidates);
    bool same_file = false, same_rank = false, other = false;
    for (const Move& r : candidates) {
      if (r.kind != MoveKind::Normal || r.to != m.to || r.from == m.from || b.man_on(r.from).type != mover) continue;
      if (first_failed_predicate(b, options, r)) continue;
      other = true;
      same_file |= file_of(r.from) == file_of(m.from);
      same_rank |= rank_of(r.from) == rank_of(m.from);
    }
    if (other) {
      if (!same_file) out += char('a' + file_of(m.from));
      else if (!same_rank) out += char('1' + rank_of(m.from));
      else out += square_name(m.from);
    }
    if (capture) out += 'x';
  }
  out += square_name(m.to);
  if (m.promotion != NoPieceType) out += fmt::format("={}", letter(m.promotion));
  return out;
}

std::string move_text(Board& b, const Options& options, const Move& m) {
  std::string out = move_body(b, options, m);
  const Color us = b.side_to_move();
  b.make(m, m.kind == MoveKind::Explosion ? explosion_support_ids(b, options, m.type, m.from) : std::vector<ManId>{});
  if (!grammatically_incorrect(b, ~us, options) && in_check(b, ~us, options))
    out += escape_exists(b, options) ? "+" : "++";
  b.unmake();
  return out;
}

Move parse_move(Board& b, const Options& options, std::string_view text, const SourceLocation& where) {
  const Shape shape = ShapeReader(text, where).read();
  MoveList candidates;
  generate_candidates(b, options, candidates);
  std::vector<Move> matching;
  for (const Move& m : candidates)
    if (fits(b, shape, m)) matching.push_back(m);
  if (matching.empty())
    throw IllegalMoveError(where, fmt::format("{}: no {} man can make this move", text, b.side_to_move() == White ? "White" : "Black"));
  std::vector<Move> legal;
  std::optional<Rejection> first_rejection;
  for (const Move& m : matching) {
    auto r = first_failed_predicate(b, options, m);
    if (!r) legal.push_back(m);
    else if (!first_rejection) first_rejection = r;
  }
  if (legal.size() == 1) return legal.front();
  if (legal.empty())
    throw IllegalMoveError(where, fmt::format("{} is illegal: {} ({})", text, first_rejection->detail, first_rejection->predicate),
                           std::string(first_rejection->predicate));
  // A promotion written without its piece is not accepted as a queen by default: ambiguous.
  std::string options_text;
  for (const Move& m : legal) options_text += fmt::format("{}{}", options_text.empty() ? "" : ", ", move_body(b, options, m));
  throw ParseError(where, fmt::format("{} is ambiguous: it fits {}", text, options_text));
}

}  // namespace arbiter::timetravel
