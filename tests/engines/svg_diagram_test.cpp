// SVG board diagrams (solver/diagram/svg_diagram.h): the document is well formed, holds one
// piece element per piece with the colour in the fill, puts the coordinates where the board's
// orientation says, draws the right number of token discs, escapes text, lists in the legend
// only what it drew, rejects unknown kinds and squares off the board, and is deterministic; the
// variant stages (Transactional locks, pending moves and ghosts, Conditional condition squares
// and then/else branches, coloured stage badges) are drawn and explained in the legend.

#include <catch2/catch.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "solver/diagram/svg_diagram.h"

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

// --- variant stages: Transactional Chess, Conditional Chess ----------------------------------

namespace {

// The text of every element of class `cls` ("caption", "legend-text"), in document order.
std::vector<std::string> texts_of(const std::string& svg, const std::string& cls) {
  std::vector<std::string> out;
  const std::string needle = "<text class=\"" + cls + "\"";
  for (std::size_t at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1)) {
    const std::size_t close = svg.find("</text>", at);
    const std::size_t content = svg.rfind('>', close) + 1;
    out.push_back(svg.substr(content, close - content));
  }
  return out;
}

// The legend entries' classes ("legend-mark-from", ...), in document order.
std::vector<std::string> legend_classes(const std::string& svg) {
  std::vector<std::string> out;
  const std::string needle = "class=\"legend-entry ";
  for (std::size_t at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1)) {
    const std::size_t begin = at + needle.size();
    out.push_back(svg.substr(begin, svg.find('"', begin) - begin));
  }
  return out;
}

int svg_width(const std::string& svg) { return std::stoi(svg.substr(svg.find("width=\"") + 7)); }

}  // namespace

TEST_CASE("svg diagram: every mark and arrow kind draws one legend entry, only its own", "[svg]") {
  const Position pos = read_fen(StartFen);
  REQUIRE(mark_kinds() == std::vector<std::string>{"from", "to", "stop", "capture", "highlight", "lock-white",
                                                    "lock-black", "condition"});
  REQUIRE(arrow_kinds() == std::vector<std::string>{"move", "second", "threat", "pending", "then", "else"});
  for (const std::string& kind : mark_kinds()) {
    DiagramSpec spec;
    spec.marks = {{sq::e4, kind}, {sq::d5, kind}};
    const std::string svg = svg_diagram(pos, spec);
    INFO("mark kind " << kind);
    CHECK(xml_problem(svg) == "");
    CHECK(legend_classes(svg) == std::vector<std::string>{"legend-mark-" + kind});
    CHECK(count(svg, "class=\"mark mark-" + kind + "\"") == 2);
  }
  for (const std::string& kind : arrow_kinds()) {
    DiagramSpec spec;
    spec.arrows = {{sq::g1, sq::f3, kind}};
    const std::string svg = svg_diagram(pos, spec);
    INFO("arrow kind " << kind);
    CHECK(xml_problem(svg) == "");
    CHECK(legend_classes(svg) == std::vector<std::string>{"legend-arrow-" + kind});
    CHECK(count(svg, "class=\"arrow arrow-" + kind + "\"") == 1);
    CHECK(count(svg, "<marker ") == 1);
    CHECK(svg.find("id=\"arrowhead-" + kind + "\"") != std::string::npos);
  }
}

TEST_CASE("svg diagram: Transactional Chess locks, pending moves, ghosts and transaction badges", "[svg]") {
  // The Notation example after 3. T1: Nb5, drawn on the true board: White's pending Nb1-c3-b5
  // and Ng1-f3, Black's pending a7-a5-a4.
  const Position pos = read_fen("rnbqkbnr/1ppppppp/8/1N6/p7/5N2/PPPPPPPP/R1BQKB1R b KQkq - 0 3");
  DiagramSpec spec;
  spec.caption = "Potential view; Black to move, transaction T2";
  for (const Square s : {sq::b1, sq::c3, sq::b5, sq::g1, sq::f3}) spec.marks.push_back({s, "lock-white"});
  for (const Square s : {sq::a7, sq::a5, sq::a4}) spec.marks.push_back({s, "lock-black"});
  spec.arrows = {{sq::b1, sq::c3, "pending"}, {sq::c3, sq::b5, "pending"}, {sq::g1, sq::f3, "pending"},
                 {sq::a7, sq::a5, "pending"}, {sq::a5, sq::a4, "pending"}};
  spec.badges = {{sq::b5, "T1", "moved in White's pending T1", "#1c71d8"},
                 {sq::f3, "T1", "moved in White's pending T1", "#1c71d8"},
                 {sq::a4, "T2", "moved in Black's pending T2", "#a51d2d"}};
  spec.ghosts = {{sq::b1, make_piece(White, Knight), "White's committed square"},
                 {sq::g1, make_piece(White, Knight), "White's committed square"},
                 {sq::a7, make_piece(Black, Pawn), "Black's committed square"}};
  const std::string svg = svg_diagram(pos, spec);
  CHECK(xml_problem(svg) == "");
  CHECK(legend_classes(svg) == std::vector<std::string>{"legend-mark-lock-white", "legend-mark-lock-black",
                                                         "legend-arrow-pending", "legend-ghost", "legend-ghost",
                                                         "legend-badge", "legend-badge"});
  CHECK(texts_of(svg, "legend-text") ==
        std::vector<std::string>{"lock-white: square locked by White&apos;s pending transaction",
                                 "lock-black: square locked by Black&apos;s pending transaction",
                                 "pending arrow: a move of a pending transaction, not yet committed (dotted)",
                                 "ghost: White&apos;s committed square", "ghost: Black&apos;s committed square",
                                 "T1: moved in White&apos;s pending T1", "T2: moved in Black&apos;s pending T2"});
  // Frames and padlocks: one per locked square, and one each in the legend.
  CHECK(count(svg, "class=\"mark mark-lock-white\"") == 5);
  CHECK(count(svg, "class=\"mark mark-lock-black\"") == 3);
  CHECK(count(svg, "<g class=\"padlock\">") == 8 + 2);
  // Locks are frames: no translucent fill over the square.
  CHECK(svg.find("class=\"mark mark-lock-white\" x=\"83\" y=\"351\" width=\"42\" height=\"42\" fill=\"none\"") !=
        std::string::npos);  // b1: the square at (80, 348), the 4-pixel frame inset by 3
  CHECK(count(svg, "class=\"arrow arrow-pending\"") == 5);
  CHECK(svg.find("stroke=\"#0b8579\" stroke-width=\"7\" opacity=\"0.8\" stroke-dasharray=\"3 7\"") != std::string::npos);
  // Ghosts: on empty squares, full size and translucent; the badge colours as given.
  CHECK(count(svg, "<text class=\"ghost\"") == 3 + 2);
  CHECK(svg.find("<text class=\"ghost\" x=\"104\" y=\"388\"") != std::string::npos);  // b1, full size
  CHECK(count(svg, "font-size=\"40\" text-anchor=\"middle\" fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"1.2\" "
                   "opacity=\"0.4\"") == 2);
  CHECK(count(svg, "fill=\"#1c71d8\" stroke=\"#ffffff\"") == 2 + 1);
  CHECK(count(svg, "fill=\"#a51d2d\" stroke=\"#ffffff\"") == 1 + 1);
  CHECK(count(svg, "<g class=\"badge\">") == 3);
  // Nothing of the other variants.
  for (const char* absent : {"legend-mark-condition", "legend-arrow-then", "legend-arrow-else", "legend-tokens",
                             "class=\"question\"", "arrow-label"})
    CHECK(svg.find(absent) == std::string::npos);
}

TEST_CASE("svg diagram: both sides' locks on one square nest, with two padlocks side by side", "[svg]") {
  DiagramSpec spec;
  spec.marks = {{sq::d4, "lock-white"}, {sq::d4, "lock-black"}, {sq::d4, "lock-white"}, {sq::d4, "from"}};
  const std::string svg = svg_diagram(read_fen(StartFen), spec);
  CHECK(xml_problem(svg) == "");
  // d4: the square's corner at (176, 204). White's frame first (inset 3), Black's inside it
  // (inset 3 + 6); the repeated lock-white draws again at White's inset.
  CHECK(count(svg, "class=\"mark mark-lock-white\" x=\"179\" y=\"207\"") == 2);
  CHECK(count(svg, "class=\"mark mark-lock-black\" x=\"185\" y=\"213\"") == 1);
  // The fill goes under the frames.
  CHECK(svg.find("class=\"mark mark-from\"") < svg.find("class=\"mark mark-lock-white\""));
  // One padlock per side on the square (the second to the right of the first), one per side
  // in the legend.
  const std::size_t symbols = svg.find("<g class=\"mark-symbols\">");
  REQUIRE(symbols != std::string::npos);
  const std::string board_symbols = svg.substr(symbols, svg.find("<g class=\"legend\">") - symbols);
  CHECK(count(board_symbols, "<g class=\"padlock\">") == 2);
  CHECK(board_symbols.find("<path d=\"M183,240 ") != std::string::npos);  // White's: x = 176 + 5 + 2
  CHECK(board_symbols.find("<path d=\"M196,240 ") != std::string::npos);  // Black's: 13 to the right
  CHECK(legend_classes(svg) ==
        std::vector<std::string>{"legend-mark-from", "legend-mark-lock-white", "legend-mark-lock-black"});
}

TEST_CASE("svg diagram: Conditional Chess condition square and then/else branches", "[svg]") {
  // Matos-Neto 1996 before Black's C-move 3...Bg5?Nf6/c4 (phase C): the condition asks about g5.
  const Position pos = read_fen("rnbqkbnr/ppp1pppp/8/6B1/3Pp3/8/PPP2PPP/RN1QKBNR b KQkq - 1 3");
  DiagramSpec spec;
  spec.caption = "Phase C: Black's stated conditional move is executed\nBg5?Nf6/c4: is there an enemy bishop on g5? yes";
  spec.marks = {{sq::g5, "condition"}};
  spec.arrows = {{sq::g8, sq::f6, "then"}, {sq::c7, sq::c5, "else"}};
  const std::string svg = svg_diagram(pos, spec);
  CHECK(xml_problem(svg) == "");
  CHECK(legend_classes(svg) ==
        std::vector<std::string>{"legend-mark-condition", "legend-arrow-then", "legend-arrow-else"});
  CHECK(texts_of(svg, "legend-text") ==
        std::vector<std::string>{"condition: square the stated conditional move asks about",
                                 "then arrow: the conditional move&apos;s then-branch (played if the condition holds)",
                                 "else arrow: its else-branch (played if the condition fails; dash-dotted)"});
  // The condition: a dashed frame and a question mark on the board, and in the legend.
  CHECK(count(svg, "class=\"mark mark-condition\"") == 1);
  CHECK(svg.find("class=\"mark mark-condition\" x=\"323\" y=\"159\" width=\"42\" height=\"42\" fill=\"none\" "
                 "stroke=\"#a347ba\" stroke-width=\"4\" stroke-dasharray=\"7 4\"") != std::string::npos);
  CHECK(count(svg, "class=\"question\"") == 2);
  // Each branch labelled on its arrow; the else branch dash-dotted, the then branch solid.
  CHECK(count(svg, "<g class=\"arrow-label\">") == 2);
  CHECK(svg.find(">then</text></g>") != std::string::npos);
  CHECK(svg.find(">else</text></g>") != std::string::npos);
  const auto line_of = [&](const std::string& cls) {
    const std::size_t at = svg.find("<line class=\"" + cls + "\"");
    return svg.substr(at, svg.find("/>", at) - at);
  };
  CHECK(line_of("arrow arrow-then").find("stroke-dasharray") == std::string::npos);
  CHECK(line_of("arrow arrow-else").find("stroke-dasharray=\"12 5 3 5\"") != std::string::npos);
  CHECK(line_of("arrow arrow-then").find("stroke=\"#26a269\"") != std::string::npos);
  CHECK(line_of("arrow arrow-else").find("stroke=\"#c64600\"") != std::string::npos);
  // The labels come after every arrow line, so no arrow covers them.
  CHECK(svg.rfind("<line class=\"arrow ") < svg.find("<g class=\"arrow-label\">"));
  // The phase in the caption, on two lines.
  CHECK(texts_of(svg, "caption") == std::vector<std::string>{"Phase C: Black&apos;s stated conditional move is executed",
                                                             "Bg5?Nf6/c4: is there an enemy bishop on g5? yes"});
  for (const char* absent : {"legend-mark-lock", "legend-arrow-pending", "legend-ghost", "padlock"})
    CHECK(svg.find(absent) == std::string::npos);
}

TEST_CASE("svg diagram: ghosts are translucent, small on an occupied square, and in the legend per side and meaning",
          "[svg]") {
  DiagramSpec spec;
  spec.ghosts = {{sq::e4, make_piece(White, Knight), "committed"},
                 {sq::e1, make_piece(Black, Queen), "committed"},   // occupied by White's king
                 {sq::d5, make_piece(White, Bishop), "committed"},  // same side and meaning: no new entry
                 {sq::d4, make_piece(White, Pawn), ""}};            // drawn, not in the legend
  const std::string svg = svg_diagram(read_fen(StartFen), spec);
  CHECK(xml_problem(svg) == "");
  CHECK(count(svg, "<text class=\"ghost\"") == 4 + 2);
  CHECK(svg.find("<text class=\"ghost\" x=\"248\" y=\"244\" font-family=\"'DejaVu Sans', 'Noto Sans Symbols2', "
                 "FreeSerif, serif\" font-size=\"40\"") != std::string::npos);  // e4: full size
  CHECK(svg.find("<text class=\"ghost\" x=\"234\" y=\"365\"") != std::string::npos);  // e1: in the corner
  CHECK(svg.find("font-size=\"18\" text-anchor=\"middle\" fill=\"#000000\" stroke=\"#000000\" stroke-width=\"1\" "
                 "opacity=\"0.4\"") != std::string::npos);
  CHECK(texts_of(svg, "legend-text") == std::vector<std::string>{"ghost: committed", "ghost: committed"});
  // Ghosts go under the pieces.
  CHECK(svg.find("<g class=\"ghosts\">") < svg.find("<g class=\"pieces\">"));
}

TEST_CASE("svg diagram: badges with colours, and the legend tells different colours apart", "[svg]") {
  DiagramSpec spec;
  spec.badges = {{sq::b4, "~", "traveling", "#1c71d8"},
                 {sq::f3, "~", "traveling", "#1c71d8"},
                 {sq::e1, "'", "traveled", "#813d9c"},
                 {sq::e8, "'", "traveled", ""},
                 {sq::e8, "T13", "", ""}};
  const std::string svg = svg_diagram(read_fen(StartFen), spec);
  CHECK(xml_problem(svg) == "");
  CHECK(texts_of(svg, "legend-text") ==
        std::vector<std::string>{"~: traveling", "&apos;: traveled", "&apos;: traveled"});
  CHECK(count(svg, "fill=\"#1c71d8\" stroke=\"#ffffff\"") == 2 + 1);
  CHECK(count(svg, "fill=\"#813d9c\" stroke=\"#ffffff\"") == 1 + 1);
  CHECK(count(svg, "fill=\"#3d3846\" stroke=\"#ffffff\"") == 2 + 1);  // the default, two on e8 and one swatch
  CHECK(count(svg, "<g class=\"badge\">") == 5);
  CHECK(svg.find("font-size=\"9\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">T13</text>") !=
        std::string::npos);
}

TEST_CASE("svg diagram: captions break at newlines and wrap to the diagram's width", "[svg]") {
  const Position pos = read_fen(StartFen);
  DiagramSpec spec;
  spec.caption = "first line\nsecond  line";
  const std::string two = svg_diagram(pos, spec);
  CHECK(texts_of(two, "caption") == std::vector<std::string>{"first line", "second line"});

  spec.caption =
      "Phase A: White's A-move, then White states a conditional move; the B-move and the C-move follow, and a check "
      "in a B-move returns play to the checked player's A-move";
  const std::string wrapped = svg_diagram(pos, spec);
  CHECK(xml_problem(wrapped) == "");
  const std::vector<std::string> lines = texts_of(wrapped, "caption");
  CHECK(lines.size() >= 3);
  // Every word kept, in order, and the document no wider than without a caption.
  std::string joined;
  for (const auto& line : lines) joined += (joined.empty() ? "" : " ") + line;
  CHECK(joined ==
        "Phase A: White&apos;s A-move, then White states a conditional move; the B-move and the C-move follow, and a "
        "check in a B-move returns play to the checked player&apos;s A-move");
  CHECK(svg_width(wrapped) == svg_width(svg_diagram(pos)));
  // Lines one below the other; the legend below the last.
  DiagramSpec with_legend = spec;
  with_legend.marks = {{sq::e4, "highlight"}};
  const std::string both = svg_diagram(pos, with_legend);
  CHECK(both.rfind("class=\"caption\"") < both.find("class=\"legend\""));
  const std::vector<double> ys = [&] {
    std::vector<double> out;
    const std::string needle = "<text class=\"caption\" x=\"";
    for (std::size_t at = both.find(needle); at != std::string::npos; at = both.find(needle, at + 1))
      out.push_back(std::stod(both.substr(both.find(" y=\"", at) + 4)));
    return out;
  }();
  for (std::size_t i = 1; i < ys.size(); ++i) CHECK(ys[i] == Approx(ys[i - 1] + 19));
  // A word longer than the diagram stays whole and widens it.
  DiagramSpec long_word;
  long_word.caption = "x " + std::string(120, 'w');
  const std::string wide = svg_diagram(pos, long_word);
  CHECK(texts_of(wide, "caption") == std::vector<std::string>{"x", std::string(120, 'w')});
  CHECK(svg_width(wide) > svg_width(svg_diagram(pos)));
}

TEST_CASE("svg diagram: unknown stage kinds, bad badge colours and ghosts that are no piece are rejected", "[svg]") {
  const Position pos = read_fen(StartFen);
  for (const char* kind : {"lock", "Lock-white", "lock-red", "pending", "then", ""}) {
    DiagramSpec spec;
    spec.marks = {{sq::e4, kind}};
    CHECK_THROWS_WITH(svg_diagram(pos, spec), Catch::Contains(std::string("unknown mark kind \"") + kind + "\""));
  }
  for (const char* kind : {"condition", "Then", "otherwise", "lock-white", "committed"}) {
    DiagramSpec spec;
    spec.arrows = {{sq::e2, sq::e4, kind}};
    CHECK_THROWS_WITH(svg_diagram(pos, spec), Catch::Contains(std::string("unknown arrow kind \"") + kind + "\""));
  }
  DiagramSpec message;
  message.arrows = {{sq::e2, sq::e4, "jump"}};
  CHECK_THROWS_WITH(svg_diagram(pos, message),
                    Catch::Contains("\"move\", \"second\", \"threat\", \"pending\", \"then\", \"else\""));
  for (const char* colour : {"red", "#12345", "#1234567", "#12345g", "1c71d8\"", "#1c71d8\" onload=\"x"}) {
    DiagramSpec spec;
    spec.badges = {{sq::e1, "T", "t", colour}};
    CHECK_THROWS_WITH(svg_diagram(pos, spec), Catch::Contains("badge colour"));
  }
  DiagramSpec upper;
  upper.badges = {{sq::e1, "T", "t", "#ABCDEF"}};
  CHECK_NOTHROW(svg_diagram(pos, upper));
  for (const Piece p : {NoPiece, Piece(7), Piece(8), Piece(15), Piece(200)}) {
    DiagramSpec spec;
    spec.ghosts = {{sq::e4, p, "x"}};
    CHECK_THROWS_WITH(svg_diagram(pos, spec), Catch::Contains("ghost on e4 is not a piece"));
  }
  DiagramSpec ghost_off;
  ghost_off.ghosts = {{64, make_piece(White, Pawn), "x"}};
  CHECK_THROWS_AS(svg_diagram(pos, ghost_off), std::invalid_argument);
}

TEST_CASE("svg diagram: every stage kind at once is deterministic and well formed", "[svg]") {
  DiagramSpec spec;
  spec.title = "All";
  spec.caption = "one\ntwo";
  for (const std::string& kind : mark_kinds()) spec.marks.push_back({sq::d4, kind});
  for (const std::string& kind : arrow_kinds()) spec.arrows.push_back({sq::b1, sq::c3, kind});
  spec.badges = {{sq::d4, "T3", "pending", "#1c71d8"}};
  spec.ghosts = {{sq::d4, make_piece(Black, Rook), "committed"}};
  spec.white_tokens = 1;
  spec.flipped = true;
  const std::string svg = svg_diagram(read_fen(StartFen), spec);
  CHECK(xml_problem(svg) == "");
  CHECK(count(svg, "class=\"legend-entry ") == 8 + 6 + 1 + 1 + 1);
  CHECK(svg == svg_diagram(read_fen(StartFen), spec));
}

TEST_CASE("svg diagram: fairy men are turned glyphs with their code, neutral men half white and half black", "[svg][fairy]") {
  const Position pos = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", {});
  DiagramSpec spec;
  DiagramMan grasshopper{make_square(3, 3), White, false, false, Queen, 180, "G", "grasshopper"};
  DiagramMan nightrider{make_square(1, 5), Black, false, false, Knight, 180, "N", "nightrider"};
  DiagramMan neutral_pawn{make_square(2, 2), White, true, false, Pawn, 0, "", "neutral pawn"};
  DiagramMan bison{make_square(6, 4), Black, false, false, NoPieceType, 0, "BI", "bison"};
  spec.fairy_men = {grasshopper, nightrider, neutral_pawn, bison, grasshopper};
  spec.fairy_men.back().square = make_square(5, 3);  // a second grasshopper: one legend line
  const std::string svg = svg_diagram(pos, spec);
  CHECK(xml_problem(svg).empty());
  CHECK(count(svg, "class=\"coded-man\"") == 5);                       // a glyph or disc each
  CHECK(count(svg, "transform=\"rotate(180 ") == 3 + 2);           // turned on the board and in the legend
  CHECK(count(svg, "fill=\"url(#neutral-fill)\"") == 2);            // the pawn and its legend swatch
  CHECK(count(svg, "<linearGradient id=\"neutral-fill\"") == 1);
  CHECK(count(svg, "class=\"coded-man-code\"") == 4);                  // G twice and N in the corner, BI in its disc
  CHECK(count(svg, ">BI</text>") == 2);                             // in the disc, and in the legend's swatch
  CHECK(count(svg, "class=\"legend-entry legend-coded-man\"") == 4);   // G, N, neutral pawn, BI
  CHECK(svg.find(">G: grasshopper</text>") != std::string::npos);
  CHECK(svg.find(">neutral pawn</text>") != std::string::npos);
  CHECK(svg_diagram(pos, spec) == svg);  // deterministic
  // A fairy man where the position has a piece, or turned by other than a right angle: rejected.
  DiagramSpec occupied;
  occupied.fairy_men = {DiagramMan{make_square(4, 0), White, false, false, Queen, 180, "G", "grasshopper"}};
  CHECK_THROWS_AS(svg_diagram(pos, occupied), std::invalid_argument);
  DiagramSpec askew;
  askew.fairy_men = {DiagramMan{make_square(3, 3), White, false, false, Queen, 45, "G", "grasshopper"}};
  CHECK_THROWS_AS(svg_diagram(pos, askew), std::invalid_argument);
}
