#pragma once
// Proving "#n" or "s#n" for the side to move: all keys with their exact lengths, the threat
// and the full tree of defences for each key, optional tries with their unique refutation, or
// in first-key mode just one proved key as fast as possible. Helpmates go to help_solve.h;
// solve() below picks the engine the stipulation's goal needs.

#include <functional>
#include <string>

#include "solver/prover/help_solve.h"
#include "solver/prover/mate_search.h"
#include "solver/prover/solution.h"
#include "solver/prover/solve_options.h"

namespace arbiter::prover {



template <RuleSet G, Goal Kind = Goal::DirectMate>
class Solver {
  static constexpr bool Self = Kind == Goal::SelfMate;

 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;

  Solver(G& game, const SolveOptions& options) : game_(game), options_(options), search_(game, options.limits) {}

  Solution run() {
    Solution s;
    s.variant = std::string(G::variant_name);
    s.fen = game_.fen();
    s.n = options_.n;
    s.goal = Kind;
    s.stipulation = stipulation_text(Kind, options_.n, false);
    s.tries_requested = options_.tries;
    s.refutations_requested = options_.refutations;
    std::vector<std::pair<M, int>> keys;
    try {
      if (options_.first_key_only) {
        s.complete = false;
        if (auto key = first_key()) keys.push_back(*key);
        s.shortest_exact = keys.empty() || keys[0].second == 1 || found_by_full_deepening_;
      } else {
        keys = all_keys(s);
      }
      s.verdict = keys.empty() ? Verdict::Refuted : Verdict::Proved;
    } catch (const LimitReached& e) {
      s.verdict = Verdict::Unknown;
      s.reason = e.what();
      s.complete = s.shortest_exact = s.tree_complete = false;  // nothing is claimed
      keys.clear();
      s.tries.clear();
      s.refutations.clear();
    }
    for (const auto& [m, length] : keys) {
      AttackerNode node{game_.move_text(m), game_.move_uci(m), length, false, {}, {}};
      if (s.shortest == 0 || length < s.shortest) s.shortest = length;
      s.keys.push_back(node);
    }
    if (options_.build_tree && s.verdict == Verdict::Proved) {
      // In first-key mode the tree is the proof found (one strategy, possibly checks only),
      // not the complete solution with every dual.
      try {
        for (std::size_t i = 0; i < keys.size(); ++i) s.keys[i] = build_key(keys[i].first, keys[i].second);
      } catch (const LimitReached& e) {
        s.tree_complete = false;
        s.tree_note = std::string("tree not complete: ") + e.what();
      } catch (const TreeTooLarge&) {
        s.tree_complete = false;
        s.tree_note = "tree not complete: more than " + std::to_string(options_.max_tree_nodes) + " nodes";
      }
    }
    s.nodes = search_.nodes();
    s.seconds = search_.budget().seconds();
    return s;
  }

 private:
  struct TreeTooLarge {};

  std::vector<std::pair<M, int>> all_keys(Solution& s) {
    MoveList moves;
    game_.generate_legal(moves);
    std::vector<std::pair<M, int>> keys;
    int done = 0;
    for (const M& m : moves) {
      if (options_.progress) options_.progress(done++, moves.size(), game_.move_text(m));
      const bool named = options_.tries || options_.refutations;
      const std::string san = named ? game_.move_text(m) : std::string();
      const std::string uci = named ? game_.move_uci(m) : std::string();
      game_.play(m);
      if (search_.every_defence_loses(options_.n - 1)) {
        keys.push_back({m, 1 + search_.shortest_forced_after_move(options_.n - 1)});
      } else {
        if (options_.tries)
          if (auto r = unique_refutation(options_.n - 1)) s.tries.push_back({san, uci, game_.move_text(*r), game_.move_uci(*r)});
        if (options_.refutations) {
          auto r = search_.refutation(options_.n - 1);  // none: the defender is stalemated
          s.refutations.push_back({san, uci, r ? game_.move_text(*r) : "(stalemate)", r ? game_.move_uci(*r) : ""});
        }
      }
      game_.undo();
    }
    return keys;
  }

  // Defender to move: the single defence that escapes mate in n, if exactly one does.
  std::optional<M> unique_refutation(int n) {
    MoveList defences;
    game_.generate_legal(defences);
    std::optional<M> found;
    for (const M& d : defences) {
      search_.budget().spend();
      game_.play(d);
      bool mated = search_.attacker_mates(n);
      game_.undo();
      if (!mated) {
        if (found) return std::nullopt;
        found = d;
      }
    }
    return found;
  }

  // Checks-only deepening first (forcing lines are found in a tiny tree), then full
  // deepening, which also proves the length exact.
  std::optional<std::pair<M, int>> first_key() {
    MoveList moves;
    game_.generate_legal(moves);
    search_.set_checks_only(!Self);  // a selfmate's forcing moves need not be checks
    for (int k = 1; k <= options_.n && !Self; ++k) {
      for (const M& m : moves) {
        game_.play(m);
        bool check = game_.in_check();
        bool win = check && search_.every_defence_loses(k - 1);
        game_.undo();
        if (win) {  // the search stays checks-only, so the tree shows this checking proof
          return std::pair{m, k};
        }
      }
    }
    search_.set_checks_only(false);
    found_by_full_deepening_ = true;
    for (int k = 1; k <= options_.n; ++k) {
      for (const M& m : moves) {
        game_.play(m);
        bool win = search_.every_defence_loses(k - 1);
        game_.undo();
        if (win) return std::pair{m, k};
      }
    }
    return std::nullopt;
  }

  void count_tree_node() {
    if (++tree_nodes_ > options_.max_tree_nodes) throw TreeTooLarge{};
  }

  AttackerNode build_key(const M& key, int length) {
    AttackerNode node{game_.move_text(key), game_.move_uci(key), length, false, {}, {}};
    game_.play(key);
    node.check = game_.in_check();
    std::string threat_uci;
    int threat_length = 0;
    if constexpr (requires { game_.play_null(); game_.undo_null(); }) {
      if (length > 1 && !game_.in_check()) {
        game_.play_null();
        threat_length = search_.shortest_mate(length - 1);
        if (threat_length > 0) node.threat = attacker_answers(threat_length);
        game_.undo_null();
      }
    }
    if (length > 1 || Self) node.defences = defences(length - 1, node.threat);
    game_.undo();
    return node;
  }

  // Defender to move; the attacker mates in at most n more moves against every defence.
  std::vector<DefenceNode> defences(int n, const std::vector<AttackerNode>& threat) {
    MoveList moves;
    game_.generate_legal(moves);
    std::vector<DefenceNode> result;
    for (const M& d : moves) {
      count_tree_node();
      DefenceNode dn{game_.move_text(d), game_.move_uci(d), {}, false};
      game_.play(d);
      if (Self && search_.attacker_mated()) {  // the selfmate itself: nothing follows
        game_.undo();
        result.push_back(std::move(dn));
        continue;
      }
      int k = search_.shortest_mate(n);
      dn.answers = attacker_answers(k);
      for (const auto& t : threat)
        for (const auto& a : dn.answers)
          if (a.uci == t.uci && a.mate_in <= t.mate_in) dn.threat_follows = true;
      game_.undo();
      result.push_back(std::move(dn));
    }
    return result;
  }

  // Attacker to move with a forced mate in exactly k: every move that achieves it.
  std::vector<AttackerNode> attacker_answers(int k) {
    MoveList moves;
    game_.generate_legal(moves);
    std::vector<AttackerNode> result;
    for (const M& a : moves) {
      game_.play(a);
      bool win = search_.every_defence_loses(k - 1);
      game_.undo();
      if (!win) continue;
      count_tree_node();
      AttackerNode an{game_.move_text(a), game_.move_uci(a), k, false, {}, {}};
      if (k > 1 || Self) {
        game_.play(a);
        an.check = game_.in_check();
        an.defences = defences(k - 1, {});
        game_.undo();
      }
      result.push_back(std::move(an));
    }
    return result;
  }

  G& game_;
  SolveOptions options_;
  MateSearch<G, Kind> search_;
  std::size_t tree_nodes_ = 0;
  bool found_by_full_deepening_ = false;
};

template <RuleSet G>
Solution solve(G& game, const SolveOptions& options) {
  switch (options.goal) {
    case Goal::SelfMate: return Solver<G, Goal::SelfMate>(game, options).run();
    case Goal::HelpMate: return solve_help(game, options);
    case Goal::DirectMate: break;
  }
  return Solver<G>(game, options).run();
}

}  // namespace arbiter::prover
