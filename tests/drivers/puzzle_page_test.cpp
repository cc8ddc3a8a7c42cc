// Markdown pages of the golden reports (solver/report/puzzle_page.h): a whole page byte for
// byte, the tags a page shows, Markdown escaping and code spans, table cells that keep their
// pipes, timing lines a golden comparison can strip, and the index with its verdict counts.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/report/puzzle_page.h"

using namespace arbiter::report;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// What a golden-file test compares: the page with its timing lines blanked.
std::string without_times(const std::string& page) {
  return std::regex_replace(page, std::regex("^Time: [0-9]+\\.[0-9]{3} s$", std::regex::multiline), "Time: - s");
}

// Pipes that separate cells (not escaped as "\|").
int cell_separators(const std::string& row) {
  int n = 0;
  for (std::size_t i = 0; i < row.size(); ++i) n += row[i] == '|' && (i == 0 || row[i - 1] != '\\');
  return n;
}

PuzzlePage two_game_page() {
  PuzzlePage page;
  page.title = "Time Traveler's Chess: illustrative games";
  page.source = "puzzles/timetravel/illustrative-games.pgn";
  page.variant = "timetravel";
  page.verdict = "legal; 1 claim not verified (expected)";
  page.commands = {"arbiter replay puzzles/timetravel/illustrative-games.pgn"};

  PageSection one;
  one.heading = "Game 1: explosions";
  one.tags = {{"Event", "Illustrative game 1"}, {"Site", "?"},        {"Date", "2003.??.??"},
              {"Round", "1"},                   {"White", "?"},        {"Black", "?"},
              {"Result", "*"},                  {"SetUp", "1"},        {"FEN", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"},
              {"Variant", "Time Traveler's"},  {"Annotator", "the rule text"}};
  one.verdicts = {"legal: 12 plies"};
  one.diagrams = {{"game1 start.svg", "Start"}, {"game1-end.svg", "After 6...dxe5: *traveling* men"}};
  one.claims = {{3, "Nf3~", "check", "verified", "the knight attacks e5", true, false},
                {6, "dxe5", "kingless=white", "not verified", "White has a king | on e1", false, true},
                {0, "", "men-to=c4:Q", "not verified", "no queen reaches c4", false, false}};
  one.timings = {{"replay, 12 plies", 0.0125}};

  PageSection two;
  two.heading = "Game 2: the quiz";
  two.tags = {{"Event", "Illustrative game 2"}, {"Date", "????.??.??"}};
  two.verdicts = {"legal: 4 plies", "the quiz's answer: six chessmen"};
  two.findings = {{2, "T3: f:d4(C)", "erratum", "no pawn can take on d4", "T3: e:d4(C)", true},
                  {0, "", "warning", "marked '+' but gives no check", "", false}};
  two.notes = {"See [the README](README.md)."};

  page.sections = {one, two};
  page.timings = {{"", 1.5}};
  return page;
}

}  // namespace

TEST_CASE("puzzle page: a two-game page, byte for byte", "[page]") {
  const std::string expected =
      "# Time Traveler's Chess: illustrative games\n"
      "\n"
      "- **Puzzle file:** `puzzles/timetravel/illustrative-games.pgn`\n"
      "- **Variant:** timetravel\n"
      "- **Verdict:** legal; 1 claim not verified (expected)\n"
      "\n"
      "To reproduce:\n"
      "\n"
      "    arbiter replay puzzles/timetravel/illustrative-games.pgn\n"
      "\n"
      "## Game 1: explosions\n"
      "\n"
      "### Record\n"
      "\n"
      "- **Event:** Illustrative game 1\n"
      "- **Date:** 2003\n"
      "- **Round:** 1\n"
      "- **Annotator:** the rule text\n"
      "- **FEN:** `8/8/8/4k3/8/8/4P3/4K3 w - - 0 1`\n"
      "\n"
      "### Verdict\n"
      "\n"
      "- legal: 12 plies\n"
      "\n"
      "### Diagrams\n"
      "\n"
      "![Start](game1%20start.svg)\n"
      "\n"
      "*Start*\n"
      "\n"
      "![After 6...dxe5: \\*traveling\\* men](game1-end.svg)\n"
      "\n"
      "*After 6...dxe5: \\*traveling\\* men*\n"
      "\n"
      "### Claims\n"
      "\n"
      "3 claims: 1 holds, 2 do not (1 of them expected).\n"
      "\n"
      "| ply | move | claim | verdict | reason |\n"
      "|---:|---|---|---|---|\n"
      "| 3 | `Nf3~` | check | verified | the knight attacks e5 |\n"
      "| 6 | `dxe5` | kingless=white | not verified (expected) | White has a king \\| on e1 |\n"
      "| \xE2\x80\x93 |  | men-to=c4:Q | **not verified** | no queen reaches c4 |\n"
      "\n"
      "### Timings\n"
      "\n"
      "replay, 12 plies:\n"
      "Time: 0.013 s\n"
      "\n"
      "## Game 2: the quiz\n"
      "\n"
      "### Record\n"
      "\n"
      "- **Event:** Illustrative game 2\n"
      "\n"
      "### Verdict\n"
      "\n"
      "- legal: 4 plies\n"
      "- the quiz's answer: six chessmen\n"
      "\n"
      "### Findings and errata\n"
      "\n"
      "| ply | move | kind | finding | expected |\n"
      "|---:|---|---|---|---|\n"
      "| 2 | `T3: f:d4(C)` | erratum | no pawn can take on d4; checked as `T3: e:d4(C)` | yes |\n"
      "| \xE2\x80\x93 |  | warning | marked '+' but gives no check | no |\n"
      "\n"
      "### Notes\n"
      "\n"
      "See [the README](README.md).\n"
      "\n"
      "## Timings for the whole file\n"
      "\n"
      "Time: 1.500 s\n";
  const std::string page = puzzle_page(two_game_page());
  CHECK(page == expected);
  CHECK(puzzle_page(two_game_page()) == page);  // deterministic
}

TEST_CASE("puzzle page: a file with one game has its parts one level up", "[page]") {
  PuzzlePage page;
  page.title = "Loyd 1868, mate in 2";
  page.source = "puzzles/orthodox/problem-loyd-1868-mate2-promotion.pgn";
  page.variant = "orthodox";
  page.verdict = "proved";
  PageSection s;
  s.tags = {{"Stipulation", "#2"}, {"Author", "Loyd, Samuel"}, {"Date", "1868.??.??"}};
  s.verdicts = {"proved: 1.b8=N! forces mate in 2"};
  s.diagrams = {{"loyd-1868-start.svg", "White to play, mate in 2"}};
  page.sections = {s};
  const std::string text = puzzle_page(page);
  const std::vector<std::string> lines = lines_of(text);
  CHECK(lines.front() == "# Loyd 1868, mate in 2");
  CHECK(text.find("\n## Record\n\n- **Date:** 1868\n- **Author:** Loyd, Samuel\n- **Stipulation:** \\#2\n") !=
        std::string::npos);
  CHECK(text.find("\n## Verdict\n\n- proved: 1.b8=N! forces mate in 2\n") != std::string::npos);
  CHECK(text.find("\n## Diagrams\n\n![White to play, mate in 2](loyd-1868-start.svg)\n") != std::string::npos);
  CHECK(text.find("###") == std::string::npos);
  // Nothing for what is empty, and one newline at the end.
  for (const char* absent : {"Claims", "Findings", "Notes", "Timings", "To reproduce", "Time:"})
    CHECK(text.find(absent) == std::string::npos);
  CHECK(text.back() == '\n');
  CHECK(text.substr(text.size() - 2) != "\n\n");
}

TEST_CASE("puzzle page: timing lines have one exact form, and stripping them removes every difference", "[page]") {
  PuzzlePage fast = two_game_page();
  PuzzlePage slow = two_game_page();
  slow.sections[0].timings = {{"replay, 12 plies", 123.4567}};
  slow.timings = {{"", 0}};
  const std::string a = puzzle_page(fast), b = puzzle_page(slow);
  CHECK(a != b);
  CHECK(without_times(a) == without_times(b));
  const std::regex form("^Time: [0-9]+\\.[0-9]{3} s$");
  int time_lines = 0;
  for (const std::string& line : lines_of(b)) {
    if (line.rfind("Time", 0) != 0) continue;
    ++time_lines;
    CHECK(std::regex_match(line, form));
  }
  CHECK(time_lines == 2);
  CHECK(b.find("\nTime: 123.457 s\n") != std::string::npos);
  CHECK(b.find("\nTime: 0.000 s\n") != std::string::npos);

  CHECK(time_line(0) == "Time: 0.000 s");
  CHECK(time_line(0.0004) == "Time: 0.000 s");
  CHECK(time_line(2.5) == "Time: 2.500 s");
  CHECK(time_line(3600) == "Time: 3600.000 s");
  CHECK_THROWS_AS(time_line(-0.001), std::invalid_argument);
  CHECK_THROWS_AS(time_line(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
  CHECK_THROWS_AS(time_line(std::numeric_limits<double>::infinity()), std::invalid_argument);
  PuzzlePage negative = two_game_page();
  negative.timings = {{"total", -1}};
  CHECK_THROWS_AS(puzzle_page(negative), std::invalid_argument);
}

TEST_CASE("puzzle page: the tags shown, in the page's order, without placeholders", "[page]") {
  const std::vector<PageTag> record = {
      {"Result", "1-0"},    {"Black", "Neto, Joao Pedro"}, {"White", "Matos, Cristina"}, {"Round", "?"},
      {"Date", "1996.04.16"}, {"Site", "?"},              {"Event", "Conditional Chess sample game"},
      {"Variant", "Conditional"}, {"SetUp", "1"},         {"EngineLine", "1. e4"},
      {"ExpectedErrata", "d5; dxe4"}, {"Event", "a second Event tag"}, {"Origin", ""}};
  const std::vector<PageTag> shown = shown_tags(record);
  std::vector<std::string> names, values;
  for (const PageTag& t : shown) {
    names.push_back(t.name);
    values.push_back(t.value);
  }
  CHECK(names == std::vector<std::string>{"Event", "Date", "White", "Black", "Result", "ExpectedErrata"});
  CHECK(values == std::vector<std::string>{"Conditional Chess sample game", "1996.04.16", "Matos, Cristina",
                                           "Neto, Joao Pedro", "1-0", "d5; dxe4"});
  // Dates lose their unknown parts; an unknown date is not shown.
  const auto date = [](const std::string& d) {
    const auto tags = shown_tags({{"Date", d}});
    return tags.empty() ? std::string("(none)") : tags.front().value;
  };
  CHECK(date("1868.??.??") == "1868");
  CHECK(date("1851.06.??") == "1851.06");
  CHECK(date("1858.??.02") == "1858");
  CHECK(date("????.??.??") == "(none)");
  CHECK(date("?") == "(none)");
  CHECK(shown_tags({{"Result", "*"}, {"Round", "-"}, {"Stipulation", "#3"}}).size() == 1);
}

TEST_CASE("puzzle page: Markdown escaping and code spans", "[page]") {
  CHECK(markdown_text("Bg5?*Nf6*/c4") == "Bg5?\\*Nf6\\*/c4");
  CHECK(markdown_text("a_b [c] <d> `e` ~f~ \\ g|h") == "a\\_b \\[c\\] \\<d\\> \\`e\\` \\~f\\~ \\\\ g\\|h");
  CHECK(markdown_text("Q&A") == "Q&amp;A");
  CHECK(markdown_text("one\ntwo\tthree") == "one two three");
  // Block markers at the start are escaped; elsewhere they are plain text.
  CHECK(markdown_text("1. e4 e5") == "1\\. e4 e5");
  CHECK(markdown_text("12) b3") == "12\\) b3");
  CHECK(markdown_text("- x") == "\\- x");
  CHECK(markdown_text("+2") == "\\+2");
  CHECK(markdown_text("#2") == "\\#2");
  CHECK(markdown_text("mate in 2. Then") == "mate in 2. Then");
  CHECK(markdown_text("1868") == "1868");
  CHECK(markdown_text("") == "");

  CHECK(code_span("Nf3") == "`Nf3`");
  CHECK(code_span("a`b") == "``a`b``");
  CHECK(code_span("x``y") == "```x``y```");
  CHECK(code_span("`x") == "`` `x ``");
  CHECK(code_span(" x ") == "`  x  `");
  CHECK(code_span("two\nlines") == "`two lines`");
  CHECK(code_span("") == "");
}

TEST_CASE("puzzle page: table cells keep their column count whatever the text holds", "[page]") {
  PuzzlePage page;
  page.title = "Pipes";
  PageSection s;
  s.claims = {{1, "a|b", "x|y", "holds|not", "because | why\nand more", true, false}};
  s.findings = {{2, "c|d", "kind|k", "text|t", "e|f", false}};
  page.sections = {s};
  const std::string text = puzzle_page(page);
  int rows = 0;
  for (const std::string& line : lines_of(text)) {
    if (line.empty() || line[0] != '|') continue;
    ++rows;
    INFO(line);
    CHECK(cell_separators(line) == 6);
  }
  CHECK(rows == 2 + 1 + 2 + 1);
  CHECK(text.find("| 1 | `a\\|b` | x\\|y | holds\\|not | because \\| why and more |") != std::string::npos);
  CHECK(text.find("| 2 | `c\\|d` | kind\\|k | text\\|t; checked as `e\\|f` | no |") != std::string::npos);
  CHECK(text.find("1 claim: 1 holds, 0 do not.") != std::string::npos);
}

TEST_CASE("puzzle page: the index lists every puzzle with its variant, verdict and link", "[page]") {
  IndexPage index;
  index.intro = {"Regenerated by `arbiter report` from `puzzles/`."};
  index.entries = {
      {"Immortal Game, 1851", "orthodox/immortal-game-1851.md", "puzzles/orthodox/immortal-game-1851.pgn", "orthodox",
       "legal"},
      {"Loyd 1868, #2", "orthodox/problem loyd (1868).md", "puzzles/orthodox/problem-loyd-1868-mate2-promotion.pgn",
       "orthodox", "proved"},
      {"Matos - Neto, 1996", "conditional/matos-neto-1996.md", "puzzles/conditional/matos-neto-1996.pgn",
       "conditional", "legal"},
      {"", "", "puzzles/option/bonham-2014.pgn", "option", ""}};
  index.timings = {{"every puzzle", 12.3456}};
  const std::string text = index_page(index);
  const std::string expected =
      "# Golden reports\n"
      "\n"
      "Regenerated by `arbiter report` from `puzzles/`.\n"
      "\n"
      "4 puzzles: 2 legal, 1 no verdict, 1 proved.\n"
      "\n"
      "| puzzle | variant | verdict | file |\n"
      "|---|---|---|---|\n"
      "| [Immortal Game, 1851](orthodox/immortal-game-1851.md) | orthodox | legal | "
      "`puzzles/orthodox/immortal-game-1851.pgn` |\n"
      "| [Loyd 1868, #2](orthodox/problem%20loyd%20%281868%29.md) | orthodox | proved | "
      "`puzzles/orthodox/problem-loyd-1868-mate2-promotion.pgn` |\n"
      "| [Matos - Neto, 1996](conditional/matos-neto-1996.md) | conditional | legal | "
      "`puzzles/conditional/matos-neto-1996.pgn` |\n"
      "| puzzles/option/bonham-2014.pgn | option |  | `puzzles/option/bonham-2014.pgn` |\n"
      "\n"
      "## Timings\n"
      "\n"
      "every puzzle:\n"
      "Time: 12.346 s\n";
  CHECK(text == expected);
  CHECK(index_page(index) == text);

  IndexPage empty;
  CHECK(index_page(empty) == "# Golden reports\n\n0 puzzles.\n");
}
