#pragma once
// The outcome of verifying a published solution: the proof, every stated outcome checked, and
// the findings (cooks, short solutions, failing lines).

#include <string>
#include <vector>

#include "rules/core/parse_error.h"
#include "solver/prover/solution.h"

namespace arbiter::prover {

// The place of a finding about the problem as a whole (a cook, a short solution): line 0.
inline const SourceLocation WholeProblem{"", 0, 0};

struct Finding {
  std::string kind;     // cook, actual-key, short-solution, not-a-key, illegal-move, legal-move (stated illegal),
                        // not-check, try-wins, refutation-fails, line-fails, not-mate,
                        // threat-fails, line-too-long, no-solution, no-published-solution;
                        // helpmates also not-a-solution, too-few-solutions
  std::string message;
  SourceLocation where;  // in the problem file; line 0 when it concerns the problem as a whole
};

// One stated outcome of the published solution and whether it holds on the board.
struct ClaimCheck {
  std::string move;    // as written
  std::string claim;   // legal, illegal, check, mate, forces-mate, try, refutation; helpmates: solution
  bool holds = false;
  std::string detail;  // why (the rule that forbids a move, the defence that escapes, ...)
  SourceLocation where;
  std::string refutation_uci;  // forces-mate that fails: the defence found to escape
};

struct VerifyReport {
  Solution solution;
  std::vector<ClaimCheck> claims;  // every published move's stated outcomes, in file order
  bool has_published = false;
  std::string published_key;  // SAN as written
  bool published_key_is_key = false;
  int published_plies = 0;    // plies of published lines checked
  std::vector<Finding> findings;

  bool confirmed() const;  // the published solution (if any) holds
  bool sound() const;      // proved, one key, no short solution
  // confirmed (holds and sound), unsound (holds, with cooks or a short solution), refuted, unknown
  std::string verdict() const;
};

}  // namespace arbiter::prover
