// PGN: read, write, read again. Only reading and writing: replaying the moves is the rule sets'
// business (the move harness), and long records would make each run slow.

#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/notation/pgn.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"

namespace arbiter::fuzz {

void pgn_harness(std::string_view input) {
  const std::string file = "pgn";
  std::vector<PgnGame> games;
  try {
    games = read_pgn(input, file);
  } catch (const ParseError& e) {
    check_location(e, input, file, Layout::Lines);
    return;
  }
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string written = write_pgn(games[i]);
    std::vector<PgnGame> back;
    try {
      back = read_pgn(written, "written");
    } catch (const ParseError& e) {
      violated(fmt::format("game {} is written as\n{}\nwhich does not read back: {}", i + 1, written, e.what()));
    }
    require(back.size() == 1, fmt::format("game {} is written as\n{}\nwhich reads back as {} games", i + 1, written, back.size()));
    require(same_game(as_written(games[i]), back[0]),
            fmt::format("game {} is written as\n{}\nwhich reads back to another game", i + 1, written));
    const std::string again = write_pgn(back[0]);
    require(again == written, fmt::format("game {} is written as\n{}\nthen as\n{}", i + 1, written, again));
  }
}

}  // namespace arbiter::fuzz
