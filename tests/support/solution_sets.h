#pragma once
// A solver's result as sets of UCI text, for comparing with expected solutions: the keys of
// battle play, the lines of help and series play (moves joined by blanks). And the orthodox
// rules without a king required (Popeye's NoWk and NoBk; it also solves such a diagram after
// "both sides need a king").

#include <set>
#include <string>

#include "rules/orthodox/options.h"
#include "solver/prover/solution.h"

namespace arbiter::test {

inline std::set<std::string> uci_keys(const prover::Solution& s) {
  std::set<std::string> out;
  for (const auto& k : s.keys) out.insert(k.uci);
  return out;
}

inline std::set<std::string> uci_lines(const prover::Solution& s) {
  std::set<std::string> out;
  for (const auto& l : s.solutions) {
    std::string u;
    for (const auto& m : l.moves) u.append(u.empty() ? "" : " ").append(m.uci);
    out.insert(u);
  }
  return out;
}

inline orthodox::Options kingless_rules() {
  orthodox::Options o;
  o.king_count = orthodox::KingCount::AtMostOne;
  return o;
}

}  // namespace arbiter::test
