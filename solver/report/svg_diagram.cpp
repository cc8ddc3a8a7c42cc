#include "solver/report/svg_diagram.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include <fmt/core.h>

#include "rules/core/fen.h"

namespace arbiter::report {

namespace {

// --- geometry (pixels) ---------------------------------------------------------------------
constexpr int SquareSize = 48;
constexpr int BoardSize = 8 * SquareSize;
constexpr int Pad = 12;            // outer margin
constexpr int CoordBand = 20;      // rank numbers on the left, file letters below
constexpr int TitleBand = 30;      // when there is a title
constexpr int CaptionBand = 26;    // when there is a caption
constexpr int LegendRow = 22;
constexpr int PanelGap = 14;       // board to token panel
constexpr int TokenPitch = 16;     // token discs, centre to centre
constexpr int TokenRowsPerSide = 10;
constexpr int ArrowWidth = 7;
constexpr double ArrowMarkerSize = 3.5;  // arrowhead length and width, in stroke widths

constexpr std::string_view TextFont = "'DejaVu Sans', Verdana, Arial, sans-serif";
constexpr std::string_view GlyphFont = "'DejaVu Sans', 'Noto Sans Symbols2', FreeSerif, serif";
constexpr std::string_view LightSquare = "#f0d9b5";
constexpr std::string_view DarkSquare = "#b58863";
constexpr std::string_view TokenFill = "#2ec27e";
constexpr std::string_view TokenStroke = "#1a7f4f";
constexpr std::string_view BadgeFill = "#3d3846";

struct KindStyle {
  std::string_view kind;
  std::string_view colour;
  std::string_view explanation;
};

// Marks and arrows: the order here is the legend's order.
constexpr KindStyle MarkStyles[] = {
    {"from", "#f6d32d", "square the move leaves"},
    {"to", "#ff7800", "square the move reaches"},
    {"stop", "#00b4b4", "intermediate square of a double move"},
    {"capture", "#e01b24", "square of a captured piece"},
    {"highlight", "#dc8add", "highlighted square"},
};
constexpr double MarkOpacity = 0.5;

constexpr KindStyle ArrowStyles[] = {
    {"move", "#1c71d8", "a move"},
    {"second", "#9141ac", "second half of a double move"},
    {"threat", "#c01c28", "a threat (dashed)"},
};
constexpr double ArrowOpacity = 0.8;

template <std::size_t N>
int style_index(const KindStyle (&styles)[N], const std::string& kind, std::string_view what) {
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

// XML text and attribute values: the five special characters as entities; control characters
// (not allowed in XML 1.0) as spaces.
std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
          out += ' ';
        else
          out += c;
    }
  }
  return out;
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
      cls, num(x), num(y), TextFont, num(size), anchor, extra, escape(text));
}

void arrow_marker(std::string& out, const KindStyle& style) {
  out += fmt::format(
      "<marker id=\"arrowhead-{}\" viewBox=\"0 0 10 10\" refX=\"1\" refY=\"5\" markerWidth=\"{}\" markerHeight=\"{}\" "
      "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{}\"/></marker>\n",
      style.kind, num(ArrowMarkerSize), num(ArrowMarkerSize), style.colour);
}

void arrow_line(std::string& out, std::string_view cls, const KindStyle& style, double x1, double y1, double x2,
                double y2, int width) {
  const bool dashed = style.kind == "threat";
  out += fmt::format(
      "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" opacity=\"{}\"{} "
      "marker-end=\"url(#arrowhead-{})\"/>\n",
      cls, num(x1), num(y1), num(x2), num(y2), style.colour, width, num(ArrowOpacity),
      dashed ? " stroke-dasharray=\"10 6\"" : "", style.kind);
}

void badge_shape(std::string& out, double cx, double cy, std::string_view text) {
  const double r = text.size() > 1 ? 9 : 8;
  out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n",
                     num(cx), num(cy), num(r), BadgeFill);
  out += fmt::format(
      "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" "
      "fill=\"#ffffff\">{}</text>\n",
      num(cx), num(cy + 4), TextFont, escape(text));
}

void token_disc(std::string& out, double cx, double cy) {
  out += fmt::format("<circle class=\"token\" cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\"/>\n",
                     num(cx), num(cy), TokenFill, TokenStroke);
}

}  // namespace

std::string svg_diagram(const Position& pos, const DiagramSpec& spec) {
  // --- validate, and collect what the legend lists ------------------------------------------
  bool mark_used[std::size(MarkStyles)] = {};
  std::vector<int> mark_kind;
  for (const SquareMark& m : spec.marks) {
    check_square(m.square, "mark");
    mark_kind.push_back(style_index(MarkStyles, m.kind, "mark"));
    mark_used[mark_kind.back()] = true;
  }
  bool arrow_used[std::size(ArrowStyles)] = {};
  std::vector<int> arrow_kind;
  for (const Arrow& a : spec.arrows) {
    check_square(a.from, "arrow");
    check_square(a.to, "arrow");
    if (a.from == a.to)
      throw std::invalid_argument(
          fmt::format("svg_diagram: arrow from {} to {} has no length", square_name(a.from), square_name(a.to)));
    arrow_kind.push_back(style_index(ArrowStyles, a.kind, "arrow"));
    arrow_used[arrow_kind.back()] = true;
  }
  std::vector<const PieceBadge*> badge_legend;  // distinct (text, meaning), first appearance first
  for (const PieceBadge& b : spec.badges) {
    check_square(b.square, "badge");
    if (b.meaning.empty()) continue;
    const bool seen = std::any_of(badge_legend.begin(), badge_legend.end(), [&](const PieceBadge* o) {
      return o->text == b.text && o->meaning == b.meaning;
    });
    if (!seen) badge_legend.push_back(&b);
  }
  const bool tokens = spec.white_tokens >= 0 || spec.black_tokens >= 0;

  struct LegendEntry {
    std::string cls;
    std::string text;
    enum { Mark, ArrowSwatch, Badge, Token } swatch;
    int style = 0;
    const PieceBadge* badge = nullptr;
  };
  std::vector<LegendEntry> legend;
  for (std::size_t i = 0; i < std::size(MarkStyles); ++i)
    if (mark_used[i])
      legend.push_back({fmt::format("legend-mark-{}", MarkStyles[i].kind),
                        fmt::format("{}: {}", MarkStyles[i].kind, MarkStyles[i].explanation), LegendEntry::Mark,
                        int(i), nullptr});
  for (std::size_t i = 0; i < std::size(ArrowStyles); ++i)
    if (arrow_used[i])
      legend.push_back({fmt::format("legend-arrow-{}", ArrowStyles[i].kind),
                        fmt::format("{} arrow: {}", ArrowStyles[i].kind, ArrowStyles[i].explanation),
                        LegendEntry::ArrowSwatch, int(i), nullptr});
  for (const PieceBadge* b : badge_legend)
    legend.push_back({"legend-badge", fmt::format("{}: {}", b->text, b->meaning), LegendEntry::Badge, 0, b});
  if (tokens)
    legend.push_back({"legend-tokens", "token: an Option Chess token in hand (count beside the board)",
                      LegendEntry::Token, 0, nullptr});

  // --- layout --------------------------------------------------------------------------------
  Layout L;
  L.flipped = spec.flipped;
  L.board_x = Pad + CoordBand;
  L.board_y = Pad + (spec.title.empty() ? 0 : TitleBand);

  const int most_tokens = std::max({spec.white_tokens, spec.black_tokens, 0});
  const int token_columns = std::max(6, (most_tokens + TokenRowsPerSide - 1) / TokenRowsPerSide);
  int panel_width = 0;
  if (tokens) {
    panel_width = token_columns * TokenPitch;
    if (spec.white_tokens >= 0) panel_width = std::max(panel_width, text_width(token_label("White", spec.white_tokens), 12));
    if (spec.black_tokens >= 0) panel_width = std::max(panel_width, text_width(token_label("Black", spec.black_tokens), 12));
  }
  const int panel_x = L.board_x + BoardSize + PanelGap;

  int width = L.board_x + BoardSize + (tokens ? PanelGap + panel_width : 0) + Pad;
  const int title_width = text_width(spec.title, 16);
  const int caption_width = text_width(spec.caption, 14);
  width = std::max({width, title_width + 2 * Pad, caption_width + 2 * Pad});
  for (const LegendEntry& e : legend) width = std::max(width, Pad + 36 + text_width(e.text, 12) + Pad);

  int y = L.board_y + BoardSize + CoordBand;
  const int caption_y = y + 18;
  if (!spec.caption.empty()) y += CaptionBand;
  const int legend_y = y + 6;
  if (!legend.empty()) y = legend_y + int(legend.size()) * LegendRow;
  const int height = y + Pad;

  // --- document ------------------------------------------------------------------------------
  std::string out;
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n",
      width, height);
  out += fmt::format("<title>{}</title>\n", escape(spec.title.empty() ? std::string("Chess diagram") : spec.title));
  out += fmt::format("<desc>FEN: {}</desc>\n", escape(write_fen(pos)));

  bool any_arrow = false;
  for (bool used : arrow_used) any_arrow |= used;
  if (any_arrow) {
    out += "<defs>\n";
    for (std::size_t i = 0; i < std::size(ArrowStyles); ++i)
      if (arrow_used[i]) arrow_marker(out, ArrowStyles[i]);
    out += "</defs>\n";
  }
  out += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n", width, height);

  // Title, centred over the board when it fits there.
  if (!spec.title.empty()) {
    const bool centred = title_width <= BoardSize;
    text_element(out, "title", centred ? L.board_x + BoardSize / 2.0 : Pad, Pad + 18, 16, centred ? "middle" : "start",
                 spec.title, " font-weight=\"bold\"");
  }

  // Squares.
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

  if (!spec.marks.empty()) {
    out += "<g class=\"marks\">\n";
    for (std::size_t i = 0; i < spec.marks.size(); ++i) {
      const KindStyle& style = MarkStyles[mark_kind[i]];
      const Square s = spec.marks[i].square;
      out += fmt::format(
          "<rect class=\"mark mark-{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" fill-opacity=\"{}\"/>\n",
          style.kind, L.left(s), L.top(s), SquareSize, SquareSize, style.colour, num(MarkOpacity));
    }
    out += "</g>\n";
  }

  // Coordinates: rank numbers on the left, file letters below, in board order as displayed.
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

  // Pieces: the filled glyph for both colours, the colour in the fill, so that a font without
  // the glyph still shows which side a piece belongs to.
  out += "<g class=\"pieces\">\n";
  for (Square s = 0; s < 64; ++s) {
    const Piece p = pos.piece_on(s);
    if (p == NoPiece) continue;
    const bool white = color_of(p) == White;
    out += fmt::format(
        "<text class=\"piece\" x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"40\" text-anchor=\"middle\" "
        "fill=\"{}\" stroke=\"#000000\" stroke-width=\"{}\">{}</text>\n",
        num(L.centre_x(s)), num(L.top(s) + 40), GlyphFont, white ? "#ffffff" : "#000000", white ? "1.2" : "1",
        piece_glyph(type_of(p)));
  }
  out += "</g>\n";

  if (!spec.badges.empty()) {
    out += "<g class=\"badges\">\n";
    int on_square[64] = {};  // badges already drawn on each square: the next one goes to their left
    for (const PieceBadge& b : spec.badges) {
      const int k = on_square[b.square]++;
      out += "<g class=\"badge\">\n";
      badge_shape(out, L.left(b.square) + SquareSize - 9 - k * 17, L.top(b.square) + 9, b.text);
      out += "</g>\n";
    }
    out += "</g>\n";
  }

  // Arrows, over the pieces: from centre to centre, the line stopping where the head begins so
  // that the tip lands a little short of the target square's centre.
  if (!spec.arrows.empty()) {
    out += "<g class=\"arrows\">\n";
    const double head = ArrowMarkerSize * ArrowWidth * 0.9;  // refX=1 of 10: 9/10 of the head is past the line's end
    for (std::size_t i = 0; i < spec.arrows.size(); ++i) {
      const Arrow& a = spec.arrows[i];
      const double x1 = L.centre_x(a.from), y1 = L.centre_y(a.from);
      const double x2 = L.centre_x(a.to), y2 = L.centre_y(a.to);
      const double length = std::hypot(x2 - x1, y2 - y1);
      const double shorten = head + 4;
      const double ux = (x2 - x1) / length, uy = (y2 - y1) / length;
      const KindStyle& style = ArrowStyles[arrow_kind[i]];
      arrow_line(out, fmt::format("arrow arrow-{}", style.kind), style, x1, y1, x2 - ux * shorten, y2 - uy * shorten,
                 ArrowWidth);
    }
    out += "</g>\n";
  }

  // Tokens: the side at the top of the board on the panel's upper half, the other at the bottom.
  if (tokens) {
    out += "<g class=\"tokens\">\n";
    const Color top_side = spec.flipped ? White : Black;
    for (const Color side : {Black, White}) {
      const int count = side == White ? spec.white_tokens : spec.black_tokens;
      if (count < 0) continue;
      const int rows = (count + token_columns - 1) / token_columns;
      const int discs_top = side == top_side ? L.board_y + 20 : L.board_y + BoardSize - rows * TokenPitch;
      const int label_y = side == top_side ? L.board_y + 12 : discs_top - 8;
      out += fmt::format("<g class=\"tokens-{}\">\n", side == White ? "white" : "black");
      text_element(out, "token-count", panel_x, label_y, 12, "start", token_label(side == White ? "White" : "Black", count));
      for (int i = 0; i < count; ++i)
        token_disc(out, panel_x + TokenPitch / 2.0 + (i % token_columns) * TokenPitch,
                   discs_top + TokenPitch / 2.0 + (i / token_columns) * TokenPitch);
      out += "</g>\n";
    }
    out += "</g>\n";
  }

  if (!spec.caption.empty()) {
    const bool centred = caption_width <= BoardSize;
    text_element(out, "caption", centred ? L.board_x + BoardSize / 2.0 : Pad, caption_y, 14, centred ? "middle" : "start",
                 spec.caption);
  }

  if (!legend.empty()) {
    out += "<g class=\"legend\">\n";
    for (std::size_t i = 0; i < legend.size(); ++i) {
      const LegendEntry& e = legend[i];
      const int row_top = legend_y + int(i) * LegendRow;
      const int sx = Pad, sy = row_top + 2;  // an 18x18 swatch
      out += fmt::format("<g class=\"legend-entry {}\">\n", e.cls);
      switch (e.swatch) {
        case LegendEntry::Mark:
          out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" fill=\"{}\" stroke=\"#808080\" stroke-width=\"1\"/>\n",
                             sx, sy, LightSquare);
          out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" fill=\"{}\" fill-opacity=\"{}\"/>\n", sx, sy,
                             MarkStyles[e.style].colour, num(MarkOpacity));
          break;
        case LegendEntry::ArrowSwatch:
          arrow_line(out, "legend-arrow", ArrowStyles[e.style], sx, sy + 9, sx + 30 - ArrowMarkerSize * 4 * 0.9, sy + 9, 4);
          break;
        case LegendEntry::Badge:
          badge_shape(out, sx + 9, sy + 9, e.badge->text);
          break;
        case LegendEntry::Token:
          token_disc(out, sx + 9, sy + 9);
          break;
      }
      text_element(out, "legend-text", Pad + 36, row_top + 15, 12, "start", e.text);
      out += "</g>\n";
    }
    out += "</g>\n";
  }

  out += "</svg>\n";
  return out;
}

}  // namespace arbiter::report
