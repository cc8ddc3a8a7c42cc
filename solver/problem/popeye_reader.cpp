#include "solver/problem/popeye_reader.h"

#include <algorithm>
#include <cctype>

namespace arbiter::problem {

namespace {

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::vector<PopeyeReader::Word> PopeyeReader::words(std::string_view line) {
  std::vector<Word> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && space(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !space(line[i])) ++i;
    if (i > start) out.push_back({line.substr(start, i - start), int(start)});
  }
  return out;
}

std::optional<PopeyeReader::MoveNumber> PopeyeReader::move_number(std::string_view text) {
  std::size_t i = 0;
  MoveNumber out;
  while (i < text.size() && digit(text[i])) out.number = std::min(out.number * 10 + (text[i++] - '0'), 100000);
  if (i == 0 || i >= text.size() || text[i] != '.') return std::nullopt;
  if (text.substr(i).starts_with("...")) out.side = Black;
  out.length = i + (out.side == Black ? 3 : 1);
  return out;
}

int PopeyeReader::read_lines() {
  std::size_t start = 0;
  int number = 0;
  bool more = true;
  while (more && start <= text_.size()) {
    std::size_t end = text_.find('\n', start);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view line = text_.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    more = take(line, {file_, ++number, 1});
    if (end == text_.size()) break;
    start = end + 1;
  }
  return number;
}

bool PopeyeReader::take(std::string_view line, const SourceLocation& at) {
  const std::string_view trimmed = trim(line);
  const bool border = trimmed.starts_with("+---a---b");
  switch (stage_) {
    case Stage::Before:
      if (border) {
        stage_ = Stage::Board;
        board_starts(at);
      } else {
        before_board(trimmed, at);
      }
      return true;
    case Stage::Board:
      if (border) stage_ = Stage::BelowBoard;
      return true;
    case Stage::BelowBoard:
      if (trimmed.empty()) return true;
      stage_ = Stage::Solution;
      stipulation_line(trimmed, at);
      return true;
    case Stage::Solution:
      return trimmed.empty() || solution_line(line, trimmed, at);
  }
  return true;
}

}  // namespace arbiter::problem
