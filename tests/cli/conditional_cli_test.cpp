// Conditional Chess through the command line: the Matos-Neto sample game replayed slot by
// slot (its misprints found, the B-move check returning play to White, its check and mate
// marks judged), perft.

#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {
const std::string Dir = std::string(ARBITER_SOURCE_DIR) + "/puzzles/conditional/";
}

TEST_CASE("conditional replay: the Matos-Neto game, every ply judged", "[conditional][cli]") {
  int status = -1;
  const json j = test::run_arbiter_json("replay --json " + test::shell_quote(Dir + "matos-neto-1996.pgn"), status);
  CHECK(status == 0);  // its misprints are listed in [ExpectedErrata]
  CHECK(j["variant"] == "conditional");
  const json& t = j["timeline"];
  REQUIRE(t.size() == 44);
  CHECK(t[0]["slot"] == "A");
  CHECK(t[1]["slot"] == "B");
  CHECK(t[2]["slot"] == "C");
  // The opening only makes 4. Qxd4 and 4...Be7 legal as 1...e5 and 2...exd4: two earlier
  // moves read differently, found by the search.
  CHECK(t[1]["correction"] == "e5");
  CHECK(t[3]["correction"] == "exd4");
  CHECK(t[6]["verdict"] == "legal");  // 4. Qxd4
  CHECK(t[5]["detail"].get<std::string>().find("is there an enemy bishop on g5: yes") != std::string::npos);
  CHECK(t[8]["detail"].get<std::string>().find("Bb5 played") != std::string::npos);
  CHECK(t[20]["verdict"] == "skipped");  // "Bb2 invalidate the white C-move!"
  CHECK(t[31]["detail"].get<std::string>().find("check in a B-move") != std::string::npos);
  CHECK(t[32]["detail"].get<std::string>().find("play returns to White's A-move") != std::string::npos);
  CHECK(t[33]["verdict"] == "no move");
  // One reading of the whole record, at the least cost the search found: it ends in the mate
  // the record and its result claim.
  CHECK(j["status"] == "checkmate");
  CHECK(j["result"] == "0-1");
  const json& r = j["reading"];
  CHECK(r["cost"] == 11.5);
  CHECK(r["proven_least_cost"] == false);  // the search's state limit comes first
  CHECK(r["lower_bound"] == 4);
  CHECK(r["ties"] == 4);
  // "Taking the tower was an allusion": of the readings as cheap, 10. Qxa8 takes the rook.
  CHECK(t[18]["correction"] == "Qxa8");
  REQUIRE(r["comments"].size() == 1);
  CHECK(r["comments"][0].get<std::string>().find("agrees") != std::string::npos);
  CHECK(r["other_readings"][1] == "ply 19 Qa6 instead of Qxa8");
  // 11...Bxa1 is legal as printed, but White's rook must still be on a1 for 14...Rd1.
  CHECK(t[21]["correction"] == "Ba3");
  CHECK(t[26]["correction"] == "Kg8?*Rd1*/Nf3");
  CHECK(t[42]["correction"] == "e3?*Rf1*/Rxe3");
  int errata = 0;
  for (const auto& e : j["errors"]) errata += e["kind"] == "erratum";
  CHECK(errata == 9);
  CHECK(j["errata_expected"] == 9);
  CHECK(j["errors"][0]["ply"] == 2);
  CHECK(j["errors"][0]["predicate"] == "earlier-move-read-differently");
  CHECK(j["errors"][3]["ply"] == 22);
  CHECK(j["errors"][3]["predicate"] == "earlier-move-read-differently");
  CHECK_FALSE(j.contains("findings"));
  // The check and mate marks: 16...Qxe3+ holds; 21...Qf1+ is read as 21...Qg1+, whose check
  // cannot confirm the printed mark; the final 22...Bf2++ ("also a checkmate!") mates.
  CHECK(t[31]["detail"].get<std::string>().find("marked '+': gives check as marked") != std::string::npos);
  CHECK(t[43]["move"] == "Bf2++");
  CHECK(t[43]["correction"] == "");
  CHECK(t[43]["detail"] == "Black's A-move: checkmate; marked '++': checkmate as marked");
  REQUIRE(j["warnings"].size() == 1);
  CHECK(j["warnings"][0]["ply"] == 42);
  CHECK(j["warnings"][0]["move"] == "Qf1+");
}

TEST_CASE("conditional replay: a '++' that mates is confirmed", "[conditional][cli]") {
  test::ScratchDir dir;
  // The fool's mate in the cycle: White's A-move f3, Black's B-move e5, White's C-move g4,
  // Black's A-move Qh4, a check in an A-move allowed because it mates.
  dir.write("mate.pgn", "[Variant \"Conditional\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. !g4 Qh4++ 0-1\n");
  int status = -1;
  const json j = test::run_arbiter_json("replay --json " + test::shell_quote(dir.path("mate.pgn")), status);
  CHECK(status == 0);
  CHECK(j["verdict"] == "legal");
  CHECK(j["status"] == "checkmate");
  CHECK(j["result"] == "0-1");
  CHECK(j["warnings"].empty());
  const json& t = j["timeline"];
  REQUIRE(t.size() == 4);
  CHECK(t[3]["slot"] == "A");
  CHECK(t[3]["detail"] == "Black's A-move: checkmate; marked '++': checkmate as marked");
  // The same mate marked '#' holds too; marked '+' it is a warning (it mates).
  dir.write("hash.pgn", "[Variant \"Conditional\"]\n\n1. f3 e5 2. !g4 Qh4# 0-1\n");
  const json h = test::run_arbiter_json("replay --json " + test::shell_quote(dir.path("hash.pgn")), status);
  CHECK(status == 0);
  CHECK(h["timeline"][3]["detail"].get<std::string>().find("marked '#': checkmate as marked") != std::string::npos);
  dir.write("plus.pgn", "[Variant \"Conditional\"]\n\n1. f3 e5 2. !g4 Qh4+ 0-1\n");
  const json p = test::run_arbiter_json("replay --json " + test::shell_quote(dir.path("plus.pgn")), status);
  CHECK(status == 0);
  REQUIRE(p["warnings"].size() == 1);
  CHECK(p["warnings"][0]["message"] == "checkmates but is marked '+' only (Qh4 mates)");
}

TEST_CASE("conditional replay: a false '+' and a missing one are warnings", "[conditional][cli]") {
  test::ScratchDir dir;
  // e2 is empty after 1. e4, so White's then-move Nf3 is played: marked '+' but no check; so
  // is Black's A-move Nc6+.
  dir.write("false.pgn", "[Variant \"Conditional\"]\n\n1. e4 e5 2. e2?*Nf3+*/Nc3 Nc6+ *\n");
  int status = -1;
  json j = test::run_arbiter_json("replay --json " + test::shell_quote(dir.path("false.pgn")), status);
  CHECK(status == 0);  // a mark is a warning; the moves are legal
  CHECK(j["verdict"] == "legal");
  REQUIRE(j["warnings"].size() == 2);
  CHECK(j["warnings"][0]["ply"] == 3);
  CHECK(j["warnings"][0]["message"] == "marked '+' (check) but gives no check (Nf3)");
  CHECK(j["warnings"][1]["ply"] == 4);
  CHECK(j["warnings"][1]["message"] == "marked '+' (check) but gives no check (Nc6)");
  CHECK(j["timeline"][2]["detail"].get<std::string>().find("marked '+' (check) but gives no check") != std::string::npos);
  // White's B-move Bb5 checks (d7 is empty after 1...d5) without a mark.
  dir.write("unmarked.pgn", "[Variant \"Conditional\"]\n\n1. e4 d5 2. !Nc3 Nf6 3. Bb5 *\n");
  j = test::run_arbiter_json("replay --json " + test::shell_quote(dir.path("unmarked.pgn")), status);
  CHECK(status == 0);
  REQUIRE(j["warnings"].size() == 1);
  CHECK(j["warnings"][0]["ply"] == 5);
  CHECK(j["warnings"][0]["message"] == "gives check but is not marked '+' (Bb5 checks)");
  CHECK(j["status"] == "check");
}

TEST_CASE("conditional replay: a wrong branch mark and a misplaced '--' are findings", "[conditional][cli]") {
  test::ScratchDir dir;
  // d2 is not empty (White's pawn), so the else-move d3 is played, not the marked d4.
  dir.write("bad.pgn", "[Variant \"Conditional\"]\n\n1. e4 d5 2. d2?*d4*/d3 *\n");
  int status = -1;
  json j = test::run_arbiter_json("replay --json " + test::shell_quote(dir.path("bad.pgn")), status);
  CHECK(status == 1);
  REQUIRE(j["errors"].size() == 1);
  CHECK(j["errors"][0]["ply"] == 3);
  CHECK(j["errors"][0]["kind"] == "erratum");
  CHECK(j["errors"][0]["predicate"] == "marked-branch-is-selected");
  CHECK_FALSE(j["errors"][0]["suggestions"].empty());
  CHECK_FALSE(j["errors"][0]["correction"].get<std::string>().empty());
  dir.write("null.pgn", "[Variant \"Conditional\"]\n\n1. e4 -- *\n");
  j = test::run_arbiter_json("replay --json " + test::shell_quote(dir.path("null.pgn")), status);
  CHECK(status == 1);
  CHECK(j["errors"][0]["ply"] == 2);
}

TEST_CASE("conditional perft counts statements, or outcomes", "[conditional][cli][perft]") {
  int status = -1;
  json j = test::run_arbiter_json("perft --variant conditional --depth 2 --json", status);
  CHECK(status == 0);
  CHECK(j["nodes"] == 400);
  CHECK(j["count"] == "statements");
  j = test::run_arbiter_json("perft --variant conditional --depth 3 --count outcomes --json", status);
  CHECK(status == 0);
  CHECK(j["count"] == "outcomes");
  CHECK(j["nodes"] == 9302);  // each C-ply outcome once: the legal moves plus the skip
  test::ScratchDir dir;
  const test::CliRun big = test::run_arbiter_command("perft --variant conditional --depth 9 --json", dir);
  CHECK(big.status == 2);  // past 2^64 statements: refused with a message, not wrapped around
  CHECK(big.err.find("exceeds 2^64") != std::string::npos);
  CHECK(big.out.empty());
}
