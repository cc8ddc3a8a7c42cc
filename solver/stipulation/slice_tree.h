#pragma once
// A structured stipulation's tree (py-engl.txt, "sstipulation"), as read: branches of moves
// with the forks that may end them and the constraints that must hold, goals at the leaves,
// and the logical operators between them. Plain data: structured_stipulation.cpp builds it, the
// structured engine (solver/structured/) plays it.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "solver/stipulation/target.h"

namespace arbiter {

struct SliceNode;
using SliceRef = std::shared_ptr<const SliceNode>;

// One move of a branch and what is attached to it. The branch repeats its moves: a series
// branch has one (s), battle and help play two (a d, d a, h h).
struct SliceMove {
  char letter = 'h';         // a (attack), d (defence), h (help), s (series)
  bool needs_check = false;  // ?+?: the move is granted only to a side in check, else it passes
  std::vector<SliceRef> forks;        // [..]: reached after this move, the branch is solved
  std::vector<SliceRef> constraints;  // {..}: must hold (battle play: before every attacking move)
};

struct SliceNode {
  enum Kind { Goal, Branch, Not, And, Or };
  Kind kind = Goal;
  // Goal: as written ("#", "za7"), and the goal the engines judge (none: not judged yet).
  std::string goal;
  std::optional<Target> target;
  // Not (left), And and Or (left, right).
  SliceRef left, right;
  // Branch: "min:max" half-moves, its moves, and the flags written before it.
  int min = 1, max = 0;
  std::vector<SliceMove> moves;
  bool ends_containing = false;  // '>': play in the containing branch ends where this one is solved
  bool hidden = false;           // '/': its moves are not printed
  bool side_change = false;      // '-': the side that just moved moves again (the other passes)

  bool battle() const { return kind == Branch && (moves.front().letter == 'a' || moves.front().letter == 'd'); }
  bool series() const { return kind == Branch && moves.front().letter == 's'; }
  // Is the solution printed as lines (help and series play, and battle play whose defender
  // moves only to parry a check, as Popeye prints parry series), not as keys?
  bool printed_as_lines() const {
    if (!battle()) return true;
    for (const auto& m : moves)
      if (m.needs_check) return true;
    return false;
  }
};

// The goal a printed line ends with, when the tree's forks name one alone (constraints and
// hidden branches aside): "2s[>1d[x]a]" x, "3a[#][1a[#]d]d" #; any move (no mark) when every
// line ends in a hidden branch ("5h[/1d[x]a{!+}]h", EXAMPLES/capzug.inp 1); none when they name
// several.
std::optional<Target> printed_goal(const SliceNode& root);
// The goals of the tree's forks outside hidden branches, each once, in the order written
// ("4h[=]h[#]": =, #).
std::vector<Target> fork_goals(const SliceNode& root);

// Every goal the tree judges, at any depth (forks, constraints, hidden branches, operands), in
// the order written, repeats included.
std::vector<Target> all_goals(const SliceNode& root);

// A root of '&' or '|' ("2hh[#]&1h[#]h"): its operands in order, each a chain of the same
// operator read as one list ("a & b & c": a, b, c); empty for any other root.
std::vector<const SliceNode*> root_parts(const SliceNode& root);

// A root of '&' or '|' whose parts are branches that print differently, some keys of battle
// play, some lines ("weiss 3a[#]d & - 4hh[#]"): each part is solved and printed on its own.
bool mixed_parts(const SliceNode& root);

// Does the node play moves (hold a branch), or only judge the position (goals and their '!', '&',
// '|')? A series move's constraint that plays moves binds before the move, one that judges after.
bool plays_moves(const SliceNode& n);

// Can battle play from this branch be followed move by move, as a published key's play is checked
// (battle_play_check.h)? A battle branch that starts with the attacker, with no '?+?' and no '-',
// whose forks are goals (with their '!', '&', '|'), hidden branches, or branches followed the
// same way, so that each published move has one place in the tree.
bool battle_play_followed(const SliceNode& b);

// What the tree asks that the structured engine does not play yet, each named once ("goal ##
// (double mate)"); empty when it plays all of it.
std::vector<std::string> structured_unsupported(const SliceNode& root);

}  // namespace arbiter
