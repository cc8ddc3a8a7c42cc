#pragma once
// What every fuzz harness shares: how a broken property is reported, and the check that a
// ParseError points into the text it was given.
//
// A harness function (harnesses.h) reads one input with a reader and checks a property of the
// result. It returns normally when the property holds (bad input included, when the reader
// rejected it with a well-located ParseError) and throws PropertyViolation when it does not.
// Any other exception escaping a harness is a reader bug too: readers throw only ParseError.

#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/core/parse_error.h"

namespace arbiter::fuzz {

class PropertyViolation : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] void violated(const std::string& what);
inline void require(bool holds, const std::string& what) {
  if (!holds) violated(what);
}

// How the reader counts places in its text.
enum class Layout {
  OneLine,  // a FEN, a move, a tag value: columns count bytes from the first, on line 1
  Lines,    // a file: lines split at '\n', columns count bytes within the line
};

// The location of `error` lies in `text`, read under the name `file` starting at line 1,
// column 1: the same file name, line >= 1 and column >= 1, at most one past the end of its
// line (where "found the end of the line" points).
void check_location(const ParseError& error, std::string_view text, const std::string& file, Layout layout);

// The input's lines 1..n-1 split off in front (line n, the rest, may hold more lines), for
// harnesses whose input names a variant and a position before the text they read.
struct Header {
  std::string_view line;
  std::size_t offset;  // of the line's first byte in the input
};
bool split_header(std::string_view input, std::size_t count, Header* lines, std::string_view& rest);

}  // namespace arbiter::fuzz

namespace arbiter {
struct PgnGame;
}

namespace arbiter::fuzz {

// The game as write_pgn writes it and read_pgn reads it back: the Seven Tag Roster first, a
// missing one filled in ("?", "????.??.??", the result), then the other tags in their order.
PgnGame as_written(const PgnGame& game);

}  // namespace arbiter::fuzz
