#include "rules/fairy/game.h"

#include <algorithm>
#include <cctype>

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"

namespace arbiter::fairy {

namespace {

std::shared_ptr<const Variant>& definition_in_effect() {
  static std::shared_ptr<const Variant> definition = Variant::orthodox();
  return definition;
}

}  // namespace

void Game::use_definition(std::shared_ptr<const Variant> definition) {
  definition_in_effect() = definition ? std::move(definition) : Variant::orthodox();
}

std::shared_ptr<const Variant> Game::definition() { return definition_in_effect(); }

Game Game::from_fen(std::shared_ptr<const Variant> base, std::string_view fen, const SourceLocation& where, const Options& options) {
  // The codes of the placement field, each a kind added to the base's in order of appearance;
  // then the attributed copies "(r:G)" asks for (after every plain kind: a royal pawn promotes to
  // the royal copies of them all).
  std::shared_ptr<const Variant> v = std::move(base);
  const std::size_t placement_end = std::min(fen.find(' '), fen.size());
  for (const bool attribute_pass : {false, true})
    for (std::size_t i = fen.find('('); i < placement_end; i = fen.find('(', i + 1)) {
      const std::size_t close = fen.find(')', i);
      if (close == std::string_view::npos || close > placement_end) break;  // the board's reader says what is wrong
      std::string_view code = fen.substr(i + 1, close - i - 1);
      const std::size_t colon = code.find(':');
      std::string attributes(colon == std::string_view::npos ? std::string_view() : code.substr(0, colon));
      std::erase(attributes, 'n');  // neutral: a colour, not a kind
      if (colon != std::string_view::npos) code.remove_prefix(colon + 1);
      try {
        if (!attribute_pass && v->kind_of_popeye_code(code) < 0) v = Variant::with_code(v, code);
        if (attribute_pass && !attributes.empty()) v = Variant::with_attributes(v, v->kind_of_popeye_code(code), attributes);
      } catch (const std::invalid_argument& e) {
        throw ParseError(where.advanced(int(i)), std::string("expected ") +
                                                     (attribute_pass ? std::string(e.what()) : "a fairy piece code of Popeye's that Arbiter has (rules/fairy/piece_table.cpp)") +
                                                     ", found '" + std::string(fen.substr(i, close - i + 1)) + "' in FEN '" + std::string(fen) + "'");
      }
    }
  return with(std::move(v), fen, where, options);
}

Game Game::with(std::shared_ptr<const Variant> variant, std::string_view fen, const SourceLocation& where, const Options& options) {
  Game game(Board::from_fen(std::move(variant), fen, where, options));
  const Board& b = game.board_;
  for (int sq = 0; sq < b.squares(); ++sq) {
    const Man m = b.at(sq);
    const int rank = b.rank_of(sq);
    if (!m.empty() && b.variant().kinds[std::size_t(m.kind())].pawn && (rank == 0 || rank == b.ranks() - 1))
      throw ParseError(where, "expected no pawn on the first or last rank in FEN '" + std::string(fen) + "'");
  }
  if (royal_attacked(b, ~b.side_to_move()))
    throw ParseError(where, "expected the side not to move out of check in FEN '" + std::string(fen) + "'");
  return game;
}

std::string Game::square_name(int sq) const {
  std::string out(1, char('a' + board_.file_of(sq)));
  out.append(std::to_string(board_.rank_of(sq) + 1));
  return out;
}

std::string Game::move_uci(const FairyMove& m) const {
  std::string out = square_name(m.from);
  out.append(square_name(m.to));
  if (m.promotion) {  // the kind's letter, or a coded kind's code ("g7g8nh": the nightrider hopper)
    const PieceKind* promotee = &board_.variant().kinds[m.promotion - 1u];
    // A chameleon promotee, a choice beside the plain one: 'c' first ("g7g8cb"); a royal pawn's
    // promotee is royal without a choice, and written as its base.
    if (promotee->base >= 0) {
      if (promotee->attributes.find('c') != std::string::npos) out.push_back('c');
      promotee = &board_.variant().kinds[std::size_t(promotee->base)];
    }
    const PieceKind& k = *promotee;
    out += k.code.empty() ? std::string(1, char(std::tolower(static_cast<unsigned char>(k.letter)))) : popeye_code_uci(k.code);
  }
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
      out.append(board_.variant().san_symbol(m.promotion - 1));
    }
  } else {
    if (mover.neutral()) out.push_back('n');  // a neutral man: Popeye's 'n' first
    out.append(board_.variant().san_symbol(mover.kind()));
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

std::vector<std::string> Game::rank_rows() const {
  std::vector<std::string> rows;
  for (int r = board_.ranks() - 1; r >= 0; --r) {
    std::string row;
    for (int f = 0; f < board_.files(); ++f) {
      const Man m = board_.at(board_.square(f, r));
      const char letter = m.empty() ? '.' : board_.variant().kinds[std::size_t(m.kind())].letter;
      row += m.color() == Black && !m.neutral() ? char(std::tolower(static_cast<unsigned char>(letter))) : letter;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::optional<Position> Game::orthodox_position() const {
  if (board_.files() != 8 || board_.ranks() != 8) return std::nullopt;
  // Every kind the board holds must be an orthodox one: its letter and its walk.
  const auto& orthodox = Variant::orthodox()->kinds;
  for (int sq = 0; sq < 64; ++sq) {
    const Man m = board_.at(sq);
    if (m.empty()) continue;
    const PieceKind& k = board_.variant().kinds[std::size_t(m.kind())];
    const bool same = std::any_of(orthodox.begin(), orthodox.end(), [&](const PieceKind& o) {
      return o.letter == k.letter && o.walk.text == k.walk.text && o.royal == k.royal && o.pawn == k.pawn;
    });
    if (!same) return std::nullopt;
  }
  FenOptions relaxed;
  relaxed.orthodox_legality = false;
  return read_fen(board_.fen(), {"<fairy board>", 1, 1}, relaxed);
}

bool Game::has_legal_move() const {
  FairyMoveList candidates;
  fairy::generate_candidates(board_, candidates);
  const CertainlyLegal certainly_legal(board_);
  for (const auto& m : candidates)
    if (certainly_legal(board_, m)) return true;
  for (const auto& m : candidates)
    if (!certainly_legal(board_, m) && !fairy::rejecting_predicate(board_, m)) return true;
  return false;
}

GameStatus Game::status() const {
  const bool check = in_check();
  if (!has_legal_move()) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
  return check ? GameStatus::Check : GameStatus::Ongoing;
}

}  // namespace arbiter::fairy
