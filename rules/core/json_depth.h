#pragma once
// A guard for JSON read from files: nlohmann::json parses, copies and walks a value recursively,
// once per level of nesting, so an input of a million '[' would overflow the stack. Such text
// is refused before it is parsed.

#include <string>
#include <string_view>

namespace arbiter {

// A certificate nests about twice per move of its stipulation (at most 30 moves); a baseline
// three levels: 256 leaves room for both and keeps every walk shallow.
constexpr int MaxJsonDepth = 256;

// Throws ParseError at the bracket that nests deeper than `max_depth` (arrays and objects
// counted, brackets inside strings not).
void check_json_depth(std::string_view text, const std::string& file, int max_depth = MaxJsonDepth);

}  // namespace arbiter
