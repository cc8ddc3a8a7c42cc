// `arbiter bench --problems DIR --peer PATH` as a contract: the peer run on each file right
// after our solve, its keys compared with ours and with the recorded .out, the ratios and the
// peak memory in JSON, and a bad peer. The peer here is a fake Popeye, a shell script printing
// (a variant of) the recorded .out, so the suite needs no Popeye.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

// A #2 and a #3 of the corpus, small enough to solve at once.
const std::vector<std::string> Problems = {"anastasia_constructed_2", "benko_0200_3"};

// A folder holding the two problems' .inp and recorded .out.
std::string corpus_folder(const test::ScratchDir& dir) {
  const std::string folder = dir.path("corpus");
  std::filesystem::create_directory(folder);
  for (const auto& name : Problems)
    for (const char* extension : {".inp", ".out"})
      std::filesystem::copy_file(test::orthodox_corpus_path(name + extension), fmt::format("{}/{}{}", folder, name, extension));
  return folder;
}

// A fake Popeye, called as `PEER -maxtime S FILE.inp`: prints FILE.out through `filter`.
std::string fake_peer(const test::ScratchDir& dir, const std::string& name, const std::string& filter) {
  const std::string path = dir.write(name, fmt::format("#!/bin/sh\n{} \"${{3%.inp}}.out\"\n", filter));
  std::filesystem::permissions(path, std::filesystem::perms::owner_exec, std::filesystem::perm_options::add);
  return path;
}

struct Bench {
  test::CliRun run;
  json out;
};

Bench bench_json(const std::string& folder, const std::string& peer, const test::ScratchDir& dir) {
  Bench b;
  b.run = test::run_arbiter_command(fmt::format("bench --json --threads 1 --problems {} --peer {}", test::shell_quote(folder),
                                                test::shell_quote(peer)),
                                    dir);
  INFO("stdout: " << b.run.out << "\nstderr: " << b.run.err);
  REQUIRE_NOTHROW(b.out = json::parse(b.run.out));
  REQUIRE(b.out["rows"].size() == Problems.size());
  return b;
}

const json& row_of(const json& out, const std::string& problem) {
  for (const auto& row : out["rows"])
    if (row["problem"] == problem + ".inp") return row;
  FAIL("no row for " << problem);
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("bench --problems --peer: the peer's keys, times and memory beside ours", "[bench]") {
  test::ScratchDir dir;
  const std::string folder = corpus_folder(dir);
  const std::string peer = fake_peer(dir, "fake-popeye", "cat");
  const Bench b = bench_json(folder, peer, dir);
  CHECK(b.run.status == 0);
  CHECK(b.out["peer"] == peer);
  CHECK(b.out["threads"] == 1);
  for (const auto& row : b.out["rows"]) {
    INFO(row.dump());
    CHECK(row["agrees_with_peer"] == true);
    CHECK(row["agrees_with_recorded"] == true);
    CHECK(row["keys"] == row["peer_keys"]);
    CHECK(row["keys"] == row["recorded_keys"]);
    CHECK(!row["keys"].empty());
    CHECK(row["peer_complete"] == true);
    REQUIRE(row["ratio"].is_number());
    CHECK(row["ratio"].get<double>() > 0);
    CHECK(row["peer_seconds"].get<double>() > 0);
    CHECK(row["recorded_seconds"].get<double>() > 0);
    CHECK(row["peer_peak_rss_mb"].get<double>() > 0);
  }
  CHECK(row_of(b.out, "anastasia_constructed_2")["keys"] == json::array({"h5h7"}));

  const json& total = b.out["total"];
  CHECK(total["problems"] == 2);
  CHECK(total["agreements"] == 2);
  for (const char* field : {"seconds", "peer_seconds", "ratio", "max_ratio", "peak_rss_mb", "peer_peak_rss_mb"}) {
    INFO(field);
    REQUIRE(total[field].is_number());
    CHECK(total[field].get<double>() > 0);
  }
  CHECK((total["max_ratio_problem"] == "anastasia_constructed_2.inp" || total["max_ratio_problem"] == "benko_0200_3.inp"));
  CHECK(total["slower_than_peer"].is_number_integer());

  // The earlier layout, kept for its readers: problems[] against the recorded .out.
  REQUIRE(b.out["problems"].size() == 2);
  CHECK(b.out["problems"][0]["keys_agree"] == true);
  CHECK(b.out["key_disagreements"] == 0);
}

TEST_CASE("bench --problems --peer: a peer with another key is a disagreement", "[bench]") {
  test::ScratchDir dir;
  const std::string folder = corpus_folder(dir);
  // The #2's key Qxh7+ turned into Qh6, a legal move but no key.
  const std::string peer = fake_peer(dir, "wrong-popeye", "sed 's/Qh5\\*h7 +/Qh5-h6/'");
  const Bench b = bench_json(folder, peer, dir);
  CHECK(b.run.status == 1);
  const json& wrong = row_of(b.out, "anastasia_constructed_2");
  CHECK(wrong["agrees_with_peer"] == false);
  CHECK(wrong["agrees_with_recorded"] == true);
  CHECK(wrong["peer_keys"] == json::array({"h5h6"}));
  CHECK(row_of(b.out, "benko_0200_3")["agrees_with_peer"] == true);
  CHECK(b.out["total"]["agreements"] == 1);

  const test::CliRun text =
      test::run_arbiter_command(fmt::format("bench --problems {} --peer {}", test::shell_quote(folder), test::shell_quote(peer)), dir);
  CHECK(text.status == 1);
  CHECK_THAT(text.out, Catch::Contains("DIFFERENT from Popeye"));
}

TEST_CASE("bench --problems --peer: a peer without 'solution finished' is incomplete", "[bench]") {
  test::ScratchDir dir;
  const std::string folder = corpus_folder(dir);
  const Bench b = bench_json(folder, fake_peer(dir, "cut-popeye", "grep -v 'solution finished'"), dir);
  CHECK(b.run.status == 1);
  for (const auto& row : b.out["rows"]) {
    CHECK(row["peer_complete"] == false);
    CHECK(row["agrees_with_peer"] == false);
    CHECK(row["agreement"] == "peer incomplete (-maxtime)");
  }
}

TEST_CASE("bench --problems: a peer that does not exist is bad input", "[bench]") {
  test::ScratchDir dir;
  const std::string folder = corpus_folder(dir);
  const test::CliRun run = test::run_arbiter_command(
      fmt::format("bench --problems {} --peer {}", test::shell_quote(folder), test::shell_quote(dir.path("no-such-popeye"))), dir);
  CHECK(run.status == 2);
  CHECK_THAT(run.err, Catch::Contains("--peer"));
  CHECK_THAT(run.err, Catch::Contains("no-such-popeye: no such file"));
  CHECK(run.out.empty());
}

TEST_CASE("bench --problems without --peer: against the recorded times, said so", "[bench]") {
  test::ScratchDir dir;
  const std::string folder = corpus_folder(dir);
  const test::CliRun text = test::run_arbiter_command(fmt::format("bench --problems {}", test::shell_quote(folder)), dir);
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("RECORDED"));
  int status = -1;
  const json out = test::run_arbiter_json(fmt::format("bench --json --problems {}", test::shell_quote(folder)), status);
  CHECK(status == 0);
  CHECK(out["peer"].is_null());
  CHECK(out["compared_with"] == "recorded");
  CHECK(out["total"]["agreements"] == 2);
  for (const auto& row : out["rows"]) {
    CHECK(row["peer_seconds"].is_null());
    CHECK(row["agrees_with_recorded"] == true);
    CHECK(row["ratio"].get<double>() > 0);
  }
}
