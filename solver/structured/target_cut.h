#pragma once
// A target cut for the structured walk (structured_search.h): mating skeletons
// (solver/prover/mate_skeleton.h) for a root branch whose every fork is one goal, mate or
// stalemate, of one side, or a branch whose forks are. Parry series (pser-h#7 is
// "black 13h[1a[#]d]?+?h"), series self and reflex play, help play into a direct mate
// ("9h[3a[#]d]h") and their kin come here; orthodox chess only.
//
// Why it is complete. A branch is solved only where some line of its half-moves reaches a fork
// (structured_search.h: after() answers true at a fork alone; a defending move solves only when
// every defence does, and a defender with a move has one that must reach one; a defender without
// one is not beaten). So from a node with half-moves i..max-1 of the branch left, a solution needs
// a goal position within that many moves of each side: the half-moves are the sides' in turn
// (in series play the series side's, the other passing), and a fork that is a branch (its own
// forks goals) adds its half-moves the same way; at a node of such a branch, its own half-moves
// left alone count (it is solved only where its own play reaches its goal). A pass moves nothing.
// Every mate (stalemate) within those budgets matches a skeleton reachable within them
// (mate_skeleton.h), so where none is, the node is not solved: decide() answers false without
// playing a move. The checker's arrival rule of a mate (the defender was not in check before the
// mating move) holds: the half-move before a mate is a legal move of the defender, or its pass,
// which the structured walk grants only to a side not in check (?+?, series play, '-').
//
// The skeletons are enumerated once, at the root with the root's budgets, and each node keeps
// those still reachable from the nearest shallower depth whose list holds them all: a skeleton
// reachable at depth d within its budgets was reachable at an ancestor a within d's budgets plus
// the moves played between them (one move changes one unit's distance by at most one; castling
// two, which the castling bonus of a side holding a right pays), so a's list holds it when a's
// budgets are at least those. The walk also tests forks and constraints below a node, and lists
// lines and trees by walks of its own: every move and pass it plays is followed here (play, pass,
// undo), and a depth's list counts only while the moves above it are the ones it was kept for.

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "rules/core/capabilities.h"
#include "solver/prover/mate_skeleton.h"
#include "solver/stipulation/slice_tree.h"

namespace arbiter::structured {

namespace mate_skeleton = prover::mate_skeleton;

template <class G>
class TargetCut {
 public:
  using M = typename G::MoveType;

  // The cut for `root` from the game's position, if the tree has the shape: `engaged`, the
  // skeletons enumerated at once; else only by engage().
  TargetCut(const G& game, const SliceNode& root, bool engaged) {
    if constexpr (orthodox_fast_paths<G>) {
      shaped_ = shape(game, root).has_value();
      if (engaged) engage(game, root);
    }
  }

  // Could engage() put the cut on (the tree has the shape)?
  bool may_engage() const { return shaped_ && !engaged_; }

  // Enumerates the skeletons from the game's position, the root's, with the root's budgets (on
  // unless they outgrow their limit).
  void engage(const G& game, const SliceNode& root) {
    if constexpr (orthodox_fast_paths<G>) {
      if (engaged_ || !shaped_) return;
      engaged_ = true;
      start(game, root);
    }
  }

  bool on() const { return tracker_.on(); }

  // The walk plays move m (legal where the game stands), or a pass; undo() takes the last back.
  void play(const G& game, const M& m) {
    if constexpr (orthodox_fast_paths<G>) {
      if (!on()) return;
      tracker_.play(depth_, game.position(), m);
      push(game.position().side_to_move());
    }
  }
  void pass() {
    if (!on()) return;
    tracker_.pass(depth_);
    push(std::nullopt);
  }
  void undo() {
    if (on()) --depth_;
  }

  // Can a fork of `b` (the root branch or a branch forked into from it, its move i to play, play
  // ending after `max` half-moves) still be reached from here? False only when no skeleton is
  // reachable. (A branch forked into is solved only where its own play reaches its goal.)
  bool may_reach(const G& game, const SliceNode& b, int i, int max) {
    if constexpr (orthodox_fast_paths<G>) {
      if (!on()) return true;
      const auto w = std::find_if(watched_.begin(), watched_.end(), [&](const Watched& x) { return x.branch == &b; });
      if (w == watched_.end()) return true;
      if (depth_ == 0) return !tracker_.set()->all.empty();
      const Budgets need = budgets(game.position(), *w, i, max);
      // The nearest shallower depth whose list holds every skeleton reachable here.
      const Depth& here = depths_[depth_];
      for (std::size_t a = depth_; a-- > 0;) {
        const Depth& up = depths_[a];
        if (!up.kept) continue;
        if (up.km < need.km + (here.moves[mater_] - up.moves[mater_]) + castled(up.bonus_m, need.bonus_m)) continue;
        if (up.kd < need.kd + (here.moves[~mater_] - up.moves[~mater_]) + castled(up.bonus_d, need.bonus_d)) continue;
        const bool any = tracker_.keep_from(a, depth_, need.km, need.kd, false);
        depths_[depth_].kept = true;
        depths_[depth_].km = need.km;
        depths_[depth_].kd = need.kd;
        depths_[depth_].bonus_m = need.bonus_m;
        depths_[depth_].bonus_d = need.bonus_d;
        return any;
      }
    }
    return true;
  }

 private:
  struct Budgets {
    int km = 0, kd = 0;            // moves of the mater and of the defender, castling bonus included
    int bonus_m = 0, bonus_d = 0;  // the castling bonuses in them
  };
  struct Depth {
    std::array<int, 2> moves{};  // moves played from the root, per side (passes aside)
    bool kept = false;           // the tracker's list here is kept for the moves above
    int km = 0, kd = 0, bonus_m = 0, bonus_d = 0;
  };

  static int castled(int bonus_above, int bonus_here) { return bonus_above > bonus_here ? 1 : 0; }

  void push(std::optional<Color> mover) {
    if (depths_.size() <= depth_ + 1) depths_.resize(depth_ + 2);
    Depth& next = depths_[depth_ + 1];
    next.moves = depths_[depth_].moves;
    if (mover) ++next.moves[*mover];
    next.kept = false;
    ++depth_;
  }

  // A fork's goal, its mater and the moves it adds to each side's (a fork that is a branch: its
  // half-moves, the goal one of them).
  struct Fork {
    mate_skeleton::Goal goal;
    Color mater;
    int extra_m = 0, extra_d = 0;
  };
  static std::optional<mate_skeleton::Goal> goal_of(const SliceNode& g) {
    if (g.kind != SliceNode::Goal || !g.target) return std::nullopt;
    if (g.target->kind == Target::Mate) return mate_skeleton::Goal::Mate;
    if (g.target->kind == Target::Stalemate) return mate_skeleton::Goal::Stalemate;
    return std::nullopt;
  }
  // A branch whose nodes the cut judges: the root, or a branch forked into from it.
  struct Watched {
    const SliceNode* branch;
    int extra_m = 0, extra_d = 0;  // the moves its forks add
  };
  // The goal and mater every fork of branch b agrees on, `first` playing its first half-move (a
  // half-move's side by its parity; a series branch: the series side's every move); `nested`: the
  // forks may only be goals (else the branches forked into are added to `watched`).
  static std::optional<Fork> forks_of(const SliceNode& b, Color first, bool nested, std::vector<Watched>* watched = nullptr) {
    if (b.kind != SliceNode::Branch || b.moves.empty() || b.moves.size() > 2) return std::nullopt;
    std::optional<Fork> agreed;
    for (int parity = 0; parity < 2; ++parity) {
      const SliceMove& move = b.moves[std::size_t(parity) % b.moves.size()];
      const Color mover = b.series() || parity == 0 ? first : ~first;
      for (const auto& f : move.forks) {
        const auto fork = nested ? goal_fork(*f, mover) : fork_of(*f, mover);
        if (!fork || (agreed && (agreed->goal != fork->goal || agreed->mater != fork->mater))) return std::nullopt;
        if (watched && f->kind == SliceNode::Branch) watched->push_back({f.get()});
        if (!agreed) agreed = fork;
        agreed->extra_m = std::max(agreed->extra_m, fork->extra_m);
        agreed->extra_d = std::max(agreed->extra_d, fork->extra_d);
      }
    }
    return agreed;
  }
  static std::optional<Fork> goal_fork(const SliceNode& f, Color mover) {
    if (const auto g = goal_of(f)) return Fork{*g, mover};
    return std::nullopt;
  }
  // A fork after a move of `mover`: a goal, or a branch whose forks are goals ("1a[#]d", "2da[#]",
  // "3a[#]d", "-14hh[#]"), its half-moves added to the sides' budgets.
  static std::optional<Fork> fork_of(const SliceNode& f, Color mover) {
    if (const auto g = goal_of(f)) return Fork{*g, mover};
    if (f.kind != SliceNode::Branch) return std::nullopt;
    const Color first = f.side_change ? mover : ~mover;
    auto fork = forks_of(f, first, true);
    if (!fork) return std::nullopt;
    const int own = f.series() ? f.max : (f.max + 1) / 2, other = f.series() ? 0 : f.max / 2;
    fork->extra_m = first == fork->mater ? own : other;
    fork->extra_d = first == fork->mater ? other : own;
    return fork;
  }

  // The side that plays the root branch's first half-move (a '-' root: after the pass).
  static Color first_mover(const G& game, const SliceNode& root) {
    const Color to_move = game.position().side_to_move();
    return root.side_change ? ~to_move : to_move;
  }
  // The agreed fork of the tree from the game's position (the root), and the branches to watch.
  static std::optional<Fork> shape(const G& game, const SliceNode& root, std::vector<Watched>* watched = nullptr) {
    return forks_of(root, first_mover(game, root), false, watched);
  }

  void start(const G& game, const SliceNode& root) {
    const Position& pos = game.position();
    std::vector<Watched> watched{{&root}};
    const auto agreed = shape(game, root, &watched);
    if (!agreed) return;
    goal_ = agreed->goal;
    mater_ = agreed->mater;
    watched[0].extra_m = agreed->extra_m;
    watched[0].extra_d = agreed->extra_d;
    // The root's budgets, as may_reach() counts them at the branch's first move.
    const Budgets b = counts(watched[0], first_mover(game, root), 0, root.max);
    if (b.km + b.kd < 4) return;  // (short play: the walk is cheaper than the enumeration)
    const std::uint64_t steps = enumeration_steps(goal_, b.km + b.kd);
    const auto set = mate_skeleton::make_set(goal_, pos, mater_, b.km, b.kd, mate_skeleton::Limit, steps);
    if (!set) return;
    tracker_.start(set, set->root);
    watched_ = std::move(watched);
    depths_.assign(1, Depth{});
    depths_[0].kept = true;
    depths_[0].bonus_m = mate_skeleton::castling_bonus(pos, mater_);
    depths_[0].bonus_d = mate_skeleton::castling_bonus(pos, ~mater_);
    depths_[0].km = b.km + depths_[0].bonus_m;
    depths_[0].kd = b.kd + depths_[0].bonus_d;
    depth_ = 0;
  }

  // The sides' moves in the half-moves i..max-1 of branch w, `mover` playing half-move i (in
  // series play every one), and its forks' moves, without bonuses.
  Budgets counts(const Watched& w, Color mover, int i, int max) const {
    const int left = std::max(0, max - i);
    const bool series = w.branch->series();
    const int own = series ? left : (left + 1) / 2, other = series ? 0 : left / 2;
    Budgets out;
    out.km = (mover == mater_ ? own : other) + w.extra_m;
    out.kd = (mover == mater_ ? other : own) + w.extra_d;
    return out;
  }
  // At a node of branch w: its half-move i is the side to move's.
  Budgets budgets(const Position& pos, const Watched& w, int i, int max) const {
    Budgets out = counts(w, pos.side_to_move(), i, max);
    out.bonus_m = mate_skeleton::castling_bonus(pos, mater_);
    out.bonus_d = mate_skeleton::castling_bonus(pos, ~mater_);
    out.km += out.bonus_m;
    out.kd += out.bonus_d;
    return out;
  }

  // The enumeration's steps, by what the walk it saves may cost: the walks that come here are
  // mostly short, so a stalemate's enumeration (a help search allows 4 M steps, half a second) is
  // capped near a mate's in time (300 k; a mate's default 1.2 M, some 60 ms), and long play
  // (more than 16 moves in all) affords a mate's 6 M (EXAMPLES/lengthy/pseries_lengthy.inp 1,
  // pser-h#14: 170,000 skeletons in 0.4 s, then 1.3 s; the walk alone runs for minutes).
  static std::uint64_t enumeration_steps(mate_skeleton::Goal goal, int moves) {
    if (goal == mate_skeleton::Goal::Stalemate) return 300'000;
    return moves > 16 ? 6'000'000 : 1'200'000;
  }
  mate_skeleton::Tracker tracker_;
  std::vector<Watched> watched_;  // the root branch first
  bool shaped_ = false, engaged_ = false;
  mate_skeleton::Goal goal_ = mate_skeleton::Goal::Mate;
  Color mater_ = White;
  std::vector<Depth> depths_;
  std::size_t depth_ = 0;
};

}  // namespace arbiter::structured
