// Transactional Chess through the command line: the two records of the text replayed (errata
// found and corrected, the gap closed by a named reading, the final mate confirmed), the
// referee driven by scripted input, perft.

#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

const std::string Dir = std::string(ARBITER_SOURCE_DIR) + "/puzzles/transactional/";

json run_json(const std::string& args, int& status) { return test::run_arbiter_json(args, status); }

}  // namespace

TEST_CASE("transactional replay: the Quintanilla-Aronson game", "[transactional][cli]") {
  int status = -1;
  const json j = run_json("replay --json " + test::shell_quote(Dir + "quintanilla-aronson.pgn"), status);
  CHECK(status == 0);  // its two misprints are listed in [ExpectedErrata]
  CHECK(j["variant"] == "transactional");
  CHECK(j["plies"] == 45);
  CHECK(j["status"] == "checkmate");  // 23. T17: Q:f7++ mates
  CHECK(j["result"] == "1-0");
  CHECK(j["errata_expected"] == 2);
  REQUIRE(j["errors"].size() == 2);
  CHECK(j["errors"][0]["kind"] == "erratum");
  CHECK(j["errors"][0]["ply"] == 11);
  CHECK(j["errors"][0]["move"] == "T3: f:d4(C)");
  CHECK(j["errors"][0]["suggestions"] == json::array({"T3: Nxd4(C)", "T3: Qxd4(C)"}));
  CHECK(j["errors"][0]["correction"] == "T3: Nxd4(C)");
  CHECK(j["errors"][1]["move"] == "T13: e:e4(C)");
  CHECK(j["errors"][1]["correction"] == "T13: Rxe4(C)");
  CHECK(j["errors"][1]["reason"].get<std::string>().find("T13: Nxe4(C) fails at ply 37 (T15: Re2)") != std::string::npos);
  // T9 ends without a mark: only the commit reading is consistent (20. Qh6 needs the queen on d2).
  REQUIRE(j["findings"].size() == 2);
  CHECK(j["findings"][0]["kind"] == "gap");
  CHECK(j["findings"][0]["move"] == "T9: a3");
  CHECK(j["findings"][0]["reading"] == "commit");
  CHECK(j["findings"][0]["details"][1].get<std::string>().find("rollback: fails at ply 39 (T15: Qh6)") == 0);
  CHECK(j["findings"][1]["kind"] == "implied-commit");
}

TEST_CASE("transactional replay: the notation example's misprint", "[transactional][cli]") {
  int status = -1;
  const json j = run_json("replay --json " + test::shell_quote(Dir + "notation-example.pgn"), status);
  CHECK(status == 0);
  REQUIRE(j["errors"].size() == 1);
  CHECK(j["errors"][0]["move"] == "T6: Kd1");
  CHECK(j["errors"][0]["suggestions"] == json::array({"T6: Kd8"}));
  CHECK(j["plies"] == 14);
  // Without the [ExpectedErrata] tag the same misprint fails the check.
  test::ScratchDir dir;
  const std::string pgn = dir.write("kd1.pgn", "[Variant \"Transactional\"]\n\n1. T1: e4 T2: Kd1 *\n");
  const test::CliRun run = test::run_arbiter_command("replay --json " + test::shell_quote(pgn), dir);
  CHECK(run.status == 1);
  const json k = json::parse(run.out);
  CHECK(k["errors"][0]["kind"] == "erratum");
  CHECK(k["errors"][0]["line"] == 3);
}

TEST_CASE("transactional referee: scripted players, locks told to one side only", "[transactional][cli]") {
  test::ScratchDir dir;
  const std::string script = dir.write("moves.txt", "Nd5\nBxc3+ (C)\nBa5\nNf6+ (C)\nquit\n");
  const test::CliRun run = test::run_arbiter_command(
      "referee --variant transactional --fen " +
          test::shell_quote("rnbqk1nr/pppp1ppp/8/4p3/1b6/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 3 T1,T2") + " < " + test::shell_quote(script),
      dir);
  CHECK(run.status == 0);
  CHECK(run.out.find("Black> that square is locked: try another move") != std::string::npos);
  CHECK(run.out.find("White> that square is locked") == std::string::npos);
  CHECK(run.out.find("Black> White has committed: Nc3-Nf6+") != std::string::npos);
  CHECK(run.out.find("White> White has committed") == std::string::npos);
}

TEST_CASE("transactional referee: one stream per player", "[transactional][cli]") {
  test::ScratchDir dir;
  const std::string white_in = dir.write("white-in.txt", "Nd5\nNf6+ (C)\nquit\n");
  const std::string black_in = dir.write("black-in.txt", "Bxc3+ (C)\nBa5\nKf8 (C)\n");
  const std::string white_out = dir.path("white-out.txt"), black_out = dir.path("black-out.txt");
  const test::CliRun run = test::run_arbiter_command(
      "referee --variant transactional --fen " +
          test::shell_quote("rnbqk1nr/pppp1ppp/8/4p3/1b6/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 3 T1,T2") + " --white-in " +
          test::shell_quote(white_in) + " --white-out " + test::shell_quote(white_out) + " --black-in " + test::shell_quote(black_in) +
          " --black-out " + test::shell_quote(black_out),
      dir);
  CHECK(run.status == 0);
  const std::string w = test::read_text_file(white_out), b = test::read_text_file(black_out);
  CHECK(b.find("that square is locked: try another move") != std::string::npos);
  CHECK(w.find("locked") == std::string::npos);
  CHECK(b.find("White has committed: Nc3-Nf6+") != std::string::npos);
  CHECK(w.find("played T1: Nd5") != std::string::npos);
  CHECK(b.find("Nd5") == std::string::npos);  // Black never learns of the pending move itself
}

TEST_CASE("transactional perft through the CLI", "[transactional][cli]") {
  int status = -1;
  const json j = run_json("perft --json --variant transactional --depth 2", status);
  CHECK(status == 0);
  CHECK(j["nodes"] == 3600);
}
