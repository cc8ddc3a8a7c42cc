// Popeye input, the whole language: every directive is read and modelled (popeye_elements.h);
// a problem Arbiter cannot play is `unsupported` with what it needs named, a malformed one is
// recorded with its error and the reader goes on with the file's next problem. See problem.h,
// twins.h and puzzles/orthodox/README.md.

#include "solver/problem/popeye_input.h"

#include "rules/core/text_cursor.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <optional>

#include <fmt/core.h>
#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/core/text.h"
#include "rules/core/position.h"
#include "rules/orthodox/options.h"
#include "solver/problem/diagram.h"
#include "solver/problem/popeye_conditions.h"
#include "solver/problem/popeye_men.h"
#include "solver/problem/popeye_vocabulary.h"
#include "solver/problem/problem.h"
#include "solver/problem/twins.h"
#include "solver/stipulation/stipulation_form.h"
#include "solver/stipulation/structured_stipulation.h"
#include "solver/variants/fairy_pieces.h"
#include "solver/variants/names.h"

namespace arbiter::problem {

namespace popeye {

namespace {

enum class Directive {
  Begin, End, Next, Pieces, Forsyth, Stipulation, StructuredStipulation, Condition, Option, Twin, ZeroPosition,
  Title, Author, Origin, Remark, Award, Protocol, LaTeX, LaTeXPieces, InitialGameArray
};

// What the reader does with each directive of Popeye's vocabulary (popeye_vocabulary.h), by its
// English identifier; the file's language only changes how it is spelled.
struct DirectiveRule {
  std::string_view id;
  Directive kind;
};

constexpr DirectiveRule DirectiveRules[] = {
    {"BeginProblem", Directive::Begin},
    {"EndProblem", Directive::End},
    {"NextProblem", Directive::Next},
    {"Pieces", Directive::Pieces},
    {"Forsyth", Directive::Forsyth},
    {"Stipulation", Directive::Stipulation},
    {"SStipulation", Directive::StructuredStipulation},
    {"Condition", Directive::Condition},
    {"Option", Directive::Option},
    {"Title", Directive::Title},
    {"Author", Directive::Author},
    {"Origin", Directive::Origin},
    {"Remark", Directive::Remark},
    {"Award", Directive::Award},
    {"Twin", Directive::Twin},
    {"ZeroPosition", Directive::ZeroPosition},
    // Popeye appends its output to the file named; Arbiter notes the name and writes nothing.
    {"Protocol", Directive::Protocol},
    // Popeye writes a LaTeX file and reads LaTeX names for the pieces; output only, nothing written.
    {"LaTeX", Directive::LaTeX},
    {"LaTeXPieces", Directive::LaTeXPieces},
    {"InitialGameArray", Directive::InitialGameArray},
};

enum class OptionKind { Variation, NoCastling, CastlingExclusive, EnPassant, SetPlay, PostKeyPlay, WhiteToPlay, Duplex, HalfDuplex, Quodlibet, Threat, MaxFlights, NonTrivial, NullMoves, StopOnShort, GoalIsEnd, Harmless, Unsupported };

struct OptionInfo {
  std::string_view id;  // popeye_vocabulary.h's identifier
  OptionKind kind;
  int numbers = 0;      // how many numbers follow it (a move number may be a path: "25:8:27", a move within moves)
  std::string_view unsupported_why = {};
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
    {"Intelligent", OptionKind::Harmless, 0, {}, true},
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
    // The diagram is the position after the key: Popeye solves the play after it (battle play),
    // and ignores the option in help play.
    {"PostKeyPlay", OptionKind::PostKeyPlay},
    {"NoSymmetry", OptionKind::Harmless},
    {"Beep", OptionKind::Harmless, 0, {}, true},
    {"SuppressGrid", OptionKind::Harmless},
    {"WriteGrid", OptionKind::Harmless},
    {"TrivialTriesAvoid", OptionKind::Harmless},
    // Popeye's layout shows a selfmate's defences that mate at once in longer play too (LayoutOptions).
    {"MatesIn1", OptionKind::Harmless},
    // Popeye stops a line once the mating side has no man left but its king: in the rules read
    // from Popeye input (orthodox chess) a lone king never mates, so no solution is lost.
    {"KeepMatingPiece", OptionKind::Harmless},
    // Help play: White starts, half a move shorter (h#4 is solved as h#3.5).
    {"WhiteToPlay", OptionKind::WhiteToPlay},
    // The problem is solved also (Duplex) or only (HalfDuplex) with the sides' roles exchanged.
    {"Duplex", OptionKind::Duplex},
    {"HalfDuplex", OptionKind::HalfDuplex},
    // A selfmate is also won by the attacker's own mate ("s# or #").
    {"Quodlibet", OptionKind::Quodlibet},
    // Battle play: an attacker move must threaten mate within N moves (or check); one that leaves
    // the defending king more than N flights is refuted (stipulation.h, BattleOptions).
    {"Threat", OptionKind::Threat, 1},
    {"MaxFlightsquares", OptionKind::MaxFlights, 1},
    // NonTrivial m k: a defender node may have at most m + 1 defences not answered by the goal in
    // 2k + 1 half-moves, m shrinking along the line (stipulation.h, BattleOptions).
    {"NonTrivial", OptionKind::NonTrivial, 2},
    // Either side may pass ("..."), not in check and not right after a pass (BattleOptions).
    {"NullMoves", OptionKind::NullMoves},
    // Help play: only the shortest solutions when some are short, and the solution is partial.
    {"StopOnShortSolutions", OptionKind::StopOnShort},
    // The goal ends the play whichever side reaches it (target.h, Target::ends_play).
    {"GoalIsEnd", OptionKind::GoalIsEnd},
    // A side may have no king (orthodox.king-count=at-most-one). Popeye solves a diagram without
    // a king even without them, after a warning; with them, the warning is not printed.
    {"NoWk", OptionKind::Harmless},
    {"NoBk", OptionKind::Harmless},
    // They change the problem: what is solved, by whom, or which solutions count.
    // A white and a black castling that cannot both be legal: a white rook's square and a black
    // rook's, "a1h8" (orthodox.castling-exclusive-a1h8=exclusive).
    {"CastlingMutuallyExclusive", OptionKind::CastlingExclusive},
    {"Search", OptionKind::Unsupported, 0, "changes how the solutions are searched"},
    {"MultiSolutions", OptionKind::Unsupported, 0, "changes which solutions are listed"},
    {"unpublishedoption", OptionKind::Unsupported, 0, "is Popeye's own"},
};

// The rule for an option Popeye knows; an option missing from the table is not supported yet.
const OptionInfo* option_info(std::string_view id) {
  for (const auto& o : Options)
    if (o.id == id) return &o;
  return nullptr;
}

Directive directive_of(std::string_view id) {
  for (const auto& d : DirectiveRules)
    if (d.id == id) return d.kind;
  return Directive::Remark;  // not reached: every directive has a rule (a test checks it)
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

StipulationRead read_stipulation_words(TwinWords& words, const TwinWord& keyword, Language language) {
  const auto w = words.peek();
  if (!w)
    throw ParseError(words.end_location(), fmt::format("expected a stipulation such as '#2' after '{}', found the end of the file",
                                                       keyword.text));
  if (w->text.find_first_of("#=+~%!<>") == std::string::npos && is_directive_word(w->text, language))
    throw ParseError(w->where, fmt::format("expected a stipulation such as '#2' after '{}', found the keyword '{}'", keyword.text,
                                           w->text));
  words.next();
  try {
    return {parse_stipulation_form(w->text, w->where), w->where};
  } catch (const ParseError&) {
    // "dia 15.5": the number of moves may follow as a word of its own.
    const auto n = words.peek();
    const bool count = n && !n->text.empty() && n->text.find_first_not_of("0123456789.") == std::string::npos;
    if (count) {
      std::optional<StipulationForm> joined;
      try {
        joined = parse_stipulation_form(w->text + n->text, w->where);
      } catch (const ParseError&) {
      }
      if (joined) {
        joined->text = w->text + " " + n->text;  // as written
        words.next();
        return {*joined, w->where};
      }
    }
    throw;
  }
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

std::string_view color_name(Color c) { return c == White ? "white" : "black"; }

// An option's number: "2", "-1", or Popeye's move numbers within moves, "25:8:27".
bool is_number_word(std::string_view w) {
  if (w.starts_with('-')) w.remove_prefix(1);
  if (w.empty() || !std::isdigit(static_cast<unsigned char>(w.front())) || !std::isdigit(static_cast<unsigned char>(w.back())))
    return false;
  return w.find_first_not_of("0123456789:") == std::string_view::npos;
}

std::string piece_description(Piece p) {
  static constexpr std::string_view Names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return fmt::format("{} {}", color_name(color_of(p)), Names[type_of(p)]);
}

std::string man_description(const PopeyeMan& m) {
  std::string out = lowercase(m.colour);
  for (const auto& a : m.attributes) out += " " + lowercase(a);
  return out + " " + (m.orthodox != NoPieceType ? std::string(piece_description(make_piece(White, m.orthodox)).substr(6)) : walk_name(m));
}

// Popeye's option EnPassant: the squares the pawn crossed in its double step, from start to
// arrival ("d2d3d4"), and where they stand in the file.
struct EnPassantOption {
  std::vector<Square> squares;
  SourceLocation where;
};

struct ProblemText {
  SourceLocation begin;
  std::vector<PopeyeMan> men;
  std::vector<PopeyeMan> target_men;              // a=>b: the diagram to reach
  std::optional<SourceLocation> pieces_location;  // the first "pieces" or "forsyth" keyword
  int total_invisible = 0;
  std::optional<StipulationForm> stipulation;
  std::string structured_stipulation;  // sstipulation's words
  std::optional<StructuredStipulation> structured;  // as read, when no synonym of a plain one
  SourceLocation stipulation_location;
  std::vector<PopeyeCondition> conditions;
  std::string title, author, origin, remark, award;
  PopeyeHeading heading;
  std::string protocol;  // the files Popeye would append its output to (none is written)
  std::vector<PopeyeOption> options;
  std::vector<std::string> recorded_options;  // as recorded in the PopeyeOptions tag
  std::vector<std::string> unsupported;        // what the text asks for that Arbiter does not play
  bool no_castling_all = false;
  std::vector<Square> no_castling;
  std::vector<std::string> exclusive_castlings;  // "a1h8": the rooks' squares of each exclusive pair
  std::optional<EnPassantOption> en_passant;
  std::optional<SourceLocation> set_play;  // the SetPlay option's word
  bool post_key_play = false;
  bool post_key_numbered_first = false;  // a structured synonym starting with the defence, without '-'
  bool white_to_play = false;
  bool goal_is_end = false;
  BattleOptions battle;  // Quodlibet, Threat, MaxFlightsquares, NonTrivial
  Duplex duplex = Duplex::No;
  std::optional<TwinText> zero_position;   // "zeroposition" and its operations: twin a)
  std::vector<TwinText> twins;
};

void append_text(std::string& field, const std::string& text) {
  if (text.empty()) return;
  if (!field.empty()) field += "; ";
  field += text;
}

void add_reason(std::vector<std::string>& reasons, std::string reason) {
  if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) reasons.push_back(std::move(reason));
}

// Popeye's option WhiteToPlay: in help play White starts and the play is half a move shorter;
// h#4 is solved, and printed, as h#3.5. Popeye shortens a helpmate of whole moves only: help play
// of N.5 moves, which White already starts, is played as it stands (Popeye says nothing:
// REGRESSIONS/4_47_to_4_49.inp 6, 4_51_to_4_53.inp 14, "option WhiteToPlay not applicable in
// help play"); another genre is refused.
std::optional<Stipulation> white_to_play(const Stipulation& s) {
  if (s.kind != Stipulation::HelpMate || s.series) return std::nullopt;
  if (s.half_move) return s;
  Stipulation out = s;
  out.moves = s.moves - 1;
  out.half_move = true;
  const auto number = s.text.find_last_not_of("0123456789") + 1;
  out.text = fmt::format("{}{}.5", s.text.substr(0, number), out.moves);
  return out;
}

std::string white_to_play_refusal(const Stipulation& s) {
  return fmt::format("option WhiteToPlay for '{}' (it shortens a helpmate of whole moves by White's starting)", s.text);
}

// The twins' new stipulations under WhiteToPlay; a reason when one cannot take it.
void apply_white_to_play(std::vector<TwinText>& twins, std::vector<std::string>& reasons) {
  for (auto& t : twins)
    for (auto& op : t.operations)
      if (op.kind == TwinOperation::NewStipulation) {
        if (auto shortened = white_to_play(op.stipulation)) op.stipulation = *shortened;
        else add_reason(reasons, white_to_play_refusal(op.stipulation));
      }
}

// Popeye's option GoalIsEnd (Target::ends_play): played in direct, self, help and series play
// whose goal is judged on the move (not in reflex play, help-self, help-reflex or reciprocal
// help play, or a structured stipulation). The reason when the stipulation cannot take it.
std::optional<std::string> goal_is_end_refusal(const Stipulation& s) {
  if (s.structured || s.kind == Stipulation::ReflexMate || s.kind == Stipulation::SemiReflexMate || s.help_end != HelpEnd::Goal)
    return fmt::format("option GoalIsEnd for '{}' (played in direct, self, help and series play so far)", s.text);
  return std::nullopt;
}

// The twins' new stipulations under GoalIsEnd; a reason when one cannot take it.
void apply_goal_is_end(std::vector<TwinText>& twins, std::vector<std::string>& reasons) {
  for (auto& t : twins)
    for (auto& op : t.operations)
      if (op.kind == TwinOperation::NewStipulation) {
        if (auto refusal = goal_is_end_refusal(op.stipulation)) add_reason(reasons, *refusal);
        else op.stipulation.target.ends_play = true;
      }
}

// Threat k as Popeye applies it to a stipulation: not at all (ignored, said so) in help and
// series play or where the battle is k moves long or shorter, but for a one-mover, where it is
// silent (and the guard, with no attacker move left after the first, never acts).
BattleOptions threat_applied(const Stipulation& s, BattleOptions battle) {
  const bool help_or_series = s.kind == Stipulation::HelpMate || s.series;
  if (battle.max_threat >= 0 && !s.structured && (help_or_series || (s.moves >= 2 && s.moves <= battle.max_threat))) {
    battle.threat_ignored = battle.max_threat;
    battle.max_threat = -1;
  }
  return battle;
}

// Popeye's options of battle play on a stipulation (BattleOptions): Quodlibet on self, reflex and
// semi-reflex play towards any goal, Threat and MaxFlightsquares on direct, self and reflex play
// of mate, NonTrivial on a direct mate or selfmate. The reason when the stipulation cannot take
// them, else none.
std::optional<std::string> battle_refusal(const Stipulation& s, const BattleOptions& battle) {
  if (!battle.any()) return std::nullopt;  // nothing left to play (an ignored Threat)
  // The options that change play are wired into #N, s#N and help play of mate so far; PostKeyPlay
  // alone into all battle play (r#, semi-r#, =, s=, c81, ...: the key not played, the diagram's
  // last move is unknown, so a goal about a move is not reached there, as in Popeye's
  // TESTS/goal_is_end.inp 4),
  // Quodlibet alone into all self and reflex play (s=, sz, semi-r#, ...), StopOnShortSolutions
  // alone into all help and series play (h=, hs#, ser-#, ...).
  const bool post_key_only = battle.post_key && !battle.quodlibet && !battle.stop_on_short && !battle.null_moves && !battle.depth_dependent();
  const bool quodlibet_only = battle.quodlibet && !battle.post_key && !battle.stop_on_short && !battle.null_moves && !battle.depth_dependent();
  const bool battle_play = !s.series && s.kind != Stipulation::HelpMate;
  const bool stop_on_short_only = battle.stop_on_short && !battle.post_key && !battle.quodlibet && !battle.null_moves && !battle.depth_dependent();
  const bool self_or_reflex = s.kind == Stipulation::SelfMate || s.kind == Stipulation::ReflexMate || s.kind == Stipulation::SemiReflexMate;
  // Threat and MaxFlightsquares guard the defender nodes of reflex play of mate as of #N and s#N.
  const bool reflex_mate = (s.kind == Stipulation::ReflexMate || s.kind == Stipulation::SemiReflexMate) && !s.series &&
                           !s.structured && s.target.kind == Target::Mate;
  const bool guards_only = !battle.stop_on_short && !battle.null_moves && battle.nontrivial_max < 0;
  if (!s.classic() && !(post_key_only && battle_play) &&
      !(quodlibet_only && battle_play && self_or_reflex && !s.structured) && !(stop_on_short_only && !battle_play && !s.structured) &&
      !(reflex_mate && guards_only))
    return fmt::format("option {} for '{}' (the options that change play are played with #N, h#N and s#N only so far)",
                       battle.quodlibet ? "Quodlibet" : battle.stop_on_short ? "StopOnShortSolutions" : battle.null_moves ? "NullMoves"
                       : battle.post_key ? "PostKeyPlay" : battle.max_threat >= 0 ? "Threat"
                       : battle.max_flights >= 0 ? "MaxFlightsquares" : "NonTrivial",
                       s.text);
  if (battle.quodlibet && !self_or_reflex)
    return fmt::format("option Quodlibet for '{}' (it adds the direct goal to a selfmate's or reflexmate's)", s.text);
  if (battle.stop_on_short && s.kind != Stipulation::HelpMate && !s.series)
    return fmt::format("option StopOnShortSolutions for '{}' (Popeye refuses it in battle play)", s.text);
  if (battle.null_moves && s.kind != Stipulation::HelpMate)
    return fmt::format("option NullMoves for '{}' (null moves are built for help play only)", s.text);
  if (battle.depth_dependent() && s.kind == Stipulation::HelpMate)
    return fmt::format("option {} for '{}' (it restricts the attacker's moves in battle play)",
                       battle.max_threat >= 0 ? "Threat" : battle.max_flights >= 0 ? "MaxFlightsquares" : "NonTrivial", s.text);
  return std::nullopt;
}

std::function<void(std::vector<TwinText>&, std::vector<std::string>&)> battle_applier(const BattleOptions& battle) {
  return [battle](std::vector<TwinText>& twins, std::vector<std::string>& reasons) {
    for (auto& t : twins)
      for (auto& op : t.operations)
        if (op.kind == TwinOperation::NewStipulation) {
          const BattleOptions applied = threat_applied(op.stipulation, battle);
          if (auto refusal = battle_refusal(op.stipulation, applied)) add_reason(reasons, *refusal);
          else op.stipulation.battle = applied;
        }
  };
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
    SourceLocation begin = first->where;
    for (;;) {
      const int number = int(problems.size()) + 1;
      ProblemText current;
      current.begin = begin;
      std::optional<Token> closing;
      try {
        closing = read_problem(current);
        problems.push_back(finish(current, *closing, number));
      } catch (const ParseError& e) {
        // One malformed problem does not stop the others: the reader goes on after its 'next'.
        if (!closing) closing = skip_problem();
        problems.push_back(malformed(current, number, e));
      }
      if (!closing || directive(*closing) == Directive::End) return problems;  // Popeye reads nothing after EndProblem
      begin = closing->where;
    }
  }

 private:
  // Reads one problem's directives up to its 'end' or 'next' (returned). Throws ParseError.
  Token read_problem(ProblemText& current) {
    for (;;) {
      auto t = scan_.next();
      if (!t)
        fail(scan_.end_location(),
             fmt::format("expected 'end' (EndProblem) or 'next' (NextProblem) to close the problem that begins at {}, "
                         "found the end of the file",
                         where_text(current.begin)));
      const Directive d = resolve_directive(*t);
      const bool twinned = !current.twins.empty() || current.zero_position;
      if (twinned && (d == Directive::Pieces || d == Directive::Forsyth || d == Directive::Option || d == Directive::Condition))
        fail(t->where, fmt::format("'{}' after the twins (a twin before any position): the diagram, conditions, stipulation and "
                                   "options come before the first 'twin' (at {}), which start the twins",
                                   t->text, where_text(current.zero_position ? current.zero_position->where : current.twins.front().where)));
      switch (d) {
        case Directive::Begin:
          fail(t->where, fmt::format("'{}' inside a problem: expected 'end' or 'next' to close the problem that begins at {} first",
                                     t->text, where_text(current.begin)));
        case Directive::End:
        case Directive::Next:
          return *t;
        case Directive::Pieces: read_pieces(current, *t); break;
        case Directive::Forsyth: read_forsyth_position(current, *t); break;
        case Directive::Stipulation: read_stipulation(current, *t); break;
        case Directive::StructuredStipulation: read_structured_stipulation(current, *t); break;
        case Directive::Condition: read_condition(current, *t); break;
        case Directive::Option: read_options(current, *t); break;
        case Directive::Twin:
        case Directive::ZeroPosition: read_twin_directive(current, *t, d); break;
        case Directive::Title: heading_line(current.title, current.heading.titles); break;
        case Directive::Author: heading_line(current.author, current.heading.authors); break;
        case Directive::Origin: heading_line(current.origin, current.heading.origins); break;
        case Directive::Remark: heading_line(current.remark, current.heading.remarks); break;
        case Directive::Award: {
          const std::string text = scan_.rest_of_line();
          append_text(current.award, text);
          current.heading.award = text;  // Popeye keeps the last
          break;
        }
        case Directive::Protocol: append_text(current.protocol, scan_.rest_of_line()); break;
        case Directive::LaTeX:  // the file's name, then (optionally) LaTeX names for pieces
        case Directive::LaTeXPieces: skip_latex_pieces(); break;
        case Directive::InitialGameArray:
          add_reason(current.unsupported, "an initial game array (Popeye's InitialGameArray)");
          break;
      }
    }
  }

  // After a malformed problem: the words up to its 'next' or 'end' (returned), or the end of the
  // file. A text line's words (title, author, ...) are skipped whole.
  std::optional<Token> skip_problem() {
    while (auto t = scan_.next()) {
      const auto m = find_keyword(Kind::Directive, language_, t->text);
      if (!m || m->ambiguous()) continue;
      const Directive d = directive_of(m->keyword->id);
      if (d == Directive::End || d == Directive::Next) return t;
      if (d == Directive::Title || d == Directive::Author || d == Directive::Origin || d == Directive::Remark ||
          d == Directive::Award || d == Directive::Protocol || d == Directive::LaTeX)
        scan_.rest_of_line();
    }
    return std::nullopt;
  }

  Problem malformed(const ProblemText& p, int number, const ParseError& e) {
    Problem out;
    out.file = file_;
    out.number = number;
    out.where = p.begin;
    out.author = p.author;
    out.source = p.origin;
    out.title = p.title;
    if (p.stipulation) out.stipulation.text = p.stipulation->text;
    out.malformed = e;
    return out;
  }

  // The rest of the keyword's line, then LaTeX names for pieces, one per line ("le DR leo"), up
  // to a line that starts otherwise.
  void skip_latex_pieces() {
    scan_.rest_of_line();
    while (auto t = scan_.peek()) {
      if (!find_keyword(Kind::Piece, language_, t->text)) break;
      scan_.next();
      scan_.rest_of_line();
    }
  }

  Directive directive(const Token& t) const {
    const auto m = find_keyword(Kind::Directive, language_, t.text);
    return m && !m->ambiguous() ? directive_of(m->keyword->id) : Directive::Remark;
  }

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
    const bool ends_twin = find_keyword(Kind::EndOrTwin, language_, t.text).has_value() && !find_keyword(Kind::Directive, language_, t.text);
    const Keyword& k = keyword_of(ends_twin ? Kind::EndOrTwin : Kind::Directive, t, "keyword");
    return directive_of(k.id);
  }

  std::string colour_spelling(std::string_view id) const { return lowercase(spelling_of(Kind::Colour, id, language_)); }
  std::string piece_letters() const { return orthodox_piece_letters(language_); }

  // pieces white kc8 qf4 ... black kf7 ...: colours, attributes and piece words until the next keyword.
  void read_pieces(ProblemText& p, const Token& keyword) {
    if (!p.pieces_location) p.pieces_location = keyword.where;
    ScannedTwinWords words(scan_, language_);
    MenRead read = read_men(words, language_, {keyword.text, keyword.where});
    for (auto& m : read.men) place(p, std::move(m));
    if (read.total_invisible) p.total_invisible = *read.total_invisible;
    const auto t = scan_.peek();
    if (!t || is_directive_word(t->text, language_)) return;
    if (auto e = misspelt_piece_word({t->text, t->where}, language_)) throw *e;
    fail(t->where, fmt::format("expected a piece (a piece code such as {} and its squares, as in 'sd8') or a colour ('{}', '{}'), "
                               "found '{}'",
                               piece_letters(), colour_spelling("White"), colour_spelling("Black"), t->text));
  }

  void read_forsyth_position(ProblemText& p, const Token& keyword) {
    if (!p.pieces_location) p.pieces_location = keyword.where;
    auto t = scan_.next();
    if (!t) fail(scan_.end_location(), fmt::format("expected a position after '{}', as in '{} 8/8/8/8/8/8/8/K1k5'", keyword.text, keyword.text));
    for (auto& m : read_forsyth({t->text, t->where}, language_)) place(p, std::move(m));
  }

  // A man on an occupied square sends the man there below it, to Popeye's underworld (which
  // Circe Volcanic, Ghost chess and promotions read); Arbiter models it and plays no such
  // problem. In an a=>b proof game the men after the stipulation are the diagram to reach.
  void place(ProblemText& p, PopeyeMan man) {
    if (p.stipulation && p.stipulation->goal == "a=>b") {
      p.target_men.push_back(std::move(man));
      return;
    }
    for (const auto& other : p.men)
      if (other.square == man.square)
        add_reason(p.unsupported, fmt::format("a man under another on {} (the {} at {} below the {} at {}: Popeye's underworld)",
                                              square_name(man.square), man_description(other), where_text(other.where),
                                              man_description(man), where_text(man.where)));
    p.men.push_back(std::move(man));
  }

  void read_stipulation(ProblemText& p, const Token& keyword) {
    if (p.stipulation || !p.structured_stipulation.empty())
      fail(keyword.where, fmt::format("a second stipulation: the problem's stipulation is already given at {}",
                                      where_text(p.stipulation_location)));
    ScannedTwinWords words(scan_, language_);
    auto read = read_stipulation_words(words, {keyword.text, keyword.where}, language_);
    p.stipulation = std::move(read.form);
    p.stipulation_location = read.where;
  }

  // sstipulation white 3a[#]d | 4hh[#]: the side, then the structure, up to the next keyword.
  void read_structured_stipulation(ProblemText& p, const Token& keyword) {
    if (p.stipulation || !p.structured_stipulation.empty())
      fail(keyword.where, fmt::format("a second stipulation: the problem's stipulation is already given at {}",
                                      where_text(p.stipulation_location)));
    auto side = scan_.next();
    const auto colour = side ? find_keyword(Kind::Colour, language_, side->text) : std::nullopt;
    if (!side || !colour || colour->ambiguous() || (colour->keyword->id != "White" && colour->keyword->id != "Black"))
      fail(side ? side->where : scan_.end_location(),
           fmt::format("expected the side to move first ('{}' or '{}') after '{}', as in '{} {} 3a[#]d'", colour_spelling("White"),
                       colour_spelling("Black"), keyword.text, keyword.text, colour_spelling("White")));
    std::string text = side->text;
    std::vector<LocatedWord> play;
    while (auto t = scan_.peek()) {
      if (!play.empty() && is_directive_word(t->text, language_)) break;
      const auto word = *scan_.next();
      text += " " + word.text;
      play.push_back({word.text, word.where});
    }
    if (play.empty()) fail(scan_.end_location(), fmt::format("expected the play after '{} {}', as in '3a[#]d'", keyword.text, side->text));
    const StructuredStipulation structured =
        ::arbiter::read_structured_stipulation(colour->keyword->id == "White" ? White : Black, play);  // malformed: bad input here
    p.stipulation_location = side->where;
    // A synonym of a plain stipulation ("black 4hh[#]": h#2) is played as that one; one that starts
    // with the defence ("white - 6da[#]") as that one after its key (PostKeyPlay).
    if (structured.plain) {
      p.stipulation = parse_stipulation_form(structured.plain->canonical_text(), play.front().where);
      if (structured.post_key) {
        p.post_key_play = true;
        p.post_key_numbered_first = !structured.inverted;
      }
    } else {
      p.structured_stipulation = text;
      p.structured = structured;
    }
  }

  void read_condition(ProblemText& p, const Token& keyword) {
    ScannedTwinWords words(scan_, language_);
    auto read = read_conditions(words, language_, {keyword.text, keyword.where},
                                [&](const TwinWord& w) { return is_directive_word(w.text, language_); });
    p.conditions.insert(p.conditions.end(), read.begin(), read.end());
  }

  void read_twin_directive(ProblemText& p, const Token& keyword, Directive d) {
    if (d == Directive::ZeroPosition && (p.zero_position || !p.twins.empty()))
      fail(keyword.where, fmt::format("'{}' after the first twin: the zero position comes before the twins", keyword.text));
    ScannedTwinWords words(scan_, language_);
    TwinText twin = read_twin(words, keyword.where);
    if (d == Directive::ZeroPosition) p.zero_position = std::move(twin);
    else p.twins.push_back(std::move(twin));
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
      PopeyeOption model{std::string(option.id), {}, t->where};
      std::string recorded(option.english);
      auto parameter = [&](const Token& n) {
        model.parameters.push_back(n.text);
        recorded += ' ' + n.text;
      };
      for (int i = 0; info && i < info->numbers; ++i) {
        auto n = scan_.next();
        if (!n || !is_number_word(n->text))
          fail(n ? n->where : scan_.end_location(),
               fmt::format("expected a number after option '{}', found {}", t->text, n ? "'" + n->text + "'" : "the end of the file"));
        parameter(*n);
      }
      if (info && info->optional_number)
        if (auto n = scan_.peek(); n && !n->text.empty() && n->text.find_first_not_of("0123456789") == std::string::npos) parameter(*scan_.next());
      if (!info || info->kind == OptionKind::Unsupported) {
        add_reason(p.unsupported, fmt::format("option {}{}", option.english,
                                              info ? fmt::format(" (it {})", info->unsupported_why) : std::string()));
      } else if (info->kind == OptionKind::NoCastling) {
        bool any = false;
        while (auto s = scan_.peek()) {
          auto squares = square_list(s->text);
          if (!squares) break;
          scan_.next();
          any = true;
          model.parameters.push_back(s->text);
          recorded += ' ' + lowercase(s->text);
          p.no_castling.insert(p.no_castling.end(), squares->begin(), squares->end());
        }
        if (!any) p.no_castling_all = true;
      } else if (info->kind == OptionKind::CastlingExclusive) {
        // Popeye reads one pair per keyword ("Roch a1a8 Roch h1h8"); more pairs after one are read too.
        const std::string expected_pair = fmt::format(
            "expected a white rook's square (a1 or h1) and a black rook's (a8 or h8) after option '{}', as in 'a1h8'", t->text);
        bool any = false;
        while (auto s = scan_.peek()) {
          auto squares = square_list(s->text);
          if (!squares) break;
          if (squares->size() != 2 || ((*squares)[0] != sq::a1 && (*squares)[0] != sq::h1) ||
              ((*squares)[1] != sq::a8 && (*squares)[1] != sq::h8))
            fail(s->where, fmt::format("{}, found '{}'", expected_pair, s->text));
          scan_.next();
          any = true;
          model.parameters.push_back(lowercase(s->text));
          recorded += ' ' + lowercase(s->text);
          if (std::find(p.exclusive_castlings.begin(), p.exclusive_castlings.end(), lowercase(s->text)) == p.exclusive_castlings.end())
            p.exclusive_castlings.push_back(lowercase(s->text));
        }
        if (!any)
          fail(scan_.peek() ? scan_.peek()->where : scan_.end_location(), expected_pair);
      } else if (info->kind == OptionKind::EnPassant) {
        auto s = scan_.peek();
        auto squares = s ? square_list(s->text) : std::nullopt;
        if (!squares)
          fail(s ? s->where : scan_.end_location(),
               fmt::format("expected the squares of the double step just played after option '{}' (start, square crossed, "
                           "arrival: 'EnPassant d2d3d4'), found {}",
                           t->text, s ? "'" + s->text + "'" : "the end of the file"));
        scan_.next();
        model.parameters.push_back(s->text);
        recorded += ' ' + lowercase(s->text);
        // Popeye takes the steps of fairy pawns too (Einstein chess: "d8d7d6d5", a triple step):
        // well-formed, not played.
        if (squares->size() > 3)
          p.unsupported.push_back(fmt::format("option EnPassant over {} squares ('{}': a fairy pawn's long step)", squares->size(), s->text));
        else p.en_passant = EnPassantOption{*squares, s->where};
      } else if (info->kind == OptionKind::SetPlay) {
        p.set_play = t->where;
      } else if (info->kind == OptionKind::PostKeyPlay) {
        p.post_key_play = true;
      } else if (info->kind == OptionKind::WhiteToPlay) {
        p.white_to_play = true;
      } else if (info->kind == OptionKind::Duplex) {
        p.duplex = p.duplex == Duplex::Only ? Duplex::Only : Duplex::Also;
      } else if (info->kind == OptionKind::HalfDuplex) {
        p.duplex = Duplex::Only;
      } else if (info->kind == OptionKind::Quodlibet) {
        p.battle.quodlibet = true;
      } else if (info->kind == OptionKind::Threat) {
        p.battle.max_threat = option_count(model.parameters.back(), *t);
      } else if (info->kind == OptionKind::MaxFlights) {
        p.battle.max_flights = option_count(model.parameters.back(), *t);
      } else if (info->kind == OptionKind::NonTrivial) {
        p.battle.nontrivial_max = option_count(model.parameters[0], *t);
        p.battle.nontrivial_length = option_count(model.parameters[1], *t);
      } else if (info->kind == OptionKind::NullMoves) {
        p.battle.null_moves = true;
      } else if (info->kind == OptionKind::StopOnShort) {
        p.battle.stop_on_short = true;
      } else if (info->kind == OptionKind::GoalIsEnd) {
        p.goal_is_end = true;
      }
      p.options.push_back(std::move(model));
      p.recorded_options.push_back(std::move(recorded));
    }
    if (read == 0) fail(keyword.where, fmt::format("expected an option after '{}', as in 'option Variation'", keyword.text));
  }

  std::string_view language_name() const { return popeye::language_name(language_); }

  // A heading directive's text: joined into its field ("; " between lines, as a PGN tag holds
  // it) and kept as a line of Popeye's heading.
  void heading_line(std::string& field, std::vector<std::string>& lines) {
    const std::string text = scan_.rest_of_line();
    append_text(field, text);
    if (!text.empty()) lines.push_back(text);
  }

  // An option's count ("Threat 2"), read as a number of moves or squares; a move-number path
  // ("25:8:27") or a count beyond any board is refused at the option.
  static int option_count(const std::string& text, const Token& option) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0 || value > MaxMateMoves * 2)
      fail(option.where, fmt::format("expected a count from 0 to {} after option '{}', found '{}'", MaxMateMoves * 2, option.text, text));
    return value;
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

  // EnPassant naming a double step of the side to move, with SetPlay: only the set play, the
  // other side moving first, can capture it (REGRESSIONS/4_79_to_4_81.inp 2). The three squares
  // when it does, else nothing.
  static const std::vector<Square>* set_play_only_en_passant(const ProblemText& p) {
    if (!p.en_passant || !p.set_play || !p.stipulation || p.en_passant->squares.size() != 3) return nullptr;
    const auto s = p.stipulation->playable(p.stipulation_location);
    if (!s) return nullptr;
    const Color mover = p.white_to_play ? White : s->first_mover();
    const auto& sq = p.en_passant->squares;
    const int step = mover == White ? 8 : -8;
    return sq[1] == sq[0] + step && sq[2] == sq[1] + step ? &sq : nullptr;
  }
  // Played where the set play is help play's, on the diagram alone (a twin would move the pawn).
  static bool set_play_en_passant_played(const ProblemText& p) {
    const auto s = p.stipulation ? p.stipulation->playable(p.stipulation_location) : std::nullopt;
    return s && s->kind == Stipulation::HelpMate && !s->structured && p.twins.empty() && !p.zero_position &&
           p.duplex == Duplex::No && !p.white_to_play;
  }

  // Whether the diagram or a twin holds a fairy man: the problem goes to the fairy rule set, each
  // twin as its FEN with the fairy men by code.
  static bool fairy_problem(const ProblemText& p) {
    const auto fairy_twin = [](const TwinText& t) {
      return std::any_of(t.operations.begin(), t.operations.end(), [](const TwinOperation& op) {
        return !op.to_code.empty() ||
               std::any_of(op.targets.begin(), op.targets.end(), [](const TwinOperation::Target& t) { return !t.fairy.empty(); });
      });
    };
    return std::any_of(p.men.begin(), p.men.end(), [](const PopeyeMan& m) { return fairy_cell_of(m).has_value(); }) ||
           std::any_of(p.twins.begin(), p.twins.end(), fairy_twin) || (p.zero_position && fairy_twin(*p.zero_position));
  }

  // What the problem needs that Arbiter does not play, each named once.
  std::vector<std::string> unsupported_of(const ProblemText& p) const {
    std::vector<std::string> reasons;
    for (const auto& c : p.conditions) add_reason(reasons, "condition " + condition_name(c));
    if (p.structured) {
      for (const auto& r : structured_unsupported(*p.structured->tree))
        add_reason(reasons, fmt::format("structured stipulation '{}': {}", p.structured_stipulation, r));
      // The options that change the play are the plain stipulations' so far; set play is played.
      if (p.post_key_play) add_reason(reasons, "option PostKeyPlay with a structured stipulation");
      if (p.white_to_play) add_reason(reasons, "option WhiteToPlay with a structured stipulation");
      if (p.battle.any()) add_reason(reasons, "Popeye's options of battle and help play with a structured stipulation");
      if (p.duplex != Duplex::No) add_reason(reasons, "option Duplex or HalfDuplex with a structured stipulation");
      if (p.set_play && !p.structured->tree->printed_as_lines())
        add_reason(reasons, "option SetPlay with a structured stipulation of battle play");
    }
    // A twin's structured stipulation: the options that change the play are not applied to it.
    const auto structured_twin = [](const TwinText& t) {
      return std::any_of(t.operations.begin(), t.operations.end(),
                         [](const TwinOperation& op) { return op.kind == TwinOperation::NewStipulation && op.stipulation.structured; });
    };
    if ((p.post_key_play || p.white_to_play || p.battle.any() || p.duplex != Duplex::No) &&
        (std::any_of(p.twins.begin(), p.twins.end(), structured_twin) || (p.zero_position && structured_twin(*p.zero_position))))
      add_reason(reasons, "options that change the play with a twin's structured stipulation");
    else if (p.stipulation && !p.stipulation->playable(p.stipulation_location))
      add_reason(reasons, "stipulation " + p.stipulation->named());
    for (const auto& m : p.men) {
      for (const auto& r : unplayed_attributes(m)) add_reason(reasons, r);
      if (m.orthodox == NoPieceType && !fairy_code(m)) add_reason(reasons, "piece " + walk_name(m));
    }
    if (fairy_problem(p) && p.en_passant) add_reason(reasons, "option EnPassant with fairy pieces");
    if (fairy_problem(p)) {
      // The goals about the move itself (capture, castling, en passant, ...) need orthodox moves:
      // the diagram's stipulation's and every twin's (a structured one's at any depth).
      std::vector<Target> goals;
      bool series_or_structured = p.structured.has_value();
      const auto take = [&](Stipulation s) {
        series_or_structured = series_or_structured || s.series || s.structured;
        if (s.structured) {
          for (const Target& t : all_goals(*s.structured)) goals.push_back(t);
          return;
        }
        s.target.ends_play = s.target.ends_play || p.goal_is_end;
        goals.push_back(s.target);
        goals.push_back(s.reci_target);
      };
      if (p.structured) {
        for (const Target& t : all_goals(*p.structured->tree)) goals.push_back(t);
      } else if (p.stipulation) {
        if (auto s = p.stipulation->playable(p.stipulation_location)) take(*s);
      }
      auto twins = p.twins;
      if (p.zero_position) twins.push_back(*p.zero_position);
      for (const auto& t : twins)
        for (const auto& op : t.operations)
          if (op.kind == TwinOperation::NewStipulation) take(op.stipulation);
      for (const Target& t : goals)
        if (!fairy_rule_set_judges(t))
          add_reason(reasons, fmt::format("goal '{}' with fairy pieces (a goal about the move itself needs orthodox moves)", t.symbol()));
      // Paralysing men: a suffocated side is stalemated, not mated (Game::in_check), which the
      // goals of mate and stalemate and any move follow; a check goal, series play's checks, a
      // structured stipulation's passes, and neutral men and orphans (whose observation changes
      // with paralysis) are not played with them yet.
      // A man's cell "p:B" (a twin's added man's too): its attribute initials, its code.
      const auto any_cell = [&](auto&& f) {
        for (const auto& m : p.men)
          if (const auto cell = fairy_cell_of(m); cell && f(*cell)) return true;
        for (const auto& t : twins)
          for (const auto& op : t.operations)
            for (const auto& target : op.targets)
              if (!target.fairy.empty() && f(target.fairy)) return true;
        return false;
      };
      const auto initials = [](const std::string& cell) { return cell.substr(0, cell.find(':') == std::string::npos ? 0 : cell.find(':')); };
      const auto code = [](const std::string& cell) { return lowercase(cell.substr(cell.find(':') + 1)); };
      if (any_cell([&](const std::string& c) { return initials(c).find('p') != std::string::npos; })) {
        const auto paralysing_reason = [&](const std::string& what) { add_reason(reasons, what + " with paralysing men"); };
        for (const Target& t : goals)
          if (!goal_played_beside_paralysing_men(t))
            paralysing_reason(fmt::format("goal '{}'", t.symbol()));
        if (series_or_structured) paralysing_reason("series play or a structured stipulation");
        if (any_cell([&](const std::string& c) { return initials(c).find_first_of("nh") != std::string::npos || code(c) == "o"; }))
          paralysing_reason("neutral, half-neutral men or orphans");
      }
    }
    if (p.total_invisible > 0) add_reason(reasons, "total invisible pieces");
    // EnPassant for the set play only: played in help play on the diagram (the set play's pass
    // keeps the e.p. square), not yet with twins, Duplex, WhiteToPlay or in other genres.
    if (const auto* sq = set_play_only_en_passant(p); sq && !set_play_en_passant_played(p))
      add_reason(reasons, fmt::format("option EnPassant for the set play only ('{}{}{}', a double step of the side to move) "
                                      "outside help play of the diagram alone",
                                      square_name((*sq)[0]), square_name((*sq)[1]), square_name((*sq)[2])));
    for (const auto& r : p.unsupported) add_reason(reasons, r);
    const auto twin_reasons = [&](const TwinText& t, const std::string& label) {
      for (const auto& r : t.unsupported) add_reason(reasons, fmt::format("twin {}): {}", label, r));
    };
    if (p.zero_position) twin_reasons(*p.zero_position, "a");
    for (std::size_t i = 0; i < p.twins.size(); ++i) twin_reasons(p.twins[i], twin_label(i + 1));
    // PostKeyPlay turns the side to move round: the twins' positions would need it too.
    if (reasons.empty() && p.post_key_play && p.stipulation)
      if (const auto s = p.stipulation->playable(p.stipulation_location);
          s && !s->classic() && s->kind != Stipulation::HelpMate && s->series)
        add_reason(reasons, fmt::format("option PostKeyPlay for '{}' (played in battle play only so far)", s->text));
    if (reasons.empty() && p.post_key_play && p.stipulation && (!p.twins.empty() || p.zero_position))
      if (const auto s = p.stipulation->playable(p.stipulation_location); s && s->kind != Stipulation::HelpMate)
        add_reason(reasons, fmt::format("option PostKeyPlay for '{}' with twins (each twin is the position after its key)", s->text));
    if (reasons.empty() && p.white_to_play && p.stipulation) {
      if (const auto s = p.stipulation->playable(p.stipulation_location); s && !white_to_play(*s))
        add_reason(reasons, white_to_play_refusal(*s));
      auto twins = p.twins;
      if (p.zero_position) twins.push_back(*p.zero_position);
      apply_white_to_play(twins, reasons);
    }
    // Popeye refuses the pair: the set play is itself the first mover's pass.
    if (p.battle.null_moves && p.set_play) add_reason(reasons, "option NullMoves with option SetPlay (Popeye refuses the pair)");
    if (p.set_play && p.stipulation)
      if (const auto s = p.stipulation->playable(p.stipulation_location); s && s->help_end != HelpEnd::Goal)
        add_reason(reasons, fmt::format("option SetPlay for '{}' (not played in help-self and help-reflex play yet)", s->text));
    if (p.goal_is_end && p.battle.quodlibet)
      add_reason(reasons, "options GoalIsEnd and Quodlibet together (the attacker's own goal would both win and end the play unfulfilled)");
    if (p.goal_is_end) {
      if (p.structured) add_reason(reasons, "option GoalIsEnd with a structured stipulation");
      else if (const auto s = p.stipulation ? p.stipulation->playable(p.stipulation_location) : std::nullopt)
        if (auto refusal = goal_is_end_refusal(*s)) add_reason(reasons, *refusal);
      auto twins = p.twins;
      if (p.zero_position) twins.push_back(*p.zero_position);
      apply_goal_is_end(twins, reasons);
    }
    if (reasons.empty() && p.battle.any() && p.stipulation) {
      if (const auto s = p.stipulation->playable(p.stipulation_location))
        if (auto refusal = battle_refusal(*s, threat_applied(*s, p.battle))) add_reason(reasons, *refusal);
      auto twins = p.twins;
      if (p.zero_position) twins.push_back(*p.zero_position);
      battle_applier(p.battle)(twins, reasons);
    }
    return reasons;
  }

  Problem finish(const ProblemText& p, const Token& closing, int number) {
    if (!p.stipulation && p.structured_stipulation.empty())
      fail(closing.where, fmt::format("the problem has no stipulation: expected 'stipulation #N' (a direct mate in N moves; "
                                      "'h#N' a helpmate, 's#N' a selfmate) before '{}'",
                                      closing.text));
    Problem out;
    out.file = file_;
    out.number = number;
    out.where = p.begin;
    out.author = p.author;
    out.source = p.origin;
    out.title = p.title;
    out.fen_location = p.pieces_location.value_or(p.begin);  // no pieces: Popeye's empty board
    out.stipulation_location = p.stipulation_location;
    out.popeye = {language_, p.men, p.total_invisible, p.conditions, p.options,
                  p.stipulation ? p.stipulation->text : p.structured_stipulation, !p.structured_stipulation.empty(),
                  p.zero_position.has_value(), p.target_men, p.heading};
    out.variant = default_variant_names().name;
    out.tags["Variant"] = default_variant_names().pgn_tag;
    out.tags["Stipulation"] = out.popeye.stipulation;
    if (!p.author.empty()) out.tags["Author"] = p.author;
    if (!p.origin.empty()) out.tags["Source"] = p.origin;
    if (!p.title.empty()) out.tags["Title"] = p.title;
    if (!p.remark.empty()) out.tags["Remark"] = p.remark;
    if (!p.award.empty()) out.tags["Award"] = p.award;
    if (!p.protocol.empty()) out.tags["PopeyeProtocol"] = p.protocol;
    if (!p.recorded_options.empty()) out.tags["PopeyeOptions"] = fmt::format("{}", fmt::join(p.recorded_options, " "));
    out.unsupported = unsupported_of(p);
    out.stipulation.text = out.popeye.stipulation;
    if (!out.unsupported.empty()) return out;  // modelled, not played: no position is built

    const SourceLocation pieces_at = out.fen_location;
    Stipulation stipulation = p.structured ? structured_play(*p.structured, p.structured_stipulation)
                                           : *p.stipulation->playable(p.stipulation_location);
    std::vector<TwinText> twin_texts = p.twins;
    std::optional<TwinText> zero_position = p.zero_position;
    // The options that change the stipulation, on the diagram's and every twin's: each one takes
    // them (unsupported_of has checked).
    auto modify = [&](auto&& apply) {
      std::vector<std::string> unused;
      apply(twin_texts, unused);
      if (zero_position) {
        std::vector<TwinText> zero{*zero_position};
        apply(zero, unused);
        zero_position = zero.front();
      }
    };
    if (p.white_to_play) {
      stipulation = *white_to_play(stipulation);
      modify(apply_white_to_play);
    }
    if (p.battle.any()) {
      stipulation.battle = threat_applied(stipulation, p.battle);
      modify(battle_applier(p.battle));
    }
    if (p.goal_is_end) {
      stipulation.target.ends_play = true;
      modify(apply_goal_is_end);
    }
    // PostKeyPlay on battle play: the diagram is after the key (Popeye ignores it in help play).
    if (p.post_key_play && stipulation.kind != Stipulation::HelpMate) {
      stipulation.battle.post_key = true;
      stipulation.battle.post_key_numbered_first = p.post_key_numbered_first;
    }
    const bool fairy = fairy_problem(p);
    Diagram diagram;
    int pawns[2] = {0, 0}, men[2] = {0, 0};
    const PopeyeMan* first_king[2] = {nullptr, nullptr};  // or royal man
    for (const auto& m : p.men) {
      const Color c = m.colour == "White" ? White : Black;
      const auto code = fairy_code(m);
      const bool hurdle_colour_changing =
          std::find(m.attributes.begin(), m.attributes.end(), "HurdleColourChanging") != m.attributes.end();
      if (hurdle_colour_changing && !(code && hurdle_colour_changing_allowed_on(*code)))
        fail(m.where, fmt::format("HurdleColourChanging on a {} on {}: Popeye allows it only on hoppers, Chinese riders, lions and the "
                                  "contra-grasshopper",
                                  m.orthodox != NoPieceType ? std::string(piece_description(make_piece(White, m.orthodox)).substr(6)) : walk_name(m),
                                  square_name(m.square)));
      if (royal_piece(m) || (code && fairy_piece_is_royal(*code))) {
        // Popeye's rule: one royal man a side, a king or a piece with the attribute Royal.
        if (first_king[c])
          fail(m.where, fmt::format("a second royal {} man (royal {} on {}): a side has one, a king or a royal piece, as in Popeye; "
                                    "the first is on {} at {}",
                                    color_name(c), walk_name(m), square_name(m.square), square_name(first_king[c]->square),
                                    where_text(first_king[c]->where)));
        first_king[c] = &m;
      }
      if (const auto cell = fairy_cell_of(m)) {
        diagram.fairy[m.square] = *cell;
        continue;
      }
      const Piece piece = make_piece(c, m.orthodox);
      if (++men[c] > 16)
        fail(m.where, fmt::format("a 17th {} man ({} on {}): a side has at most 16", color_name(c), piece_description(piece),
                                  square_name(m.square)));
      if (m.orthodox == King) {
        if (first_king[c] && first_king[c]->orthodox != King)
          fail(m.where, fmt::format("a {} king (on {}) beside a royal piece: a side has one royal man, a king or a royal piece, as in "
                                    "Popeye; the royal {} is on {} at {}",
                                    color_name(c), square_name(m.square), walk_name(*first_king[c]), square_name(first_king[c]->square),
                                    where_text(first_king[c]->where)));
        if (first_king[c])
          fail(m.where, fmt::format("a second {} king (on {}): the position needs exactly one king of each colour; the first is on {} at {}",
                                    color_name(c), square_name(m.square), square_name(first_king[c]->square),
                                    where_text(first_king[c]->where)));
        first_king[c] = &m;
      }
      if (m.orthodox == Pawn) {
        if (rank_of(m.square) == 0 || rank_of(m.square) == 7)
          fail(m.where, fmt::format("{} on {}: pawns cannot stand on the first or last rank", piece_description(piece),
                                    square_name(m.square)));
        if (++pawns[c] > 8)
          fail(m.where, fmt::format("a ninth {} pawn (on {}): a side has at most 8 pawns", color_name(c), square_name(m.square)));
      }
      diagram.board[m.square] = piece;
    }

    // The stipulation says who moves first (Black in h#N, White otherwise; the defender after
    // the key with PostKeyPlay).
    const Color side = stipulation.battle.post_key ? ~stipulation.first_mover() : stipulation.first_mover();
    diagram.no_castling_all = p.no_castling_all;
    diagram.no_castling = p.no_castling;
    diagram.kings_optional = true;  // Popeye solves a position without a king, NoWk/NoBk or not
    if (const auto* sq = set_play_only_en_passant(p); sq && set_play_en_passant_played(p)) {
      // The set play's first mover is the other side: the double step is the side to move's.
      (void)en_passant_square(*p.en_passant, diagram, ~side);  // the pawn and the squares it crossed, checked
      out.set_play_en_passant = (*sq)[1];
    } else if (p.en_passant) {
      diagram.en_passant = en_passant_square(*p.en_passant, diagram, side);
    }
    out.stipulation = stipulation;
    if (zero_position) {
      // The zero position is not solved: its first change is twin a), each later twin applies to
      // it (or, continued, to the twin before).
      std::vector<TwinText> texts{*zero_position};
      texts.insert(texts.end(), twin_texts.begin(), twin_texts.end());
      out.zero_position_fen = fairy ? fairy_fen(diagram, side) : write_fen(position_of(diagram, side));
      auto twins = derive_twins({diagram, stipulation}, out.zero_position_fen, p.begin, texts);
      twins.erase(twins.begin());
      for (std::size_t i = 0; i < twins.size(); ++i) twins[i].label = twin_label(i);
      out.fen = twins.front().fen;
      out.stipulation = twins.front().stipulation;
      if (twins.size() > 1) out.twins = std::move(twins);
    } else {
      // With fairy men the fairy rule set's checks (a pawn on an edge rank, the side not to move
      // in check with the fairy men's walks); the castling rights are the orthodox diagram's.
      out.fen = has_fairy_men(diagram) ? legal_fairy_problem_fen(diagram, side, stipulation, pieces_at)
                                       : legal_problem_fen(position_of(diagram, side), stipulation, p.stipulation_location, pieces_at,
                                                           {}, diagram.kings_optional);
      if (!twin_texts.empty()) out.twins = derive_twins({diagram, stipulation}, out.fen, p.begin, twin_texts);
    }
    if (fairy) {
      out.variant = fairy_pieces_variant_names().name;
      out.tags["Variant"] = fairy_pieces_variant_names().pgn_tag;
    }
    // As a PGN problem file states it: the stipulation played, in its one spelling ("h#1.0" is
    // h#1, WhiteToPlay's h#4 is h#3.5).
    out.tags["Stipulation"] = out.stipulation.text;
    // A side without a king in the diagram or a twin: the rules must allow it.
    const auto kingless = [](const std::string& fen) { return !fen_has_king(fen, White) || !fen_has_king(fen, Black); };
    bool any_kingless = kingless(out.fen);
    for (const auto& t : out.twins) any_kingless = any_kingless || kingless(t.fen);
    if (any_kingless) out.interpretations.set("orthodox.king-count", "at-most-one", p.begin);
    for (const auto& pair : p.exclusive_castlings)
      out.interpretations.set(std::string(orthodox::CastlingPairPrefix) + pair, "exclusive", p.begin);
    if (!out.interpretations.empty()) out.tags["Interpret"] = out.interpretations.text();
    out.tags["SetUp"] = "1";
    out.tags["FEN"] = out.fen;
    if (!out.twins.empty()) {
      // As a PGN [Twins] tag would say it; a twin without operations is the bare word "twin".
      std::string joined;
      for (std::size_t i = 1; i < out.twins.size(); ++i)
        joined += (i > 1 ? "; " : "") + (out.twins[i].description.empty() ? std::string("twin") : out.twins[i].description);
      out.tags["Twins"] = joined;
    }
    out.duplex = p.duplex;

    out.set_play = p.set_play.has_value();
    if (out.set_play) out.tags["SetPlay"] = "1";  // as a PGN problem file states it
    if (!out.unsupported.empty()) {
      out.fen.clear();
      out.twins.clear();
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
