#pragma once
// One candidate judged as a helpmate h#n (Black starts, White mates on its n-th move) meant to
// have exactly `wanted` solutions, exactly, by the complete helpmate search
// (solver/prover/help_search.h), stopping at the first statement that rejects it:
//
//   illegal-position   a legality check fails (legality.h)
//   starts-in-check    Black, to move, is in check in the diagram (a convention of the genre:
//                      the play starts from a quiet position)
//   short-mate         a solution of fewer than n moves exists (searched first: h#(n-1))
//   cooked             more solutions than wanted (the search stops once it has found
//                      wanted + HelpCountExtra, enough to rank cooks for hill climbing)
//   no-mate            no solution at all
//   too-few-solutions  fewer solutions than wanted (wanted > 1)
//   search-limit       the node limit per candidate was reached
//
// A sound candidate carries its solutions (Assessment::lines, UCI). Every distinct line is a
// solution: in a helpmate a dual is a second solution, so "exactly wanted lines" is also
// "no dual". One HelpAssessor serves a whole run: the game is set to each candidate in turn
// and the search, with its transposition table, is kept. The table records only "no solution
// within p plies" for a position keyed by the whole position (placement, side to move, tokens,
// move number), a fact about that position alone, so reusing it across candidates is sound.

#include <string>
#include <vector>

#include "rules/core/ruleset.h"
#include "solver/compose/assessment.h"
#include "solver/compose/legality.h"
#include "solver/compose/placement.h"
#include "solver/prover/help_search.h"

namespace arbiter::compose {

// A cooked candidate's solutions are counted up to wanted + this many.
inline constexpr int HelpCountExtra = 5;

template <RuleSet G>
class HelpAssessor {
 public:
  using M = typename G::MoveType;
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;

  HelpAssessor(int n, int wanted, const Options& options, const prover::Limits& limits)
      : n_(n), wanted_(wanted), options_(options), limits_(limits),
        game_(G::from_fen(G::start_fen, {"<compose>", 1, 1}, options)), search_(game_, limits) {}

  // `max_seconds` > 0 also bounds the search by the clock (a time-bounded run).
  Assessment assess(const Placement& p, double max_seconds = 0) {
    Assessment a;
    a.wanted = wanted_;
    if (auto bad = first_illegality(p.position())) {
      a.outcome = Outcome::Illegal;
      a.illegality = bad->check;
      return a;
    }
    try {
      game_ = G::from_fen(p.fen_with_tokens(), {"<compose>", 1, 1}, options_);
    } catch (const ParseError& e) {
      a.outcome = Outcome::Illegal;
      a.illegality = e.message();
      return a;
    }
    if (game_.in_check()) {
      a.outcome = Outcome::StartsInCheck;
      return a;
    }
    prover::Limits limits = limits_;
    limits.max_seconds = max_seconds;
    search_.reset_budget(limits);
    try {
      a.outcome = judge(a);
    } catch (const prover::LimitReached&) {
      a.outcome = Outcome::SearchLimit;
      a.lines.clear();
    }
    return a;
  }

  // Each line's moves in UCI, blank-separated (the form Assessment::lines and Solution use).
  static std::string line_uci(G& game, const std::vector<M>& line) {
    std::string u;
    for (const M& m : line) {
      u.append(u.empty() ? "" : " ").append(game.move_uci(m));
      game.play(m);
    }
    for (std::size_t i = 0; i < line.size(); ++i) game.undo();
    return u;
  }

 private:
  Outcome judge(Assessment& a) {
    const int plies = 2 * n_;
    if (n_ > 1 && !search_.solutions(plies - 2, 1).empty()) return Outcome::ShortMate;
    const auto found = search_.solutions(plies, std::size_t(wanted_ + HelpCountExtra - 1));
    a.keys = int(found.size());
    for (const auto& line : found)
      if (int(line.size()) < plies) return Outcome::ShortMate;  // not expected after the search above
    if (a.keys > wanted_) return Outcome::Cooked;
    if (a.keys == 0) return Outcome::NoMate;
    if (a.keys < wanted_) return Outcome::TooFewSolutions;
    for (const auto& line : found) a.lines.push_back(line_uci(game_, line));
    return Outcome::Sound;
  }

  int n_, wanted_;
  Options options_;
  prover::Limits limits_;
  G game_;
  prover::HelpSearch<G> search_;
};

}  // namespace arbiter::compose
