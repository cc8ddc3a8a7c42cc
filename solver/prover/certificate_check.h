#pragma once
// What checking a certificate (solver/prover/certificate.h) found: a result-side header, so
// that the registry (solver/variants/registry.h) needs no checking template.

#include <cstdint>
#include <string>
#include <vector>

#include "solver/prover/goal.h"
#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/target.h"

namespace arbiter::prover {

// What a certificate proves, read from its "stipulation": the play, the goal, the length.
struct CertificateGoal {
  Goal goal = Goal::DirectMate;
  int n = 0;
  bool half_move = false;            // h#n.5
  Target target;                     // mate unless the stipulation names another goal
  bool series = false;               // "ser-": lines of the series side's moves, passes left out
  HelpEnd help_end = HelpEnd::Goal;  // help play: "hs", "hr", "reci-h"
  Target reci_target;                // reciprocal help play: the other side's own goal
  // A structured stipulation (and the plain forms played as one, "ser-s#3"): its tree, checked
  // by solver/structured/structured_certificate.h; goal is then HelpMate when it prints lines.
  SliceRef structured;
  // The solutions are lines of moves (help and series play), not a strategy tree of keys.
  bool lines() const { return goal == Goal::HelpMate || series; }
  bool mate() const { return target.kind == Target::Mate; }
};

struct CertificateCheck {
  bool valid = false;
  std::vector<std::string> errors;  // each names the line of moves where it fails
  Goal goal = Goal::DirectMate;
  CertificateGoal stated;   // what was checked (goal repeats stated.goal)
  int keys = 0;
  int solutions = 0;        // lines: solutions in the certificate
  int solutions_replayed = 0;  // lines: of those, replayed without error
  std::uint64_t lines = 0;  // leaves (goal moves) confirmed; lines: solutions replayed
};

}  // namespace arbiter::prover
