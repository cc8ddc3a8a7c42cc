#pragma once
// Depth-first AND/OR proof search for direct mate ("#n": the side to move mates in at most n
// of its own moves against every defence) and selfmate ("s#n": the side to move forces the
// defender to mate it within n moves), generic over any RuleSet.
//
//   OR node  (attacker to move, n moves left): some move after which every defence loses.
//   AND node (defender to move, n moves left): every defence is answered by a mate in n.
//
// The goal changes only what "loses" means for a defence. Direct mate: the defender has no
// move and is in check after the attacker's n-th move. Selfmate: a defence that mates the
// attacker loses (the defender had to play it, or chose it); any other defence loses only
// if the attacker still forces the selfmate within the moves left. With no move at all the
// defender escapes a selfmate (stalemate, or it is itself mated: neither is the goal). So on
// the last move a selfmate needs every defence to mate, which is Popeye's "s#".
//
// What keeps it fast: a transposition table of proved wins and losses keyed by Zobrist key
// and depth; at the attacker's last move only checking moves are tried (nothing else can
// mate); checks and captures first for the attacker; the defence that refuted a sibling
// (killer) first for the defender, so a failing try is cut after one defence; and an
// optional checks-only pass that finds forcing mates long before a full search would.

#include <algorithm>
#include <array>
#include <memory>
#include <optional>

#include "rules/core/ruleset.h"
#include "solver/prover/goal.h"
#include "solver/prover/limits.h"
#include "solver/prover/move_source.h"
#include "solver/prover/transposition_table.h"

namespace arbiter::prover {

constexpr int MaxSearchPly = 128;

template <RuleSet G, Goal Kind = Goal::DirectMate>
class MateSearch {
  static_assert(Kind != Goal::HelpMate, "helpmates have their own search (help_search.h)");
  static constexpr bool Self = Kind == Goal::SelfMate;

 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;

  MateSearch(G& game, const Limits& limits)
      : game_(game), budget_(limits), tt_(limits.hash_megabytes), sort_scratch_(std::make_unique<SortScratch>()) {}

  // OR node: can the side to move force mate in at most n moves?
  bool attacker_mates(int n) {
    if (n <= 0) return false;
    const bool use_table = !checks_only_ && n > 1;  // mate in one is cheaper to redo than to look up
    if (use_table) {
      auto known = tt_.probe(game_.key(), n);
      if (known != TranspositionTable::Probe::Unknown) return known == TranspositionTable::Probe::Win;
    }
    // Direct mate: on the last move only a check can mate. A selfmate's last move need not check.
    const bool only_checks = (!Self && n == 1) || checks_only_;
    for (int stage = 0; stage < Stages; ++stage) {
      MoveList moves;
      generate(moves, stage, only_checks);
      int count = order_attacker_moves(moves, only_checks, /*all_checks=*/only_checks && HasCheckGenerator);
      for (int i = 0; i < count; ++i) {
        if (try_attacker_move(moves[i], n)) {
          remember_killer(attacker_killers_, moves[i]);
          if (use_table) tt_.store(game_.key(), n, true);
          return true;
        }
      }
    }
    if (use_table) tt_.store(game_.key(), n, false);  // (a checks-only failure proves nothing)
    return false;
  }

  // AND node, defender to move: does every defence lose to a mate within n more attacker
  // moves? With no defence left this is mate (true) or stalemate (false).
  bool every_defence_loses(int n) {
    if (!Self && n == 0) return game_.in_check() && !game_.has_legal_move();  // the move played must have mated
    // Positions with the defender to move are cached too (their keys differ from the
    // attacker-to-move ones by the side to move, so the two kinds never collide).
    const bool use_table = !checks_only_ && n >= 2;
    if (use_table) {
      auto known = tt_.probe(game_.key(), n);
      if (known != TranspositionTable::Probe::Unknown) return known == TranspositionTable::Probe::Win;
    }
    bool win = defend(n).loses;
    if (use_table) tt_.store(game_.key(), n, win);
    return win;
  }

  // The first defence (in search order) that escapes mate in n, if any. (A stalemated
  // defender has no defence but is not mated either: use every_defence_loses for the verdict.)
  std::optional<M> refutation(int n) { return defend(n).escape; }

  // Smallest k <= max_n with a forced mate in k for the side to move, or 0 if none.
  int shortest_mate(int max_n) {
    for (int k = 1; k <= max_n; ++k)
      if (attacker_mates(k)) return k;
    return 0;
  }

  // With the defender to move: the smallest k <= max_n such that every defence loses to mate
  // in k more moves (0 when the position is already mate), or -1 if none.
  int shortest_forced_after_move(int max_n) {
    for (int k = 0; k <= max_n; ++k)
      if (every_defence_loses(k)) return k;
    return -1;
  }

  // Restrict the attacker to checking moves (a proof found so is still a proof).
  void set_checks_only(bool on) { checks_only_ = on; }

  // Selfmate: has the move just played mated the attacker (now to move)?
  bool attacker_mated() { return game_.in_check() && !game_.has_legal_move(); }

  G& game() { return game_; }
  Budget& budget() { return budget_; }
  // A fresh count and clock for the next search of a long-lived instance (the composer judges
  // many candidates with one search and one table).
  void reset_budget(const Limits& limits) { budget_ = Budget(limits); }
  std::uint64_t nodes() const { return budget_.nodes(); }
  std::size_t table_bytes() const { return tt_.bytes(); }

 private:
  // The outcome of a defender node, computed in one place and returned by value: nested
  // searches cannot disturb it (an earlier version kept "stalemate" in a member, which a
  // deeper node could overwrite).
  struct DefenceOutcome {
    bool loses = false;         // every defence is mated within n (or the position is mate)
    std::optional<M> escape;    // the first defence found that escapes
  };

  DefenceOutcome defend(int n) {
    if constexpr (Self) return defend_selfmate(n);
    bool any = false;
    for (int stage = 0; stage < Stages; ++stage) {
      MoveList moves;
      generate(moves, stage, false);
      if (moves.size() == 0) continue;
      any = true;
      if (n == 0) return {false, moves[0]};  // not mate: any move escapes
      order_defences(moves);
      for (const M& d : moves) {
        budget_.spend();
        ++ply_;
        game_.play(d);
        bool mated = attacker_mates(n);
        game_.undo();
        --ply_;
        if (!mated) {
          remember_killer(defence_killers_, d);
          return {false, d};
        }
      }
    }
    if (!any) return {game_.in_check(), std::nullopt};  // mated, or stalemated
    return {true, std::nullopt};
  }

  DefenceOutcome defend_selfmate(int n) {
    bool any = false;
    for (int stage = 0; stage < Stages; ++stage) {
      MoveList moves;
      generate(moves, stage, false);
      if (moves.size() == 0) continue;
      any = true;
      // On the last move the escapes are the defences that do not mate, usually quiet ones:
      // search order finds them at once. Earlier, refutations first as for direct mate.
      if (n > 0) order_defences(moves);
      for (const M& d : moves) {
        budget_.spend();
        ++ply_;
        game_.play(d);
        const bool lost = attacker_mated() || (n > 0 && attacker_mates(n));
        game_.undo();
        --ply_;
        if (!lost) {
          if (n > 0) remember_killer(defence_killers_, d);
          return {false, d};
        }
      }
    }
    if (!any) return {false, std::nullopt};  // stalemated or mated: the defender has not mated
    return {true, std::nullopt};
  }

  // Rule sets with many moves per position generate them in stages (Option Chess: single
  // moves, then double moves), so that a refutation or a mate found early saves the rest.
  static constexpr int Stages = generation_stages<G>;

  void generate(MoveList& moves, int stage, bool only_checks) { generate_moves(game_, moves, stage, only_checks); }

  bool try_attacker_move(const M& m, int n) {
    budget_.spend();
    ++ply_;
    game_.play(m);
    bool win = every_defence_loses(n - 1);
    game_.undo();
    --ply_;
    return win;
  }

  bool gives_check(const M& m) { return prover::gives_check(game_, m); }

  // Puts checks first (and, when only checks are allowed, drops the rest); returns the
  // number of moves to try.
  static constexpr bool HasCheckGenerator = has_check_generator<G>;

  int order_attacker_moves(MoveList& moves, bool only_checks, bool all_checks) {
    auto& score = sort_scratch_->score;  // written before read
    int kept = 0;
    for (int i = 0; i < moves.size(); ++i) {
      bool check = all_checks || gives_check(moves[i]);
      if (only_checks && !check) continue;
      int s = check ? 4 : 0;
      if (moves[i] == attacker_killers_[ply_][0]) s += 8;
      else if (moves[i] == attacker_killers_[ply_][1]) s += 6;
      if constexpr (requires { game_.is_capture(moves[i]); })
        if (game_.is_capture(moves[i])) s += 2;
      moves[kept] = moves[i];
      score[kept++] = s;
    }
    sort_by_score(moves, score, kept);
    return kept;
  }

  // Refutations first: the defences that refuted a sibling (killers), then checks (a check
  // leaves the attacker only its evasions, so proving that it escapes is cheap), then captures.
  void order_defences(MoveList& moves) {
    auto& score = sort_scratch_->score;  // written before read
    for (int i = 0; i < moves.size(); ++i) {
      int s = 0;
      if (moves[i] == defence_killers_[ply_][0]) s = 8;
      else if (moves[i] == defence_killers_[ply_][1]) s = 6;
      else if (gives_check(moves[i])) s = 4;
      else if constexpr (requires { game_.is_capture(moves[i]); })
        if (game_.is_capture(moves[i])) s = 2;
      score[i] = s;
    }
    sort_by_score(moves, score, moves.size());
  }

  // Highest score first, stable. Most moves score 0: one pass moves the scored ones to the
  // front (in order), then only that short prefix is insertion-sorted.
  void sort_by_score(MoveList& moves, std::array<int, MoveList::capacity>& score, int count) {
    MoveList& rest = sort_scratch_->rest;
    rest.clear();
    int scored = 0, unscored = 0;
    for (int i = 0; i < count; ++i) {
      if (score[i] > 0) {
        moves[scored] = moves[i];
        score[scored++] = score[i];
      } else {
        rest.push(moves[i]);
        ++unscored;
      }
    }
    for (int i = 0; i < unscored; ++i) moves[scored + i] = rest[i];
    for (int i = 1; i < scored; ++i) {
      M m = moves[i];
      int s = score[i], j = i - 1;
      while (j >= 0 && score[j] < s) {
        moves[j + 1] = moves[j];
        score[j + 1] = score[j];
        --j;
      }
      moves[j + 1] = m;
      score[j + 1] = s;
    }
  }

  void remember_killer(std::array<std::array<M, 2>, MaxSearchPly>& killers, const M& m) {
    if (ply_ >= MaxSearchPly) return;
    auto& k = killers[ply_];
    if (!(k[0] == m)) {
      k[1] = k[0];
      k[0] = m;
    }
  }

  // Ordering finishes before the search descends, so one scratch area serves every node; it
  // lives on the heap because a variant's move list can be large (Option Chess: 16,384 turns).
  struct SortScratch {
    std::array<int, MoveList::capacity> score;
    MoveList rest;
  };

  G& game_;
  Budget budget_;
  TranspositionTable tt_;
  std::unique_ptr<SortScratch> sort_scratch_;
  bool checks_only_ = false;
  int ply_ = 0;
  std::array<std::array<M, 2>, MaxSearchPly> attacker_killers_{};
  std::array<std::array<M, 2>, MaxSearchPly> defence_killers_{};
};

}  // namespace arbiter::prover
