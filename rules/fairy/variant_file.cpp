#include "rules/fairy/variant_file.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "rules/core/text.h"
#include "rules/fairy/board.h"

namespace arbiter::fairy {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

using Word = TextWord;

// A value's words, each with its column in the line (the value starts at `offset`).
std::vector<Word> words(std::string_view value, int offset) {
  auto out = blank_separated_words(value);
  for (auto& w : out) w.column += offset;
  return out;
}

class FileReader {
 public:
  FileReader(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  std::shared_ptr<const Variant> read() {
    auto v = std::make_shared<Variant>();
    v->name.clear();
    std::vector<Word> promotion;
    std::vector<Word> castling;
    Word start{{}, 0};
    int start_line = 0, promotion_line = 0, castling_line = 0;
    int line_number = 0;
    for (std::size_t pos = 0; pos <= text_.size();) {
      std::size_t end = text_.find('\n', pos);
      if (end == std::string_view::npos) end = text_.size();
      std::string_view line = text_.substr(pos, end - pos);
      pos = end + 1;
      ++line_number;
      if (const std::size_t hash = line.find('#'); hash != std::string_view::npos && key_of(line) != "start") line = line.substr(0, hash);
      std::size_t first = 0;
      while (first < line.size() && blank(line[first])) ++first;
      if (first == line.size()) continue;
      const std::size_t eq = line.find('=');
      if (eq == std::string_view::npos) fail(line_number, int(first), "expected a setting 'KEY = VALUE' (name, board, piece, promotion, castling, start)");
      std::string_view key = line.substr(first, eq - first);
      while (!key.empty() && blank(key.back())) key.remove_suffix(1);
      std::size_t vstart = eq + 1;
      while (vstart < line.size() && blank(line[vstart])) ++vstart;
      std::string_view value = line.substr(vstart);
      while (!value.empty() && blank(value.back())) value.remove_suffix(1);
      const int value_column = int(vstart);
      if (value.empty()) fail(line_number, value_column, "expected a value after '='");
      if (key == "name") {
        v->name = std::string(value);
      } else if (key == "board") {
        read_board(*v, value, line_number, value_column);
      } else if (key == "piece") {
        read_piece(*v, words(value, value_column), line_number);
      } else if (key == "promotion") {
        promotion = words(value, value_column);
        promotion_line = line_number;
      } else if (key == "castling") {
        castling = words(value, value_column);
        castling_line = line_number;
      } else if (key == "start") {
        start = {value, value_column};
        start_line = line_number;
      } else {
        fail(line_number, int(first), "unknown setting '" + std::string(key) + "': expected name, board, piece, promotion, castling or start");
      }
    }
    const int last = line_number;
    if (v->name.empty()) fail(last, 0, "expected a 'name = ...' setting in the file");
    if (v->kinds.empty()) fail(last, 0, "expected 'piece = LETTER NAME WALK [royal] [pawn]' settings in the file");
    if (!start_line) fail(last, 0, "expected a 'start = FEN' setting in the file");
    for (const Word& w : promotion) v->promotions.push_back(kind_named(*v, w, promotion_line, "a promotion piece"));
    if (!castling.empty() && !(castling.size() == 1 && castling[0].text == "-")) {
      if (castling.size() != 2) fail(castling_line, castling[0].column, "expected 'castling = KING ROOK' (two piece letters) or 'castling = -'");
      v->castling_king = kind_named(*v, castling[0], castling_line, "the castling king");
      v->castling_rook = kind_named(*v, castling[1], castling_line, "the castling rook");
      if (!v->kinds[std::size_t(v->castling_king)].royal) fail(castling_line, castling[0].column, "expected a royal piece as the castling king");
    }
    v->start_fen = std::string(start.text);
    // The start position reads with the variant's letters.
    (void)Board::from_fen(v, v->start_fen, {file_, start_line, start.column + 1});
    return v;
  }

 private:
  [[noreturn]] void fail(int line, int column, const std::string& what) const { throw ParseError({file_, line, column + 1}, what); }

  static std::string_view key_of(std::string_view line) {
    std::size_t first = 0;
    while (first < line.size() && blank(line[first])) ++first;
    std::size_t end = first;
    while (end < line.size() && !blank(line[end]) && line[end] != '=') ++end;
    return line.substr(first, end - first);
  }

  void read_board(Variant& v, std::string_view value, int line, int column) {
    const std::size_t x = value.find('x');
    const auto number = [&](std::string_view s) {
      int n = 0;
      if (s.empty() || s.size() > 2 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return -1;
      for (char c : s) n = n * 10 + (c - '0');
      return n;
    };
    const int files = x == std::string_view::npos ? -1 : number(value.substr(0, x));
    const int ranks = x == std::string_view::npos ? -1 : number(value.substr(x + 1));
    if (files < 1 || ranks < 2 || files > 16 || ranks > 16 || files * ranks > 256)
      fail(line, column, "expected the board as FILESxRANKS, 1 to 16 files and 2 to 16 ranks (8x8, 10x8)");
    v.files = files;
    v.ranks = ranks;
  }

  void read_piece(Variant& v, const std::vector<Word>& w, int line) {
    if (w.size() < 3) fail(line, w.empty() ? 0 : w[0].column, "expected 'piece = LETTER NAME WALK [royal] [pawn]'");
    if (w[0].text.size() != 1 || !std::isalpha(static_cast<unsigned char>(w[0].text[0])))
      fail(line, w[0].column, "expected the piece's letter, one letter (its FEN letter: upper case White, lower case Black)");
    const char letter = char(std::toupper(static_cast<unsigned char>(w[0].text[0])));
    if (v.kind_of(letter) >= 0) fail(line, w[0].column, std::string("expected a letter no other piece has: '") + letter + "' is taken");
    if (v.kinds.size() >= 31) fail(line, w[0].column, "expected at most 31 pieces");
    PieceKind k;
    k.letter = letter;
    k.name = std::string(w[1].text);
    k.walk = parse_walk(w[2].text, {file_, line, w[2].column + 1});
    for (std::size_t i = 3; i < w.size(); ++i) {
      if (w[i].text == "royal") k.royal = true;
      else if (w[i].text == "pawn") k.pawn = true;
      else fail(line, w[i].column, "expected 'royal' or 'pawn' after the walk, found '" + std::string(w[i].text) + "'");
    }
    v.kinds.push_back(std::move(k));
  }

  int kind_named(const Variant& v, const Word& w, int line, const std::string& what) const {
    const int k = w.text.size() == 1 ? v.kind_of(w.text[0]) : -1;
    if (k < 0) fail(line, w.column, "expected " + what + ": the letter of a piece the file defines, found '" + std::string(w.text) + "'");
    return k;
  }

  std::string_view text_;
  std::string file_;
};

}  // namespace

std::shared_ptr<const Variant> read_variant_file(std::string_view text, const std::string& file) { return FileReader(text, file).read(); }

}  // namespace arbiter::fairy
