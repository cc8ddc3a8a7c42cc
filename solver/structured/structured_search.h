#pragma once
// Playing a structured stipulation (solver/stipulation/slice_tree.h) by walking its definition:
// each branch's moves in turn, a fork tried after each move that carries one, constraints where
// Popeye enforces them, the logical operators as written. Every answer is the tree's own
// definition applied move by move (a node limit or time limit ends it with "unknown"); its
// economies are a table of the positions from which a branch can or cannot be solved, which also
// keeps the lines from being walked where no fork can be reached any more, and for a root whose
// forks are all one side's mate or stalemate, or branches whose forks are (parry series, series
// self and reflex play, help play into a direct mate), the mating skeletons' target cut
// (target_cut.h, its completeness argued there), engaged once a walk proves long. The plain
// stipulations that a tree is a synonym of never come here: their engines are the fast ones.
//
// The semantics, from py-engl.txt ("sstipulation") and Popeye's suite:
// - A branch of at most `max` (at least `min`) half-moves repeats its moves; a move carrying a
//   fork ends the branch, solved, when the fork holds after it and `min` half-moves are played.
// - Help (h) and attacking (a) moves: some move must solve; defending (d) moves: every move
//   must, and a defender without a move has not been beaten (a stalemate is not a mate).
// - Series (s): the other side passes between the moves; a series move that checks must end
//   the branch (the other side could not pass).
// - Constraints hold after each move they follow: in battle play unless its fork is reached
//   (a defence after which one fails refutes), and also before the branch's first move when
//   they follow its other move ("3a[1a[#]d]d{!1a[#]d}", r#2: White may never be able to mate,
//   from the diagram on; "2da[#]{!+}": the defender is not in check at the start); in help play
//   before the fork is tried; in series play too, but a constraint that plays a move binds
//   before each series move, the first one included ("2s[>1a[#]d]{!1a[#]d}", ser-r#2).
// - In help and series play a fork that is a goal ends the line; a nested branch does not
//   (play may go on past it) unless it says '>'.
// - ?+?: the move is granted only to a side in check; otherwise that side passes.
// - '-' before a nested branch: the side that just moved moves again (the other passes, which
//   a side in check cannot, as in series play: Popeye 4.104 has no "1.Tg2-g7 +   1.Df3-f8 ..."
//   for black 1h[-14hh[#]]h, BEISPIEL/sford.inp 36, only the line with the moves exchanged);
//   '>' ends the containing branch's play where the nested one is solved; '/' hides its moves.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "rules/core/stop.h"
#include "solver/prover/limits.h"
#include "solver/prover/solution.h"
#include "solver/prover/table_growth.h"
#include "solver/prover/table_memory.h"
#include "solver/stipulation/slice_tree.h"
#include "solver/stipulation/target_reached.h"
#include "solver/structured/target_cut.h"

namespace arbiter::structured {

template <RuleSet G>
  requires NullMove<G>
class StructuredSearch {
 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;
  // A printed line's steps: a move, or a pass (no move: not printed, but replayed); `restart`
  // marks the first step of a nested branch longer than one move, where Popeye numbers the
  // moves from 1 again ("1.Sb5-d4   1.Sd3-c1" of 1->ser-h#2 live, "2.Kd5-e6   1.Qh8-d4" of
  // 3h[7a[#]d]h: REGRESSIONTESTS/helpdirectmate.ref; never after "1d[#]a" and its kin).
  // A step may instead carry goal `marks` alone (no move, no pass): the goal parts of '&' the
  // line's last move reaches, each a mark Popeye prints the line with ("Kb5*b6 x" and "Kb5*b6 ="
  // for 4hh[x&=], REGRESSIONS/4_61_to_4_63.inp 32).
  struct Step {
    std::optional<M> move;
    bool restart = false;
    std::vector<Target> marks = {};
  };
  using Line = std::vector<Step>;

  // The mating skeletons' cut where the tree allows it (target_cut.h): engaged once the walk has
  // spent LazyNodes nodes without it (Lazy: a short walk never pays for the enumeration), from the
  // start (Always), or never (Off: only to compare against).
  enum class Cut { Lazy, Always, Off };
  static constexpr std::uint64_t LazyNodes = 500'000;  // some 50 ms of walking

  StructuredSearch(G& game, const prover::Limits& limits, const SliceNode& root, Cut cut = Cut::Lazy)
      : game_(game), budget_(limits), table_(table_slots(limits.hash_megabytes) * sizeof(std::uint64_t)),
        growth_(table_slots(limits.hash_megabytes), InitialSlots), facts_in_constraints_(constraint_needs_facts(root)),
        identities_(needs_identities(root)), root_(root), cut_(game, root, cut == Cut::Always),
        engage_at_(cut == Cut::Lazy && cut_.may_engage() ? LazyNodes : 0) {}

  // Is `e` met where the game stands, `facts` those of the move that led here?
  bool holds(const SliceNode& e, const MoveFacts& facts) {
    switch (e.kind) {
      case SliceNode::Goal: return target_reached(game_, *e.target, facts);
      case SliceNode::Not: return !holds(*e.left, facts);
      case SliceNode::And: return holds(*e.left, facts) && holds(*e.right, facts);
      case SliceNode::Or: return holds(*e.left, facts) || holds(*e.right, facts);
      case SliceNode::Branch: return solved(e);
    }
    return false;
  }

  // Can branch `b` be solved from here, its first move to play?
  bool solved(const SliceNode& b) {
    if (!b.side_change) return from(b, 0, b.max);
    if (game_.in_check()) return false;  // no pass in check (as in series play)
    pass();
    const bool r = from(b, 0, b.max);
    unpass();
    return r;
  }

  // The lines a branch prints from here, each ending where a fork holds (help and series play
  // continue past it unless the fork says '>'), with what the fork prints after it: a nested
  // branch's own lines, or a battle branch's play flattened into lines (every attacking move
  // that solves, then each defence with the attacker's fastest answers).
  std::vector<Line> lines(const SliceNode& b) {
    std::vector<Line> out;
    Line prefix;
    if (b.side_change) {
      if (game_.in_check()) return out;  // no pass in check
      pass();
      prefix.push_back(Step{});
    }
    if (b.battle()) battle_lines(b, 0, b.max, prefix, out);
    else help_lines(b, 0, prefix, out);
    if (b.side_change) unpass();
    return out;
  }

  // The root's lines: a branch's, or for a root of '&' (every part must hold, else none) and '|'
  // (the parts that hold) each part's lines in turn, as Popeye prints them (BEISPIEL/sford.inp 14,
  // "2hh[#]&1h[#]h": "1.0-0-0 Sa4-b6 #", then "1.e4*d3 ep. #").
  std::vector<Line> root_lines(const SliceNode& root) {
    return entry([&]() -> std::vector<Line> {
      const auto parts = root_parts(root);
      if (parts.empty()) return lines(root);
      std::vector<const SliceNode*> holding;
      for (const SliceNode* p : parts) {
        if (holds(*p, {})) holding.push_back(p);
        else if (root.kind == SliceNode::And) return {};
      }
      std::vector<Line> out;
      for (const SliceNode* p : holding)
        for (auto& l : lines(*p)) out.push_back(std::move(l));
      return out;
    });
  }

  // Set play: the side to move passes its first move. What the first move's forks print then
  // (Popeye's "1...d3-d2 #" of a series selfmate, or of parry series); failing that, in help
  // play, the help lines that follow the pass.
  std::vector<Line> set_play_lines(const SliceNode& b) {
    return entry([&]() -> std::vector<Line> {
      std::vector<Line> out;
      Line prefix{Step{}};
      pass();
      if (const SliceNode* f = fork_reached(b, b.moves.front(), 1, {})) {
        for (auto& tail : fork_lines(*f, {})) {
          Line line = prefix;
          line.insert(line.end(), tail.begin(), tail.end());
          out.push_back(std::move(line));
        }
      } else if (!b.battle() && !b.series() && b.max >= 2) {
        help_lines(b, 1, prefix, out);
      }
      unpass();
      return out;
    });
  }

  // The moves by which the diagram already breaks the start constraint "!1a[x]d" of a help branch
  // (its other move's) or of a series branch (its series move's): no line can start; Popeye prints
  // them, "1.g3*f4 x ?!?" (BEISPIEL/sford.inp 25), "1.Qd1-d3 = ?!?" (ser-r=2, live), and nothing else.
  std::vector<M> start_constraint_breakers(const SliceNode& b) {
    return entry([&]() -> std::vector<M> {
      std::vector<M> out;
      if (b.kind != SliceNode::Branch || b.battle() || (!b.series() && b.moves.size() < 2)) return out;
      const MoveFacts facts = b.series() ? MoveFacts{} : last_move_facts(game_);
      for (const auto& c : b.moves.back().constraints) {
        if (c->kind != SliceNode::Not || c->left->kind != SliceNode::Branch || !holds(*c->left, facts)) continue;
        for (const auto& l : lines(*c->left))
          for (const auto& st : l)
            if (st.move) {
              if (std::find(out.begin(), out.end(), *st.move) == out.end()) out.push_back(*st.move);
              break;
            }
      }
      return out;
    });
  }

  // Battle play from here: the attacking moves that solve the branch.
  std::vector<M> keys(const SliceNode& b) {
    return entry([&]() -> std::vector<M> {
      std::vector<M> out;
      if (b.side_change || slot(b, 0).letter != 'a' || !start_constraints_hold(b)) return out;
      each_move([&](const M& m, const MoveFacts& facts) {
        if (after(b, 0, b.max, facts)) out.push_back(m);
        return false;
      });
      return out;
    });
  }

  // Battle play's tree from the root, as Popeye prints it: every key, each defence after it, the
  // attacker's fastest answers, down to the goals (a nested battle branch's play below the move
  // that reaches its fork); after each attacking move with play left and no check, its threat
  // (what would solve if the defender passed; none asked and found: zugzwang). Where the tree
  // holds what this tree cannot show (a ?+? move, a nested help or series branch, a side change,
  // a branch part of '&' or '|'), tree_built() is false afterwards.
  std::vector<prover::AttackerNode> tree(const SliceNode& root) {
    return entry([&]() -> std::vector<prover::AttackerNode> {
      tree_built_ = true;
      std::vector<prover::AttackerNode> out;
      if (root.side_change || slot(root, 0).letter != 'a') {
        tree_built_ = false;
        return out;
      }
      if (start_constraints_hold(root)) tree_moves(root, 0, root.max, out);
      return out;
    });
  }
  bool tree_built() const { return tree_built_; }

  // Tries (option Try), with tree(): the attacking first moves that fail, each refuted by exactly
  // one defence, with their trees as a key's but for the refutation.
  std::vector<prover::Try> tries(const SliceNode& root) {
    return entry([&]() -> std::vector<prover::Try> {
      std::vector<prover::Try> out;
      if (root.side_change || slot(root, 0).letter != 'a' || !start_constraints_hold(root)) return out;
      each_move<true>([&](const M&, const MoveFacts& facts, const MoveName& name) {
        if (after(root, 0, root.max, facts)) return false;
        const auto refutation = unique_escape(root);
        if (!refutation) return false;
        prover::Try t{name.san, name.uci, game_.move_text(*refutation), game_.move_uci(*refutation)};
        prover::AttackerNode a;
        a.san = name.san;
        a.uci = name.uci;
        tree_after(root, 0, root.max, facts, a);
        std::erase_if(a.defences, [&](const prover::DefenceNode& d) { return d.uci == t.refutation_uci; });
        t.tree.push_back(std::move(a));
        out.push_back(std::move(t));
        return false;
      });
      return out;
    });
  }

  // The walk's own questions, for a proof's builder (structured_proof.h) that walks the same game:
  // is the branch solved after its move `i` just played, or from its move `i`? The builder plays
  // its moves and passes through walk_play() and its kin, so that the target cut follows them;
  // with the cut engaged from the start (Cut::Always) no walk is ever abandoned (Engage).
  bool solves_after(const SliceNode& b, int i, int max, const MoveFacts& facts) { return after(b, i, max, facts); }
  bool solves_from(const SliceNode& b, int i, int max) { return from(b, i, max); }
  // For a published line followed move by move (battle_play_check.h): may the branch start here
  // (its start constraints), and which fork holds after its move `i`, just played?
  bool may_start(const SliceNode& b) { return start_constraints_hold(b); }
  const SliceNode* fork_after(const SliceNode& b, int i, const MoveFacts& facts) { return fork_reached(b, slot(b, i), i + 1, facts); }
  void walk_play(const M& m) { play(m); }
  void walk_undo() { undo(); }
  void walk_pass() { pass(); }
  void walk_unpass() { unpass(); }

  prover::Budget& budget() { return budget_; }
  std::uint64_t nodes() const { return budget_.nodes(); }

 private:
  const SliceMove& slot(const SliceNode& b, int i) const { return b.moves[std::size_t(i) % b.moves.size()]; }

  // Every move and pass of the walk goes through these: the target cut follows them, and the
  // path is kept for the walk to be taken back when the cut is engaged.
  void play(const M& m) {
    cut_.play(game_, m);
    game_.play(m);
    path_.push_back(true);
  }
  void undo() {
    game_.undo();
    cut_.undo();
    path_.pop_back();
  }
  void pass() {
    cut_.pass();
    game_.play_null();
    path_.push_back(false);
  }
  void unpass() {
    game_.undo_null();
    cut_.undo();
    path_.pop_back();
  }

  // Engaging the target cut after LazyNodes nodes: the walk under way is abandoned (this, thrown
  // from decide(), is caught by the outermost entry() alone), its moves taken back, and the entry
  // point walks again from the root with the cut. The table's entries stay: they are facts about
  // positions, found with or without the cut.
  struct Engage {};
  template <class F>
  auto entry(F&& walk) {
    struct Depth {
      int& n;
      ~Depth() { --n; }
    } depth{++entered_};
    if (entered_ > 1) return walk();
    try {
      return walk();
    } catch (const Engage&) {
      while (!path_.empty()) {
        if (path_.back()) game_.undo();
        else game_.undo_null();
        path_.pop_back();
      }
      cut_.engage(game_, root_);
      return walk();
    }
  }

  // Battle and help play at the branch's start: the constraints of its other move, which bind
  // before each move of this one, the first included ("3h[>1a[x]d]h{!1a[x]d}": no solution where
  // White can capture in the diagram, BEISPIEL/sford.inp 25).
  bool start_constraints_hold(const SliceNode& b) {
    if (b.series() || b.moves.size() < 2) return true;
    return move_constraints_hold(b.moves.back(), last_move_facts(game_));
  }

  // When a help or series move's constraints are judged. In series play a constraint that plays a
  // move (one holding a branch, "{!1a[#]d}") binds before each series move, the first included,
  // the series side to move (Popeye: "enforced BEFORE each attacking move (including the first
  // one!)"; ser-r#N is Ns[>1a[#]d]{!1a[#]d}, White never able to mate before a series move: judged
  // after the move, Black to move, it would ask whether Black can mate). A goal alone ("{x}",
  // "{!+}") judges the move itself, after it, as in help play (Popeye 4.104, live: 3s[#]{x} makes
  // every series move a capture, 2s[#]{!+} has no solution; REGRESSIONS/4_61_to_4_63.inp 33, 34).
  enum class When { AfterMove, BeforeSeriesMove };
  bool constraints_hold(const SliceNode& b, const SliceMove& move, const MoveFacts& facts, When when) {
    for (const auto& c : move.constraints) {
      const bool before = b.series() && plays_moves(*c);
      if (before == (when == When::BeforeSeriesMove) && !holds(*c, facts)) return false;
    }
    return true;
  }
  bool series_constraints_hold(const SliceNode& b, const SliceMove& move) {
    return constraints_hold(b, move, {}, When::BeforeSeriesMove);
  }

  // The constraints of the move just played.
  bool move_constraints_hold(const SliceMove& move, const MoveFacts& facts) {
    for (const auto& c : move.constraints)
      if (!holds(*c, facts)) return false;
    return true;
  }

  // A fork of the move just played that holds (`played` half-moves into the branch), if any.
  const SliceNode* fork_reached(const SliceNode& b, const SliceMove& move, int played, const MoveFacts& facts) {
    if (played < b.min) return nullptr;
    for (const auto& f : move.forks)
      if (holds(*f, facts)) return f.get();
    return nullptr;
  }

  // The side to move plays the branch's move `i` (0-based), the branch ending after `max`
  // half-moves: can it be solved? The answer depends on the position alone, so it is kept in a
  // table (keyed with the branch, the move and the length) -- but at a branch's start its
  // constraints may ask for the facts of the move before, which the position's key does not
  // hold: there only when no constraint asks for them.
  bool from(const SliceNode& b, int i, int max) {
    const bool keyed = i > 0 || !facts_in_constraints_;
    const std::uint64_t key = keyed ? entry_key(b, i, max) : 0;
    if (keyed) {
      const std::uint64_t entry = slot_of(key);
      if ((entry & ~SolvedBit) == key) return entry & SolvedBit;
    }
    const bool r = decide(b, i, max);
    if (keyed) {
      std::uint64_t& entry = slot_of(key);  // (decide may have widened the table)
      const bool fill = (entry & ~SolvedBit) != key;
      entry = key | (r ? SolvedBit : 0);
      if (fill && ++fills_ == prover::TableGrowth::Batch) widen();
    }
    return r;
  }

  bool decide(const SliceNode& b, int i, int max) {
    if (engage_at_ && budget_.nodes() >= engage_at_) {
      engage_at_ = 0;
      throw Engage{};
    }
    if (!cut_.may_reach(game_, b, i, max)) return false;  // no goal within the moves left (target_cut.h)
    const SliceMove& move = slot(b, i);
    if (i == 0 && !start_constraints_hold(b)) return false;
    if (!series_constraints_hold(b, move)) return false;
    if (move.needs_check && !game_.in_check()) {  // ?+?: the side passes
      budget_.spend();
      pass();
      const bool r = after(b, i, max, {});
      unpass();
      return r;
    }
    const bool every = move.letter == 'd';
    bool result = every, moved = false;
    each_move([&](const M&, const MoveFacts& facts) {
      moved = true;
      if (after(b, i, max, facts) == every) return false;
      result = !every;
      return true;
    });
    return moved && result;  // a defender without a move has not been beaten
  }

  // A move as the tree names it, spelt before it is played.
  struct MoveName {
    std::string san, uci;
  };

  // Plays each legal move in turn (its facts read first) until `visit(move, facts)` says stop;
  // Named: `visit(move, facts, name)`.
  template <bool Named = false, class Visit>
  void each_move(Visit&& visit) {
    MoveList moves;
    game_.generate_legal(moves);
    for (int k = 0; k < moves.size(); ++k) {
      const M m = moves[k];
      budget_.spend();
      const MoveFacts facts = move_facts(game_, m);
      MoveName name;
      if constexpr (Named) name = {game_.move_text(m), game_.move_uci(m)};
      play(m);
      bool stop;
      if constexpr (Named) stop = visit(m, facts, name);
      else stop = visit(m, facts);
      undo();
      if (stop) return;
    }
  }

  // The branch's move `i` was just played (its facts `facts`): is the branch solved, now or later?
  bool after(const SliceNode& b, int i, int max, const MoveFacts& facts) {
    const SliceMove& move = slot(b, i);
    const int played = i + 1;
    if (!b.battle() && !constraints_hold(b, move, facts, When::AfterMove)) return false;
    if (fork_reached(b, move, played, facts)) return true;
    if (b.battle() && !move_constraints_hold(move, facts)) return false;
    if (played >= max || ends_here(b, move, played, facts)) return false;
    return go_on(b, played, max);
  }

  // Does a '>' fork hold (short of the least length), ending the branch's play unsolved?
  bool ends_here(const SliceNode& b, const SliceMove& move, int played, const MoveFacts& facts) {
    if (played >= b.min) return false;  // a fork that holds was taken already
    for (const auto& f : move.forks)
      if (f->kind == SliceNode::Branch && f->ends_containing && holds(*f, facts)) return true;
    return false;
  }

  // The branch goes on with its move `played`: in series play after the other side's pass,
  // which a check forbids.
  bool go_on(const SliceNode& b, int played, int max) {
    if (!b.series()) return from(b, played, max);
    if (game_.in_check()) return false;
    pass();
    const bool r = from(b, played, max);
    unpass();
    return r;
  }

  // What a fork that holds prints after the move: nothing for a goal or a hidden branch, a
  // branch's lines, each part's for '&' and each that holds for '|'.
  // Only a branch forked into directly starts the numbering anew (Popeye's end-of-branch marker):
  // the parts of '&' and '|' do not (BEISPIEL/sford.inp 18, "2hh[2hh[#]&1h[#]h]"), nor a branch
  // Popeye counts at most 2 half-moves long: a series branch of N moves counts 2N-1 (its passes),
  // any other its N half-moves ("4hh[2da[#]]" numbers on, EXAMPLES/lengthy/helpdirectmate.inp).
  std::vector<Line> fork_lines(const SliceNode& f, const MoveFacts& facts, bool direct = true) {
    if (f.kind == SliceNode::And || f.kind == SliceNode::Or) {
      std::vector<Line> out;
      Step marks;  // the goal parts of '&': one line, marked with each
      for (const SliceNode* part : {f.left.get(), f.right.get()}) {
        if (f.kind == SliceNode::Or && !holds(*part, facts)) continue;
        if (f.kind == SliceNode::And && part->kind == SliceNode::Goal) {
          marks.marks.push_back(*part->target);
          continue;
        }
        for (auto& l : fork_lines(*part, facts, false))
          if (!l.empty()) out.push_back(std::move(l));
      }
      if (!marks.marks.empty()) out.push_back({std::move(marks)});
      if (out.empty()) out.push_back({});
      return out;
    }
    if (f.kind != SliceNode::Branch || f.hidden) return {Line{}};
    std::vector<Line> out = lines(f);
    if (direct && (f.series() ? 2 * f.max - 1 : f.max) > 2)
      for (auto& l : out)
        if (!l.empty()) l.front().restart = true;
    return out;
  }

  void help_lines(const SliceNode& b, int i, Line& prefix, std::vector<Line>& out) {
    const SliceMove& move = slot(b, i);
    if (i == 0 && !start_constraints_hold(b)) return;
    if (!series_constraints_hold(b, move)) return;
    auto step = [&](const Step& s, const MoveFacts& facts) {
      prefix.push_back(s);
      const int played = i + 1;
      if (constraints_hold(b, move, facts, When::AfterMove)) {
        bool ended = false;
        if (played >= b.min)
          for (const auto& f : move.forks) {
            if (!holds(*f, facts)) continue;
            for (auto& tail : fork_lines(*f, facts)) {
              Line line = prefix;
              line.insert(line.end(), tail.begin(), tail.end());
              out.push_back(std::move(line));
            }
            if (f->kind != SliceNode::Branch || f->ends_containing) ended = true;
            break;
          }
        // The line goes on only where the branch can still be solved from there (from(), kept
        // in the table): where it cannot, no fork holds further on, so no line is lost.
        if (!ended && !ends_here(b, move, played, facts) && played < b.max) {
          if (!b.series()) {
            if (from(b, played, b.max)) help_lines(b, played, prefix, out);
          } else if (!game_.in_check()) {
            pass();
            if (from(b, played, b.max)) {
              prefix.push_back(Step{});
              help_lines(b, played, prefix, out);
              prefix.pop_back();
            }
            unpass();
          }
        }
      }
      prefix.pop_back();
    };
    if (move.needs_check && !game_.in_check()) {
      budget_.spend();
      pass();
      step(Step{}, {});
      unpass();
      return;
    }
    each_move([&](const M& m, const MoveFacts& facts) {
      step(Step{m}, facts);
      return false;
    });
  }

  // Battle play from the branch's move `i`, solved (the caller knows): each attacking move that
  // solves within `max` half-moves (the first move: all of them; later: the fastest), each
  // defence after it, down to the forks.
  void battle_lines(const SliceNode& b, int i, int max, Line& prefix, std::vector<Line>& out) {
    const SliceMove& move = slot(b, i);
    if (move.needs_check && !game_.in_check()) {  // ?+?: the side passes
      pass();
      prefix.push_back(Step{});
      continuation(b, i, max, {}, prefix, out);
      prefix.pop_back();
      unpass();
      return;
    }
    MoveList moves;
    game_.generate_legal(moves);
    if (move.letter == 'd') {
      for (int k = 0; k < moves.size(); ++k) {
        const M m = moves[k];
        budget_.spend();
        const MoveFacts facts = move_facts(game_, m);
        play(m);
        prefix.push_back(Step{m});
        continuation(b, i, max, facts, prefix, out);
        prefix.pop_back();
        undo();
      }
      return;
    }
    // The attacker: at the first move every solving move, later those of the shortest length.
    int limit = max;
    if (i > 0)
      for (int l = i + 1; l <= max; l += 2)
        if (from(b, i, l)) {
          limit = l;
          break;
        }
    for (int k = 0; k < moves.size(); ++k) {
      const M m = moves[k];
      budget_.spend();
      const MoveFacts facts = move_facts(game_, m);
      play(m);
      if (after(b, i, limit, facts)) {
        prefix.push_back(Step{m});
        continuation(b, i, limit, facts, prefix, out);
        prefix.pop_back();
      }
      undo();
    }
  }

  // After the battle move `i` of a solved line: the fork it reaches, or the play that follows.
  void continuation(const SliceNode& b, int i, int max, const MoveFacts& facts, Line& prefix, std::vector<Line>& out) {
    const SliceMove& move = slot(b, i);
    if (const SliceNode* f = fork_reached(b, move, i + 1, facts)) {
      for (auto& tail : fork_lines(*f, facts)) {
        Line line = prefix;
        line.insert(line.end(), tail.begin(), tail.end());
        out.push_back(std::move(line));
      }
      return;
    }
    battle_lines(b, i + 1, max, prefix, out);
  }

  // The defender to move after the root's first move: its one move after which the branch is
  // not solved, if exactly one.
  std::optional<M> unique_escape(const SliceNode& root) {
    std::optional<M> found;
    bool several = false;
    each_move([&](const M& d, const MoveFacts& facts) {
      if (after(root, 1, root.max, facts)) return false;
      several = found.has_value();
      found = d;
      return several;
    });
    return several ? std::nullopt : found;
  }

  static std::vector<prover::DefenceNode>& children(prover::AttackerNode& a) { return a.defences; }
  static std::vector<prover::AttackerNode>& children(prover::DefenceNode& d) { return d.answers; }

  // The moves of the branch's move `i` that the tree shows, each with what follows it: at the
  // branch's first attacking move every solving move, at a later one the fastest, at a defending
  // move every move (the branch being solved, each is beaten).
  template <class Node>
  void tree_moves(const SliceNode& b, int i, int max, std::vector<Node>& out) {
    const SliceMove& move = slot(b, i);
    if (move.needs_check) {
      tree_built_ = false;
      return;
    }
    int limit = max;
    if (move.letter == 'a' && i > 0)
      for (int l = i + 1; l <= max; l += 2)
        if (from(b, i, l)) {
          limit = l;
          break;
        }
    each_move<true>([&](const M&, const MoveFacts& facts, const MoveName& name) {
      if (move.letter == 'd' || after(b, i, limit, facts)) {
        Node node;
        node.san = name.san;
        node.uci = name.uci;
        tree_after(b, i, limit, facts, node);
        out.push_back(std::move(node));
      }
      return false;
    });
  }

  // The move `i` of the node was just played: the fork it reaches, or the threat and the replies.
  template <class Node>
  void tree_after(const SliceNode& b, int i, int max, const MoveFacts& facts, Node& node) {
    constexpr bool attacker = std::is_same_v<Node, prover::AttackerNode>;
    if constexpr (attacker) {
      node.mate_in = (max - i + 1) / 2;
      node.check = game_.in_check();
    }
    if (const SliceNode* f = fork_reached(b, slot(b, i), i + 1, facts)) {
      fork_tree(*f, facts, node);
      return;
    }
    if constexpr (attacker) {
      if (!node.check && i + 2 < max && slot(b, i + 2).letter == 'a') {
        pass();
        tree_moves(b, i + 2, max, node.threat);
        unpass();
        node.threat_known = true;
      }
    }
    tree_moves(b, i + 1, max, children(node));
  }

  // What a fork that holds shows below its move: a goal's mark, a nested battle branch's play.
  template <class Node>
  void fork_tree(const SliceNode& f, const MoveFacts& facts, Node& node) {
    switch (f.kind) {
      case SliceNode::Goal: node.reaches = f.target; return;
      case SliceNode::Not: return;  // nothing is printed for what did not happen
      case SliceNode::And:
      case SliceNode::Or:
        for (const SliceNode* part : {f.left.get(), f.right.get()}) {
          if (part->kind == SliceNode::Goal && !node.reaches && holds(*part, facts)) node.reaches = part->target;
          if (part->kind == SliceNode::Branch && !part->hidden) tree_built_ = false;
        }
        return;
      case SliceNode::Branch:
        if (f.hidden) return;
        if (f.side_change || !f.battle()) {
          tree_built_ = false;
          return;
        }
        tree_moves(f, 0, f.max, children(node));
        return;
    }
  }

  // The table: one word per entry, the key with its lowest bit set (0: an empty entry) and the
  // answer in the next bit. Its slots are the largest power of two within the hash size (at
  // least 2^16), of which the first 2^16 are used at first and more as the walk fills them
  // (table_growth.h): a long series needs millions (BEISPIEL/sford.inp 41, a 9-move series:
  // over 240 s with 2^20 slots, some 25 s growing to 2^27), a short tree touches a few pages.
  static constexpr std::uint64_t SolvedBit = 2;
  std::uint64_t& slot_of(std::uint64_t key) { return table_.as<std::uint64_t>()[(key >> 2) & growth_.mask()]; }
  // Reports the fills, each counted four times: the table widens once an eighth of it was filled
  // since it last did, for the fewer a walk's entries overwritten before the table has grown, the
  // fewer subtrees walked again (sford.inp 41: 164 M nodes widening at a half, 106 M at an eighth,
  // 93 M with the whole table from the start, which a short walk would pay for in pages). Where
  // it widens by a bit, each entry whose key has that bit moves to its new slot (one walker:
  // nothing else reads the table meanwhile), so no fact is lost.
  void widen() {
    const std::size_t before = growth_.mask();
    growth_.note_fills(4 * std::exchange(fills_, 0));
    if (growth_.mask() == before) return;
    std::uint64_t* t = table_.as<std::uint64_t>();
    const std::size_t bit = before + 1;
    for (std::size_t i = 0; i < bit; ++i)
      if (t[i] && ((t[i] >> 2) & bit)) t[i + bit] = std::exchange(t[i], 0);
  }
  static constexpr std::size_t InitialSlots = std::size_t(1) << 16;
  static std::size_t table_slots(std::size_t megabytes) {
    std::size_t n = InitialSlots;
    while (n * 2 * sizeof(std::uint64_t) <= megabytes * 1024 * 1024) n *= 2;
    return n;
  }

  std::uint64_t entry_key(const SliceNode& b, int i, int max) const {
    const auto node = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(&b));
    const std::uint64_t who = identities_ ? identity_key_of(game_) : 0;  // (ct, <>, k: target.h)
    return ((game_.key() ^ who ^ zobrist::mix(node ^ (std::uint64_t(i) << 48) ^ (std::uint64_t(max) << 32))) & ~SolvedBit) | 1;
  }

  // Does a goal anywhere in the tree, judged as `pred(target, in_constraint)`, hold? (in_constraint:
  // the goal stands inside a constraint {..}.)
  template <class Pred>
  static bool any_goal(const SliceNode& n, Pred&& pred, bool in_constraint = false) {
    switch (n.kind) {
      case SliceNode::Goal: return n.target && pred(*n.target, in_constraint);
      case SliceNode::Not: return any_goal(*n.left, pred, in_constraint);
      case SliceNode::And:
      case SliceNode::Or: return any_goal(*n.left, pred, in_constraint) || any_goal(*n.right, pred, in_constraint);
      case SliceNode::Branch:
        for (const auto& m : n.moves) {
          for (const auto& f : m.forks)
            if (any_goal(*f, pred, in_constraint)) return true;
          for (const auto& c : m.constraints)
            if (any_goal(*c, pred, true)) return true;
        }
        return false;
    }
    return false;
  }
  // Does a goal follow men from the diagram (target.h: ct, <>, k)?
  static bool needs_identities(const SliceNode& root) {
    return any_goal(root, [](const Target& t, bool) { return t.needs_identities(); });
  }
  // Does a constraint anywhere in the tree judge a goal about the move before (x, ep, 00, z)?
  static bool constraint_needs_facts(const SliceNode& root) {
    return any_goal(root, [](const Target& t, bool in_constraint) { return in_constraint && t.needs_move_facts(); });
  }

  G& game_;
  bool tree_built_ = false;
  prover::Budget budget_;
  prover::TableMemory table_;
  prover::TableGrowth growth_;
  std::size_t fills_ = 0;  // entries filled since the last report to growth_
  bool facts_in_constraints_;
  bool identities_;
  const SliceNode& root_;
  TargetCut<G> cut_;
  std::uint64_t engage_at_;  // the node count at which the cut is engaged (0: not to be)
  std::vector<bool> path_;   // the walk's steps from the root: a move (true) or a pass
  int entered_ = 0;          // entry() calls under way
};

}  // namespace arbiter::structured
