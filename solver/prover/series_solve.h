#pragma once
// Solving a series-mover (series_search.h): every solution spelt in the variant's notation, and
// the verdict against the number of solutions the problem states, as for helpmates
// (help_solve.h): proved with at least as many as stated (one when none is stated), refuted
// with fewer; more is a cook, which the count shows.

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/prover/help_solve.h"
#include "solver/prover/series_search.h"
#include "solver/prover/solution.h"
#include "solver/prover/solve_options.h"

namespace arbiter::prover {

// The lines spelt move by move: the other side passes between two series moves (so check marks
// and e.p. are the series position's); in help series the last move is the other side's own, and
// in reciprocal play too unless `own_goal` says the line ends with the series side's goal move.
template <RuleSet G>
  requires NullMove<G>
std::vector<HelpLine> spell_series_lines(G& game, const std::vector<std::vector<typename G::MoveType>>& lines, SeriesPlay play,
                                         const std::vector<bool>& own_goal = {}) {
  std::vector<HelpLine> out;
  out.reserve(lines.size());
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const auto& line = lines[k];
    HelpLine h;
    const bool other_last = play == SeriesPlay::Help || (play == SeriesPlay::Reciprocal && !(k < own_goal.size() && own_goal[k]));
    h.own_goal = play == SeriesPlay::Reciprocal && !other_last;
    const std::size_t series_moves = other_last ? line.size() - 1 : line.size();
    for (std::size_t i = 0; i < line.size(); ++i) {
      h.moves.push_back({game.move_text(line[i]), game.move_uci(line[i])});
      game.play(line[i]);
      if (i + 1 < series_moves) {
        game.play_null();
      }
    }
    for (std::size_t i = line.size(); i-- > 0;) {
      if (i + 1 < series_moves) game.undo_null();
      game.undo();
    }
    out.push_back(std::move(h));
  }
  return out;
}

template <RuleSet G>
Solution solve_series(G& game, const SolveOptions& options) {
  Solution s;
  s.variant = std::string(G::variant_name);
  s.fen = game.fen();
  s.goal = options.goal;
  s.n = options.n;
  s.target = options.target;
  s.series = true;
  s.help_end = options.help_end;
  s.reci_target = options.reci_target;
  s.stipulation = stipulation_text(options.goal, options.n, false, options.target, true, options.help_end, &options.reci_target);
  s.stated_solutions = options.stated_solutions;
  if constexpr (!NullMove<G>) {
    throw std::runtime_error(fmt::format("{}: series play needs rules in which a side can pass; {} has none", s.stipulation,
                                         G::variant_name));
  } else {
    if (!judges<G>(options.target))
      throw std::runtime_error(fmt::format("{}: the goal '{}' needs orthodox moves", s.stipulation, options.target.symbol()));
    if (options.goal == Goal::SelfMate) throw std::runtime_error(s.stipulation + ": series selfmates are not solved yet");
    const SeriesPlay play = options.goal != Goal::HelpMate         ? SeriesPlay::Direct
                            : options.help_end == HelpEnd::Reciprocal ? SeriesPlay::Reciprocal
                                                                      : SeriesPlay::Help;
    if (options.help_end == HelpEnd::Self || options.help_end == HelpEnd::Reflex)
      throw std::runtime_error(s.stipulation + ": series help-self and help-reflex play are not solved yet");
    if (play == SeriesPlay::Reciprocal && !judges<G>(options.reci_target))
      throw std::runtime_error(fmt::format("{}: the goal '{}' needs orthodox moves", s.stipulation, options.reci_target.symbol()));
    SeriesSearch<G> search(game, options.limits, play, options.target, options.reci_target);
    const G root = game;  // a limit leaves `game` wherever the search was
    try {
      auto lines = search.solutions(options.n);
      std::vector<bool> own_goal = search.ends_with_own_goal();
      // Shortest first, as Popeye lists them (it tries the lengths upwards); search order within.
      // (Reciprocal play: in the search's order, a help line's own goal moves after it.)
      if (play != SeriesPlay::Reciprocal)
        std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
      // StopOnShortSolutions: when some lines are short, only the shortest are listed (partial).
      const std::size_t full = std::size_t(options.n) + (play == SeriesPlay::Help ? 1 : 0);
      s.battle.stop_on_short = options.battle.stop_on_short;
      if (options.battle.stop_on_short && play != SeriesPlay::Reciprocal && !lines.empty() && lines.front().size() < full) {
        const std::size_t shortest = lines.front().size();
        std::erase_if(lines, [&](const auto& line) { return line.size() != shortest; });
        s.complete = false;
        s.tree_note = "stopped after the short solutions (option StopOnShortSolutions): longer ones are not listed";
      }
      s.solutions = spell_series_lines(game, lines, play, own_goal);
      // Help series with set play (Popeye's ser-h with SetPlay): the series side passes at once,
      // so the set play is the other side's moves that reach the goal from the diagram.
      s.set_play_requested = options.set_play && play == SeriesPlay::Help;
      s.set_play_en_passant = options.set_play_en_passant;
      if (s.set_play_requested && !game.in_check()) {
        game.play_null();
        set_en_passant_after_pass(game, options.set_play_en_passant);
        typename G::MoveListType moves;
        game.generate_legal(moves);
        add_self_check_goal_moves(game, options.target, moves);  // (!#, ##, ##!)
        for (int i = 0; i < moves.size(); ++i) {
          const MoveFacts facts = options.target.needs_move_facts() ? move_facts(game, moves[i]) : MoveFacts{};
          const HelpLine line{{{game.move_text(moves[i]), game.move_uci(moves[i])}}};
          game.play(moves[i]);
          if (target_reached(game, options.target, facts)) s.set_play.push_back(line);
          game.undo();
        }
        game.undo_null();
      }
      const std::size_t needed = options.stated_solutions > 0 ? std::size_t(options.stated_solutions) : 1;
      s.verdict = s.solutions.size() >= needed ? Verdict::Proved : Verdict::Refuted;
    } catch (const LimitReached& e) {
      s.verdict = Verdict::Unknown;
      s.reason = e.what();
      s.complete = false;
      auto so_far = search.found_so_far();
      s.solutions_so_far_count = so_far.size();
      so_far.resize(std::min(so_far.size(), Solution::MaxSolutionsSoFar));
      G spelling = root;
      s.solutions_so_far = spell_series_lines(spelling, so_far, play, search.ends_with_own_goal());
      s.solutions.clear();
    }
    for (const auto& line : s.solutions) {
      const int length = play != SeriesPlay::Direct ? int(line.moves.size()) - 1 : int(line.moves.size());
      if (s.shortest == 0 || length < s.shortest) s.shortest = length;
    }
    s.nodes = search.nodes();
    s.seconds = search.budget().seconds();
  }
  return s;
}

}  // namespace arbiter::prover
