#include "solver/correct/edit.h"

#include <cstdio>

#include <fmt/core.h>

#include "rules/core/fen.h"

namespace arbiter::correct {

std::string_view edit_kind_name(EditKind k) {
  switch (k) {
    case EditKind::Add: return "add";
    case EditKind::Remove: return "remove";
    case EditKind::Move: return "move";
    case EditKind::Change: return "change";
    case EditKind::Tokens: return "tokens";
  }
  return "?";
}

namespace {

bool is_white(char piece) { return piece >= 'A' && piece <= 'Z'; }
char upper(char piece) { return is_white(piece) ? piece : char(piece - 'a' + 'A'); }
std::string unit(char piece) { return fmt::format("{}{}", is_white(piece) ? 'w' : 'b', upper(piece)); }

}  // namespace

Bitboard Edit::touched() const {
  Bitboard b = 0;
  if (from != NoSquare) b |= square_bb(from);
  if (to != NoSquare) b |= square_bb(to);
  return b;
}

std::string edit_text(const Edit& e) {
  switch (e.kind) {
    case EditKind::Add: return fmt::format("+{}{}", unit(e.piece), square_name(e.to));
    case EditKind::Remove: return fmt::format("-{}{}", unit(e.piece), square_name(e.from));
    case EditKind::Move: return fmt::format("{}{}->{}", upper(e.piece), square_name(e.from), square_name(e.to));
    case EditKind::Change: return fmt::format("{}{}={}", unit(e.piece), square_name(e.from), unit(e.becomes));
    case EditKind::Tokens:
      return fmt::format("{}Tokens:{}->{}", e.side == White ? 'w' : 'b', e.tokens_from, e.tokens_to);
  }
  return "?";
}

Diagram Diagram::from_fen(const std::string& fen) {
  Diagram d;
  d.board.fill('.');
  std::size_t i = 0;
  int rank = 7, file = 0;
  for (; i < fen.size() && fen[i] != ' '; ++i) {
    const char c = fen[i];
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else if (rank >= 0 && file < 8) {
      d.board[std::size_t(make_square(file++, rank))] = c;
    }
  }
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (i > start) d.fields.push_back(fen.substr(start, i - start));
  }
  if (d.fields.size() >= 6) {
    int w = -1, b = -1;
    if (std::sscanf(d.fields[5].c_str(), "%d/%d", &w, &b) == 2 && w >= 0 && b >= 0) d.tokens = std::array<int, 2>{w, b};
  }
  return d;
}

std::string Diagram::fen() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[std::size_t(make_square(file, rank))];
      if (c == '.') {
        ++gap;
        continue;
      }
      if (gap) out.push_back(char('0' + gap));
      gap = 0;
      out.push_back(c);
    }
    if (gap) out.push_back(char('0' + gap));
    if (rank) out.push_back('/');
  }
  for (std::size_t f = 0; f < fields.size(); ++f) {
    out.push_back(' ');
    if (f == 5 && tokens) out += fmt::format("{}/{}", (*tokens)[White], (*tokens)[Black]);
    else out += fields[f];
  }
  return out;
}

Bitboard Diagram::occupied() const {
  Bitboard b = 0;
  for (Square s = 0; s < 64; ++s)
    if (board[std::size_t(s)] != '.') b |= square_bb(s);
  return b;
}

int Diagram::units() const {
  int n = 0;
  for (char c : board) n += c != '.';
  return n;
}

Square Diagram::king(Color c) const {
  for (Square s = 0; s < 64; ++s)
    if (board[std::size_t(s)] == (c == White ? 'K' : 'k')) return s;
  return NoSquare;
}

void Diagram::apply(const Edit& e) {
  switch (e.kind) {
    case EditKind::Add: board[std::size_t(e.to)] = e.piece; break;
    case EditKind::Remove: board[std::size_t(e.from)] = '.'; break;
    case EditKind::Move:
      board[std::size_t(e.to)] = board[std::size_t(e.from)];
      board[std::size_t(e.from)] = '.';
      break;
    case EditKind::Change: board[std::size_t(e.from)] = e.becomes; break;
    case EditKind::Tokens:
      if (tokens) (*tokens)[e.side] = e.tokens_to;
      return;
  }
  // Castling: a right stays only with its king and rook at home.
  if (fields.size() >= 2 && fields[1] != "-") {
    std::string kept;
    for (char c : fields[1]) {
      const bool white = c == 'K' || c == 'Q';
      const Square king = white ? sq::e1 : sq::e8;
      const Square rook = (c == 'K') ? sq::h1 : (c == 'Q') ? sq::a1 : (c == 'k') ? sq::h8 : sq::a8;
      if (board[std::size_t(king)] == (white ? 'K' : 'k') && board[std::size_t(rook)] == (white ? 'R' : 'r')) kept.push_back(c);
    }
    if (kept.empty()) kept.push_back('-');
    fields[1] = std::move(kept);
  }
  // En passant: the square empty, the square behind it empty, the pawn that passed in front.
  if (fields.size() >= 3 && fields[2] != "-") {
    const Square ep = parse_square(fields[2]);
    const bool white_to_move = to_move() == White;
    bool fits = ep != NoSquare && board[std::size_t(ep)] == '.';
    if (fits) {
      const Square behind = white_to_move ? ep + 8 : ep - 8;
      const Square pawn = white_to_move ? ep - 8 : ep + 8;
      fits = behind >= 0 && behind < 64 && pawn >= 0 && pawn < 64 && board[std::size_t(behind)] == '.' &&
             board[std::size_t(pawn)] == (white_to_move ? 'p' : 'P');
    }
    if (!fits) fields[2].assign(1, '-');
  }
}

Bitboard unit_attacks(char piece, Square s, Bitboard occupied) {
  const bool white = is_white(piece);
  switch (upper(piece)) {
    case 'P': return pawn_attacks(white ? White : Black, s);
    case 'N': return knight_attacks(s);
    case 'B': return bishop_attacks(s, occupied);
    case 'R': return rook_attacks(s, occupied);
    case 'Q': return queen_attacks(s, occupied);
    case 'K': return king_attacks(s);
    default: return 0;
  }
}

}  // namespace arbiter::correct
