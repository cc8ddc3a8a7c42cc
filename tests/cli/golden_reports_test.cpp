// The shipped reports/ must be what `arbiter report` produces from puzzles/ now, timings aside:
// a reader of the repository sees the current truth without building anything. The composer's
// gallery (reports/compose/) is regenerated too, its measured rates aside. Not regenerated:
// the hand-written analyses (reports/analysis/: prose, and figures drawn for it once), the
// benchmark runs (reports/benchmarks.md: measurements against peers), and baseline.json, whose
// judgements the regress suite compares (tests/cli/regress_test.cpp).

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "solver/report/compose_gallery.h"
#include "solver/report/golden_reports.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

namespace fs = std::filesystem;

// The text with every timing line ("Time: 1.234 s") blanked.
std::string without_timings(const std::string& text) {
  static const std::regex timing("^Time: [0-9]+\\.[0-9]{3} s$");
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) out += (std::regex_match(line, timing) ? std::string("Time: -") : line) + "\n";
  return out;
}

// "line N: expected ... / found ..." for the first differing line, or "" when equal.
std::string first_difference(const std::string& shipped, const std::string& produced) {
  std::istringstream a(shipped), b(produced);
  std::string x, y;
  for (int line = 1;; ++line) {
    const bool more_a = bool(std::getline(a, x)), more_b = bool(std::getline(b, y));
    if (!more_a && !more_b) return "";
    if (!more_a || !more_b || x != y)
      return "line " + std::to_string(line) + ": shipped \"" + (more_a ? x : "<end>") + "\", produced \"" + (more_b ? y : "<end>") + "\"";
  }
}

// What arbiter report does not own (analyses, benchmarks, the composer's gallery, the baseline).
bool hand_made(const std::string& relative) { return !report::is_generated_report_file(relative); }

}  // namespace

// One run of the whole matrix (minutes, most of it Time Traveler's Chess with Z3) serves both the
// golden comparison and the checks of what a page carries.
TEST_CASE("golden reports: the shipped reports/ equal what arbiter report produces, and pages carry verdicts and claims and diagrams and timings", "[report][golden]") {
  const fs::path source(ARBITER_SOURCE_DIR);
  test::ScratchDir dir;
  const std::string out = dir.path("reports");
  const auto run = test::run_arbiter_command(
      "report --json " + test::shell_quote((source / "puzzles").string()) + " --out " + test::shell_quote(out), dir);
  INFO(run.out << run.err);
  REQUIRE(run.status == 0);

  {  // what the pages carry
    const auto j = nlohmann::json::parse(run.out);
    CHECK(j["puzzles"] == 49);
    CHECK(j["unexpected"] == 0);
    const std::string page = test::read_text_file(out + "/timetravel/illustrative-games.md");
    CHECK(page.find("## Game 2 (Time Traveler's Chess: illustrative game 2)") != std::string::npos);
    CHECK(page.find("![the start position](illustrative-games-1-start.svg)") != std::string::npos);
    CHECK(page.find("| 2 | `gf` | grammatically-incorrect=white | verified |") != std::string::npos);
    CHECK(std::regex_search(page, std::regex("\nTime: [0-9]+\\.[0-9]{3} s\n")));
    const std::string svg = test::read_text_file(out + "/timetravel/illustrative-games-4-end.svg");
    CHECK(svg.rfind("<svg", 0) == 0);
    CHECK(svg.find("traveling") != std::string::npos);  // the legend names the stages drawn
    const std::string index = test::read_text_file(out + "/README.md");
    CHECK(index.find("49 puzzles: 2 claims fail (as the file expects), 34 confirmed, 3 illegal (as the file expects), 9 legal, 1 refuted (as the file expects).") != std::string::npos);
    CHECK(index.find("| [Game 2 (Time Traveler's Chess: illustrative game 2)](timetravel/illustrative-games.md) | timetravel | claims fail (as the file expects) |") != std::string::npos);
    // The matrix page holds no timing: the main job leaves the checkout as it was.
    const std::string matrix = test::read_text_file(out + "/regression.md");
    CHECK_FALSE(std::regex_search(matrix, std::regex("[0-9]+\\.[0-9]+ s")));
  }

  std::set<std::string> produced, shipped;
  for (const auto& e : fs::recursive_directory_iterator(out))
    if (e.is_regular_file()) produced.insert(fs::relative(e.path(), out).generic_string());
  for (const auto& e : fs::recursive_directory_iterator(source / "reports"))
    if (e.is_regular_file()) {
      const std::string relative = fs::relative(e.path(), source / "reports").generic_string();
      if (!hand_made(relative)) shipped.insert(relative);
    }
  CHECK(produced.count("README.md") == 1);
  CHECK(produced.count("regression.md") == 1);
  CHECK(produced.count("conditional/matos-neto-1996.md") == 1);
  CHECK(produced.count("timetravel/illustrative-games-4-end.svg") == 1);
  for (const auto& f : produced) {
    INFO("reports/" << f << " is produced; run arbiter report to update the shipped copy");
    REQUIRE(shipped.count(f) == 1);
    const std::string expected = without_timings(test::read_text_file((source / "reports" / f).string()));
    const std::string actual = without_timings(test::read_text_file((fs::path(out) / f).string()));
    INFO(first_difference(expected, actual));
    CHECK(expected == actual);
  }
  for (const auto& f : shipped) {
    INFO("reports/" << f << " is shipped but no longer produced: remove it (arbiter report does)");
    CHECK(produced.count(f) == 1);
  }
}

// reports/compose/ is written by `arbiter bench --compose SECONDS --gallery reports/compose`: its
// table of rates measures the composer (five minutes of composing per row, different on every
// machine: timings, in effect), and is left aside; every problem's proof, node count and
// diagram must be what the code gives now.
TEST_CASE("golden reports: the composer's gallery regenerates, its measured rates aside", "[report][golden]") {
  const fs::path source(ARBITER_SOURCE_DIR);
  test::ScratchDir dir;
  const std::string out = dir.path("compose");
  report::write_compose_gallery((source / "puzzles/composed").string(), {}, out);
  std::set<std::string> produced, shipped;
  for (const auto& e : fs::directory_iterator(out)) produced.insert(e.path().filename().string());
  for (const auto& e : fs::directory_iterator(source / "reports/compose")) shipped.insert(e.path().filename().string());
  CHECK(produced == shipped);
  CHECK(produced.size() == 13);  // the page and 12 diagrams
  for (const auto& f : produced) {
    INFO("reports/compose/" << f);
    if (!shipped.count(f)) continue;
    std::string expected = test::read_text_file((source / "reports/compose" / f).string());
    const std::string actual = test::read_text_file((fs::path(out) / f).string());
    if (f == "README.md") {
      const auto rows = expected.find("|---|");
      REQUIRE(rows != std::string::npos);
      const auto first = expected.find('\n', rows) + 1;
      expected.erase(first, expected.find("\n\n", first) + 1 - first);  // the table's rows
    }
    INFO(first_difference(expected, actual));
    CHECK(expected == actual);
  }
}

TEST_CASE("golden reports: bad input writes nothing", "[report]") {
  test::ScratchDir dir;
  // Bad input: nothing written.
  const std::string bad = dir.write("x.pgn", "[Event \"x\"]\n\n1. e4 Ke9 *\n");
  const auto failed = test::run_arbiter_command("report " + test::shell_quote(bad) + " --out " + test::shell_quote(dir.path("nothing")), dir);
  CHECK(failed.status == 2);
  CHECK(failed.err.find("x.pgn:3:") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path("nothing")));
}
