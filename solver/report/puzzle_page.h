#pragma once
// The Markdown pages of the golden reports (`arbiter report`, issue 8): one page per puzzle
// file of puzzles/, and an index. Pure functions of plain data: the caller runs the engines
// and fills the structs; nothing here knows a variant. The same data always gives the same
// bytes.
//
// Timings are the only figures that change from run to run: each is printed alone on a line
// of the exact form
//     Time: <seconds, three decimals> s
// (regular expression ^Time: [0-9]+\.[0-9]{3} s$), preceded by a line saying what was timed,
// so that a golden-file comparison can drop or blank those lines and compare the rest byte for
// byte. No other line the renderers write starts with "Time: " (`notes` and `intro` are
// copied as given: keep such lines out of them).
//
// Text fields are plain text, escaped for Markdown where they are printed (a move such as
// "Bg5?*Nf6*/c4" keeps its stars); only `notes` and `intro` are Markdown, copied as given.

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report {

// A PGN tag as the record gives it.
struct PageTag {
  std::string name;
  std::string value;
};

// A stated outcome judged by the rules: a "[%claim ...]" of a replayed game, or a published
// solution's claim ("check", "mate", "the key", "illegal") of a problem.
struct PageClaim {
  int ply = 0;            // 1 = the record's first move; 0 = none (printed as "–")
  std::string move;       // as written; printed as code
  std::string claim;      // as written
  std::string verdict;    // "verified", "not verified", "holds", "fails", ...
  std::string reason;     // why, naming the rule
  bool ok = true;         // false: the claim does not hold
  bool expected = false;  // a failure the record pins as known ([ExpectedUnverified] ...)
};

// What checking found besides claims: an erratum (a printed move no reading makes legal, with
// the correction checked instead), a cook, a gap closed by a reading, a notation warning.
struct PageFinding {
  int ply = 0;             // 0: not tied to a ply (printed as "–")
  std::string move;        // as written; may be empty
  std::string kind;        // "erratum", "cook", "gap", "warning", ...
  std::string text;        // what was found
  std::string correction;  // the text checked instead, if any; printed as code
  bool expected = false;   // pinned by the record ([ExpectedErrata] ...)
};

// A diagram file beside the page (a relative path, "immortal-game-1851-start.svg").
struct PageDiagram {
  std::string file;
  std::string caption;
};

struct PageTiming {
  std::string what;  // "replay, 45 plies", "solve (mate in 3)"
  double seconds = 0;
};

// One game or problem of the puzzle file.
struct PageSection {
  std::string heading;                // "Game 2: Rubinstein - ..."; empty when the file holds one
  std::vector<PageTag> tags;          // the record's tags in file order; the page shows those worth showing
  std::vector<std::string> verdicts;  // the verdict line(s), the first one the main verdict
  std::vector<PageDiagram> diagrams;
  std::vector<PageClaim> claims;
  std::vector<PageFinding> findings;
  std::vector<std::string> notes;  // Markdown paragraphs, copied as given
  std::vector<PageTiming> timings;
};

struct PuzzlePage {
  std::string title;
  std::string source;   // the puzzle file, relative to the repository: "puzzles/orthodox/x.pgn"
  std::string variant;  // "orthodox", "transactional", ...
  std::string verdict;  // the whole file's verdict, short: "legal", "proved", "2 errata (expected)"
  std::vector<std::string> commands;  // commands that reproduce the page's findings, printed as code
  std::vector<PageSection> sections;
  std::vector<PageTiming> timings;  // for the whole file (a total, say)
};

std::string puzzle_page(const PuzzlePage& page);

struct IndexEntry {
  std::string title;
  std::string link;     // the page, relative to the index: "orthodox/immortal-game-1851.md"
  std::string source;   // the puzzle file: "puzzles/orthodox/immortal-game-1851.pgn"
  std::string variant;
  std::string verdict;  // short, as on the page
};

struct IndexPage {
  std::string title = "Golden reports";
  std::vector<std::string> intro;  // Markdown paragraphs, copied as given
  std::vector<IndexEntry> entries;  // in the order given (sort them first)
  std::vector<PageTiming> timings;
};

// The title, the intro, a count of puzzles per verdict, a table (puzzle with its link,
// variant, verdict, source file), then the timings.
std::string index_page(const IndexPage& index);

// The tags a page shows, in the page's order (Event, Site, Date, Round, White, Black, Result,
// Author, Source, Stipulation, Title, Referee, Annotator, Origin, ECO, Tokens, FEN, Interpret,
// ExpectedVerdict, ExpectedErrata, ExpectedUnverified), without placeholders ("", "?", "-",
// "*", an all-unknown date); a date loses its unknown parts ("1868.??.??" -> "1868").
// A tag given twice is shown once, with its first value.
std::vector<PageTag> shown_tags(const std::vector<PageTag>& tags);

// "Time: 1.234 s". Throws std::invalid_argument for a negative or non-finite time.
std::string time_line(double seconds);

// Plain text as Markdown inline text: the characters Markdown would read as markup escaped with
// a backslash, line breaks as spaces, and a leading list or heading marker escaped.
std::string markdown_text(std::string_view text);
// Text as a code span: `Nf3`, with a longer fence when the text holds backticks.
std::string code_span(std::string_view text);

}  // namespace arbiter::report
