#include "rules/core/json_depth.h"

#include <fmt/format.h>

#include "rules/core/parse_error.h"

namespace arbiter {

void check_json_depth(std::string_view text, const std::string& file, int max_depth) {
  int depth = 0, line = 1, column = 1;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth)
        throw ParseError({file, line, column}, fmt::format("JSON nested deeper than {} levels (arrays and objects)", max_depth));
    } else if (c == ']' || c == '}') {
      --depth;
    }
    if (c == '\n') ++line, column = 1;
    else ++column;
  }
}

}  // namespace arbiter
