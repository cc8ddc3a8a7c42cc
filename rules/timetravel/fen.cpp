#include "rules/timetravel/fen.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "rules/core/fen.h"

namespace arbiter::timetravel {

namespace {

constexpr std::string_view TypeLetters = " PNBRQK";

PieceType type_from_letter(char c) {
  const auto i = TypeLetters.find(char(std::toupper(static_cast<unsigned char>(c))));
  return i == std::string_view::npos || i == 0 ? NoPieceType : PieceType(i);
}

using Field = FenField;

class Reader {
 public:
  Reader(std::string_view fen, const SourceLocation& origin) : fen_(fen), origin_(origin) {}

  Board read() {
    const auto fields = split_fen_fields(fen_);
    if (fields.empty()) fail(0, "expected a FEN: placement, side to move, castling, en passant");
    if (fields.size() < 4) fail(int(fen_.size()), fmt::format("expected at least 4 FEN fields, found {}", fields.size()));
    if (fields.size() > 7) fail(fields[7].offset, "expected at most 7 fields (the 7th is the rules' memory)");
    placement(fields[0]);
    side(fields[1]);
    castling(fields[2]);
    const Field* history = fields.size() == 7 ? &fields[6] : nullptr;
    int halfmove = 0, fullmove = 1;
    if (fields.size() >= 5) halfmove = number(fields[4], 0);
    if (fields.size() >= 6) fullmove = number(fields[5], 1);
    board_.set_counters(halfmove, fullmove);
    if (history) memory(*history);
    en_passant(fields[3]);
    board_.set_classical_names(placement_is_start_);
    board_.clear_history();
    return board_;
  }

 private:
  [[noreturn]] void fail(int offset, const std::string& what) const { throw ParseError(origin_.advanced(offset), what); }

  void placement(const Field& f) {
    placement_is_start_ = f.text == StartFen.substr(0, StartFen.find(' '));
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < f.text.size(); ++i) {
      const char c = f.text[i];
      const int at = f.offset + int(i);
      if (c == '/') {
        if (file != 8) fail(at, fmt::format("rank {} has {} squares, expected 8", rank + 1, file));
        if (--rank < 0) fail(at, "more than 8 ranks");
        file = 0;
      } else if (c >= '1' && c <= '8') {
        file += c - '0';
        if (file > 8) fail(at, fmt::format("rank {} has more than 8 squares", rank + 1));
      } else if (const PieceType t = type_from_letter(c)) {
        if (file >= 8) fail(at, fmt::format("rank {} has more than 8 squares", rank + 1));
        Stage stage = Stage::Untraveled;
        if (i + 1 < f.text.size() && (f.text[i + 1] == '~' || f.text[i + 1] == '\'')) {
          stage = f.text[i + 1] == '~' ? Stage::Traveling : Stage::Traveled;
          ++i;
        }
        const Square s = make_square(file, rank);
        if (t == Pawn && (rank == 0 || rank == 7)) fail(at, fmt::format("a pawn on {} (first or last rank)", square_name(s)));
        const Color color = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
        board_.put(s, Man{t, color, stage, ManId(s)});
        ++file;
      } else {
        fail(at, fmt::format("unexpected '{}' in the placement: expected a piece letter (PNBRQK, pnbrqk) with an optional stage mark (~ traveling, ' traveled), a digit 1-8 or '/'", c));
      }
    }
    if (rank != 0 || file != 8) fail(f.offset + int(f.text.size()), "expected 8 ranks of 8 squares");
  }

  void side(const Field& f) {
    if (f.text != "w" && f.text != "b") fail(f.offset, "expected the side to move: 'w' or 'b'");
    board_.set_side_to_move(f.text == "w" ? White : Black);
  }

  void castling(const Field& f) {
    int rights = 0;
    if (f.text != "-") {
      for (std::size_t i = 0; i < f.text.size(); ++i) {
        const char c = f.text[i];
        const int bit = c == 'K' ? WhiteKingside : c == 'Q' ? WhiteQueenside : c == 'k' ? BlackKingside : c == 'q' ? BlackQueenside : 0;
        if (!bit) fail(f.offset + int(i), "expected castling rights: KQkq or '-'");
        const Color color = bit & (WhiteKingside | WhiteQueenside) ? White : Black;
        const Square king = color == White ? sq::e1 : sq::e8;
        const Square rook = bit & (WhiteKingside | BlackKingside) ? king + 3 : king - 4;
        auto untraveled = [&](Square s, PieceType t) {
          const Man& m = board_.man_on(s);
          return m.type == t && m.color == color && m.stage == Stage::Untraveled;
        };
        if (!untraveled(king, King) || !untraveled(rook, Rook))
          fail(f.offset + int(i), fmt::format("castling right '{}' needs an untraveled king on {} and rook on {}", c,
                                              square_name(king), square_name(rook)));
        rights |= bit;
      }
    }
    board_.set_castling_rights(rights);
  }

  void en_passant(const Field& f) {
    if (f.text == "-") {
      if (undo_square_ != NoSquare) fail(f.offset, "undo= needs an en passant square");
      return;
    }
    const Square ep = parse_square(f.text);
    const Color mover = ~board_.side_to_move();  // the side whose pawn passed the square
    if (ep == NoSquare || relative_rank(mover, ep) != 2)
      fail(f.offset, fmt::format("expected '-' or an en passant square on rank {}", mover == White ? 3 : 6));
    const Square beyond = mover == White ? ep + 8 : ep - 8;
    AnnihilationUndo undo;
    if (undo_square_ != NoSquare) {
      if (undo_square_ != beyond || !board_.empty(beyond))
        fail(f.offset, fmt::format("undo={} needs the en passant square just behind an empty square", square_name(undo_square_)));
      ManId id = ManId(beyond);
      const auto& ex = board_.explosions();
      for (std::size_t k = 0; k < ex.size(); ++k)
        if (ex[k].side == mover && ex[k].type == Pawn && ex[k].square == beyond) id = ManId(FirstExplosionId + k);
      undo = {beyond, Man{Pawn, mover, Stage::Traveling, id}};
    } else {
      const Man& m = board_.man_on(beyond);
      if (m.type != Pawn || m.color != mover || !board_.empty(ep))
        fail(f.offset, fmt::format("en passant square {} needs a pawn that has just passed it", f.text));
    }
    board_.set_en_passant(ep, undo);
  }

  int number(const Field& f, int least) {
    int value = 0;
    const auto [end, ec] = std::from_chars(f.text.data(), f.text.data() + f.text.size(), value);
    if (ec != std::errc() || end != f.text.data() + f.text.size() || value < least || value > 100000)
      fail(f.offset, fmt::format("expected a move counter (a whole number from {})", least));
    return value;
  }

  void memory(const Field& f) {
    if (f.text == "-") return;
    std::size_t start = 0;
    // Phantom identities for supports no longer on the board: squares empty at set-up.
    Bitboard free_ids = ~board_.occupied();
    while (start <= f.text.size()) {
      std::size_t end = f.text.find(';', start);
      if (end == std::string_view::npos) end = f.text.size();
      const std::string_view item = f.text.substr(start, end - start);
      const int at = f.offset + int(start);
      if (item.starts_with("lost=")) {
        if (item != "lost=w" && item != "lost=b") fail(at, "expected lost=w or lost=b");
        board_.set_lost_traveling(item.back() == 'w' ? White : Black, true);
      } else if (item.starts_with("undo=")) {
        undo_square_ = parse_square(item.substr(5));
        if (undo_square_ == NoSquare) fail(at + 5, "expected a square after undo=");
      } else {
        explosion(item, at, free_ids);
      }
      start = end + 1;
    }
  }

  // wNf6=b1,g1
  void explosion(std::string_view item, int at, Bitboard& free_ids) {
    const auto eq = item.find('=');
    if (item.size() < 5 || (item[0] != 'w' && item[0] != 'b') || !type_from_letter(item[1]) || eq != 4 ||
        parse_square(item.substr(2, 2)) == NoSquare)
      fail(at, "expected an explosion such as wNf6=b1,g1 (side, type, square, '=', its supports), lost=w|b or undo=<square>");
    Explosion e{item[0] == 'w' ? White : Black, type_from_letter(item[1]), parse_square(item.substr(2, 2)), {}};
    std::size_t start = eq + 1;
    while (start <= item.size()) {
      std::size_t end = item.find(',', start);
      if (end == std::string_view::npos) end = item.size();
      const std::string_view s = item.substr(start, end - start);
      if (s == "x") {
        if (!free_ids) fail(at + int(start), "too many supports no longer on the board");
        e.supports.push_back(ManId(pop_lsb(free_ids)));
      } else {
        const Square sq = parse_square(s);
        const Man& m = sq == NoSquare ? Man{} : board_.man_on(sq);
        if (m.empty() || m.color != e.side || m.stage != Stage::Untraveled)
          fail(at + int(start), fmt::format("expected the square of an untraveled {} man supporting the explosion, or 'x'",
                                            e.side == White ? "White" : "Black"));
        e.supports.push_back(m.id);
      }
      start = end + 1;
    }
    board_.add_explosion(std::move(e));
  }

  std::string_view fen_;
  SourceLocation origin_;
  Board board_;
  bool placement_is_start_ = false;
  Square undo_square_ = NoSquare;
};

}  // namespace

Board read_fen(std::string_view fen, const SourceLocation& origin) { return Reader(fen, origin).read(); }

std::string write_fen(const Board& b) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Man& m = b.man_on(make_square(file, rank));
      if (m.empty()) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty), empty = 0;
      const char letter = TypeLetters[m.type];
      out += m.color == White ? letter : char(std::tolower(static_cast<unsigned char>(letter)));
      if (m.stage == Stage::Traveling) out += '~';
      if (m.stage == Stage::Traveled) out += '\'';
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  std::string castling;
  if (b.castling_rights() & WhiteKingside) castling += 'K';
  if (b.castling_rights() & WhiteQueenside) castling += 'Q';
  if (b.castling_rights() & BlackKingside) castling += 'k';
  if (b.castling_rights() & BlackQueenside) castling += 'q';
  out += fmt::format(" {} {} {} {} {}", b.side_to_move() == White ? 'w' : 'b', castling.empty() ? "-" : castling,
                     b.en_passant_square() == NoSquare ? "-" : square_name(b.en_passant_square()), b.halfmove_clock(),
                     b.fullmove_number());
  std::vector<std::string> memory;
  for (const Explosion& e : b.explosions()) {
    std::string supports;
    for (ManId id : e.supports) {
      Square at = NoSquare;
      for (Bitboard u = b.untraveled(e.side); u && at == NoSquare;) {
        const Square s = pop_lsb(u);
        if (b.man_on(s).id == id) at = s;
      }
      supports += fmt::format("{}{}", supports.empty() ? "" : ",", at == NoSquare ? "x" : square_name(at));
    }
    const char letter = TypeLetters[e.type];
    memory.push_back(fmt::format("{}{}{}={}", e.side == White ? 'w' : 'b', letter, square_name(e.square), supports));
  }
  for (Color c : {White, Black})
    if (b.lost_traveling(c)) memory.push_back(c == White ? "lost=w" : "lost=b");
  if (b.annihilation_undo().traveling_square != NoSquare)
    memory.push_back(fmt::format("undo={}", square_name(b.annihilation_undo().traveling_square)));
  if (!memory.empty()) out += fmt::format(" {}", fmt::join(memory, ";"));
  return out;
}

}  // namespace arbiter::timetravel
