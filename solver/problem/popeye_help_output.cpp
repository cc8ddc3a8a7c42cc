#include "solver/problem/popeye_help_output.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include <fmt/core.h>

#include "rules/core/text.h"
#include "rules/notation/popeye.h"
#include "solver/problem/popeye_reader.h"
#include "solver/stipulation/stipulation_form.h"
#include "solver/stipulation/structured_stipulation.h"

namespace arbiter::problem {

namespace {

// "b) wBb8-->a7", "+c) -bQh2", "a)", "z1) +wSa7": the twin's label ("b"), or "" when the line is no label.
std::string twin_label_of_line(std::string_view line) {
  std::size_t i = 0;
  if (i < line.size() && line[i] == '+') ++i;
  const std::size_t start = i;
  while (i < line.size() && line[i] >= 'a' && line[i] <= 'z') ++i;
  if (i == start) return "";
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;  // after z): z1), z2), ...
  if (i >= line.size() || line[i] != ')') return "";
  return std::string(line.substr(start, i - start));
}

// The marks after a move: check, e.p., key, try, and the goals (mate, stalemate "=", double
// stalemate "==", "#=", capture "x", square "z", castling "00", e.p. "ep", any move "~", last rank "c81", the mover's goals "!#", "!=", "##", "##!").
bool is_mark(std::string_view w) {
  for (const std::string_view mark : {"+", "#", "=", "==", "#=", "##", "##!", "!#", "!=", "x", "z", "00", "ep", "~", "c81", "ep.", "!", "?"})
    if (w == mark) return true;
  return false;
}

// An orthodox piece's letter in `language` as its English letter ('T' -> 'R' in German); 0 when
// the letter names no orthodox piece there.
char english_piece_letter(char letter, popeye::Language language) {
  if (language == popeye::Language::English) return std::string_view("KQRBSP").find(letter) != std::string_view::npos ? letter : 0;
  for (const auto& k : popeye::keywords(popeye::Group::Pieces)) {
    const std::string_view here = k.in(language), english = k.english;
    if (here.size() == 1 && english.size() == 1 && here[0] == letter && std::string_view("KQRBSP").find(english[0]) != std::string_view::npos)
      return english[0];
  }
  return 0;
}

}  // namespace

namespace {

// Erases the first of `runs` found in `initials`; whether one was.
bool erase_initials(std::string& initials, std::initializer_list<std::string_view> runs) {
  for (const std::string_view run : runs)
    if (const auto at = initials.find(run); at != std::string::npos) {
      initials.erase(at, run.size());
      return true;
    }
  return false;
}

}  // namespace

std::string popeye_move_uci(std::string_view move, Color side, popeye::Language language) {
  if (move == "...") return "0000";  // option NullMoves: a pass
  // Castling; a half-neutral rook's tells its colour after it ("0-0=nh").
  const auto castling = [&](std::string_view written) {
    if (!move.starts_with(written)) return false;
    const std::string_view after = move.substr(written.size());
    return after.empty() || (after.size() > 1 && after[0] == '=' && std::all_of(after.begin() + 1, after.end(), [](char c) {
                               return std::islower(static_cast<unsigned char>(c));
                             }));
  };
  if (castling("0-0-0") || castling("O-O-O")) return side == White ? "e1c1" : "e8c8";
  if (castling("0-0") || castling("O-O")) return side == White ? "e1g1" : "e8g8";
  std::size_t i = 0;
  auto square = [&](std::size_t at) {
    return at + 1 < move.size() && move[at] >= 'a' && move[at] <= 'h' && move[at + 1] >= '1' && move[at + 1] <= '8';
  };
  // The attributes' initials before the piece, lower case ("rGd4-f6" a royal grasshopper; the
  // German "kEQc8-a4" for Koeniglich): a square's file letter is followed by its rank instead.
  // Several initials in a run: "ncLb5-e8" a neutral chameleon bishop.
  // A code of digits follows them as well ("k16h7-b6" a royal 1:6-leaper, the promotee "=k16").
  const auto initials = [](std::string_view text) {
    std::size_t n = 0;
    while (n < text.size() && std::islower(static_cast<unsigned char>(text[n]))) ++n;
    const auto digit = [&](std::size_t at) { return at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])); };
    const bool digit_code = digit(n) && digit(n + 1) && (n + 2 == text.size() || (text[n + 2] >= 'a' && text[n + 2] <= 'h'));
    return n > 0 && n < text.size() && (std::isupper(static_cast<unsigned char>(text[n])) || digit_code) ? n : 0;
  };
  // What a move did besides, in brackets after it: a hurdle's new colour "sfwGe7-c5[d6=s]".
  std::string unbracketed;
  if (const auto open = move.find('['); open != std::string_view::npos) {
    const auto close = move.find(']', open);
    if (close == std::string_view::npos) return "";
    unbracketed = std::string(move.substr(0, open)) + std::string(move.substr(close + 1));
    move = unbracketed;
  }
  const std::size_t prefix = initials(move);
  std::string prefix_text(move.substr(0, prefix));
  // Hurdle colour changing ("hcc", German "sfw", French "ces"), a man's initials of more than one
  // letter, are read first, so that their letters are not taken for others.
  erase_initials(prefix_text, {"hcc", "sfw", "ces"});
  // A half-neutral man ("hn", French "dn"; "nhn" when neutral) tells its colour after the move:
  // "hnTa2-a1=nh" (now neutral), "nhnTa1-a8=wh" (White's again): no promotion.
  const bool half_neutral = erase_initials(prefix_text, {"hn", "dn"});
  const bool chameleon = prefix_text.find('c') != std::string::npos;  // 'c' in the three languages: its "=cS" after the move is its next kind, no promotion
  move.remove_prefix(prefix);
  if (!move.empty() && !square(0)) {  // the piece's code: one or two characters ("S", "G", "LE", "NH")
    const std::size_t length = move.size() > 1 && !square(1) ? 2 : 1;
    if (!(length == 1 && english_piece_letter(move[0], language) != 0) &&
        !popeye::find_keyword(popeye::Kind::Piece, language, move.substr(0, length)))
      return "";
    i = length;
  }
  if (!square(i) || i + 2 >= move.size() || (move[i + 2] != '-' && move[i + 2] != '*') || !square(i + 3)) return "";
  std::string uci(move.substr(i, 2));
  std::size_t landing = i + 3;
  // A locust's capture names the man taken, then the landing: "TRd1*d2-d3" is d1d3.
  if (move[i + 2] == '*' && i + 5 < move.size() && move[i + 5] == '-' && square(i + 6)) landing = i + 6;
  uci += move.substr(landing, 2);
  const std::string_view after = move.substr(landing + 2);
  const bool colour_told = half_neutral && after.size() > 1 && after[0] == '=' &&
                           std::all_of(after.begin() + 1, after.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
  std::string_view rest = (chameleon && after.starts_with("=")) || colour_told ? std::string_view() : after;
  std::string promotee_prefix;
  std::string rest_text;  // "=S": the promotee alone
  if (!rest.empty() && rest[0] == '=') {
    std::string_view promotee = rest.substr(1);
    promotee.remove_prefix(initials(promotee));  // a royal pawn's promotee keeps the attribute: "=kS" (German), "=rS"
    // A promotee given an attribute after it: "=nL=nc", a neutral bishop made a chameleon (UCI "cb").
    if (const auto second = promotee.find('='); second != std::string_view::npos) {
      const std::string_view added = promotee.substr(second + 1);
      if (added.empty() || added.find_first_not_of("abcdefghijklmnopqrstuvwxyz") != std::string_view::npos) return "";
      std::string added_initials(added);
      if (erase_initials(added_initials, {"hcc", "sfw", "ces"})) promotee_prefix = "s";  // "=G=sfw": UCI "sg"
      if (added_initials.find('c') != std::string::npos) promotee_prefix = "c" + promotee_prefix;
      promotee = promotee.substr(0, second);
    }
    rest_text = "=";
    rest_text += promotee;
    rest = rest_text;
  }
  if (rest.empty()) return uci;
  if (rest.size() < 2 || rest.size() > 3 || rest[0] != '=') return "";
  if (rest.size() == 2)
    switch (english_piece_letter(rest[1], language)) {
      case 'Q': return uci + promotee_prefix + 'q';
      case 'R': return uci + promotee_prefix + 'r';
      case 'B': return uci + promotee_prefix + 'b';
      case 'S': return uci + promotee_prefix + 'n';
      default: break;
    }
  // A fairy promotee: its English code, as the fairy rule set's UCI writes it ("g7g8nh", "g7g8n_").
  const auto match = popeye::find_keyword(popeye::Kind::Piece, language, rest.substr(1));
  if (!match || match->ambiguous() || match->keyword->id == "king" || match->keyword->id == "pawn") return "";
  return uci + promotee_prefix + popeye_code_uci(popeye::spelling_of(popeye::Kind::Piece, match->keyword->id, popeye::Language::English));
}

namespace {

// One problem's output: the board, the stipulation below it, then the solutions twin by twin.
class HelpSelfReader : public PopeyeReader {
 public:
  HelpSelfReader(std::string_view text, const std::string& file, popeye::Language language)
      : PopeyeReader(text, file), language_(language), words_(popeye_output_words(language)) {}

  PopeyeHelpSelfOutput read() {
    const int last = read_lines();
    if (stage() == Stage::Before || stage() == Stage::Board)
      throw ParseError({file(), last, 1}, "no board ('+---a---b---...' lines) in Popeye's output");
    if (stage() == Stage::BelowBoard)
      throw ParseError({file(), last, 1}, "no stipulation line below the board in Popeye's output");
    if (out_.twins.empty()) out_.twins.push_back({"", {}});  // no solution and no twins
    for (auto& t : out_.twins) std::sort(t.solutions.begin(), t.solutions.end());
    return std::move(out_);
  }

 private:
  // How a solution line reads under a stipulation: keys (direct, self), help lines, series lines.
  struct Mode {
    bool keys = false;
    bool series = false;
    Color series_side = White;  // ser-h: Black's series, White's last move
    bool help_self = false;     // "hs", "hr": Black reaches the goal last
    // A structured stipulation's help or series play: each line's moves, the sides alternating
    // from the root's across the nested branches ("1...": the other side first, the set play).
    bool structured = false;
    Color root_side = White;
    // A root of '&' or '|' whose parts print keys and lines (mixed_parts): a tree's key lines
    // ("   1.e7-e8=S ! Drohung:") and the parts' lines ("  1...e6-e5   2.e7-e8=D ...").
    bool mixed = false;
  };

  static std::optional<Mode> mode_of(std::string_view stipulation) {
    Mode m;
    std::string_view play = stipulation;
    m.series = play.starts_with("ser-");
    if (m.series) {
      play.remove_prefix(4);
      m.series_side = play.starts_with("h") || play.starts_with("reci-h") ? Black : White;
      return m;
    }
    // Help play prints lines ("h", "hs", "hr", "reci-h"); battle play a tree whose first moves
    // marked " !" are the keys: direct ("#3", "=2", "+1", "x2", ...), self ("s#"), reflex ("r#",
    // "semi-r#"). Proof games and the rest are not read.
    m.help_self = play.starts_with("hs") || play.starts_with("hr");
    if (play.starts_with("h") || play.starts_with("reci-")) return m;
    if (play.starts_with("dia") || play.starts_with("a=>b") || play.starts_with("pser") || play.starts_with("exact-") ||
        play.find("->") != std::string_view::npos)
      return std::nullopt;
    m.keys = true;
    return m;
  }

  static Mode structured_mode(const StructuredStipulation& s) {
    Mode m;
    m.keys = !s.tree->printed_as_lines();
    m.structured = !m.keys;
    m.mixed = mixed_parts(*s.tree);
    m.root_side = s.side;
    return m;
  }

  // The structured stipulation a plain form is played as, or nothing.
  static std::optional<StructuredStipulation> structured_equivalent(const std::string& text) {
    const SourceLocation at{"<popeye output>", 1, 1};
    try {
      const auto form = parse_stipulation_form(text, at);
      if (!form.playable(at)) return std::nullopt;
      return form.read_structured_equivalent(at);
    } catch (const ParseError&) {
      return std::nullopt;
    }
  }

  // A structured stipulation's line ("Schwarz 2hh[#]   3 + 3") as read, or nothing when the
  // line's first word is no side. Unreadable: ParseError at `at`.
  static std::optional<StructuredStipulation> structured_line(std::string_view trimmed, const SourceLocation& at) {
    const auto w = words(trimmed);
    const std::string side = lowercase(std::string(w.front().text));
    const bool white = side == "white" || side == "weiss" || side == "blanc";
    if (!white && side != "black" && side != "schwarz" && side != "noir") return std::nullopt;
    const auto unread = ParseError(at, fmt::format("a structured stipulation that does not read: '{}'", trimmed));
    std::vector<LocatedWord> play;
    for (std::size_t i = 1; i < w.size(); ++i) {
      if (i + 1 < w.size() && w[i + 1].text == "+") {  // the piece counts "3 + 3"
        // A long stipulation has the white count glued on ("...&-4hh[=]8 + 10", sford.out): a
        // tree ends with a branch letter, ']' or '}', never a digit, so trailing digits are the count.
        const std::string_view glued = w[i].text;
        const std::size_t end = glued.find_last_not_of("0123456789");
        if (end != std::string_view::npos && end + 1 < glued.size())
          play.push_back({std::string(glued.substr(0, end + 1)), SourceLocation{"<popeye output>", 1, w[i].column + 1}});
        break;
      }
      play.push_back({std::string(w[i].text), SourceLocation{"<popeye output>", 1, w[i].column + 1}});
    }
    // Option Threat's "/1" after the structure ("Weiss -6da[#]/1"), as after a plain "#6/1".
    if (!play.empty()) {
      std::string& last = play.back().text;
      const auto slash = last.rfind('/');
      if (slash != std::string::npos && slash > 0 && last[slash - 1] == ']' && slash + 1 < last.size() &&
          last.find_first_not_of("0123456789", slash + 1) == std::string::npos)
        last.resize(slash);
    }
    if (play.empty()) throw unread;
    try {
      return read_structured_stipulation(white ? White : Black, play);
    } catch (const ParseError&) {
      throw unread;
    }
  }

  void stipulation_line(std::string_view trimmed, const SourceLocation& at) override {
    const auto structured = structured_line(trimmed, at);
    if (structured && !structured->plain) {  // played by the structured engine: its lines, or its keys
      std::string_view text = trimmed.substr(0, trimmed.find("  "));
      if (const auto plus = text.rfind(" + "); plus != std::string_view::npos) {  // the counts glued on ("[=]8 + 10")
        text = text.substr(0, plus);
        while (!text.empty() && std::isdigit(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
      }
      out_.stipulation = std::string(text);
      problem_mode_ = mode_ = structured_mode(*structured);
      return;
    }
    out_.stipulation = structured ? structured->plain->canonical_text() : std::string(words(trimmed).front().text);
    // A form played as its structured equivalent ("pser-#3", "exact-h#2") reads as that.
    if (const auto equivalent = structured_equivalent(out_.stipulation)) {
      problem_mode_ = mode_ = structured_mode(*equivalent);
      return;
    }
    const auto mode = mode_of(out_.stipulation);
    if (!mode)
      throw ParseError(at, fmt::format("expected a helpmate, selfmate, direct-mate or series stipulation below the board, "
                                       "found '{}'",
                                       out_.stipulation));
    problem_mode_ = mode_ = *mode;
    out_.series = mode->series;
    out_.series_side = mode->series_side;
    out_.selfmate = !mode->series && out_.stipulation.starts_with("s");
    out_.direct = !mode->series && out_.stipulation.starts_with("#");
  }

  bool solution_line(std::string_view line, std::string_view trimmed, const SourceLocation& at) override {
    for (const std::string_view time : {"Time = ", "Zeit = ", "Temps = "})  // "solution finished. Time = 1.7 s"
      if (const auto t = trimmed.find(time); t != std::string_view::npos)
        out_.seconds = std::strtod(std::string(trimmed.substr(t + time.size())).c_str(), nullptr);
    if (trimmed.starts_with(words_.finished)) {
      out_.finished = true;
      return false;
    }
    if (trimmed.starts_with(words_.partial) || trimmed.starts_with("solving interrupted")) return false;
    if (is_popeye_side_line(trimmed)) return true;
    if (!std::isspace(static_cast<unsigned char>(line.front()))) {
      std::string label = twin_label_of_line(line);
      if (trimmed == words_.zero_position) return true;  // the twins that follow are labelled
      if (trimmed == words_.threat_not_applicable) return true;  // option Threat ignored, said so
      // Option CastlingMutuallyExclusive, left-aligned below the stipulation: "... a1h8 h1a8".
      if (label.empty() && words(trimmed).front().text == popeye::spelling_of(popeye::Kind::Option, "CastlingMutuallyExclusive", language_))
        return true;
      if (label.empty() && is_remark(trimmed)) {
        out_.remarks.emplace_back(trimmed);
        return true;
      }
      if (label.empty())
        throw ParseError(at, fmt::format("expected a twin label ('a)', 'b) wBb8-->a7', '+c) ...') or an indented "
                                         "solution line, found '{}'",
                                         trimmed));
      out_.twins.push_back({label, {}});
      // A twin with its own stipulation says it after the label ("d) h=2"): its lines read so.
      const auto ws = words(line);
      // One played as its structured equivalent ("b) pser-s=2") reads as that.
      std::optional<Mode> own;
      if (ws.size() >= 2 && ws[1].text.find_first_of("#=") != std::string_view::npos) {
        if (const auto equivalent = structured_equivalent(std::string(ws[1].text))) own = structured_mode(*equivalent);
        else own = mode_of(ws[1].text);
      }
      mode_ = own ? *own : problem_mode_;
      return true;
    }
    if (trimmed == words_.but) return true;  // tries: the refutation follows, never a key
    // Centred below the stipulation: the options that change the play ("Duplex", "Quodlibet").
    for (const std::string_view option : {"Duplex", "HalfDuplex", "Quodlibet"})
      if (trimmed == popeye::spelling_of(popeye::Kind::Option, option, language_)) return true;
    // Option PostKeyPlay: the play after a key not printed starts with its threat or zugzwang alone,
    // or with " +" when the key gave check.
    if (trimmed == words_.threat || trimmed == words_.zugzwang || trimmed == words_.refutes || trimmed == "+") return true;
    if (attribute_line(trimmed)) return true;
    if (out_.twins.empty()) out_.twins.push_back({"", {}});
    if (mode_.mixed) take_mixed(line, at);
    else if (mode_.structured) take_structured(line, at);
    else if (mode_.series) take_series(line, at);
    else if (mode_.keys) take_selfmate(line, at);
    else take_helpmate(line, at);
    return true;
  }

  // "   1.Qe7-e8 ! zugzwang.": a key; deeper lines of the tree only need to be move lines.
  void take_selfmate(std::string_view line, const SourceLocation& at) {
    const auto ws = words(line);
    const auto number = move_number(ws.front().text);
    if (!number) throw ParseError(at.advanced(ws.front().column), "expected a numbered move ('1.Qe7-e8 !')");
    if (ws.front().text.substr(0, number->length) != "1.") return;
    bool key = false;
    for (std::size_t i = 1; i < ws.size(); ++i) key = key || ws[i].text == "!";
    if (!key) return;  // a try ("?") or a threat
    const std::string uci = popeye_move_uci(ws.front().text.substr(number->length), White, language_);
    if (uci.empty())
      throw ParseError(at.advanced(ws.front().column), fmt::format("cannot read the move '{}'", ws.front().text));
    out_.twins.back().solutions.push_back(uci);
  }

  // "  1.Qb4-h4 Qd6-h6   2.0-0-0 + Kd1-c1   3.Rb2-b8 Qh6-c6 #": one solution.
  void take_helpmate(std::string_view line, const SourceLocation& at) {
    const auto ws = words(line);
    const auto number = move_number(ws.front().text);
    if (!number)
      throw ParseError(at.advanced(ws.front().column), "expected a solution line ('1.Qb4-h4 Qd6-h6   2.0-0-0 + ...')");
    // Help-reflex play: "1.Qf6-d8 # ?!?", the move White would have to play, ends no solution.
    if (ws.back().text == "?!?") return;
    // Popeye numbers a helpmate's moves from Black's: "1." Black starts, "1..." White starts; in
    // help-self and help-reflex play from White's ("hs#2": "1." White starts).
    Color side = (number->side == Black) != mode_.help_self ? White : Black;
    std::string solution;
    for (std::size_t i = 0; i < ws.size(); ++i) {
      const auto& w = ws[i];
      const auto prefix = move_number(w.text);
      std::string_view move = w.text.substr(prefix ? prefix->length : 0);
      if (move.empty() || is_mark(move)) continue;
      // "1...  ...  2.THd3-h7 ...": the set play of a helpmate with a half move, White's half
      // move left out (not a pass: option NullMoves goes with no set play).
      if (i == 1 && move == "..." && ws[0].text == "1...") {
        side = ~side;
        continue;
      }
      const std::string uci = popeye_move_uci(move, side, language_);
      if (uci.empty()) throw ParseError(at.advanced(w.column), fmt::format("cannot read the move '{}'", w.text));
      if (!solution.empty()) solution += ' ';
      solution += uci;
      side = side == White ? Black : White;
    }
    out_.twins.back().solutions.push_back(solution);
  }

  // A part's play under a root whose parts print keys and lines: a line indented by two blanks is
  // a part's line; one with " !" after its first move a key (indented by three); the rest, deeper,
  // the tree below a key.
  void take_mixed(std::string_view line, const SourceLocation& at) {
    const std::size_t indent = line.find_first_not_of(' ');
    if (indent == 2) return take_structured(line, at);
    const auto ws = words(line);
    for (std::size_t i = 1; i < ws.size(); ++i)
      if (ws[i].text == "!") return take_selfmate(line, at);
  }

  // "  1.Bh1-g2 Bh6-f4   2.Bg2-f1   1.Bd3-g6 + Kh5-g4   2.Qc3*f3 #": one line of a structured
  // stipulation, the nested branch numbered from 1 again; the sides alternate, but where a
  // higher number follows a numbered move at once ("1.f2-f4   2.Sg1-f3": series play, parry
  // series) the other side passed and the same side moves again.
  void take_structured(std::string_view line, const SourceLocation& at) {
    const auto ws = words(line);
    const auto number = move_number(ws.front().text);
    if (!number) throw ParseError(at.advanced(ws.front().column), "expected a solution line ('1.Kd5-c4 Kb2-c1 ...')");
    // A constraint the diagram already breaks: "1.g3*f4 x ?!?", the move that breaks it, no solution.
    if (ws.back().text == "?!?") return;
    Color side = number->side == Black ? ~mode_.root_side : mode_.root_side;
    std::string solution;
    int last_number = 0;  // the number of the move just read, 0 when it had none
    for (const auto& w : ws) {
      const auto prefix = move_number(w.text);
      std::string_view move = w.text.substr(prefix ? prefix->length : 0);
      if (move.empty() || is_mark(move)) continue;
      const int n = prefix && prefix->side == White ? prefix->number : 0;  // "1..." is no series move
      if (n > 0 && last_number > 0 && n > last_number && !solution.empty()) side = ~side;  // the other side passed
      last_number = n;
      const std::string uci = popeye_move_uci(move, side, language_);
      if (uci.empty()) throw ParseError(at.advanced(w.column), fmt::format("cannot read the move '{}'", w.text));
      if (!solution.empty()) solution += ' ';
      solution += uci;
      side = ~side;
    }
    // A line that reaches several goals is printed once for each ("x", then "="): one solution.
    auto& lines = out_.twins.back().solutions;
    if (std::find(lines.begin(), lines.end(), solution) == lines.end()) lines.push_back(solution);
  }

  // "  1.Kc4-c5   2.Tc3-c4 ...   6.Kc5-d4 Lg3-f2 #": one series solution; the numbered moves are
  // the series side's, a move after them the other side's.
  void take_series(std::string_view line, const SourceLocation& at) {
    const auto ws = words(line);
    if (!move_number(ws.front().text))
      throw ParseError(at.advanced(ws.front().column), "expected a series solution line ('1.Kc4-c5   2.Tc3-c4 ...')");
    std::string solution;
    for (const auto& w : ws) {
      const auto prefix = move_number(w.text);
      std::string_view move = w.text.substr(prefix ? prefix->length : 0);
      if (move.empty() || is_mark(move)) continue;
      // "1." the series side's move, "1..." (set play) and a move without number the other side's.
      const Color side = prefix && prefix->side == White ? mode_.series_side : ~mode_.series_side;
      const std::string uci = popeye_move_uci(move, side, language_);
      if (uci.empty()) throw ParseError(at.advanced(w.column), fmt::format("cannot read the move '{}'", w.text));
      if (!solution.empty()) solution += ' ';
      solution += uci;
    }
    out_.twins.back().solutions.push_back(solution);
  }

  // Centred below the stipulation: a piece attribute and the squares of the men that have it
  // ("Royal d7", "Koeniglich a8 c8").
  bool attribute_line(std::string_view trimmed) const {
    const auto ws = words(trimmed);
    const auto attribute = popeye::find_keyword(popeye::Kind::PieceAttribute, language_, ws.front().text);
    if (!attribute || attribute->ambiguous() || ws.size() < 2 ||
        lowercase(ws.front().text) != lowercase(popeye::spelling_of(popeye::Kind::PieceAttribute, attribute->keyword->id, language_)))
      return false;
    for (std::size_t i = 1; i < ws.size(); ++i)
      if (ws[i].text.size() != 2 || ws[i].text[0] < 'a' || ws[i].text[0] > 'h' || ws[i].text[1] < '1' || ws[i].text[1] > '8') return false;
    return true;
  }

  // A sentence at the line's start with no move in it: Popeye's diagnostic about the position
  // ("the side to play can capture the king", "both sides need a king").
  static bool is_remark(std::string_view trimmed) {
    for (const auto& w : words(trimmed))
      if (move_number(w.text)) return false;
    return std::isalpha(static_cast<unsigned char>(trimmed.front())) && words(trimmed).size() >= 3;
  }

  popeye::Language language_;
  const PopeyeOutputWords& words_;
  PopeyeHelpSelfOutput out_;
  Mode problem_mode_, mode_;  // the problem's stipulation's, and the current twin's
};

std::vector<std::string> split_solutions(std::string_view text, bool selfmate) {
  std::vector<std::string> out;
  if (selfmate) {
    for (const auto& w : PopeyeReader::words(text)) out.emplace_back(w.text);
  } else {
    while (!trim(text).empty()) {
      const auto bar = text.find('|');
      std::string line;
      for (const auto& w : PopeyeReader::words(text.substr(0, bar))) {
        if (!line.empty()) line += ' ';
        line += w.text;
      }
      if (line.empty()) throw std::runtime_error("an empty helpmate line between '|' separators");
      out.push_back(line);
      text = bar == std::string_view::npos ? std::string_view() : text.substr(bar + 1);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

PopeyeHelpSelfOutput read_popeye_help_self_output(std::string_view text, const std::string& file,
                                                  popeye::Language language) {
  return HelpSelfReader(text, file, language).read();
}

SolutionSets parse_manifest_solutions(std::string_view column, bool selfmate) {
  column = trim(column);
  const std::string first = twin_label_of_line(column);
  if (first.empty()) return {{"", split_solutions(column, selfmate)}};
  SolutionSets out;
  while (!column.empty()) {
    const auto semi = column.find(';');
    std::string_view part = trim(column.substr(0, semi));
    const std::string label = twin_label_of_line(part);
    if (label.empty() || part.front() == '+')
      throw std::runtime_error(fmt::format("expected a twin label ('b) ...') in the solutions, found '{}'", part));
    out.push_back({label, split_solutions(part.substr(label.size() + 1), selfmate)});
    column = semi == std::string_view::npos ? std::string_view() : trim(column.substr(semi + 1));
  }
  return out;
}

std::string format_solution_sets(const SolutionSets& sets, bool selfmate) {
  std::string out;
  for (const auto& t : sets) {
    if (!t.label.empty()) {
      if (!out.empty()) out += " ; ";
      out += t.label;
      out += ')';
    }
    for (std::size_t i = 0; i < t.solutions.size(); ++i) {
      if (i > 0) out += selfmate ? " " : " | ";
      else if (!t.label.empty()) out += ' ';
      out += t.solutions[i];
    }
  }
  return out;
}

std::size_t solution_count(const SolutionSets& sets) {
  std::size_t n = 0;
  for (const auto& t : sets) n += t.solutions.size();
  return n;
}

}  // namespace arbiter::problem
