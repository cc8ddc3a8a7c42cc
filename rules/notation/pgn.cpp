#include "rules/notation/pgn.h"

#include "rules/core/text_cursor.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

#include <fmt/core.h>

namespace arbiter {

namespace {

constexpr std::array<std::string_view, 4> Results = {"1-0", "0-1", "1/2-1/2", "*"};
constexpr std::array<std::string_view, 7> SevenTagRoster = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
constexpr std::array<std::string_view, 7> Glyphs = {"", "!", "?", "!!", "??", "!?", "?!"};  // NAG 1..6
// Deeper nesting is no real annotation; the limit keeps recursion in the checkers bounded.
constexpr int MaxVariationDepth = 100;

bool is_result(std::string_view s) {
  for (auto r : Results)
    if (s == r) return true;
  return false;
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// Characters that continue a move symbol. '@' is there for drop variants (N@f3).
bool is_symbol_char(char c) { return is_letter(c) || is_digit(c) || (c && std::strchr("_+#=:-/@,", c)); }

// Length of a Transactional Chess transaction identifier "T<digits>:" at the start of `s`; 0 if
// there is none.
std::size_t transaction_prefix_length(std::string_view s) {
  if (s.size() < 3 || s[0] != 'T' || !is_digit(s[1])) return 0;
  std::size_t i = 1;
  while (i < s.size() && is_digit(s[i])) ++i;
  return i < s.size() && s[i] == ':' ? i + 1 : 0;
}

// Transactional Chess's commit and rollback marks, written after a move.
bool at_transaction_mark(std::string_view rest) { return rest.starts_with("(C)") || rest.starts_with("(R)"); }
bool ends_with_transaction_mark(std::string_view san) { return san.ends_with("(C)") || san.ends_with("(R)"); }

// Comments are kept as words: runs of blanks and line breaks collapse to one space, so a
// comment survives being re-wrapped by the writer.
std::string normalize_comment(std::string_view text) {
  std::string out;
  bool blank = false;
  for (char c : text) {
    if (TextCursor::is_blank(c)) {
      blank = true;
      continue;
    }
    if (blank && !out.empty()) out += ' ';
    blank = false;
    out += c;
  }
  return out;
}

class PgnReader {
 public:
  PgnReader(std::string_view text, const std::string& file) : cursor_(text, file) {}

  std::vector<PgnGame> read_all() {
    std::vector<PgnGame> games;
    while (auto game = next()) games.push_back(std::move(*game));
    return games;
  }

  // The next game; nothing at the end of the text.
  std::optional<PgnGame> next() {
    for (;;) {
      skip_blanks();
      if (at_end()) return std::nullopt;
      if (auto game = read_game()) return game;
    }
  }

 private:
  // --- characters and locations ---------------------------------------------------------
  bool at_end() const { return cursor_.at_end(); }
  char peek(std::size_t ahead = 0) const { return cursor_.peek(ahead); }
  void advance() { cursor_.advance(); }
  SourceLocation here() const { return cursor_.here(); }
  [[noreturn]] void fail(const SourceLocation& where, const std::string& message) const { throw ParseError(where, message); }

  // Blanks, and lines starting with '%' (the PGN escape mechanism: ignored).
  void skip_blanks() {
    while (!at_end()) {
      if (TextCursor::is_blank(peek())) advance();
      else if (peek() == '%' && cursor_.column() == 1)
        while (!at_end() && peek() != '\n') advance();
      else break;
    }
  }

  // --- a game ------------------------------------------------------------------------------
  struct Frame {
    PgnLine* line;
    SourceLocation opened;   // where its '(' is (main line: the game's start)
    bool after_move = false; // a comment here follows the line's last move
  };

  // A game being read: its lines open so far (the innermost last) and what it has seen.
  struct GameInProgress {
    PgnGame game;
    std::vector<Frame> frames;
    std::vector<std::string> pending;  // comments waiting for the next move
    bool started = false;              // tags or movetext seen
    bool movetext = false;             // movetext seen: a tag now would start the next game
  };

  // Nothing when only comments remain at the end of the file.
  std::optional<PgnGame> read_game() {
    GameInProgress g;
    g.game.where = here();
    g.frames.push_back({&g.game.moves, here(), false});
    for (;;) {
      skip_blanks();
      const SourceLocation at = here();
      if (at_end()) {
        if (g.frames.size() > 1) unclosed_variation(g.frames.back());
        if (!g.started) return std::nullopt;
        fail(at, "expected a game result (1-0, 0-1, 1/2-1/2 or *) at the end of the game");
      }
      if (read_token(g, at)) return std::move(g.game);
    }
  }

  // The token at `at` (not the end); true when it was the result, which ends the game.
  bool read_token(GameInProgress& g, const SourceLocation& at) {
    const char c = peek();
    if (c == '[') {
      if (g.movetext)
        fail(at, "expected a game result (1-0, 0-1, 1/2-1/2 or *) to end the game before the next tag section");
      read_tag(g.game);
      g.started = true;
    } else if (c == '{') {
      add_comment(g, read_brace_comment());
    } else if (c == ';') {
      add_comment(g, read_line_comment());
    } else if (c == '(' && at_transaction_mark(cursor_.rest())) {
      read_transaction_mark(g, at);
    } else if (c == '(') {
      open_variation(g, at);
    } else if (c == ')') {
      close_variation(g, at);
    } else if (c == '$') {
      advance();
      const SourceLocation digits = here();
      int nag = read_number();
      if (nag < 0) fail(digits, "expected a number after '$' (a NAG such as $1)");
      last_move(g, at, "a NAG").nags.push_back(nag);
    } else if (c == '!' && (is_letter(peek(1)) || peek(1) == '*')) {
      // Conditional Chess "!Qe7" (a conditional move whose branches are the same): a move.
      std::string symbol(glued_run());
      for (std::size_t i = 0; i < symbol.size(); ++i) advance();
      g.started = g.movetext = true;
      push_move(g, std::move(symbol), at);
    } else if (c == '!' || c == '?') {
      last_move(g, at, "an annotation '!' or '?'").nags.push_back(read_glyph());
    } else if (c == '-' && peek(1) == '-' && !is_symbol_char(peek(2))) {
      // "--": no move in this slot (a null move; Conditional Chess: the rules gave this side
      // none, as after a check in a B-move).
      advance();
      advance();
      g.started = g.movetext = true;
      push_move(g, "--", at);
    } else if (c == '.') {
      while (peek() == '.') advance();  // "3. ... a5": an elided ply, as in the referee text
    } else if (c == '*' || is_digit(c) || is_letter(c)) {
      return read_word(g, at);
    } else {
      fail(at, fmt::format("unknown token '{}': expected a move, a move number, a comment, a variation, a NAG or a result", c));
    }
    return false;
  }

  // --- comments, variations and marks between the moves -------------------------------------
  void attach_pending(GameInProgress& g) {
    if (g.pending.empty()) return;
    const Frame& frame = g.frames.back();
    auto& target = frame.line->empty() ? g.game.comments : frame.line->back().comments_after;
    for (auto& c : g.pending) target.push_back(std::move(c));
    g.pending.clear();
  }

  void add_comment(GameInProgress& g, std::string text) {
    Frame& frame = g.frames.back();
    if (frame.after_move && !frame.line->empty()) frame.line->back().comments_after.push_back(std::move(text));
    else g.pending.push_back(std::move(text));
  }

  // The move a NAG, annotation or variation at `at` refers to: the innermost line's last.
  PgnMove& last_move(GameInProgress& g, const SourceLocation& at, std::string_view what) {
    if (g.frames.back().line->empty()) fail(at, fmt::format("{} must follow a move", what));
    return g.frames.back().line->back();
  }

  // "(C)" / "(R)" (Transactional Chess commit / rollback) is no variation: it belongs to the
  // move just before it, stored glued on ("T1: Bg5(C)").
  void read_transaction_mark(GameInProgress& g, const SourceLocation& at) {
    Frame& frame = g.frames.back();
    const std::string_view mark = cursor_.rest().substr(0, 3);
    if (frame.line->empty()) fail(at, fmt::format("a commit or rollback mark {} must directly follow its move", mark));
    PgnMove& move = frame.line->back();
    if (!frame.after_move || !g.pending.empty() || !move.comments_after.empty() || !move.variations.empty())
      fail(at, fmt::format("a commit or rollback mark {} must directly follow its move, before any comment or variation", mark));
    if (ends_with_transaction_mark(move.san)) fail(at, fmt::format("the move {} already has a commit or rollback mark", move.san));
    move.san += mark;
    for (int i = 0; i < 3; ++i) advance();
  }

  void open_variation(GameInProgress& g, const SourceLocation& at) {
    if (int(g.frames.size()) > MaxVariationDepth) fail(at, fmt::format("variations nested deeper than {}", MaxVariationDepth));
    PgnMove& replaced = last_move(g, at, "a variation '(' (an alternative to a move)");
    advance();
    g.frames.back().after_move = false;
    replaced.variations.emplace_back();
    g.frames.push_back({&replaced.variations.back(), at, false});
    g.started = g.movetext = true;
  }

  void close_variation(GameInProgress& g, const SourceLocation& at) {
    if (g.frames.size() == 1) fail(at, "unbalanced ')': no variation is open here");
    if (g.frames.back().line->empty()) fail(g.frames.back().opened, "empty variation: expected at least one move after '('");
    attach_pending(g);
    advance();
    g.frames.pop_back();
  }

  // --- words: the result, move numbers and moves --------------------------------------------
  // A word of movetext at `at`; true when it was the result, which ends the game.
  bool read_word(GameInProgress& g, const SourceLocation& at) {
    std::string symbol = read_symbol();
    if (is_result(symbol)) {
      if (g.frames.size() > 1) unclosed_variation(g.frames.back());
      attach_pending(g);
      g.game.result = symbol;
      g.game.result_location = at;
      check_result_tag(g.game);
      return true;
    }
    g.started = g.movetext = true;
    // A qualifier standing apart ("e.p.", "ep", both glued: "epe.p."): kept with its move,
    // "ep" (and an empty symbol) spelt " e.p.", what follows it kept.
    if (symbol.empty() || symbol == "ep" || symbol.starts_with(" e.p.") || symbol.starts_with("ep e.p.")) {
      if (!g.frames.back().line->empty() && g.frames.back().after_move)
        g.frames.back().line->back().san +=
            symbol.starts_with(" e.p.") ? symbol : std::string(" e.p.").append(symbol, std::min<std::size_t>(2, symbol.size()));
      return false;
    }
    if (is_digit(symbol[0]) && symbol.find_first_not_of("0123456789") == std::string::npos) {
      while (peek() == '.') advance();  // move number: "12." or "12..."
      return false;
    }
    if (is_digit(symbol[0]) && !symbol.starts_with("0-0"))
      fail(at, fmt::format("unknown token '{}': expected a move number like 12. or a result (1-0, 0-1, 1/2-1/2, *)", symbol));
    if (transaction_prefix_length(symbol)) symbol = with_transaction_move(std::move(symbol), at);
    // A Conditional Chess conditional move "Bg5?Nf6/c4" (also "Bg5?*Nf6*/c4"): the '?' is
    // no annotation when the word goes on to a '/'.
    if (peek() == '?' && glued_run().find('/') != std::string_view::npos) {
      const std::string_view tail = glued_run();
      symbol += tail;
      for (std::size_t i = 0; i < tail.size(); ++i) advance();
    }
    // A double move written with a blank after its comma ("Qh3, Re1+"): one move.
    while (symbol.ends_with(',')) {
      while (peek() == ' ' || peek() == '\t') advance();
      std::string second = read_symbol();
      if (second.empty()) fail(here(), fmt::format("expected the second half of the double move {} after the comma", symbol));
      symbol += second;
    }
    push_move(g, std::move(symbol), at);
    return false;
  }

  // A Transactional Chess transaction identifier ("T1: Nc3", also glued "T1:Nc3") and its move
  // are one move, stored with one blank after the colon.
  std::string with_transaction_move(std::string symbol, const SourceLocation& at) {
    const std::size_t prefix = transaction_prefix_length(symbol);
    std::string id = symbol.substr(0, prefix);
    std::string rest = symbol.substr(prefix);
    if (rest.empty()) {
      skip_blanks();
      if (is_letter(peek()) || is_digit(peek())) rest = read_symbol();
    }
    const bool is_move = !rest.empty() && is_letter(rest[0]) && !transaction_prefix_length(rest) && !is_result(rest);
    const bool is_castling = rest.starts_with("0-0") && !is_result(rest);
    if (!is_move && !is_castling) {
      const std::string found = !rest.empty() ? fmt::format("'{}'", rest)
                                : at_end()    ? std::string("the end of the file")
                                              : fmt::format("'{}'", peek());
      fail(at, fmt::format("expected a move after {}, found {}", id, found));
    }
    return fmt::format("{} {}", id, rest);
  }

  // A move into the innermost line, with the comments waiting for it and a glued glyph.
  void push_move(GameInProgress& g, std::string symbol, const SourceLocation& at) {
    PgnMove move;
    move.san = std::move(symbol);
    move.where = at;
    if (!g.pending.empty()) move.comments_before = std::exchange(g.pending, {});
    if (peek() == '!' || peek() == '?') move.nags.push_back(read_glyph());
    g.frames.back().line->push_back(std::move(move));
    g.frames.back().after_move = true;
  }

  [[noreturn]] void unclosed_variation(const Frame& frame) const {
    fail(frame.opened, "unterminated variation: this '(' is never closed by a ')'");
  }

  void check_result_tag(const PgnGame& game) const {
    auto tag = game.tag("Result");
    if (tag && *tag != game.result)
      fail(game.result_location, fmt::format("the movetext ends in {} but the [Result] tag says \"{}\"", game.result, *tag));
  }

  // --- tokens ------------------------------------------------------------------------------
  // [Name "value"], with \" and \\ escapes inside the value.
  void read_tag(PgnGame& game) {
    const SourceLocation open = here();
    advance();
    while (peek() == ' ' || peek() == '\t') advance();
    const SourceLocation name_at = here();
    std::string name;
    while (is_letter(peek()) || is_digit(peek()) || peek() == '_') {
      if (name.empty() && !is_letter(peek())) break;
      name += peek();
      advance();
    }
    if (name.empty())
      fail(name_at, fmt::format("expected a tag name (a letter, then letters, digits or '_') after '[', found {}", describe_here()));
    if (game.tag(name)) fail(name_at, fmt::format("tag {} is given twice", name));
    while (peek() == ' ' || peek() == '\t') advance();
    if (peek() != '"') fail(here(), fmt::format("expected '\"' to open the value of tag {}, found {}", name, describe_here()));
    const SourceLocation quote = here();
    advance();
    const SourceLocation value_at = here();
    std::string value;
    for (;;) {
      if (at_end() || peek() == '\n' || peek() == '\r')
        fail(quote, fmt::format("unterminated value of tag {}: this '\"' is not closed before the end of the line", name));
      const char c = peek();
      advance();
      if (c == '"') break;
      if (c == '\\' && (peek() == '"' || peek() == '\\')) {
        value += peek();
        advance();
        continue;
      }
      value += c;
    }
    while (peek() == ' ' || peek() == '\t') advance();
    if (peek() != ']') fail(here(), fmt::format("expected ']' to close tag {} opened at column {}, found {}", name, open.column, describe_here()));
    advance();
    game.tags.emplace_back(std::move(name), std::move(value));
    game.tag_value_locations.push_back(value_at);
  }

  std::string describe_here() const {
    if (at_end()) return "the end of the file";
    if (peek() == '\n' || peek() == '\r') return "the end of the line";
    return fmt::format("'{}'", peek());
  }

  std::string read_brace_comment() {
    const SourceLocation open = here();
    advance();
    const std::size_t start = cursor_.offset();
    while (!at_end() && peek() != '}') advance();
    if (at_end()) fail(open, "unterminated comment: this '{' is never closed by a '}'");
    std::string text = normalize_comment(cursor_.since(start));
    advance();
    return text;
  }

  std::string read_line_comment() {
    advance();
    const std::size_t start = cursor_.offset();
    while (!at_end() && peek() != '\n') advance();
    return normalize_comment(cursor_.since(start));
  }

  // A run of symbol characters; an "e.p." qualifier is consumed and dropped.
  std::string read_symbol() {
    std::string symbol;
    if (peek() == '*') {
      advance();
      return "*";
    }
    while (!at_end()) {
      if (cursor_.rest().starts_with("e.p.")) {  // kept, normalised to " e.p." after the move
        for (int i = 0; i < 4; ++i) advance();
        symbol += " e.p.";  // alone (" e.p."), it is attached to the move before
        while (peek() == '+' || peek() == '#') {
          symbol += peek();
          advance();
        }
        break;
      }
      if (!is_symbol_char(peek())) break;
      symbol += peek();
      advance();
    }
    return symbol;
  }

  int read_number() {
    int value = 0;
    const std::size_t start = cursor_.offset();
    while (is_digit(peek())) {
      value = std::min(value * 10 + (peek() - '0'), 1000000);  // NAGs are 0..255; just avoid overflow
      advance();
    }
    return cursor_.offset() == start ? -1 : value;
  }

  // "!", "?", "!!", "??", "!?" or "?!" as NAG 1..6.
  // The characters from here to the next blank, comment, variation or end.
  std::string_view glued_run() const {
    const std::string_view rest = cursor_.rest();
    return rest.substr(0, std::min(rest.size(), rest.find_first_of(" \t\r\n{};()")));
  }

  int read_glyph() {
    const SourceLocation at = here();
    std::string glyph;
    while ((peek() == '!' || peek() == '?') && glyph.size() < 3) {
      glyph += peek();
      advance();
    }
    for (int nag = 1; nag <= 6; ++nag)
      if (glyph == Glyphs[nag]) return nag;
    fail(at, fmt::format("unknown annotation '{}': expected !, ?, !!, ??, !? or ?!", glyph));
  }

  TextCursor cursor_;
};

// --- writer --------------------------------------------------------------------------------

// Lays out words greedily in lines of at most 79 characters (80 columns with the newline).
// The last word is held back so a closing ')' can still be glued to it.
class Wrapper {
 public:
  static constexpr std::size_t Width = 79;

  void word(std::string_view w) {
    place_held();
    held_ = std::exchange(prefix_, {});
    held_ += w;
  }
  void open_paren() { prefix_ += '('; }
  void close_paren() { held_ += ')'; }
  void comment(std::string_view text) {
    if (text.empty()) return word("{}");
    if (text.find('}') != std::string_view::npos) return line_comment(text);
    for (std::size_t start = 0; start <= text.size();) {
      std::size_t end = std::min(text.find(' ', start), text.size());
      std::string w = start == 0 ? "{" : "";
      w += text.substr(start, end - start);
      if (end == text.size()) w += '}';
      word(w);
      start = end + 1;
    }
  }
  // A comment with a '}' (read from a ';' comment) cannot be braced: it ends its line.
  void line_comment(std::string_view text) {
    place_held();
    if (!prefix_.empty()) {  // a '(' waiting for its first word
      held_ = std::exchange(prefix_, {});
      place_held();
    }
    if (line_length_ > 0) out_ += ' ';
    out_ += "; ";
    out_ += text;
    out_ += '\n';
    line_length_ = 0;
  }
  std::string finish() {
    place_held();
    if (line_length_ > 0) out_ += '\n';
    return std::move(out_);
  }

 private:
  void place_held() {
    if (held_.empty()) return;
    if (line_length_ > 0 && line_length_ + 1 + held_.size() > Width) {
      out_ += '\n';
      line_length_ = 0;
    } else if (line_length_ > 0) {
      out_ += ' ';
      ++line_length_;
    }
    out_ += held_;
    line_length_ += held_.size();
    held_.clear();
  }

  std::string out_;
  std::string held_;
  std::string prefix_;
  std::size_t line_length_ = 0;
};

void write_line(const PgnLine& line, int ply, Wrapper& out) {
  bool number_needed = true;  // Black's move carries "12..." after anything that interrupts
  for (const PgnMove& move : line) {
    for (const auto& c : move.comments_before) out.comment(c), number_needed = true;
    // The number and its move form one unit, never split over two lines.
    std::string unit = ply % 2 == 0 || number_needed ? move_number_text(ply) + " " + move.san : move.san;
    std::size_t first_nag = 0;
    // A glyph glued to a Conditional Chess statement ("Bg5?Nf6/c4", "!Qe7") would read as part
    // of it: those take their NAGs as $n.
    const bool glyph_fits = move.san.find_first_of("?!") == std::string::npos;
    if (glyph_fits && !move.nags.empty() && move.nags[0] >= 1 && move.nags[0] <= 6) unit += Glyphs[move.nags[first_nag++]];
    out.word(unit);
    for (std::size_t i = first_nag; i < move.nags.size(); ++i) out.word(fmt::format("${}", move.nags[i]));
    number_needed = false;
    for (const auto& c : move.comments_after) out.comment(c), number_needed = true;
    for (const PgnLine& variation : move.variations) {
      out.open_paren();
      write_line(variation, ply, out);
      out.close_paren();
      number_needed = true;
    }
    ++ply;
  }
}

std::string escape_tag_value(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

bool same_line(const PgnLine& a, const PgnLine& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const PgnMove &x = a[i], &y = b[i];
    if (x.san != y.san || x.nags != y.nags || x.comments_before != y.comments_before ||
        x.comments_after != y.comments_after || x.variations.size() != y.variations.size())
      return false;
    for (std::size_t v = 0; v < x.variations.size(); ++v)
      if (!same_line(x.variations[v], y.variations[v])) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string_view> PgnGame::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return std::nullopt;
}

std::optional<SourceLocation> PgnGame::tag_value_location(std::string_view name) const {
  for (std::size_t i = 0; i < tags.size(); ++i)
    if (tags[i].first == name) return i < tag_value_locations.size() ? tag_value_locations[i] : SourceLocation{};
  return std::nullopt;
}

void PgnGame::set_tag(std::string name, std::string value, SourceLocation where) {
  tag_value_locations.resize(tags.size());
  for (std::size_t i = 0; i < tags.size(); ++i) {
    if (tags[i].first == name) {
      tags[i].second = std::move(value);
      tag_value_locations[i] = std::move(where);
      return;
    }
  }
  tags.emplace_back(std::move(name), std::move(value));
  tag_value_locations.push_back(std::move(where));
}

int PgnGame::first_ply() const {
  auto fen = tag("FEN");
  if (!fen) return 0;
  // Fields 2 (side to move) and 6 (fullmove number), split on blanks.
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < fen->size();) {
    while (i < fen->size() && TextCursor::is_blank((*fen)[i])) ++i;
    std::size_t start = i;
    while (i < fen->size() && !TextCursor::is_blank((*fen)[i])) ++i;
    if (i > start) fields.push_back(fen->substr(start, i - start));
  }
  int fullmove = 1;
  if (fields.size() >= 6) {
    auto [end, err] = std::from_chars(fields[5].data(), fields[5].data() + fields[5].size(), fullmove);
    if (err != std::errc() || fullmove < 1) fullmove = 1;
  }
  const bool black = fields.size() >= 2 && fields[1] == "b";
  return (fullmove - 1) * 2 + (black ? 1 : 0);
}

bool same_game(const PgnGame& a, const PgnGame& b) {
  return a.tags == b.tags && a.comments == b.comments && a.result == b.result && same_line(a.moves, b.moves);
}

std::vector<PgnGame> read_pgn(std::string_view text, const std::string& file) { return PgnReader(text, file).read_all(); }

struct PgnStream::Reader : PgnReader {
  using PgnReader::PgnReader;
};

PgnStream::PgnStream(std::string_view text, const std::string& file) : reader_(std::make_unique<Reader>(text, file)) {}
PgnStream::~PgnStream() = default;
std::optional<PgnGame> PgnStream::next() { return reader_->next(); }

std::string move_number_text(int ply) { return fmt::format("{}{}", ply / 2 + 1, ply % 2 == 0 ? "." : "..."); }

std::string write_pgn(const PgnGame& game) {
  std::string out;
  auto emit_tag = [&](std::string_view name, std::string_view value) {
    out += fmt::format("[{} \"{}\"]\n", name, escape_tag_value(value));
  };
  for (auto name : SevenTagRoster) {
    if (auto value = game.tag(name)) emit_tag(name, *value);
    else if (name == "Result") emit_tag(name, game.result);
    else emit_tag(name, name == "Date" ? "????.??.??" : "?");
  }
  for (const auto& [name, value] : game.tags) {
    bool roster = false;
    for (auto r : SevenTagRoster) roster |= name == r;
    if (!roster) emit_tag(name, value);
  }
  out += '\n';
  Wrapper movetext;
  for (const auto& c : game.comments) movetext.comment(c);
  write_line(game.moves, game.first_ply(), movetext);
  movetext.word(game.result);
  out += movetext.finish();
  return out;
}

}  // namespace arbiter
