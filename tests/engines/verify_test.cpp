// verify_published: a limit reached while checking the published lines gives "unknown",
// never a confirmation and never a crash.

#include <catch2/catch.hpp>

#include "rules/orthodox/game.h"
#include "solver/problem/problem.h"
#include "solver/prover/solve.h"
#include "solver/prover/verify.h"
#include "tests/support/paths.h"

using namespace arbiter;

TEST_CASE("verify: a limit hit while checking the published lines gives unknown", "[verify][prover]") {
  const auto problems = problem::read_problem_file(std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox/problem-alekhine-1914-mate3.pgn");
  const auto& p = problems.front();
  REQUIRE(p.published);

  prover::SolveOptions options;
  options.n = p.stipulation.moves;
  options.build_tree = false;

  // Enough budget: confirmed.
  {
    auto game = orthodox::Game::from_fen(p.fen, p.fen_location);
    auto solution = prover::solve(game, options);
    auto report = prover::verify_published(game, solution, p.published->moves, options.limits);
    CHECK(report.solution.verdict == prover::Verdict::Proved);
    CHECK(report.confirmed());
  }
  // The solve had its own budget; the line check gets 10 nodes and cannot finish.
  {
    auto game = orthodox::Game::from_fen(p.fen, p.fen_location);
    auto solution = prover::solve(game, options);
    prover::Limits tiny;
    tiny.max_nodes = 10;
    auto report = prover::verify_published(game, solution, p.published->moves, tiny);
    CHECK(report.solution.verdict == prover::Verdict::Unknown);
    CHECK_THAT(report.solution.reason, Catch::Contains("while checking the published solution: node limit reached"));
    CHECK_FALSE(report.confirmed());
  }
}
