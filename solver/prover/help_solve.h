#pragma once
// Solving a helpmate: every solution spelled in the variant's notation, the set play when it
// is asked for, and the verdict against the number of solutions the problem states.
//
// Verdict: proved when the helpmate has at least as many solutions as stated (at least one
// when none is stated), refuted when it has fewer; more than stated is a cook, which the
// Solution shows by its count (verify reports it as a finding).

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/prover/help_search.h"
#include "solver/prover/run_threads.h"
#include "solver/prover/solution.h"
#include "solver/prover/solve_options.h"

namespace arbiter::prover {

// With `null_moves` (Popeye's NullMoves), the null move M{} is a pass, spelt "--" (PGN's null
// move) and "0000" (UCI's).
template <RuleSet G>
std::vector<HelpLine> spell_help_lines(G& game, const std::vector<std::vector<typename G::MoveType>>& lines,
                                       bool null_moves = false) {
  using M = typename G::MoveType;
  std::vector<HelpLine> out;
  out.reserve(lines.size());
  for (const auto& line : lines) {
    HelpLine h;
    for (const auto& m : line) {
      if constexpr (NullMove<G>) {
        if (null_moves && m == M{}) {
          h.moves.push_back({"--", "0000"});
          game.play_null();
          continue;
        }
      }
      h.moves.push_back({game.move_text(m), game.move_uci(m)});
      game.play(m);
    }
    for (std::size_t i = line.size(); i-- > 0;) {
      if constexpr (NullMove<G>) {
        if (null_moves && line[i] == M{}) {
          game.undo_null();
          continue;
        }
      }
      game.undo();
    }
    out.push_back(std::move(h));
  }
  return out;
}

// Every solution of `plies` plies (plies >= 4) from the current position, the pairs of a
// first move and a reply shared out among `threads` threads: with the first moves alone, one
// heavy first move would leave the other threads idle at the end. Each thread has its own
// copy of the game; they share one table (every entry is a proved "no solution", whoever
// stored it) and an equal share of the node limit. The solutions are kept in the order of
// the pairs, and the replies are listed in the order the search tries them, so the result is
// the one-thread result in the same order.
//
// A limit reached rethrows it after putting the solutions found before it, those of the pairs
// finished, in `so_far`.
template <RuleSet G>
std::vector<std::vector<typename G::MoveType>> help_solutions_parallel(G& game, int plies, const Limits& limits, int threads,
                                                                      std::uint64_t& nodes,
                                                                      std::vector<std::vector<typename G::MoveType>>& so_far,
                                                                      const Target& target = {}) {
  using M = typename G::MoveType;
  struct Pair {
    M first, reply;
    bool mate_in_one;  // the first move mates (a short solution): nothing to search
  };
  const Limits share = limits.share(threads);
  HelpTable table(limits.hash_megabytes);
  HelpSearch<G> lister(game, share, table);
  lister.set_target(target);
  std::vector<Pair> pairs;
  {
    typename G::MoveListType first;
    game.generate_legal(first);
    const bool mater_first = plies % 2 == 1;
    std::vector<M> replies;
    for (int i = 0; i < first.size(); ++i) {
      const M m = first[i];
      lister.budget().spend();
      const MoveFacts facts = mater_first && target.needs_move_facts() ? move_facts(game, m) : MoveFacts{};
      game.play(m);
      if (mater_first && target_reached(game, target, facts)) {
        pairs.push_back({m, m, true});
      } else {
        lister.moves_in_search_order(replies);
        for (const M& r : replies) pairs.push_back({m, r, false});
      }
      game.undo();
    }
  }
  std::vector<std::vector<std::vector<M>>> below(pairs.size());
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> total{lister.nodes()};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto skeletons = lister.skeleton_set(plies);  // enumerated once, for every thread
  auto work = [&] {
    G copy = game;
    HelpSearch<G> search(copy, share, table);
    search.set_target(target);
    try {
      for (std::size_t i; (i = next.fetch_add(1)) < pairs.size();) {
        const Pair& pair = pairs[i];
        if (pair.mate_in_one) {
          below[i].push_back({pair.first});
          continue;
        }
        search.budget().spend();
        if constexpr (orthodox_fast_paths<G>) search.adopt_skeletons(skeletons, copy.position(), pair.first);
        copy.play(pair.first);
        for (auto& line : search.solutions_beginning(pair.reply, plies - 1)) {
          line.insert(line.begin(), pair.first);
          below[i].push_back(std::move(line));
        }
        copy.undo();
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = pairs.size();  // the others stop after their current pair
    }
    total += search.nodes();
  };
  run_threads(threads, work);
  nodes = total;
  if (failure) {
    for (auto& lines : below)  // a pair's lines are stored only once it is finished
      for (auto& line : lines) so_far.push_back(std::move(line));
    std::rethrow_exception(failure);
  }
  std::vector<std::vector<M>> out;
  for (auto& lines : below)
    for (auto& line : lines) out.push_back(std::move(line));
  return out;
}

// Popeye's StopOnShortSolutions: when some solutions are shorter than the stipulation's `plies`,
// the search would have stopped after the shortest length (Popeye tries the lengths upwards):
// only those are kept, and the solution is partial. (The verdict is the whole set's.)
inline void keep_shortest(Solution& s, int plies) {
  std::size_t shortest = std::size_t(plies);
  for (const auto& line : s.solutions) shortest = std::min(shortest, line.moves.size());
  if (shortest == std::size_t(plies)) return;
  std::erase_if(s.solutions, [&](const HelpLine& line) { return line.moves.size() != shortest; });
  s.complete = false;
  s.tree_note = "stopped after the short solutions (option StopOnShortSolutions): longer ones are not listed";
}

template <RuleSet G>
Solution solve_help(G& game, const SolveOptions& options) {
  Solution s;
  s.variant = std::string(G::variant_name);
  s.fen = game.fen();
  s.goal = Goal::HelpMate;
  s.n = options.n;
  s.half_move = options.half_move;
  s.target = options.target;
  s.help_end = options.help_end;
  s.reci_target = options.reci_target;
  s.stipulation = stipulation_text(Goal::HelpMate, options.n, options.half_move, options.target, false, options.help_end,
                                   &options.reci_target);
  s.stated_solutions = options.stated_solutions;
  s.set_play_requested = options.set_play;
  s.set_play_en_passant = options.set_play_en_passant;
  s.battle.null_moves = options.battle.null_moves;
  s.battle.stop_on_short = options.battle.stop_on_short;
  const int plies = 2 * options.n + (options.half_move ? 1 : 0);
  // Help-self and help-reflex play: the help plies come before the other side's last reply;
  // reciprocal help play: before the other side's last move and, in its help line, the answer.
  const int help_plies = options.help_end == HelpEnd::Goal ? plies : options.help_end == HelpEnd::Reciprocal ? plies - 2 : plies - 1;
  HelpSearch<G> search(game, options.limits);
  search.set_target(options.target);
  search.set_reci_target(options.reci_target);  // (reciprocal help play; before the end, which salts the table with it)
  search.set_help_end(options.help_end);
  const bool null_moves = options.battle.null_moves;
  if constexpr (NullMove<G>) search.set_null_moves(null_moves);
  // Help-reflex play whose first mover is the mater: able to reach the goal at once, it must, and
  // no line is a solution (Popeye prints that move "?!?").
  if (options.help_end == HelpEnd::Reflex && help_plies % 2 == 1)
    visit_goal_moves(game, options.target, search.budget(), [&](const typename G::MoveType& m) {
      return s.forced_goal_moves.push_back({game.move_text(m), game.move_uci(m)}), true;
    });
  const G root = game;  // a limit leaves `game` wherever the search was: lines found are spelt from here
  std::vector<std::vector<typename G::MoveType>> so_far;
  bool solutions_done = false;
  std::uint64_t parallel_nodes = 0;
  // Threads pay off on long searches only, and a capped search (a cook is enough) stays on one.
  // The threads share out pairs of real moves: with null moves the search stays on one.
  // Help-self and help-reflex play stay on one too (the pairs below list help play's lines).
  const bool parallel = options.threads > 1 && options.max_solutions == 0 && plies >= 4 && !null_moves &&
                        options.help_end == HelpEnd::Goal && !options.battle.stop_on_short;
  try {
    if (parallel) {
      s.solutions =
          spell_help_lines(game, help_solutions_parallel(game, plies, options.limits, options.threads, parallel_nodes, so_far, options.target));
    } else if (options.battle.stop_on_short) {
      // StopOnShortSolutions: the lengths upwards (of the mater's parity), as Popeye tries them;
      // the first with a solution has the shortest ones, and longer lines are never searched.
      for (int p = help_plies % 2; p <= help_plies; p += 2) {
        s.solutions = spell_help_lines(game, search.solutions(p, options.max_solutions), null_moves);
        s.complete = !search.capped();
        if (!s.solutions.empty()) break;
      }
    } else {
      s.solutions = spell_help_lines(game, search.solutions(help_plies, options.max_solutions), null_moves);
      s.complete = !search.capped();
    }
    solutions_done = true;
    if (options.set_play && options.help_end == HelpEnd::Goal) {  // (the readers refuse it with hs and hr)
      // Set play: the first mover passes, so the other side starts a line one ply shorter.
      if constexpr (NullMove<G>) {
        if (!game.in_check() && plies > 1) {
          game.play_null();
          set_en_passant_after_pass(game, options.set_play_en_passant);
          s.set_play = spell_help_lines(game, search.solutions(plies - 1));
          game.undo_null();
        }
      }
    }
    const std::size_t needed = options.stated_solutions > 0 ? std::size_t(options.stated_solutions) : 1;
    s.verdict = s.solutions.size() >= needed ? Verdict::Proved : Verdict::Refuted;
    if (options.battle.stop_on_short) keep_shortest(s, plies);
  } catch (const LimitReached& e) {
    s.verdict = Verdict::Unknown;
    s.reason = e.what();
    s.complete = false;
    // Found before the limit: the finished pairs' (threads), or the search's own; when the
    // limit cut the set play, every solution (the set play's lines are no solutions).
    if (solutions_done) {
      s.solutions_so_far_count = s.solutions.size();
      s.solutions.resize(std::min(s.solutions.size(), Solution::MaxSolutionsSoFar));
      s.solutions_so_far = std::move(s.solutions);
    } else {
      if (!parallel) so_far = search.found_so_far();
      s.solutions_so_far_count = so_far.size();
      so_far.resize(std::min(so_far.size(), Solution::MaxSolutionsSoFar));
      G spelling = root;
      s.solutions_so_far = spell_help_lines(spelling, so_far, null_moves);
    }
    s.solutions.clear();
    s.set_play.clear();
  }
  for (const auto& line : s.solutions) {
    const int length = int(line.moves.size() + 1) / 2;  // the mating side's moves
    if (s.shortest == 0 || length < s.shortest) s.shortest = length;
  }
  s.nodes = search.nodes() + parallel_nodes;
  s.seconds = search.budget().seconds();
  return s;
}

}  // namespace arbiter::prover
