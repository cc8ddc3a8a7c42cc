// The composer in other genres (issue #34): help-stalemates h=2, series helpmates ser-h#5 and
// series mates ser-#4. The series judgement (help_assessment.h with the series search) says
// short, cooked, sound and no solution for positions built here; a run makes problems that a
// fresh, independent solve confirms sound in their genre (exactly one solution, of the full
// length, none within one move fewer), whose certificates replay valid and whose PGN problem
// files `arbiter solve` reads back to the same solution; and the command line writes them.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/orthodox/game.h"
#include "solver/compose/help_assessment.h"
#include "solver/compose/problem_pgn.h"
#include "solver/problem/solve_units.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solve.h"
#include "solver/variants/registry.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::compose;
using nlohmann::json;

namespace {

Stipulation stipulation(const std::string& text) { return parse_stipulation(text, {"test", 1, 1}); }

ComposeOptions options_for(const std::string& text, std::uint64_t attempts) {
  ComposeOptions o;
  o.set_stipulation(stipulation(text));
  o.seed = 1;
  o.count = 1;
  o.max_attempts = attempts;
  return o;
}

prover::Solution fresh_solve(const std::string& fen, const std::string& text, int n) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  prover::SolveOptions so;
  problem::set_stipulation(so, stipulation(text), false);
  so.n = n;
  return prover::solve(game, so);
}

Outcome judged(const std::string& text, const std::string& fen, int wanted = 1) {
  const Stipulation s = stipulation(text);
  prover::Limits limits;
  limits.max_nodes = 2'000'000;
  limits.hash_megabytes = 1;
  HelpAssessor<orthodox::Game> assessor(s.moves, wanted, s.target, s.series, s.kind == Stipulation::HelpMate, {}, limits);
  return assessor.assess(placement_of_fen(fen)).outcome;
}

}  // namespace

TEST_CASE("compose genres: series candidates judged short, cooked, sound or without solution", "[compose][series]") {
  // ser-#2: Rh8# at once is a solution of one move: short.
  CHECK(judged("ser-#2", "k7/8/1K6/8/8/8/8/7R w - - 0 1") == Outcome::ShortMate);
  // ser-#1 with one rook: Rg8#, the only line; with two: Rg8# and Rh8#, one more than wanted.
  CHECK(judged("ser-#1", "k7/8/1K6/8/8/8/6R1/8 w - - 0 1") == Outcome::Sound);
  CHECK(judged("ser-#1", "k7/8/1K6/8/8/8/6R1/7R w - - 0 1") == Outcome::Cooked);
  // A composed ser-#4 (seed 1 of the run below): 1.g7 2.g8=Q 3.Qg2 4.Qb2#, its only line.
  const std::string composed = "8/8/5KP1/8/8/1R6/8/2kb4 w - - 0 1";
  CHECK(judged("ser-#4", composed) == Outcome::Sound);
  CHECK(judged("ser-#4", composed, 2) == Outcome::TooFewSolutions);
  CHECK(judged("ser-#3", composed) == Outcome::NoMate);
  CHECK(judged("ser-#5", composed) == Outcome::ShortMate);
  // ser-h#2 from the genre test's diagram: ten lines, three of them of one series move.
  CHECK(judged("ser-h#2", "k7/7p/1K6/8/8/8/8/3R4 b - - 0 1") == Outcome::ShortMate);
  // No White unit but the king: no mate at all.
  CHECK(judged("ser-#3", "k7/8/1K6/8/8/8/8/8 w - - 0 1") == Outcome::NoMate);
  // The series side in check: the play does not start from a quiet position.
  CHECK(judged("ser-h#2", "k7/8/1K6/8/8/8/8/R7 b - - 0 1") == Outcome::StartsInCheck);
}

TEST_CASE("compose genres: h=2, ser-h#5 and ser-#4 problems proved sound by a fresh solve", "[compose][series][cli]") {
  struct Run {
    const char* stipulation;
    std::uint64_t attempts;
    int full_length;  // moves in a full solution (help play: plies; series: series moves, and White's last)
  };
  for (const Run& run : {Run{"h=2", 2000, 4}, Run{"ser-h#5", 6000, 6}, Run{"ser-#4", 1000, 4}}) {
    INFO(run.stipulation);
    const ComposeOptions o = options_for(run.stipulation, run.attempts);
    const ComposeReport report = find_variant("orthodox").compose(o, {});
    REQUIRE(report.problems.size() == 1);
    const ComposedProblem& c = report.problems[0];
    INFO(c.fen);
    CHECK(c.stipulation == run.stipulation);
    // Proved again from scratch: exactly one solution, of the full length, and none shorter.
    const prover::Solution s = fresh_solve(c.fen, run.stipulation, o.n);
    REQUIRE(s.verdict == prover::Verdict::Proved);
    REQUIRE(s.solutions.size() == 1);
    CHECK(int(s.solutions[0].moves.size()) == run.full_length);
    const prover::Solution shorter = fresh_solve(c.fen, run.stipulation, o.n - 1);
    CHECK(shorter.solutions.empty());
    // Its certificate replays valid.
    auto game = orthodox::Game::from_fen(c.fen, {"test", 1, 1});
    const json cert = json::parse(prover::make_certificate(s).dump());
    CHECK(prover::check_certificate(game, cert, o.n).valid);
    // The PGN problem file states the genre; `arbiter solve` reads it back to the same solution.
    test::ScratchDir dir;
    const std::string file = dir.write("p.pgn", problem_pgn(c, "test", "orthodox"));
    const test::CliRun solved = test::run_arbiter_command("solve " + file + " --json", dir);
    INFO(solved.out << solved.err);
    REQUIRE(solved.status == 0);
    const json j = json::parse(solved.out);
    CHECK(j["stipulation"] == run.stipulation);
    CHECK(j["solution_count"] == 1);
    std::string uci;
    for (const auto& m : c.solution.solutions[0].moves) uci.append(uci.empty() ? "" : " ").append(m.uci);
    std::string read_back;
    for (const auto& m : j["solutions"][0]) read_back.append(read_back.empty() ? "" : " ").append(m.get<std::string>());
    CHECK(read_back == uci);
  }
}

TEST_CASE("compose genres: the command line writes series problems, their solution as a comment", "[compose][series][cli]") {
  test::ScratchDir dir;
  const std::string out = dir.path("out");
  const test::CliRun run = test::run_arbiter_command(
      "compose --stipulation 'ser-#4' --count 1 --attempts 1000 --seed 1 --threads 1 --json --out " + test::shell_quote(out), dir);
  INFO(run.out << run.err);
  REQUIRE(run.status == 0);
  const json j = json::parse(run.out);
  REQUIRE(j["problems"].size() == 1);
  const json& p = j["problems"][0];
  CHECK(p["stipulation"] == "ser-#4");
  CHECK(p["solution_count"] == 1);
  CHECK(p["solutions"][0].size() == 4);
  const std::string file = p["file"];
  CHECK(std::filesystem::path(file).filename().string() == "orthodox-ser-mate4-s1-01.pgn");
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text.find("[Stipulation \"ser-#4\"]") != std::string::npos);
  CHECK(text.find("{" + p["solutions_text"][0].get<std::string>() + "}") != std::string::npos);
}
