// Option Chess through the command line, as scripts use it: the Bonham problem verified line by
// line on the reconstruction the issue gives, perft with tokens, and the correction search's
// contract on a small space.

#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

const std::string Bonham = std::string(ARBITER_SOURCE_DIR) + "/puzzles/option/bonham-2014.pgn";
const std::string BonhamFen = "2r5/1k1q2P1/2p2Q2/8/7b/P2RnN2/3RrN1P/7K b - - 0 30 3/3";

json run_json(const std::string& args, int& status) { return test::run_arbiter_json(args, status); }

}  // namespace

TEST_CASE("option verify: every stated outcome of the Bonham solution is checked on the reconstruction", "[option][cli]") {
  int status = -1;
  const json j = run_json("verify --json " + test::shell_quote(Bonham), status);
  CHECK(status == 1);  // refuted: the published key is not a key here
  CHECK(j["verdict"] == "refuted");
  CHECK(j["published_key"] == "Qh3,Bxf2");
  CHECK(j["published_key_is_key"] == false);
  CHECK(j["keys"].empty());
  int holds = 0, fails = 0;
  std::string key_detail;
  for (const auto& c : j["claims"]) {
    (c["holds"].get<bool>() ? holds : fails)++;
    if (c["move"] == "Qh3,Bxf2" && c["claim"] == "forces-mate") key_detail = c["detail"];
    // The text's three refuted options and its illegal moves hold as stated.
    if (c["claim"] == "try" || c["claim"] == "refutation" || c["claim"] == "illegal") CHECK(c["holds"] == true);
  }
  CHECK(holds == 39);
  CHECK(fails == 4);
  CHECK(key_detail == "mate is no longer forced: Qxc6+ escapes");
}

TEST_CASE("option perft: turn counts with tokens (regression)", "[option][cli]") {
  int status = -1;
  json j = run_json("perft --json --variant option --depth 1 --fen " + test::shell_quote(BonhamFen), status);
  CHECK(status == 0);
  CHECK(j["variant"] == "option");
  CHECK(j["nodes"] == 1631);  // about 1,600 turns, as the issue expects
  j = run_json("perft --json --variant option --depth 2 --fen " + test::shell_quote(BonhamFen), status);
  CHECK(j["nodes"] == 2662995);
  // Without tokens only single moves remain: the orthodox count.
  json none = run_json("perft --json --variant option --depth 2 --fen " +
                           test::shell_quote("2r5/1k1q2P1/2p2Q2/8/7b/P2RnN2/3RrN1P/7K b - - 0 30 0/0"), status);
  json orthodox = run_json("perft --json --depth 2 --fen " + test::shell_quote("2r5/1k1q2P1/2p2Q2/8/7b/P2RnN2/3RrN1P/7K b - - 0 30"), status);
  CHECK(none["nodes"] == orthodox["nodes"]);
  // From the start, options open only at move 9: the first plies are orthodox.
  CHECK(run_json("perft --json --variant option --depth 4", status)["nodes"] == 197281);
}

TEST_CASE("option solve: the key is refuted and every first move classified", "[option][cli]") {
  int status = -1;
  const json j = run_json("solve --json --refutations --variant option --stipulation '#3' --fen " + test::shell_quote(BonhamFen), status);
  CHECK(status == 1);
  CHECK(j["verdict"] == "refuted");
  CHECK(j["refutations"].size() == 1631);
  int key_rows = 0;
  for (const auto& r : j["refutations"])
    if (r["move"] == "Qh3,Bxf2") {
      ++key_rows;
      CHECK(r["refutation"] == "Qxc6+");
    }
  CHECK(key_rows == 1);  // the published key is classified, exactly once
}

TEST_CASE("option correct: the search space and its counts", "[option][cli]") {
  int status = -1;
  const json j = run_json("correct --json --max-units 0 --relocate f6=f8,f5 " + test::shell_quote(Bonham), status);
  CHECK(status == 1);  // nothing sound in the space, and all of it covered
  CHECK(j["bases"].size() == 1);
  CHECK(j["single_edits"] == json{{"move", 2}});  // the queen to f8 or f5: the only edits asked for
  CHECK(j["max_cost"] == 1);
  CHECK(j["space_covered"] == true);
  CHECK(j["examined"] == 3);
  CHECK(j["engine_line_fails"] == 1);  // a queen on f5 cannot play the engine line's Qxe7+
  CHECK(j["sound"].empty());
  CHECK(j["best"]["failure"] == "the key is refuted by Qxc6+");
  // Bad input: a malformed relocation names the option.
  test::ScratchDir dir;
  const test::CliRun bad = test::run_arbiter_command("correct --relocate f6-f8 " + test::shell_quote(Bonham), dir);
  CHECK(bad.status == 2);
  CHECK_THAT(bad.err, Catch::Contains("--relocate"));
}

TEST_CASE("option correct: Bonham 2014 has no sound version at cost 1, the whole level covered", "[option][cli]") {
  // Every single edit of every kind (1,216 of them, tokens included): none keeps the key, the
  // stated outcomes and the engine line while making the problem sound. The figures for
  // costs 2 to 4 are in reports/analysis/option-bonham-2014.md.
  int status = -1;
  const json j = run_json("correct --json --max-cost 1 " + test::shell_quote(Bonham), status);
  CHECK(status == 1);
  CHECK(j["space_covered"] == true);
  CHECK(j["single_edits"] == json{{"add", 452}, {"change", 124}, {"move", 616}, {"remove", 14}, {"tokens", 10}});
  CHECK(j["examined"] == 1217);
  CHECK(j["sound"].empty());
  CHECK(j["best"]["failure"] == "the key is refuted by Qxc6+");
}
