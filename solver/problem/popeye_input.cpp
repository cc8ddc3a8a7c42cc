// Popeye input for orthodox direct mates, helpmates and selfmates: begin / title / author /
// origin / pieces / stipulation / option / twin / next / end. See problem.h, twins.h and
// puzzles/orthodox/README.md.

#include "solver/problem/popeye_input.h"

#include "rules/core/text_cursor.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/core.h>
#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/core/text.h"
#include "rules/core/position.h"
#include "solver/problem/diagram.h"
#include "solver/problem/popeye_vocabulary.h"
#include "solver/problem/problem.h"
#include "solver/problem/twins.h"
#include "solver/variants/names.h"

namespace arbiter::problem {

namespace popeye {

namespace {

enum class Directive { Begin, End, Next, Pieces, Stipulation, Option, Twin, Title, Author, Origin, Remark, Award, Protocol, Unsupported };

// What the reader does with each directive of Popeye's vocabulary (popeye_vocabulary.h), by its
// English identifier; the file's language only changes how it is spelled.
struct DirectiveRule {
  std::string_view id;
  Directive kind;
  std::string_view unsupported_why = {};
};

constexpr DirectiveRule DirectiveRules[] = {
    {"BeginProblem", Directive::Begin},
    {"EndProblem", Directive::End},
    {"NextProblem", Directive::Next},
    {"Pieces", Directive::Pieces},
    {"Stipulation", Directive::Stipulation},
    {"Option", Directive::Option},
    {"Title", Directive::Title},
    {"Author", Directive::Author},
    {"Origin", Directive::Origin},
    {"Remark", Directive::Remark},
    {"Award", Directive::Award},
    {"Twin", Directive::Twin},
    // Popeye appends its output to the file named; Arbiter notes the name and writes nothing.
    {"Protocol", Directive::Protocol},
    {"SStipulation", Directive::Unsupported,
     "structured stipulations are not supported: write 'stipulation #N', 'h#N' or 's#N'"},
    {"Condition", Directive::Unsupported,
     "fairy conditions are not supported: Arbiter reads orthodox problems from Popeye input"},
    {"ZeroPosition", Directive::Unsupported,
     "a zero position (a diagram that is not solved itself) is not supported: write twin a) as the diagram and the "
     "others with 'twin'"},
    {"Forsyth", Directive::Unsupported,
     "is not supported: list the pieces with 'pieces', or write a PGN problem file with a [FEN] tag"},
    {"LaTeX", Directive::Unsupported, "(LaTeX output) is not supported"},
    {"LaTeXPieces", Directive::Unsupported, "(LaTeX piece names) is not supported"},
    {"InitialGameArray", Directive::Unsupported, "(a game array other than chess's) is not supported"},
};

enum class OptionKind { Variation, NoCastling, EnPassant, SetPlay, Harmless, Rejected };

struct OptionInfo {
  std::string_view id;  // popeye_vocabulary.h's identifier
  OptionKind kind;
  int numbers = 0;      // how many numbers follow it
  std::string_view rejected_why = {};
  bool optional_number = false;  // a number may follow it (Beep 5: how many beeps)
};

constexpr OptionInfo Options[] = {
    {"Variations", OptionKind::Variation},
    {"NoCastling", OptionKind::NoCastling},
    // The double step just played, as the squares the pawn crossed: "EnPassant d2d3d4".
    {"EnPassant", OptionKind::EnPassant},
    // Helpmates: the set play (the other side moving first) is solved too.
    {"SetPlay", OptionKind::SetPlay},
    // Harmless: they change what Popeye prints or how long it searches, not what is solved.
    // Intelligent only speeds Popeye's helpmate search up; the solutions are the same.
    {"Intelligent", OptionKind::Harmless},
    {"Try", OptionKind::Harmless},
    {"Defence", OptionKind::Harmless, 1},
    {"NoThreat", OptionKind::Harmless},
    {"NoShortVariations", OptionKind::Harmless},
    {"NoBoard", OptionKind::Harmless},
    {"MoveNumbers", OptionKind::Harmless},
    {"StartMoveNumber", OptionKind::Harmless, 1},
    {"UpToMoveNumber", OptionKind::Harmless, 1},
    {"MaxSolutions", OptionKind::Harmless, 1},
    {"MaxTime", OptionKind::Harmless, 1},
    {"StopOnShortSolutions", OptionKind::Harmless},
    {"PostKeyPlay", OptionKind::Harmless},
    {"NoSymmetry", OptionKind::Harmless},
    {"Beep", OptionKind::Harmless, 0, {}, true},
    {"SuppressGrid", OptionKind::Harmless},
    {"WriteGrid", OptionKind::Harmless},
    // They change the problem: what is solved, by whom, or which solutions count.
    {"Duplex", OptionKind::Rejected, 0, "also solves the problem with the colours exchanged"},
    {"HalfDuplex", OptionKind::Rejected, 0, "solves the problem with the colours exchanged"},
    {"WhiteToPlay", OptionKind::Rejected, 0, "changes which side moves first"},
    {"Quodlibet", OptionKind::Rejected, 0, "changes the goal of the stipulation"},
    {"GoalIsEnd", OptionKind::Rejected, 0, "changes the goal of the stipulation"},
    {"NullMoves", OptionKind::Rejected, 0, "allows null moves"},
    {"Threat", OptionKind::Rejected, 1, "restricts which solutions count"},
    {"NonTrivial", OptionKind::Rejected, 2, "restricts which solutions count"},
    {"MaxFlightsquares", OptionKind::Rejected, 1, "restricts which solutions count"},
    {"KeepMatingPiece", OptionKind::Rejected, 0, "restricts which solutions count"},
    {"NoWk", OptionKind::Rejected, 0, "allows a position without a white king"},
    {"NoBk", OptionKind::Rejected, 0, "allows a position without a black king"},
    {"CastlingMutuallyExclusive", OptionKind::Rejected, 0, "changes the castling rights"},
};

// The rule for an option Popeye knows; an option missing from the table is not supported yet.
const OptionInfo* option_info(std::string_view id) {
  for (const auto& o : Options)
    if (o.id == id) return &o;
  return nullptr;
}

const DirectiveRule& directive_rule(std::string_view id) {
  for (const auto& d : DirectiveRules)
    if (d.id == id) return d;
  return DirectiveRules[std::size(DirectiveRules) - 1];  // not reached: every directive has a rule
}


}  // namespace

std::optional<std::vector<Square>> square_list(std::string_view text) {
  if (text.empty() || text.size() % 2 != 0) return std::nullopt;
  std::vector<Square> squares;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    Square s = parse_square(lowercase(text.substr(i, 2)));
    if (s == NoSquare) return std::nullopt;
    squares.push_back(s);
  }
  return squares;
}

bool is_directive_word(std::string_view word, Language language) {
  return find_keyword(Kind::Directive, language, word) || find_keyword(Kind::EndOrTwin, language, word);
}

bool is_directive_word(std::string_view word) { return language_of_begin(word) || is_directive_word(word, Language::English); }

namespace {

struct Token {
  std::string text;
  SourceLocation where;
};

// Whitespace-separated words with their locations (columns count bytes, as the PGN reader does).
class Scanner {
 public:
  Scanner(std::string_view text, const std::string& file) : cursor_(text, file) {}

  SourceLocation here() const { return cursor_.here(); }

  std::optional<Token> next() {
    skip_blanks();
    if (cursor_.at_end()) return std::nullopt;
    Token t{"", here()};
    while (!cursor_.at_end() && !TextCursor::is_blank(cursor_.peek())) {
      t.text += cursor_.peek();
      cursor_.advance();
    }
    return t;
  }

  std::optional<Token> peek() {
    auto saved = cursor_.mark();
    auto t = next();
    cursor_.reset(saved);
    return t;
  }

  // The rest of the current line, trimmed (title, author, origin, remark). A carriage return
  // inside it becomes a blank: the text goes into a PGN tag, whose value is one line.
  std::string rest_of_line() {
    while (cursor_.peek() == ' ' || cursor_.peek() == '\t') cursor_.advance();
    std::string out;
    while (!cursor_.at_end() && cursor_.peek() != '\n') {
      out += cursor_.peek() == '\r' ? ' ' : cursor_.peek();
      cursor_.advance();
    }
    while (!out.empty() && TextCursor::is_blank(out.back())) out.pop_back();
    return out;
  }

  // Where the end of the text is, for "expected ... found the end of the file".
  SourceLocation end_location() {
    auto saved = cursor_.mark();
    while (!cursor_.at_end()) cursor_.advance();
    SourceLocation at = here();
    cursor_.reset(saved);
    return at;
  }

 private:
  void skip_blanks() {
    while (!cursor_.at_end() && TextCursor::is_blank(cursor_.peek())) cursor_.advance();
  }

  TextCursor cursor_;
};

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }

std::string where_text(const SourceLocation& at) { return fmt::format("line {}, column {}", at.line, at.column); }

bool looks_like_square_list(std::string_view text) {
  // A file letter and a digit start it; used to tell a malformed piece word from a keyword.
  return text.size() >= 2 && std::isalpha(static_cast<unsigned char>(text[0])) && std::isdigit(static_cast<unsigned char>(text[1]));
}

std::string_view color_name(Color c) { return c == White ? "white" : "black"; }

std::string piece_description(Piece p) {
  static constexpr std::string_view Names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return fmt::format("{} {}", color_name(color_of(p)), Names[type_of(p)]);
}

struct PlacedPiece {
  Piece piece;
  Square square;
  SourceLocation where;  // its word in the file ("kd1"), or its square inside a list ("b2" of "pa2b2")
};

// Popeye's option EnPassant: the squares the pawn crossed in its double step, from start to
// arrival ("d2d3d4"), and where they stand in the file.
struct EnPassantOption {
  std::vector<Square> squares;
  SourceLocation where;
};

struct ProblemText {
  SourceLocation begin;
  std::vector<PlacedPiece> pieces;
  std::optional<SourceLocation> pieces_location;  // the first "pieces" keyword
  std::optional<Stipulation> stipulation;
  SourceLocation stipulation_location;
  std::string title, author, origin, remark, award;
  std::string protocol;  // the files Popeye would append its output to (none is written)
  std::vector<std::string> options;  // as recorded in the PopeyeOptions tag
  bool no_castling_all = false;
  std::vector<Square> no_castling;
  std::optional<EnPassantOption> en_passant;
  std::optional<SourceLocation> set_play;  // the SetPlay option's word
  std::vector<TwinText> twins;
};

void append_text(std::string& field, const std::string& text) {
  if (text.empty()) return;
  if (!field.empty()) field += "; ";
  field += text;
}

// A twin's words straight from the scanner; a directive ("twin", "end", "next", ...) ends it.
class ScannedTwinWords : public TwinWords {
 public:
  ScannedTwinWords(Scanner& scan, Language language) : scan_(scan), language_(language) {}
  std::optional<TwinWord> peek() override { return word(scan_.peek()); }
  std::optional<TwinWord> next() override { return word(scan_.next()); }
  SourceLocation end_location() override { return scan_.end_location(); }
  bool ends_twin(const TwinWord& w) override { return is_directive_word(w.text, language_); }
  Language language() const override { return language_; }

 private:
  static std::optional<TwinWord> word(const std::optional<Token>& t) {
    if (!t) return std::nullopt;
    return TwinWord{t->text, t->where};
  }
  Scanner& scan_;
  Language language_;
};

class PopeyeReader {
 public:
  PopeyeReader(std::string_view text, const std::string& file) : scan_(text, file), file_(file) {}

  std::vector<Problem> read_all() {
    auto first = scan_.next();
    if (!first) fail(scan_.here(), "empty problem file: expected 'begin' (BeginProblem) to start a Popeye problem");
    const auto language = language_of_begin(first->text);
    if (!language)
      fail(first->where, fmt::format("expected 'begin' (BeginProblem; German AnfangProblem, French DebutProbleme) to start "
                                     "the problem, found '{}'",
                                     first->text));
    language_ = *language;
    std::vector<Problem> problems;
    ProblemText current;
    current.begin = first->where;
    for (;;) {
      auto t = scan_.next();
      if (!t)
        fail(scan_.end_location(),
             fmt::format("expected 'end' (EndProblem) or 'next' (NextProblem) to close the problem that begins at {}, "
                         "found the end of the file",
                         where_text(current.begin)));
      const Directive d = resolve_directive(*t);
      if (!current.twins.empty() && (d == Directive::Pieces || d == Directive::Option))
        fail(t->where, fmt::format("'{}' after the twins: the diagram, stipulation and options come before the first 'twin' "
                                   "(at {}), which start the twins",
                                   t->text, where_text(current.twins.front().where)));
      switch (d) {
        case Directive::Begin:
          fail(t->where, fmt::format("'{}' inside a problem: expected 'end' or 'next' to close the problem that begins at {} first",
                                     t->text, where_text(current.begin)));
        case Directive::End:
        case Directive::Next:
          problems.push_back(finish(current, *t, int(problems.size()) + 1));
          if (d == Directive::End) return problems;  // Popeye reads nothing after EndProblem
          current = ProblemText{};
          current.begin = t->where;
          break;
        case Directive::Pieces: read_pieces(current, *t); break;
        case Directive::Stipulation: read_stipulation(current, *t); break;
        case Directive::Option: read_options(current, *t); break;
        case Directive::Twin: {
          ScannedTwinWords words(scan_, language_);
          current.twins.push_back(read_twin(words, t->where));
          break;
        }
        case Directive::Title: append_text(current.title, scan_.rest_of_line()); break;
        case Directive::Author: append_text(current.author, scan_.rest_of_line()); break;
        case Directive::Origin: append_text(current.origin, scan_.rest_of_line()); break;
        case Directive::Remark: append_text(current.remark, scan_.rest_of_line()); break;
        case Directive::Award: append_text(current.award, scan_.rest_of_line()); break;
        case Directive::Protocol: append_text(current.protocol, scan_.rest_of_line()); break;
        case Directive::Unsupported: break;  // resolve_directive threw
      }
    }
  }

 private:
  // A keyword of the file's language: "ambiguous" and "unknown" name the language's spellings.
  const Keyword& keyword_of(Kind kind, const Token& t, std::string_view what) {
    auto m = find_keyword(kind, language_, t.text);
    if (!m) {
      fail(t.where, fmt::format("unknown Popeye {} '{}': expected one of {}", what, t.text, fmt::join(spellings(kind, language_), ", ")));
    }
    if (m->ambiguous())
      fail(t.where, fmt::format("ambiguous Popeye {} '{}': it abbreviates {}; write more of it", what, t.text,
                                joined_spellings(m->candidates, language_)));
    return *m->keyword;
  }

  Directive resolve_directive(const Token& t) {
    const bool ends_twin = !find_keyword(Kind::Directive, language_, t.text) && find_keyword(Kind::EndOrTwin, language_, t.text);
    const Keyword& k = keyword_of(ends_twin ? Kind::EndOrTwin : Kind::Directive, t, "keyword");
    const DirectiveRule& rule = directive_rule(k.id);
    if (rule.kind == Directive::Unsupported)
      fail(t.where, fmt::format("unsupported Popeye keyword '{}'{}: {}", t.text, spelled_out(t.text, k.in(language_)),
                                rule.unsupported_why));
    return rule.kind;
  }

  // A colour word of the file's language, or nothing.
  std::optional<Color> colour_word(const Token& t) {
    auto m = find_keyword(Kind::Colour, language_, t.text);
    if (!m || m->ambiguous()) return std::nullopt;
    if (m->keyword->id == "White") return White;
    if (m->keyword->id == "Black") return Black;
    fail(t.where, fmt::format("{} pieces ('{}') are not supported: pieces are {} or {}", m->keyword->in(language_), t.text,
                              colour_spelling("White"), colour_spelling("Black")));
  }

  std::string colour_spelling(std::string_view id) const { return lowercase(spelling_of(Kind::Colour, id, language_)); }
  PieceType piece_code(char code) const { return orthodox_piece(language_, std::string_view(&code, 1)); }
  std::string piece_letters() const { return orthodox_piece_letters(language_); }

  // pieces white kc8 qf4 ... black kf7 ...: colours and piece words until the next keyword.
  void read_pieces(ProblemText& p, const Token& keyword) {
    if (!p.pieces_location) p.pieces_location = keyword.where;
    std::optional<Color> color;
    int read = 0;
    for (;;) {
      auto t = scan_.peek();
      if (!t) break;
      const std::string word = lowercase(t->text);
      if (word.size() < 3 || !square_list(std::string_view(word).substr(1)))
        if (auto c = colour_word(*t)) {
          scan_.next();
          color = c;
          continue;
        }
      if (word.size() >= 3 && square_list(std::string_view(word).substr(1))) {
        scan_.next();
        const PieceType type = piece_code(char(std::toupper(static_cast<unsigned char>(word[0]))));
        if (type == NoPieceType)
          fail(t->where, fmt::format("unknown piece letter '{}' in '{}': expected {} (Popeye's {} letters){}", t->text[0],
                                     t->text, piece_letters(), language_name(),
                                     word[0] == 'n' && language_ == Language::English ? "; in Popeye 'N' is the nightrider" : ""));
        if (!color)
          fail(t->where, fmt::format("expected a colour ('{}' or '{}') before the first piece, found '{}'", colour_spelling("White"),
                                     colour_spelling("Black"), t->text));
        auto squares = *square_list(std::string_view(word).substr(1));
        for (std::size_t i = 0; i < squares.size(); ++i)
          place(p, make_piece(*color, type), squares[i], i == 0 ? t->where : t->where.advanced(int(1 + 2 * i)));
        ++read;
        continue;
      }
      if (is_directive_word(t->text, language_)) break;
      const bool letter_first = std::isalpha(static_cast<unsigned char>(word[0]));
      if (letter_first && piece_code(char(std::toupper(static_cast<unsigned char>(word[0])))) != NoPieceType)
        fail(t->where.advanced(1), fmt::format("expected the square(s) of the piece after '{}' (as in '{}e4'), found '{}'",
                                               t->text[0], t->text[0], t->text.substr(1)));
      if (letter_first && looks_like_square_list(std::string_view(word).substr(1)))
        fail(t->where, fmt::format("unknown piece letter '{}' in '{}': expected {} (Popeye's {} letters)", t->text[0], t->text,
                                   piece_letters(), language_name()));
      fail(t->where, fmt::format("expected a piece (a letter {} and its square, as in 'sd8') or a colour ('{}', '{}'), found '{}'",
                                 piece_letters(), colour_spelling("White"), colour_spelling("Black"), t->text));
    }
    if (read == 0) fail(keyword.where, fmt::format("expected pieces after '{}', as in 'pieces white ke1 qd1 black ke8'", keyword.text));
  }

  void place(ProblemText& p, Piece piece, Square s, const SourceLocation& where) {
    for (const auto& other : p.pieces)
      if (other.square == s)
        fail(where, fmt::format("square {} is given twice: the {} here and the {} at {}", square_name(s), piece_description(piece),
                                piece_description(other.piece), where_text(other.where)));
    p.pieces.push_back({piece, s, where});
  }

  void read_stipulation(ProblemText& p, const Token& keyword) {
    if (p.stipulation)
      fail(keyword.where, fmt::format("a second stipulation: the problem's stipulation is already given at {}",
                                      where_text(p.stipulation_location)));
    auto t = scan_.next();
    if (!t) fail(scan_.end_location(), "expected a stipulation such as '#2' after 'stipulation', found the end of the file");
    if (t->text.find_first_of("#=+") == std::string::npos && is_directive_word(t->text, language_))
      fail(t->where, fmt::format("expected a stipulation such as '#2' after '{}', found the keyword '{}'", keyword.text, t->text));
    p.stipulation = parse_stipulation(t->text, t->where);
    p.stipulation_location = t->where;
  }

  void read_options(ProblemText& p, const Token& keyword) {
    int read = 0;
    for (;;) {
      auto t = scan_.peek();
      if (!t) break;
      if (!find_keyword(Kind::Option, language_, t->text) && is_directive_word(t->text, language_)) break;
      const Keyword& option = keyword_of(Kind::Option, *t, "option");
      scan_.next();
      ++read;
      const OptionInfo* info = option_info(option.id);
      if (!info || info->kind == OptionKind::Rejected)
        fail(t->where, fmt::format("unsupported Popeye option '{}'{}: {}", t->text, spelled_out(t->text, option.in(language_)),
                                   info ? fmt::format("it {}, and Arbiter proves the stipulation as written", info->rejected_why)
                                        : std::string("Arbiter does not read it yet")));
      std::string recorded(option.english);
      for (int i = 0; i < info->numbers; ++i) {
        auto n = scan_.next();
        if (!n || n->text.find_first_not_of("0123456789") != std::string::npos || n->text.empty())
          fail(n ? n->where : scan_.end_location(),
               fmt::format("expected a number after option '{}', found {}", t->text, n ? "'" + n->text + "'" : "the end of the file"));
        recorded += ' ' + n->text;
      }
      if (info->optional_number)
        if (auto n = scan_.peek(); n && !n->text.empty() && n->text.find_first_not_of("0123456789") == std::string::npos) {
          scan_.next();
          recorded += ' ' + n->text;
        }
      if (info->kind == OptionKind::NoCastling) {
        bool any = false;
        while (auto s = scan_.peek()) {
          auto squares = square_list(s->text);
          if (!squares) break;
          scan_.next();
          any = true;
          recorded += ' ' + lowercase(s->text);
          p.no_castling.insert(p.no_castling.end(), squares->begin(), squares->end());
        }
        if (!any) p.no_castling_all = true;
      }
      if (info->kind == OptionKind::EnPassant) {
        auto s = scan_.peek();
        auto squares = s ? square_list(s->text) : std::nullopt;
        if (!squares)
          fail(s ? s->where : scan_.end_location(),
               fmt::format("expected the squares of the double step just played after option '{}' (start, square crossed, "
                           "arrival: 'EnPassant d2d3d4'), found {}",
                           t->text, s ? "'" + s->text + "'" : "the end of the file"));
        scan_.next();
        recorded += ' ' + lowercase(s->text);
        p.en_passant = EnPassantOption{*squares, s->where};
      }
      if (info->kind == OptionKind::SetPlay) p.set_play = t->where;
      p.options.push_back(std::move(recorded));
    }
    if (read == 0) fail(keyword.where, fmt::format("expected an option after '{}', as in 'option Variation'", keyword.text));
  }

  // " (SetPlay)" when the file abbreviated the keyword, nothing when it spelled it out.
  static std::string spelled_out(const std::string& written, std::string_view full) {
    return lowercase(written) == lowercase(full) ? std::string() : fmt::format(" ({})", full);
  }

  std::string_view language_name() const { return popeye::language_name(language_); }

  // The e.p. square of option EnPassant: Popeye takes the pawn's path (start, the square it
  // crossed, arrival); in orthodox chess only a double step just played by the side not to move
  // gives an e.p. capture.
  static Square en_passant_square(const EnPassantOption& ep, const Diagram& diagram, Color side) {
    const Color mover = ~side;
    const int step = mover == White ? 8 : -8;
    const auto& sq = ep.squares;
    const bool double_step = sq.size() == 3 && sq[1] == sq[0] + step && sq[2] == sq[1] + step && relative_rank(mover, sq[0]) == 1;
    if (!double_step)
      fail(ep.where, fmt::format("expected the double step of a {} pawn (the side not to move) as its three squares, start, "
                                 "square crossed and arrival, as in '{}'",
                                 color_name(mover), mover == White ? "d2d3d4" : "d7d6d5"));
    if (diagram.board[sq[2]] != make_piece(mover, Pawn) || diagram.board[sq[1]] != NoPiece || diagram.board[sq[0]] != NoPiece)
      fail(ep.where, fmt::format("option EnPassant: the {} pawn's double step {}-{} needs the pawn on {} and {} and {} empty",
                                 color_name(mover), square_name(sq[0]), square_name(sq[2]), square_name(sq[2]), square_name(sq[0]),
                                 square_name(sq[1])));
    return sq[1];
  }

  Problem finish(const ProblemText& p, const Token& closing, int number) {
    if (!p.pieces_location)
      fail(closing.where, fmt::format("the problem has no pieces: expected a 'pieces' block (as in 'pieces white ke1 qd1 "
                                      "black ke8') before '{}'",
                                      closing.text));
    if (!p.stipulation)
      fail(closing.where, fmt::format("the problem has no stipulation: expected 'stipulation #N' (a direct mate in N moves; "
                                      "'h#N' a helpmate, 's#N' a selfmate) before '{}'",
                                      closing.text));
    const SourceLocation& pieces_at = *p.pieces_location;
    const Stipulation& stipulation = *p.stipulation;

    Diagram diagram;
    int kings[2] = {0, 0}, pawns[2] = {0, 0}, men[2] = {0, 0};
    const PlacedPiece* first_king[2] = {nullptr, nullptr};
    for (const auto& pp : p.pieces) {
      const Color c = color_of(pp.piece);
      const PieceType t = type_of(pp.piece);
      if (++men[c] > 16)
        fail(pp.where, fmt::format("a 17th {} man ({} on {}): a side has at most 16", color_name(c), piece_description(pp.piece),
                                   square_name(pp.square)));
      if (t == King) {
        if (++kings[c] > 1)
          fail(pp.where, fmt::format("a second {} king (on {}): the position needs exactly one king of each colour; the first is on {} at {}",
                                     color_name(c), square_name(pp.square), square_name(first_king[c]->square),
                                     where_text(first_king[c]->where)));
        first_king[c] = &pp;
      }
      if (t == Pawn) {
        if (rank_of(pp.square) == 0 || rank_of(pp.square) == 7)
          fail(pp.where, fmt::format("{} on {}: pawns cannot stand on the first or last rank", piece_description(pp.piece),
                                     square_name(pp.square)));
        if (++pawns[c] > 8)
          fail(pp.where, fmt::format("a ninth {} pawn (on {}): a side has at most 8 pawns", color_name(c), square_name(pp.square)));
      }
      diagram.board[pp.square] = pp.piece;
    }
    for (Color c : {White, Black})
      if (kings[c] == 0)
        fail(pieces_at, fmt::format("no {} king among the pieces: the position needs exactly one king of each colour", color_name(c)));

    // The stipulation says who moves first (Black in h#N, White otherwise).
    const Color side = stipulation.first_mover();
    diagram.no_castling_all = p.no_castling_all;
    diagram.no_castling = p.no_castling;
    if (p.en_passant) diagram.en_passant = en_passant_square(*p.en_passant, diagram, side);
    const std::string fen = legal_problem_fen(position_of(diagram, side), stipulation, p.stipulation_location, pieces_at);

    Problem out;
    out.file = file_;
    out.number = number;
    out.where = p.begin;
    out.fen = fen;
    out.stipulation = stipulation;
    out.author = p.author;
    out.source = p.origin;
    out.title = p.title;
    out.fen_location = pieces_at;
    out.stipulation_location = p.stipulation_location;
    out.variant = default_variant_names().name;  // Popeye input is read for orthodox problems only
    out.tags["Variant"] = default_variant_names().pgn_tag;
    out.tags["SetUp"] = "1";
    out.tags["FEN"] = fen;
    out.tags["Stipulation"] = stipulation.text;
    if (!p.author.empty()) out.tags["Author"] = p.author;
    if (!p.origin.empty()) out.tags["Source"] = p.origin;
    if (!p.title.empty()) out.tags["Title"] = p.title;
    if (!p.remark.empty()) out.tags["Remark"] = p.remark;
    if (!p.award.empty()) out.tags["Award"] = p.award;
    if (!p.protocol.empty()) out.tags["PopeyeProtocol"] = p.protocol;
    if (!p.options.empty()) {
      std::string joined;
      for (const auto& o : p.options) joined += (joined.empty() ? "" : " ") + o;
      out.tags["PopeyeOptions"] = joined;
    }
    if (!p.twins.empty()) {
      out.twins = derive_twins({diagram, stipulation}, fen, p.begin, p.twins);
      // As a PGN [Twins] tag would say it; a twin without operations is the bare word "twin".
      std::string joined;
      for (std::size_t i = 1; i < out.twins.size(); ++i)
        joined += (i > 1 ? "; " : "") + (out.twins[i].description.empty() ? std::string("twin") : out.twins[i].description);
      out.tags["Twins"] = joined;
    }
    if (p.set_play) {
      out.set_play = true;
      for (const Twin& twin : out.twins.empty() ? std::vector<Twin>{{"a", "", fen, stipulation, p.begin}} : out.twins)
        if (twin.stipulation.kind != Stipulation::HelpMate)
          fail(*p.set_play, fmt::format("unsupported Popeye option 'SetPlay' for '{}'{}: set play (the other side moving first) "
                                        "is solved for helpmates only",
                                        twin.stipulation.text, out.twins.empty() ? "" : " in twin " + twin.label + ")"));
    }
    return out;
  }

  Scanner scan_;
  std::string file_;
  Language language_ = Language::English;
};

}  // namespace
}  // namespace popeye

std::vector<Problem> read_popeye_problems(std::string_view text, const std::string& file) {
  return popeye::PopeyeReader(text, file).read_all();
}

}  // namespace arbiter::problem
