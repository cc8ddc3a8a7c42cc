// Popeye input for orthodox direct mates, helpmates and selfmates: begin / title / author /
// origin / pieces / stipulation / option / twin / next / end. See problem.h, twins.h and
// puzzles/orthodox/README.md.

#include "solver/problem/popeye_input.h"

#include "rules/core/text_cursor.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/core/position.h"
#include "rules/notation/popeye.h"
#include "solver/problem/diagram.h"
#include "solver/problem/problem.h"
#include "solver/problem/twins.h"
#include "solver/variants/names.h"

namespace arbiter::problem {

namespace popeye {

namespace {

enum class Directive { Begin, End, Next, Pieces, Stipulation, Option, Twin, Title, Author, Origin, Remark, Award, Text, Unsupported };

struct DirectiveInfo {
  std::string_view name;  // lower case
  std::string_view display;
  Directive kind;
  std::string_view unsupported_why = {};
};

constexpr DirectiveInfo Directives[] = {
    {"beginproblem", "BeginProblem", Directive::Begin},
    {"endproblem", "EndProblem", Directive::End},
    {"nextproblem", "NextProblem", Directive::Next},
    {"pieces", "Pieces", Directive::Pieces},
    {"stipulation", "Stipulation", Directive::Stipulation},
    {"option", "Option", Directive::Option},
    {"title", "Title", Directive::Title},
    {"author", "Author", Directive::Author},
    {"origin", "Origin", Directive::Origin},
    {"remark", "Remark", Directive::Remark},
    {"award", "Award", Directive::Award},
    {"text", "Text", Directive::Text},
    {"twin", "Twin", Directive::Twin},
    {"sstipulation", "SStipulation", Directive::Unsupported,
     "structured stipulations are not supported: write 'stipulation #N', 'h#N' or 's#N'"},
    {"condition", "Condition", Directive::Unsupported,
     "fairy conditions are not supported: Arbiter reads orthodox problems from Popeye input"},
    {"zeroposition", "ZeroPosition", Directive::Unsupported,
     "a zero position (a diagram that is not solved itself) is not supported: write twin a) as the diagram and the "
     "others with 'twin'"},
    {"forsyth", "Forsyth", Directive::Unsupported,
     "is not supported: list the pieces with 'pieces', or write a PGN problem file with a [FEN] tag"},
    {"protocol", "Protocol", Directive::Unsupported, "(a protocol file) is not supported"},
};

enum class OptionKind { Variation, NoCastling, EnPassant, SetPlay, Harmless, Rejected };

struct OptionInfo {
  std::string_view name;  // lower case
  std::string_view display;
  OptionKind kind;
  bool takes_number = false;
  std::string_view rejected_why = {};
};

constexpr OptionInfo Options[] = {
    {"variation", "Variation", OptionKind::Variation},
    {"nocastling", "NoCastling", OptionKind::NoCastling},
    // The double step just played, as the squares the pawn crossed: "EnPassant d2d3d4".
    {"enpassant", "EnPassant", OptionKind::EnPassant},
    // Helpmates: the set play (the other side moving first) is solved too.
    {"setplay", "SetPlay", OptionKind::SetPlay},
    // Harmless: they change what Popeye prints or how long it searches, not what is solved.
    // Intelligent only speeds Popeye's helpmate search up; the solutions are the same.
    {"intelligent", "Intelligent", OptionKind::Harmless},
    {"try", "Try", OptionKind::Harmless},
    {"defence", "Defence", OptionKind::Harmless, true},
    {"nothreat", "NoThreat", OptionKind::Harmless},
    {"noshortvariations", "NoShortVariations", OptionKind::Harmless},
    {"noboard", "NoBoard", OptionKind::Harmless},
    {"movenumbers", "MoveNumbers", OptionKind::Harmless},
    {"maxsolutions", "MaxSolutions", OptionKind::Harmless, true},
    {"maxtime", "MaxTime", OptionKind::Harmless, true},
    // They change the problem: what is solved, by whom, or which solutions count.
    {"duplex", "Duplex", OptionKind::Rejected, false, "also solves the problem with the colours exchanged"},
    {"halfduplex", "HalfDuplex", OptionKind::Rejected, false, "solves the problem with the colours exchanged"},
    {"whitetoplay", "WhiteToPlay", OptionKind::Rejected, false, "changes which side moves first"},
    {"quodlibet", "Quodlibet", OptionKind::Rejected, false, "changes the goal of the stipulation"},
    {"goalisend", "GoalIsEnd", OptionKind::Rejected, false, "changes the goal of the stipulation"},
    {"nullmoves", "NullMoves", OptionKind::Rejected, false, "allows null moves"},
    {"threat", "Threat", OptionKind::Rejected, true, "restricts which solutions count"},
    {"nontrivial", "NonTrivial", OptionKind::Rejected, true, "restricts which solutions count"},
    {"maxflightsquares", "MaxFlightsquares", OptionKind::Rejected, true, "restricts which solutions count"},
    {"keepmatingpiece", "KeepMatingPiece", OptionKind::Rejected, false, "restricts which solutions count"},
    {"nowk", "NoWk", OptionKind::Rejected, false, "allows a position without a white king"},
    {"nobk", "NoBk", OptionKind::Rejected, false, "allows a position without a black king"},
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

template <class Table>
KeywordMatch match_in(const Table& table, std::string_view word) {
  std::vector<std::string_view> names;
  for (const auto& entry : table) names.push_back(entry.name);
  return match_keyword(names, word);
}

const DirectiveInfo& directive_info(std::string_view name) {
  for (const auto& d : Directives)
    if (d.name == name) return d;
  return Directives[0];  // not reached: names come from the table
}

const OptionInfo& option_info(std::string_view name) {
  for (const auto& o : Options)
    if (o.name == name) return o;
  return Options[0];
}

}  // namespace

KeywordMatch match_keyword(const std::vector<std::string_view>& names, std::string_view word) {
  KeywordMatch result;
  const std::string w = lower(word);
  if (w.empty()) return result;
  for (const auto name : names)
    if (name == w) {
      result.name = std::string(name);
      return result;
    }
  for (const auto name : names)
    if (name.starts_with(w)) result.rivals.emplace_back(name);
  if (result.rivals.size() == 1) {
    result.name = result.rivals.front();
    result.rivals.clear();
  }
  return result;
}

std::optional<std::vector<Square>> square_list(std::string_view text) {
  if (text.empty() || text.size() % 2 != 0) return std::nullopt;
  std::vector<Square> squares;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    Square s = parse_square(lower(text.substr(i, 2)));
    if (s == NoSquare) return std::nullopt;
    squares.push_back(s);
  }
  return squares;
}

KeywordMatch match_directive(std::string_view word) { return match_in(Directives, word); }
KeywordMatch match_option(std::string_view word) { return match_in(Options, word); }

bool is_directive_word(std::string_view word) {
  auto m = match_directive(word);
  return !m.name.empty() || !m.rivals.empty();
}

const std::vector<std::string>& directive_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& d : Directives) v.emplace_back(d.display);
    return v;
  }();
  return names;
}

const std::vector<std::string>& option_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& o : Options) v.emplace_back(o.display);
    return v;
  }();
  return names;
}

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
  explicit ScannedTwinWords(Scanner& scan) : scan_(scan) {}
  std::optional<TwinWord> peek() override { return word(scan_.peek()); }
  std::optional<TwinWord> next() override { return word(scan_.next()); }
  SourceLocation end_location() override { return scan_.end_location(); }
  bool ends_twin(const TwinWord& w) override { return is_directive_word(w.text); }

 private:
  static std::optional<TwinWord> word(const std::optional<Token>& t) {
    if (!t) return std::nullopt;
    return TwinWord{t->text, t->where};
  }
  Scanner& scan_;
};

class PopeyeReader {
 public:
  PopeyeReader(std::string_view text, const std::string& file) : scan_(text, file), file_(file) {}

  std::vector<Problem> read_all() {
    auto first = scan_.next();
    if (!first) fail(scan_.here(), "empty problem file: expected 'begin' (BeginProblem) to start a Popeye problem");
    auto m = match_directive(first->text);
    if (m.name != "beginproblem")
      fail(first->where, fmt::format("expected 'begin' (BeginProblem) to start the problem, found '{}'", first->text));
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
          ScannedTwinWords words(scan_);
          current.twins.push_back(read_twin(words, t->where));
          break;
        }
        case Directive::Title: append_text(current.title, scan_.rest_of_line()); break;
        case Directive::Author: append_text(current.author, scan_.rest_of_line()); break;
        case Directive::Origin: append_text(current.origin, scan_.rest_of_line()); break;
        case Directive::Remark:
        case Directive::Text: append_text(current.remark, scan_.rest_of_line()); break;
        case Directive::Award: append_text(current.award, scan_.rest_of_line()); break;
        case Directive::Unsupported: break;  // resolve_directive threw
      }
    }
  }

 private:
  Directive resolve_directive(const Token& t) {
    auto m = match_directive(t.text);
    if (m.name.empty()) {
      if (!m.rivals.empty()) {
        std::string list;
        for (const auto& r : m.rivals) list += (list.empty() ? "" : ", ") + std::string(directive_info(r).display);
        fail(t.where, fmt::format("ambiguous Popeye keyword '{}': it abbreviates {}; write more of it", t.text, list));
      }
      fail(t.where, fmt::format("unknown Popeye keyword '{}': expected one of {}", t.text, supported_directives()));
    }
    const auto& info = directive_info(m.name);
    if (info.kind == Directive::Unsupported)
      fail(t.where, fmt::format("unsupported Popeye keyword '{}'{}: {}", t.text, spelled_out(t.text, info.display), info.unsupported_why));
    return info.kind;
  }

  // pieces white kc8 qf4 ... black kf7 ...: colours and piece words until the next keyword.
  void read_pieces(ProblemText& p, const Token& keyword) {
    if (!p.pieces_location) p.pieces_location = keyword.where;
    std::optional<Color> color;
    int read = 0;
    for (;;) {
      auto t = scan_.peek();
      if (!t) break;
      const std::string word = lower(t->text);
      if (!word.empty() && (std::string_view("white").starts_with(word) || std::string_view("black").starts_with(word))) {
        scan_.next();
        color = word[0] == 'w' ? White : Black;
        continue;
      }
      if (!word.empty() && std::string_view("neutral").starts_with(word))
        fail(t->where, fmt::format("neutral pieces ('{}') are not supported: pieces are white or black", t->text));
      if (word.size() >= 3 && square_list(std::string_view(word).substr(1))) {
        scan_.next();
        const PieceType type = popeye_piece_type(word[0]);
        if (type == NoPieceType)
          fail(t->where, fmt::format("unknown piece letter '{}' in '{}': expected K, Q, R, B, S or P (Popeye's English "
                                     "letters; S is the knight){}",
                                     t->text[0], t->text, word[0] == 'n' ? "; in Popeye 'N' is the nightrider" : ""));
        if (!color)
          fail(t->where, fmt::format("expected a colour ('white' or 'black') before the first piece, found '{}'", t->text));
        auto squares = *square_list(std::string_view(word).substr(1));
        for (std::size_t i = 0; i < squares.size(); ++i)
          place(p, make_piece(*color, type), squares[i], i == 0 ? t->where : t->where.advanced(int(1 + 2 * i)));
        ++read;
        continue;
      }
      if (is_directive_word(t->text)) break;
      const bool letter_first = std::isalpha(static_cast<unsigned char>(word[0]));
      if (letter_first && popeye_piece_type(word[0]) != NoPieceType)
        fail(t->where.advanced(1), fmt::format("expected the square(s) of the piece after '{}' (as in '{}e4'), found '{}'",
                                               t->text[0], t->text[0], t->text.substr(1)));
      if (letter_first && looks_like_square_list(std::string_view(word).substr(1)))
        fail(t->where, fmt::format("unknown piece letter '{}' in '{}': expected K, Q, R, B, S or P (Popeye's English "
                                   "letters; S is the knight)",
                                   t->text[0], t->text));
      fail(t->where, fmt::format("expected a piece (a letter K, Q, R, B, S or P and its square, as in 'sd8') or a colour "
                                 "('white', 'black'), found '{}'",
                                 t->text));
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
    if (t->text.find_first_of("#=+") == std::string::npos && is_directive_word(t->text))
      fail(t->where, fmt::format("expected a stipulation such as '#2' after '{}', found the keyword '{}'", keyword.text, t->text));
    p.stipulation = parse_stipulation(t->text, t->where);
    p.stipulation_location = t->where;
  }

  void read_options(ProblemText& p, const Token& keyword) {
    int read = 0;
    for (;;) {
      auto t = scan_.peek();
      if (!t) break;
      auto m = match_option(t->text);
      if (m.name.empty()) {
        if (is_directive_word(t->text)) break;
        if (!m.rivals.empty()) {
          std::string list;
          for (const auto& r : m.rivals) list += (list.empty() ? "" : ", ") + std::string(option_info(r).display);
          fail(t->where, fmt::format("ambiguous Popeye option '{}': it abbreviates {}; write more of it", t->text, list));
        }
        fail(t->where, fmt::format("unknown Popeye option '{}': Arbiter accepts {}", t->text, accepted_options()));
      }
      scan_.next();
      ++read;
      const auto& info = option_info(m.name);
      if (info.kind == OptionKind::Rejected)
        fail(t->where, fmt::format("unsupported Popeye option '{}'{}: it {}, and Arbiter proves the stipulation as written",
                                   t->text, spelled_out(t->text, info.display), info.rejected_why));
      std::string recorded(info.display);
      if (info.takes_number) {
        auto n = scan_.next();
        if (!n || n->text.find_first_not_of("0123456789") != std::string::npos || n->text.empty())
          fail(n ? n->where : scan_.end_location(),
               fmt::format("expected a number after option '{}', found {}", t->text, n ? "'" + n->text + "'" : "the end of the file"));
        recorded += ' ' + n->text;
      }
      if (info.kind == OptionKind::NoCastling) {
        bool any = false;
        while (auto s = scan_.peek()) {
          auto squares = square_list(s->text);
          if (!squares) break;
          scan_.next();
          any = true;
          recorded += ' ' + lower(s->text);
          p.no_castling.insert(p.no_castling.end(), squares->begin(), squares->end());
        }
        if (!any) p.no_castling_all = true;
      }
      if (info.kind == OptionKind::EnPassant) {
        auto s = scan_.peek();
        auto squares = s ? square_list(s->text) : std::nullopt;
        if (!squares)
          fail(s ? s->where : scan_.end_location(),
               fmt::format("expected the squares of the double step just played after option '{}' (start, square crossed, "
                           "arrival: 'EnPassant d2d3d4'), found {}",
                           t->text, s ? "'" + s->text + "'" : "the end of the file"));
        scan_.next();
        recorded += ' ' + lower(s->text);
        p.en_passant = EnPassantOption{*squares, s->where};
      }
      if (info.kind == OptionKind::SetPlay) p.set_play = t->where;
      p.options.push_back(std::move(recorded));
    }
    if (read == 0) fail(keyword.where, fmt::format("expected an option after '{}', as in 'option Variation'", keyword.text));
  }

  // " (SetPlay)" when the file abbreviated the keyword, nothing when it spelled it out.
  static std::string spelled_out(const std::string& written, std::string_view full) {
    return lower(written) == lower(full) ? std::string() : fmt::format(" ({})", full);
  }

  static std::string supported_directives() {
    std::string out;
    for (const auto& d : Directives)
      if (d.kind != Directive::Unsupported) out += (out.empty() ? "" : ", ") + std::string(d.display);
    return out;
  }

  static std::string accepted_options() {
    std::string out;
    for (const auto& o : Options)
      if (o.kind != OptionKind::Rejected) out += (out.empty() ? "" : ", ") + std::string(o.display);
    return out;
  }

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
};

}  // namespace
}  // namespace popeye

std::vector<Problem> read_popeye_problems(std::string_view text, const std::string& file) {
  return popeye::PopeyeReader(text, file).read_all();
}

}  // namespace arbiter::problem
