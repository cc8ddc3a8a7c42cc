// The batch report: read from a real results store, it must count the latest judgement of every
// puzzle once, and list exactly the disagreements and the changes a reader has to look at.
#include <catch2/catch.hpp>

#include <filesystem>

#include "solver/batch/batch_report.h"
#include "solver/batch/result_store.h"
#include "solver/text_file.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::batch;

namespace {

PuzzleResult verified(int number, const std::string& verdict, std::vector<std::string> keys, double seconds,
                      const std::string& comparison = "") {
  PuzzleResult p;
  p.number = number;
  p.kind = "verify";
  p.variant = "orthodox";
  p.stipulation = "#2";
  p.verdict = verdict;
  p.keys = std::move(keys);
  p.comparison = comparison;
  p.seconds = seconds;
  p.nodes = std::int64_t(seconds * 1e6);
  return p;
}

// Two runs: 1.0 judges a.txt, a game and a bad file; 1.1 rejudges a.txt (puzzle 1 now cooked),
// judges the fixed bad file and crashes on a new one. The game is not redone.
std::string two_run_store(const test::ScratchDir& dir) {
  const std::string db = dir.path("results.sqlite");
  ResultStore store(db);
  const auto first = store.begin_run({"1.0", "threads", 4, 60, "puzzles"});
  store.record(first, "ha", "1.0", 60,
               {"puzzles/orthodox/a.txt", {verified(1, "confirmed", {"Qh5"}, 0.04), verified(2, "unsound", {"Rd1", "Re1"}, 2.5, "cook: 1.Re1")}, 2.6});
  PuzzleResult game;
  game.number = 1, game.kind = "replay", game.variant = "orthodox", game.verdict = "legal", game.seconds = 0.02;
  store.record(first, "hg", "1.0", 60, {"puzzles/games/g.pgn", {game}, 0.02});
  store.record(first, "hb", "1.0", 60, failed_job("puzzles/orthodox/bad.txt", VerdictError, "bad.txt:3:1: expected a FEN", 0.001));
  store.finish_run(first, {3, 0, 3, 3.0, 0.1, 0.5});

  const auto second = store.begin_run({"1.1", "threads", 8, 60, "puzzles"});
  store.record(second, "ha", "1.1", 60,
               {"puzzles/orthodox/a.txt",
                {verified(1, "unsound", {"Qh5", "Qg4"}, 0.05, "cook: 1.Qg4"), verified(2, "unsound", {"Re1", "Rd1"}, 3.0, "cook: 1.Re1")},
                3.1});
  store.record(second, "hb2", "1.1", 60, {"puzzles/orthodox/bad.txt", {verified(1, "confirmed", {"Bb5"}, 0.0005)}, 0.001});
  store.record(second, "hc", "1.1", 60, failed_job("puzzles/orthodox/crash.txt", VerdictCrashed, "signal 11 (SIGSEGV)", 150));
  store.finish_run(second, {4, 1, 3, 160.0, 0.2, 12.5});
  return db;
}

std::vector<std::string> where(const std::vector<StoredResult>& rows, const BatchReport& report) {
  std::vector<std::string> out;
  for (const auto& r : rows) out.push_back(shown_file(report, r.file) + "#" + std::to_string(r.number));
  return out;
}

}  // namespace

TEST_CASE("batch report: counts, times, slowest, disagreements and changes come from each puzzle's latest row",
          "[batch-report]") {
  test::ScratchDir dir;
  const std::string db = two_run_store(dir);
  ResultStore store(db, /*read_only=*/true);
  const BatchReport report = make_batch_report(store.results(), store.runs());

  CHECK(report.runs.size() == 2);
  // bad.txt's error row gave way to its puzzle when the file was fixed; g.pgn keeps its run-1 row.
  CHECK(where(report.current, report) ==
        std::vector<std::string>{"games/g.pgn#1", "orthodox/a.txt#1", "orthodox/a.txt#2", "orthodox/bad.txt#1", "orthodox/crash.txt#0"});
  CHECK(report.common_dir == "puzzles/");
  REQUIRE(report.counts.size() == 4);
  CHECK((report.counts[0].kind == "verify" && report.counts[0].verdict == "confirmed" && report.counts[0].count == 1));
  CHECK((report.counts[1].kind == "verify" && report.counts[1].verdict == "unsound" && report.counts[1].count == 2));
  CHECK((report.counts[2].kind == "replay" && report.counts[2].verdict == "legal" && report.counts[2].count == 1));
  CHECK((report.counts[3].kind == "whole-file" && report.counts[3].verdict == "crashed" && report.counts[3].count == 1));
  CHECK(report.histogram == std::array<int, TimeBuckets>{1, 0, 2, 0, 1, 0, 1});
  CHECK(where(report.slowest, report) ==
        std::vector<std::string>{"orthodox/crash.txt#0", "orthodox/a.txt#2", "orthodox/a.txt#1", "games/g.pgn#1", "orthodox/bad.txt#1"});
  CHECK(where(report.disagreements, report) ==
        std::vector<std::string>{"orthodox/a.txt#1", "orthodox/a.txt#2", "orthodox/crash.txt#0"});

  // a.txt#2 found the same keys in another order: not a change. bad.txt went from error to a verdict.
  REQUIRE(report.changes.size() == 2);
  CHECK(report.changes[0].after.file == "puzzles/orthodox/a.txt");
  CHECK(report.changes[0].before.verdict == "confirmed");
  CHECK(report.changes[0].after.verdict == "unsound");
  CHECK(report.changes[0].why == "version 1.0 -> 1.1");
  CHECK((report.changes[1].before.verdict == "error" && report.changes[1].after.verdict == "confirmed"));
  CHECK(report.changes[1].why == "content hash changed, version 1.0 -> 1.1");
  CHECK(batch_report_summary(report) == "5 puzzles, 2 runs: 1 confirmed, 2 unsound, 1 legal, 1 crashed");

  const auto j = batch_report_json(report);
  CHECK(j["puzzles"] == 5);
  CHECK(j["runs"] == 2);
  CHECK(j["counts"].dump() == R"({"confirmed":1,"unsound":2,"legal":1,"crashed":1})");
  CHECK(j["histogram"][2]["bucket"] == "10–100 ms");
  CHECK(j["histogram"][2]["count"] == 2);
  CHECK(j["slowest"][0]["verdict"] == "crashed");
  CHECK(j["disagreements"].size() == 3);
  CHECK(j["changes"][0]["before"]["keys"] == nlohmann::ordered_json{"Qh5"});
  CHECK(j["changes"][0]["after"]["comparison"] == "cook: 1.Qg4");
}

TEST_CASE("batch report: the page and the charts say what the report holds, and nothing of the machine",
          "[batch-report]") {
  test::ScratchDir dir;
  const std::string db = two_run_store(dir);
  const std::string out = dir.path("report");
  const BatchReport report = write_batch_report(db, out);

  const std::string md = read_text_file(out + "/README.md");
  CHECK(md.starts_with("# Batch report: results.sqlite\n"));
  CHECK(md.find(dir.path("")) == std::string::npos);  // no machine paths
  CHECK(md.find("Arbiter `1.1`, threads mode, 8 workers") != std::string::npos);
  CHECK(md.find("wall 160.0 s, dispatch 0.2 s, idle 12.5 s") != std::string::npos);
  CHECK(md.find("| verify | unsound | 2 | 40.0 % |") != std::string::npos);
  CHECK(md.find("![Puzzles by time taken, in decades](time-histogram.svg)") != std::string::npos);
  CHECK(md.find("| orthodox/a.txt | 2 | #2 | unsound | 3.000 | 3000000 |") != std::string::npos);
  CHECK(md.find("| orthodox/crash.txt | — |  | crashed | 150.000 | 0 |") != std::string::npos);
  CHECK(md.find("| orthodox/crash.txt | — | whole-file | crashed | signal 11 (SIGSEGV) |") != std::string::npos);
  CHECK(md.find("| orthodox/a.txt | 1 | verify | unsound | cook: 1.Qg4 |") != std::string::npos);
  CHECK(md.find("| orthodox/a.txt | 1 | confirmed (Qh5) -> unsound (Qh5, Qg4) | version 1.0 -> 1.1 |") != std::string::npos);
  CHECK(md.find("| orthodox/bad.txt | 1 | error -> confirmed (Bb5) |") != std::string::npos);

  const std::string svg = read_text_file(out + "/time-histogram.svg");
  CHECK(svg.starts_with("<svg"));
  CHECK(svg.ends_with("</svg>\n"));
  CHECK(svg == time_histogram_svg(report));  // the same bytes for the same store
  CHECK(svg.find("&lt;1 ms") != std::string::npos);
  CHECK(svg.find(">2</text>") != std::string::npos);  // the 10-100 ms bar's count
  CHECK(read_text_file(out + "/verdicts.svg").find(">unsound</text>") != std::string::npos);
  for (const auto& entry : std::filesystem::directory_iterator(out)) CHECK(entry.path().extension() != ".part");
}

TEST_CASE("batch report: a rerun of an undecided puzzle is named a retry, and an unchanged store has no changes",
          "[batch-report]") {
  StoredResult before;
  before.id = 1, before.run_id = 1, before.file = "x.txt", before.number = 1, before.kind = "verify";
  before.content_hash = "h", before.version = "1.1", before.verdict = "unknown";
  StoredResult after = before;
  after.id = 2, after.run_id = 2, after.verdict = "confirmed", after.keys = {"Kd2"};
  const BatchReport retried = make_batch_report({before, after}, {});
  REQUIRE(retried.changes.size() == 1);
  CHECK(retried.changes[0].why == "retried (was unknown)");
  CHECK(retried.common_dir.empty());
  CHECK(batch_report_markdown(retried, "s.sqlite").find("| x.txt | 1 | unknown -> confirmed (Kd2) | retried (was unknown) |") !=
        std::string::npos);

  const BatchReport once = make_batch_report({before}, {});
  CHECK(once.changes.empty());
  CHECK(batch_report_markdown(once, "s.sqlite").find("## Changes since the previous run\n\nnone\n") != std::string::npos);
  CHECK(time_bucket(0.001) == 1);
  CHECK(time_bucket(0.0009) == 0);
  CHECK(time_bucket(100) == 6);
}

TEST_CASE("batch report: a missing store is bad input and is not created", "[batch-report]") {
  test::ScratchDir dir;
  const std::string missing = dir.path("none.sqlite");
  const test::CliRun run = test::run_arbiter_command("batch-report --db " + test::shell_quote(missing), dir);
  CHECK(run.status == 2);
  CHECK(run.err.find("no such store") != std::string::npos);
  CHECK(!std::filesystem::exists(missing));

  const std::string db = two_run_store(dir);
  const test::CliRun ok =
      test::run_arbiter_command("batch-report --db " + test::shell_quote(db) + " --out " + test::shell_quote(dir.path("r")), dir);
  CHECK(ok.status == 0);
  CHECK(ok.out == "batch-report: 5 puzzles, 2 runs: 1 confirmed, 2 unsound, 1 legal, 1 crashed -> " + dir.path("r") +
                      "/README.md\n");
}
