#include "tests/fuzz/fuzz_support.h"

#include <algorithm>

#include <array>

#include <fmt/format.h>

#include "rules/notation/pgn.h"

namespace arbiter::fuzz {

// Control characters (a NUL would cut the message short) are shown as \xNN.
void violated(const std::string& what) {
  std::string shown;
  for (const char c : what) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n') || byte == 0x7f) shown += fmt::format("\\x{:02x}", byte);
    else shown += c;
  }
  throw PropertyViolation(shown);
}

void check_location(const ParseError& error, std::string_view text, const std::string& file, Layout layout) {
  const SourceLocation& at = error.where();
  const auto where = [&] { return fmt::format("ParseError at {}:{}:{} ({})", at.file, at.line, at.column, error.message()); };
  require(at.file == file, where() + ": expected the file name '" + file + "'");
  require(at.line >= 1 && at.column >= 1, where() + ": line and column start at 1");
  if (layout == Layout::OneLine) {
    require(at.line == 1, where() + ": a one-line text has only line 1");
    require(std::size_t(at.column) <= text.size() + 1,
            where() + fmt::format(": column past the end of the {}-byte text", text.size()));
    return;
  }
  const auto lines = std::size_t(std::count(text.begin(), text.end(), '\n')) + 1;
  require(std::size_t(at.line) <= lines, where() + fmt::format(": the text has {} line(s)", lines));
  std::size_t start = 0;
  for (int line = 1; line < at.line; ++line) start = text.find('\n', start) + 1;
  const std::size_t end = std::min(text.find('\n', start), text.size());
  require(std::size_t(at.column) <= end - start + 1,
          where() + fmt::format(": column past the end of line {} ({} bytes)", at.line, end - start));
}

bool split_header(std::string_view input, std::size_t count, Header* lines, std::string_view& rest) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t end = input.find('\n', at);
    if (end == std::string_view::npos) return false;
    lines[i] = {input.substr(at, end - at), at};
    at = end + 1;
  }
  rest = input.substr(at);
  return true;
}

PgnGame as_written(const PgnGame& game) {
  static constexpr std::array<std::string_view, 7> Roster = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  PgnGame out = game;
  out.tags.clear();
  out.tag_value_locations.clear();
  for (const std::string_view name : Roster) {
    const auto value = game.tag(name);
    out.set_tag(std::string(name), value ? std::string(*value) : name == "Result" ? game.result : name == "Date" ? "????.??.??" : "?");
  }
  for (const auto& [name, value] : game.tags)
    if (std::find(Roster.begin(), Roster.end(), name) == Roster.end()) out.set_tag(name, value);
  return out;
}

}  // namespace arbiter::fuzz
