#pragma once
// Documents that carry a program's output (solver/cli/COMMANDS.md, the listing in rules/README.md)
// keep each output in a ```text block under a "## " heading, written by a script from the program.
// The tests read the blocks back and compare them with a fresh run, so a document cannot drift
// from the program it describes.

#include <string>
#include <utility>
#include <vector>

namespace arbiter::test {

// Every "## HEADING" of `markdown`, in order, with the first ```text block under it (its lines
// between the fences, without the last line break; "" when the section has none).
std::vector<std::pair<std::string, std::string>> text_blocks_by_heading(const std::string& markdown);

// `text` without its final line breaks: a block holds an output's lines, the fence its last break.
std::string without_final_newlines(std::string text);

// "" when `in_file` equals `printed`, else where they first part: "line N: the file has '...',
// the program prints '...'".
std::string first_difference(const std::string& in_file, const std::string& printed);

}  // namespace arbiter::test
