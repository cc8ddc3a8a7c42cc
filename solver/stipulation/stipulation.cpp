// Stipulations as problem files write them: "#N", "h#N", "h#N.5", "s#N", optionally followed
// by the number of solutions in the problemists' form "2.1.1.1" (see stipulation.h).

#include <cctype>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/core.h>

#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/stipulation_form.h"

namespace arbiter {

namespace {

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

constexpr std::string_view Expected = "expected '#N' (direct mate), 'h#N' (helpmate) or 's#N' (selfmate)";

// "2.1.1.1" (two first moves, each with one continuation) or "2": the product of the numbers.
// `at` is the location of count[0].
int solution_count(std::string_view count, std::string_view stipulation, const SourceLocation& at) {
  long long product = 1;
  std::size_t i = 0;
  for (;;) {
    if (i >= count.size() || !is_digit(count[i]))
      fail(at.advanced(int(i)),
           fmt::format("expected a solution count after '{}' such as '2' or '2.1.1.1' (the problemists' form: two solutions), "
                       "found '{}'",
                       stipulation, count.substr(i)));
    long long n = 0;
    const std::size_t start = i;
    while (i < count.size() && is_digit(count[i])) n = std::min(n * 10 + (count[i++] - '0'), 1'000'000'000LL);
    if (n == 0)
      fail(at.advanced(int(start)), fmt::format("solution count 0 in '{}': a stated count is at least 1 (leave it out when "
                                                "the problem states none)",
                                                count));
    product = std::min(product * n, 1'000'000'000LL);
    if (i == count.size()) break;
    if (count[i] != '.') break;
    ++i;
  }
  std::size_t rest = i;
  while (rest < count.size() && is_blank(count[rest])) ++rest;
  if (rest < count.size())
    fail(at.advanced(int(i)), fmt::format("unexpected '{}' after the solution count '{}' of '{}': expected nothing more",
                                          count.substr(i), count.substr(0, i), stipulation));
  return int(product);
}

// "#N", "h#N", "s#N" with digits, a dot and digits after ("h#2.5", or a mistake the errors
// below name): the four forms, read here; anything else is tried as Popeye's wider grammar.
bool classic_shape(std::string_view word) {
  std::size_t i = 0;
  if (!word.empty() && std::string_view("hHsS").find(word[0]) != std::string_view::npos) ++i;
  if (i >= word.size() || word[i] != '#') return false;
  for (++i; i < word.size(); ++i)
    if (!is_digit(word[i]) && word[i] != '.') return false;
  return true;
}

}  // namespace

std::vector<Target> stipulation_goals(const Stipulation& s) {
  if (s.structured) return all_goals(*s.structured);
  std::vector<Target> goals{s.target};
  if (s.help_end == HelpEnd::Reciprocal) goals.push_back(s.reci_target);
  return goals;
}

std::string_view kind_name(Stipulation::Kind kind) {
  switch (kind) {
    case Stipulation::HelpMate: return "a helpmate";
    case Stipulation::SelfMate: return "a selfmate";
    case Stipulation::ReflexMate: return "a reflexmate";
    case Stipulation::SemiReflexMate: return "a semi-reflexmate";
    case Stipulation::DirectMate: break;
  }
  return "a direct mate";
}

std::string Stipulation::help_prefix() const {
  if (help_end == HelpEnd::Reciprocal)
    return reci_target == target ? std::string("reci-h") : fmt::format("reci-h({})", reci_target.symbol());
  return help_end == HelpEnd::Self ? "hs" : help_end == HelpEnd::Reflex ? "hr" : "h";
}

std::string Stipulation::canonical_text() const {
  if (structured) return text;  // "black 4hh[2da[#]]": its one spelling is as written
  std::string out = series ? "ser-" : "";
  out += kind == HelpMate ? help_prefix() : kind == SelfMate ? "s" : kind == ReflexMate ? "r" : kind == SemiReflexMate ? "semi-r" : "";
  out += target.symbol();
  out += std::to_string(moves);
  if (half_move) out += ".5";
  return out;
}

Stipulation parse_stipulation(std::string_view text, const SourceLocation& where) {
  std::size_t begin = 0;
  while (begin < text.size() && is_blank(text[begin])) ++begin;
  const SourceLocation at = where.advanced(int(begin));
  std::size_t end = begin;
  while (end < text.size() && !is_blank(text[end])) ++end;
  const std::string_view word = text.substr(begin, end - begin);
  if (word.empty())
    fail(at, "expected a stipulation such as '#2' (a direct mate in 2 moves), 'h#2' (a helpmate) or 's#2' (a selfmate), "
             "found nothing");

  // Another goal or series play ("h=2", "ser-#5"): read as Popeye writes it (stipulation_form.h).
  if (!classic_shape(word)) {
    std::optional<StipulationForm> form;
    try {
      form = parse_stipulation_form(word, at);
    } catch (const ParseError&) {  // not a stipulation at all: the errors below name what is expected
    }
    if (form) {
      auto s = form->playable(at);
      if (!s) fail(at, fmt::format("unsupported stipulation '{}' ({}): {}, a help play or series of another goal ('h=2', "
                                   "'ser-h#5'), or battle or reflex play of any goal ('=2', 'r#2', 'semi-r#2')",
                                   word, form->description(), Expected));
      std::size_t count_at = end;
      while (count_at < text.size() && is_blank(text[count_at])) ++count_at;
      if (count_at < text.size()) s->solutions = solution_count(text.substr(count_at), word, where.advanced(int(count_at)));
      return *s;
    }
  }

  Stipulation s;
  const std::size_t hash = word.find('#');
  const std::string_view prefix = hash == std::string_view::npos ? word : word.substr(0, hash);
  if (hash == std::string_view::npos || prefix.size() > 1) fail(at, fmt::format("unsupported stipulation '{}': {}", word, Expected));
  if (prefix.empty()) s.kind = Stipulation::DirectMate;
  else if (prefix == "h" || prefix == "H") s.kind = Stipulation::HelpMate;
  else if (prefix == "s" || prefix == "S") s.kind = Stipulation::SelfMate;
  else fail(at, fmt::format("unsupported stipulation '{}': {}", word, Expected));

  std::size_t i = hash + 1;
  const std::size_t digits_at = i;
  while (i < word.size() && is_digit(word[i])) ++i;
  const std::string_view digits = word.substr(digits_at, i - digits_at);
  if (digits.empty()) {
    if (i == word.size())
      fail(at.advanced(int(i)), fmt::format("expected the number of moves after '{}', as in '{}2'", word, word));
    fail(at, fmt::format("unsupported stipulation '{}': {}", word, Expected));
  }
  if (i < word.size()) {
    if (word[i] != '.') fail(at, fmt::format("unsupported stipulation '{}': {}", word, Expected));
    if (s.kind != Stipulation::HelpMate)
      fail(at.advanced(int(i)), fmt::format("unsupported stipulation '{}': only helpmates have a half move ('h#{}.5'); {}", word,
                                            digits, Expected));
    if (word.substr(i) != ".5")
      fail(at.advanced(int(i)), fmt::format("expected '.5' after 'h#{}' (a helpmate of {} and a half moves, White starting), "
                                            "found '{}'",
                                            digits, digits, word.substr(i)));
    s.half_move = true;
  }

  long long n = 0;
  for (char c : digits) n = std::min(n * 10 + (c - '0'), 1'000'000'000LL);
  const SourceLocation length_at = at.advanced(int(digits_at));
  if (n == 0 && !s.half_move)
    fail(length_at, s.kind == Stipulation::HelpMate
                        ? fmt::format("mate length 0 in '{}': a helpmate needs at least one move ('h#1'; 'h#0.5' is a single "
                                      "White move)",
                                      word)
                        : fmt::format("mate length 0 in '{}': {} needs at least one move ('{}1' or more)", word, kind_name(s.kind),
                                      prefix.empty() ? "#" : std::string(prefix) + "#"));
  if (n > MaxMateMoves)
    fail(length_at, fmt::format("mate length {} in '{}' is absurdly large: Arbiter solves problems of at most {} moves "
                                "(MaxMateMoves)",
                                digits, word, MaxMateMoves));
  s.moves = int(n);
  s.text = s.canonical_text();

  std::size_t count_at = end;
  while (count_at < text.size() && is_blank(text[count_at])) ++count_at;
  if (count_at < text.size()) s.solutions = solution_count(text.substr(count_at), word, where.advanced(int(count_at)));
  return s;
}

}  // namespace arbiter
