#pragma once
// The result of proving a stipulation (direct mate, selfmate or helpmate), as plain data (moves already spelled in
// the variant's notation), so printing, JSON and certificates need no rules.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/prover/goal.h"
#include "solver/stipulation/stipulation.h"

namespace arbiter::prover {

// Every solver verdict is one of these; "unknown" always carries its reason.
enum class Verdict { Proved, Refuted, Unknown };
std::string verdict_name(Verdict v);

struct DefenceNode;

// An attacker move that forces mate in `mate_in` moves (counting itself; 1 = it mates).
struct AttackerNode {
  std::string san, uci;
  int mate_in = 0;
  bool check = false;                  // gives check (so there is no threat to state)
  std::vector<AttackerNode> threat;    // key only: what would follow if the defender could pass
  std::vector<DefenceNode> defences;   // every legal defence, each with its answers; empty when it mates
  // Structured battle play (solver/structured/): the goal the move reaches (its mark), and
  // whether `threat` was asked after it (then empty means zugzwang), at any depth.
  std::optional<Target> reaches = std::nullopt;
  bool threat_known = false;
};

struct DefenceNode {
  std::string san, uci;
  std::vector<AttackerNode> answers;  // the attacker moves that mate fastest after it (duals included)
  bool threat_follows = false;        // the threat's first move still mates as fast after this defence
  std::optional<Target> reaches = std::nullopt;  // structured battle play: the goal the defence reaches
};

// One move of a helpmate line.
struct LineMove {
  std::string san, uci;
  // Structured play: the other side passed, unprinted, just before this move (a series move's
  // turn, a ?+? move not granted). The layouts leave its slot empty; a replay plays the pass.
  bool after_pass = false;
  // Structured play: the first move of a nested branch longer than one move, where the
  // numbering starts from 1 again, its side numbered (Popeye's "1.Sb5-d4   1.Rb3-a3").
  bool restart = false;
};

// A helpmate solution: the moves from the diagram, the first mover's first; the last mates.
struct HelpLine {
  std::vector<LineMove> moves;
  // Structured play whose forks name several goals: the one the line's last move reaches (its
  // mark in Popeye's layout, "2.Da1*g1 ="); none: the solution's own goal.
  std::optional<Target> goal = std::nullopt;
  // Structured play whose fork is '&' of goals the last move reaches all of ("4hh[x&=]"): the
  // goals after `goal`; Popeye prints the line once more with each mark.
  std::vector<Target> more_goals = {};
  // Reciprocal series play: the line ends with the series side's own goal move, not with the
  // other side's reply (its last move is a series move, and it is one move shorter at full length).
  bool own_goal = false;
};

// How a help line is numbered, as Popeye prints it: a number before each move of the numbered
// side, counting that side's moves (the first mover; the other side when the mating side starts,
// after "1..."); an unprinted pass (LineMove::after_pass) takes no number and prints nothing; where
// a nested branch starts anew (LineMove::restart) the count starts at 1 with the side of that move.
// The move numbers of `line`, in order (0: printed without one).
std::vector<int> move_numbers(const HelpLine& line, bool mating_side_first);

struct Try {
  std::string san, uci;
  std::string refutation_san, refutation_uci;  // the single defence that refutes it
  // Structured battle play: the try's own tree (threat, every defence but the refutation with
  // its play), as a key's; empty elsewhere (the layout asks the prover).
  std::vector<AttackerNode> tree = {};
};

struct Solution {
  Verdict verdict = Verdict::Unknown;
  std::string reason;        // why unknown
  std::string variant, fen, stipulation;
  Goal goal = Goal::DirectMate;
  int n = 0;                 // stipulated number of moves (h#2.5: 2, with half_move)
  bool half_move = false;    // helpmates h#n.5: the mating side moves first
  Target target;             // the goal: mate unless the stipulation names another ("h=2")
  // Series play ("ser-#5", "ser-h=3"): `solutions` hold the series side's moves (the other side's
  // passes left out), then, in help series, the other side's move that reaches the goal.
  bool series = false;
  HelpEnd help_end = HelpEnd::Goal;  // help play ending in a selfmate or reflexmate in 1 ("hs#2", "hr#2"), or reciprocal
  Target reci_target;                // reciprocal help play ("reci-h(=)#2"): the goal of the other side's own move
  BattleOptions battle;      // direct mates and selfmates: the Popeye options it was solved under
  // A structured stipulation (solver/structured/): help and series play as lines, each with the
  // play its fork prints (`solutions`), battle play as keys without their tree.
  bool structured = false;
  // A structured stipulation's certificate proofs (solver/structured/structured_proof.h), built
  // when SolveOptions::certificate asks and the stipulation is proved; null otherwise. And the
  // stipulation as its certificate states it ("white 3a[#]d", "ser-s#3").
  nlohmann::json proofs;
  std::string certificate_stipulation;
  // Battle play printed as lines (parry series, pser-#N: the defender moves only to parry a
  // check): the lines are one tree's, their distinct first moves its keys (verify counts those).
  bool keyed_lines = false;
  // A structured root of '&' or '|' whose parts print differently (keys of one, lines of another:
  // "weiss 3a[#]d & - 4hh[#]", Popeye's BEISPIEL/sford.inp 15): each part solved on its own, in
  // the order written, printed one after the other as Popeye prints them; `keys` and `solutions`
  // stay empty here and the verdict is the whole root's ('&': every part proved).
  std::vector<Solution> parts;
  // Helpmates: every solution (short ones included, as Popeye lists them), in search order.
  // `keys` stays empty: a helpmate has no key.
  std::vector<HelpLine> solutions;
  // The number of solutions the problem states (0: not stated); more found is a cook,
  // fewer means the problem is refuted.
  int stated_solutions = 0;
  // Helpmates with set play asked for: the lines with the other side moving first, as if
  // the first mover passed (h#2 → the h#1.5 from the diagram).
  bool set_play_requested = false;
  Square set_play_en_passant = NoSquare;  // (SolveOptions::set_play_en_passant: the set play's e.p. square)
  std::vector<HelpLine> set_play;
  std::vector<AttackerNode> keys;
  // Reflexmates ("r#n"): the attacker's moves from the diagram that reach the goal at once. The
  // attacker must play one, which ends the play: there is no key (Popeye prints them "?!?").
  std::vector<LineMove> forced_goal_moves;
  int shortest = 0;          // mate length of the fastest key (0: none)
  bool shortest_exact = true;  // false in first-key mode when a shorter mate was not ruled out
  bool complete = true;      // every first move examined (false in first-key mode)
  bool tree_complete = true; // false when a limit cut the printed tree (the keys stay proved)
  std::string tree_note;
  bool tries_requested = false;
  std::vector<Try> tries;
  // With refutations requested: every first move that is not a key, with the first defence
  // found that escapes (the complete classification of first moves).
  bool refutations_requested = false;
  std::vector<Try> refutations;
  // When a limit ended a complete solution (verdict unknown): how far it got. Keys proved so
  // far (not claimed as the solution: a shorter or other key may be among the open moves), the
  // number of first moves refuted, and the first moves still undecided.
  std::vector<std::string> keys_so_far;
  int refuted_so_far = 0;
  std::vector<std::string> open_moves;
  // Helpmates ended by a limit: how many solutions were found before it, and the first of them
  // (at most MaxSolutionsSoFar, spelt after the limit: a bounded cost), each a proved solution
  // played to its mate; the list is not complete.
  static constexpr std::size_t MaxSolutionsSoFar = 100;
  std::size_t solutions_so_far_count = 0;
  std::vector<HelpLine> solutions_so_far;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// The solutions that print: a structured root's parts, each on its own, or the solution itself.
inline std::vector<const Solution*> parts_of(const Solution& s) {
  std::vector<const Solution*> out;
  for (const auto& part : s.parts) out.push_back(&part);
  if (out.empty()) out.push_back(&s);
  return out;
}

// Help and series play: the solutions are lines of moves (`solutions`), not keys with a tree.
inline bool has_lines(const Solution& s) { return s.goal == Goal::HelpMate || s.series; }
// The solutions a verify counts: the lines, or with keyed_lines their distinct first moves (UCI),
// each once, in order.
inline std::vector<std::string> counted_first_moves(const Solution& s) {
  std::vector<std::string> out;
  for (const auto& l : s.solutions)
    if (!l.moves.empty() && std::find(out.begin(), out.end(), l.moves.front().uci) == out.end()) out.push_back(l.moves.front().uci);
  return out;
}
// The moves of a full-length line: help play 2n plies (h#n.5 one more; hs#n and hr#n with the
// reply), series play the n series moves, and in help series the other side's last.
// Reciprocal help play: 2n - 1 (reci-h#n.5: 2n), the line that ends with the other side's own
// goal move (its help line has one ply more).
inline std::size_t full_line_moves(const Solution& s) {
  if (s.series) return std::size_t(s.n + (s.goal == Goal::HelpMate ? 1 : 0));
  if (s.help_end == HelpEnd::Reciprocal) return std::size_t(2 * s.n - 1 + (s.half_move ? 1 : 0));
  return std::size_t(2 * s.n + (s.half_move ? 1 : 0));
}
// Is `line` shorter than the stipulation (a short solution)? A reciprocal series line that ends
// with the series side's own goal move is full at one move less.
inline bool short_line(const Solution& s, const HelpLine& line) {
  return line.moves.size() + (s.series && line.own_goal ? 1 : 0) < full_line_moves(s);
}

// Problemist layout: "1.Qh5! (2.Qxf7#)", then the defences that stop the threat with the
// answers, e.g. "1...g6 2.Qe5#". Helpmates: one solution per line, "1.Kd4 Qe5+ 2.Kc5 Qb5#".
std::string format_solution_text(const Solution& s);

// "1.Kd4 Qe5+ 2.Kc5 Qb5#" (Black first) or "1...Rde2+ 2.Kd3 Re3#" (the mating side first).
std::string format_help_line(const HelpLine& line, bool mating_side_first);
// A series line: "1.Kd2 2.Ke3 3.Qf4#", or with the other side's last move "1.h5 2.h4 Rd8#".
std::string format_series_line(const HelpLine& line, int series_moves);
// One solution of help or series play as problemists print it (format_help_line or
// format_series_line, as the solution's play says).
std::string format_solution_line(const Solution& s, const HelpLine& line);

}  // namespace arbiter::prover
