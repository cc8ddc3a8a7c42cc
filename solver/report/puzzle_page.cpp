#include "solver/report/puzzle_page.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include <fmt/core.h>

namespace arbiter::report {

namespace {

constexpr std::string_view NoPly = "\xE2\x80\x93";  // U+2013 en dash

// The tags worth showing, in the page's order.
constexpr std::string_view ShownTags[] = {
    "Event",     "Site",   "Date",   "Round", "White",  "Black",  "Result",     "Author", "Source", "Stipulation",
    "Title",     "Referee", "Annotator", "Origin", "ECO", "Tokens", "FEN", "Interpret", "ExpectedVerdict",
    "ExpectedErrata", "ExpectedUnverified",
};

bool placeholder(std::string_view value) {
  return value.empty() || value == "?" || value == "-" || value == "*";
}

// "1868.??.??" -> "1868", "1851.06.??" -> "1851.06", "????.??.??" -> "".
std::string known_date(std::string_view date) {
  std::string out;
  std::size_t start = 0;
  while (start <= date.size()) {
    const std::size_t dot = std::min(date.find('.', start), date.size());
    const std::string_view part = date.substr(start, dot - start);
    if (part.empty() || part.find('?') != std::string_view::npos) break;
    out += fmt::format("{}{}", out.empty() ? "" : ".", part);
    start = dot + 1;
  }
  return out;
}

// Text inside a table cell: '|' would end the cell, even inside a code span.
std::string cell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') out += "\\|";
    else out += c;
  }
  return out;
}

std::string ply_text(int ply) { return ply > 0 ? std::to_string(ply) : std::string(NoPly); }

// A link destination: characters that would end it or break it, percent-encoded.
std::string link_target(std::string_view target) {
  std::string out;
  for (const char c : target) {
    switch (c) {
      case ' ': out += "%20"; break;
      case '(': out += "%28"; break;
      case ')': out += "%29"; break;
      case '<': out += "%3C"; break;
      case '>': out += "%3E"; break;
      case '\n':
      case '\r':
      case '\t': out += "%20"; break;
      default: out += c;
    }
  }
  return out;
}

void timings(std::string& out, const std::vector<PageTiming>& list) {
  for (const PageTiming& t : list) {
    if (!t.what.empty()) out += fmt::format("{}:\n", markdown_text(t.what));
    out += fmt::format("{}\n\n", time_line(t.seconds));
  }
}

void section(std::string& out, const PageSection& s, int level) {
  const std::string h(std::size_t(level), '#');
  const std::string sub(std::size_t(level + 1), '#');
  const bool own_heading = !s.heading.empty();
  if (own_heading) out += fmt::format("{} {}\n\n", h, markdown_text(s.heading));
  const std::string& inner = own_heading ? sub : h;

  const std::vector<PageTag> tags = shown_tags(s.tags);
  if (!tags.empty()) {
    out += fmt::format("{} Record\n\n", inner);
    for (const PageTag& t : tags)
      out += fmt::format("- **{}:** {}\n", t.name, t.name == "FEN" ? code_span(t.value) : markdown_text(t.value));
    out += "\n";
  }

  if (!s.verdicts.empty()) {
    out += fmt::format("{} Verdict\n\n", inner);
    for (const std::string& v : s.verdicts) out += fmt::format("- {}\n", markdown_text(v));
    out += "\n";
  }

  if (!s.diagrams.empty()) {
    out += fmt::format("{} Diagrams\n\n", inner);
    for (const PageDiagram& d : s.diagrams) {
      out += fmt::format("![{}]({})\n\n", markdown_text(d.caption), link_target(d.file));
      if (!d.caption.empty()) out += fmt::format("*{}*\n\n", markdown_text(d.caption));
    }
  }

  if (!s.claims.empty()) {
    int failed = 0, expected = 0;
    for (const PageClaim& c : s.claims) {
      failed += !c.ok;
      expected += !c.ok && c.expected;
    }
    out += fmt::format("{} Claims\n\n", inner);
    out += fmt::format("{} claim{}: {} hold{}, {} do{} not", s.claims.size(), s.claims.size() == 1 ? "" : "s",
                       s.claims.size() - failed, s.claims.size() - failed == 1 ? "s" : "", failed,
                       failed == 1 ? "es" : "");
    out += failed > 0 ? fmt::format(" ({} of them expected).\n\n", expected) : std::string(".\n\n");
    out += "| ply | move | claim | verdict | reason |\n|---:|---|---|---|---|\n";
    for (const PageClaim& c : s.claims) {
      std::string verdict = markdown_text(c.verdict);
      if (!c.ok && !c.expected) verdict = fmt::format("**{}**", verdict);
      if (!c.ok && c.expected) verdict = fmt::format("{} (expected)", verdict);
      out += fmt::format("| {} | {} | {} | {} | {} |\n", ply_text(c.ply), cell(code_span(c.move)), markdown_text(c.claim),
                         verdict, markdown_text(c.reason));
    }
    out += "\n";
  }

  if (!s.findings.empty()) {
    out += fmt::format("{} Findings and errata\n\n", inner);
    out += "| ply | move | kind | finding | expected |\n|---:|---|---|---|---|\n";
    for (const PageFinding& f : s.findings) {
      std::string text = markdown_text(f.text);
      if (!f.correction.empty())
        text = fmt::format("{}{}checked as {}", text, text.empty() ? "" : "; ", cell(code_span(f.correction)));
      out += fmt::format("| {} | {} | {} | {} | {} |\n", ply_text(f.ply), cell(code_span(f.move)), markdown_text(f.kind),
                         text, f.expected ? "yes" : "no");
    }
    out += "\n";
  }

  if (!s.notes.empty()) {
    out += fmt::format("{} Notes\n\n", inner);
    for (const std::string& n : s.notes) out += fmt::format("{}\n\n", n);
  }

  if (!s.timings.empty()) {
    out += fmt::format("{} Timings\n\n", inner);
    timings(out, s.timings);
  }
}

// The page's last character: exactly one newline at the end.
std::string finish(std::string out) {
  while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

}  // namespace

std::vector<PageTag> shown_tags(const std::vector<PageTag>& tags) {
  std::vector<PageTag> out;
  for (const std::string_view name : ShownTags) {
    const auto it = std::find_if(tags.begin(), tags.end(), [&](const PageTag& t) { return t.name == name; });
    if (it == tags.end()) continue;
    const std::string value = name == "Date" ? known_date(it->value) : it->value;
    if (placeholder(value)) continue;
    out.push_back({std::string(name), value});
  }
  return out;
}

std::string time_line(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0)
    throw std::invalid_argument(fmt::format("time_line: {} is not a duration in seconds", seconds));
  return fmt::format("Time: {:.3f} s", seconds);
}

std::string markdown_text(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  for (const char c : text) {
    switch (c) {
      case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '>': case '|': case '~':
        out += '\\';
        out += c;
        break;
      case '&': out += "&amp;"; break;
      case '\n': case '\r': case '\t': out += ' '; break;
      default: out += c;
    }
  }
  // A block marker at the start ("- x", "+ x", "# x", "= x", "1. x", "1) x").
  if (!out.empty() && (out[0] == '-' || out[0] == '+' || out[0] == '#' || out[0] == '=')) out.insert(0, 1, '\\');
  std::size_t digits = 0;
  while (digits < out.size() && out[digits] >= '0' && out[digits] <= '9') ++digits;
  if (digits > 0 && digits < out.size() && (out[digits] == '.' || out[digits] == ')')) out.insert(digits, 1, '\\');
  return out;
}

std::string code_span(std::string_view text) {
  std::string body;
  for (const char c : text) body += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  if (body.empty()) return "";
  std::size_t longest = 0, run = 0;
  for (const char c : body) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const bool all_spaces = body.find_first_not_of(' ') == std::string::npos;
  const bool pad = !all_spaces && (body.front() == '`' || body.back() == '`' ||
                                   (body.front() == ' ' && body.back() == ' '));
  return fmt::format("{0}{1}{2}{1}{0}", fence, pad ? " " : "", body);
}

std::string puzzle_page(const PuzzlePage& page) {
  std::string out;
  out += fmt::format("# {}\n\n", markdown_text(page.title.empty() ? page.source : page.title));
  if (!page.source.empty()) out += fmt::format("- **Puzzle file:** {}\n", code_span(page.source));
  if (!page.variant.empty()) out += fmt::format("- **Variant:** {}\n", markdown_text(page.variant));
  if (!page.verdict.empty()) out += fmt::format("- **Verdict:** {}\n", markdown_text(page.verdict));
  if (!page.source.empty() || !page.variant.empty() || !page.verdict.empty()) out += "\n";

  if (!page.commands.empty()) {
    out += "To reproduce:\n\n";
    for (const std::string& c : page.commands) {
      std::string line;
      for (const char ch : c) line += (ch == '\n' || ch == '\r') ? ' ' : ch;
      out += fmt::format("    {}\n", line);
    }
    out += "\n";
  }

  for (const PageSection& s : page.sections) section(out, s, 2);

  if (!page.timings.empty()) {
    out += "## Timings for the whole file\n\n";
    timings(out, page.timings);
  }
  return finish(std::move(out));
}

std::string index_page(const IndexPage& index) {
  std::string out;
  out += fmt::format("# {}\n\n", markdown_text(index.title));
  for (const std::string& p : index.intro) out += fmt::format("{}\n\n", p);

  std::map<std::string, int> per_verdict;  // alphabetical: the same entries, the same line
  for (const IndexEntry& e : index.entries) ++per_verdict[e.verdict.empty() ? std::string("no verdict") : e.verdict];
  out += fmt::format("{} puzzle{}", index.entries.size(), index.entries.size() == 1 ? "" : "s");
  std::string counts;
  for (const auto& [verdict, n] : per_verdict)
    counts += fmt::format("{}{} {}", counts.empty() ? ": " : ", ", n, markdown_text(verdict));
  out += fmt::format("{}.\n\n", counts);

  if (!index.entries.empty()) {
    out += "| puzzle | variant | verdict | file |\n|---|---|---|---|\n";
    for (const IndexEntry& e : index.entries) {
      const std::string title = markdown_text(e.title.empty() ? e.source : e.title);
      const std::string puzzle = e.link.empty() ? title : fmt::format("[{}]({})", title, cell(link_target(e.link)));
      out += fmt::format("| {} | {} | {} | {} |\n", puzzle, markdown_text(e.variant), markdown_text(e.verdict),
                         cell(code_span(e.source)));
    }
    out += "\n";
  }

  if (!index.timings.empty()) {
    out += "## Timings\n\n";
    timings(out, index.timings);
  }
  return finish(std::move(out));
}

}  // namespace arbiter::report
