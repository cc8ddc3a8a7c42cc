#pragma once
// What is solved on its own: a problem, or each of its twins, with the search options its
// stipulation asks for and the published lines that belong to it.

#include <string>
#include <vector>

#include "rules/notation/pgn.h"
#include "solver/problem/problem.h"
#include "solver/prover/solve_options.h"

namespace arbiter::problem {

// The stipulation's goal, length and stated solution count in a search's options.
void set_stipulation(prover::SolveOptions& options, const Stipulation& stipulation, bool set_play,
                     Square set_play_en_passant = NoSquare);

// What is solved on its own: the problem itself, or each of its twins a), b), ...
struct SolveUnit {
  std::string label;        // "" without twins, else "a", "b", ...
  std::string description;  // the twin's operations ("move b8 a7"); empty for a)
  std::string fen;
  Stipulation stipulation;
  std::size_t twin = 0;            // index into the problem's twins (0 without twins)
  bool colours_exchanged = false;  // Duplex: the other side moves first and aims at the goal
  std::optional<ParseError> illegal = std::nullopt;  // the twin's position is illegal (Twin::illegal): not solved
};
// Each twin once, or with Duplex twice (as stated, then with the roles exchanged), or with
// HalfDuplex only with the roles exchanged.
std::vector<SolveUnit> solve_units(const Problem& p);
// Whether the problem is solved as one unit (no twins, no Duplex): its results are then the
// problem's own, not a list of twins.
bool single_unit(const Problem& p);
// What names a unit in a line of events: "", "b) ", "b) colours exchanged: ", "colours exchanged: ".
std::string unit_prefix(const SolveUnit& unit);
// "b) move b8 a7  h#3.5  FEN", "b) colours exchanged  h#3.5  FEN", "colours exchanged  h#2  FEN"
// (Duplex without twins), or "" for a problem without twins as stated.
std::string unit_heading(const SolveUnit& unit);
// The position with the other side to move: the roles exchanged (Duplex).
std::string with_other_side_to_move(const std::string& fen);
// The published lines that belong to one twin: those whose first move is labelled "b)" by a
// comment before it (unlabelled lines belong to a).
PgnLine published_for_twin(const PgnLine& published, const std::string& label);

}  // namespace arbiter::problem
