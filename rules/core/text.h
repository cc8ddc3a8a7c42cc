#pragma once
// Small text helpers the readers share: blanks trimmed, words split, ASCII lower and upper case.

#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

constexpr bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

constexpr std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// A word of a line: a run of non-blank characters, with the column (from 0) it starts at.
struct TextWord {
  std::string_view text;
  int column = 0;
};

// The words of `line`, in order.
inline std::vector<TextWord> blank_separated_words(std::string_view line) {
  std::vector<TextWord> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) out.push_back({line.substr(start, i - start), int(start)});
  }
  return out;
}

inline std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

inline std::string uppercase(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return out;
}

}  // namespace arbiter
