#pragma once
// Whole text files in and out, for every command and report writer.

#include <string>

namespace arbiter {

std::string read_text_file(const std::string& path);  // throws ParseError naming the file
// Writes to a temporary file beside `path`, then renames it: never a half-written file.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace arbiter
