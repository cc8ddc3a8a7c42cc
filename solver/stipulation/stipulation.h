#pragma once
// A stipulation as problem files write it: "#N", "h#N", "h#N.5", "s#N" with an optional
// solution count, and the forms Popeye's language adds that the engines play: another goal
// ("h=2", "h==3", "hx2", target.h) and series play ("ser-#5", "ser-h=4"), read by
// StipulationForm::playable (stipulation_form.h). It knows no prover and no problem file:
// engines and readers share it.

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"
#include "solver/stipulation/slice_tree.h"
#include "solver/stipulation/target.h"

namespace arbiter {

// The longest direct mate a problem file may ask for. The corpus goes to #5 and published
// orthodox direct mates rarely pass #20; a longer one is almost certainly a typo ("#99"), and
// the prover's depth-first search would not finish anyway.
inline constexpr int MaxMateMoves = 30;
// The longest series: a series side's moves are one ply each, and series problems run long
// (BEISPIEL/stip.inp 52, ser-=65, is a king's tour of 65 moves).
inline constexpr int MaxSeriesMoves = 99;

// Popeye's options that change the play, carried with the stipulation they modify; the text
// stays "#N" / "s#N". All but NullMoves and StopOnShortSolutions are about battle play (direct
// mates and selfmates).
struct BattleOptions {
  // Quodlibet: a selfmate is also won by the attacker's own mate of the defender ("s# or #").
  bool quodlibet = false;
  // Threat k: an attacker move after which k or more of its moves are left must check, or
  // threaten mate in at most k (what mates if the defender passed); else it is refuted. -1: off
  // (Threat 0: every attacker move must check).
  int max_threat = -1;
  // Threat k where Popeye cannot apply it (help or series play, or battle play of k moves or
  // fewer, where no defender node has k attacker moves left): k, and max_threat is -1. Popeye
  // says 'Option "Threat" not applicable or indicated maximum threat length too big' and solves
  // without it, and so does Arbiter. -1: none ignored.
  int threat_ignored = -1;
  // MaxFlightsquares m: an attacker move that leaves the defending king more than m moves is
  // refuted. -1: off.
  int max_flights = -1;
  // PostKeyPlay: the diagram is the position after the key, the defender to move; what is proved
  // is that every defence loses within N - 1 more attacker moves.
  bool post_key = false;
  // A structured stipulation that starts with the defence without '-' ("black 1d[#]a"), played
  // as its plain synonym after the key: Popeye numbers the defence "1." as the structure's first
  // move, not "1..." (BEISPIEL/sford.inp 3). Layout only.
  bool post_key_numbered_first = false;
  // NonTrivial m k: at a defender node with more than k attacker moves left after its reply, the
  // defences the goal does not answer within 2k + 1 half-moves ("non-trivial": not met by a direct
  // mate in k + 1, or by a selfmate in k, as Popeye counts) are counted; more than m + 1
  // refute the attacker's move, and below it m becomes m + 1 - count (Popeye's allowance for the
  // whole line). -1: off.
  int nontrivial_max = -1;
  int nontrivial_length = 0;
  // NullMoves: the side to move may pass ("...") instead of moving, unless it is in check or the
  // move before was a pass. Help play only so far (the reader refuses it elsewhere, named).
  bool null_moves = false;
  // StopOnShortSolutions: once solutions shorter than the stipulation are found, the search stops
  // there: only the shortest are listed, and the solution is partial. Help play only (Popeye
  // refuses it in battle play).
  bool stop_on_short = false;
  // Threat and MaxFlightsquares refute a move by how many moves are left, NonTrivial by the line
  // that led to it: a mate in k found with k moves left may fail with more (or on another line),
  // so mate-distance bounds no longer carry across depths (the prover's table then keys each
  // node with its moves left and the line's allowance).
  bool depth_dependent() const { return max_threat >= 0 || max_flights >= 0 || nontrivial_max >= 0; }
  bool any() const { return quodlibet || post_key || null_moves || stop_on_short || depth_dependent(); }
};

// How help play ends: "h#" with the goal move itself; "hs#" (help-self) with a position in which
// the other side must reach the goal with every move it has (a selfmate in 1); "hr#"
// (help-reflex) with one in which it can, and so must (a reflexmate in 1), the reflex rule
// binding both sides throughout (see HelpSearch::set_help_end); "reci-h#" (reciprocal help)
// with one in which the other side can both reach its own goal at once (`reci_target`, a
// direct move) and play a move after which the help play's goal is reached (a help move).
enum class HelpEnd { Goal, Self, Reflex, Reciprocal };

struct Stipulation {
  // The play; the names say it with the goal mate, and `target` may name another goal.
  enum Kind {
    DirectMate,  // "#N": the side to move mates in at most N of its own moves;
                 // "ser-#N" (series): White plays up to N moves in a row, the last one mating
    HelpMate,    // "h#N": Black starts, both sides cooperate, White mates on its N-th move;
                 // "h#N.5": White starts (N+1/2 moves); "ser-h#N": Black plays up to N moves
                 // in a row, then White mates in one
    SelfMate,    // "s#N": White starts and forces Black to mate White within N moves
    ReflexMate,  // "r#N": a selfmate in which either side that can reach the goal in one move
                 // must: Black is forced to mate whenever it can (that is White's aim), and
                 // White may never be able to mate (it would have to, which ends the play)
    SemiReflexMate,  // "semi-r#N": the same, with Black alone bound to mate when it can
  };
  Kind kind = DirectMate;
  HelpEnd help_end = HelpEnd::Goal;  // HelpMate: "hs", "hr", "reci-h"
  Target target;        // the goal: mate unless the text names another ("h=2": stalemate)
  // Reciprocal help play: the goal of the other side's own move, in parentheses when it is not
  // `target` ("reci-h(=)#2": Black stalemates, or helps White mate).
  Target reci_target;
  // Series play ("ser-"): the side to move plays up to N moves in a row while the other passes;
  // none of them may give check but the last, and the line ends at the goal (short lines count).
  bool series = false;
  int moves = 0;           // N, 1..MaxMateMoves (h#N.5: N, which may be 0 for h#0.5)
  bool half_move = false;  // h#N.5
  // The number of solutions the problem states: "h#2 2.1.1.1" (the product of the counts,
  // here 2) or a PGN [Solutions "2"] tag; 0 when not stated.
  int solutions = 0;
  BattleOptions battle;  // direct mates and selfmates (Quodlibet: selfmates only)
  // A structured stipulation that is no synonym of a plain one ("black 4hh[2da[#]]"): its tree,
  // played by the structured engine, and the side that moves first; `text` is as written.
  SliceRef structured;
  Color structured_side = White;
  std::string text;        // "h#2", as written (without the solution-count suffix)

  // The side that moves first: Black for h#N and ser-h#N, White for h#N.5, s#N, #N and ser-#N;
  // in help-self and help-reflex play the side that reaches the goal last is Black: White starts
  // hs#N and hr#N, Black hs#N.5 and hr#N.5.
  Color first_mover() const {
    if (structured) return structured_side;
    if (kind != HelpMate) return White;
    // Reciprocal: Black ends either way, so White starts reci-h#N.5 (one help move before).
    if (help_end == HelpEnd::Reciprocal) return half_move ? White : Black;
    if (help_end != HelpEnd::Goal && !series) return half_move ? Black : White;
    return half_move ? White : Black;
  }
  // One of the four forms every engine plays: #N, h#N, h#N.5, s#N (mate, no series). The others
  // are solved by `solve` and its kin; an engine that does not play them yet names them.
  bool classic() const {
    return !structured && target.kind == Target::Mate && !series && kind != ReflexMate && kind != SemiReflexMate && help_end == HelpEnd::Goal;
  }
  // The stipulation in its one spelling ("h#1.5" for Popeye's "h#1.0", "ser-h=3" for
  // "Ser-H=3"): what a PGN [Stipulation] tag and Popeye's stipulation line print.
  std::string canonical_text() const;
  // Helpmates: the plies of a full-length solution (h#2: 4, h#2.5: 5).
  int plies() const { return 2 * moves + (half_move ? 1 : 0); }
  // "reci-h(=)#", "reci-h", "hs", "h": the play's prefix before the goal, as Popeye writes it.
  std::string help_prefix() const;
};

// Every goal the play aims at: the goal, a reciprocal's other goal, a structured tree's goals.
std::vector<Target> stipulation_goals(const Stipulation& s);

// "a direct mate", "a helpmate", "a selfmate", "a reflexmate", "a semi-reflexmate".
std::string_view kind_name(Stipulation::Kind kind);

// Reads "#N", "h#N", "h#N.5", "s#N" (the letter in either case), optionally followed by a
// solution count in the problemists' form "2.1.1.1" (h#2 2.1.1.1: two solutions).
// `where` is the location of the text's first character; errors point into it: an unknown
// prefix ("unsupported stipulation 'x#2': expected '#N' (direct mate), 'h#N' (helpmate) or
// 's#N' (selfmate)"), a half move outside a helpmate, a length 0 (h#0, s#0, #0; h#0.5 is a
// helpmate of one White move), a length above MaxMateMoves ("absurdly large"), a malformed
// or zero solution count.
Stipulation parse_stipulation(std::string_view text, const SourceLocation& where);

}  // namespace arbiter
