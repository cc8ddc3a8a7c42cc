// `arbiter bench --popeye-suite` in-process: an excerpt of Popeye's suite (three German problems
// of BEISPIEL/castling.inp and their blocks of REGRESSIONTESTS/castling.out, copied in
// tests/drivers/data/popeye-suite-excerpt/, README.md there) solved and compared with Popeye's
// expected output twin by twin; the comparison and the summary on their own.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "solver/bench/popeye_suite_bench.h"
#include "solver/bench/popeye_suite_page.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

std::string excerpt() { return std::string(ARBITER_SOURCE_DIR) + "/tests/drivers/data/popeye-suite-excerpt"; }

}  // namespace

TEST_CASE("popeye suite: the excerpt's three problems are Popeye's, twin by twin", "[popeye-suite]") {
  SuiteBenchOptions options;
  options.max_seconds = 60;
  int files = 0;
  const auto rows = run_popeye_suite_bench(excerpt() + "/BEISPIEL", options, nullptr, &files);
  CHECK(files == 1);
  REQUIRE(rows.size() == 3);
  for (const auto& r : rows) {
    INFO(r.file << " problem " << r.number << ": " << r.detail);
    CHECK(r.file == "BEISPIEL/castling.inp");
    CHECK(r.material == "orthodox only");
    CHECK(r.outcome == SuiteOutcome::Identical);
  }
  CHECK(rows[0].family == "direct #");
  CHECK(rows[0].stipulation == "#2");
  CHECK(rows[0].expected == problem::SolutionSets{{"", {"a7f2"}}});
  CHECK(rows[1].family == "help h#");
  CHECK(rows[1].expected == problem::SolutionSets{{"", {"c8b8 e1g1 g3g2 f1f8"}}});
  CHECK(rows[2].expected == problem::SolutionSets{{"a", {"c5d4 e1c1 d4c3 d1e1 b5d4 e1e3"}},
                                                  {"b", {"c5b6 e1c1 b6a5 c1c2 a5a4 d1a1"}}});
  CHECK(rows[2].ours == rows[2].expected);

  const SuiteSummary summary = summarise_suite(rows, files);
  CHECK(summary.total.problems == 3);
  CHECK(summary.total.identical == 3);
  CHECK(summary.by_family.at("help h#").identical == 2);
  CHECK(summary.by_family.at("direct #").supported == 1);
  CHECK(summary.by_material.at("orthodox only").read == 3);
  const std::string page = popeye_suite_markdown(summary, rows, {"arbiter bench --popeye-suite X", "2026-11-26", "", 60}, "c.svg");
  CHECK(page.find("| **total** | **3** | **3** | **3** | **3** | **0** |") != std::string::npos);
  CHECK(popeye_suite_chart_svg(summary).find("<svg") == 0);
}

TEST_CASE("popeye suite: a difference names each twin's extra lines, Popeye's replayed", "[popeye-suite]") {
  // Ebert's twin b) (castling.out) on its position: White Ke1 Ra1 Pg3, Black Kc5 Rb4 Bb5 Pc4.
  const std::map<std::string, std::string> fens = {{"b", "8/8/8/1bk5/1rp5/6P1/8/R3K3 b Q - 0 1"}};
  const problem::SolutionSets ours = {{"b", {"c5b6 e1c1 b6a5 c1c2 a5a4 d1a1"}}};
  CHECK(compare_solution_sets(ours, ours, fens, false).empty());
  const problem::SolutionSets popeye = {{"b", {"c5b6 e1c1 b6a5 c1c2 a5a4 d1a1", "c5d4 e1e2"}}};
  CHECK(compare_solution_sets(ours, popeye, fens, false) == "b): only Popeye's: c5d4 e1e2 (replayed: legal, but ends in no mate)");
  const problem::SolutionSets illegal = {{"b", {"c5c6 a1h8"}}};
  CHECK(compare_solution_sets(ours, illegal, fens, false) ==
        "b): only Popeye's: c5c6 a1h8 (replayed: ply 2 a1h8 is not legal); only ours: c5b6 e1c1 b6a5 c1c2 a5a4 d1a1");
  CHECK(compare_solution_sets(ours, {{"a", {}}}, fens, false) == "a): twin only in Popeye's; b): twin only in ours");
}

TEST_CASE("popeye suite: each folder's expected output in REGRESSIONTESTS", "[popeye-suite]") {
  CHECK(suite_expected_output("/s", "BEISPIEL/castling.inp") == "/s/REGRESSIONTESTS/castling.out");
  CHECK(suite_expected_output("/s", "EXAMPLES/lengthy/helpdirectmate.inp") == "/s/REGRESSIONTESTS/helpdirectmate.ref");
  CHECK(suite_expected_output("/s", "REGRESSIONS/4_61_to_4_63.inp") == "/s/REGRESSIONTESTS/4_61_to_4_63.reg");
  CHECK(suite_expected_output("/s", "TESTS/x.inp") == "/s/REGRESSIONTESTS/x.tst");
  CHECK(suite_expected_output("/s", "OTHER/x.inp").empty());
}

TEST_CASE("popeye suite: the peer's input leaves out protocol and LaTeX, LaTeX piece names too", "[popeye-suite]") {
  // BEISPIEL/nontriv.inp gives LaTeX names for its pieces on the lines after "latex": left behind
  // without their directive, Popeye read them as the next directive and printed no solution.
  const test::ScratchDir dir;
  std::filesystem::create_directories(dir.path("suite/BEISPIEL"));
  std::filesystem::create_directories(dir.path("suite/REGRESSIONTESTS"));
  dir.write("suite/BEISPIEL/latex.inp",
            "anfang\nprotokoll latex.out\nlatex latex.tex\n                n SU Nachtreiter\n                g DU Grash\"upfer\n"
            "autor Someone\nforderung #1\nsteine weiss kf6 da1 schwarz kh8\nende\n");
  const std::string captured = dir.path("captured.inp");
  const std::string peer = dir.write("peer.sh", "#!/bin/sh\ncp \"$3\" " + test::shell_quote(captured) + "\n");
  std::filesystem::permissions(peer, std::filesystem::perms::owner_exec, std::filesystem::perm_options::add);
  SuiteBenchOptions options;
  options.peer = peer;
  const auto rows = run_popeye_suite_bench(dir.path("suite/BEISPIEL"), options, nullptr, nullptr);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].have_peer);
  const std::string input = test::read_text_file(captured);
  CHECK(input == "AnfangProblem\n\nautor Someone\nforderung #1\nsteine weiss kf6 da1 schwarz kh8\nende\n");
}
