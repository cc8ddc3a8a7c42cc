// Time Traveler's Chess through the command line, as scripts use it: the four illustrative
// games replayed with their claims, explain's contract, perft with --variant timetravel, and
// bad input.

#include <catch2/catch.hpp>

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

const std::string Games = std::string(ARBITER_SOURCE_DIR) + "/puzzles/timetravel/illustrative-games.pgn";

json run_json(const std::string& args, int& status) { return test::run_arbiter_json(args, status); }

}  // namespace

TEST_CASE("timetravel replay: the four games, their results and every claim", "[timetravel][cli]") {
  int status = -1;
  const json j = run_json("replay --json " + test::shell_quote(Games), status);
  CHECK(status == 0);
  REQUIRE(j["games"].size() == 4);
  const std::map<int, std::pair<std::string, std::string>> ends = {
      {1, {"0-1", "grammatically-incorrect"}}, {2, {"1-0", "checkmate"}}, {3, {"0-1", "grammatically-incorrect"}},
      {4, {"1-0", "grammatically-incorrect"}}};
  int claims = 0, verified = 0;
  for (const auto& g : j["games"]) {
    const int n = g["game"];
    CHECK(g["verdict"] == "legal");
    CHECK(g["variant"] == "timetravel");
    CHECK(g["result"] == ends.at(n).first);
    CHECK(g["status"] == ends.at(n).second);
    for (const auto& c : g["claims"]) {
      ++claims;
      verified += c["verified"].get<bool>();
      CHECK(!c["reason"].get<std::string>().empty());
      // The claims that fail are the quiz's answer and the two strict mates (games 2 and 3),
      // which the record expects to fail.
      if (!c["verified"].get<bool>()) {
        CHECK((c["claim"] == "men-to=c4:Q,QB,QN,QBP" || c["claim"] == "mate-in=1:white" || c["claim"] == "mate-in=2:black"));
        CHECK(c["expected_unverified"] == true);
      }
      // The forced wins and mates are the prover's verdicts, each with the escape it found.
      const std::string reason = c["reason"];
      if (c["claim"] == "wins-in=1:white" || c["claim"] == "wins-in=2:black")
        CHECK(reason.find("proved: ") != std::string::npos);
      if (c["claim"] == "mate-in=1:white") CHECK(reason.find("refuted: White cannot force checkmate within 1 move") != std::string::npos);
      if (c["claim"] == "mate-in=1:white") CHECK(reason.find("c4/c3 escapes") != std::string::npos);
      if (c["claim"] == "mate-in=2:black") CHECK(reason.find("c6/c7 escapes") != std::string::npos);
    }
  }
  CHECK(claims == 40);
  CHECK(verified == 37);
  CHECK(j["claims_unexpected"] == 0);
  // The quiz: six chessmen can reach c4 under the defaults (the text counts four).
  const json& quiz = j["games"][1]["claims"];
  bool found = false;
  for (const auto& c : quiz)
    if (c["claim"] == "men-to=c4:Q,QB,QN,QBP") {
      found = true;
      CHECK(c["reason"].get<std::string>().find("KN,Q,QB,QBP,QN,QR") != std::string::npos);
    }
  CHECK(found);
}

TEST_CASE("timetravel replay: a false claim makes the exit status 1", "[timetravel][cli]") {
  test::ScratchDir dir;
  const std::string pgn = dir.write("false.pgn",
                                    "[Variant \"Time Traveler's\"]\n\n1. Nf6/e8 {[%claim check] [%claim supports=g1]} *\n");
  const test::CliRun run = test::run_arbiter_command("replay --json " + test::shell_quote(pgn), dir);
  CHECK(run.status == 1);
  const json j = json::parse(run.out);
  CHECK(j["claims_unexpected"] == 2);
  CHECK(j["claims"][0]["verified"] == false);
  CHECK(j["claims"][1]["reason"].get<std::string>().find("QN on b1") != std::string::npos);
  // An unknown claim is bad input, located at its move.
  const std::string bad = dir.write("bad.pgn", "[Variant \"Time Traveler's\"]\n\n1. e4 {[%claim sunny]} *\n");
  const test::CliRun garbled = test::run_arbiter_command("replay " + test::shell_quote(bad), dir);
  CHECK(garbled.status == 2);
  CHECK(garbled.err.find("bad.pgn:3:4") != std::string::npos);
  CHECK(garbled.err.find("unknown claim 'sunny'") != std::string::npos);
}

TEST_CASE("timetravel replay: an illegal explosion names its predicate", "[timetravel][cli]") {
  test::ScratchDir dir;
  const std::string pgn = dir.write("illegal.pgn", "[Variant \"Time Traveler's\"]\n\n1. Rd6/d5 *\n");
  int status = -1;
  const json j = run_json("replay --json " + test::shell_quote(pgn), status);
  CHECK(status == 1);
  CHECK(j["verdict"] == "illegal");
  CHECK(j["error"]["predicate"] == "explosion-supported");
  CHECK(j["error"]["line"] == 3);
}

TEST_CASE("timetravel explain: supports, matching, grammar witness", "[timetravel][cli]") {
  int status = -1;
  const json j = run_json("explain --json " + test::shell_quote(Games) + " --game 4 --ply 12", status);
  CHECK(status == 0);
  CHECK(j["status"] == "check");
  CHECK(j["white"]["kingless"] == true);
  CHECK(j["white"]["in_check"] == true);
  CHECK(j["white"]["grammar"] == "correct");
  REQUIRE(j["white"]["explosions"].size() == 2);
  CHECK(j["white"]["explosions"][0]["supports"].size() == 2);  // Nf3: b1 and g1
  CHECK(j["white"]["matching_complete"] == true);
  REQUIRE(j["black"]["traveling"].size() == 1);
  CHECK(j["black"]["traveling"][0]["square"] == "b4");
  CHECK(j["black"]["witness"].size() == 1);
  // Game 1 after 1.Nf6/e8: the b1 knight alone supported it.
  const json g1 = run_json("explain --json " + test::shell_quote(Games) + " --ply 1", status);
  REQUIRE(g1["white"]["explosions"].size() == 1);
  CHECK(g1["white"]["explosions"][0]["supports"] == json::array({"QN on b1"}));
  CHECK(g1["black"]["kingless"] == true);
  CHECK(g1["black"]["in_check"] == false);
}

TEST_CASE("timetravel perft and bad input through the CLI", "[timetravel][cli]") {
  int status = -1;
  const json j = run_json("perft --json --variant timetravel --depth 1", status);
  CHECK(status == 0);
  CHECK(j["nodes"] == 1078);
  // Depth 2 in a process of its own: position keys (and the caches keyed by them) must not
  // depend on another component having set up the Zobrist tables first.
  const json two = run_json("perft --json --variant timetravel --depth 2", status);
  CHECK(two["nodes"] == 876360);
  test::ScratchDir dir;
  const test::CliRun bad = test::run_arbiter_command("perft --variant timetravel --depth 1 --fen " +
                                                         test::shell_quote("8/8/8/8/8/8/8/8 w - - 0 1 wNf3=g1"),
                                                     dir);
  CHECK(bad.status == 2);
  CHECK(bad.err.find("untraveled White man") != std::string::npos);
}
