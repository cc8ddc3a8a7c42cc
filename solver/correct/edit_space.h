#pragma once
// The space a correction search covers: every set of single edits (edit.h) of a base diagram
// that keeps to the caps per kind and to the total cost, with at most one edit per square
// (pruning rule "one-edit-per-square", pruning.h) and at most one token edit per side.

#include <array>
#include <map>
#include <string>
#include <vector>

#include "solver/correct/edit.h"

namespace arbiter::correct {

struct EditSpaceOptions {
  int max_units = 2;     // units added
  int max_removals = 2;  // units removed
  int max_moves = 2;     // units moved anywhere (0: only the --relocate moves)
  int max_changes = 2;   // colour or type changes
  int max_tokens = 2;    // Option Chess token edits (one per side at most)
  int max_cost = 2;      // the total cost of a version
  // Moves of one unit to given squares ("f6" -> {"f8", "f5"}); they count as moves, each listed
  // unit at most once, even when max_moves is 0.
  std::vector<std::pair<std::string, std::vector<std::string>>> relocations;

  int cap(EditKind k) const;
};

// Every single edit of `base` the options allow, in a fixed order (adds by square and unit,
// removals, moves, changes, tokens).
std::vector<Edit> single_edits(const Diagram& base, const EditSpaceOptions& options);

// Counts by kind ("add" -> 412, ...), for the report of the space covered.
std::map<std::string, int> count_by_kind(const std::vector<Edit>& edits);

// Whether `e` may join a set already holding `used` squares and `per_kind` edits.
struct EditSetState {
  Bitboard squares = 0;
  std::array<int, EditKindCount> per_kind{};
  std::array<bool, 2> tokens_edited{};
  int cost = 0;
};
bool may_join(const EditSetState& set, const Edit& e, const EditSpaceOptions& options);
void join(EditSetState& set, const Edit& e);

}  // namespace arbiter::correct
