#include "solver/problem/popeye_output_blocks.h"

#include <cctype>

#include "rules/core/text.h"
#include "solver/problem/popeye_reader.h"

namespace arbiter::problem {

namespace {

// Calls `take` with each line of `text` (a trailing '\r' dropped) until it returns false.
template <class Take>
void for_each_line(std::string_view text, Take&& take) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!take(line)) return;
  }
}

// The refusal a line starts with, if any: the whole line for an input error, the phrase alone
// for an illegal position (Popeye prints its move counters right after it).
std::optional<std::string> refusal(std::string_view trimmed) {
  for (const auto language : {popeye::Language::English, popeye::Language::German, popeye::Language::French}) {
    const auto& words = popeye_output_words(language);
    if (trimmed.starts_with(words.input_error)) return std::string(trimmed);
    if (trimmed.starts_with(words.king_capturable)) return std::string(words.king_capturable);
  }
  return std::nullopt;
}

}  // namespace

std::vector<PopeyeOutputBlock> split_popeye_output(std::string_view text) {
  std::vector<PopeyeOutputBlock> blocks;
  PopeyeOutputBlock current;
  bool blank = true;  // the current block holds only blank lines so far
  int number = 0;
  for_each_line(text, [&](std::string_view line) {
    ++number;
    const std::string_view trimmed = trim(line);
    if (blank) current.first_line = number;
    blank = blank && trimmed.empty();
    if (blank) return true;  // the blanks between two blocks belong to neither
    current.text.append(line);
    current.text += '\n';
    if (trimmed.starts_with("+---a---b")) current.has_board = true;
    if (auto r = refusal(trimmed)) current.refusals.push_back(std::move(*r));
    if (const auto language = closing_line_language(trimmed)) {
      current.closed = true;
      current.language = language;
      current.finished = trimmed.starts_with(popeye_output_words(*language).finished);
      blocks.push_back(std::move(current));
      current = {};
      blank = true;
    }
    return true;
  });
  if (!blank) blocks.push_back(std::move(current));
  return blocks;
}

namespace {

// "  add_to_move_generation_stack:      1070": a counter the regression runs print.
bool is_counter(std::string_view trimmed) {
  const auto colon = trimmed.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  for (char c : trimmed.substr(0, colon))
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  const std::string_view count = trim(trimmed.substr(colon + 1));
  return !count.empty() && count.find_first_not_of("0123456789") == std::string_view::npos;
}

// "  1  (Ta1*a3 )", " 14  (Td2-d8 + )": option MoveNumbers' report of the first move being
// tried (with a time when Popeye measures one), progress rather than solution.
bool is_move_number_line(std::string_view trimmed) {
  std::size_t digits = 0;
  while (digits < trimmed.size() && std::isdigit(static_cast<unsigned char>(trimmed[digits]))) ++digits;
  if (digits == 0) return false;
  const std::string_view rest = trim(trimmed.substr(digits));
  return rest.size() >= 2 && rest.front() == '(' && rest.back() == ')';
}

}  // namespace

std::vector<std::string> popeye_solution_lines(std::string_view block) {
  std::vector<std::string> out;
  int borders = 0;
  bool below_stipulation = false;
  for_each_line(block, [&](std::string_view line) {
    const std::string_view trimmed = trim(line);
    if (borders < 2) {
      if (trimmed.starts_with("+---a---b")) ++borders;
      return true;
    }
    if (!below_stipulation) {  // the stipulation line itself
      below_stipulation = true;
      return true;
    }
    if (closing_line_language(trimmed)) return false;
    // Progress, not solution: counters, MoveNumbers' lines, intelligent mode's position counts;
    // a message Popeye ends without a line break has the first counter after it on its line.
    std::string_view kept = line;
    if (const auto counter = kept.find("  add_to_move_generation_stack:"); counter != std::string_view::npos && counter > 0)
      kept = kept.substr(0, counter);
    const std::string_view kept_trimmed = trim(kept);
    if (!kept_trimmed.empty() && !is_counter(kept_trimmed) && !is_move_number_line(kept_trimmed) &&
        !is_popeye_side_line(kept_trimmed))
      out.emplace_back(kept);
    return true;
  });
  return out;
}

}  // namespace arbiter::problem
