// Option Chess helpmates: the generator's double moves inside the helpmate search. Two
// positions built by hand, each solved completely under Option Chess (with its tokens), under
// Option Chess with no tokens, and under orthodox rules, with the exact solution lists:
//  - a h#2 whose only solution needs a double move (orthodox: no solution at all);
//  - a sound orthodox h#2 that one Black token cooks with a double move.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/option/game.h"
#include "rules/orthodox/game.h"
#include "solver/prover/solve.h"

using namespace arbiter;

namespace {

// Every solution of the h#n from `fen` (Black to move; an Option Chess FEN may add the tokens
// field "W/B"), each as its moves in UCI joined by blanks, sorted.
template <class G>
std::vector<std::string> help_solutions(const std::string& fen, int n, prover::Solution* out = nullptr) {
  G game = G::from_fen(fen, {"<test>", 1, 1});
  prover::SolveOptions so;
  so.goal = prover::Goal::HelpMate;
  so.n = n;
  const prover::Solution s = prover::solve(game, so);
  REQUIRE(s.verdict != prover::Verdict::Unknown);
  REQUIRE(s.complete);
  CHECK(game.fen() == G::from_fen(fen, {"<test>", 1, 1}).fen());  // the game is left as it was
  std::vector<std::string> lines;
  for (const auto& l : s.solutions) {
    std::string u;
    for (const auto& m : l.moves) u.append(u.empty() ? "" : " ").append(m.uci);
    lines.push_back(u);
  }
  std::sort(lines.begin(), lines.end());
  if (out) *out = s;
  return lines;
}

using Lines = std::vector<std::string>;

}  // namespace

// White Kc2 Qb2, Black Kd6; Black has one token, White none (move 30: double moves allowed).
// The only mate is the queen's on the a-file against the king on a3, three king steps away
// (d6-c5-b4-a3): orthodox chess gives Black two moves, so there is no h#2 at all. With the
// token: 1...Kc5 2.Qe5+ Kb4,Ka3 (a double move out of check, which rule 4 allows; the king
// passes b4, which the queen on e5 does not attack, so it does not move through check)
// 3.Qa5#. Every other try fails, so this is the only solution.
TEST_CASE("option help: a h#2 whose only solution needs a double move", "[help][option]") {
  const std::string board = "8/8/3k4/8/8/8/1QK5/8 b - - 0 30";
  prover::Solution s;
  CHECK(help_solutions<option::Game>(board + " 0/1", 2, &s) == Lines{"d6c5 b2e5 c5b4,b4a3 e5a5"});
  CHECK(s.verdict == prover::Verdict::Proved);
  REQUIRE(s.solutions.size() == 1);
  CHECK(prover::format_help_line(s.solutions[0], false) == "1.Kc5 Qe5+ 2.Kb4,Ka3 Qa5#");
  // The double move is what the solution needs: without the token, and under orthodox
  // rules, the same position has no helpmate in 2 (nor a shorter one).
  CHECK(help_solutions<option::Game>(board + " 0/0", 2).empty());
  CHECK(help_solutions<orthodox::Game>(board, 2).empty());
}

// White Ke5 Rd2, Black Kd7. Orthodox chess: exactly one h#2, 1...Ke8 2.Kf6 Kf8 3.Rd8#
// (the king walks into the corner's mating net; every other walk is too slow or self-defeating).
// Give Black one token and the same mate comes by another road: 1...Ke7,Ke8 (a double king
// move) 2.Kf6 Kf8 3.Rd8#, a second solution: the double move cooks the problem. With the
// token but no double move used, the orthodox solution is still there.
TEST_CASE("option help: a double move cooks a sound orthodox h#2", "[help][option]") {
  const std::string board = "8/3k4/8/4K3/8/8/3R4/8 b - - 0 30";
  CHECK(help_solutions<orthodox::Game>(board, 2) == Lines{"d7e8 e5f6 e8f8 d2d8"});
  CHECK(help_solutions<option::Game>(board + " 0/0", 2) == Lines{"d7e8 e5f6 e8f8 d2d8"});
  prover::Solution s;
  CHECK(help_solutions<option::Game>(board + " 0/1", 2, &s) == Lines{"d7e7,e7e8 e5f6 e8f8 d2d8", "d7e8 e5f6 e8f8 d2d8"});
  CHECK(s.verdict == prover::Verdict::Proved);
  CHECK(s.shortest == 2);  // both are full-length: a cook, not a short solution
}
