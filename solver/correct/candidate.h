#pragma once
// What the correction search says of one candidate diagram, and of a sound version.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/bitboard.h"

namespace arbiter::correct {

// How far a candidate got, lowest first. A candidate is judged stage by stage and stops at the
// first that fails; the stage orders candidates from "far" to "near" a sound version.
enum class Stage : std::uint8_t {
  Illegal,         // the composer's legality checks or the rules' own set-up check
  EngineLine,      // the [EngineLine] is not legal
  StatedOutcome,   // a stated legality, check or mate fails (no search needed to see it)
  SearchLimit,     // a search ran out of its budget: nothing known
  KeyRefuted,      // the published key does not force the goal
  LaterLine,       // the key works; a stated outcome further on fails
  NoSolution,      // helpmates: fewer solutions than stated
  ShortSolution,   // a shorter solution exists
  Cooked,          // another key (more solutions than stated)
  Sound
};
std::string_view stage_name(Stage s);

struct Candidate {
  std::string fen;
  int units = 0;                     // units on the board (fewer first among versions of one cost)
  std::vector<std::string> changes;  // edit texts ("+wPf4", "-bPc6", "Qf6->f8", "bPc6=wP")
  int cost = 0;
  Stage stage = Stage::Illegal;
  bool engine_line_legal = true;
  bool key_proved = false;
  int claims = 0, claims_failed = 0;
  std::string failure;         // the first failing check, in words
  std::string refutation_uci;  // the defence that refutes the key (or a failing line)
  std::string refutation_text;
  std::string cook_uci;        // another key
  // Where the failure is (key, refutation, cook, kings' fields): edits there are tried first.
  Bitboard hot = 0;
  // For a position illegal by check on the side not to move: what an edit must touch.
  Bitboard check_support = 0;
  std::uint64_t nodes = 0;
  // A sound version: the complete solution, proved afresh.
  std::vector<std::string> keys;
  std::string solution_text;
  nlohmann::ordered_json certificate;
  std::uint64_t proof_nodes = 0;
  double proof_seconds = 0;

  // Higher is nearer a sound version.
  double fitness() const;
};

struct LevelCoverage {
  int cost = 0;
  double sets_bound = 0;   // sets of this cost in the space (exact for cost 0 and 1, else C(N, cost): an upper bound)
  bool sets_exact = false;
  long long built = 0;     // sets built (each judged once, or skipped by a rule)
  long long judged = 0;
  std::map<std::string, long long> pruned;  // skipped, by rule
  long long unknown = 0;   // judged "search limit": not known either way
  bool complete = false;   // every set of this cost built, and none left unknown
};

struct Report {
  std::vector<std::string> bases;  // the stated position (relocations are moves in the space)
  int max_units = 0;
  int max_cost = 0;
  std::map<std::string, int> single_edits;  // the space's single edits by kind
  std::vector<LevelCoverage> levels;
  int examined = 0;           // candidates judged
  int illegal_positions = 0;
  int engine_line_fails = 0;
  int claims_fail_quick = 0;  // a stated legality, check or mate outcome fails
  int key_refuted = 0;
  int lines_fail = 0;         // key proved, a stated outcome further along fails (helpmates: too few solutions)
  int short_solutions = 0;
  int cooked = 0;
  int unknown = 0;
  int unconfirmed = 0;        // judged sound, then not confirmed by the complete solve (never printed)
  std::map<std::string, int> key_refutations;  // the defence that refuted the key, and in how many candidates
  std::vector<Candidate> kept;     // sound versions, cheapest first
  std::optional<Candidate> best;   // when none is kept: the nearest candidate
  std::string limit;               // the limit that stopped the search ("" when it ran to the end)
  bool cheapest_proved = false;    // every cheaper set was covered (so the first version is a cheapest)
  bool space_covered = false;      // every set of every cost up to max_cost was covered
  double seconds = 0;
  std::uint64_t nodes = 0;
};

}  // namespace arbiter::correct
