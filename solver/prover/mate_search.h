#pragma once
// Depth-first AND/OR proof search for direct mate ("#n": the side to move mates in at most n
// of its own moves against every defence) and selfmate ("s#n": the side to move forces the
// defender to mate it within n moves), generic over any RuleSet; with another goal (target.h:
// "=3", "s=2", "+2") and in reflex play ("r#2", "semi-r#2") too.
//
//   OR node  (attacker to move, n moves left): some move after which every defence loses.
//   AND node (defender to move, n moves left): every defence is answered by a mate in n.
//
// The goal changes only what "loses" means for a defence. Direct mate: the defender has no
// move and is in check after the attacker's n-th move. Selfmate: a defence that mates the
// attacker loses (the defender had to play it, or chose it); any other defence loses only
// if the attacker still forces the selfmate within the moves left. With no move at all the
// defender escapes a selfmate (stalemate, or it is itself mated: neither is the goal). So on
// the last move a selfmate needs every defence to mate, which is Popeye's "s#". With Popeye's
// Quodlibet ("s# or #") a defender left mated by the attacker has lost too.
//
// Another goal than mate (set_target) is judged by target_reached.h on the position after the
// move and the move's facts, read back from the game's history (last_move_facts): a direct
// line ends at the first attacker move that reaches it, whatever its length; a defender left
// without a move has escaped (only a mate, which is the goal "#", ends the play there).
// Reflex play ("r#n", Popeye's reading): at every defender node, a defender that can reach the
// goal in one move must, which is the attacker's win; with no such move the defences go on as in
// a direct mate, and after the attacker's last move the defender has escaped. In full reflex
// play ("r#", not "semi-r#") the attacker is bound the same way: an attacker node where the
// attacker could reach the goal itself is lost (it would have to, and that is not its aim).
//
// What keeps it fast, and why each cut is sound:
//  - Mate-distance bounds in a shared transposition table (transposition_table.h): "mate in
//    at most k" answers every depth >= k, "no mate in k" every depth <= k; both bounds of a
//    position in one entry. Sound because both facts are monotone in the depth (a test shows
//    that a table answering a win below k would prove a mate in 2 that does not exist).
//  - At the attacker's last move of a direct mate only checking moves are tried: a move that
//    does not check cannot mate. Not for selfmates, whose last attacker move need not check.
//  - Ordering, which never changes a verdict: checks, then captures, for the attacker; for the
//    defender the defence leaving the attacker the fewest moves where the rules count cheaply
//    (order_defences), else the defence that refuted a sibling (killer) first, so a failing try
//    is cut after one defence; the check test prepared once per node (orthodox CheckTest).
//  - An optional checks-only pass (first-key mode) that finds forcing mates long before a full
//    search would; its failures are never stored (a test shows the quiet key still found).
//  - Threads (solve.h): first moves shared out, then the defences near the top of a proof
//    taken from different starting points, meeting through the table.
// Studied and not adopted, for now:
//  - Threat analysis as a cut (a quiet attacker move that threatens nothing cannot win): unsound
//    in chess problems, where zugzwang keys threaten nothing; the threat is computed only to
//    print it (solve.h).
//  - Proof-number search: it wins on long, narrow forcing lines; on the corpus (#2-#5 with wide
//    defences) the depth-first search with the bounds above already beats the peer, and PN
//    search needs a memory-resident tree. Lasker-Thomas #8, the long case, is proved complete in
//    two minutes on two threads since the defences are ordered by replies (reports/benchmarks.md).
//  - History ordering of refutations beyond the two killers per ply (a (side, from, to) table
//    of depth-weighted refutation counts, as a tie-break after killers, checks and captures):
//    measured on the corpus, it saved 4 % of the nodes (5.5 % without trees) and cost 10 to
//    35 % more time, the sort now ordering most defences instead of a few. Ordering never
//    changes a verdict; a named refutation must not depend on it either (judge_defences; the
//    test "the refutation named does not depend on what the search learnt before").

#include <algorithm>
#include <array>
#include <memory>
#include <optional>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/prover/goal.h"
#include "solver/prover/goal_moves.h"
#include "solver/prover/limits.h"
#include "solver/prover/move_source.h"
#include "solver/prover/transposition_table.h"
#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/target_reached.h"

namespace arbiter::prover {

constexpr int MaxSearchPly = 128;
constexpr int SharedPlies = 5;  // see MateSearch::share_first_defences

template <RuleSet G, Goal Kind = Goal::DirectMate>
class MateSearch {
  static_assert(Kind != Goal::HelpMate, "helpmates have their own search (help_search.h)");
  static constexpr bool Self = Kind == Goal::SelfMate;
  static constexpr bool Reflex = reflex_play(Kind);
  static constexpr bool FullReflex = Kind == Goal::ReflexMate;

 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;

  MateSearch(G& game, const Limits& limits)
      : game_(game),
        budget_(limits),
        own_tt_(std::make_unique<TranspositionTable>(limits.hash_megabytes)),
        tt_(own_tt_.get()),
        sort_scratch_(std::make_unique<SortScratch>()) {}
  // A search that shares `table` with others (threads proving parts of one problem): every
  // entry is a proved fact, whichever search stored it.
  MateSearch(G& game, const Limits& limits, TranspositionTable& table)
      : game_(game), budget_(limits), tt_(&table), sort_scratch_(std::make_unique<SortScratch>()) {}

  // OR node: can the side to move force mate in at most n moves?
  bool attacker_mates(int n) {
    const stop::SearchScope scope;  // the rules may stop by SearchStopped in here (rules/core/stop.h)
    if (n <= 0) return false;
    // GoalIsEnd, direct play: the defence just played reached the goal for the defender, which
    // ends the play (before the table: the verdict is the line's, not the position's).
    if constexpr (Kind == Goal::DirectMate)
      if (last_move_ended_play(game_, target_)) return false;
    const bool use_table = !checks_only_ && n > 1;  // mate in one is cheaper to redo than to look up
    const zobrist::Key key = use_table ? table_key(n) : 0;
    if (use_table) {
      auto known = tt_->probe(key, n);
      if (known != TranspositionTable::Probe::Unknown) return known == TranspositionTable::Probe::Win;
    }
    if constexpr (FullReflex) {
      if (can_reach_goal()) {  // the attacker would have to reach the goal itself: a loss, or a win under Quodlibet
        if (use_table) remember(key, n, battle_.quodlibet);
        return battle_.quodlibet;
      }
    }
    // !#, ##, ##! (direct play only): a goal move the rules otherwise forbid wins at once.
    if (Kind == Goal::DirectMate && target_.self_check_goal()) {
      MoveList goal_moves;
      add_self_check_goal_moves(game_, target_, goal_moves);
      if (goal_moves.size() > 0) {
        if (use_table) remember(key, n, true);
        return true;
      }
    }
    // Direct play: on the last move only a check can mate (or check). A selfmate's or reflexmate's
    // last move need not check, nor a direct move aiming at another goal.
    const bool only_checks = (Kind == Goal::DirectMate && n == 1 && target_.needs_check()) || checks_only_;
    for (int stage = 0; stage < Stages; ++stage) {
      MoveList moves;
      generate(moves, stage, only_checks);
      int count = order_attacker_moves(moves, only_checks, /*all_checks=*/only_checks && HasCheckGenerator);
      for (int i = 0; i < count; ++i) {
        if (try_attacker_move(moves[i], n)) {
          remember_killer(attacker_killers_, moves[i]);
          if (use_table) remember(key, n, true);
          return true;
        }
      }
    }
    if (use_table) remember(key, n, false);  // (a checks-only failure proves nothing)
    return false;
  }

  // AND node, defender to move: does every defence lose to a mate within n more attacker
  // moves? With no defence left this is mate (true) or stalemate (false).
  bool every_defence_loses(int n) {
    const stop::SearchScope scope;  // the rules may stop by SearchStopped in here (rules/core/stop.h)
    if (const auto settled = settled_before_defences(n)) return *settled;
    if (battle_.depth_dependent() && refuted_by_options(n)) return false;
    // Positions with the defender to move are cached too (their keys differ from the
    // attacker-to-move ones by the side to move, so the two kinds never collide).
    const bool use_table = !checks_only_ && n >= 2;
    const zobrist::Key key = use_table ? table_key(n) : 0;  // with the allowance the line brings here
    std::optional<NontrivialAllowance> allowance;
    if (nontrivial_applies(n) && !allow_nontrivial(allowance)) return false;
    if (use_table) {
      auto known = tt_->probe(key, n);
      if (known != TranspositionTable::Probe::Unknown) return known == TranspositionTable::Probe::Win;
    }
    bool win = defend(n).loses;
    if (use_table) remember(key, n, win);
    return win;
  }

  // The first defence (in search order) that escapes mate in n, if any. (A stalemated
  // defender has no defence but is not mated either: use every_defence_loses for the verdict.)
  // The refutation named is the first escape in the order without killers (checks, captures,
  // then generation order), so it does not depend on what was searched before or by which
  // thread: one thread and many name the same one.
  std::optional<M> refutation(int n) { return judge_defences(n).escape; }

  // The outcome of a defender node, computed in one place and returned by value: nested
  // searches cannot disturb it (an earlier version kept "stalemate" in a member, which a
  // deeper node could overwrite).
  struct DefenceOutcome {
    bool loses = false;         // every defence is mated within n (or the position is mate)
    std::optional<M> escape;    // the first defence found that escapes
    bool refuted_by_options = false;  // Threat, MaxFlightsquares or NonTrivial refuted the attacker's move itself
  };
  // Defender to move: every_defence_loses() and refutation() in one search (no table at this
  // node), for classifying first moves.
  DefenceOutcome judge_defences(int n) {
    const stop::SearchScope scope;  // the rules may stop by SearchStopped in here (rules/core/stop.h)
    if (ply_ < MaxSearchPly) defence_killers_[ply_] = {};
    naming_ply_ = ply_;  // the order here names the refutation: not rotated either
    if (const auto settled = settled_before_defences(n)) {
      naming_ply_ = -1;
      if (*settled) return {true, std::nullopt};
      MoveList moves;
      game_.generate_legal(moves);
      return {false, moves.size() > 0 ? std::optional<M>(moves[0]) : std::nullopt};
    }
    std::optional<NontrivialAllowance> allowance;
    const bool refuted = battle_.depth_dependent() && (Self || n > 0) &&
                         (refuted_by_options(n) || (nontrivial_applies(n) && !allow_nontrivial(allowance)));
    if (refuted) {
      naming_ply_ = -1;
      return {false, std::nullopt, true};
    }
    const DefenceOutcome outcome = defend(n);
    naming_ply_ = -1;
    return outcome;
  }

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

  // Popeye's options of battle play (stipulation.h): Quodlibet's direct mates win a selfmate too;
  // Threat, MaxFlightsquares and NonTrivial refute attacker moves, checked at every defender node.
  // Set before the search starts: the table's entries hold for one set of rules, and under those
  // three the table is not used (its bounds carry across depths and lines, their verdicts do not).
  void set_battle(const BattleOptions& battle) { battle_ = battle, nontrivial_left_ = battle.nontrivial_max; }

  // Restrict the attacker to checking moves (a proof found so is still a proof).
  void set_checks_only(bool on) { checks_only_ = on; }

  // The goal (mate unless set otherwise), for every search on this instance: set before the
  // search starts, as the table's entries hold for one goal.
  void set_target(const Target& target) { target_ = target; }
  const Target& target() const { return target_; }

  // Has the move just played reached the goal? (Self and reflex play: the defender's move; direct
  // play: the attacker's.) Mate is judged on the position alone; the other goals ask the move's
  // facts, read back from the game's history.
  bool goal_reached() {
    if (target_.kind == Target::Mate) return game_.in_check() && !game_.has_legal_move();
    return target_reached(game_, target_, last_move_facts(game_));
  }
  // Selfmate: has the move just played mated the attacker (now to move)? (The goal, in general.)
  bool attacker_mated() { return goal_reached(); }

  // Can the side to move reach the goal in one move? (Reflex play: then it must.)
  bool can_reach_goal() {
    return visit_goal_moves(game_, target_, budget_, [](const M&) { return false; });
  }
  // Every move of the side to move that reaches the goal (for the tree and the root).
  std::vector<M> goal_moves() {
    std::vector<M> out;
    visit_goal_moves(game_, target_, budget_, [&](const M& m) { return out.push_back(m), true; });
    return out;
  }

  // Another thread searches the same position: this one takes the defences of its defender
  // nodes near the top (the first SharedPlies plies) from a different starting point (slot k of
  // `of`), so that in a proof, where every defence must be answered, the threads work on
  // different subtrees and meet through the table. Only the order changes, never a result.
  void share_first_defences(int slot, int of) { rotation_slot_ = slot, rotation_of_ = of; }
  // Ready for a new search after one was abandoned midway (a limit or a cancellation unwound
  // it; the caller restores the game).
  void restart() { ply_ = 0, checks_only_ = false, naming_ply_ = -1, nontrivial_left_ = battle_.nontrivial_max; }

  // NonTrivial (BattleOptions): the allowance left on the line searched, set for the subtree
  // below a defender node and given back when the search leaves it (an exception included).
  struct NontrivialAllowance {
    int& left;
    int saved;
    NontrivialAllowance(int& l, int now) : left(l), saved(l) { left = now; }
    ~NontrivialAllowance() { left = saved; }
    NontrivialAllowance(const NontrivialAllowance&) = delete;
    NontrivialAllowance& operator=(const NontrivialAllowance&) = delete;
  };

  // Tree building under NonTrivial, defender to move with n attacker moves left: sets the
  // allowance the search gives the subtree below this node (what the line to it left, less its
  // non-trivial defences), until `allowance` goes; false when NonTrivial refutes the move that
  // led here. The tree's searches below then judge each move as the proof's did.
  bool enter_defender_node(int n, std::optional<NontrivialAllowance>& allowance) {
    return !nontrivial_applies(n) || allow_nontrivial(allowance);
  }

  G& game() { return game_; }
  Budget& budget() { return budget_; }
  TranspositionTable& table() { return *tt_; }
  // A fresh count and clock for the next search of a long-lived instance (the composer judges
  // many candidates with one search and one table).
  void reset_budget(const Limits& limits) { budget_ = Budget(limits); }
  std::uint64_t nodes() const { return budget_.nodes(); }
  std::size_t table_bytes() const { return tt_->bytes(); }

 private:
  // Defender to move after an attacker move, with n attacker moves left: does Threat or
  // MaxFlightsquares refute that move? (Popeye: the guards before each defender node.)
  bool refuted_by_options(int n) {
    if (battle_.max_flights >= 0) {
      // Rule sets with one king and moves from a square (orthodox chess, which reads Popeye input).
      if constexpr (requires(const M& m) { game_.position().king_square(White); m.from() == Square(); }) {
        const Square king = game_.position().king_square(game_.side_to_move());
        MoveList moves;
        game_.generate_legal(moves);
        int flights = 0;
        for (const M& m : moves) flights += m.from() == king;
        if (flights > battle_.max_flights) return true;
      }
    }
    if (battle_.max_threat >= 0 && n >= battle_.max_threat && !game_.in_check()) {
      if constexpr (NullMove<G>) {
        game_.play_null();
        ++ply_;
        const bool threat = attacker_mates(battle_.max_threat);
        --ply_;
        game_.undo_null();
        if (!threat) return true;
      }
    }
    return false;
  }

  // Defender to move with n attacker moves left: a verdict that needs no look at the defences.
  // Direct play: the attacker's move just played reached the goal (win), or it was the last
  // (loss). Reflex play: the defender can reach the goal, so it must (win), or the attacker's
  // moves are spent (loss). Selfmates decide in defend_selfmate, but for Quodlibet's win and
  // GoalIsEnd's loss: the attacker's move reached the goal for the attacker. (Quodlibet in self
  // and reflex play: the attacker's own move reaching the goal wins, as in direct play.)
  std::optional<bool> settled_before_defences(int n) {
    if constexpr (Kind == Goal::DirectMate) {
      if (n == 0) return goal_reached();  // the move played must have reached it
      if (target_.kind != Target::Mate && goal_reached()) return true;  // mate is seen in defend()
    } else if constexpr (Reflex) {
      if (battle_.quodlibet && goal_reached()) return true;  // Quodlibet: the attacker's own move reached the goal
      if (can_reach_goal()) return true;
      if (n == 0) return false;
    } else if constexpr (Self) {
      if (battle_.quodlibet && goal_reached()) return true;  // Quodlibet: the attacker's own move reached the goal
      if (last_move_ended_play(game_, target_)) return false;  // GoalIsEnd: the attacker reached the goal itself
    }
    return std::nullopt;
  }

  bool nontrivial_applies(int n) const { return battle_.nontrivial_max >= 0 && n > battle_.nontrivial_length; }

  // Defender to move: false when more defences are non-trivial than the allowance grants (the
  // attacker's move is refuted); else `allowance` holds the smaller allowance for the subtree.
  bool allow_nontrivial(std::optional<NontrivialAllowance>& allowance) {
    const int k = battle_.nontrivial_length;
    int count = 0;
    for (int stage = 0; stage < Stages && count <= nontrivial_left_ + 1; ++stage) {
      MoveList moves;
      generate(moves, stage, false);
      for (const M& d : moves) {
        budget_.spend();
        ++ply_;
        game_.play(d);
        // Popeye counts in half-moves: a defence is trivial when the goal follows within 2k + 1
        // more of them, so a direct mate in k + 1, a selfmate in k (k = 0: the defence mates).
        const bool trivial = Self ? attacker_mated() || (k > 0 && attacker_mates(k)) : attacker_mates(k + 1);
        game_.undo();
        --ply_;
        if (!trivial && ++count > nontrivial_left_ + 1) return false;  // enough counted
      }
    }
    allowance.emplace(nontrivial_left_, nontrivial_left_ + 1 - count);
    return true;
  }

  DefenceOutcome defend(int n) {
    if constexpr (Self) return defend_selfmate(n);
    bool any = false;
    for (int stage = 0; stage < Stages; ++stage) {
      MoveList moves;
      generate(moves, stage, false);
      if (moves.size() == 0) continue;
      any = true;
      if (n == 0) return {false, moves[0]};  // not mate: any move escapes
      order_defences(moves, n);
      rotate_shared(moves);
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
    // Mated (the goal "#" reached by the attacker's move), or stalemated; with another goal, or in
    // reflex play, a defender without a move has escaped.
    if (!any) return {Kind == Goal::DirectMate && target_.kind == Target::Mate && game_.in_check(), std::nullopt};
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
      if (n > 0) order_defences(moves, n), rotate_shared(moves);
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
    // Stalemated, or mated: the defender has not mated. (Quodlibet's win, the attacker's own
    // goal, was settled before the defences.)
    if (!any) return {false, std::nullopt};
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

  // Stores a proved bound for the current position; fills are reported to the table in
  // batches (it grows by them) so that threads do not touch a shared counter at every store.
  // The table's key for a node with n attacker moves left. Under Threat, MaxFlightsquares or
  // NonTrivial a node's verdict depends also on n (the guards act by the moves left) and on
  // NonTrivial's allowance left on the line (nontrivial_left_ on entry): both go into the key, so
  // an entry answers only a node of the same position, n and allowance, which has the same
  // verdict. Without them the key is the position's, and the table carries wins and losses
  // across depths.
  zobrist::Key table_key(int n) const {
    const zobrist::Key position = game_.key() ^ identity_salt(game_, target_);  // (ct, <>, k: who is who)
    if (!battle_.depth_dependent()) return position;
    return position ^ zobrist::mix((std::uint64_t(n) << 32 | std::uint32_t(nontrivial_left_ + 1)) + 0x9E3779B97F4A7C15ull);
  }

  void remember(zobrist::Key key, int n, bool win) {
    if (tt_->store(key, n, win) && ++fills_ == TableGrowth::Batch) {
      tt_->note_fills(fills_);
      fills_ = 0;
    }
  }

  void rotate_shared(MoveList& moves) {
    if (ply_ >= SharedPlies || ply_ == naming_ply_ || rotation_slot_ == 0 || moves.size() < 2) return;
    std::rotate(moves.begin(), moves.begin() + (moves.size() * rotation_slot_) / rotation_of_, moves.end());
  }

  // Puts checks first (and, when only checks are allowed, drops the rest); returns the
  // number of moves to try.
  static constexpr bool HasCheckGenerator = has_check_generator<G>;

  int order_attacker_moves(MoveList& moves, bool only_checks, bool all_checks) {
    if (all_checks) return order_attacker_moves(moves, only_checks, [](const M&) { return true; });
    return order_attacker_moves(moves, only_checks, check_oracle(game_));
  }

  template <class Checks>
  int order_attacker_moves(MoveList& moves, bool only_checks, Checks&& gives_check) {
    auto& score = sort_scratch_->score;  // written before read
    int kept = 0;
    for (int i = 0; i < moves.size(); ++i) {
      bool check = gives_check(moves[i]);
      if (only_checks && !check) continue;
      int s = check ? 4 : 0;
      if (moves[i] == attacker_killers_[ply_][0]) s += 8;
      else if (moves[i] == attacker_killers_[ply_][1]) s += 6;
      if constexpr (CaptureTest<G>)
        if (game_.is_capture(moves[i])) s += 2;
      moves[kept] = moves[i];
      score[kept++] = s;
    }
    sort_by_score(moves, score, kept);
    return kept;
  }

  // Defences leaving the attacker the fewest moves first (killers break ties): an escape is
  // proved by refuting every attacker move below it, so the narrowest escape is the cheapest
  // to prove, and a defence that refutes is usually among them (Popeye orders its defences so).
  // Counting costs a play and a legal-move count per defence: taken where the rules count
  // cheaply (cheap_reply_count) and the attacker has moves enough left for the proof below to
  // outweigh it (two in direct and reflex play, one in a selfmate, whose last attacker move
  // faces every defence mating). Measured (reports/benchmarks.md, seventeenth session): the
  // 270 direct mates 4.0 s -> 1.8 s, the 72 selfmates 1.27 s -> 0.60 s, BEISPIEL/ep.inp 11
  // (s#6) 33 s -> 0.3 s; counting from one attacker move left made the direct mates slower
  // (5.0 s), and killers ahead of the count undid most of the gain (ep.inp 11: 13 s). The
  // counting plays are not nodes (the budget counts the search's moves). Not where the
  // refutation is named (judge_defences): its order stays the plain one.
  void order_defences(MoveList& moves, int n) {
    if constexpr (cheap_reply_count<G>) {
      if (n >= (Self ? 1 : 2) && ply_ != naming_ply_) return order_by_replies(moves);
    }
    order_defences(moves);
  }

  void order_by_replies(MoveList& moves) {
    auto& score = sort_scratch_->score;  // written before read
    for (int i = 0; i < moves.size(); ++i) {
      game_.play(moves[i]);
      const int replies = game_.count_legal();
      game_.undo();
      int s = (MoveList::capacity - replies) * 4;  // positive: every move is scored
      if (moves[i] == defence_killers_[ply_][0]) s += 2;
      else if (moves[i] == defence_killers_[ply_][1]) s += 1;
      score[i] = s;
    }
    sort_by_score(moves, score, moves.size());
  }

  // Refutations first: the defences that refuted a sibling (killers), then checks (a check
  // leaves the attacker only its evasions, so proving that it escapes is cheap), then captures.
  void order_defences(MoveList& moves) {
    auto& score = sort_scratch_->score;  // written before read
    auto gives_check = check_oracle(game_);
    for (int i = 0; i < moves.size(); ++i) {
      int s = 0;
      if (moves[i] == defence_killers_[ply_][0]) s = 8;
      else if (moves[i] == defence_killers_[ply_][1]) s = 6;
      else if (gives_check(moves[i])) s = 4;
      else if constexpr (CaptureTest<G>)
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
  std::unique_ptr<TranspositionTable> own_tt_;  // null when the table is shared
  TranspositionTable* tt_;
  std::unique_ptr<SortScratch> sort_scratch_;
  bool checks_only_ = false;
  BattleOptions battle_;
  Target target_;
  int nontrivial_left_ = -1;  // NonTrivial's allowance on the line searched (NontrivialAllowance)
  int ply_ = 0;
  int rotation_slot_ = 0, rotation_of_ = 1;
  int naming_ply_ = -1;  // the node judge_defences() is judging
  std::size_t fills_ = 0;
  std::array<std::array<M, 2>, MaxSearchPly> attacker_killers_{};
  std::array<std::array<M, 2>, MaxSearchPly> defence_killers_{};
};

}  // namespace arbiter::prover
