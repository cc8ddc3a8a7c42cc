#include "solver/problem/problem.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/core/position.h"
#include "rules/notation/san.h"
#include "solver/problem/popeye_input.h"

namespace arbiter::problem {

bool claims_illegal(const PgnMove& move) {
  for (const auto& c : move.comments_after) {
    std::string_view t = c;
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    if (t.size() >= 7 && std::equal(t.begin(), t.begin() + 7, "illegal", [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; }))
      return true;
  }
  return false;
}

namespace {

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_orthodox_name(std::string_view variant) {
  const std::string v = lower(trim(variant));
  return v == "orthodox" || v == "standard";
}

// --- the published solution ------------------------------------------------------------------

void check_threat_comment(Position& pos, const PgnMove& move, std::string_view comment) {
  auto threats = threat_moves(comment);
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
    fail(e.where(), fmt::format("in the threat comment after {}: {}", move.san, e.message()));
  }
  pos.unmake_null();
}

// Every move of the line and of its variations must be legal; variations start from the
// position before the move they replace. Throws IllegalMoveError / ParseError at the move.
void check_line(Position& pos, const PgnLine& line) {
  int played = 0;
  for (const PgnMove& m : line) {
    for (const PgnLine& variation : m.variations) check_line(pos, variation);
    if (claims_illegal(m)) break;  // a stated illegal move: verify checks the claim; the line ends
    const Move move = parse_san(pos, m.san, m.where);
    pos.make(move);
    ++played;
    for (const auto& comment : m.comments_after) check_threat_comment(pos, m, comment);
  }
  while (played-- > 0) pos.unmake();
}

Problem problem_from_game(const PgnGame& game, const std::string& file, int number) {
  Problem p;
  p.file = file;
  p.number = number;
  p.where = game.where;
  for (const auto& [name, value] : game.tags) p.tags[name] = value;

  if (auto variant = game.tag("Variant")) p.variant = is_orthodox_name(*variant) ? "orthodox" : std::string(trim(*variant));
  const bool orthodox = p.variant == "orthodox";

  auto stipulation = game.tag("Stipulation");
  if (!stipulation)
    fail(game.where, "the problem has no [Stipulation] tag: expected [Stipulation \"#N\"] (a direct mate in N moves) among the tags");
  p.stipulation_location = *game.tag_value_location("Stipulation");
  p.stipulation = parse_stipulation(*stipulation, p.stipulation_location);

  auto fen = game.tag("FEN");
  if (!fen) fail(game.where, "the problem has no [FEN] tag: expected the position as [SetUp \"1\"] and [FEN \"...\"] among the tags");
  p.fen_location = *game.tag_value_location("FEN");
  if (auto setup = game.tag("SetUp"); setup && trim(*setup) != "1")
    fail(*game.tag_value_location("SetUp"), fmt::format("expected [SetUp \"1\"] beside a [FEN] tag, found [SetUp \"{}\"]", *setup));

  if (orthodox) {
    Position pos = read_fen(*fen, p.fen_location);
    p.fen = write_fen(pos);
    check_line(pos, game.moves);
  } else {
    p.fen = std::string(trim(*fen));  // the variant's own reader checks it
  }

  if (auto v = game.tag("Author")) p.author = *v;
  if (auto v = game.tag("Source")) p.source = *v;
  if (auto v = game.tag("Date")) p.date = *v;
  if (auto v = game.tag("Title")) p.title = *v;
  p.published = game;
  p.interpretations = pinned_interpretations(game);
  return p;
}

}  // namespace

Stipulation parse_stipulation(std::string_view text, const SourceLocation& where) {
  std::size_t lead = 0;
  while (lead < text.size() && is_blank(text[lead])) ++lead;
  const SourceLocation at = where.advanced(int(lead));
  const std::string_view t = trim(text);
  if (t.empty()) fail(at, "expected a stipulation such as '#2' (a direct mate in 2 moves), found nothing");
  if (t[0] == '#') {
    const std::string_view digits = t.substr(1);
    if (digits.empty()) fail(at.advanced(1), "expected the number of moves after '#', as in '#2'");
    if (digits.find_first_not_of("0123456789") == std::string_view::npos) {
      long long n = 0;
      for (char c : digits) n = std::min(n * 10 + (c - '0'), 1'000'000'000LL);
      if (n == 0)
        fail(at.advanced(1), fmt::format("mate length 0 in '{}': a direct mate needs at least one move ('#1' or more)", t));
      if (n > MaxMateMoves)
        fail(at.advanced(1), fmt::format("mate length {} in '{}' is absurdly large: Arbiter proves direct mates of at most "
                                         "{} moves (MaxMateMoves)",
                                         digits, t, MaxMateMoves));
      return {Stipulation::DirectMate, int(n), std::string(t)};
    }
  }
  fail(at, fmt::format("unsupported stipulation '{}': Arbiter proves direct mates '#N'", t));
}

std::optional<std::vector<std::string>> threat_moves(std::string_view comment) {
  std::string_view c = trim(comment);
  constexpr std::string_view Prefix = "threat:";
  if (c.size() < Prefix.size() || lower(c.substr(0, Prefix.size())) != Prefix) return std::nullopt;
  c.remove_prefix(Prefix.size());
  std::vector<std::string> moves;
  if (trim(c).empty()) return moves;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = c.find(',', start);
    std::string_view item = trim(c.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    // "2. Ra7+" / "2.Ra7+" / "2... Kg8": drop the move number.
    std::size_t i = 0;
    while (i < item.size() && std::isdigit(static_cast<unsigned char>(item[i]))) ++i;
    if (i > 0 && i < item.size() && item[i] == '.') {
      while (i < item.size() && item[i] == '.') ++i;
      item = trim(item.substr(i));
    }
    moves.emplace_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return moves;
}

bool is_zugzwang_comment(std::string_view comment) {
  const std::string c = lower(trim(comment));
  return c == "zugzwang" || c == "zugzwang.";
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

std::vector<Problem> read_pgn_problems(std::string_view text, const std::string& file) {
  const auto games = read_pgn(text, file);
  if (games.empty()) fail({file, 1, 1}, "no problem in the file: expected PGN tags ([Stipulation \"#2\"], [FEN \"...\"]) and a movetext");
  std::vector<Problem> problems;
  for (std::size_t i = 0; i < games.size(); ++i) problems.push_back(problem_from_game(games[i], file, int(i) + 1));
  return problems;
}

std::vector<Problem> read_problems(std::string_view text, const std::string& file) {
  return detect_format(text, file) == ProblemFormat::Pgn ? read_pgn_problems(text, file) : read_popeye_problems(text, file);
}

std::vector<Problem> read_problem_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail({path, 1, 1}, "cannot open the problem file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) fail({path, 1, 1}, "cannot read the problem file");
  return read_problems(text.str(), path);
}

}  // namespace arbiter::problem
