// Popeye's stipulation forms (stipulation_form.h): read into parts, named, and mapped onto the
// stipulations Arbiter's engines prove.

#include "solver/stipulation/stipulation_form.h"

#include <array>
#include <cctype>

#include <fmt/core.h>

#include "rules/core/text.h"
#include "solver/stipulation/structured_stipulation.h"

namespace arbiter {

namespace {

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

struct GoalName {
  std::string_view code, name;
};

// Longest first where one code begins another ("##!" before "##" before "#").
constexpr GoalName Goals[] = {
    {"##!", "counter-mate"},   {"##", "double mate"},      {"#=", "mate or stalemate"}, {"#", "mate"},
    {"==", "double stalemate"}, {"=", "stalemate"},         {"!=", "self-stalemate"},    {"!#", "self-mate"},
    {"00", "castling"},         {"%", "win of a piece"},    {"~", "any move"},           {"ep", "en passant capture"},
    {"+", "check"},             {"ctr", "circuit by rebirth"}, {"ct", "circuit"},        {"<>r", "exchange by rebirth"},
    {"<>", "exchange"},         {"c81", "c81"},             {"x", "capture"},            {"z", "target square"},
    {"k", "kiss"},              {"dia", "proof game"},      {"a=>b", "proof game from a diagram"},
};

constexpr std::array<std::string_view, 6> Plays = {"hs", "hr", "h", "s", "r", ""};

std::string_view goal_name(std::string_view code) {
  for (const auto& g : Goals)
    if (g.code == code) return g.name;
  return code;
}

// The goal `text` starts with, or nothing.
std::optional<std::string_view> goal_at(std::string_view text) {
  for (const auto& g : Goals)
    if (text.starts_with(g.code)) return g.code;
  return std::nullopt;
}

std::string_view play_name(std::string_view play) {
  if (play == "h") return "help";
  if (play == "s") return "self";
  if (play == "r") return "reflex";
  if (play == "hs") return "help-self";
  if (play == "hr") return "help-reflex";
  return "";
}

std::string_view series_name(std::string_view series) {
  if (series == "ser") return "series";
  if (series == "pser") return "parry series";
  if (series == "phser") return "parry help-series";
  return "";
}

class FormReader {
 public:
  FormReader(std::string_view text, const SourceLocation& where) : original_(text), text_(lowercase(text)), where_(where) {}

  StipulationForm read() {
    form_.text = std::string(original_);
    if (text_.empty()) fail(where_, "expected a stipulation such as '#2', 'h#3' or 'ser-h=5', found nothing");
    read_intro();
    const std::size_t exact_at = at_;
    form_.exact = take("exact-");
    const std::size_t series_at = at_;
    if (take("ser-")) form_.series = "ser";
    else if (take("pser-")) form_.series = "pser";
    else if (take("phser-")) form_.series = "phser";
    if (!form_.exact && take("exact-")) form_.exact = true;  // "ser-exact-" is read too
    if (take("semi-")) form_.semi = true;
    else if (take("reci-")) form_.reciprocal = true;
    read_play();
    read_goal();
    read_length();
    // Introductory moves lead into series play (py-engl.txt: "2->ser-h#4, white makes 2 moves,
    // then ser-h#4"); before anything else they mean nothing.
    if (form_.intro > 0 && form_.series.empty())
      fail(where_.advanced(int(series_at)), fmt::format("expected series play after the introductory moves in '{}', as in "
                                                        "'2->ser-h#4' (White plays 2 moves, then the series)",
                                                        original_));
    // A proof game is exact by definition: it has no shorter solutions to exclude.
    if (form_.exact && (form_.goal == "dia" || form_.goal == "a=>b"))
      fail(where_.advanced(int(exact_at)), fmt::format("'exact-' in '{}': a proof game has exactly its length already, so no "
                                                       "shorter solutions to exclude; write '{}' without it",
                                                       original_, form_.goal));
    return form_;
  }

 private:
  bool take(std::string_view prefix) {
    if (!std::string_view(text_).substr(at_).starts_with(prefix)) return false;
    at_ += prefix.size();
    return true;
  }

  std::string_view rest() const { return std::string_view(text_).substr(at_); }
  SourceLocation here() const { return where_.advanced(int(at_)); }

  void read_intro() {
    std::size_t i = 0;
    while (i < text_.size() && is_digit(text_[i])) ++i;
    if (i == 0 || !std::string_view(text_).substr(i).starts_with("->")) return;
    form_.intro = std::stoi(text_.substr(0, std::min<std::size_t>(i, 6)));
    if (form_.intro == 0) fail(where_, fmt::format("0 introductory moves in '{}': write the stipulation without '0->'", original_));
    at_ = i + 2;
  }

  void read_play() {
    for (std::string_view play : Plays) {
      const std::string_view after = rest().substr(std::min(play.size(), rest().size()));
      if (rest().starts_with(play) && (goal_at(after) || after.starts_with("("))) {
        form_.play = std::string(play);
        at_ += play.size();
        return;
      }
    }
    fail(here(), fmt::format("expected a goal in '{}' at '{}': one of #, =, ==, ##, ##!, #=, !=, !#, 00, %, ~, ep, +, x, ct, ctr, "
                             "<>, <>r, c81, z<square>, k<square>, dia, a=>b, after the play (h, s, r, hs, hr)",
                             original_, original_.substr(std::min(at_, original_.size()))));
  }

  void read_goal() {
    if (take("(")) {
      const auto inner = goal_at(rest());
      if (!inner) fail(here(), fmt::format("expected a goal inside the parentheses of '{}', as in 'reci-h(=)#2'", original_));
      form_.reci_goal = std::string(*inner);
      at_ += inner->size();
      if (!take(")")) fail(here(), fmt::format("expected ')' after the goal '{}' in '{}'", form_.reci_goal, original_));
    }
    const auto goal = goal_at(rest());
    if (!goal) fail(here(), fmt::format("expected a goal after the play in '{}', as in 'h#2' or 'ser-h=5'", original_));
    form_.goal = std::string(*goal);
    at_ += goal->size();
    if (form_.goal == "z" || form_.goal == "k") {
      const auto square = rest().substr(0, 2);
      if (square.size() < 2 || square[0] < 'a' || square[0] > 'h' || square[1] < '1' || square[1] > '8')
        fail(here(), fmt::format("expected the goal's square after '{}' in '{}', as in '{}e4' then the number of moves", form_.goal,
                                 original_, form_.goal));
      form_.goal_square = std::string(square);
      at_ += 2;
    }
  }

  void read_length() {
    const std::size_t digits_at = at_;
    while (at_ < text_.size() && is_digit(text_[at_])) ++at_;
    if (at_ == digits_at)
      fail(here(), at_ == text_.size()
                       ? fmt::format("expected the number of moves after '{}', as in '{}2'", original_, original_)
                       : fmt::format("expected the number of moves in '{}' at '{}'", original_, original_.substr(at_)));
    form_.moves = int(std::min<long long>(std::stoll(text_.substr(digits_at, std::min<std::size_t>(at_ - digits_at, 9))), 1'000'000));
    if (take(".5")) form_.half_move = true;
    else (void)take(".0");  // "dia2.0": two whole moves
    if (form_.moves == 0 && !form_.half_move)
      fail(where_.advanced(int(digits_at)), fmt::format("mate length 0 in '{}': a stipulation needs at least one move ('h#0.5' "
                                                        "is a single White move)",
                                                        original_));
    if (at_ != text_.size())
      fail(here(), fmt::format("unexpected '{}' after the number of moves in '{}'", original_.substr(at_), original_));
  }

  std::string_view original_;
  std::string text_;
  SourceLocation where_;
  std::size_t at_ = 0;
  StipulationForm form_;
};

}  // namespace

std::string StipulationForm::description() const {
  std::string out;
  if (intro > 0) out += fmt::format("{} move{} then ", intro, intro == 1 ? "" : "s");
  if (exact) out += "exact ";
  if (!series.empty()) out += std::string(series_name(series)) + " ";
  if (semi) out += "semi-";
  if (reciprocal) out += "reciprocal ";
  const std::string_view p = play_name(play);
  std::string g(goal_name(goal));
  if (!goal_square.empty()) g += " " + goal_square;
  if (!reci_goal.empty()) g = fmt::format("{} or {}", goal_name(reci_goal), g);
  if (p.empty()) out += (goal == "#" && series.empty() && !exact && intro == 0) ? "direct mate" : g;
  else if (goal == "#") out += std::string(p) + "mate";  // helpmate, selfmate, help-selfmate
  else out += std::string(p) + "-" + g;
  return out;
}

std::string StipulationForm::named() const {
  const bool too_long = moves > MaxMateMoves && intro == 0 && !exact && series.empty() && !semi && !reciprocal && goal == "#" &&
                        (play.empty() || play == "h" || play == "s");
  return fmt::format("{} ({}{})", text, description(),
                     too_long ? fmt::format(" longer than the {} moves Arbiter searches", MaxMateMoves) : std::string());
}

std::optional<std::string> StipulationForm::structured_equivalent() const {
  if (intro > 0) {
    // N->X: White plays a series of moves, then X with Black to move: a series branch into X's
    // tree. py-engl.txt says "2->ser-h#4 white makes 2 moves, then ser-h#4"; Popeye 4.104 plays
    // up to N (its 2->ser-h#2 lists "1.Kg1*h2   1.b6-b5 Qe7-d6 #", one White move, and equals
    // white 2s[2s[1h[#]h]] line for line on random positions, not 2:2s[..]), and its behaviour is
    // the reading taken: 1->ser-h#3 is white 1s[3s[1h[#]h]], 2->pser-h#3 white 2s[5h[1a[#]d]?+?h].
    // Only forms that Black starts.
    StipulationForm inner = *this;
    inner.intro = 0;
    std::optional<std::string> tree;
    if (inner.series == "ser" && inner.play == "h" && !inner.exact && !inner.half_move && !inner.semi && !inner.reciprocal &&
        inner.moves > 0 && inner.moves <= MaxMateMoves && target_of(goal, goal_square))
      tree = fmt::format("black {}s[1h[{}{}]h]", inner.moves, goal, goal_square);
    else
      tree = inner.structured_equivalent();
    if (!tree || !tree->starts_with("black ") || intro > MaxMateMoves) return std::nullopt;
    return fmt::format("white {}s[{}]", intro, tree->substr(6));
  }
  if (reciprocal || moves <= 0 || moves > MaxMateMoves || !target_of(goal, goal_square)) return std::nullopt;
  const std::string g = goal + goal_square;
  const int n = moves;
  if (exact && series.empty() && !semi) {
    if (play == "" && !half_move) return fmt::format("white {0}:{0}a[{1}]d", 2 * n - 1, g);
    if (play == "s" && !half_move) return fmt::format("white {0}:{0}ad[{1}]", 2 * n, g);
    if (play == "h") return half_move ? fmt::format("white {0}:{0}h[{1}]h", 2 * n + 1, g) : fmt::format("black {0}:{0}hh[{1}]", 2 * n, g);
    if (play == "r" && !half_move) return fmt::format("white {0}:{0}a[1a[{1}]d]d{{!1a[{1}]d}}", 2 * n - 1, g);
    // exact-hr#N: hr#N (3h[>1a[#]d]h{!1a[#]d}, checked against Popeye 4.104 live) of exactly N moves
    if (play == "hr" && !half_move) return fmt::format("white {0}:{0}h[>1a[{1}]d]h{{!1a[{1}]d}}", 2 * n - 1, g);
    return std::nullopt;
  }
  // exact-ser-r#N: the series of exactly N moves (TESTS/series_play.inp 3: the reflex rule still
  // ends shorter series, which then are no solution).
  if (exact && series == "ser" && play == "r" && !semi && !half_move)
    return fmt::format("white {0}:{0}s[>1a[{1}]d]{{!1a[{1}]d}}", n, g);
  // exact-ser-hXN: Black's series of exactly N moves, then White's move to the goal (BEISPIEL/stip.inp
  // 68, exact-ser-h0010, is BEISPIEL/sford.inp 34's "10:10s[1h[00]h]": the same 15 lines).
  if (exact && series == "ser" && play == "h" && !semi && !half_move)
    return fmt::format("black {0}:{0}s[1h[{1}]h]", n, g);
  if (exact || half_move) return std::nullopt;
  // 6s[1d[#]a] is ser-s#6 (py-engl.txt); Popeye's plain ser-s stops the series where the goal is
  // forced (TESTS/series_play.inp 8: ser-sx2 "1.h3-h4 Ka8*a7 x", no longer line): '>'.
  if (series == "ser" && play == "s") return fmt::format("white {}s[>1d[{}]a]", n, g);
  // ser-r#N: the series ends where Black can reach the goal (it must), and White may never be able
  // to reach it before a series move (it would have to): the forms Popeye 4.104 plays alike, live.
  if (series == "ser" && play == "r" && !semi) return fmt::format("white {0}s[>1a[{1}]d]{{!1a[{1}]d}}", n, g);
  if (series == "pser") {  // 15a[#]?+?d: pser-#8, the defender moving only to parry a check
    if (play == "") return fmt::format("white {}a[{}]?+?d", 2 * n - 1, g);
    if (play == "h") return fmt::format("black {}h[1a[{}]d]?+?h", 2 * n - 1, g);
    // pser-s: a parry that reaches the goal ends the play too, as in s#N ("1.Qg6-c6 + Kc7*c6 =",
    // REGRESSIONS/4_87_to_4_89.inp 10: Popeye's self end of branch goal on the defence).
    if (play == "s") return fmt::format("white {0}a[1d[{1}]a]?+?d[{1}]", 2 * n - 1, g);
    if (play == "r" && semi) return fmt::format("white {}a[>1a[{}]d]?+?d", 2 * n - 1, g);
    if (play == "r") return fmt::format("white {0}a[>1a[{1}]d]?+?d{{!1a[{1}]d}}", 2 * n - 1, g);
  }
  if (series == "phser" && play == "s") return fmt::format("white {}h[1d[{}]a]?+?h", 2 * n - 1, g);
  if (series == "phser" && play == "r" && !semi) return fmt::format("white {0}h[>1a[{1}]d]?+?h{{!1a[{1}]d}}", 2 * n - 1, g);
  return std::nullopt;
}

std::optional<StructuredStipulation> StipulationForm::read_structured_equivalent(const SourceLocation& where) const {
  const auto text = structured_equivalent();
  if (!text) return std::nullopt;
  const std::size_t blank = text->find(' ');
  return read_structured_stipulation(text->starts_with("white") ? White : Black, {{text->substr(blank + 1), where}});
}

namespace {

// The structured engine's stipulation for a form with a structured equivalent it plays whole.
std::optional<Stipulation> structured_form(const StipulationForm& form, const SourceLocation& where) {
  const auto s = form.read_structured_equivalent(where);
  if (!s || !structured_unsupported(*s->tree).empty()) return std::nullopt;
  Stipulation out = structured_play(*s, form.text);
  out.half_move = out.half_move || form.half_move;  // exact-h#1.5: printed "1..." first, as Popeye prints h#N.5
  return out;
}

}  // namespace

std::optional<Stipulation> StipulationForm::playable(const SourceLocation& where) const {
  if (intro > 0 || exact || (!series.empty() && series != "ser") || (series == "ser" && (play == "s" || play == "r")))
    return structured_form(*this, where);
  const auto target = target_of(goal, goal_square);
  if (!target) return std::nullopt;
  if (reciprocal) {  // reciprocal help play "reci-h#2", "reci-h(=)#2": Black's help moves, then either end
    // ("reci-h#2.5": White's move first; not in series play, whose side plays every move; no
    // reci-h#0.5, which Popeye refuses too).
    const auto reci = reci_goal.empty() ? target : target_of(reci_goal);
    if (!reci || play != "h" || (!series.empty() && series != "ser") || (half_move && !series.empty()) || moves == 0 ||
        moves > MaxMateMoves)
      return std::nullopt;
    if (target->needs_move_facts() || reci->needs_move_facts() || target->judges_mover() || reci->judges_mover()) return std::nullopt;
    Stipulation s;
    s.kind = Stipulation::HelpMate;
    s.help_end = HelpEnd::Reciprocal;
    s.series = series == "ser";  // ser-reci-h#N: Black's series, then either end
    s.target = *target;
    s.reci_target = *reci;
    s.moves = moves;
    s.half_move = half_move;
    s.text = s.canonical_text();
    return s;
  }
  const bool ser = series == "ser";
  // Series play: direct and help; battle play: direct, self, reflex and semi-reflex (Popeye's
  // "semi-" goes with "r" only); help play.
  // Help play ending in a selfmate or reflexmate in 1 ("hs", "hr"), not in series.
  const bool help_self = play == "hs" || play == "hr";
  if (ser ? (play != "" && play != "h") : (play != "" && play != "h" && play != "s" && play != "r" && !help_self)) return std::nullopt;
  if (semi && (ser || play != "r")) return std::nullopt;
  if (half_move && ((play != "h" && !help_self) || ser)) return std::nullopt;  // only help play has a half move
  if (help_self && moves == 0) return std::nullopt;  // hs#0.5, hr#0.5: no help move before the end
  if (moves > (ser ? MaxSeriesMoves : MaxMateMoves) || (moves == 0 && !half_move)) return std::nullopt;
  // The goals that judge the mover (!#, !=, ##, ##!) are played where the goal side's own move
  // ends the play: direct, help and series play, and reflex play (the defender's goal moves come
  // from goal_moves.h, the ones the rules otherwise forbid included).
  if (target->judges_mover() && play != "" && play != "h" && play != "r") return std::nullopt;
  // Circuit and exchange follow every man from the diagram (target.h); battle play's trees are
  // written by solving positions below the diagram again from their FEN, which knows no one's
  // diagram square: they are played in help and series play only.
  if ((target->kind == Target::Circuit || target->kind == Target::Exchange) && !ser && play != "h") return std::nullopt;
  if (!ser && target->kind == Target::Mate && (play == "" || play == "h" || play == "s")) {  // the four classic forms
    return parse_stipulation(fmt::format("{}#{}{}", play, moves, half_move ? ".5" : ""), where);
  }
  Stipulation s;
  s.kind = play == "h" || help_self ? Stipulation::HelpMate
           : play == "s" ? Stipulation::SelfMate
           : play == "r" ? (semi ? Stipulation::SemiReflexMate : Stipulation::ReflexMate)
                         : Stipulation::DirectMate;
  s.help_end = play == "hs" ? HelpEnd::Self : play == "hr" ? HelpEnd::Reflex : HelpEnd::Goal;
  s.target = *target;
  s.series = ser;
  s.moves = moves;
  s.half_move = half_move;
  s.text = s.canonical_text();
  return s;
}

std::optional<std::string_view> stipulation_goal_at(std::string_view text) { return goal_at(text); }

StipulationForm parse_stipulation_form(std::string_view text, const SourceLocation& where) {
  return FormReader(text, where).read();
}

}  // namespace arbiter
