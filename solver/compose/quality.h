#pragma once
// What a problemist looks at in a sound direct mate, read off its proved solution tree, and
// the composer's score. Every count comes from the prover's tree: nothing is estimated.

#include <set>
#include <string>

#include "solver/compose/mate_quality.h"
#include "solver/prover/solution.h"

namespace arbiter::compose {

struct Quality {
  int units = 0;              // on the board, kings included
  int variations = 0;         // distinct first replies to the key's defences, the threat's moves aside
  int mates = 0;              // distinct mates at the ends of the solution's lines (mating move, king's square)
  int model_mates = 0;        // of those, model mates (pure and economical: mate_quality.h)
  int pin_mates = 0;          // of those, mates with a defending unit pinned
  int tries = 0;              // first moves refuted by exactly one defence
  int duals = 0;              // defences answered by more than one move
  int flights_given = 0;      // squares the key gives the defending king
  bool every_unit_needed = false;  // removing any unit breaks soundness or loses a variation
};

// The composer's score (higher is better), each term a criterion problemists weigh:
//   10                      a sound problem with a quiet key (the default filters)
//   + 3 per variation       distinct defences with different mates
//   + 4 per model mate      + 2 per pin mate
//   + 2 per try, at most 5  first moves refuted by a single defence
//   + 3 if the key gives the king a flight
//   + 5 if every unit is needed
//   + 2 per unit below 12   economy (fewer units)
//   - 2 per dual
int score(const Quality& q);

// "variations 3, model mates 1, ..." for reports.
std::string quality_summary(const Quality& q);

// What a problemist looks at in a sound helpmate, read off its proved solutions (every count
// comes from playing the solution lines: nothing is estimated).
struct HelpQuality {
  int units = 0;             // on the board, kings included
  int solutions = 0;
  int white_units = 0, white_moving = 0;  // White's units besides the king, and those of them that move
  int black_units = 0, black_moving = 0;  // Black's, likewise
  bool white_king_moves = false, black_king_moves = false;
  int model_mates = 0;       // final positions that are model mates (pure and economical, mate_quality.h)
  int pure_mates = 0;        // of the others, pure mates
  int distinct_mates = 0;    // different mates over the solutions (mating unit and its square, mated king's square)
  int checks = 0;            // checking moves before the mate, over all solutions
  int captures = 0;          // captures, over all solutions
  int double_moves = 0;      // Option Chess: double moves, over all solutions
  // Several solutions: pairs of solutions that are nearly one (the same moves in another order,
  // all moves but one the same, such as two promotions, or the same final board reached by
  // another road).
  int similar_pairs = 0;
  bool every_unit_needed = false;  // removing any unit breaks soundness or changes the solutions

  int units_moving() const { return white_moving + black_moving + white_king_moves + black_king_moves; }
};

// The helpmate composer's score (higher is better), each term a criterion of the genre:
//   10                        a sound helpmate (exactly the intended solutions, no short one)
//   + 5 if every unit is needed         (the economy step: no idle unit)
//   + 3 if every White unit but the king moves in the play    (all White force active)
//   + 2 per unit that moves (kings included)                   (participation)
//   + 4 per model mate        + 2 per other pure mate
//   + 3 with several solutions whose mates all differ
//   - 4 per pair of nearly identical solutions (a transposition, or one move different)
//   + 1 per unit below 12     economy (fewer units; less than participation, so that a unit
//                             that moves is worth its place)
//   - 2 per check before the mate       (quiet play is valued)
//   - 1 per capture
int help_score(const HelpQuality& q);

// "units 6, solutions 1, moving 5 of 6 (White 2/2, Black 1/2), ..." for reports.
std::string help_quality_summary(const HelpQuality& q);

// The distinct first replies to the key's defences that are not a move of the threat.
int count_variations(const prover::AttackerNode& key);

}  // namespace arbiter::compose
