#pragma once
// Series search ("ser-#n", "ser-=n", "ser-h#n", "ser-h=n", any goal of target.h), generic over
// any RuleSet that can pass: the side to move (the series side) plays up to n moves in a row
// while the other side passes, then
//   - direct series (ser-X): the series side's last move reaches the goal X;
//   - help series (ser-hX): the other side plays one move that reaches X;
//   - reciprocal help series (ser-reci-hX, ser-reci-h(Y)X): where the series side could both
//     reach its own goal Y with its next move and play a move after which the other side reaches
//     X, each such help line (its move, the other side's reply) and each such goal move is a
//     solution (Popeye's BEISPIEL/h_alt.inp 7: "7.Td7-d8 Dh7-b7 #" and "7.Td7*h7 =").
// As in Popeye (TESTS/series_play.inp and live runs, tests/engines/series_search_test.cpp):
//   - no series move but the last may give check (the other side would have to answer it); in
//     help series the last may, and the other side's move answers it;
//   - a line ends at the goal: a direct series does not continue past a move that reaches it
//     (ser-x3 lists 1.Ra1 2.Rxa7, never 1.Ra1 2.Rxa7 3.Rxb7);
//   - with GoalIsEnd (target.h) a help series' move that reaches the goal for the series side
//     ends the play unfulfilled: no line goes on from it;
//   - shorter lines are solutions too ("within n"), and in help series a line may continue from
//     a position where the goal was already reachable (ser-h#2 lists 1.h6 Rd8# and 1.h6 2.h5
//     Rd8#).
//
// Why it is fast, and why each cut is sound (each only skips lines without a solution; the
// tests compare with the plain walk written from the definition):
//  - A transposition table records "no solution within k series moves" for a position with the
//    series side to move; such a fact holds for every k' <= k (the lines within k' are among
//    those within k). Series play is full of transpositions (the same moves in another order).
//    The key is salted per goal and play, and the passes leave no trace in it (make_null
//    clears only the en passant square, which the series side's own move cannot have set for
//    itself), so a position reached by two orders is one entry.
//  - Help series, the position after each series move (the other side to move): whether its
//    goal move or the series going on from it finds a solution within `left` depends on that
//    position and `left` alone (the series move's own facts are judged before), so "none within
//    `left`" is recorded for it too, under a key of its own: a transposition reached again skips
//    the other side's goal moves as well as the series below.
//  - Help series, the other side's final move: only checking moves are tried when the goal
//    needs a check (mate, check).
//  - Mate bound, orthodox chess and the goal mate (help_bound.h, may_mate): whether the goal
//    side can mate at all with km of its moves and kd of the other's is judged on the final
//    position from move counts alone, whatever their order, so it holds for a series too:
//    a direct series gives the series side `left` moves and the other side none, a help series
//    the series side `left` moves and the mating side one. No such mate: no solution below.
//  - Stalemate bound and filter, orthodox chess and the goals stalemate and double stalemate
//    (help_bound.h may_stalemate, the same counts; stalemate_filter.h on the other side's final
//    move of a help series, as in help play).
//  - Mating skeletons, orthodox chess and the goals mate and stalemate (mate_skeleton.h), with the
//    same counts: enumerated at the root, kept along the path while some can still be reached.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/prover/help_bound.h"
#include "solver/prover/goal_moves.h"
#include "solver/prover/help_table.h"
#include "solver/prover/limits.h"
#include "solver/prover/mate_skeleton.h"
#include "solver/prover/move_source.h"
#include "solver/prover/stalemate_filter.h"
#include "solver/stipulation/target_reached.h"

namespace arbiter::prover {

enum class SeriesPlay { Direct, Help, Reciprocal };

template <RuleSet G>
  requires NullMove<G>
class SeriesSearch {
 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;

  // `reci_target`: reciprocal play's own goal of the series side (the goal when not given).
  SeriesSearch(G& game, const Limits& limits, SeriesPlay play, const Target& target, const std::optional<Target>& reci_target = {})
      : game_(game),
        budget_(limits),
        tt_(std::make_unique<HelpTable>(limits.hash_megabytes)),
        play_(play),
        target_(target),
        reci_target_(reci_target.value_or(target)) {
    salt_ = (std::uint64_t(target.kind) * 64 + target.square + 1) * 0x9FB21C651E98DF25ULL ^
            (play == SeriesPlay::Help ? 0xC2B2AE3D27D4EB4FULL : 0) ^ (target.wrong_side_ends_play() ? 0x9E6C63D0676A9A99ULL : 0) ^
            (play == SeriesPlay::Reciprocal ? 0x2545F4914F6CDD1DULL ^ (std::uint64_t(reci_target_.kind) << 7) : 0);
  }

  // Every solution of at most `n` series moves from the current position, the series side to
  // move: each the series side's moves (passes left out), then in help series the other side's
  // move that reaches the goal.
  std::vector<std::vector<M>> solutions(int n) {
    const stop::SearchScope scope;  // the rules may stop by SearchStopped in here (rules/core/stop.h)
    found_.clear();
    own_goal_.clear();
    path_.clear();
    prepare_skeletons(n);
    if (n > 0) search(n);
    return found_;
  }
  // Reciprocal play: for each line of solutions(), whether it ends with the series side's own goal
  // move (else with the other side's reply).
  const std::vector<bool>& ends_with_own_goal() const { return own_goal_; }

  const std::vector<std::vector<M>>& found_so_far() const { return found_; }
  Budget& budget() { return budget_; }
  // A fresh budget for the next search (the table is kept: its facts hold for any budget).
  void reset_budget(const Limits& limits) { budget_ = Budget(limits); }
  std::uint64_t nodes() const { return budget_.nodes(); }

 private:
  static constexpr int Stages = generation_stages<G>;

  std::uint64_t key() const { return game_.key() ^ salt_ ^ identity_salt(game_, target_); }
  // Help series: the positions after a series move, the other side to move (its goal move, then
  // the series going on), keyed apart from the series side's.
  static constexpr std::uint64_t OtherSideToMove = 0x6A09E667F3BCC909ULL;
  bool stalemate_goal() const { return target_.kind == Target::Stalemate || target_.kind == Target::DoubleStalemate; }

  // `left` series moves left (>= 1), the series side to move. Whether some solution lies below.
  bool search(int left) {
    if (tt_->loss(key(), left)) return false;
    if (play_ == SeriesPlay::Reciprocal) return search_reciprocal(left);
    if constexpr (orthodox_fast_paths<G>) {
      const Position& pos = game_.position();
      const Color series_side = pos.side_to_move();
      bool may = true;
      // (where few skeletons are left, they cut all the bounds would)
      if (!skeletons_.few_left(path_.size())) {
        if (target_.kind == Target::Mate)
          may = play_ == SeriesPlay::Direct ? help_bound::may_mate(pos, series_side, left, 0)
                                            : help_bound::may_mate(pos, ~series_side, 1, left);
        else if (stalemate_goal())
          may = play_ == SeriesPlay::Direct ? help_bound::may_stalemate(pos, series_side, left, 0)
                                            : help_bound::may_stalemate(pos, ~series_side, 1, left);
      }
      if (!may) {
        remember_loss(left);
        return false;
      }
      if (skeletons_.on() && !path_.empty()) {
        const bool direct = play_ == SeriesPlay::Direct;
        const Color mater = direct ? series_side : ~series_side;
        const int km = (direct ? left : 1) + mate_skeleton::castling_bonus(pos, mater);
        const int kd = (direct ? 0 : left) + mate_skeleton::castling_bonus(pos, ~mater);
        if (!skeletons_.keep(path_.size(), km, kd, left == 1)) {
          remember_loss(left);
          return false;
        }
      }
    }
    bool found = false;
    for (int stage = 0; stage < Stages; ++stage) {
      MoveList moves;
      generate_moves(game_, moves, stage, false);
      for (int i = 0; i < moves.size(); ++i) found = visit(moves[i], left) || found;
    }
    if (play_ == SeriesPlay::Direct && target_.self_check_goal()) {  // !#, ##, ##!: the goal moves the rules otherwise forbid
      MoveList goal_moves;
      add_self_check_goal_moves(game_, target_, goal_moves);
      for (int i = 0; i < goal_moves.size(); ++i) found = visit(goal_moves[i], left) || found;
    }
    if (!found) remember_loss(left);
    return found;
  }

  // Mating skeletons for n series moves: the series side mates (direct) or is mated (help),
  // orthodox chess, the goals mate and stalemate.
  void prepare_skeletons(int n) {
    skeletons_.off();
    if constexpr (orthodox_fast_paths<G>) {
      if (play_ == SeriesPlay::Reciprocal || n < 2) return;
      const auto goal = target_.kind == Target::Mate        ? std::optional(mate_skeleton::Goal::Mate)
                        : target_.kind == Target::Stalemate ? std::optional(mate_skeleton::Goal::Stalemate)
                                                            : std::nullopt;
      if (!goal) return;
      const Position& pos = game_.position();
      const bool direct = play_ == SeriesPlay::Direct;
      const Color mater = direct ? pos.side_to_move() : ~pos.side_to_move();
      const auto set = skeleton_maker_.make(*goal, pos, mater, direct ? n : 1, direct ? 0 : n);
      if (set) skeletons_.start(set, set->root);
    }
  }

  // Reciprocal play, `left` series moves left: the ends open here, then the lines going on (no
  // series move but the last may check). No bound: the two goals are judged at the end alone.
  bool search_reciprocal(int left) {
    bool found = reciprocal_end();
    if (left > 1)
      for_each_move([&] {
        if (!game_.in_check()) found = continue_series(left) || found;
      });
    if (!found) remember_loss(left);
    return found;
  }

  // Plays each legal move of the side to move in turn, on the path, and calls `then` after it.
  template <class Then>
  void for_each_move(Then&& then) {
    MoveList moves;
    game_.generate_legal(moves);
    for (int i = 0; i < moves.size(); ++i) {
      budget_.spend();
      path_.push_back(moves[i]);
      game_.play(moves[i]);
      then();
      game_.undo();
      path_.pop_back();
    }
  }

  // Reciprocal play, the series side to move: when it can reach its own goal with one move and
  // can play one after which the other side reaches the goal, records the help lines, then the
  // goal moves (Popeye's order); whether it did.
  bool reciprocal_end() {
    if (!visit_goal_moves(game_, reci_target_, budget_, [](const M&) { return false; })) return false;
    const std::size_t before = found_.size();
    for_each_move([&] {
      visit_goal_moves(game_, target_, budget_, [&](const M& w) {
        path_.push_back(w);
        record(false);
        path_.pop_back();
        return true;
      });
    });
    if (found_.size() == before) return false;
    visit_goal_moves(game_, reci_target_, budget_, [&](const M& r) {
      path_.push_back(r);
      record(true);
      path_.pop_back();
      return true;
    });
    return true;
  }

  void record(bool own_goal) {
    found_.push_back(path_);
    own_goal_.push_back(own_goal);
  }

  // Stores "no solution within `left` series moves" here; fills are reported to the table in
  // batches, by which it grows.
  void remember_loss(int left, std::uint64_t salt = 0) {
    if (tt_->store_loss(key() ^ salt, left) && ++fills_ == TableGrowth::Batch) {
      tt_->note_fills(fills_);
      fills_ = 0;
    }
  }

  bool visit(const M& m, int left) {
    budget_.spend();
    const bool judged = play_ == SeriesPlay::Direct ? target_.needs_move_facts() : target_.wrong_side_ends_play();
    const MoveFacts facts = judged ? move_facts(game_, m) : MoveFacts{};
    if constexpr (orthodox_fast_paths<G>) {
      if (skeletons_.on()) skeletons_.play(path_.size(), game_.position(), m);
    }
    path_.push_back(m);
    game_.play(m);
    bool found = false;
    if (play_ == SeriesPlay::Help && wrong_side_reached(game_, target_, facts)) {
      // GoalIsEnd: the series side reached the goal for itself; the play ends unfulfilled.
    } else if (play_ == SeriesPlay::Direct) {
      if (target_reached(game_, target_, facts)) {
        found_.push_back(path_);  // the line ends at the goal
        found = true;
      } else if (left > 1 && !game_.in_check()) {
        found = continue_series(left);
      }
    } else if (!tt_->loss(key() ^ OtherSideToMove, left)) {
      found = finish_help();
      if (left > 1 && !game_.in_check()) found = continue_series(left) || found;
      if (!found) remember_loss(left, OtherSideToMove);
    }
    game_.undo();
    path_.pop_back();
    return found;
  }

  // The other side passes; the series side plays on with one move fewer.
  bool continue_series(int left) {
    game_.play_null();
    const bool found = search(left - 1);
    game_.undo_null();
    return found;
  }

  // Help series: the other side's moves that reach the goal now, each a solution.
  bool finish_help() {
    bool found = false;
    const bool checks_only = target_.needs_check();
    [[maybe_unused]] bool stalemating = false;
    [[maybe_unused]] stalemate_filter::Filter filter;  // (filled only when stalemating)
    if constexpr (orthodox_fast_paths<G>) {
      if (stalemate_goal()) {
        const Position& pos = game_.position();
        stalemating = true;
        filter = stalemate_filter::build(pos, pos.side_to_move());
        if (!stalemate_filter::any_candidate(pos, filter)) return false;
      }
    }
    // After the stages, the goal moves the rules otherwise forbid (!#, ##, ##! alone).
    const int stages = Stages + (target_.self_check_goal() ? 1 : 0);
    for (int stage = 0; stage < stages; ++stage) {
      MoveList moves;
      if (stage < Stages) generate_moves(game_, moves, stage, checks_only);
      else add_self_check_goal_moves(game_, target_, moves);
      for (int i = 0; i < moves.size(); ++i) {
        const M r = moves[i];
        if (checks_only && !(Stages == 1 && has_check_generator<G>) && !prover::gives_check(game_, r)) continue;
        if constexpr (orthodox_fast_paths<G>) {
          if (stalemating && !stalemate_filter::may_stalemate(filter, r)) continue;
        }
        budget_.spend();
        const MoveFacts facts = target_.needs_move_facts() ? move_facts(game_, r) : MoveFacts{};
        game_.play(r);
        if (target_reached(game_, target_, facts)) {
          path_.push_back(r);
          found_.push_back(path_);
          path_.pop_back();
          found = true;
        }
        game_.undo();
      }
    }
    return found;
  }

  G& game_;
  Budget budget_;
  std::unique_ptr<HelpTable> tt_;
  SeriesPlay play_;
  Target target_;
  Target reci_target_;
  std::uint64_t salt_ = 0;
  std::size_t fills_ = 0;
  std::vector<M> path_;
  std::vector<std::vector<M>> found_;
  std::vector<bool> own_goal_;  // (reciprocal play; empty otherwise)
  mate_skeleton::Tracker skeletons_;
  mate_skeleton::SetMaker skeleton_maker_;
};

}  // namespace arbiter::prover
