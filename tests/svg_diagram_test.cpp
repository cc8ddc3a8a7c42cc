// SVG board diagrams (solver/report/svg_diagram.h): the document is well formed, holds one
// piece element per piece with the colour in the fill, puts the coordinates where the board's
// orientation says, draws the right number of token discs, escapes text, lists in the legend
// only what it drew, rejects unknown kinds and squares off the board, and is deterministic.

#include <catch2/catch.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "solver/report/svg_diagram.h"

using namespace arbiter;
using namespace arbiter::report;

namespace {

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

// A small well-formedness check: every tag closes the element it should, attribute values are
// quoted, and every '&' starts one of the five predefined entities. Returns "" when well formed,
// else what is wrong.
std::string xml_problem(const std::string& xml) {
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < xml.size()) {
    if (xml[i] == '&') {
      bool entity = false;
      for (const char* e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
        entity |= xml.compare(i, std::string(e).size(), e) == 0;
      if (!entity) return "bare '&' at " + std::to_string(i);
      ++i;
      continue;
    }
    if (xml[i] == '>') return "bare '>' at " + std::to_string(i);
    if (xml[i] != '<') {
      ++i;
      continue;
    }
    // A tag: find its end, skipping quoted attribute values.
    std::size_t j = i + 1;
    char quote = 0;
    for (; j < xml.size(); ++j) {
      if (quote) {
        if (xml[j] == quote) quote = 0;
        else if (xml[j] == '<') return "'<' inside an attribute value at " + std::to_string(j);
      } else if (xml[j] == '"' || xml[j] == '\'') {
        quote = xml[j];
      } else if (xml[j] == '>') {
        break;
      }
    }
    if (j == xml.size()) return "unterminated tag at " + std::to_string(i);
    const std::string tag = xml.substr(i + 1, j - i - 1);
    const bool closing = tag.front() == '/';
    const bool self_closing = tag.back() == '/';
    const std::size_t name_start = closing ? 1 : 0;
    const std::string name = tag.substr(name_start, tag.find_first_of(" \n/", name_start) - name_start);
    if (name.empty()) return "tag without a name at " + std::to_string(i);
    if (closing) {
      if (open.empty() || open.back() != name) return "</" + name + "> closes nothing open at " + std::to_string(i);
      open.pop_back();
    } else if (!self_closing) {
      open.push_back(name);
    }
    i = j + 1;
  }
  if (!open.empty()) return "<" + open.back() + "> left open";
  return "";
}

// The x attribute of each `<text class="cls"` element, in document order.
std::vector<double> text_xs(const std::string& svg, const std::string& cls) {
  std::vector<double> xs;
  const std::string needle = "<text class=\"" + cls + "\" x=\"";
  for (std::size_t at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1))
    xs.push_back(std::stod(svg.substr(at + needle.size())));
  return xs;
}

// The x of the label whose text is `label` ("a", "h", ...).
double label_x(const std::string& svg, const std::string& cls, const std::string& label) {
  const std::string needle = "<text class=\"" + cls + "\" x=\"";
  for (std::size_t at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1)) {
    const std::size_t close = svg.find("</text>", at);
    const std::size_t content = svg.rfind('>', close) + 1;
    if (svg.substr(content, close - content) == label) return std::stod(svg.substr(at + needle.size()));
  }
  FAIL("no " << cls << " '" << label << "'");
  return 0;
}

}  // namespace

TEST_CASE("svg diagram: the start position is a well-formed document with 32 pieces", "[svg]") {
  const std::string svg = svg_diagram(read_fen(StartFen));
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  CHECK(svg.size() > 7);
  CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
  CHECK(svg.find("viewBox=\"0 0 ") != std::string::npos);
  CHECK(xml_problem(svg) == "");
  CHECK(count(svg, "<g") == count(svg, "</g>"));
  CHECK(count(svg, "class=\"piece\"") == 32);
  CHECK(count(svg, "fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"1.2\">") == 16);  // White: white fill
  CHECK(count(svg, "fill=\"#000000\" stroke=\"#000000\" stroke-width=\"1\">") == 16);    // Black: black fill
  // Filled glyphs for both colours: one king and eight pawns per side.
  CHECK(count(svg, "\xE2\x99\x9A</text>") == 2);   // U+265A king
  CHECK(count(svg, "\xE2\x99\x9F</text>") == 16);  // U+265F pawn
  CHECK(count(svg, "\xE2\x99\x94") == 0);          // no outline glyphs (U+2654..)
  CHECK(svg.find("'DejaVu Sans', 'Noto Sans Symbols2', FreeSerif, serif") != std::string::npos);
  // No external references.
  CHECK(svg.find("href") == std::string::npos);
  CHECK(svg.find("<script") == std::string::npos);
  CHECK(svg.find("<image") == std::string::npos);
  // With nothing marked there is no legend, and the FEN is in the description.
  CHECK(svg.find("class=\"legend") == std::string::npos);
  CHECK(svg.find("<desc>FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1</desc>") != std::string::npos);
  CHECK(count(svg, "class=\"file-label\"") == 8);
  CHECK(count(svg, "class=\"rank-label\"") == 8);
}

TEST_CASE("svg diagram: a small position has one element per piece, coloured by side", "[svg]") {
  const std::string svg = svg_diagram(read_fen("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"));
  CHECK(xml_problem(svg) == "");
  CHECK(count(svg, "class=\"piece\"") == 3);
  CHECK(count(svg, "fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"1.2\">") == 2);
  CHECK(count(svg, "fill=\"#000000\" stroke=\"#000000\" stroke-width=\"1\">") == 1);
  // e1 is the fifth column and the bottom row: x = 12 + 20 + 4*48 + 24, baseline y = 12 + 7*48 + 40
  // (a 12-pixel margin, a 20-pixel band for the rank numbers, 48-pixel squares).
  CHECK(svg.find("<text class=\"piece\" x=\"248\" y=\"388\"") != std::string::npos);
  // e5 (Black's king): the fifth column, the fourth row from the top.
  CHECK(svg.find("<text class=\"piece\" x=\"248\" y=\"196\"") != std::string::npos);
}

TEST_CASE("svg diagram: coordinates follow the orientation", "[svg]") {
  const Position pos = read_fen(StartFen);
  const std::string normal = svg_diagram(pos);
  DiagramSpec spec;
  spec.flipped = true;
  const std::string flipped = svg_diagram(pos, spec);

  CHECK(label_x(normal, "file-label", "a") < label_x(normal, "file-label", "h"));
  CHECK(label_x(flipped, "file-label", "a") > label_x(flipped, "file-label", "h"));
  CHECK(label_x(flipped, "file-label", "a") == Approx(32 + 7 * 48 + 24));
  CHECK(label_x(flipped, "file-label", "h") == Approx(32 + 24));
  // File labels in document order a..h: ascending x normally, descending when flipped.
  const std::vector<double> xs = text_xs(flipped, "file-label");
  REQUIRE(xs.size() == 8);
  for (std::size_t i = 1; i < xs.size(); ++i) CHECK(xs[i] < xs[i - 1]);
  // Rank 1 at the bottom normally (larger y), at the top when flipped.
  const auto rank_y = [](const std::string& svg, char rank) {
    const std::size_t end = svg.find(std::string(">") + rank + "</text>", svg.find("class=\"rank-label\""));
    const std::size_t y_at = svg.rfind(" y=\"", end);
    return std::stod(svg.substr(y_at + 4));
  };
  CHECK(rank_y(normal, '1') > rank_y(normal, '8'));
  CHECK(rank_y(flipped, '1') < rank_y(flipped, '8'));
  // White's king (e1) is at the top when flipped: column 3 (h, g, f, e from the left), row 0.
  CHECK(flipped.find("<text class=\"piece\" x=\"200\" y=\"52\"") != std::string::npos);
}

TEST_CASE("svg diagram: tokens are drawn as that many discs with a count", "[svg]") {
  const Position pos = read_fen(StartFen);
  DiagramSpec spec;
  spec.white_tokens = 3;
  spec.black_tokens = 1;
  const std::string svg = svg_diagram(pos, spec);
  CHECK(xml_problem(svg) == "");
  CHECK(count(svg, "class=\"token\"") == 3 + 1 + 1);  // and one swatch in the legend
  CHECK(svg.find(">White: 3 tokens</text>") != std::string::npos);
  CHECK(svg.find(">Black: 1 token</text>") != std::string::npos);
  CHECK(svg.find("legend-tokens") != std::string::npos);

  // Only the discs inside each side's group count for that side.
  const auto discs_in = [&](const std::string& group) {
    const std::size_t begin = svg.find("<g class=\"" + group + "\">");
    const std::size_t end = svg.find("</g>", begin);
    return count(svg.substr(begin, end - begin), "class=\"token\"");
  };
  CHECK(discs_in("tokens-white") == 3);
  CHECK(discs_in("tokens-black") == 1);

  DiagramSpec none;
  none.white_tokens = 0;
  const std::string zero = svg_diagram(pos, none);
  CHECK(count(zero, "class=\"token\"") == 1);  // the legend swatch only
  CHECK(zero.find(">White: 0 tokens</text>") != std::string::npos);
  CHECK(zero.find("tokens-black") == std::string::npos);

  DiagramSpec many;
  many.black_tokens = 75;  // more than the panel's default 60: it widens
  const std::string lots = svg_diagram(pos, many);
  CHECK(count(lots, "class=\"token\"") == 76);
  CHECK(xml_problem(lots) == "");
}

TEST_CASE("svg diagram: text is XML-escaped", "[svg]") {
  DiagramSpec spec;
  spec.title = "a <&> \"b\" 'c'";
  spec.caption = "x < y & z";
  spec.badges = {{sq::e1, "<", "less & more"}};
  const std::string svg = svg_diagram(read_fen(StartFen), spec);
  CHECK(xml_problem(svg) == "");
  CHECK(svg.find("<title>a &lt;&amp;&gt; &quot;b&quot; &apos;c&apos;</title>") != std::string::npos);
  CHECK(svg.find(">a &lt;&amp;&gt; &quot;b&quot; &apos;c&apos;</text>") != std::string::npos);
  CHECK(svg.find(">x &lt; y &amp; z</text>") != std::string::npos);
  CHECK(svg.find(">&lt;: less &amp; more</text>") != std::string::npos);
  CHECK(svg.find("<&>") == std::string::npos);
}

TEST_CASE("svg diagram: the legend lists only what is drawn", "[svg]") {
  DiagramSpec spec;
  spec.caption = "White to play";
  spec.marks = {{sq::e2, "from"}, {sq::e4, "to"}, {sq::e4, "to"}};
  spec.arrows = {{sq::e2, sq::e4, "move"}};
  const std::string svg = svg_diagram(read_fen(StartFen), spec);
  CHECK(xml_problem(svg) == "");
  CHECK(count(svg, "class=\"legend-entry ") == 3);
  CHECK(svg.find("legend-mark-from") != std::string::npos);
  CHECK(svg.find("legend-mark-to") != std::string::npos);
  CHECK(svg.find("legend-arrow-move") != std::string::npos);
  for (const char* absent : {"legend-mark-stop", "legend-mark-capture", "legend-mark-highlight", "legend-arrow-second",
                             "legend-arrow-threat", "legend-badge", "legend-tokens"})
    CHECK(svg.find(absent) == std::string::npos);
  CHECK(svg.find(">from: square the move leaves</text>") != std::string::npos);
  CHECK(svg.find(">move arrow: a move</text>") != std::string::npos);
  // Marks and arrows drawn once per entry; only the used arrowhead is defined.
  CHECK(count(svg, "class=\"mark mark-to\"") == 2);
  CHECK(count(svg, "class=\"arrow arrow-move\"") == 1);
  CHECK(count(svg, "<marker ") == 1);
  // The caption comes before the legend.
  CHECK(svg.find(">White to play</text>") < svg.find("class=\"legend\""));

  DiagramSpec everything;
  everything.marks = {{sq::a1, "capture"}, {sq::b1, "stop"}, {sq::c1, "highlight"}};
  everything.arrows = {{sq::a1, sq::a3, "second"}, {sq::b1, sq::c3, "threat"}};
  everything.badges = {{sq::a1, "S", "stage 1"}, {sq::h1, "S", "stage 1"}, {sq::b1, "T", "stage 2"}, {sq::c1, "?", ""}};
  everything.black_tokens = 2;
  const std::string all = svg_diagram(read_fen(StartFen), everything);
  CHECK(xml_problem(all) == "");
  // capture, stop, highlight; second, threat; two distinct badge meanings; tokens.
  CHECK(count(all, "class=\"legend-entry ") == 3 + 2 + 2 + 1);
  CHECK(count(all, "class=\"legend-entry legend-badge\"") == 2);
  CHECK(count(all, "<g class=\"badge\">") == 4);
  CHECK(all.find("stroke-dasharray") != std::string::npos);  // threats are dashed
  CHECK(all.find("legend-mark-from") == std::string::npos);
  CHECK(all.find("legend-arrow-move") == std::string::npos);
}

TEST_CASE("svg diagram: output is deterministic", "[svg]") {
  DiagramSpec spec;
  spec.title = "Deterministic";
  spec.marks = {{sq::g1, "from"}, {sq::f3, "to"}};
  spec.arrows = {{sq::g1, sq::f3, "move"}, {sq::d8, sq::h4, "threat"}};
  spec.white_tokens = 2;
  const Position pos = read_fen(StartFen);
  CHECK(svg_diagram(pos, spec) == svg_diagram(pos, spec));
  CHECK(svg_diagram(pos, spec) == svg_diagram(read_fen(StartFen), spec));
}

TEST_CASE("svg diagram: unknown kinds and squares off the board are rejected", "[svg]") {
  const Position pos = read_fen(StartFen);
  DiagramSpec bad_mark;
  bad_mark.marks = {{sq::e4, "glow"}};
  CHECK_THROWS_WITH(svg_diagram(pos, bad_mark), Catch::Contains("unknown mark kind \"glow\""));
  DiagramSpec bad_arrow;
  bad_arrow.arrows = {{sq::e2, sq::e4, "jump"}};
  CHECK_THROWS_WITH(svg_diagram(pos, bad_arrow), Catch::Contains("unknown arrow kind \"jump\""));
  DiagramSpec off_board;
  off_board.marks = {{64, "from"}};
  CHECK_THROWS_AS(svg_diagram(pos, off_board), std::invalid_argument);
  DiagramSpec negative;
  negative.badges = {{-1, "S", "stage"}};
  CHECK_THROWS_AS(svg_diagram(pos, negative), std::invalid_argument);
  DiagramSpec null_arrow;
  null_arrow.arrows = {{sq::e2, sq::e2, "move"}};
  CHECK_THROWS_WITH(svg_diagram(pos, null_arrow), Catch::Contains("no length"));
}
