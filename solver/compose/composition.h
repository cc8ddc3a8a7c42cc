#pragma once
// A composing run's settings and results as plain data (moves already spelled), so the CLI,
// the problem writer and the reports need no rules.

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "solver/compose/material.h"
#include "solver/compose/placement.h"
#include "solver/compose/quality.h"
#include "solver/prover/goal.h"
#include "solver/prover/solution.h"

namespace arbiter::compose {

struct ComposeOptions {
  prover::Goal goal = prover::Goal::DirectMate;  // DirectMate (#n) or HelpMate (h#n, Black starts)
  int n = 2;                        // the stipulation #n / h#n (series: the series moves)
  Target target;                    // the goal: mate, or stalemate ("h=2", "ser-=3")
  bool series = false;              // series play: "ser-#4" (White's series), "ser-h#5" (Black's, then White)
  // The problem's solutions are lines of moves (help and series play), judged and proved as such.
  bool lines() const { return goal == prover::Goal::HelpMate || series; }
  // The play, goal and length a stipulation states ("ser-h#5").
  void set_stipulation(const Stipulation& s) {
    goal = prover::goal_of(s);
    n = s.moves;
    target = s.target;
    series = s.series;
  }
  int solutions = 1;                // help and series play: exactly this many solutions (h#2 2.1.1.1: 2)
  Material material = default_material();
  int count = 1;                    // stop after this many problems
  std::uint64_t max_attempts = 0;   // stop after this many candidates judged (0: no limit); reproducible
  double max_seconds = 0;           // stop after this long (0: no limit)
  std::uint64_t seed = 1;
  int min_score = std::numeric_limits<int>::min();  // no score filter unless asked
  // Default quality filters beyond the quiet key (quality.h): real play after the key, and a
  // threat that is one move (several threatened mates are a flaw problemists reject). Direct
  // mates only.
  int min_variations = 2;
  bool single_threat = true;
  // Helpmates' default filters: real Black play (at least this many Black units besides the
  // king move: self-blocks, line openings; a bare king walking into a net is the genre's
  // dullest form), and White force beyond a single unit (White units besides the king).
  int min_black_moving = 1;
  int min_white_units = 2;
  int climb_steps = 60;             // edits tried from one random candidate before starting afresh
  int polish_steps = 30;            // edits tried on a sound problem to raise its score
  std::uint64_t candidate_nodes = 0;  // node limit per candidate (0: by stipulation)
  int threads = 1;                  // the complete solve of each problem kept (prover threads)
  // Called after every candidate (for a progress line); the report so far.
  std::function<void(const struct ComposeReport&)> progress;
};

struct ComposedProblem {
  Placement placement;
  std::string fen;                  // six fields
  prover::Goal goal = prover::Goal::DirectMate;
  std::string variant, stipulation; // stipulation "#2", "h#2" (without a solution count)
  std::string key_san, key_uci;     // direct mates
  // The complete proof: direct mates one key, its tree, the tries; helpmates every solution
  // (exactly `solutions` of them, each of the full length).
  prover::Solution solution;
  Quality quality;                  // direct mates
  HelpQuality help_quality;         // helpmates
  int solutions = 1;                // helpmates: the number of solutions (stated when above 1)
  // Help and series play: the solutions are lines (the proof's `solutions`), not a key's tree.
  bool lines() const { return goal == prover::Goal::HelpMate || solution.series; }
  int score = 0;
  // Option Chess: the tokens matter (a double move in the key or a main line, or, for a
  // helpmate, in a solution; and the problem fails with both sides' tokens 0): what the
  // prover found at 0/0.
  bool double_move_needed = false;
  std::string zero_tokens;          // "no solution", "cooked: 3 keys", "another key: ..."
  double seconds = 0;               // into the run when it was found
};

struct ComposeReport {
  std::vector<ComposedProblem> problems;
  std::uint64_t attempts = 0;       // candidates judged
  int sound = 0;                    // sound problems found (before the score filter and duplicates)
  double seconds = 0;
  std::map<std::string, std::uint64_t> rejections;  // candidates rejected, by reason
  std::string stopped_by;           // "count", "attempts", "time" or "interrupted" (SIGINT)
};

// "no-mate 9000, cooked 120, ...": the reasons, most frequent first.
std::string rejections_text(const std::map<std::string, std::uint64_t>& rejections);

}  // namespace arbiter::compose
