#pragma once
// What a stipulation asks for, as the engines see it (the problem reader's Stipulation names it
// in the problemists' text "#3", "h#2.5", "s#4").
//
//   DirectMate  the side to move forces mate of the other side within n of its moves
//   SelfMate    the side to move forces the other side to mate it within n moves: the other
//               side resists, but when every move it has mates, it must mate (so on the last
//               move a selfmate needs every defence to mate)
//   HelpMate    both sides cooperate; the side that does not move first is mated (h#n: Black
//               starts and White mates on its n-th move; h#n.5: White starts and mates on
//               its (n+1)-th move)

#include <string>

#include "solver/stipulation/target.h"

namespace arbiter::prover {

enum class Goal { DirectMate, SelfMate, HelpMate };

inline std::string goal_name(Goal g) {
  switch (g) {
    case Goal::DirectMate: return "direct";
    case Goal::SelfMate: return "self";
    case Goal::HelpMate: return "help";
  }
  return "direct";
}

// "#3", "s#3", "h#2", "h#2.5"; with another goal or series play "h=2", "ser-h#5", "ser-=3".
inline std::string stipulation_text(Goal g, int n, bool half_move, const Target& target = {}, bool series = false) {
  std::string play = g == Goal::HelpMate ? "h" : g == Goal::SelfMate ? "s" : "";
  return (series ? "ser-" : "") + play + target.symbol() + std::to_string(n) + (half_move ? ".5" : "");
}

}  // namespace arbiter::prover
