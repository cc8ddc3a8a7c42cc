#pragma once
// Solving a structured stipulation (structured_search.h) into a Solution: help and series play
// as lines (each with the play a fork prints after it), battle play as its keys with their tree
// where the tree can show it. Every other
// stipulation goes to the prover (solve_any).

#include <algorithm>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/prover/solution.h"
#include "solver/prover/solve.h"
#include "solver/prover/solve_options.h"
#include "solver/structured/structured_certificate.h"
#include "solver/structured/structured_search.h"

namespace arbiter::structured {

// The moves of a line as problemists print them: the passes left out, each move spelt in the
// position it is played in.
template <RuleSet G>
  requires NullMove<G>
prover::HelpLine spell_line(G& game, const typename StructuredSearch<G>::Line& line, const std::vector<Target>& goals = {}) {
  prover::HelpLine out;
  bool passed = false, restart = false;  // marked on the move that follows (a leading pass stays unmarked)
  MoveFacts last;
  for (const auto& step : line) {
    if (!step.marks.empty()) {
      out.goal = step.marks.front();
      out.more_goals.assign(step.marks.begin() + 1, step.marks.end());
      continue;
    }
    restart = restart || step.restart;
    if (!step.move) {
      game.play_null();
      passed = !out.moves.empty();
      continue;
    }
    out.moves.push_back({game.move_text(*step.move), game.move_uci(*step.move), passed, restart && !out.moves.empty()});
    passed = restart = false;
    last = move_facts(game, *step.move);
    game.play(*step.move);
  }
  // Several goals in the tree: the first the last move reaches names the line's mark.
  if (goals.size() > 1 && !out.moves.empty() && !out.goal)
    for (const Target& t : goals)
      if (target_reached(game, t, last)) {
        out.goal = t;
        break;
      }
  for (auto it = line.rbegin(); it != line.rend(); ++it) {
    if (it->move) game.undo();
    else if (it->marks.empty()) game.undo_null();
  }
  return out;
}

// Fills `s` with what `node` prints (the root, or one part of a root of '&' or '|' whose parts
// print differently): battle play's keys with their tree where it can be shown, help and series
// play's lines. `root` asks for what only the whole root has: its set play.
template <RuleSet G>
  requires NullMove<G>
void solve_node(G& game, const prover::SolveOptions& options, StructuredSearch<G>& search, const SliceNode& node, bool root,
                prover::Solution& s) {
  if (!node.printed_as_lines()) {
    s.goal = prover::Goal::DirectMate;
    for (const auto& key : search.keys(node)) {
      game.play(key);
      const bool check = game.in_check();
      game.undo();
      s.keys.push_back({game.move_text(key), game.move_uci(key), 0, check, {}, {}});
    }
    s.tree_complete = false;
    s.tree_note = "the structured engine lists the keys, not their play";
    // The tree below the keys, where it can be shown (tries aside): the same keys, each with its
    // play. A limit reached while building it leaves the keys, proved, without their play.
    // Tries are stated only where they were found: with a tree.
    if (node.kind == SliceNode::Branch) {
      try {
        auto tree = search.tree(node);
        auto tries = options.tries ? search.tries(node) : std::vector<prover::Try>{};
        if (search.tree_built() && tree.size() == s.keys.size()) {
          s.keys = std::move(tree);
          s.tries = std::move(tries);
          s.tries_requested = options.tries;
          s.tree_complete = true;
          s.tree_note.clear();
        }
      } catch (const prover::LimitReached&) {
        s.tree_note = "the limit came before the tree below the keys was built";
      }
    }
    s.verdict = s.keys.empty() ? prover::Verdict::Refuted : prover::Verdict::Proved;
    return;
  }
  s.goal = prover::Goal::HelpMate;
  s.keyed_lines = node.battle();
  // "1..." first: a plain h#N.5 form played here (exact-h#1.5), or a root (a part) that starts
  // with '-' (Stipulation::half_move of a structured stipulation).
  s.half_move = root ? options.half_move : node.side_change;
  if (const auto goal = printed_goal(node)) s.target = *goal;  // the lines' last mark ("x", "z")
  const std::vector<Target> goals = fork_goals(node);
  for (const auto& line : search.root_lines(node)) s.solutions.push_back(spell_line(game, line, goals));
  for (const auto& m : search.start_constraint_breakers(node)) s.forced_goal_moves.push_back({game.move_text(m), game.move_uci(m)});
  if (root && options.set_play && !game.in_check() && node.kind == SliceNode::Branch) {  // the first mover passes: none in check
    s.set_play_requested = true;
    for (const auto& line : search.set_play_lines(node)) s.set_play.push_back(spell_line(game, line));
  }
  s.stated_solutions = options.stated_solutions;
  const std::size_t needed = std::size_t(std::max(1, options.stated_solutions));
  s.verdict = s.solutions.size() >= needed ? prover::Verdict::Proved : prover::Verdict::Refuted;
}

template <RuleSet G>
prover::Solution solve_structured(G& game, const prover::SolveOptions& options) {
  prover::Solution s;
  s.variant = std::string(G::variant_name);
  s.fen = game.fen();
  s.stipulation = options.structured_text;
  s.structured = true;
  if constexpr (!NullMove<G>) {
    throw std::runtime_error(fmt::format("structured stipulations need passes, which {} does not have", G::variant_name));
  } else {
    const SliceNode& root = *options.structured;
    for (const Target& t : all_goals(root))  // a goal about the move itself needs orthodox moves to read it from
      if (!judges<G>(t))
        throw std::runtime_error(fmt::format("the goal '{}' needs orthodox moves, which {} does not have", t.symbol(), G::variant_name));
    StructuredSearch<G> search(game, options.limits, root);
    try {
      const stop::SearchScope scope;
      if (mixed_parts(root)) {
        // Each part as Popeye prints it, one after the other; the root holds as '&' or '|' says.
        bool all = true, any = false;
        for (const SliceNode* part : root_parts(root)) {
          prover::Solution& ps = s.parts.emplace_back();
          ps.variant = s.variant;
          // A part that starts with '-' starts with the other side: its lines are read from there.
          if (part->side_change) {
            game.play_null();
            ps.fen = game.fen();
            game.undo_null();
          } else {
            ps.fen = s.fen;
          }
          ps.structured = true;
          solve_node(game, options, search, *part, false, ps);
          all = all && ps.verdict == prover::Verdict::Proved;
          any = any || ps.verdict == prover::Verdict::Proved;
        }
        s.goal = s.parts.front().goal;
        s.verdict = (root.kind == SliceNode::And ? all : any) ? prover::Verdict::Proved : prover::Verdict::Refuted;
      } else {
        solve_node(game, options, search, root, true, s);
      }
      if (options.certificate && s.verdict == prover::Verdict::Proved) add_proofs(game, options, s);
    } catch (const prover::LimitReached& e) {
      s.verdict = prover::Verdict::Unknown;
      s.reason = e.what();
      s.complete = s.tree_complete = false;
      s.keys.clear();
      s.solutions.clear();
      s.parts.clear();
    }
    s.nodes = search.nodes();
    s.seconds = search.budget().seconds();
  }
  return s;
}

// The engine a stipulation needs: the structured one for a structured stipulation that is no
// synonym of a plain one, the prover for everything else.
template <RuleSet G>
prover::Solution solve_any(G& game, const prover::SolveOptions& options) {
  if (options.structured) return solve_structured(game, options);
  return prover::solve(game, options);
}

}  // namespace arbiter::structured
