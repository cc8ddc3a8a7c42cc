#include "tests/support/doc_blocks.h"

#include <sstream>

namespace arbiter::test {

std::vector<std::pair<std::string, std::string>> text_blocks_by_heading(const std::string& markdown) {
  std::vector<std::pair<std::string, std::string>> sections;
  std::istringstream in(markdown);
  bool in_block = false, block_done = false;
  std::string block;
  for (std::string line; std::getline(in, line);) {
    if (in_block) {
      if (line == "```") {
        sections.back().second = without_final_newlines(block);
        in_block = false;
        block_done = true;
      } else {
        block += line + "\n";
      }
    } else if (line.starts_with("## ")) {
      sections.emplace_back(line.substr(3), "");
      block_done = false;
    } else if (line == "```text" && !sections.empty() && !block_done) {
      in_block = true;
      block.clear();
    }
  }
  return sections;
}

std::string without_final_newlines(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

std::string first_difference(const std::string& in_file, const std::string& printed) {
  if (in_file == printed) return "";
  std::istringstream a(in_file), b(printed);
  std::string from_file, from_program;
  for (int line = 1;; ++line) {
    const bool more_file = bool(std::getline(a, from_file)), more_program = bool(std::getline(b, from_program));
    if (!more_file && !more_program) return "the texts differ only in their line breaks";
    if (!more_file) from_file = "(the end)";
    if (!more_program) from_program = "(the end)";
    if (from_file != from_program)
      return "line " + std::to_string(line) + ": the file has '" + from_file + "', the program prints '" + from_program + "'";
  }
}

}  // namespace arbiter::test
