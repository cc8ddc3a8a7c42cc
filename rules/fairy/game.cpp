#include "rules/fairy/game.h"

#include <cctype>

namespace arbiter::fairy {

std::string Game::square_name(int sq) const {
  std::string out(1, char('a' + board_.file_of(sq)));
  out.append(std::to_string(board_.rank_of(sq) + 1));
  return out;
}

std::string Game::move_uci(const FairyMove& m) const {
  std::string out = square_name(m.from);
  out.append(square_name(m.to));
  if (m.promotion) out += char(std::tolower(static_cast<unsigned char>(board_.variant().kinds[m.promotion - 1u].letter)));
  return out;
}

std::string Game::move_text(const FairyMove& m) const {
  std::string out;
  const Man mover = board_.at(m.from);
  const PieceKind& kind = board_.variant().kinds[std::size_t(mover.kind())];
  const bool capture = (m.flags & FairyMove::EnPassant) || !board_.at(m.to).empty();
  if (m.flags & FairyMove::Castling) {
    out = board_.file_of(m.to) > board_.file_of(m.from) ? "O-O" : "O-O-O";
  } else if (kind.pawn) {
    if (capture) {
      out.push_back(char('a' + board_.file_of(m.from)));
      out.push_back('x');
    }
    out.append(square_name(m.to));
    if (m.promotion) {
      out.push_back('=');
      out.push_back(board_.variant().kinds[m.promotion - 1u].letter);
    }
  } else {
    out = std::string(1, kind.letter);
    // Disambiguation: by file, else by rank, else both, among the same kind's legal moves to `to`.
    FairyMoveList legal;
    generate_legal(legal);
    bool other = false, same_file = false, same_rank = false;
    for (const auto& o : legal)
      if (o.to == m.to && o.from != m.from && board_.at(o.from) == mover && !(o.flags & FairyMove::Castling)) {
        other = true;
        same_file = same_file || board_.file_of(o.from) == board_.file_of(m.from);
        same_rank = same_rank || board_.rank_of(o.from) == board_.rank_of(m.from);
      }
    if (other) {
      if (!same_file) out += char('a' + board_.file_of(m.from));
      else if (!same_rank) out += std::to_string(board_.rank_of(m.from) + 1);
      else out += square_name(m.from);
    }
    if (capture) out += 'x';
    out += square_name(m.to);
  }
  board_.make(m);
  if (royal_attacked(board_, board_.side_to_move())) out += has_legal_move() ? "+" : "#";
  board_.unmake();
  return out;
}

FairyMove Game::parse_move(std::string_view text, const SourceLocation& where) const {
  std::string written(text);
  while (!written.empty() && std::string_view("+#!? ").find(written.back()) != std::string_view::npos) written.pop_back();
  for (char& c : written)
    if (c == '0') c = 'O';  // 0-0 as O-O (no square of a board has a zero rank)
  FairyMoveList legal;
  generate_legal(legal);
  for (const auto& m : legal) {
    std::string san = move_text(m);
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    if (san == written || move_uci(m) == written) return m;
  }
  throw ParseError(where, "illegal move " + std::string(text) + ": no legal move of the position is written so");
}

bool Game::has_legal_move() const {
  FairyMoveList candidates;
  fairy::generate_candidates(board_, candidates);
  for (const auto& m : candidates)
    if (!fairy::rejecting_predicate(board_, m)) return true;
  return false;
}

GameStatus Game::status() const {
  const bool check = in_check();
  if (!has_legal_move()) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
  return check ? GameStatus::Check : GameStatus::Ongoing;
}

}  // namespace arbiter::fairy
