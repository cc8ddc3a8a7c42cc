#include "solver/problem/problem.h"

#include <algorithm>
#include <filesystem>
#include <cctype>
#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/core/position.h"
#include "rules/core/text.h"
#include "rules/notation/san.h"
#include "solver/stipulation/mover_goals.h"
#include "solver/stipulation/stipulation_form.h"
#include "solver/problem/diagram.h"
#include "solver/problem/popeye_input.h"
#include "solver/problem/twins.h"
#include "solver/variants/fairy_pieces.h"
#include "solver/variants/names.h"

namespace arbiter::problem {

namespace {

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }



// --- the published solution ------------------------------------------------------------------

void check_threat_comment(Position& pos, const PgnMove& move, std::string_view comment) {
  auto threats = prover::threat_moves(comment);
  if (!threats) return;
  if (pos.in_check())
    fail(move.where, fmt::format("a threat comment after the checking move {}: a threat is what the side that moved would play "
                                 "next if the opponent passed, which a side in check cannot do",
                                 move.san));
  if (threats->empty())
    fail(move.where, fmt::format("empty threat comment after {}: expected the threatened moves, as in {{threat: 2. Qh7#}}", move.san));
  pos.make_null();
  try {
    for (const auto& san : *threats) (void)parse_san(pos, san, move.where);
  } catch (const ParseError& e) {
    pos.unmake_null();
    // Placed at the move the comment follows: the comment's text was joined into one line
    // (a column inside it would point past the end of the file's line).
    fail(move.where, fmt::format("in the threat comment after {}: {}", move.san, e.message()));
  }
  pos.unmake_null();
}

// The positions the lines of a published solution start from: the diagram, or, in a twinned
// problem, each twin's own.
class SolutionChecker {
 public:
  SolutionChecker(const Position& diagram, const std::vector<Twin>& twins) : diagram_(diagram), twins_(twins) {}
  // Series play: the series side's moves stand one after the other ("1.g7 2.g8=Q 3.Qg2 4.Qb2#"),
  // the other side passing between them; in help series the line's last move is the other
  // side's own.
  SolutionChecker& series(bool help, bool reciprocal = false) {
    series_ = true;
    help_series_ = help;
    reciprocal_ = reciprocal;
    return *this;
  }
  // !#, ## and ##!: a line's last move may be one of the goal's own, which leave the mover in check.
  SolutionChecker& goal(const Target& target) {
    target_ = target;
    return *this;
  }

  // Every move of the line and of its variations must be legal; variations start from the
  // position before the move they replace. A line that starts at the problem's first move
  // (the main line, or a variation of a first move) solves the twin its label names ({b)}),
  // twin a when unlabelled; a later variation belongs to the twin of its line. Throws
  // IllegalMoveError / ParseError at the move.
  void check_first_move_line(const PgnLine& line) {
    if (line.empty()) return;
    std::string twin = twin_label_of(line);
    if (twins_.empty()) {
      Position pos = diagram_;
      check_line(pos, line, "", true);
      return;
    }
    if (twin.empty()) twin = "a";
    Position pos = twin_position(twin, line.front());
    check_line(pos, line, twin, true);
  }

 private:
  void check_line(Position& pos, const PgnLine& line, const std::string& twin, bool at_first_move) {
    int played = 0;
    std::vector<bool> passed;
    const std::size_t series_moves = line.size() - (help_series_ && !line.empty() ? 1 : 0);
    for (const PgnMove& m : line) {
      for (const PgnLine& variation : m.variations) {
        if (at_first_move && played == 0) {
          check_first_move_line(variation);
          continue;
        }
        if (const std::string label = twin_label_of(variation); !twins_.empty() && !label.empty() && label != twin)
          fail(variation.front().where,
               fmt::format("the variation labelled {}) does not start at the first move: a twin's solution starts from its "
                           "own position, so only a line that starts at move 1 may name a twin (this line belongs to {}))",
                           label, twin));
        check_line(pos, variation, twin, false);
      }
      if (prover::claims_illegal(m)) break;  // a stated illegal move: verify checks the claim; the line ends
      const Move move = published_move(pos, m, &m == &line.back());
      pos.make(move);
      ++played;
      // Reciprocal series: the line may end with the series side's own goal move, the other side
      // passing before it too: so read where the other side cannot play it.
      const bool own_last = reciprocal_ && std::size_t(played) + 1 == line.size() && own_goal_move(pos, line.back());
      passed.push_back(series_ && (std::size_t(played) < series_moves || own_last) && !pos.in_check());
      if (passed.back()) pos.make_null();
      for (const auto& comment : m.comments_after) check_threat_comment(pos, m, comment);
    }
    while (played-- > 0) {
      if (passed[std::size_t(played)]) pos.unmake_null();
      pos.unmake();
    }
  }

  // Reciprocal series, after the line's last but one move: is its last move no legal move of the
  // other side, but one of the series side after a pass (its own goal move)?
  bool own_goal_move(Position& pos, const PgnMove& last) const {
    const auto legal = [&] {
      try {
        (void)parse_san(pos, last.san, last.where);
        return true;
      } catch (const ParseError&) {
        return false;
      }
    };
    if (pos.in_check() || legal()) return false;
    pos.make_null();
    const bool own = legal();
    pos.unmake_null();
    return own;
  }

  Move published_move(Position& pos, const PgnMove& m, bool last) const {
    try {
      return parse_san(pos, m.san, m.where);
    } catch (const ParseError&) {
      if (last && target_.self_check_goal())
        if (const auto goal = mover_goals::spelt_goal_move(pos, target_, m.san)) return *goal;
      throw;
    }
  }

  Position twin_position(const std::string& label, const PgnMove& first) const {
    for (const Twin& t : twins_)
      if (t.label == label) return read_known_fen(t.fen);
    fail(first.where, fmt::format("the line labelled {}) names no twin of the problem: its twins are a) to {})", label,
                                  twins_.back().label));
  }

  const Position& diagram_;
  const std::vector<Twin>& twins_;
  bool series_ = false, help_series_ = false, reciprocal_ = false;
  Target target_;
};

// The words of one ';'-separated part of a [Twins] tag; every word must be a twinning one.
class TagTwinWords : public TwinWords {
 public:
  TagTwinWords(std::vector<TwinWord> words, SourceLocation end) : words_(std::move(words)), end_(std::move(end)) {}
  std::optional<TwinWord> peek() override {
    if (next_ < words_.size()) return words_[next_];
    return std::nullopt;
  }
  std::optional<TwinWord> next() override {
    auto w = peek();
    if (w) ++next_;
    return w;
  }
  SourceLocation end_location() override { return end_; }
  bool ends_twin(const TwinWord&) override { return false; }

 private:
  std::vector<TwinWord> words_;
  std::size_t next_ = 0;
  SourceLocation end_;
};

bool is_twin_label_word(std::string_view w) {
  return w.size() == 2 && std::islower(static_cast<unsigned char>(w[0])) && w[1] == ')';
}

// [Twins "move b8 a7; continued move b3 c2"]: twin b), c), ... in Popeye's words, each
// optionally after the word "twin" and its label ("b) move b8 a7"). `at` is the value's first
// character, so errors point into the tag.
std::vector<TwinText> read_twins_tag(std::string_view value, const SourceLocation& at) {
  std::vector<TwinText> twins;
  std::size_t start = 0;
  for (;;) {
    const std::size_t semicolon = value.find(';', start);
    const std::size_t end = semicolon == std::string_view::npos ? value.size() : semicolon;
    std::vector<TwinWord> words;
    for (std::size_t i = start; i < end;) {
      if (is_blank(value[i])) {
        ++i;
        continue;
      }
      const std::size_t word_start = i;
      while (i < end && !is_blank(value[i])) ++i;
      words.push_back({std::string(value.substr(word_start, i - word_start)), at.advanced(int(word_start))});
    }
    const bool last = semicolon == std::string_view::npos;
    if (words.empty()) {
      if (last && !twins.empty()) break;  // a ';' after the last twin
      fail(at.advanced(int(end)), "expected a twin's operations here, such as 'move b8 a7' (twins are separated by ';'; a twin "
                                  "without changes is the word 'twin')");
    }
    const SourceLocation twin_at = words.front().where;
    const std::string expected_label = twin_label(twins.size() + 1);
    std::size_t first = 0;
    for (int prefix = 0; prefix < 2 && first < words.size(); ++prefix) {
      if (lowercase(words[first].text) == "twin") {
        ++first;
      } else if (is_twin_label_word(words[first].text)) {
        if (words[first].text[0] != expected_label[0])
          fail(words[first].where, fmt::format("expected the label '{})' (the twins are b), c), ... in order; a) is the diagram), "
                                               "found '{}'",
                                               expected_label, words[first].text));
        ++first;
      }
    }
    TagTwinWords source(std::vector<TwinWord>(words.begin() + long(first), words.end()), at.advanced(int(end)));
    twins.push_back(read_twin(source, twin_at));
    if (last) break;
    start = semicolon + 1;
  }
  return twins;
}

int positive_number(std::string_view text, const SourceLocation& at, std::string_view what) {
  const std::string_view t = trim(text);
  long long n = 0;
  const bool ok = !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos;
  if (ok)
    for (char c : t) n = std::min(n * 10 + (c - '0'), 1'000'000'000LL);
  if (!ok || n == 0) fail(at, fmt::format("expected {} (a whole number from 1), found '{}'", what, text));
  return int(n);
}

// The FEN's side to move must be the stipulation's first mover (a direct mate's side to move
// is whoever the FEN says). Pointed at the FEN's side field.
void check_first_mover(std::string_view fen, const SourceLocation& fen_at, const Stipulation& s) {
  if (s.kind == Stipulation::DirectMate) return;
  const auto fields = split_fen_fields(fen);
  if (fields.size() < 2 || (fields[1].text != "w" && fields[1].text != "b")) return;  // read_fen says what is wrong
  const Color side = fields[1].text == "w" ? White : Black;
  const Color first = s.first_mover();
  if (side == first) return;
  const std::string first_name = first == White ? "White" : "Black";
  std::string instead;
  if (s.kind == Stipulation::HelpMate)
    instead = s.half_move ? fmt::format("; for Black first write h#{}", s.moves + 1)
                          : fmt::format("; for White first write h#{}.5", s.moves - 1);
  fail(fen_at.advanced(fields[1].offset),
       fmt::format("{} starts with {}: the FEN must have {} to move ('{}'){}", s.text, first_name, first_name,
                   first == White ? 'w' : 'b', instead));
}

// A [Twins] tag's twins, or nothing when one asks for what Arbiter does not play: then each such
// thing is named in p.unsupported and the problem keeps no position.
std::optional<std::vector<TwinText>> played_twins(Problem& p, std::string_view tag, const SourceLocation& where) {
  auto texts = read_twins_tag(tag, where);
  for (std::size_t i = 0; i < texts.size(); ++i)
    for (const auto& r : texts[i].unsupported) p.unsupported.push_back(fmt::format("twin {}): {}", twin_label(i + 1), r));
  if (p.unsupported.empty()) return texts;
  p.fen.clear();
  return std::nullopt;
}

Problem problem_from_game(const PgnGame& game, const std::string& file, int number, PublishedLines lines) {
  Problem p;
  p.file = file;
  p.number = number;
  p.where = game.where;
  for (const auto& [name, value] : game.tags) p.tags[name] = value;

  // The rules the [Variant] tag names (an unknown name stays as written: solving it says so).
  const VariantNames* rules = &default_variant_names();
  p.variant = rules->name;
  if (game.tag("VariantFile")) {
    rules = &fairy_pieces_variant_names();  // the registry reads the file when the problem is solved
    p.variant = variant_of(game);
  } else if (auto variant = game.tag("Variant")) {
    rules = lookup_variant_names(trim(*variant));
    // The default rule set's aliases read as its name; another rule set's value as written (the
    // registry resolves it when the problem is solved).
    p.variant = rules == &default_variant_names() ? rules->name : std::string(trim(*variant));
  }
  // The default rule set (orthodox chess) is read and checked here; the others' own readers
  // check their positions when they are solved.
  const bool orthodox = rules == &default_variant_names();

  auto stipulation = game.tag("Stipulation");
  if (!stipulation)
    fail(game.where, "the problem has no [Stipulation] tag: expected [Stipulation \"#N\"] (a direct mate in N moves; \"h#N\" a "
                     "helpmate, \"s#N\" a selfmate) among the tags");
  p.stipulation_location = *game.tag_value_location("Stipulation");
  {
    // Any of Popeye's stipulation forms is read; one the engines do not prove makes the problem
    // unsupported, named, rather than bad input.
    const std::string_view text = trim(*stipulation);
    const std::string_view word = text.substr(0, text.find_first_of(" \t"));
    const SourceLocation at = p.stipulation_location.advanced(int(stipulation->find(word)));
    if (!word.empty()) {
      const StipulationForm form = parse_stipulation_form(word, at);
      const auto playable = form.playable(at);
      if (!playable) {
        p.stipulation.text = std::string(word);
        p.unsupported.push_back("stipulation " + form.named());
        return p;
      }
      // The other rule sets play the four classic forms only (the goals' move facts and the
      // series' passes are orthodox so far), the fairy rule set any form whose goals it judges.
      const bool fairy = rules == &fairy_pieces_variant_names();
      if (!orthodox && !playable->classic() && !(fairy && fairy_rule_set_plays_goals(*playable, game.tag("FEN").value_or("")))) {
        p.stipulation.text = std::string(word);
        p.unsupported.push_back(fmt::format("stipulation {} in {}", form.named(), p.variant));
        return p;
      }
    }
  }
  p.stipulation = parse_stipulation(*stipulation, p.stipulation_location);

  if (auto solutions = game.tag("Solutions")) {
    const SourceLocation at = *game.tag_value_location("Solutions");
    const int n = positive_number(*solutions, at, "the number of solutions");
    if (p.stipulation.solutions != 0 && p.stipulation.solutions != n)
      fail(at, fmt::format("[Solutions \"{}\"] contradicts the stipulation '{}', which states {} solution{}", *solutions,
                           trim(*stipulation), p.stipulation.solutions, p.stipulation.solutions == 1 ? "" : "s"));
    p.stipulation.solutions = n;
  }

  if (auto set_play = game.tag("SetPlay")) {
    const SourceLocation at = *game.tag_value_location("SetPlay");
    const std::string v = lowercase(trim(*set_play));
    if (v == "1" || v == "yes" || v == "true") p.set_play = true;
    else if (v != "0" && v != "no" && v != "false")
      fail(at, fmt::format("expected [SetPlay \"1\"] (or \"yes\", \"true\"; \"0\", \"no\", \"false\" for none), found [SetPlay "
                           "\"{}\"]",
                           *set_play));
  }

  auto fen = game.tag("FEN");
  if (!fen) fail(game.where, "the problem has no [FEN] tag: expected the position as [SetUp \"1\"] and [FEN \"...\"] among the tags");
  p.fen_location = *game.tag_value_location("FEN");
  if (auto setup = game.tag("SetUp"); setup && trim(*setup) != "1")
    fail(*game.tag_value_location("SetUp"), fmt::format("expected [SetUp \"1\"] beside a [FEN] tag, found [SetUp \"{}\"]", *setup));

  auto twins_tag = game.tag("Twins");
  p.interpretations = pinned_interpretations(game);
  if (orthodox) {
    check_first_mover(*fen, p.fen_location, p.stipulation);
    FenOptions fen_options;  // a side without a king only where the file pins the rule that allows it
    fen_options.kings_optional = p.interpretations.choice("orthodox.king-count") == "at-most-one";
    const Position pos = read_fen(*fen, p.fen_location, fen_options);
    p.fen = write_fen(pos);
    if (twins_tag) {
      const auto texts = played_twins(p, *twins_tag, *game.tag_value_location("Twins"));
      if (!texts) return p;
      Diagram diagram = diagram_of(pos);
      diagram.kings_optional = fen_options.kings_optional;
      p.twins = derive_twins({diagram, p.stipulation}, p.fen, p.where, *texts, pos.side_to_move());
    }
    // A structured stipulation's passes fall where its tree says: verify replays its published
    // lines beside the lines found (verify_structured.h), naming an illegal move there.
    if (lines == PublishedLines::Checked && !p.stipulation.structured) {
      SolutionChecker checker(pos, p.twins);
      checker.goal(p.stipulation.target);
      if (p.stipulation.series)
        checker.series(p.stipulation.kind == Stipulation::HelpMate, p.stipulation.help_end == HelpEnd::Reciprocal);
      checker.check_first_move_line(game.moves);
    }
  } else if (twins_tag && p.variant == fairy_pieces_variant_names().name) {
    // Popeye's fairy men by code: the twins move them as Popeye input's do (twins.h).
    p.fen = std::string(trim(*fen));  // the fairy rule set checks it
    const auto texts = played_twins(p, *twins_tag, *game.tag_value_location("Twins"));
    if (!texts) return p;
    const Diagram diagram = fairy_diagram_of(p.fen, p.fen_location);
    const auto fields = blank_separated_words(p.fen);
    const Color side = fields.size() > 1 && fields[1].text == "b" ? Black : White;
    p.twins = derive_twins({diagram, p.stipulation}, p.fen, p.where, *texts, side);
  } else {
    if (twins_tag)
      fail(*game.tag_value_location("Twins"), fmt::format("twins are read for orthodox problems and Popeye's fairy pieces only, not for '{}'", p.variant));
    p.fen = std::string(trim(*fen));  // the variant's own reader checks it
  }

  if (auto v = game.tag("Author")) p.author = *v;
  if (auto v = game.tag("Source")) p.source = *v;
  if (auto v = game.tag("Date")) p.date = *v;
  if (auto v = game.tag("Title")) p.title = *v;
  p.published = game;
  return p;
}

}  // namespace

std::string variant_of(const PgnGame& game) {
  if (auto file = game.tag("VariantFile")) {
    const std::filesystem::path named{std::string(trim(*file))};
    if (named.is_absolute()) return named.string();
    return (std::filesystem::path(game.where.file).parent_path() / named).lexically_normal().string();
  }
  if (auto variant = game.tag("Variant")) return std::string(trim(*variant));
  return "";
}

std::string twin_label_of(const PgnLine& line) {
  if (line.empty()) return {};
  for (const auto& comment : line.front().comments_before) {
    const std::string_view c = trim(comment);
    if (c.size() >= 2 && std::islower(static_cast<unsigned char>(c[0])) && c[1] == ')') return std::string(1, c[0]);
  }
  return {};
}

ProblemFormat detect_format(std::string_view text, const std::string& file) {
  std::size_t i = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  int line = 1, column = 1;
  while (i < text.size() && is_blank(text[i])) {
    if (text[i] == '\n') ++line, column = 1;
    else ++column;
    ++i;
  }
  const SourceLocation at{file, line, column};
  if (i >= text.size()) fail(at, "empty problem file: expected PGN tags ([Stipulation \"#2\"] ...) or Popeye input ('begin' ...)");
  const char c = text[i];
  if (c == '[' || c == '{' || c == ';' || c == '%') return ProblemFormat::Pgn;
  std::size_t end = i;
  while (end < text.size() && !is_blank(text[end])) ++end;
  const std::string_view word = text.substr(i, end - i);
  if (popeye::is_directive_word(word)) return ProblemFormat::Popeye;
  fail(at, fmt::format("expected a problem file: PGN tags ('[' as in [Stipulation \"#2\"]) or Popeye input ('begin'), found '{}'",
                       word));
}

std::vector<Problem> read_pgn_problems(std::string_view text, const std::string& file, PublishedLines lines) {
  const auto games = read_pgn(text, file);
  if (games.empty()) fail({file, 1, 1}, "no problem in the file: expected PGN tags ([Stipulation \"#2\"], [FEN \"...\"]) and a movetext");
  std::vector<Problem> problems;
  for (std::size_t i = 0; i < games.size(); ++i) {
    try {
      problems.push_back(problem_from_game(games[i], file, int(i) + 1, lines));
    } catch (const ParseError& e) {
      Problem bad;
      bad.file = file;
      bad.number = int(i) + 1;
      bad.where = e.where();
      bad.malformed = e;
      problems.push_back(std::move(bad));
    }
  }
  return problems;
}

std::vector<Problem> read_problem_entries(std::string_view text, const std::string& file, PublishedLines lines) {
  return detect_format(text, file) == ProblemFormat::Pgn ? read_pgn_problems(text, file, lines) : read_popeye_problems(text, file);
}

std::vector<Problem> read_problem_entries(const std::string& path, PublishedLines lines) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail({path, 1, 1}, "cannot open the problem file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) fail({path, 1, 1}, "cannot read the problem file");
  return read_problem_entries(text.str(), path, lines);
}

std::string unsupported_text(const Problem& p) {
  std::string out = "unsupported: ";
  for (std::size_t i = 0; i < p.unsupported.size(); ++i) out += (i ? "; " : "") + p.unsupported[i];
  return out;
}

UnsupportedProblem::UnsupportedProblem(const Problem& p)
    : std::runtime_error(fmt::format("{}:{}:{}: problem {}: {}", p.where.file, p.where.line, p.where.column, p.number,
                                     unsupported_text(p))) {}

void mark_unverifiable(Problem& p) {
  if (!p.playable()) return;
  const Stipulation& s = p.stipulation;
  // Structured battle play printed as keys: the play after the key is followed where each move has
  // one place in the tree (battle_play_followed), not yet elsewhere.
  const bool beyond_key = p.published && (p.published->moves.size() > 1 || (!p.published->moves.empty() && !p.published->moves.front().variations.empty()));
  if (s.structured && mixed_parts(*s.structured) && p.published && !p.published->moves.empty())
    p.unsupported.push_back(fmt::format("verify of a published solution of the structured stipulation '{}', whose parts print keys "
                                        "and lines (solve plays it)", s.text));
  else if (s.structured && !s.structured->printed_as_lines() && beyond_key && !battle_play_followed(*s.structured))
    p.unsupported.push_back(fmt::format("verify of the published play after the key of the structured stipulation '{}', whose play "
                                        "enters a branch of another kind (solve plays it)", s.text));
}

void require_playable(const std::vector<Problem>& problems) {
  for (const auto& p : problems) {
    if (p.malformed) throw *p.malformed;
    if (!p.unsupported.empty()) throw UnsupportedProblem(p);
  }
}

std::vector<Problem> read_problems(std::string_view text, const std::string& file, PublishedLines lines) {
  auto problems = read_problem_entries(text, file, lines);
  require_playable(problems);
  return problems;
}

std::vector<Problem> read_problem_file(const std::string& path, PublishedLines lines) {
  auto problems = read_problem_entries(path, lines);
  require_playable(problems);
  return problems;
}

}  // namespace arbiter::problem
