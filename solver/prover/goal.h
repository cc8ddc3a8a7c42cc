#pragma once
// What a stipulation asks for, as the engines see it (the problem reader's Stipulation names it
// in the problemists' text "#3", "h#2.5", "s#4").
//
//   DirectMate  the side to move forces mate of the other side within n of its moves
//   SelfMate    the side to move forces the other side to mate it within n moves: the other
//               side resists, but when every move it has mates, it must mate (so on the last
//               move a selfmate needs every defence to mate)
//   ReflexMate  a selfmate in which a side that can reach the goal in one move must: the
//               defender's forced goal move is the attacker's aim ("r#n"), and an attacker
//               node where the attacker itself could reach the goal fails (it would have to)
//   SemiReflexMate  the defender alone is bound so ("semi-r#n")
//   HelpMate    both sides cooperate; the side that does not move first is mated (h#n: Black
//               starts and White mates on its n-th move; h#n.5: White starts and mates on
//               its (n+1)-th move)

#include <string>

#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/target.h"

namespace arbiter::prover {

enum class Goal { DirectMate, SelfMate, HelpMate, ReflexMate, SemiReflexMate };

// Does the defender's move reach the goal (self and reflex play), not the attacker's?
constexpr bool defender_reaches_goal(Goal g) { return g == Goal::SelfMate || g == Goal::ReflexMate || g == Goal::SemiReflexMate; }
constexpr bool reflex_play(Goal g) { return g == Goal::ReflexMate || g == Goal::SemiReflexMate; }

// The play a stipulation names, as the engines see it.
inline Goal goal_of(const Stipulation& s) {
  switch (s.kind) {
    case Stipulation::SelfMate: return Goal::SelfMate;
    case Stipulation::HelpMate: return Goal::HelpMate;
    case Stipulation::ReflexMate: return Goal::ReflexMate;
    case Stipulation::SemiReflexMate: return Goal::SemiReflexMate;
    case Stipulation::DirectMate: break;
  }
  return Goal::DirectMate;
}

inline std::string goal_name(Goal g) {
  switch (g) {
    case Goal::DirectMate: return "direct";
    case Goal::SelfMate: return "self";
    case Goal::HelpMate: return "help";
    case Goal::ReflexMate: return "reflex";
    case Goal::SemiReflexMate: return "semi-reflex";
  }
  return "direct";
}

// "#3", "s#3", "h#2", "h#2.5", "r#2", "semi-r#2"; with another goal or series play "h=2", "ser-h#5", "ser-=3";
// reciprocal help play "reci-h#2", "reci-h(=)#2" (`reci_target`, mate when not given: the goal).
inline std::string stipulation_text(Goal g, int n, bool half_move, const Target& target = {}, bool series = false,
                                    HelpEnd help_end = HelpEnd::Goal, const Target* reci_target = nullptr) {
  Stipulation s;
  s.kind = g == Goal::HelpMate         ? Stipulation::HelpMate
           : g == Goal::SelfMate       ? Stipulation::SelfMate
           : g == Goal::ReflexMate     ? Stipulation::ReflexMate
           : g == Goal::SemiReflexMate ? Stipulation::SemiReflexMate
                                       : Stipulation::DirectMate;
  s.moves = n;
  s.half_move = half_move;
  s.target = target;
  s.series = series;
  s.help_end = help_end;
  s.reci_target = reci_target ? *reci_target : target;
  return s.canonical_text();
}

}  // namespace arbiter::prover
