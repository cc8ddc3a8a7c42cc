#include "rules/core/fen.h"

#include <charconv>
#include <vector>

namespace arbiter {

namespace {

constexpr std::string_view PieceLetters = ".PNBRQK..pnbrqk.";

struct Field {
  std::string_view text;
  int offset;  // column offset from the start of the FEN
};

std::vector<Field> split_fields(std::string_view fen) {
  std::vector<Field> fields;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t')) ++i;
    if (i >= fen.size()) break;
    std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t') ++i;
    fields.push_back({fen.substr(start, i - start), int(start)});
  }
  return fields;
}

class FenReader {
 public:
  FenReader(std::string_view fen, const SourceLocation& origin, FenOptions options)
      : fen_(fen), origin_(origin), options_(options) {}

  Position read() {
    auto fields = split_fields(fen_);
    if (fields.size() != 4 && fields.size() != 6) {
      int col = fields.size() > 6 ? fields[6].offset : int(fen_.size());
      fail(col, "expected 6 space-separated FEN fields (placement, side, castling, en passant, halfmove clock, "
                "fullmove number) or the first 4, found " + std::to_string(fields.size()));
    }
    read_placement(fields[0]);
    read_side(fields[1]);
    read_castling(fields[2]);
    read_en_passant(fields[3]);
    if (fields.size() == 6) {
      int halfmove = read_number(fields[4], 0, 100000, "halfmove clock (a whole number from 0)");
      int fullmove = read_number(fields[5], 1, 100000, "fullmove number (a whole number from 1)");
      pos_.set_counters(halfmove, fullmove);
    }
    if (options_.orthodox_legality) check_legality(fields);
    else if (options_.castling_needs_pieces) check_castling(fields[2]);
    pos_.clear_history();
    return pos_;
  }

 private:
  [[noreturn]] void fail(int offset, const std::string& message) const {
    throw ParseError(origin_.advanced(offset), message);
  }

  void read_placement(const Field& f) {
    int rank = 7, file = 0;
    bool last_was_digit = false;
    for (std::size_t i = 0; i < f.text.size(); ++i) {
      char c = f.text[i];
      int col = f.offset + int(i);
      if (c == '/') {
        if (file != 8) fail(col, "rank " + std::to_string(rank + 1) + " describes " + std::to_string(file) + " squares; expected 8");
        if (rank == 0) fail(col, "expected 8 ranks in the piece placement, found more");
        --rank;
        file = 0;
        last_was_digit = false;
      } else if (c >= '1' && c <= '8') {
        if (last_was_digit) fail(col, "expected a piece letter after a digit (two digits in a row)");
        file += c - '0';
        if (file > 8) fail(col, "rank " + std::to_string(rank + 1) + " describes more than 8 squares");
        last_was_digit = true;
      } else if (Piece p = piece_from_char(c); p != NoPiece) {
        if (file >= 8) fail(col, "rank " + std::to_string(rank + 1) + " describes more than 8 squares");
        pos_.put_piece(p, make_square(file++, rank));
        last_was_digit = false;
      } else {
        fail(col, std::string("expected a piece letter (PNBRQK or pnbrqk), a digit 1-8 or '/', found '") + c + "'");
      }
    }
    int end = f.offset + int(f.text.size());
    if (file != 8) fail(end, "rank " + std::to_string(rank + 1) + " describes " + std::to_string(file) + " squares; expected 8");
    if (rank != 0) fail(end, "expected 8 ranks in the piece placement, found " + std::to_string(8 - rank));
  }

  void read_side(const Field& f) {
    if (f.text == "w") pos_.set_side_to_move(White);
    else if (f.text == "b") pos_.set_side_to_move(Black);
    else fail(f.offset, "expected side to move 'w' or 'b', found '" + std::string(f.text) + "'");
  }

  void read_castling(const Field& f) {
    if (f.text == "-") return;
    int rights = 0;
    for (std::size_t i = 0; i < f.text.size(); ++i) {
      int bit = 0;
      switch (f.text[i]) {
        case 'K': bit = WhiteKingside; break;
        case 'Q': bit = WhiteQueenside; break;
        case 'k': bit = BlackKingside; break;
        case 'q': bit = BlackQueenside; break;
        default: fail(f.offset + int(i), "expected castling rights '-' or letters from KQkq, found '" + std::string(1, f.text[i]) + "'");
      }
      if (rights & bit) fail(f.offset + int(i), "castling right '" + std::string(1, f.text[i]) + "' given twice");
      rights |= bit;
    }
    pos_.set_castling_rights(rights);
  }

  void read_en_passant(const Field& f) {
    if (f.text == "-") return;
    Square s = parse_square(f.text);
    if (s == NoSquare) fail(f.offset, "expected an en passant square like e3 or '-', found '" + std::string(f.text) + "'");
    pos_.set_en_passant_square(s);
  }

  int read_number(const Field& f, int low, int high, const std::string& what) {
    int value = 0;
    auto [end, err] = std::from_chars(f.text.data(), f.text.data() + f.text.size(), value);
    if (err != std::errc() || end != f.text.data() + f.text.size() || value < low || value > high)
      fail(f.offset, "expected " + what + ", found '" + std::string(f.text) + "'");
    return value;
  }

  void check_castling(const Field& f) {
    const struct { CastlingRights right; Color color; Square king, rook; char letter; } castles[] = {
        {WhiteKingside, White, sq::e1, sq::h1, 'K'}, {WhiteQueenside, White, sq::e1, sq::a1, 'Q'},
        {BlackKingside, Black, sq::e8, sq::h8, 'k'}, {BlackQueenside, Black, sq::e8, sq::a8, 'q'}};
    for (const auto& c : castles) {
      if (!pos_.can_castle(c.right)) continue;
      bool ok = pos_.piece_on(c.king) == make_piece(c.color, King) && pos_.piece_on(c.rook) == make_piece(c.color, Rook);
      if (!ok)
        fail(f.offset + int(f.text.find(c.letter)),
             std::string("castling right '") + c.letter + "' needs the king on " + square_name(c.king) + " and a rook on " +
                 square_name(c.rook));
    }
  }

  void check_legality(const std::vector<Field>& fields) {
    const int board_col = fields[0].offset;
    for (Color c : {White, Black}) {
      const char* name = c == White ? "White" : "Black";
      int kings = popcount(pos_.pieces(c, King));
      if (kings > 1 || (kings == 0 && !options_.kings_optional))
        fail(board_col, std::string("expected exactly one ") + name + " king, found " + std::to_string(kings) +
                            (kings == 0 ? " (a position without one needs orthodox.king-count=at-most-one)" : ""));
      if (popcount(pos_.pieces(c, Pawn)) > 8) fail(board_col, std::string(name) + " has more than 8 pawns");
      if (popcount(pos_.pieces(c)) > 16) fail(board_col, std::string(name) + " has more than 16 pieces");
    }
    if (pos_.pieces(Pawn) & (rank_bb(0) | rank_bb(7)))
      fail(board_col, "pawn on " + square_name(lsb(pos_.pieces(Pawn) & (rank_bb(0) | rank_bb(7)))) + ": pawns cannot stand on the first or last rank");
    const Color stm = pos_.side_to_move();
    if (pos_.king_square(~stm) != NoSquare && pos_.attacked_by(stm, pos_.king_square(~stm)))
      fail(fields[1].offset, std::string("the side not to move (") + (stm == White ? "Black" : "White") +
                                 ") is in check; expected the other side to move");
    if (popcount(pos_.checkers()) > 2) fail(board_col, "the side to move is in check from more than two pieces");
    check_castling(fields[2]);

    const Square ep = pos_.en_passant_square();
    if (ep != NoSquare) {
      // The side that just moved made a double step: its pawn passed over ep.
      const Color mover = ~stm;
      const int forward = mover == White ? 8 : -8;
      bool ok = relative_rank(mover, ep) == 2 && pos_.empty(ep) && pos_.empty(ep - forward) &&
                pos_.piece_on(ep + forward) == make_piece(mover, Pawn);
      if (!ok)
        fail(fields[3].offset, "en passant square " + square_name(ep) + " needs a " + (mover == White ? "White" : "Black") +
                                   " pawn just moved two squares past it (an empty " + square_name(ep) +
                                   " on the " + (mover == White ? "third" : "sixth") + " rank with the pawn beyond it)");
    }
  }

  std::string_view fen_;
  SourceLocation origin_;
  FenOptions options_;
  Position pos_;
};

}  // namespace

Position read_fen(std::string_view fen, const SourceLocation& origin, FenOptions options) {
  return FenReader(fen, origin, options).read();
}

Position read_known_fen(std::string_view fen) {
  FenOptions options;
  options.kings_optional = true;
  return read_fen(fen, {"<fen>", 1, 1}, options);
}

std::string write_fen(const Position& pos) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Piece p = pos.piece_on(make_square(file, rank));
      if (p == NoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty), empty = 0;
      out += piece_char(p);
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += pos.side_to_move() == White ? " w " : " b ";
  std::string castling;
  if (pos.can_castle(WhiteKingside)) castling += 'K';
  if (pos.can_castle(WhiteQueenside)) castling += 'Q';
  if (pos.can_castle(BlackKingside)) castling += 'k';
  if (pos.can_castle(BlackQueenside)) castling += 'q';
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += pos.en_passant_square() == NoSquare ? "-" : square_name(pos.en_passant_square());
  out += ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
  return out;
}

std::vector<FenField> split_fen_fields(std::string_view s) {
  std::vector<FenField> fields;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) fields.push_back({s.substr(start, i - start), int(start)});
  }
  return fields;
}

char piece_char(Piece p) { return PieceLetters[p & 15]; }

Piece piece_from_char(char c) {
  if (c == '.') return NoPiece;
  auto i = PieceLetters.find(c);
  return i == std::string_view::npos ? NoPiece : Piece(i);
}

std::string square_name(Square s) {
  if (s < 0 || s >= 64) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return NoSquare;
  return make_square(text[0] - 'a', text[1] - '1');
}

}  // namespace arbiter
