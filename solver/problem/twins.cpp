#include "solver/problem/twins.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/core/text.h"
#include "solver/problem/popeye_conditions.h"
#include "solver/problem/popeye_input.h"
#include "solver/stipulation/structured_stipulation.h"
#include "solver/problem/popeye_men.h"
#include "solver/problem/popeye_vocabulary.h"
#include "solver/stipulation/stipulation_form.h"

namespace arbiter::problem {

namespace {

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }

enum class Keyword { Continued, Move, Exchange, Remove, Add, Rotate, Mirror, Shift, Substitute, PolishType, Stipulation,
                     StructuredStipulation, Condition };

// What each twinning keyword of Popeye's vocabulary (popeye_vocabulary.h) does, by its English
// identifier; the words themselves are the file's language's.
struct KeywordInfo {
  std::string_view id;
  Keyword keyword;
};

constexpr KeywordInfo Keywords[] = {
    {"Continued", Keyword::Continued},
    {"Move", Keyword::Move},
    {"Exchange", Keyword::Exchange},
    {"Remove", Keyword::Remove},
    {"Add", Keyword::Add},
    {"Rotate", Keyword::Rotate},
    {"Mirror", Keyword::Mirror},
    {"Shift", Keyword::Shift},
    {"Substitute", Keyword::Substitute},
    {"PolishType", Keyword::PolishType},
    {"Stipulation", Keyword::Stipulation},
    {"SStipulation", Keyword::StructuredStipulation},
    {"Condition", Keyword::Condition},
};

const KeywordInfo& keyword_info(std::string_view id) {
  for (const auto& k : Keywords)
    if (k.id == id) return k;
  return Keywords[0];  // not reached: every twinning keyword has a row (a test checks it)
}

std::string supported_keywords(popeye::Language language) {
  std::string out;
  for (const auto& k : Keywords)
    out += (out.empty() ? "" : ", ") + std::string(popeye::spelling_of(popeye::Kind::TwinOperation, k.id, language));
  return out;
}

struct MirrorAxis {
  std::string_view name, reversed;
  Mirror mirror;
};
constexpr MirrorAxis MirrorAxes[] = {{"a1<-->h1", "h1<-->a1", Mirror::A1H1},
                                     {"a1<-->a8", "a8<-->a1", Mirror::A1A8},
                                     {"a1<-->h8", "h8<-->a1", Mirror::A1H8},
                                     {"a8<-->h1", "h1<-->a8", Mirror::A8H1}};

std::string color_name(Color c) { return c == White ? "white" : "black"; }

std::string man_name(Piece p) {
  static constexpr std::string_view Names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return fmt::format("{} {}", color_name(color_of(p)), Names[type_of(p)]);
}

// The twin's words, each word read also written into the twin's description.
class RecordedWords : public TwinWords {
 public:
  RecordedWords(TwinWords& words, std::string& description) : words_(words), description_(description) {}
  std::optional<TwinWord> peek() override { return words_.peek(); }
  std::optional<TwinWord> next() override {
    auto w = words_.next();
    if (w) description_ += (description_.empty() ? "" : " ") + w->text;
    return w;
  }
  SourceLocation end_location() override { return words_.end_location(); }
  bool ends_twin(const TwinWord& w) override { return words_.ends_twin(w); }
  popeye::Language language() const override { return words_.language(); }

 private:
  TwinWords& words_;
  std::string& description_;
};

class TwinReader {
 public:
  TwinReader(TwinWords& words, const SourceLocation& where) : words_(words, twin_.description), language_(words.language()) {
    twin_.where = where;
  }

  TwinText read() {
    while (auto w = words_.peek()) {
      const auto match = popeye::find_keyword(popeye::Kind::TwinOperation, language_, w->text);
      if (!match) {
        if (words_.ends_twin(*w)) break;
        fail(w->where, fmt::format("unknown twinning keyword '{}': expected one of {}", w->text, supported_keywords(language_)));
      }
      if (match->ambiguous()) {
        fail(w->where, fmt::format("ambiguous twinning keyword '{}': it abbreviates {}; write more of it", w->text,
                                   popeye::joined_spellings(match->candidates, language_)));
      }
      const TwinWord keyword = take();
      const KeywordInfo& info = keyword_info(match->keyword->id);
      switch (info.keyword) {
        case Keyword::Continued:
          if (twin_.continued || !twin_.operations.empty())
            fail(keyword.where, fmt::format("'{}' after the twin's first operation: 'continued' comes first, right after 'twin', "
                                            "and makes the whole twin apply to the twin before it",
                                            keyword.text));
          twin_.continued = true;
          break;
        case Keyword::Move: two_squares(TwinOperation::Move, keyword, "move e1 f1"); break;
        case Keyword::Exchange: two_squares(TwinOperation::Exchange, keyword, "exchange e1 f1"); break;
        case Keyword::Shift: two_squares(TwinOperation::Shift, keyword, "shift a1 b1"); break;
        case Keyword::Remove: read_remove(keyword); break;
        case Keyword::Add: read_add(keyword); break;
        case Keyword::Rotate: read_rotate(keyword); break;
        case Keyword::Mirror: read_mirror(keyword); break;
        case Keyword::Substitute: read_substitute(keyword); break;
        case Keyword::PolishType: push(TwinOperation::PolishType, keyword); break;
        case Keyword::Stipulation: read_stipulation(keyword); break;
        case Keyword::StructuredStipulation: read_structured_stipulation(keyword); break;
        case Keyword::Condition: read_condition(keyword); break;
      }
    }
    return twin_;
  }

 private:
  TwinWord take() { return *words_.next(); }

  void unsupported(std::string reason) {
    if (std::find(twin_.unsupported.begin(), twin_.unsupported.end(), reason) == twin_.unsupported.end())
      twin_.unsupported.push_back(std::move(reason));
  }

  // Twinning keywords and directives end what a twin's condition or structured stipulation says.
  bool ends_operation(const TwinWord& w) {
    return popeye::find_keyword(popeye::Kind::TwinOperation, language_, w.text).has_value() || words_.ends_twin(w);
  }

  void read_condition(const TwinWord& keyword) {
    for (const auto& c : popeye::read_conditions(words_, language_, keyword, [&](const TwinWord& w) { return ends_operation(w); }, true))
      unsupported("condition " + popeye::condition_name(c));
  }

  void read_structured_stipulation(const TwinWord& keyword) {
    std::string text;
    std::vector<LocatedWord> play;  // the words after the side, checked for their form
    while (auto w = words_.peek()) {
      if (!text.empty() && ends_operation(*w)) break;
      if (!text.empty()) text += ' ';
      const TwinWord word = take();
      if (!text.empty()) play.push_back({word.text, word.where});
      text += word.text;
    }
    if (text.empty()) fail(words_.end_location(), fmt::format("expected a structured stipulation after '{}'", keyword.text));
    if (play.empty()) fail(words_.end_location(), fmt::format("expected the play after '{} {}', as in '3a[#]d'", keyword.text, text));
    const auto side = popeye::find_keyword(popeye::Kind::Colour, language_, text.substr(0, text.find(' ')));
    const bool white = side && !side->ambiguous() && side->keyword->id == "White";
    if (!white && !(side && !side->ambiguous() && side->keyword->id == "Black"))
      fail(play.front().where, fmt::format("expected the side to move first ('white' or 'black') after '{}', as in '{} white 3a[#]d'",
                                           keyword.text, keyword.text));
    const StructuredStipulation s = ::arbiter::read_structured_stipulation(white ? White : Black, play);  // malformed: bad input here
    if (s.plain) {
      push(TwinOperation::NewStipulation, keyword).stipulation = *s.plain;
      return;
    }
    const auto missing = structured_unsupported(*s.tree);
    for (const auto& r : missing) unsupported(fmt::format("structured stipulation '{}': {}", text, r));
    if (missing.empty()) push(TwinOperation::NewStipulation, keyword).stipulation = structured_play(s, text);
  }

  // The word an operation needs next, or an error saying what was expected.
  TwinWord argument(const TwinWord& keyword, std::string_view expected) {
    auto w = words_.peek();
    if (!w) fail(words_.end_location(), fmt::format("expected {} after '{}', found nothing", expected, keyword.text));
    return take();
  }

  TwinOperation& push(TwinOperation::Kind kind, const TwinWord& keyword) {
    TwinOperation op;
    op.kind = kind;
    op.keyword = keyword;
    twin_.operations.push_back(std::move(op));
    return twin_.operations.back();
  }

  TwinOperation::Target square(const TwinWord& keyword, std::string_view example) {
    const TwinWord w = argument(keyword, fmt::format("a square (as in '{}')", example));
    const Square s = parse_square(lowercase(w.text));
    if (s == NoSquare)
      fail(w.where, fmt::format("expected a square after '{}' (as in '{}'), found '{}'", keyword.text, example, w.text));
    return {s, w.where};
  }

  void two_squares(TwinOperation::Kind kind, const TwinWord& keyword, std::string_view example) {
    auto from = square(keyword, example);
    auto to = square(keyword, example);
    if (from.square == to.square)
      fail(to.where, fmt::format("'{} {} {}' names the same square twice: expected two different squares (as in '{}')", keyword.text,
                                 square_name(from.square), square_name(to.square), example));
    push(kind, keyword).targets = {from, to};
  }

  void read_remove(const TwinWord& keyword) {
    const TwinWord w = argument(keyword, "the square(s) to clear (as in 'remove e7' or 'remove e7f2')");
    auto squares = popeye::square_list(w.text);
    if (!squares)
      fail(w.where, fmt::format("expected the square(s) to clear after '{}' (as in 'remove e7' or 'remove e7f2'), found '{}'",
                                keyword.text, w.text));
    auto& op = push(TwinOperation::Remove, keyword);
    for (std::size_t i = 0; i < squares->size(); ++i) op.targets.push_back({(*squares)[i], w.where.advanced(int(2 * i))});
  }

  // add white pb4 se8 black ra6: colours, attributes and piece words, as in a 'pieces' block.
  void read_add(const TwinWord& keyword) {
    auto& op = push(TwinOperation::Add, keyword);
    for (const auto& man : popeye::read_men(words_, language_, keyword).men) {
      if (man.colour == "Neutral") unsupported("neutral pieces");
      bool played = true;
      for (const auto& r : popeye::unplayed_attributes(man)) {
        unsupported(r);
        played = false;
      }
      const auto fairy = popeye::fairy_cell_of(man);
      if (man.orthodox == NoPieceType && !fairy) {
        unsupported("piece " + popeye::walk_name(man));
        played = false;
      }
      if (!played) continue;
      TwinOperation::Target t{man.square, man.where.advanced(int(man.code.size()))};
      if (fairy) t.fairy = *fairy;
      else t.piece = make_piece(man.colour == "White" ? White : Black, man.orthodox);
      op.targets.push_back(std::move(t));
    }
  }

  void read_rotate(const TwinWord& keyword) {
    const TwinWord w = argument(keyword, "an angle, 90, 180 or 270");
    if (w.text != "90" && w.text != "180" && w.text != "270")
      fail(w.where, fmt::format("expected the angle 90, 180 or 270 after '{}' (counter-clockwise: 'rotate 90' takes a1 to h1), "
                                "found '{}'",
                                keyword.text, w.text));
    push(TwinOperation::Rotate, keyword).degrees = std::stoi(w.text);
  }

  void read_mirror(const TwinWord& keyword) {
    const TwinWord w = argument(keyword, "an axis, a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1");
    const std::string axis = lowercase(w.text);
    for (const auto& m : MirrorAxes)
      if (axis == m.name || axis == m.reversed) {
        push(TwinOperation::Mirror, keyword).mirror = m.mirror;
        return;
      }
    fail(w.where, fmt::format("expected a1<-->h1 (files reversed), a1<-->a8 (ranks reversed), a1<-->h8 or a8<-->h1 (a diagonal) "
                              "after '{}', found '{}'",
                              keyword.text, w.text));
  }

  // A piece code of the file's language: an orthodox type, or a fairy man's code (lower case)
  // that the fairy rule set plays; any other walk is named in `unsupported` (nothing returned).
  std::optional<std::pair<PieceType, std::string>> piece_type(const TwinWord& keyword) {
    const std::string letters = popeye::orthodox_piece_letters(language_);
    const TwinWord w = argument(keyword, fmt::format("a piece code ({})", letters));
    const auto walk = popeye::walk_of(w.text, language_);
    if (!walk)
      fail(w.where, fmt::format("expected a piece code ({}, or a fairy piece's) after '{}', as in 'substitute r s', found '{}'", letters,
                                keyword.text, w.text));
    const PieceType t = popeye::orthodox_piece(language_, w.text);
    if (t != NoPieceType) return std::pair{t, std::string()};
    const PopeyeMan man = popeye::man_of(*walk, w.text, language_);
    if (auto code = popeye::fairy_code(man)) return std::pair{NoPieceType, *code};
    unsupported("piece " + popeye::walk_name(man));
    return std::nullopt;
  }

  void read_substitute(const TwinWord& keyword) {
    const auto from = piece_type(keyword);
    const auto to = piece_type(keyword);
    if (!from || !to) return;
    auto& op = push(TwinOperation::Substitute, keyword);
    std::tie(op.from_type, op.from_code) = *from;
    std::tie(op.to_type, op.to_code) = *to;
  }

  void read_stipulation(const TwinWord& keyword) {
    const auto read = popeye::read_stipulation_words(words_, keyword, language_);
    if (auto s = read.form.playable(read.where)) push(TwinOperation::NewStipulation, keyword).stipulation = *s;
    else unsupported("stipulation " + read.form.named());
  }

  RecordedWords words_;
  popeye::Language language_;
  TwinText twin_;
};

// Where a square goes under a rotation or mirror (see twins.h).
Square transformed(Square s, const TwinOperation& op) {
  const int f = file_of(s), r = rank_of(s);
  if (op.kind == TwinOperation::Rotate) {
    switch (op.degrees) {
      case 90: return make_square(7 - r, f);
      case 180: return make_square(7 - f, 7 - r);
      default: return make_square(r, 7 - f);  // 270
    }
  }
  switch (op.mirror) {
    case Mirror::A1H1: return make_square(7 - f, r);
    case Mirror::A1A8: return make_square(f, 7 - r);
    case Mirror::A1H8: return make_square(7 - r, 7 - f);
    case Mirror::A8H1: break;
  }
  return make_square(r, f);
}

// Popeye's English code of an orthodox type, lower case ("s" the knight), as a fairy cell writes it.
std::string_view orthodox_code(PieceType t) {
  static constexpr std::string_view Codes[] = {"", "p", "s", "b", "r", "q", "k"};
  return Codes[t];
}

class TwinApplier {
 public:
  TwinApplier(const TwinText& twin, const std::string& label) : twin_(twin), label_(label) {}

  TwinState apply(TwinState state) {
    for (const auto& op : twin_.operations) apply(op, state);
    return state;
  }

 private:
  // The men of a diagram, orthodox and fairy, square by square: every operation moves both.
  struct Men {
    std::array<Piece, 64>& board;
    std::array<std::string, 64>& fairy;
    bool empty(Square s) const { return board[s] == NoPiece && fairy[s].empty(); }
    void clear(Square s) {
      board[s] = NoPiece;
      fairy[s].clear();
    }
    void move(Square from, Square to) {
      board[to] = board[from];
      fairy[to] = std::move(fairy[from]);
      clear(from);
    }
    // Every man to where `where` sends it (NoSquare: off the board, not allowed by callers).
    template <class Where>
    void permute(Where&& where) {
      std::array<Piece, 64> b{};
      std::array<std::string, 64> f{};
      for (Square s = 0; s < 64; ++s)
        if (!empty(s)) {
          b[where(s)] = board[s];
          f[where(s)] = std::move(fairy[s]);
        }
      board = b;
      fairy = std::move(f);
    }
    std::string name(Square s) const {
      if (board[s] != NoPiece) return man_name(board[s]);
      const FairyCell c = fairy_cell(fairy[s]);
      return fmt::format("{} {}({})", c.colour == White ? "white" : "black", c.royal() ? "royal " : "", uppercase(c.code));
    }
  };

  void apply(const TwinOperation& op, TwinState& state) {
    Men men{state.diagram.board, state.diagram.fairy};
    switch (op.kind) {
      case TwinOperation::Move:
        need_man(men, op.targets[0], op);
        men.move(op.targets[0].square, op.targets[1].square);  // as in Popeye, a man on the target square leaves the board
        break;
      case TwinOperation::Exchange:
        need_man(men, op.targets[0], op);
        need_man(men, op.targets[1], op);
        std::swap(men.board[op.targets[0].square], men.board[op.targets[1].square]);
        std::swap(men.fairy[op.targets[0].square], men.fairy[op.targets[1].square]);
        break;
      case TwinOperation::Remove:
        for (const auto& t : op.targets) {
          need_man(men, t, op);
          men.clear(t.square);
        }
        break;
      case TwinOperation::Add:
        // As in Popeye, a man added on an occupied square replaces the man there ("twin add
        // black ra6" over a black queen on a6 makes the queen a rook).
        for (const auto& t : op.targets) {
          if (men.board[t.square] == t.piece && men.fairy[t.square] == t.fairy)
            fail(t.where, fmt::format("twin {}): '{}' puts a {} on {}, where a {} already stands: the addition changes nothing "
                                      "(expected an empty square, or one whose man the added one replaces)",
                                      label_, op.keyword.text, men.name(t.square), square_name(t.square), men.name(t.square)));
          men.board[t.square] = t.piece;
          men.fairy[t.square] = t.fairy;
        }
        break;
      case TwinOperation::Rotate:
      case TwinOperation::Mirror: men.permute([&](Square s) { return transformed(s, op); }); break;
      case TwinOperation::Shift: shift(men, op); break;
      case TwinOperation::Substitute:
        // A man keeps its attributes (as Popeye keeps them when a walk changes).
        for (Square s = 0; s < 64; ++s) {
          FairyCell man;
          if (men.board[s] != NoPiece) man = {"", std::string(orthodox_code(type_of(men.board[s]))), color_of(men.board[s])};
          else if (!men.fairy[s].empty()) man = fairy_cell(men.fairy[s]);
          else continue;
          if (man.code != (op.from_type != NoPieceType ? std::string(orthodox_code(op.from_type)) : op.from_code)) continue;
          men.clear(s);
          if (op.to_type == King) std::erase(man.attributes, 'r');  // a king is royal by its walk
          if (op.to_type != NoPieceType && man.attributes.empty()) {
            men.board[s] = make_piece(man.colour, op.to_type);
            continue;
          }
          man.code = op.to_type != NoPieceType ? std::string(orthodox_code(op.to_type)) : op.to_code;
          men.fairy[s] = fairy_cell_text(man);
        }
        break;
      case TwinOperation::PolishType:
        for (Square s = 0; s < 64; ++s) {
          if (men.board[s] != NoPiece) men.board[s] = make_piece(~color_of(men.board[s]), type_of(men.board[s]));
          if (men.fairy[s].empty()) continue;
          FairyCell man = fairy_cell(men.fairy[s]);
          man.colour = ~man.colour;
          men.fairy[s] = fairy_cell_text(man);
        }
        break;
      case TwinOperation::NewStipulation: state.stipulation = op.stipulation; break;
    }
  }

  void need_man(const Men& men, const TwinOperation::Target& t, const TwinOperation& op) {
    if (men.empty(t.square))
      fail(t.where, fmt::format("twin {}): '{}' needs a man on {}, which is empty{}: expected a square with a man on it", label_,
                                op.keyword.text, square_name(t.square), twin_.continued ? " in the twin before" : " in the diagram"));
  }

  void shift(Men& men, const TwinOperation& op) {
    const int df = file_of(op.targets[1].square) - file_of(op.targets[0].square);
    const int dr = rank_of(op.targets[1].square) - rank_of(op.targets[0].square);
    for (Square s = 0; s < 64; ++s) {
      if (men.empty(s) || on_board(file_of(s) + df, rank_of(s) + dr)) continue;
      fail(op.keyword.where, fmt::format("twin {}): '{} {} {}' would push the {} on {} off the board: every man must stay on "
                                         "it",
                                         label_, op.keyword.text, square_name(op.targets[0].square),
                                         square_name(op.targets[1].square), men.name(s), square_name(s)));
    }
    men.permute([&](Square s) { return make_square(file_of(s) + df, rank_of(s) + dr); });
  }

  const TwinText& twin_;
  const std::string& label_;
};

}  // namespace

TwinText read_twin(TwinWords& words, const SourceLocation& where) { return TwinReader(words, where).read(); }

// After z) Popeye goes on with z1), z2), ...
std::string twin_label(std::size_t index) {
  return index < 26 ? std::string(1, char('a' + index)) : fmt::format("z{}", index - 25);
}

const std::vector<std::string>& twinning_keywords() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& k : Keywords)
      v.emplace_back(popeye::spelling_of(popeye::Kind::TwinOperation, k.id, popeye::Language::English));
    return v;
  }();
  return names;
}

std::vector<Twin> derive_twins(const TwinState& diagram, const std::string& diagram_fen, const SourceLocation& problem_where,
                               const std::vector<TwinText>& texts, Color direct_mate_side) {
  std::vector<Twin> twins;
  twins.push_back({twin_label(0), "", diagram_fen, diagram.stipulation, problem_where});
  TwinState previous = diagram;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const TwinText& text = texts[i];
    const std::string label = twin_label(i + 1);
    TwinState state = TwinApplier(text, label).apply(text.continued ? previous : diagram);
    const Color side = state.stipulation.kind == Stipulation::DirectMate && !state.stipulation.structured ? direct_mate_side : state.stipulation.first_mover();
    const Position pos = position_of(state.diagram, side);
    const std::string what = text.description.empty() ? fmt::format("twin {})", label)
                                                       : fmt::format("twin {}) ({})", label, text.description);
    Twin twin{label, text.description, "", state.stipulation, text.where};
    const bool fairy = has_fairy_men(state.diagram);
    try {
      twin.fen = fairy ? legal_fairy_problem_fen(state.diagram, side, state.stipulation, text.where, what)
                       : legal_problem_fen(pos, state.stipulation, text.where, text.where, what, state.diagram.kings_optional);
    } catch (const ParseError& e) {
      twin.fen = fairy ? fairy_fen(state.diagram, side) : write_fen(pos);  // for display only: an illegal twin is never solved
      twin.illegal = e;
    }
    twins.push_back(std::move(twin));
    previous = std::move(state);
  }
  return twins;
}

}  // namespace arbiter::problem
