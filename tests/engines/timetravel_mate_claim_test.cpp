// Time Traveler's Chess forced-win claims ([%claim mate-in=N:C], [%claim wins-in=N:C]): the two
// readings of the game a mate search needs (a win by grammar is no checkmate), the claims with
// and without a prover, and the generic prover on the text's own positions.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/timetravel/claims.h"
#include "rules/timetravel/forced_win_game.h"
#include "solver/prover/forced_mate.h"

using namespace arbiter;
using namespace arbiter::timetravel;

namespace {

const SourceLocation Where{"t", 1, 1};

Game after(const std::vector<std::string>& moves) {
  Game g;
  for (const auto& m : moves) g.play(g.parse_move(m, Where));
  return g;
}

const std::vector<std::string> Game2Check = {"e4", "d6", "Bb5/e8", "d4/d3", "Bxd3"};  // 3.Bxd3+
const std::vector<std::string> Game3Line = {"e4", "e5", "d4/e5", "c5", "d2//d4", "Qa5/e1"};  // 3...Qa5/e1+

std::vector<std::string> plus(std::vector<std::string> line, std::initializer_list<std::string> more) {
  line.insert(line.end(), more);
  return line;
}

}  // namespace

TEST_CASE("timetravel: a side lost by grammar is not checkmated", "[timetravel]") {
  // Game 3's line, 4.Nb6/a4 (a traveling knight blocks on b6) Qxb6: the queen takes it, White
  // has lost by grammar, and the queen now stands next to a5: White is in check as well.
  const Game taken = after(plus(Game3Line, {"Nb6/a4", "Qxb6"}));
  CHECK(taken.status() == GameStatus::GrammaticallyIncorrect);
  CHECK(taken.in_check());
  CHECK(!taken.has_legal_move());  // to a prover the plain game looks mated
  CHECK(!CheckmateGame(taken).in_check());
  CHECK(WinGame(taken).in_check());
  // Taken by the pawn instead, which then blocks the queen: lost by grammar, no check.
  const Game pawn = after(plus(Game3Line, {"Nb6/a4", "axb6"}));
  CHECK(pawn.status() == GameStatus::GrammaticallyIncorrect);
  CHECK(!pawn.in_check());
  CHECK(!CheckmateGame(pawn).in_check());
  CHECK(WinGame(pawn).in_check());
  // Checkmate itself is the same in all three (game 2, 4.Bxc4++).
  const Game mate = after(plus(Game2Check, {"Qe6/c4", "Bxc4"}));
  CHECK(mate.status() == GameStatus::Checkmate);
  CHECK(CheckmateGame(mate).in_check());
  CHECK(!CheckmateGame(mate).has_legal_move());
  CHECK(WinGame(mate).in_check());
}

TEST_CASE("timetravel: the prover judges the text's forced mates", "[timetravel]") {
  prover::Limits limits;
  limits.max_nodes = 5000;
  limits.hash_megabytes = 16;
  // Game 2 after 3.Bxd3+: "Black can delay mate for exactly one move more". Every Black move
  // loses at White's next, but not always to checkmate: a traveling man on c4 (the pawn
  // explosion c4/c3) is taken by Bxc4, a win by grammar.
  const Game check = after(Game2Check);
  const auto win = prover::forced_mate(WinGame(check), White, 1, limits);
  CHECK(win.verdict == prover::ForcedMate::Verdict::Proved);
  const auto mate = prover::forced_mate(CheckmateGame(check), White, 1, limits);
  CHECK(mate.verdict == prover::ForcedMate::Verdict::Refuted);
  CHECK(mate.escape == "c4/c3");
  // With White to move after the text's 3...Qe6/c4: 4.Bxc4++ mates.
  const auto text = prover::forced_mate(CheckmateGame(after(plus(Game2Check, {"Qe6/c4"}))), White, 1, limits);
  CHECK(text.verdict == prover::ForcedMate::Verdict::Proved);
  CHECK(text.escape.empty());
  // A limit reached is unknown, and says which.
  limits.max_nodes = 1;
  const auto open = prover::forced_mate(WinGame(check), White, 1, limits);
  CHECK(open.verdict == prover::ForcedMate::Verdict::Unknown);
  CHECK(open.reason == "node limit reached (1 nodes)");
}

TEST_CASE("timetravel: mate claims are answered by the prover installed, or unknown", "[timetravel]") {
  Game g = after({"e4", "d6", "Bb5/e8", "d4/d3"});
  const timetravel::Move m = g.parse_move("Bxd3", Where);
  g.play(m);
  ClaimOutcome o = check_claim(g, m, 5, "mate-in=1:white", Where);
  CHECK(!o.verified);
  CHECK_THAT(o.reason, Catch::Contains("unknown: whether White forces checkmate within 1 move against every Black move "
                                       "(no mate prover in this run"));
  // The verdict is the prover's, asked for the goal the claim names.
  std::vector<MateGoal> asked;
  g.set_mate_prover([&](const Game& game, Color attacker, int n, MateGoal goal) {
    CHECK(game.side_to_move() == Black);
    CHECK(attacker == White);
    CHECK(n == 1);
    asked.push_back(goal);
    return MateAnswer{goal == MateGoal::Win ? MateVerdict::Proved : MateVerdict::Refuted, "stub"};
  });
  o = check_claim(g, m, 5, "wins-in=1:white", Where);
  CHECK(o.verified);
  CHECK_THAT(o.reason, Catch::StartsWith("ply 5: proved: White forces a win (checkmate or grammar) within 1 move against every "
                                         "Black move (stub;"));
  o = check_claim(g, m, 5, "mate-in=1:white", Where);
  CHECK(!o.verified);
  CHECK_THAT(o.reason, Catch::Contains("refuted: White cannot force checkmate within 1 move"));
  CHECK(asked == std::vector<MateGoal>{MateGoal::Win, MateGoal::Checkmate});
  g.set_mate_prover([](const Game&, Color, int, MateGoal) { return MateAnswer{MateVerdict::Unknown, "node limit reached"}; });
  o = check_claim(g, m, 5, "mate-in=3:black", Where);
  CHECK(!o.verified);
  CHECK_THAT(o.reason, Catch::Contains("unknown: whether Black forces checkmate within 3 moves (node limit reached;"));
  // Malformed claims are bad input.
  for (const char* bad : {"mate-in=1", "mate-in=0:white", "mate-in=x:white", "wins-in=2:red"})
    CHECK_THROWS_AS(check_claim(g, m, 5, bad, Where), ParseError);
}
