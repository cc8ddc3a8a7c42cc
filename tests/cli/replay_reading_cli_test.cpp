// `arbiter replay` on an orthodox record with an impossible main-line move: the move is the
// error, and the whole record is read at the least edit cost, the reading's changes listed as
// findings of kind `reading` (solver/replay/replay.cpp, through the variant registry).

#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

// The Evergreen game (puzzles/orthodox/evergreen-game-1852.pgn) with 16. Bxd3 misprinted Bxd4:
// no white piece reaches d4 there.
const char* const Misprinted = R"([Event "Berlin"]
[White "Adolf Anderssen"]
[Black "Jean Dufresne"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3
Qf6 9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7
15. Ne4 Qf5 16. Bxd4 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 Qxf3 20. Rxe7+ Nxe7
21. Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# 1-0
)";

}  // namespace

TEST_CASE("replay cli: an orthodox record with an impossible move gives the error and the least-cost reading", "[replay][cli]") {
  const test::ScratchDir dir;
  const std::string file = dir.write("evergreen-misprint.pgn", Misprinted);
  int status = -1;
  const nlohmann::json j = test::run_arbiter_json("replay --json " + test::shell_quote(file), status);
  CHECK(status == 1);
  CHECK(j["verdict"] == "illegal");
  CHECK(j["error"]["ply"] == 31);
  CHECK(j["error"]["move"] == "Bxd4");
  REQUIRE(j["findings"].size() == 1);
  CHECK(j["findings"][0]["kind"] == "reading");
  CHECK(j["findings"][0]["ply"] == 31);
  CHECK(j["findings"][0]["move"] == "Bxd4");
  CHECK(j["findings"][0]["reading"] == "Bxd3");
  REQUIRE(j.contains("reading"));
  CHECK(j["reading"]["cost"] == 1);
  CHECK(j["reading"]["proven_least_cost"] == true);

  // Text mode says the same.
  const auto run = test::run_arbiter_command("replay " + test::shell_quote(file), dir);
  CHECK(run.status == 1);
  CHECK(run.out.find("Bxd3") != std::string::npos);
}
