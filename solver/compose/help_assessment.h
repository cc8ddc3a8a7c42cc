#pragma once
// One candidate judged as help or series play meant to have exactly `wanted` solutions, by the
// complete search of its genre, stopping at the first statement that rejects it:
//   - help play h#n, h=n (solver/prover/help_search.h): Black starts, White reaches the goal on
//     its n-th move;
//   - series play ser-#n, ser-=n, ser-h#n, ser-h=n (solver/prover/series_search.h): the side to
//     move plays n moves in a row (White in direct series, Black in help series), then (help
//     series) White's one move reaches the goal.
//
//   illegal-position   a legality check fails (legality.h)
//   starts-in-check    the side to move is in check in the diagram (a convention of the genres:
//                      the play starts from a quiet position)
//   short-mate         a solution shorter than the stipulation exists (searched first)
//   cooked             more solutions than wanted (help play: the search stops once it has
//                      found wanted + HelpCountExtra, enough to rank cooks for hill climbing)
//   no-mate            no solution at all
//   too-few-solutions  fewer solutions than wanted (wanted > 1)
//   search-limit       the node limit per candidate was reached
//
// A sound candidate carries its solutions (Assessment::lines, UCI). Every distinct line is a
// solution: in help and series play a dual (another order of the same moves included) is a
// second solution, so "exactly wanted lines" is also "no dual". One HelpAssessor serves a whole
// run: the game is set to each candidate in turn and the search, with its transposition table,
// is kept. The tables record only "no solution within k" for a position keyed by the whole
// position (placement, side to move, tokens, move number; salted by goal and play), a fact about
// that position alone, so reusing them across candidates is sound.

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/compose/assessment.h"
#include "solver/compose/legality.h"
#include "solver/compose/placement.h"
#include "solver/prover/help_search.h"
#include "solver/prover/series_search.h"

namespace arbiter::compose {

namespace detail {
// The series search, for rules that can pass (the others have none to name).
template <RuleSet G>
struct SeriesSlot {};
template <RuleSet G>
  requires NullMove<G>
struct SeriesSlot<G> {
  std::unique_ptr<prover::SeriesSearch<G>> search;
};
}  // namespace detail

// A cooked candidate's solutions are counted up to wanted + this many.
inline constexpr int HelpCountExtra = 5;

template <RuleSet G>
class HelpAssessor {
 public:
  using M = typename G::MoveType;
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;

  // A helpmate h#n.
  HelpAssessor(int n, int wanted, const Options& options, const prover::Limits& limits)
      : HelpAssessor(n, wanted, Target{}, false, true, options, limits) {}
  // Help play (`series` false: h#n, h=n) or series play (direct when `help` is false).
  HelpAssessor(int n, int wanted, const Target& target, bool series, bool help, const Options& options,
               const prover::Limits& limits)
      : n_(n), wanted_(wanted), series_(series), help_(help), options_(options), limits_(limits),
        game_(G::from_fen(G::start_fen, {"<compose>", 1, 1}, options)), search_(game_, limits) {
    search_.set_target(target);
    if (series) {
      if constexpr (NullMove<G>)
        series_search_.search = std::make_unique<prover::SeriesSearch<G>>(game_, limits, help ? prover::SeriesPlay::Help
                                                                                        : prover::SeriesPlay::Direct, target);
      else
        throw std::logic_error("series play needs a rule set that can pass (compose_command refuses the others)");
    }
  }

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
    if constexpr (NullMove<G>)
      if (series_search_.search) series_search_.search->reset_budget(limits);
    try {
      a.outcome = series_ ? judge_series(a) : judge(a);
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

  // Series play: no line of fewer series moves, then exactly `wanted` lines of n.
  Outcome judge_series(Assessment& a) {
    if constexpr (NullMove<G>) {
      if (n_ > 1 && !series_search_.search->solutions(n_ - 1).empty()) return Outcome::ShortMate;
      const auto found = series_search_.search->solutions(n_);
      a.keys = int(found.size());
      const std::size_t full = std::size_t(n_ + (help_ ? 1 : 0));
      for (const auto& line : found)
        if (line.size() < full) return Outcome::ShortMate;  // not expected after the search above
      if (a.keys > wanted_) return Outcome::Cooked;
      if (a.keys == 0) return Outcome::NoMate;
      if (a.keys < wanted_) return Outcome::TooFewSolutions;
      for (const auto& line : found) a.lines.push_back(series_line_uci(line));
      return Outcome::Sound;
    } else {
      (void)a;
      return Outcome::NoMate;
    }
  }

  // A series line's moves in UCI: the other side passes between the series moves.
  std::string series_line_uci(const std::vector<M>& line) {
    std::string u;
    if constexpr (NullMove<G>) {
      const std::size_t series_moves = help_ ? line.size() - 1 : line.size();
      std::vector<bool> passed;
      for (std::size_t i = 0; i < line.size(); ++i) {
        u.append(u.empty() ? "" : " ").append(game_.move_uci(line[i]));
        game_.play(line[i]);
        passed.push_back(i + 1 < series_moves);
        if (passed.back()) game_.play_null();
      }
      for (std::size_t i = passed.size(); i-- > 0;) {
        if (passed[i]) game_.undo_null();
        game_.undo();
      }
    }
    return u;
  }

  int n_, wanted_;
  bool series_, help_;
  Options options_;
  prover::Limits limits_;
  G game_;
  prover::HelpSearch<G> search_;
  detail::SeriesSlot<G> series_search_;  // series play (rules that can pass)
};

}  // namespace arbiter::compose
