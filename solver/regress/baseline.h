#pragma once
// The committed baseline (reports/baseline.json): what every puzzle's judgement is under the
// default interpretations, ply by ply. A change of a default in code, or of a rule, shows up
// as a difference naming the puzzle and the first ply that changed.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/regress/puzzle_run.h"

namespace arbiter::regress {

nlohmann::ordered_json baseline_json(const std::vector<PuzzleRun>& defaults);

// One line per difference between the baseline and these runs (puzzles not run are not
// compared): "orthodox/x.pgn: verdict legal -> illegal; first change at ply 23 (O-O): legal ->
// illegal: ...". Empty when they agree. Throws ParseError for a malformed baseline.
std::vector<std::string> compare_with_baseline(const nlohmann::json& baseline, const std::vector<PuzzleRun>& runs,
                                               const std::string& baseline_file);

}  // namespace arbiter::regress
