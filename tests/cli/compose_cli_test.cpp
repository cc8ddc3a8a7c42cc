// arbiter compose as scripts use it: the JSON contract, the files it writes (each confirmed by
// arbiter verify), exit statuses for limits and for bad input.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

TEST_CASE("compose cli: JSON contract, problem files confirmed by verify", "[compose][cli]") {
  test::ScratchDir dir;
  const auto run = test::run_arbiter_command(
      "compose --variant orthodox --stipulation '#2' --count 3 --seed 21 --attempts 1000000 --json --out " +
          test::shell_quote(dir.path("out")),
      dir);
  REQUIRE(run.status == 0);
  const json j = json::parse(run.out);
  REQUIRE(j["problems"].size() == 3);
  for (const char* field : {"attempts", "sound", "seconds", "rejections"}) CHECK(j.contains(field));
  CHECK(j["sound"].get<int>() >= 3);
  CHECK(j["rejections"]["no-mate"].get<int>() > 0);
  for (const auto& p : j["problems"]) {
    for (const char* field : {"file", "fen", "stipulation", "variant", "key", "key_uci", "score", "units", "variations", "seconds"})
      CHECK(p.contains(field));
    CHECK(p["stipulation"] == "#2");
    CHECK(p["variant"] == "orthodox");
    const std::string file = p["file"];
    REQUIRE(std::filesystem::exists(file));
    const std::string text = test::read_text_file(file);
    for (const char* tag : {"[Stipulation \"#2\"]", "[SetUp \"1\"]", "[Variant \"orthodox\"]", "[Composer \"Arbiter\"]", "[Score \""})
      CHECK(text.find(tag) != std::string::npos);
    CHECK(text.find("[FEN \"" + p["fen"].get<std::string>() + "\"]") != std::string::npos);
    CHECK(text.find("1. " + p["key"].get<std::string>() + "!") != std::string::npos);
    int status = -1;
    const json v = test::run_arbiter_json("verify --json " + test::shell_quote(file), status);
    CHECK(status == 0);
    CHECK(v["verdict"] == "confirmed");
    CHECK(v["keys_uci"] == json::array({p["key_uci"]}));
  }
}

TEST_CASE("compose cli: a limit reached before --count prints what was found and exits 3", "[compose][cli]") {
  test::ScratchDir dir;
  const auto run = test::run_arbiter_command(
      "compose --stipulation '#2' --count 1000 --seed 3 --attempts 20000 --json --out " + test::shell_quote(dir.path("out")), dir);
  CHECK(run.status == 3);
  const json j = json::parse(run.out);
  CHECK(j["attempts"] == 20000);
  CHECK(j["stopped_by"] == "attempts");
  CHECK(j["problems"].size() < 1000);
  CHECK(run.err.find("limit reached with " + std::to_string(j["problems"].size()) + " of 1000 problems") != std::string::npos);
}

TEST_CASE("compose cli: a time limit reached before --count also keeps what was found and exits 3", "[compose][cli]") {
  test::ScratchDir dir;
  const auto run = test::run_arbiter_command(
      "compose --stipulation '#2' --count 1000000 --seed 3 --max-seconds 0.5 --json --out " + test::shell_quote(dir.path("out")),
      dir);
  CHECK(run.status == 3);
  const json j = json::parse(run.out);
  CHECK(j["stopped_by"] == "time");
  CHECK(j["problems"].size() < 1000000);
  for (const auto& p : j["problems"]) CHECK(std::filesystem::exists(p["file"].get<std::string>()));
  CHECK(run.err.find("time limit reached with " + std::to_string(j["problems"].size()) + " of 1000000 problems") !=
        std::string::npos);
}

TEST_CASE("compose cli: bad input exits 2 with what was expected", "[compose][cli]") {
  test::ScratchDir dir;
  const auto expect = [&](const std::string& args, const std::string& message) {
    const auto run = test::run_arbiter_command("compose " + args + " --out " + test::shell_quote(dir.path("out")), dir);
    INFO(args << "\n" << run.err);
    CHECK(run.status == 2);
    CHECK(run.err.find(message) != std::string::npos);
    CHECK(!std::filesystem::exists(dir.path("out")));  // nothing written
  };
  expect("--material 'KQQQPPPPPPP/K'", "--material:1:1: impossible material: White has 2 units beyond the initial set");
  expect("--material 'KQ/KPPPPPPPPP'", "--material:1:4: impossible material: Black has 9 pawns (at most 8)");
  expect("--stipulation 's#2'", "--stipulation:1:1: unsupported stipulation 's#2' for compose");  // h#2: compose_help_test.cpp
  expect("--stipulation '#5'", "unsupported stipulation '#5' for compose: expected '#2' or '#3'");
  expect("--variant timetravel", "no composer for the variant 'timetravel'");
  expect("--variant nosuch", "unknown variant 'nosuch'");
  expect("--count -2", "--count");
}
