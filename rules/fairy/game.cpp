#include "rules/fairy/game.h"

#include <algorithm>
#include <cctype>
#include <tuple>
#include <utility>

#include "rules/core/fen.h"
#include "rules/fairy/piece_table.h"
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
      for (const char colour : {'n', 'w', 'b'}) std::erase(attributes, colour);  // colours, not kinds
      if (colon != std::string_view::npos) code.remove_prefix(colon + 1);
      try {
        if (!attribute_pass && v->kind_of_popeye_code(code) < 0) v = Variant::with_code(v, code);
        if (attribute_pass && !attributes.empty()) v = Variant::with_attributes(v, v->kind_of_popeye_code(code), attributes);
      } catch (const std::invalid_argument& e) {
        throw ParseError(where.advanced(int(i)), std::string("expected ") +
                                                     (attribute_pass || popeye_piece(code) ? std::string(e.what())
                                                                                           : "a fairy piece code of Popeye's that Arbiter has (rules/fairy/piece_table.cpp)") +
                                                     ", found '" + std::string(fen.substr(i, close - i + 1)) + "' in FEN '" + std::string(fen) + "'");
      }
    }
  return with(std::move(v), fen, where, options);
}

Game Game::with(std::shared_ptr<const Variant> variant, std::string_view fen, const SourceLocation& where, const Options& options) {
  Game game(Board::from_fen(variant, fen, where, options));
  // A marine pawn's promotions, and every pawn's beside hurdle-colour-changing men, depend on the
  // men on the board: read it again with them (kinds are only added, so the board reads the same).
  const Board& first = game.board_;
  const auto on_board = [&](int kind) { return first.count(White, kind) + first.count(Black, kind) > 0; };
  // A marine pawn promotes to an orthodox walk on the board with attributes too (Popeye's walk:
  // a paralysing queen gives "=Q").
  const auto walk_on_board = [&](int kind) {
    for (int k = 0; k < int(variant->kinds.size()); ++k)
      if ((k == kind || variant->kinds[std::size_t(k)].base == kind) && on_board(k)) return true;
    return false;
  };
  auto promoting = Variant::with_hopper_promotions(Variant::with_marine_promotions(variant, walk_on_board), on_board);
  if (promoting != variant) game.board_ = Board::from_fen(std::move(promoting), fen, where, options);
  const Board& b = game.board_;
  for (int sq = 0; sq < b.squares(); ++sq) {
    const Man m = b.at(sq);
    const int rank = b.rank_of(sq);
    if (m.empty() || !b.variant().kinds[std::size_t(m.kind())].pawn || (rank != 0 && rank != b.ranks() - 1)) continue;
    // A superpawn may stand on its own first rank and ride from it (Popeye's super.c).
    const bool own_first = !m.neutral() && rank == (m.color() == White ? 0 : b.ranks() - 1);
    if (!own_first || b.variant().kinds[std::size_t(m.kind())].double_step)
      throw ParseError(where, "expected no pawn on the first or last rank in FEN '" + std::string(fen) + "'");
  }
  if (b.variant().has_paralysing)
    for (int sq = 0; sq < b.squares(); ++sq) {
      // Whom a neutral man (of both sides) or an orphan (by borrowed walks) paralyses is not defined here yet.
      const Man m = b.at(sq);
      const PieceKind* kind = m.empty() ? nullptr : &b.variant().kinds[std::size_t(m.kind())];
      if (kind && (m.neutral() || kind->half_neutral || kind->orphan))
        throw ParseError(where, "expected no neutral or half-neutral man and no orphan beside paralysing men (not played together yet) in FEN '" +
                                    std::string(fen) + "'");
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
      if (promotee->attributes.find('s') != std::string::npos) out.push_back('s');  // hurdle colour changing: "g7g8sg"
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
  const bool capture = (m.flags & (FairyMove::EnPassant | FairyMove::Locust)) || !board_.at(m.to).empty();
  // A locust's capture names the square of the man taken, then the landing: "L_xd5-d6"; a
  // hurdle-colour-changing hop its hurdle after the landing, "sG_c5/d6" (another hurdle is another move).
  std::string target;
  if (m.flags & FairyMove::Locust) {
    target = square_name(m.victim);
    target += '-';
  }
  target += square_name(m.to);
  if (m.flags & FairyMove::HurdleSwap) {
    target += '/';
    target += square_name(m.victim);
  }
  auto promotion = [&] {
    if (!m.promotion) return;
    out.push_back('=');
    out.append(board_.variant().san_symbol(m.promotion - 1));
  };
  // Written as a pawn's: the orthodox pawn (a royal one too); a fairy pawn by its code.
  const PieceKind& plain = kind.base >= 0 ? board_.variant().kinds[std::size_t(kind.base)] : kind;
  if (m.flags & FairyMove::Castling) {
    out = board_.file_of(m.to) > board_.file_of(m.from) ? "O-O" : "O-O-O";
  } else if (kind.pawn && plain.code.empty()) {
    if (capture) {
      out.push_back(char('a' + board_.file_of(m.from)));
      out.push_back('x');
    }
    out.append(target);
    promotion();
  } else {
    if (mover.neutral()) out.push_back('n');  // a neutral man: Popeye's 'n' first
    out.append(board_.variant().san_symbol(mover.kind()));
    // Disambiguation: by file, else by rank, else both, among the same kind's legal moves to `to`.
    FairyMoveList legal;
    generate_legal(legal);
    bool other = false, same_file = false, same_rank = false;
    for (const auto& o : legal)
      if (o.to == m.to && o.victim == m.victim && o.from != m.from && board_.at(o.from) == mover && !(o.flags & FairyMove::Castling)) {
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
    out += target;
    promotion();
  }
  board_.make(m);
  if (side_in_check(board_)) out += has_legal_move() ? "+" : "#";
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

namespace {

// An orthodox kind: the letter and walk of one of orthodox chess's, royal and pawn alike.
bool orthodox_kind(const PieceKind& k) {
  const auto& orthodox = Variant::orthodox()->kinds;
  return k.code.empty() && k.base < 0 && std::any_of(orthodox.begin(), orthodox.end(), [&](const PieceKind& o) {
           return o.letter == k.letter && o.walk.text == k.walk.text && o.royal == k.royal && o.pawn == k.pawn;
         });
}

PieceType glyph_of_letter(char letter) {  // an orthodox kind's letter, English (K Q R B N P)
  switch (letter) {
    case 'K': return King;
    case 'Q': return Queen;
    case 'R': return Rook;
    case 'B': return Bishop;
    case 'N': return Knight;
    case 'P': return Pawn;
    default: return NoPieceType;
  }
}

// Popeye's LaTeX glyph ("DU": a German letter, K D T L S B, and a turn, U R L) as a glyph and a
// turn in clockwise degrees; no glyph for "I" or an unknown letter.
std::pair<PieceType, int> latex_glyph(std::string_view glyph) {
  if (glyph.empty()) return {NoPieceType, 0};
  const std::string_view german = "KDTLSB";
  static constexpr PieceType types[] = {King, Queen, Rook, Bishop, Knight, Pawn};
  const std::size_t at = german.find(glyph[0]);
  if (at == std::string_view::npos) return {NoPieceType, 0};
  const int turn = glyph.size() < 2 ? 0 : glyph[1] == 'U' ? 180 : glyph[1] == 'R' ? 90 : glyph[1] == 'L' ? 270 : 0;
  return {types[at], turn};
}

// A piece's glyph by Popeye's code, or for a variant file's piece by the Popeye piece of the same
// walk (a file's "G" of walk gQ is drawn as Popeye's grasshopper).
std::pair<PieceType, int> glyph_of(const PieceKind& plain) {
  if (!plain.code.empty()) return latex_glyph(popeye_glyph(plain.code));
  for (const PieceEntry& e : popeye_pieces())
    if (!e.walk.empty() && e.walk == plain.walk.text) return latex_glyph(popeye_glyph(e.code));
  return {NoPieceType, 0};
}

}  // namespace

std::optional<std::vector<DiagramMan>> Game::diagram_men() const {
  if (board_.files() != 8 || board_.ranks() != 8) return std::nullopt;
  const Variant& v = board_.variant();
  std::vector<DiagramMan> men;
  for (int sq = 0; sq < 64; ++sq) {
    const Man m = board_.at(sq);
    if (m.empty()) continue;
    const PieceKind& kind = v.kinds[std::size_t(m.kind())];
    const PieceKind& plain = kind.base >= 0 ? v.kinds[std::size_t(kind.base)] : kind;
    DiagramMan d;
    d.square = Square(sq);
    d.color = m.neutral() ? White : m.color();
    d.neutral = m.neutral();
    d.name = (m.neutral() ? "neutral " : "") + kind.name;
    if (orthodox_kind(plain)) {
      d.orthodox = kind.base < 0 && !m.neutral();
      d.glyph = glyph_of_letter(plain.letter);
      if (!kind.attributes.empty()) d.code = kind.attributes + plain.letter;  // "cQ", "rN"
    } else {
      d.orthodox = false;
      std::string code = plain.code;
      for (char& c : code) c = char(std::toupper(static_cast<unsigned char>(c)));
      if (code.empty()) code = std::string(1, plain.letter);  // a variant file's own piece: its letter
      d.code = kind.attributes + code;
      std::tie(d.glyph, d.turn) = glyph_of(plain);
    }
    men.push_back(std::move(d));
  }
  return men;
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
  // Man by man, each candidate tested in full, stopping at the first legal one: most positions
  // have one among their first men's moves, found before the whole list or the legality cut's
  // set-up (CertainlyLegal) would be paid for. In check most are not, and the evasion cut
  // (CheckEvasions) rejects them unplayed.
  FairyMoveList candidates;
  const CheckEvasions evasions(board_);
  return board_.any_man(board_.side_to_move(), [&](int from) {
    candidates.clear();
    fairy::generate_candidates_of(board_, from, candidates);
    for (const auto& m : candidates)
      if (!evasions.certainly_illegal(board_, m) && !fairy::rejecting_predicate(board_, m)) return true;
    return false;
  });
}

void Game::generate_checks(FairyMoveList& list) const {
  FairyMoveList candidates;
  fairy::generate_candidates(board_, candidates);
  const CertainlyNoCheck no_check(board_);
  const Color side = board_.side_to_move();
  for (const auto& m : candidates) {
    if (no_check(board_, m)) continue;
    // Castling is judged by its own predicates first (out of check, the passage); any other move
    // by rejecting_predicate's test for it, asked here on the same play: no royal man of the side
    // left attacked.
    const bool castling = (m.flags & FairyMove::Castling) != 0;
    if (castling && fairy::rejecting_predicate(board_, m)) continue;
    board_.make(m);
    const bool check = (castling || !royal_attacked(board_, side)) && side_in_check(board_);
    board_.unmake();
    if (check) list.push(m);
  }
}

GameStatus Game::status() const {
  const bool check = in_check();
  if (!has_legal_move()) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
  return check ? GameStatus::Check : GameStatus::Ongoing;
}

}  // namespace arbiter::fairy
