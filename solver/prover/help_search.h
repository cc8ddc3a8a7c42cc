#pragma once
// Helpmate search ("h#n", "h#n.5"), generic over any RuleSet: every line in which both sides
// cooperate so that the side that does not move first is checkmated. With another goal
// (set_target: "h=n" stalemate, "hxn" a capture, ..., target.h) the last move must reach it
// instead; the cuts below that reason about mate stay off then (see set_target).
//
// A helpmate has no opponent: it is an OR tree for both sides, and the result is not one
// winning move but every solution. The search is a depth-first walk over plies that records
// each line ending in mate. As Popeye does, a line that mates earlier than the stipulated
// length (a short solution) is a solution too: "within n" is the set searched.
//
// Why it is fast, and why each cut is sound (every cut only skips lines that cannot end in
// mate, so the set of solutions is exactly that of the plain walk; tests/engines/help_search_test.cpp
// compares each cut with the walk without it on positions built to trip a careless version):
//  - Only the mating side's moves can mate, and only on its own plies, so the other side's
//    plies never test for mate, and on the mating side's last ply only checking moves are
//    generated (a move that does not check cannot mate).
//  - A transposition table (help_table.h) records "no solution within p plies" for a
//    position. Such a fact also holds for every p' <= p: the lines within p' are among those
//    within p. The key holds the side to move, and is salted with the mating side, since the
//    fact depends on which side mates (set play asks from the other side). Solutions are
//    never cached, since every one of them must be listed; positions with one below are rare.
//    Buckets of 8 entries with depth-preferred replacement, prefetched for the children.
// Orthodox chess only (the rule set opts in with orthodox_fast_paths, rules/core/capabilities.h;
// other rule sets, e.g. Option Chess with its double moves, get none of these):
//  - Mate bound (help_bound.h, may_mate): with km moves of the mater and kd of the defender
//    left, some square K the defending king can reach must be attackable while each of its
//    flights is attacked or blocked by a defending piece; empty-board move counts bound both
//    sides' moves from below, empty-board attacks bound the attacks from above. No such K:
//    no mate, so no solution. Applied from p >= 2.
//  - Check precheck (help_bound.h, may_give_check), on the mater's last ply: if no move of it
//    can check (pseudo-legally: pieces reaching a check square, discoverers, and castling,
//    e.p. and promotions answered "maybe"), no move mates, and the generator is not called.
//    The defender's moves at p == 2 get the same test one ply early (may_give_check_after:
//    the bitboards of the position after the move, computed without playing it; the moves
//    that change more than two squares' occupants, or the king, answered "maybe"): a move
//    after which the mater cannot check is skipped, exactly as its child would return.
//  - Flight bound, the defender's last ply (p == 2; help_bound.h, mate_after_other_move and
//    mate_after_king_move): after the defender's move and one move of the mater, the king's
//    square must be attacked and every flight covered; an upper bound on the mater's attacks
//    after any one move of it (x-rays through the squares the two moves may empty) is tested
//    once for "the king stays" (one flight may be left to a defending piece's block) and once
//    per king destination. The defender's moves that fail it are skipped (castling and en
//    passant always searched); when all fail the node is a loss, stored as such. The mate
//    bound is not tried at such nodes (the flight bound nearly always implies it). Off when
//    the mater may castle.
//  - Relevance filter, the defender's last ply (p == 2): when the mater cannot check in the
//    current position, a defender's move can only make a check possible through the squares
//    it empties or fills (help_bound.h, relevant_squares); its other moves are skipped,
//    since no check, hence no mate, can follow them.
//  - Stalemate filter, the stalemating side's last ply (stalemate_filter.h): every legal move of
//    the other side (one chosen per man, and each flight of its king) must be taken away by
//    that one move; a move that cannot take some of them away is skipped unplayed. One ply
//    earlier (p == 2), the other side's moves after which no move of ours passes those of the
//    constraints that its move cannot have taken away are skipped unplayed too.
//  - Stalemate bound (help_bound.h, may_stalemate), from p >= 2: the mate bound without its
//    check, every flight of the king's last square attacked or blocked within the budgets.
//  - Mating skeletons (mate_skeleton.h), the goals mate and stalemate, searches of at least
//    cuts_.skeletons_from plies: every mate (stalemate) within the root's
//    budgets matches one of the skeletons enumerated there (the units that check, guard, block,
//    intercept and pin, each on its square); a node keeps those its units can still reach within
//    both sides' moves left (empty-board distances), and none left means no solution below.
//    What Popeye's intelligent mode does by searching towards each target position in turn, with
//    the completeness of the enumeration tested on random mates and stalemates. Reciprocal help
//    play uses them too, each side's budget one move larger (end_moves: the help line, the other
//    side's move and the mater's goal move are a help play of the goal).
//    Where at most mate_skeleton::FewSkeletons are left at the parent, the mate and stalemate
//    bounds are not tried: those skeletons are a finer version of the same argument (a king
//    square, a checker, each flight's guard or block, each unit's distance) and cost less to
//    test; leaving a cut out never loses a solution.
//
// Help-self and help-reflex play ("hs#n", "hr#n", set_help_end): the help play's last move (the
// "mater"'s, as below) must leave the other side a move that reaches the goal, and then every
// move it has must (hs: a selfmate in 1) or one of them it must play (hr: a reflexmate in 1); the
// line found holds that reply too, one line per reply (Popeye's layout). A line ends at the first
// mater move after which this holds (short solutions, as in help play). In help-reflex play the
// reflex rule binds both sides throughout (Popeye's reading): the other side, whenever it can
// reach the goal, must (its goal moves end the line there, a short solution), and a mater that
// could reach the goal itself must too, which ends no line well: no solution passes there.
// The cuts that reason about mate or check are off (they are about the mater's goal move).
//
// Reciprocal help play ("reci-h#n", "reci-h(=)#n"; set_help_end(Reciprocal), set_reci_target):
// Black starts, and after the help play's 2n-2 plies (White's move last) Black must both be able
// to reach its own goal at once (reci_target: "reci-h#2", Black mates White) and to play a move
// after which White reaches the goal (an h#1). The lines found are each such help line, then
// each of Black's own goal moves, after the same help play (Popeye's layout). A line may end at
// any such position within the length (short solutions, as in help play), and lines go on past
// it: the end is open to Black, not played (Popeye lists both; an end that stopped the line
// would lose every longer solution through it). `solutions(p)` takes p = 2n - 2; reci-h#n.5
// (White first, then the same) p = 2n - 1, the end tried after White's moves only.
// The end is tried after every White move, so it is cut first (orthodox chess): a goal only a
// check reaches needs a move that may check (the check precheck, for Black's goal move and, one
// ply early, for White's after each Black move), and the skeletons must be reachable within one
// move each (may_end_here).
//
// Popeye's NullMoves (set_null_moves): either side may pass instead of moving, unless it is in
// check or the move before was a pass. A pass is tried first at every such node, and appears in
// a line as the null move M{}. The cuts stay sound: a pass never mates (the side that just
// moved is not in check), so the mater's last ply still needs a check; the bounds count moves
// "within" k, and a pass only spends one; the filters of the defender's last ply judge real
// moves only, and its "no move can be followed by mate" exit is not taken when a pass is
// possible. A position reached by a pass has fewer lines below it (no pass may follow), so its
// table key is salted apart.

#include <memory>
#include <optional>
#include <utility>
#include <cstdint>
#include <string_view>
#include <type_traits>
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
#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/target_reached.h"

namespace arbiter::prover {

// Which orthodox-only cuts are on (all by default; tests turn them off one at a time to
// compare with the plain walk).
struct HelpCuts {
  bool mate_bound = true;
  bool check_precheck = true;
  bool relevance_filter = true;
  bool flight_bound = true;
  bool stalemate_filter = true;
  bool stalemate_bound = true;
  int mate_bound_from = 2;  // the fewest plies left at which the bound is tried
  bool mate_skeletons = true;
  int skeletons_from = 4;  // the fewest plies at the root for which skeletons are enumerated
};

template <RuleSet G>
class HelpSearch {
 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;

  HelpSearch(G& game, const Limits& limits)
      : game_(game), budget_(limits), own_tt_(std::make_unique<HelpTable>(limits.hash_megabytes)), tt_(own_tt_.get()) {}
  // A search sharing `table` with other threads: every entry is a proved "no solution".
  HelpSearch(G& game, const Limits& limits, HelpTable& table) : game_(game), budget_(limits), tt_(&table) {}

  // Every solution of at most `plies` plies from the current position, the side to move
  // first; the side to move mates when `plies` is odd, the other side when it is even. With
  // `max_solutions` > 0 the search stops once more than that many are found (capped() says
  // so): enough to know a problem is cooked.
  std::vector<std::vector<M>> solutions(int plies, std::size_t max_solutions = 0) {
    const stop::SearchScope scope;  // the rules may stop by SearchStopped in here (rules/core/stop.h)
    found_.clear();
    path_.clear();
    capped_ = false;
    after_null_ = false;
    max_solutions_ = max_solutions;
    const bool first_mates = plies % 2 == 1;
    const bool white_mates = (game_.side_to_move() == White) == first_mates;
    salt_ = white_mates ? 0 : 0x9E3779B97F4A7C15ULL;
    // Reciprocal help play: the diagram may be the end already (reci-h#1, or a short solution),
    // unless the mater moves first (reci-h#N.5: the end comes after its moves only). Longer
    // lines from it are solutions too (visit).
    if (help_end_ == HelpEnd::Reciprocal && !first_mates) record_end_replies();
    prepare_skeletons(plies);
    if (plies > 0) search(plies, first_mates);
    return found_;
  }

  // The solutions of solutions(plies) that begin with `m`, one of the moves of the current
  // position, in the same order (threads share out the moves of a node this way).
  std::vector<std::vector<M>> solutions_beginning(const M& m, int plies) {
    const stop::SearchScope scope;  // the rules may stop by SearchStopped in here (rules/core/stop.h)
    found_.clear();
    path_.clear();
    capped_ = false;
    after_null_ = false;
    max_solutions_ = 0;
    const bool first_mates = plies % 2 == 1;
    const bool white_mates = (game_.side_to_move() == White) == first_mates;
    salt_ = white_mates ? 0 : 0x9E3779B97F4A7C15ULL;
    prepare_skeletons(plies);
    if (plies > 0) visit(m, plies, first_mates);
    return found_;
  }

  // The moves of the current position in the order search() tries them at `plies` plies
  // (plies >= 3: no filter applies there).
  void moves_in_search_order(std::vector<M>& out) {
    out.clear();
    for (int stage = 0; stage < Stages; ++stage) {
      MoveList moves;
      generate(moves, stage, false);
      for (int i = 0; i < moves.size(); ++i) out.push_back(moves[i]);
    }
  }

  // The goal the last move must reach (mate by default). Only the mate bound and the flight bound
  // reason about mate; the check precheck and the relevance filter only about check, so they
  // stay on for the goal check too. Every other goal is searched without the orthodox cuts.
  void set_target(const Target& target) {
    target_ = target;
    // The table's "no solution" facts are about one goal: each goal's keys are salted apart.
    target_salt_ = target.kind == Target::Mate ? 0 : (std::uint64_t(target.kind) * 64 + target.square + 1) * 0xA24BAED4963EE407ULL;
    if (target.wrong_side_ends_play()) target_salt_ ^= 0x9E6C63D0676A9A99ULL;
  }
  const Target& target() const { return target_; }

  // Help-self or help-reflex play (see above): `solutions(p)` then takes p, the help plies
  // before the other side's reply, and lists lines of p + 1 plies (or fewer).
  void set_help_end(HelpEnd end) {
    help_end_ = end;
    end_salt_ = end == HelpEnd::Goal     ? 0
                : end == HelpEnd::Self   ? 0x8CB92BA72F3D8DD7ULL
                : end == HelpEnd::Reflex ? 0x5851F42D4C957F2DULL
                                         : 0x2545F4914F6CDD1DULL ^ (std::uint64_t(reci_target_.kind) << 7);
  }
  // Reciprocal help play (set_help_end(Reciprocal)): the other side's own goal. Call before
  // set_help_end (the table's salt holds it).
  void set_reci_target(const Target& target) { reci_target_ = target; }

  // Popeye's NullMoves (see above); the rule set must be able to pass.
  void set_null_moves(bool on) {
    static_assert(NullMove<G>, "null moves need a rule set that can pass");
    null_moves_ = on;
  }

  // The mating skeletons of the current position for a search of `plies` plies (the side to move
  // first; null when the cut does not apply or they outgrow the limit), to share with the
  // searches that split its moves.
  std::shared_ptr<const mate_skeleton::Set> skeleton_set(int plies) {
    if constexpr (Orthodox) {
      const Position& pos = game_.position();
      const auto goal = skeleton_goal();
      if (!cuts_.mate_skeletons || !goal || plies < cuts_.skeletons_from) return nullptr;
      const bool first_mates = plies % 2 == 1;
      const Color mater = first_mates ? pos.side_to_move() : ~pos.side_to_move();
      const int km = (first_mates ? (plies + 1) / 2 : plies / 2) + end_moves(),
                kd = (first_mates ? plies / 2 : (plies + 1) / 2) + end_moves();
      return skeleton_maker_.make(*goal, pos, mater, km, kd);
    } else {
      return nullptr;
    }
  }
  // The next solutions_beginning() starts from the current position, reached from the root of
  // `set` by `first` (played from `before`), and uses its skeletons (none for a null set).
  void adopt_skeletons(std::shared_ptr<const mate_skeleton::Set> set, const Position& before, const M& first) {
    adopted_ = true;
    adopted_set_ = std::move(set);
    if constexpr (Orthodox) {
      if (!adopted_set_) return;
      adopted_units_ = adopted_set_->root;
      adopted_units_.play(before, first);
    }
  }

  bool capped() const { return capped_; }
  // The solutions found so far by the last solutions() or solutions_beginning(): after a limit
  // ended it, the ones found before (each complete).
  const std::vector<std::vector<M>>& found_so_far() const { return found_; }
  Budget& budget() { return budget_; }
  void reset_budget(const Limits& limits) { budget_ = Budget(limits); }
  std::uint64_t nodes() const { return budget_.nodes(); }
  G& game() { return game_; }
  HelpTable& table() { return *tt_; }
  // For tests: a table cleared too, so that facts found with other cuts do not carry over.
  void set_cuts(const HelpCuts& cuts) {
    cuts_ = cuts;
    tt_->clear();
  }

 private:
  static constexpr int Stages = generation_stages<G>;
  static constexpr bool HasCheckGenerator = has_check_generator<G>;
  static constexpr bool Orthodox = orthodox_fast_paths<G>;

  void generate(MoveList& moves, int stage, bool only_checks) { generate_moves(game_, moves, stage, only_checks); }

  // The position's key, salted with the mating side (and apart after a pass: no pass may follow).
  // And with the goal.
  std::uint64_t key() const {
    return game_.key() ^ salt_ ^ target_salt_ ^ end_salt_ ^ (after_null_ ? AfterNullSalt : 0) ^ identity_salt(game_, target_);
  }
  static constexpr std::uint64_t AfterNullSalt = 0xD1B54A32D192ED03ULL;

  // The cuts that are sound for the goal (set_target): the mate and flight bounds for mate, the
  // check precheck and relevance filter for any goal only a check reaches.
  bool mate_cuts() const { return target_.kind == Target::Mate && help_end_ == HelpEnd::Goal; }
  bool check_cuts() const { return target_.needs_check() && help_end_ == HelpEnd::Goal; }
  // The goal mating skeletons are built for (mate_skeleton.h): mate, or the other side stalemated.
  // Reciprocal help play too: after the help plies the other side must have a move after which
  // the mater reaches the goal, so every solution's line, that move and the goal move make a
  // help play of the goal within one move more for each side (end_moves): the skeletons of
  // those budgets cut it as they cut a helpmate.
  std::optional<mate_skeleton::Goal> skeleton_goal() const {
    if (help_end_ != HelpEnd::Goal && help_end_ != HelpEnd::Reciprocal) return std::nullopt;
    if (target_.kind == Target::Mate) return mate_skeleton::Goal::Mate;
    if (target_.kind == Target::Stalemate) return mate_skeleton::Goal::Stalemate;
    return std::nullopt;
  }
  // The moves each side has after the help plies on the way to the goal: one each in reciprocal
  // help play (the other side's move, then the goal move), none otherwise.
  int end_moves() const { return help_end_ == HelpEnd::Reciprocal ? 1 : 0; }
  // The stalemate filter: the goal needs the other side stalemated by the last move.
  bool stalemate_cuts() const {
    return (target_.kind == Target::Stalemate || target_.kind == Target::DoubleStalemate) && help_end_ == HelpEnd::Goal;
  }

  // Help-self and help-reflex play, after the mater's move: the other side's replies that end
  // the line (recorded, each its own line), or none. hs: all its moves, when every one reaches
  // the goal (counted first, then recorded); hr: those that reach it.
  bool record_end_replies() {
    if (help_end_ == HelpEnd::Reciprocal) {
      // Both ends must be open: the other side's own goal move, and a move of it after which the
      // goal is reached. The help lines are recorded first, then the goal moves (Popeye's order).
      // In orthodox chess a goal only a check reaches is first tested cheaply (help_bound.h): no
      // move that can check, no goal move (the check precheck of help play's last ply).
      if constexpr (Orthodox) {
        if (reci_target_.needs_check() && cuts_.check_precheck && !help_bound::may_give_check(game_.position())) return false;
      }
      if (!visit_goal_moves(game_, reci_target_, budget_, [](const M&) { return false; })) return false;
      const std::size_t before = found_.size();
      MoveList moves;
      game_.generate_legal(moves);
      for (int i = 0; i < moves.size() && !capped_; ++i) {
        if constexpr (Orthodox) {
          // The mater's goal move must check: skipped unplayed, a move after which it cannot.
          if (target_.needs_check() && cuts_.check_precheck &&
              !help_bound::may_give_check_after(game_.position(), ~game_.position().side_to_move(), moves[i]))
            continue;
        }
        budget_.spend();
        path_.push_back(moves[i]);
        game_.play(moves[i]);
        visit_goal_moves(game_, target_, budget_, [&](const M& w) {
          path_.push_back(w);
          record();
          path_.pop_back();
          return !capped_;
        });
        game_.undo();
        path_.pop_back();
      }
      if (found_.size() == before) return false;
      visit_goal_moves(game_, reci_target_, budget_, [&](const M& r) {
        path_.push_back(r);
        record();
        path_.pop_back();
        return !capped_;
      });
      return true;
    }
    if (help_end_ == HelpEnd::Self && !target_.self_check_goal()) {
      // Every move must reach the goal: the first that does not settles it, a move that does not
      // check first (the prepared check test) where only a check reaches the goal; then each is
      // played and judged; then all are recorded, in the order generated.
      MoveList moves;
      game_.generate_legal(moves);
      if (moves.size() == 0) return false;
      if (target_.needs_check()) {
        auto gives_check = check_oracle(game_);
        for (int i = 0; i < moves.size(); ++i)
          if (!gives_check(moves[i])) return false;
      }
      for (int i = 0; i < moves.size(); ++i) {
        const MoveFacts facts = target_.needs_move_facts() ? move_facts(game_, moves[i]) : MoveFacts{};
        budget_.spend();
        game_.play(moves[i]);
        const bool reached = target_reached(game_, target_, facts);
        game_.undo();
        if (!reached) return false;
      }
      for (int i = 0; i < moves.size() && !capped_; ++i) {
        path_.push_back(moves[i]);
        record();
        path_.pop_back();
      }
      return true;
    }
    if (help_end_ == HelpEnd::Self) {  // (a goal move the rules otherwise forbid: !#, ##, ##!)
      MoveList moves;
      game_.generate_legal(moves);
      int reaching = 0;
      visit_goal_moves(game_, target_, budget_, [&](const M&) { return ++reaching, true; });
      if (reaching == 0 || reaching != moves.size()) return false;
    }
    return visit_goal_moves(game_, target_, budget_, [&](const M& r) {
      path_.push_back(r);
      record();
      path_.pop_back();
      return !capped_;
    });
  }

  // `p` plies left; `mater` is true when the side to move is the one that mates. Returns
  // whether some solution lies below (complete searches only: when capped it may be partial).
  bool search(int p, bool mater) {
    const bool last = p == 1;  // only reached with mater to move
    if (last && target_.self_check_goal()) {
      // !#, ##, ##!: only a move that leaves the mater's king attacked reaches them (mover_goals.h),
      // and no legal move does; those moves come from the goal's own list.
      MoveList goal_moves;
      add_self_check_goal_moves(game_, target_, goal_moves);
      bool found = false;
      for (int i = 0; i < goal_moves.size() && !capped_; ++i) found = visit(goal_moves[i], p, mater) || found;
      return found;
    }
    if (help_end_ == HelpEnd::Reflex) {
      // The reflex rule: the other side reaches the goal whenever it can (those lines end here);
      // a mater that could must, and no line goes on.
      if (!mater && record_end_replies()) return true;
      if (mater && visit_goal_moves(game_, target_, budget_, [](const M&) { return false; })) return false;
    }
    [[maybe_unused]] bool filter = false;
    [[maybe_unused]] help_bound::Relevance relevance{};
    [[maybe_unused]] bool flight_filter = false, others_ok = true;
    [[maybe_unused]] Bitboard king_ok = 0;
    [[maybe_unused]] bool stalemating = false, stalemate_early = false;
    [[maybe_unused]] stalemate_filter::Filter stalemate;  // (filled only when stalemating)
    if constexpr (Orthodox) {
      const Position& pos = game_.position();
      if (last && check_cuts() && cuts_.check_precheck && !help_bound::may_give_check(pos)) return false;
      if (last && stalemate_cuts() && cuts_.stalemate_filter) {
        stalemating = true;
        stalemate = stalemate_filter::build(pos, pos.side_to_move());
        if (!stalemate_filter::any_candidate(pos, stalemate)) return false;
      }
    }
    const bool use_table = p >= 2;
    if (use_table && tt_->loss(key(), p)) return false;
    if constexpr (Orthodox) {
      const Position& pos = game_.position();
      const Color m = mater ? pos.side_to_move() : ~pos.side_to_move();
      const bool flights = p == 2 && !mater && mate_cuts() && cuts_.flight_bound && !help_bound::mater_may_castle(pos, m);
      // With many skeletons left the mate bound is the cheaper first test.
      const bool few_skeletons = skeletons_.few_left(path_.size());
      if (mate_cuts() && cuts_.mate_bound && p >= cuts_.mate_bound_from && !flights && !few_skeletons) {
        const int km = mater ? (p + 1) / 2 : p / 2, kd = mater ? p / 2 : (p + 1) / 2;
        if (!help_bound::may_mate(pos, m, km, kd)) {
          if (use_table) remember_loss(p);
          return false;
        }
      }
      if (skeletons_.on() && !path_.empty()) {
        const int km = (mater ? (p + 1) / 2 : p / 2) + end_moves() + mate_skeleton::castling_bonus(pos, m);
        const int kd = (mater ? p / 2 : (p + 1) / 2) + end_moves() + mate_skeleton::castling_bonus(pos, ~m);
        // On the last ply no deeper depth needs the list, but the end of reciprocal play does
        // (may_end_here keeps from it).
        if (!skeletons_.keep(path_.size(), km, kd, last && help_end_ != HelpEnd::Reciprocal)) {
          if (use_table) remember_loss(p);
          return false;
        }
      }
      if (p == 2 && !mater && check_cuts() && cuts_.relevance_filter && !help_bound::may_give_check(pos, m)) {
        filter = true;
        relevance = help_bound::relevant_squares(pos, m);
      }
      if (stalemate_cuts() && cuts_.stalemate_bound && p >= 2 && !few_skeletons) {
        const int km = mater ? (p + 1) / 2 : p / 2, kd = mater ? p / 2 : (p + 1) / 2;
        if (!help_bound::may_stalemate(pos, m, km, kd)) {
          remember_loss(p);
          return false;
        }
      }
      if (p == 2 && !mater && stalemate_cuts() && cuts_.stalemate_filter) {
        stalemate_early = true;
        stalemate = stalemate_filter::build(pos, ~pos.side_to_move());
      }
      if (flights) {
        others_ok = help_bound::mate_after_other_move(pos, m);
        const Square k = pos.king_square(~m);
        if (k != NoSquare) {
          for (Bitboard b = king_attacks(k) & ~pos.pieces(~m); b;) {
            const Square to = pop_lsb(b);
            if (pos.attacked_by(m, to)) continue;  // illegal now, and after the king leaves k
            if (help_bound::mate_after_king_move(pos, m, to)) king_ok |= square_bb(to);
          }
          flight_filter = true;
          // No move of any kind can be followed by mate (castling and en passant aside, and a pass).
          const int def_rights = m == White ? (BlackKingside | BlackQueenside) : (WhiteKingside | WhiteQueenside);
          if (!others_ok && !king_ok && pos.en_passant_square() == NoSquare && !(pos.castling_rights() & def_rights) &&
              !may_pass(last)) {
            remember_loss(p);
            return false;
          }
        }
      }
    }
    bool found = false;
    if (may_pass(last)) {
      found = visit_null(p, mater);
      if (capped_) return found;
    }
    // The mater's last move must check: asked of each move, by a test prepared once for the
    // position where the rule set has one (check_oracle).
    const bool checks_only = last && check_cuts() && !(Stages == 1 && HasCheckGenerator);
    std::optional<decltype(check_oracle(game_))> checks;
    if (checks_only) checks.emplace(check_oracle(game_));
    for (int stage = 0; stage < Stages; ++stage) {
      MoveList moves;
      generate(moves, stage, last && check_cuts());
      if constexpr (Orthodox) {
        if (p >= 3) prefetch_children(moves);
      }
      for (int i = 0; i < moves.size(); ++i) {
        const M m = moves[i];
        if (checks_only && !(*checks)(m)) continue;
        if constexpr (Orthodox) {
          if (filter && !help_bound::relevant(game_.position(), m, relevance)) continue;
          if (stalemating && !stalemate_filter::may_stalemate(stalemate, m)) continue;
          if (stalemate_early && !stalemate_filter::may_stalemate_after(game_.position(), stalemate, m)) continue;
          if (flight_filter && m.kind() != MoveKind::Castling && m.kind() != MoveKind::EnPassant) {
            if (type_of(game_.position().piece_on(m.from())) == King) {
              if (!(king_ok & square_bb(m.to()))) continue;
            } else if (!others_ok) {
              continue;
            }
          }
          // The mater's last ply comes next: its check precheck, done here without playing m.
          if (p == 2 && !mater && check_cuts() && cuts_.check_precheck &&
              !help_bound::may_give_check_after(game_.position(), ~game_.position().side_to_move(), m))
            continue;
        }
        found = visit(m, p, mater) || found;
        if (capped_) return found;
      }
    }
    if (use_table && !found) remember_loss(p);
    return found;
  }

  // Plays m (p plies left, `mater` as in search) and searches below it: whether some
  // solution begins with m.
  bool visit(const M& m, int p, bool mater) {
    bool found = false;
    budget_.spend();
    const bool judged = mater ? target_.needs_move_facts() : target_.wrong_side_ends_play();
    const MoveFacts facts = judged ? move_facts(game_, m) : MoveFacts{};
    if constexpr (Orthodox) {
      if (skeletons_.on()) skeletons_.play(path_.size(), game_.position(), m);
    }
    path_.push_back(m);
    game_.play(m);
    if (!mater && wrong_side_reached(game_, target_, facts)) {  // GoalIsEnd: the play ends unfulfilled
      game_.undo();
      path_.pop_back();
      return false;
    }
    const bool after_null = after_null_;
    after_null_ = false;
    if (mater && help_end_ == HelpEnd::Reciprocal) {  // the line may end here, and may go on
      found = may_end_here() && record_end_replies();
      if (p >= 3 && !capped_) found = search(p - 1, false) || found;
    } else if (mater && help_end_ == HelpEnd::Self) {
      found = record_end_replies() || (p >= 3 && search(p - 1, false));
    } else if (mater && help_end_ == HelpEnd::Reflex) {  // (search() records the replies it must play)
      found = p >= 3 ? search(p - 1, false) : record_end_replies();
    } else if (mater) {
      if (target_reached(game_, target_, facts)) {
        record();
        found = true;
      } else if (p >= 3) {
        found = search(p - 1, false);
      }
    } else {
      found = search(p - 1, true);  // p >= 2 here: the other side's ply comes last
    }
    after_null_ = after_null;
    game_.undo();
    path_.pop_back();
    return found;
  }

  // Reciprocal help play, after the mater's move: can the line end here? Its end is the other
  // side's move and the mater's goal move, a help play of the goal one move each from here, so
  // (orthodox chess, skeletons on) some skeleton must be reachable within those budgets; the
  // skeletons at this depth are those of the budgets of the whole line below, recomputed by the
  // search that goes on (keep() rebuilds a depth from its parent). Without a skeleton left, the
  // end's two move generations (the other side's goal moves, its moves then the mater's) are
  // skipped: none of them could end in the goal.
  bool may_end_here() {
    if constexpr (Orthodox) {
      if (skeletons_.on() && !path_.empty()) {
        const Position& pos = game_.position();
        const Color m = ~pos.side_to_move();
        const int km = 1 + mate_skeleton::castling_bonus(pos, m), kd = 1 + mate_skeleton::castling_bonus(pos, ~m);
        // (The parent's smallest sum first: the full scan of a long list is what it saves.)
        return !skeletons_.out_of_reach(path_.size(), km, kd) && skeletons_.keep(path_.size(), km, kd, true);
      }
    }
    return true;
  }

  // May the side to move pass here? Never on the mater's last ply: a pass does not mate.
  bool may_pass(bool last) const { return null_moves_ && !after_null_ && !last && !game_.in_check(); }

  // Passes (p plies left, `mater` as in search) and searches below: whether some solution
  // begins with the pass. The side that just moved is not in check, so the pass never mates.
  bool visit_null(int p, bool mater) {
    if constexpr (NullMove<G>) {
      bool found = false;
      budget_.spend();
      if (skeletons_.on()) skeletons_.pass(path_.size());
      path_.push_back(M{});
      game_.play_null();
      after_null_ = true;
      if (!mater || p >= 3) found = search(p - 1, !mater);
      after_null_ = false;
      game_.undo_null();
      path_.pop_back();
      return found;
    } else {
      return false;
    }
  }

  // Brings the table's buckets of the children into the cache before they are probed, so the
  // misses overlap. A child's key is computed as for a plain move (castling, en passant and
  // e.p. rights may make it differ: then the hint is merely useless); results never depend
  // on it.
  void prefetch_children([[maybe_unused]] const MoveList& moves) {
    if constexpr (Orthodox) {
      const Position& pos = game_.position();
      const std::uint64_t base = key() ^ zobrist::black_to_move;
      for (int i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        const Piece moved = pos.piece_on(m.from()), captured = pos.piece_on(m.to());
        std::uint64_t k = base ^ zobrist::piece_square[moved][m.from()] ^ zobrist::piece_square[moved][m.to()];
        if (captured != NoPiece) k ^= zobrist::piece_square[captured][m.to()];
        tt_->prefetch(k);
      }
    }
  }


  // Stores "no solution within p plies" here; fills are reported to the table in batches.
  void remember_loss(int p) {
    if (tt_->store_loss(key(), p) && ++fills_ == TableGrowth::Batch) {
      tt_->note_fills(fills_);
      fills_ = 0;
    }
  }

  // Mating skeletons (mate_skeleton.h): enumerated at the root of an orthodox helpmate or
  // help-stalemate search of at least cuts_.skeletons_from plies (kept for the next search from
  // the same root, or adopted from the search that split the root's moves).
  void prepare_skeletons(int plies) {
    skeletons_.off();
    if (std::exchange(adopted_, false)) {
      if (adopted_set_) skeletons_.start(adopted_set_, adopted_units_);
      return;
    }
    if (const auto set = skeleton_set(plies)) skeletons_.start(set, set->root);
  }

  void record() {
    found_.push_back(path_);
    if (max_solutions_ && found_.size() > max_solutions_) capped_ = true;
  }

  G& game_;
  Budget budget_;
  std::unique_ptr<HelpTable> own_tt_;  // null when the table is shared
  HelpTable* tt_;
  std::size_t fills_ = 0;  // not yet reported to the table
  HelpCuts cuts_;
  Target target_;
  std::uint64_t target_salt_ = 0;
  HelpEnd help_end_ = HelpEnd::Goal;
  Target reci_target_;  // reciprocal help play: the other side's own goal
  std::uint64_t end_salt_ = 0;
  std::vector<M> path_;
  std::vector<std::vector<M>> found_;
  std::size_t max_solutions_ = 0;
  bool capped_ = false;
  std::uint64_t salt_ = 0;
  bool null_moves_ = false;
  bool after_null_ = false;  // the move just played was a pass
  mate_skeleton::Tracker skeletons_;
  mate_skeleton::SetMaker skeleton_maker_;
  bool adopted_ = false;  // the next search starts with the set and units adopt_skeletons() left
  std::shared_ptr<const mate_skeleton::Set> adopted_set_;
  mate_skeleton::Units adopted_units_;
};

}  // namespace arbiter::prover
