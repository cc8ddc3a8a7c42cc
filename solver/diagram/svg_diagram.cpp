#include "solver/diagram/svg_diagram.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "solver/diagram/xml_text.h"

namespace arbiter::report {

namespace {

// --- geometry (pixels) ---------------------------------------------------------------------
constexpr int SquareSize = 48;
constexpr int BoardSize = 8 * SquareSize;
constexpr int Pad = 12;            // outer margin
constexpr int CoordBand = 20;      // rank numbers on the left, file letters below
constexpr int TitleBand = 30;      // when there is a title
constexpr int CaptionLine = 19;    // one line of the caption
constexpr int CaptionGap = 7;      // below the caption's last line
constexpr int LegendRow = 22;
constexpr int PanelGap = 14;       // board to token panel
constexpr int TokenPitch = 16;     // token discs, centre to centre
constexpr int TokenRowsPerSide = 10;
constexpr int ArrowWidth = 7;
constexpr double ArrowMarkerSize = 3.5;  // arrowhead length and width, in stroke widths
constexpr int FrameWidth = 4;      // frame marks, inside the square's edge

constexpr std::string_view TextFont = "'DejaVu Sans', Verdana, Arial, sans-serif";
constexpr std::string_view GlyphFont = "'DejaVu Sans', 'Noto Sans Symbols2', FreeSerif, serif";
constexpr std::string_view LightSquare = "#f0d9b5";
constexpr std::string_view DarkSquare = "#b58863";
constexpr std::string_view TokenFill = "#2ec27e";
constexpr std::string_view TokenStroke = "#1a7f4f";
constexpr std::string_view BadgeFill = "#3d3846";
constexpr double GhostOpacity = 0.4;

enum class Shape { Fill, Frame };
// What a frame mark draws in the square's lower-left corner.
enum class Symbol { None, WhiteLock, BlackLock, Question };

struct MarkStyle {
  std::string_view kind;
  std::string_view colour;
  std::string_view explanation;
  Shape shape = Shape::Fill;
  Symbol symbol = Symbol::None;
  std::string_view dash = "";  // frames: stroke-dasharray
};

// The order here is the legend's order.
constexpr MarkStyle MarkStyles[] = {
    {"from", "#f6d32d", "square the move leaves", Shape::Fill, Symbol::None, ""},
    {"to", "#ff7800", "square the move reaches", Shape::Fill, Symbol::None, ""},
    {"stop", "#00b4b4", "intermediate square of a double move", Shape::Fill, Symbol::None, ""},
    {"capture", "#e01b24", "square of a captured piece", Shape::Fill, Symbol::None, ""},
    {"highlight", "#dc8add", "highlighted square", Shape::Fill, Symbol::None, ""},
    {"lock-white", "#ffffff", "square locked by White's pending transaction", Shape::Frame, Symbol::WhiteLock, ""},
    {"lock-black", "#000000", "square locked by Black's pending transaction", Shape::Frame, Symbol::BlackLock, ""},
    {"condition", "#a347ba", "square the stated conditional move asks about", Shape::Frame, Symbol::Question, "7 4"},
};
constexpr double MarkOpacity = 0.5;

struct ArrowStyle {
  std::string_view kind;
  std::string_view colour;
  std::string_view explanation;
  std::string_view dash = "";   // stroke-dasharray, in pixels of a 7-pixel-wide arrow
  std::string_view label = "";  // drawn on the arrow
};

constexpr ArrowStyle ArrowStyles[] = {
    {"move", "#1c71d8", "a move", "", ""},
    {"second", "#9141ac", "second half of a double move", "", ""},
    {"threat", "#c01c28", "a threat (dashed)", "10 6", ""},
    {"pending", "#0b8579", "a move of a pending transaction, not yet committed (dotted)", "3 7", ""},
    {"then", "#26a269", "the conditional move's then-branch (played if the condition holds)", "", "then"},
    {"else", "#c64600", "its else-branch (played if the condition fails; dash-dotted)", "12 5 3 5", "else"},
};
constexpr double ArrowOpacity = 0.8;

template <typename Style, std::size_t N>
int style_index(const Style (&styles)[N], const std::string& kind, std::string_view what) {
  for (std::size_t i = 0; i < N; ++i)
    if (styles[i].kind == kind) return int(i);
  std::string accepted;
  for (std::size_t i = 0; i < N; ++i) accepted += fmt::format("{}\"{}\"", i ? ", " : "", styles[i].kind);
  throw std::invalid_argument(
      fmt::format("svg_diagram: unknown {} kind \"{}\" (expected one of {})", what, kind, accepted));
}

void check_square(Square s, std::string_view what) {
  if (s < 0 || s > 63) throw std::invalid_argument(fmt::format("svg_diagram: {} square {} is off the board", what, s));
}

bool is_hex_colour(std::string_view c) {
  if (c.size() != 7 || c[0] != '#') return false;
  return std::all_of(c.begin() + 1, c.end(), [](char d) {
    return (d >= '0' && d <= '9') || (d >= 'a' && d <= 'f') || (d >= 'A' && d <= 'F');
  });
}

// A coordinate with at most one decimal, never "-0".
std::string num(double v) {
  const long tenths = std::lround(v * 10);
  const long magnitude = std::labs(tenths);
  const std::string_view sign = tenths < 0 ? "-" : "";
  if (magnitude % 10 == 0) return fmt::format("{}{}", sign, magnitude / 10);
  return fmt::format("{}{}.{}", sign, magnitude / 10, magnitude % 10);
}

// Rough rendered width of a text, to size the document so nothing is cut off: code points
// times an average advance for a sans-serif font.
int text_width(std::string_view text, double font_size) {
  int code_points = 0;
  for (const char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++code_points;
  return int(std::ceil(code_points * font_size * 0.62));
}

// The caption's lines: split at '\n', each wrapped at spaces to `max_width` (a word longer
// than that stays whole on its own line; runs of spaces count as one).
std::vector<std::string> wrap_lines(std::string_view text, int max_width, double font_size) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view paragraph = text.substr(start, end - start);
    std::string line;
    for (std::size_t at = 0; at < paragraph.size();) {
      const std::size_t space = std::min(paragraph.find(' ', at), paragraph.size());
      const std::string_view word = paragraph.substr(at, space - at);
      at = space + 1;
      if (word.empty()) continue;
      if (line.empty()) line = word;
      else if (text_width(fmt::format("{} {}", line, word), font_size) <= max_width) line = fmt::format("{} {}", line, word);
      else {
        lines.push_back(line);
        line = word;
      }
    }
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

std::string_view piece_glyph(PieceType t) {
  switch (t) {
    case King: return "\xE2\x99\x9A";    // U+265A
    case Queen: return "\xE2\x99\x9B";   // U+265B
    case Rook: return "\xE2\x99\x9C";    // U+265C
    case Bishop: return "\xE2\x99\x9D";  // U+265D
    case Knight: return "\xE2\x99\x9E";  // U+265E
    case Pawn: return "\xE2\x99\x9F";    // U+265F
    default: return "?";
  }
}

bool is_piece(Piece p) { return p < 16 && type_of(p) >= Pawn && type_of(p) <= King; }

std::string token_label(std::string_view side, int count) {
  return fmt::format("{}: {} token{}", side, count, count == 1 ? "" : "s");
}

struct Layout {
  bool flipped = false;
  int board_x = 0, board_y = 0;  // top-left corner of the board
  int column(Square s) const { return flipped ? 7 - file_of(s) : file_of(s); }
  int row(Square s) const { return flipped ? rank_of(s) : 7 - rank_of(s); }  // from the top
  int left(Square s) const { return board_x + column(s) * SquareSize; }
  int top(Square s) const { return board_y + row(s) * SquareSize; }
  double centre_x(Square s) const { return left(s) + SquareSize / 2.0; }
  double centre_y(Square s) const { return top(s) + SquareSize / 2.0; }
};

void text_element(std::string& out, std::string_view cls, double x, double y, double size, std::string_view anchor,
                  std::string_view text, std::string_view extra = "") {
  out += fmt::format(
      "<text class=\"{}\" x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" text-anchor=\"{}\" fill=\"#000000\"{}>{}"
      "</text>\n",
      cls, num(x), num(y), TextFont, num(size), anchor, extra, xml_escaped(text));
}

void piece_element(std::string& out, std::string_view cls, Piece p, double x, double baseline, double size,
                   std::string_view extra = "") {
  const bool white = color_of(p) == White;
  out += fmt::format(
      "<text class=\"{}\" x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" text-anchor=\"middle\" "
      "fill=\"{}\" stroke=\"#000000\" stroke-width=\"{}\"{}>{}</text>\n",
      cls, num(x), num(baseline), GlyphFont, num(size), white ? "#ffffff" : "#000000", white ? "1.2" : "1", extra,
      piece_glyph(type_of(p)));
}

// A ghost: the glyph translucent, its outline dashed.
void ghost_element(std::string& out, Piece p, double x, double baseline, double size) {
  piece_element(out, "ghost", p, x, baseline, size,
                fmt::format(" opacity=\"{}\" stroke-dasharray=\"{} {}\"", num(GhostOpacity), num(size / 16), num(size / 20)));
}

// A fairy man: its glyph turned about the square's centre (cx, cy), filled as its side (a
// neutral man half white, half black: the gradient neutral_fill defines), or a disc with its
// code when it has no glyph.
constexpr std::string_view NeutralFill = "url(#neutral-fill)";

void neutral_fill(std::string& out) {
  out += "<defs><linearGradient id=\"neutral-fill\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0.5\" "
         "stop-color=\"#ffffff\"/><stop offset=\"0.5\" stop-color=\"#000000\"/></linearGradient></defs>\n";
}

void fairy_element(std::string& out, std::string_view cls, const DiagramMan& m, double cx, double cy, double size) {
  const std::string_view fill = m.neutral ? NeutralFill : m.color == White ? "#ffffff" : "#000000";
  if (m.glyph == NoPieceType) {
    out += fmt::format("<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#000000\" stroke-width=\"1.2\"/>\n", cls,
                       num(cx), num(cy), num(size * 0.38), fill);
    out += fmt::format(
        "<text class=\"{}-code\" x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" "
        "fill=\"{}\" stroke=\"{}\" stroke-width=\"2\" paint-order=\"stroke\">{}</text>\n",
        cls, num(cx), num(cy + size * 0.14), TextFont, num(size * 0.36), m.color == Black && !m.neutral ? "#ffffff" : "#000000",
        m.color == Black && !m.neutral ? "#000000" : "#ffffff", xml_escaped(m.code));
    return;
  }
  // The baseline where the pieces have theirs (draw_pieces); turned about the glyph's middle.
  const double baseline = cy + size * 0.4;
  const std::string turn = m.turn ? fmt::format(" transform=\"rotate({} {} {})\"", m.turn, num(cx), num(baseline - size * 0.36)) : "";
  out += fmt::format(
      "<text class=\"{}\" x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" text-anchor=\"middle\" "
      "fill=\"{}\" stroke=\"#000000\" stroke-width=\"{}\"{}>{}</text>\n",
      cls, num(cx), num(baseline), GlyphFont, num(size), fill, m.color == White || m.neutral ? "1.2" : "1", turn,
      piece_glyph(m.glyph));
}

void arrow_marker(std::string& out, const ArrowStyle& style) {
  out += fmt::format(
      "<marker id=\"arrowhead-{}\" viewBox=\"0 0 10 10\" refX=\"1\" refY=\"5\" markerWidth=\"{}\" markerHeight=\"{}\" "
      "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{}\"/></marker>\n",
      style.kind, num(ArrowMarkerSize), num(ArrowMarkerSize), style.colour);
}

void arrow_line(std::string& out, std::string_view cls, const ArrowStyle& style, double x1, double y1, double x2,
                double y2, int width) {
  std::string dash;
  if (!style.dash.empty()) {  // whole pixels for a 7-pixel-wide arrow: scaled to this width
    int length = 0;
    for (std::size_t i = 0; i <= style.dash.size(); ++i) {
      if (i < style.dash.size() && style.dash[i] != ' ') {
        length = length * 10 + (style.dash[i] - '0');
        continue;
      }
      dash += fmt::format("{}{}", dash.empty() ? "" : " ", num(double(length) * width / ArrowWidth));
      length = 0;
    }
    dash = fmt::format(" stroke-dasharray=\"{}\"", dash);
  }
  out += fmt::format(
      "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" opacity=\"{}\"{} "
      "marker-end=\"url(#arrowhead-{})\"/>\n",
      cls, num(x1), num(y1), num(x2), num(y2), style.colour, width, num(ArrowOpacity), dash, style.kind);
}

// A label on an arrow: the text in the arrow's colour on a white rounded box.
void arrow_label(std::string& out, const ArrowStyle& style, double cx, double cy) {
  const double w = text_width(style.label, 10) + 6, h = 14;
  out += fmt::format(
      "<g class=\"arrow-label\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"#ffffff\" "
      "fill-opacity=\"0.9\" stroke=\"{}\" stroke-width=\"1.5\"/>\n",
      num(cx - w / 2), num(cy - h / 2), num(w), num(h), style.colour);
  out += fmt::format(
      "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" "
      "fill=\"{}\">{}</text></g>\n",
      num(cx), num(cy + 3.5), TextFont, style.colour, xml_escaped(style.label));
}

// A frame mark inside a `size`-pixel square whose top-left corner is (x, y).
// `nest`: frames of other kinds already drawn on the square; this one goes inside them.
void frame_shape(std::string& out, std::string_view cls, const MarkStyle& style, double x, double y, double size,
                 double width, int nest = 0) {
  const double inset = width / 2 + 1 + nest * (width + 2);
  const std::string geometry = fmt::format("x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", num(x + inset), num(y + inset),
                                           num(size - 2 * inset), num(size - 2 * inset));
  if (style.symbol == Symbol::WhiteLock) {  // a white band between two black lines: visible on both square colours
    out += fmt::format("<rect class=\"{}\" {} fill=\"none\" stroke=\"#000000\" stroke-width=\"{}\"/>\n", cls, geometry,
                       num(width + 2));
    out += fmt::format("<rect {} fill=\"none\" stroke=\"#ffffff\" stroke-width=\"{}\"/>\n", geometry, num(width - 1));
    return;
  }
  out += fmt::format("<rect class=\"{}\" {} fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{}/>\n", cls, geometry,
                     style.colour, num(width),
                     style.dash.empty() ? std::string() : fmt::format(" stroke-dasharray=\"{}\"", style.dash));
}

// The symbol of a frame mark, its box's lower-left corner at (x, y + h): a padlock 10 wide
// and 13 high, or a question mark.
void frame_symbol(std::string& out, const MarkStyle& style, double x, double y) {
  switch (style.symbol) {
    case Symbol::None: return;
    case Symbol::WhiteLock:
    case Symbol::BlackLock: {
      const bool white = style.symbol == Symbol::WhiteLock;
      out += fmt::format(
          "<g class=\"padlock\"><path d=\"M{},{} v-3 a3,3 0 0 1 6,0 v3\" fill=\"none\" stroke=\"{}\" "
          "stroke-width=\"2\"/>\n",
          num(x + 2), num(y + 6), white ? "#000000" : "#ffffff");
      out += fmt::format(
          "<path d=\"M{},{} v-3 a3,3 0 0 1 6,0 v3\" fill=\"none\" stroke=\"{}\" stroke-width=\"1\"/>\n", num(x + 2),
          num(y + 6), white ? "#ffffff" : "#000000");
      out += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"7.5\" rx=\"1.5\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\"/></g>\n",
          num(x), num(y + 5.5), white ? "#ffffff" : "#000000", white ? "#000000" : "#ffffff");
      return;
    }
    case Symbol::Question:
      out += fmt::format(
          "<text class=\"question\" x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"15\" font-weight=\"bold\" "
          "text-anchor=\"middle\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">?</text>\n",
          num(x + 5), num(y + 13), TextFont, style.colour);
      return;
  }
}

void badge_shape(std::string& out, double cx, double cy, std::string_view text, std::string_view fill) {
  const double r = text.size() > 1 ? 9.5 : 8.5;
  out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n",
                     num(cx), num(cy), num(r), fill.empty() ? BadgeFill : fill);
  // Longer texts ("T13") a little smaller, to stay inside the disc.
  const int size = text.size() > 2 ? 9 : text.size() > 1 ? 10 : 13;
  out += fmt::format(
      "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" "
      "fill=\"#ffffff\">{}</text>\n",
      num(cx), num(cy + size * 0.36), TextFont, size, xml_escaped(text));
}

void token_disc(std::string& out, double cx, double cy) {
  out += fmt::format("<circle class=\"token\" cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\"/>\n",
                     num(cx), num(cy), TokenFill, TokenStroke);
}

}  // namespace

const std::vector<std::string>& mark_kinds() {
  static const std::vector<std::string> kinds = [] {
    std::vector<std::string> k;
    for (const MarkStyle& s : MarkStyles) k.emplace_back(s.kind);
    return k;
  }();
  return kinds;
}

const std::vector<std::string>& arrow_kinds() {
  static const std::vector<std::string> kinds = [] {
    std::vector<std::string> k;
    for (const ArrowStyle& s : ArrowStyles) k.emplace_back(s.kind);
    return k;
  }();
  return kinds;
}

// The steps of svg_diagram().
namespace {

// --- validation, and what the legend lists ---------------------------------------------------

// Each mark's and arrow's style (an index into MarkStyles, ArrowStyles), and which are drawn.
struct Kinds {
  std::vector<int> mark, arrow;
  bool mark_used[std::size(MarkStyles)] = {};
  bool arrow_used[std::size(ArrowStyles)] = {};
};

Kinds check_kinds(const DiagramSpec& spec) {
  Kinds kinds;
  for (const SquareMark& m : spec.marks) {
    check_square(m.square, "mark");
    kinds.mark.push_back(style_index(MarkStyles, m.kind, "mark"));
    kinds.mark_used[kinds.mark.back()] = true;
  }
  for (const Arrow& a : spec.arrows) {
    check_square(a.from, "arrow");
    check_square(a.to, "arrow");
    if (a.from == a.to)
      throw std::invalid_argument(
          fmt::format("svg_diagram: arrow from {} to {} has no length", square_name(a.from), square_name(a.to)));
    kinds.arrow.push_back(style_index(ArrowStyles, a.kind, "arrow"));
    kinds.arrow_used[kinds.arrow.back()] = true;
  }
  return kinds;
}

// The badges the legend lists: distinct (text, meaning, colour), first appearance first.
std::vector<const PieceBadge*> check_badges(const DiagramSpec& spec) {
  std::vector<const PieceBadge*> listed;
  for (const PieceBadge& b : spec.badges) {
    check_square(b.square, "badge");
    if (!b.colour.empty() && !is_hex_colour(b.colour))
      throw std::invalid_argument(fmt::format("svg_diagram: badge colour \"{}\" is not of the form #rrggbb", b.colour));
    if (b.meaning.empty()) continue;
    const bool seen = std::any_of(listed.begin(), listed.end(), [&](const PieceBadge* o) {
      return o->text == b.text && o->meaning == b.meaning && o->colour == b.colour;
    });
    if (!seen) listed.push_back(&b);
  }
  return listed;
}

// The ghosts the legend lists: distinct (piece colour, meaning), first appearance first.
std::vector<const GhostPiece*> check_ghosts(const DiagramSpec& spec) {
  std::vector<const GhostPiece*> listed;
  for (const GhostPiece& g : spec.ghosts) {
    check_square(g.square, "ghost");
    if (!is_piece(g.piece))
      throw std::invalid_argument(fmt::format("svg_diagram: ghost on {} is not a piece", square_name(g.square)));
    if (g.meaning.empty()) continue;
    const bool seen = std::any_of(listed.begin(), listed.end(), [&](const GhostPiece* o) {
      return color_of(o->piece) == color_of(g.piece) && o->meaning == g.meaning;
    });
    if (!seen) listed.push_back(&g);
  }
  return listed;
}

// The fairy men the legend lists: distinct (code, name) with a code, first appearance first.
std::vector<const DiagramMan*> check_fairy_men(const Position& pos, const DiagramSpec& spec) {
  std::vector<const DiagramMan*> listed;
  for (const DiagramMan& m : spec.fairy_men) {
    if (m.orthodox) continue;
    check_square(m.square, "coded man");
    if (pos.piece_on(m.square) != NoPiece)
      throw std::invalid_argument(fmt::format("svg_diagram: coded man on {}, where the position has a piece", square_name(m.square)));
    if (m.turn != 0 && m.turn != 90 && m.turn != 180 && m.turn != 270)
      throw std::invalid_argument(fmt::format("svg_diagram: coded man on {} turned {} degrees (0, 90, 180 or 270)", square_name(m.square), m.turn));
    if (m.glyph != NoPieceType && (m.glyph < Pawn || m.glyph > King))
      throw std::invalid_argument(fmt::format("svg_diagram: coded man on {} has no such glyph", square_name(m.square)));
    if (m.code.empty() && m.name.empty()) continue;
    const bool seen = std::any_of(listed.begin(), listed.end(), [&](const DiagramMan* o) { return o->code == m.code && o->name == m.name; });
    if (!seen) listed.push_back(&m);
  }
  return listed;
}

struct LegendEntry {
  std::string cls;
  std::string text;
  enum { Mark, ArrowSwatch, Ghost, Badge, Token, Fairy } swatch;
  int style = 0;
  const PieceBadge* badge = nullptr;
  const GhostPiece* ghost = nullptr;
  const DiagramMan* fairy = nullptr;
};

std::vector<LegendEntry> legend_entries(const Kinds& kinds, const std::vector<const GhostPiece*>& ghosts,
                                        const std::vector<const PieceBadge*>& badges, bool tokens,
                                        const std::string& token_legend, const std::vector<const DiagramMan*>& fairy_men) {
  std::vector<LegendEntry> legend;
  for (const DiagramMan* m : fairy_men)
    legend.push_back({"legend-coded-man", m->code.empty() ? m->name : fmt::format("{}: {}", m->code, m->name), LegendEntry::Fairy, 0,
                      nullptr, nullptr, m});
  for (std::size_t i = 0; i < std::size(MarkStyles); ++i)
    if (kinds.mark_used[i])
      legend.push_back({fmt::format("legend-mark-{}", MarkStyles[i].kind),
                        fmt::format("{}: {}", MarkStyles[i].kind, MarkStyles[i].explanation), LegendEntry::Mark,
                        int(i), nullptr, nullptr});
  for (std::size_t i = 0; i < std::size(ArrowStyles); ++i)
    if (kinds.arrow_used[i])
      legend.push_back({fmt::format("legend-arrow-{}", ArrowStyles[i].kind),
                        fmt::format("{} arrow: {}", ArrowStyles[i].kind, ArrowStyles[i].explanation),
                        LegendEntry::ArrowSwatch, int(i), nullptr, nullptr});
  for (const GhostPiece* g : ghosts)
    legend.push_back({"legend-ghost", fmt::format("ghost: {}", g->meaning), LegendEntry::Ghost, 0, nullptr, g});
  for (const PieceBadge* b : badges)
    legend.push_back({"legend-badge", fmt::format("{}: {}", b->text, b->meaning), LegendEntry::Badge, 0, b, nullptr});
  if (tokens)
    legend.push_back({"legend-tokens", fmt::format("token: {} (count beside the board)", token_legend),
                      LegendEntry::Token, 0, nullptr, nullptr});
  return legend;
}

// --- layout ------------------------------------------------------------------------------------

bool draws_tokens(const DiagramSpec& spec) { return spec.white_tokens >= 0 || spec.black_tokens >= 0; }

// Where everything goes, and the document's size.
struct Page {
  Layout board;
  bool tokens = false;
  int token_columns = 0;
  int panel_x = 0;
  int title_width = 0;
  std::vector<std::string> caption;  // its lines, wrapped
  int caption_width = 0;
  int caption_y = 0;  // the first line's baseline
  int legend_y = 0;
  int width = 0, height = 0;
};

// The token panel's width: the discs' columns, or a count's label when that is wider.
int token_panel_width(const DiagramSpec& spec, int token_columns) {
  int panel_width = token_columns * TokenPitch;
  if (spec.white_tokens >= 0) panel_width = std::max(panel_width, text_width(token_label("White", spec.white_tokens), 12));
  if (spec.black_tokens >= 0) panel_width = std::max(panel_width, text_width(token_label("Black", spec.black_tokens), 12));
  return panel_width;
}

Page page_layout(const DiagramSpec& spec, const std::vector<LegendEntry>& legend) {
  Page page;
  Layout& L = page.board;
  L.flipped = spec.flipped;
  L.board_x = Pad + CoordBand;
  L.board_y = Pad + (spec.title.empty() ? 0 : TitleBand);

  page.tokens = draws_tokens(spec);
  const int most_tokens = std::max({spec.white_tokens, spec.black_tokens, 0});
  page.token_columns = std::max(6, (most_tokens + TokenRowsPerSide - 1) / TokenRowsPerSide);
  const int panel_width = page.tokens ? token_panel_width(spec, page.token_columns) : 0;
  page.panel_x = L.board_x + BoardSize + PanelGap;

  int width = L.board_x + BoardSize + (page.tokens ? PanelGap + panel_width : 0) + Pad;
  page.title_width = text_width(spec.title, 16);
  width = std::max(width, page.title_width + 2 * Pad);
  for (const LegendEntry& e : legend) width = std::max(width, Pad + 36 + text_width(e.text, 12) + Pad);
  // The caption wraps to the width the rest needs; only a single overlong word widens it.
  if (!spec.caption.empty()) page.caption = wrap_lines(spec.caption, width - 2 * Pad, 14);
  for (const std::string& line : page.caption) page.caption_width = std::max(page.caption_width, text_width(line, 14));
  page.width = std::max(width, page.caption_width + 2 * Pad);

  int y = L.board_y + BoardSize + CoordBand;
  page.caption_y = y + 18;
  if (!page.caption.empty()) y += int(page.caption.size()) * CaptionLine + CaptionGap;
  page.legend_y = y + 6;
  if (!legend.empty()) y = page.legend_y + int(legend.size()) * LegendRow;
  page.height = y + Pad;
  return page;
}

// --- drawing: each step appends its elements, in the order they stack ---------------------------

// Everything a drawing step reads.
struct Drawing {
  const Position& pos;
  const DiagramSpec& spec;
  const Kinds& kinds;
  const std::vector<LegendEntry>& legend;
  const Page& page;
};

// The <svg> element's start, title, description, arrowheads and background.
void document_head(std::string& out, const Drawing& d) {
  const Page& page = d.page;
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n",
      page.width, page.height);
  out += fmt::format("<title>{}</title>\n", xml_escaped(d.spec.title.empty() ? std::string("Chess diagram") : d.spec.title));
  out += fmt::format("<desc>FEN: {}</desc>\n", xml_escaped(write_fen(d.pos)));

  bool any_arrow = false;
  for (bool used : d.kinds.arrow_used) any_arrow |= used;
  if (any_arrow) {
    out += "<defs>\n";
    for (std::size_t i = 0; i < std::size(ArrowStyles); ++i)
      if (d.kinds.arrow_used[i]) arrow_marker(out, ArrowStyles[i]);
    out += "</defs>\n";
  }
  out += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n", page.width, page.height);
}

// The title, centred over the board when it fits there.
void draw_title(std::string& out, const Drawing& d) {
  if (d.spec.title.empty()) return;
  const bool centred = d.page.title_width <= BoardSize;
  text_element(out, "title", centred ? d.page.board.board_x + BoardSize / 2.0 : Pad, Pad + 18, 16, centred ? "middle" : "start",
               d.spec.title, " font-weight=\"bold\"");
}

void draw_squares(std::string& out, const Drawing& d) {
  const Layout& L = d.page.board;
  out += "<g class=\"board\">\n";
  for (Square s = 0; s < 64; ++s) {
    const bool dark = (file_of(s) + rank_of(s)) % 2 == 0;  // a1 is dark
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", L.left(s), L.top(s),
                       SquareSize, SquareSize, dark ? DarkSquare : LightSquare);
  }
  out += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#404040\" stroke-width=\"1\"/>\n",
      L.board_x, L.board_y, BoardSize, BoardSize);
  out += "</g>\n";
}

// Frame marks of other kinds first drawn on mark i's square before its kind was (two of a
// kind count once, and a repeated mark goes where its kind's first one went).
int frames_before(const DiagramSpec& spec, const Kinds& kinds, std::size_t i) {
  const std::vector<int>& mark_kind = kinds.mark;
  std::size_t first = i;
  for (std::size_t j = 0; j < i && first == i; ++j)
    if (spec.marks[j].square == spec.marks[i].square && mark_kind[j] == mark_kind[i]) first = j;
  std::vector<int> others;
  for (std::size_t j = 0; j < first; ++j)
    if (spec.marks[j].square == spec.marks[i].square && MarkStyles[mark_kind[j]].shape == Shape::Frame &&
        mark_kind[j] != mark_kind[i] && std::find(others.begin(), others.end(), mark_kind[j]) == others.end())
      others.push_back(mark_kind[j]);
  return int(others.size());
}

// Marks: the fills, then the frames over them (both under the pieces).
void draw_marks(std::string& out, const Drawing& d) {
  if (d.spec.marks.empty()) return;
  const Layout& L = d.page.board;
  out += "<g class=\"marks\">\n";
  for (const Shape shape : {Shape::Fill, Shape::Frame}) {
    for (std::size_t i = 0; i < d.spec.marks.size(); ++i) {
      const MarkStyle& style = MarkStyles[d.kinds.mark[i]];
      if (style.shape != shape) continue;
      const Square s = d.spec.marks[i].square;
      const std::string cls = fmt::format("mark mark-{}", style.kind);
      if (shape == Shape::Fill)
        out += fmt::format(
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" fill-opacity=\"{}\"/>\n", cls,
            L.left(s), L.top(s), SquareSize, SquareSize, style.colour, num(MarkOpacity));
      else
        frame_shape(out, cls, style, L.left(s), L.top(s), SquareSize, FrameWidth, frames_before(d.spec, d.kinds, i));
    }
  }
  out += "</g>\n";
}

// Coordinates: rank numbers on the left, file letters below, in board order as displayed.
void draw_coordinates(std::string& out, const Drawing& d) {
  const Layout& L = d.page.board;
  out += "<g class=\"coordinates\">\n";
  for (int i = 0; i < 8; ++i) {
    const Square on_file = make_square(i, 0);
    text_element(out, "file-label", L.centre_x(on_file), L.board_y + BoardSize + 15, 13, "middle",
                 std::string(1, char('a' + i)));
  }
  for (int i = 0; i < 8; ++i) {
    const Square on_rank = make_square(0, i);
    text_element(out, "rank-label", Pad + CoordBand / 2.0, L.centre_y(on_rank) + 4.5, 13, "middle",
                 std::string(1, char('1' + i)));
  }
  out += "</g>\n";
}

// Ghosts under the pieces: full size on an empty square, small in the top-left corner of an
// occupied one.
void draw_ghosts(std::string& out, const Drawing& d) {
  if (d.spec.ghosts.empty()) return;
  const Layout& L = d.page.board;
  out += "<g class=\"ghosts\">\n";
  for (const GhostPiece& g : d.spec.ghosts) {
    if (d.pos.piece_on(g.square) == NoPiece)
      ghost_element(out, g.piece, L.centre_x(g.square), L.top(g.square) + 40, 40);
    else
      ghost_element(out, g.piece, L.left(g.square) + 10, L.top(g.square) + 17, 18);
  }
  out += "</g>\n";
}

// Pieces: the filled glyph for both colours, the colour in the fill, so that a font without
// the glyph still shows which side a piece belongs to.
void draw_pieces(std::string& out, const Drawing& d) {
  const Layout& L = d.page.board;
  out += "<g class=\"pieces\">\n";
  for (Square s = 0; s < 64; ++s) {
    const Piece p = d.pos.piece_on(s);
    if (p == NoPiece) continue;
    piece_element(out, "piece", p, L.centre_x(s), L.top(s) + 40, 40);
  }
  out += "</g>\n";
}

// Fairy men beside the pieces, each with its code in the square's lower-right corner (a disc
// holds its own).
void draw_fairy_men(std::string& out, const Drawing& d) {
  const bool any = std::any_of(d.spec.fairy_men.begin(), d.spec.fairy_men.end(), [](const DiagramMan& m) { return !m.orthodox; });
  if (!any) return;
  const Layout& L = d.page.board;
  out += "<g class=\"coded-men\">\n";
  if (std::any_of(d.spec.fairy_men.begin(), d.spec.fairy_men.end(), [](const DiagramMan& m) { return !m.orthodox && m.neutral; }))
    neutral_fill(out);
  for (const DiagramMan& m : d.spec.fairy_men) {
    if (m.orthodox) continue;
    fairy_element(out, "coded-man", m, L.centre_x(m.square), L.centre_y(m.square), 40);
    if (m.glyph == NoPieceType || m.code.empty()) continue;
    out += fmt::format(
        "<text class=\"coded-man-code\" x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"end\" "
        "fill=\"#000000\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>\n",
        L.left(m.square) + SquareSize - 2, L.top(m.square) + SquareSize - 3, TextFont, xml_escaped(m.code));
  }
  out += "</g>\n";
}

// The frames' symbols, over the pieces, in the lower-left corner; one per kind and square.
void draw_mark_symbols(std::string& out, const Drawing& d) {
  const std::vector<int>& mark_kind = d.kinds.mark;
  const std::vector<SquareMark>& marks = d.spec.marks;
  bool any_symbol = false;
  for (const int k : mark_kind) any_symbol |= MarkStyles[k].symbol != Symbol::None;
  if (!any_symbol) return;
  const Layout& L = d.page.board;
  out += "<g class=\"mark-symbols\">\n";
  for (std::size_t i = 0; i < marks.size(); ++i) {
    const MarkStyle& style = MarkStyles[mark_kind[i]];
    if (style.symbol == Symbol::None) continue;
    bool repeated = false;
    for (std::size_t j = 0; j < i; ++j) repeated |= mark_kind[j] == mark_kind[i] && marks[j].square == marks[i].square;
    if (repeated) continue;
    // Several symbols on one square (both sides' locks): each next one to the right.
    const Square s = marks[i].square;
    frame_symbol(out, style, L.left(s) + 5 + frames_before(d.spec, d.kinds, i) * 13, L.top(s) + SquareSize - 5 - 13);
  }
  out += "</g>\n";
}

void draw_badges(std::string& out, const Drawing& d) {
  if (d.spec.badges.empty()) return;
  const Layout& L = d.page.board;
  out += "<g class=\"badges\">\n";
  int on_square[64] = {};  // badges already drawn on each square: the next one goes to their left
  for (const PieceBadge& b : d.spec.badges) {
    const int k = on_square[b.square]++;
    out += "<g class=\"badge\">\n";
    badge_shape(out, L.left(b.square) + SquareSize - 10 - k * 19, L.top(b.square) + 10, b.text, b.colour);
    out += "</g>\n";
  }
  out += "</g>\n";
}

// Arrows, over the pieces: from centre to centre, the line stopping where the head begins so
// that the tip lands a little short of the target square's centre. Labels go on top, at the
// middle of the visible line.
void draw_arrows(std::string& out, const Drawing& d) {
  if (d.spec.arrows.empty()) return;
  const Layout& L = d.page.board;
  out += "<g class=\"arrows\">\n";
  const double head = ArrowMarkerSize * ArrowWidth * 0.9;  // refX=1 of 10: 9/10 of the head is past the line's end
  std::string labels;
  for (std::size_t i = 0; i < d.spec.arrows.size(); ++i) {
    const Arrow& a = d.spec.arrows[i];
    const double x1 = L.centre_x(a.from), y1 = L.centre_y(a.from);
    const double x2 = L.centre_x(a.to), y2 = L.centre_y(a.to);
    const double length = std::hypot(x2 - x1, y2 - y1);
    const double shorten = head + 4;
    const double ux = (x2 - x1) / length, uy = (y2 - y1) / length;
    const ArrowStyle& style = ArrowStyles[d.kinds.arrow[i]];
    arrow_line(out, fmt::format("arrow arrow-{}", style.kind), style, x1, y1, x2 - ux * shorten, y2 - uy * shorten,
               ArrowWidth);
    if (!style.label.empty()) {
      const double along = (length - shorten) / 2;
      arrow_label(labels, style, x1 + ux * along, y1 + uy * along);
    }
  }
  out += labels;
  out += "</g>\n";
}

// Tokens: the side at the top of the board on the panel's upper half, the other at the bottom.
void draw_tokens(std::string& out, const Drawing& d) {
  const Page& page = d.page;
  if (!page.tokens) return;
  const int board_y = page.board.board_y;
  out += "<g class=\"tokens\">\n";
  const Color top_side = d.spec.flipped ? White : Black;
  for (const Color side : {Black, White}) {
    const int count = side == White ? d.spec.white_tokens : d.spec.black_tokens;
    if (count < 0) continue;
    const int rows = (count + page.token_columns - 1) / page.token_columns;
    const int discs_top = side == top_side ? board_y + 20 : board_y + BoardSize - rows * TokenPitch;
    const int label_y = side == top_side ? board_y + 12 : discs_top - 8;
    out += fmt::format("<g class=\"tokens-{}\">\n", side == White ? "white" : "black");
    text_element(out, "token-count", page.panel_x, label_y, 12, "start", token_label(side == White ? "White" : "Black", count));
    for (int i = 0; i < count; ++i)
      token_disc(out, page.panel_x + TokenPitch / 2.0 + (i % page.token_columns) * TokenPitch,
                 discs_top + TokenPitch / 2.0 + (i / page.token_columns) * TokenPitch);
    out += "</g>\n";
  }
  out += "</g>\n";
}

// The caption, centred under the board when every line fits there.
void draw_caption(std::string& out, const Drawing& d) {
  const Page& page = d.page;
  const bool centred = page.caption_width <= BoardSize;
  for (std::size_t i = 0; i < page.caption.size(); ++i)
    text_element(out, "caption", centred ? page.board.board_x + BoardSize / 2.0 : Pad, page.caption_y + int(i) * CaptionLine,
                 14, centred ? "middle" : "start", page.caption[i]);
}

// A legend entry's swatch: 18x18 (30 wide for arrows) with its top-left corner at (sx, sy).
void legend_swatch(std::string& out, const LegendEntry& e, int sx, int sy) {
  switch (e.swatch) {
    case LegendEntry::Mark: {
      const MarkStyle& style = MarkStyles[e.style];
      const int size = style.shape == Shape::Frame ? 20 : 18;  // room for the symbol
      const int top = sy + 9 - size / 2;
      out += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#808080\" stroke-width=\"1\"/>\n", sx,
          top, size, size, style.symbol == Symbol::BlackLock ? DarkSquare : LightSquare);
      if (style.shape == Shape::Fill) {
        out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" fill=\"{}\" fill-opacity=\"{}\"/>\n", sx,
                           sy, style.colour, num(MarkOpacity));
      } else {
        frame_shape(out, "legend-frame", style, sx, top, size, 2.5);
        frame_symbol(out, style, sx + size / 2.0 - 5, top + size / 2.0 - 6.5);
      }
      break;
    }
    case LegendEntry::ArrowSwatch:
      arrow_line(out, "legend-arrow", ArrowStyles[e.style], sx, sy + 9, sx + 30 - ArrowMarkerSize * 4 * 0.9, sy + 9, 4);
      break;
    case LegendEntry::Ghost:
      ghost_element(out, e.ghost->piece, sx + 9, sy + 16, 20);
      break;
    case LegendEntry::Badge:
      badge_shape(out, sx + 9, sy + 9, e.badge->text, e.badge->colour);
      break;
    case LegendEntry::Token:
      token_disc(out, sx + 9, sy + 9);
      break;
    case LegendEntry::Fairy:
      fairy_element(out, "legend-coded-man-swatch", *e.fairy, sx + 9, sy + 9, 20);
      break;
  }
}

void draw_legend(std::string& out, const Drawing& d) {
  if (d.legend.empty()) return;
  out += "<g class=\"legend\">\n";
  for (std::size_t i = 0; i < d.legend.size(); ++i) {
    const LegendEntry& e = d.legend[i];
    const int row_top = d.page.legend_y + int(i) * LegendRow;
    out += fmt::format("<g class=\"legend-entry {}\">\n", e.cls);
    legend_swatch(out, e, Pad, row_top + 2);
    text_element(out, "legend-text", Pad + 36, row_top + 15, 12, "start", e.text);
    out += "</g>\n";
  }
  out += "</g>\n";
}

}  // namespace

std::string svg_diagram(const Position& pos, const DiagramSpec& spec) {
  // Validated in this order, so the first problem of the spec is the one reported.
  const Kinds kinds = check_kinds(spec);
  const std::vector<const PieceBadge*> badges = check_badges(spec);
  const std::vector<const GhostPiece*> ghosts = check_ghosts(spec);
  const std::vector<const DiagramMan*> fairy_men = check_fairy_men(pos, spec);
  const std::vector<LegendEntry> legend = legend_entries(kinds, ghosts, badges, draws_tokens(spec), spec.token_legend, fairy_men);
  const Page page = page_layout(spec, legend);
  const Drawing d{pos, spec, kinds, legend, page};

  std::string out;
  for (const auto step : {document_head, draw_title, draw_squares, draw_marks, draw_coordinates, draw_ghosts, draw_pieces,
                          draw_fairy_men, draw_mark_symbols, draw_badges, draw_arrows, draw_tokens, draw_caption, draw_legend})
    step(out, d);
  out += "</svg>\n";
  return out;
}

}  // namespace arbiter::report
