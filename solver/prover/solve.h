#pragma once
// Proving "#n" or "s#n" for the side to move: all keys with their exact lengths, the threat
// and the full tree of defences for each key, optional tries with their unique refutation, or
// in first-key mode just one proved key as fast as possible. Helpmates go to help_solve.h;
// solve() below picks the engine the stipulation's goal needs.
//
// Threads (SolveOptions::threads): the first moves are shared out (all_keys), a thread with
// none left joins a running one and takes its defences near the top in another order
// (MateSearch::share_first_defences), and the key's tree is built defence by defence in
// parallel (key_defences). All share one transposition table, whose every entry is a proved
// bound, and each outcome is recorded per first move or defence and read back in move order:
// the keys, tries, refutations and trees are the one-thread ones; only node counts differ.

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "rules/core/capabilities.h"
#include "solver/prover/help_solve.h"
#include "solver/prover/series_solve.h"
#include "solver/prover/mate_search.h"
#include "solver/prover/run_threads.h"
#include "solver/prover/solution.h"
#include "solver/prover/solve_options.h"

namespace arbiter::prover {



template <RuleSet G, Goal Kind = Goal::DirectMate>
class Solver {
  static constexpr bool Self = Kind == Goal::SelfMate;
  // The defender's move reaches the goal: self and reflex play.
  static constexpr bool DefenderAims = defender_reaches_goal(Kind);

 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;

  Solver(G& game, const SolveOptions& options) : game_(game), options_(options), search_(game, options.limits) {
    search_.set_battle(options.battle);
    search_.set_target(options.target);
  }

  Solution run() {
    Solution s;
    s.variant = std::string(G::variant_name);
    s.fen = game_.fen();
    s.n = options_.n;
    s.goal = Kind;
    s.battle = options_.battle;
    s.target = options_.target;
    s.stipulation = stipulation_text(Kind, options_.n, false, options_.target);
    s.tries_requested = options_.tries;
    s.refutations_requested = options_.refutations;
    if (options_.battle.post_key) return after_key(s);
    std::vector<std::pair<M, int>> keys;
    try {
      // The attacker able to reach the goal at once must: no move of the diagram is a key; under
      // Quodlibet those moves win, and they alone are the keys.
      std::vector<M> own_goal_moves;
      if constexpr (Kind == Goal::ReflexMate) {
        own_goal_moves = search_.goal_moves();
        if (!options_.battle.quodlibet)
          for (const M& m : own_goal_moves) s.forced_goal_moves.push_back({game_.move_text(m), game_.move_uci(m)});
      }
      if (!s.forced_goal_moves.empty()) {
        s.verdict = Verdict::Refuted;
      } else if (!own_goal_moves.empty()) {
        for (const M& m : own_goal_moves) keys.push_back({m, 1});
      } else if (options_.first_key_only) {
        s.complete = false;
        if (auto key = first_key()) keys.push_back(*key);
        s.shortest_exact = keys.empty() || keys[0].second == 1 || found_by_full_deepening_;
      } else {
        keys = all_keys(s);
      }
      if (s.forced_goal_moves.empty()) s.verdict = keys.empty() ? Verdict::Refuted : Verdict::Proved;
    } catch (const LimitReached& e) {
      s.verdict = Verdict::Unknown;
      s.reason = e.what();
      s.complete = s.shortest_exact = s.tree_complete = false;  // nothing is claimed (open_moves says how far it got)
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
    s.nodes = search_.nodes() + extra_nodes_;
    s.seconds = search_.budget().seconds();
    return s;
  }

 private:
  struct TreeTooLarge {};

  // Popeye's PostKeyPlay: the position is the one after the key, the defender to move. Proved
  // when every defence loses within n - 1 more attacker moves; there is no key to name, and the
  // play (threat, defences, their answers) is the layout's to print.
  Solution after_key(Solution& s) {
    try {
      s.verdict = search_.every_defence_loses(options_.n - 1) ? Verdict::Proved : Verdict::Refuted;
    } catch (const LimitReached& e) {
      s.verdict = Verdict::Unknown;
      s.reason = e.what();
      s.complete = s.shortest_exact = s.tree_complete = false;
    }
    s.nodes = search_.nodes();
    s.seconds = search_.budget().seconds();
    return s;
  }

  // The outcome of one first move: a key with its exact length, or refuted (with its unique
  // refutation when tries are asked for, and the first escape when refutations are).
  struct FirstMove {
    bool key = false;
    int length = 0;
    std::optional<Try> try_;
    std::optional<Try> refutation;
  };

  // Every first move, examined by `threads` threads sharing the transposition table. A thread
  // takes the next first move not yet started; when none is left it joins a first move still
  // running, taking that move's defences from another starting point (MateSearch::
  // share_first_defences), and whichever finishes first records the outcome and cancels the
  // other. Each outcome is proved exactly, so the keys, lengths, tries and refutations are the
  // one-thread result whatever the threads did; only the node count differs.
  std::vector<std::pair<M, int>> all_keys(Solution& s) {
    MoveList moves;
    attacker_moves(game_, moves);
    const int count = moves.size();
    const int threads = std::max(1, std::min(options_.threads, count));
    std::vector<FirstMove> outcome(std::size_t(count), FirstMove{});
    // decided: the outcome is recorded; cancel: the threads on it stop (decided, or a limit
    // ended the search); working: how many threads are on it.
    const std::size_t slots = std::size_t(std::max(count, 1));
    std::unique_ptr<std::atomic<bool>[]> decided(new std::atomic<bool>[slots]), cancel(new std::atomic<bool>[slots]);
    std::unique_ptr<std::atomic<int>[]> working(new std::atomic<int>[slots]);
    for (int i = 0; i < count; ++i) decided[i] = false, cancel[i] = false, working[i] = 0;
    std::atomic<int> next{0}, finished{0};
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> nodes{0};
    std::mutex mutex;  // guards `failure` and the progress callback
    std::exception_ptr failure;
    const Limits share = options_.limits.share(threads);

    auto work = [&] {
      G game = game_;
      MateSearch<G, Kind> search(game, share, search_.table());
      search.set_battle(options_.battle);
      search.set_target(options_.target);
      try {
        while (!stop.load(std::memory_order_relaxed)) {
          int i = next.fetch_add(1);
          bool helping = false;
          if (i >= count) {  // nothing left to start: join the first move with the fewest threads on it
            i = -1;
            for (int j = 0; j < count; ++j)
              if (!decided[j] && working[j].load() > 0 && (i < 0 || working[j].load() < working[i].load())) i = j;
            if (i < 0) break;
            helping = true;
          }
          const int on_it = ++working[i];
          if (options_.progress && !helping) {
            std::lock_guard<std::mutex> lock(mutex);
            options_.progress(finished.load(), count, game.move_text(moves[i]));
          }
          search.share_first_defences(helping ? on_it - 1 : 0, helping ? on_it : 1);
          search.budget().watch(&cancel[i]);
          try {
            FirstMove r = examine(game, search, moves[i]);
            bool expected = false;
            if (decided[i].compare_exchange_strong(expected, true)) {
              outcome[std::size_t(i)] = std::move(r);
              ++finished;
              cancel[i] = true;
            }
          } catch (const SearchCancelled&) {  // another thread finished this first move
            game = game_;
            search.restart();
            if (stop) break;
          }
          --working[i];
        }
      } catch (...) {  // a limit: stop everyone, report what was decided
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
        for (int j = 0; j < count; ++j) cancel[j] = true;
      }
      nodes += search.nodes();
    };
    run_threads(threads, work);
    extra_nodes_ += nodes;

    std::vector<std::pair<M, int>> keys;
    if (failure) {
      for (int i = 0; i < count; ++i) {
        if (!decided[i]) s.open_moves.push_back(game_.move_text(moves[i]));
        else if (outcome[std::size_t(i)].key) s.keys_so_far.push_back(game_.move_text(moves[i]));
        else ++s.refuted_so_far;
      }
      std::rethrow_exception(failure);
    }
    for (int i = 0; i < count; ++i) {
      FirstMove& r = outcome[std::size_t(i)];
      if (r.key) keys.push_back({moves[i], r.length});
      if (r.try_) s.tries.push_back(std::move(*r.try_));
      if (r.refutation) s.refutations.push_back(std::move(*r.refutation));
    }
    return keys;
  }

  FirstMove examine(G& game, MateSearch<G, Kind>& search, const M& m) {
    FirstMove r;
    const bool named = options_.tries || options_.refutations;
    const std::string san = named ? game.move_text(m) : std::string();
    const std::string uci = named ? game.move_uci(m) : std::string();
    game.play(m);
    // With refutations asked for, one search gives the verdict and the refutation to name.
    std::optional<typename MateSearch<G, Kind>::DefenceOutcome> judged;
    if (options_.refutations) judged = search.judge_defences(options_.n - 1);
    if (judged ? judged->loses : search.every_defence_loses(options_.n - 1)) {
      r.key = true;
      r.length = 1 + search.shortest_forced_after_move(options_.n - 1);
    } else {
      if (options_.tries)
        if (auto d = unique_refutation(game, search, options_.n - 1))
          r.try_ = Try{san, uci, game.move_text(*d), game.move_uci(*d)};
      if (judged) {
        const auto& d = judged->escape;  // none: the defender is stalemated, or an option refuted the move
        r.refutation = Try{san, uci, d ? game.move_text(*d) : judged->refuted_by_options ? "(refuted by Threat, MaxFlightsquares or NonTrivial)" : "(stalemate)",
                           d ? game.move_uci(*d) : ""};
      }
    }
    game.undo();
    return r;
  }

  // Defender to move: the single defence that escapes mate in n, if exactly one does.
  static std::optional<M> unique_refutation(G& game, MateSearch<G, Kind>& search, int n) {
    MoveList defences;
    game.generate_legal(defences);
    std::optional<M> found;
    for (const M& d : defences) {
      search.budget().spend();
      game.play(d);
      bool mated = search.attacker_mates(n);
      game.undo();
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
    attacker_moves(game_, moves);
    // A selfmate's or reflexmate's forcing moves need not be checks, nor those aiming at another goal.
    const bool checks_first = Kind == Goal::DirectMate && options_.target.kind == Target::Mate;
    search_.set_checks_only(checks_first);
    for (int k = 1; k <= options_.n && checks_first; ++k) {
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
    if constexpr (NullMove<G>) {
      if (length > 1 && !game_.in_check()) {
        game_.play_null();
        threat_length = search_.shortest_mate(length - 1);
        if (threat_length > 0) node.threat = attacker_answers(game_, search_, threat_length);
        game_.undo_null();
      }
    }
    if (((length > 1 && !direct_goal_reached()) || DefenderAims) && !own_goal_reached(search_))
      node.defences = key_defences(length - 1, node.threat);
    game_.undo();
    return node;
  }

  // The key's defences, each with its subtree: shared out among the threads like the first
  // moves (each thread its own game and search, one table), and put back in move order, so the
  // tree is the one-thread tree.
  std::vector<DefenceNode> key_defences(int n, const std::vector<AttackerNode>& threat) {
    MoveList moves;
    game_.generate_legal(moves);
    if constexpr (reflex_play(Kind)) {  // a defender that can reach the goal must: those moves alone
      const auto forced = search_.goal_moves();
      if (!forced.empty()) {
        moves.clear();
        for (const M& d : forced) moves.push(d);
      }
    }
    const int count = moves.size();
    const int threads = std::max(1, std::min(options_.threads, count));
    // Under NonTrivial the allowance below this node is the search's own state: one thread.
    if (threads == 1 || options_.battle.nontrivial_max >= 0) return defences(game_, search_, n, threat);  // (it finds the same moves)
    std::vector<DefenceNode> result(static_cast<std::size_t>(count));
    std::atomic<int> next{0};
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> nodes{0};
    std::mutex mutex;
    std::exception_ptr failure;
    Limits limits = options_.limits;  // what is left of the time limit
    if (limits.max_seconds > 0) limits.max_seconds = std::max(0.001, limits.max_seconds - search_.budget().seconds());
    auto work = [&] {
      G game = game_;
      MateSearch<G, Kind> search(game, limits, search_.table());
      search.set_battle(options_.battle);
      search.set_target(options_.target);
      search.budget().watch(&stop);
      try {
        for (int i; (i = next.fetch_add(1)) < count;) result[std::size_t(i)] = defence(game, search, moves[i], n, threat);
      } catch (const SearchCancelled&) {  // another thread failed: its failure is reported
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
        next = count;
      }
      nodes += search.nodes();
    };
    run_threads(threads, work);
    extra_nodes_ += nodes;
    if (failure) std::rethrow_exception(failure);
    return result;
  }

  // Defender to move; the attacker mates in at most n more moves against every defence.
  std::vector<DefenceNode> defences(G& game, MateSearch<G, Kind>& search, int n, const std::vector<AttackerNode>& threat) {
    // NonTrivial: the subtree's searches get what this line leaves (a proved node is never refuted).
    std::optional<typename MateSearch<G, Kind>::NontrivialAllowance> allowance;
    search.enter_defender_node(n, allowance);
    MoveList moves;
    game.generate_legal(moves);
    std::vector<DefenceNode> result;
    if constexpr (reflex_play(Kind)) {  // a defender that can reach the goal must: those moves alone
      const auto forced = search.goal_moves();
      if (!forced.empty()) {
        for (const M& d : forced) result.push_back(defence(game, search, d, n, threat));
        return result;
      }
    }
    for (const M& d : moves) result.push_back(defence(game, search, d, n, threat));
    return result;
  }

  DefenceNode defence(G& game, MateSearch<G, Kind>& search, const M& d, int n, const std::vector<AttackerNode>& threat) {
    count_tree_node();
    DefenceNode dn{game.move_text(d), game.move_uci(d), {}, false};
    game.play(d);
    if (DefenderAims && search.goal_reached()) {  // the selfmate (reflexmate) itself: nothing follows
      game.undo();
      return dn;
    }
    int k = search.shortest_mate(n);
    dn.answers = attacker_answers(game, search, k);
    for (const auto& t : threat)
      for (const auto& a : dn.answers)
        if (a.uci == t.uci && a.mate_in <= t.mate_in) dn.threat_follows = true;
    game.undo();
    return dn;
  }

  // Attacker to move with a forced mate in exactly k: every move that achieves it.
  std::vector<AttackerNode> attacker_answers(G& game, MateSearch<G, Kind>& search, int k) {
    MoveList moves;
    attacker_moves(game, moves);
    std::vector<AttackerNode> result;
    for (const M& a : moves) {
      game.play(a);
      bool win = search.every_defence_loses(k - 1);
      game.undo();
      if (!win) continue;
      count_tree_node();
      AttackerNode an{game.move_text(a), game.move_uci(a), k, false, {}, {}};
      if (k > 1 || DefenderAims) {
        game.play(a);
        an.check = game.in_check();
        if ((DefenderAims || !search.goal_reached()) && !own_goal_reached(search)) an.defences = defences(game, search, k - 1, {});
        game.undo();
      }
      result.push_back(std::move(an));
    }
    return result;
  }

  // The attacker's moves: the legal ones, then in direct play of !#, ## and ##! the goal moves
  // the rules otherwise forbid (mover_goals.h).
  void attacker_moves(G& game, MoveList& moves) {
    game.generate_legal(moves);
    if (Kind == Goal::DirectMate) add_self_check_goal_moves(game, options_.target, moves);
  }

  // Self and reflex play under Quodlibet, an attacker's move just played: has it reached the goal
  // itself (a win, after which nothing is played)?
  bool own_goal_reached(MateSearch<G, Kind>& search) { return DefenderAims && options_.battle.quodlibet && search.goal_reached(); }

  // Direct play towards another goal than mate, the key just played: has it reached the goal?
  // (A mate leaves no defence; the other goals may leave some, which are not played.)
  bool direct_goal_reached() {
    if constexpr (Kind == Goal::DirectMate) return options_.target.kind != Target::Mate && search_.goal_reached();
    return false;
  }

  G& game_;
  SolveOptions options_;
  MateSearch<G, Kind> search_;
  std::atomic<std::size_t> tree_nodes_{0};  // counted by every thread building the tree
  std::uint64_t extra_nodes_ = 0;  // nodes of the threads examining first moves
  bool found_by_full_deepening_ = false;
};

template <RuleSet G>
Solution solve(G& game, const SolveOptions& options) {
  if (options.series) return solve_series(game, options);
  if (!judges<G>(options.target))
    throw std::runtime_error(fmt::format("the goal '{}' needs orthodox moves, which {} does not have", options.target.symbol(),
                                         G::variant_name));
  BattleOptions besides_post_key = options.battle;
  besides_post_key.post_key = false;
  besides_post_key.quodlibet = false;  // (self and reflex play towards any goal)
  if (options.goal != Goal::HelpMate && options.target.kind != Target::Mate && besides_post_key.any())
    throw std::runtime_error(stipulation_text(options.goal, options.n, false, options.target) +
                             ": Popeye's options of battle play are played with the goal mate only so far");
  switch (options.goal) {
    case Goal::SelfMate: return Solver<G, Goal::SelfMate>(game, options).run();
    case Goal::ReflexMate: return Solver<G, Goal::ReflexMate>(game, options).run();
    case Goal::SemiReflexMate: return Solver<G, Goal::SemiReflexMate>(game, options).run();
    case Goal::HelpMate: return solve_help(game, options);
    case Goal::DirectMate: break;
  }
  return Solver<G>(game, options).run();
}

}  // namespace arbiter::prover
