#pragma once
// What a proof search is asked: the stipulation's goal and length, what to report, and limits.

#include <cstddef>
#include <functional>
#include <string>
#include <thread>
#include <algorithm>

#include "solver/prover/goal.h"
#include "solver/prover/limits.h"
#include "solver/stipulation/slice_tree.h"
#include "solver/stipulation/stipulation.h"

namespace arbiter::prover {

// The default for --threads: every core the machine has.
inline int default_threads() { return std::max(1, int(std::thread::hardware_concurrency())); }

struct SolveOptions {
  Goal goal = Goal::DirectMate;
  int n = 2;
  bool half_move = false;      // helpmates: h#n.5
  Target target;               // the goal (mate unless the stipulation names another)
  bool series = false;         // series play: the side to move plays up to n moves in a row
  HelpEnd help_end = HelpEnd::Goal;  // help play: "hs", "hr", "reci-h" (stipulation.h)
  Target reci_target;                // reciprocal help play: the other side's own goal
  // A structured stipulation that is no synonym of a plain one (slice_tree.h), and its text:
  // played by the structured engine (solver/structured/), the fields above unused.
  SliceRef structured;
  std::string structured_text;
  bool set_play = false;       // helpmates: also the set play
  // Popeye's EnPassant naming a double step of the side to move: only the set play, which the
  // other side starts, may capture it (REGRESSIONS/4_79_to_4_81.inp 2); its e.p. square after the
  // pass, NoSquare for none.
  Square set_play_en_passant = NoSquare;
  BattleOptions battle;        // direct mates and selfmates: Popeye's Quodlibet, Threat, MaxFlightsquares
  int stated_solutions = 0;    // helpmates: the number the problem states (0: not stated)
  // Helpmates: stop after this many solutions plus one (0: list them all). The verdict is then
  // "more than this many", which is all a cook needs.
  std::size_t max_solutions = 0;
  // Threads sharing out the first moves (and joining the last ones still running), with one
  // transposition table; the result is the same for any number, only the node count differs.
  int threads = 1;
  bool first_key_only = false;
  bool tries = false;
  bool refutations = false;  // classify every first move: key, or refuted by a named defence
  bool build_tree = true;
  bool certificate = false;  // structured stipulations: build the certificate's proofs too (Solution::proofs)
  std::size_t max_tree_nodes = 50000;  // a larger printed tree is cut (the verdict is not)
  Limits limits;
  // Called before each first move is examined (complete solutions): done, total, the move.
  std::function<void(int, int, const std::string&)> progress;
};

// After the pass that starts set play: the e.p. square SolveOptions::set_play_en_passant names
// (the pass itself forgets any), on rule sets with a board.
template <class G>
void set_en_passant_after_pass([[maybe_unused]] G& game, Square ep) {
  if constexpr (requires { game.position().set_en_passant_square(ep); })
    if (ep != NoSquare) game.position().set_en_passant_square(ep);
}

}  // namespace arbiter::prover
