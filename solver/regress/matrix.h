#pragma once
// The interpretation regression matrix: every puzzle under the default interpretations and
// under each single alternative of every interpretation, with the first ply where the
// judgement changes.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/registry/interpretations.h"
#include "solver/regress/puzzle_run.h"

namespace arbiter::regress {

// One alternative: an interpretation set to one of its non-default choices.
struct Alternative {
  const Interpretation* interpretation = nullptr;
  std::string choice;
  std::string label() const;  // "ID=CHOICE"
};

struct Cell {
  bool applies = false;  // does the puzzle's rule set read this interpretation at all?
  // The run under the alternative; for a cell that does not apply, the default run's verdict
  // stands (the rules never read the setting) and no run is made.
  std::string verdict;
  std::string reason;
  std::optional<Change> change;  // against the default column, when the judgement differs
  double seconds = 0;
};

struct Matrix {
  InterpretationSettings base;            // what "default" means here (--interpret over the code's defaults)
  std::vector<PuzzleRun> defaults;        // one per puzzle, file order
  std::vector<Alternative> alternatives;  // every non-default choice of every interpretation
  std::vector<std::vector<Cell>> cells;   // [puzzle][alternative]
  double seconds = 0;
  // SIGINT (rules/core/stop.h) stopped the run: `defaults` holds the puzzle files finished
  // before it (the one running then is dropped, it may have been cut short), with no
  // alternatives; nothing may be compared or written from such a matrix.
  bool interrupted = false;
  int files_done = 0, files_total = 0;
};

// progress(done, total, what) after each run.
using Progress = std::function<void(int, int, const std::string&)>;

// Runs the defaults only (`with_alternatives` false) or the whole matrix, `options.workers` puzzle
// runs at a time; the matrix is the same for any number of workers (only `seconds` differ).
// `progress` is called from one thread at a time; its total grows as the defaults tell which
// alternatives each puzzle's rules read.
Matrix run_matrix(const std::vector<std::string>& files, const InterpretationSettings& base, const RunOptions& options,
                  bool with_alternatives, const Progress& progress = {});

nlohmann::ordered_json matrix_json(const Matrix& m);

}  // namespace arbiter::regress
