#pragma once
// One puzzle of puzzles/ judged under one set of interpretations: a game record replayed, or a
// problem verified against its published solution. The result keeps the facts the verdict
// rests on, ply by ply, so that two runs (two interpretations, or a run and the baseline) can
// say where they part.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/registry/interpretations.h"
#include "solver/prover/limits.h"

namespace arbiter::regress {

// A fact of a run at one ply: "legal", "illegal: king-not-left-guarded", "claim check: verified",
// "key", ... Ply 0: a problem's facts, named by their move (or the whole puzzle when none);
// ply EndPly: how the game's main line ended (compared after every ply).
inline constexpr int EndPly = -1;
struct Event {
  int ply = 0;
  std::string move;
  std::string fact;
  bool operator==(const Event&) const = default;
};

struct PuzzleRun {
  std::string id;       // path below puzzles/, "#N" added when the file holds several
  std::string file;     // as found
  int number = 1;       // game or problem within the file
  std::string kind;     // "replay" (a game record) or "verify" (a problem)
  std::string variant;
  // What the registry's find_variant reads for it: the rule set's name, or a variant designer's
  // file (a [VariantFile] tag's path), whose definition it puts in effect.
  std::string rules;
  std::string title;
  std::vector<std::pair<std::string, std::string>> tags;  // the record's tags, in file order
  // replay: "legal", "illegal" (a move the rules forbid, erratum or not) or "claims fail" (every
  // move legal, a stated claim not verified); verify: confirmed, unsound, refuted or unknown.
  std::string verdict;
  std::string reason;        // for unknown: the limit; for illegal: the first error; else ""
  bool as_expected = false;  // the file's own expectations hold ([ExpectedVerdict], [ExpectedErrata], ...)
  std::vector<Event> events;
  double seconds = 0;
  nlohmann::json detail;     // what `replay --json` / `verify --json` print for it
  // For reports: the set-up and final positions in the variant's FEN, and the keys (problems,
  // in the variant's notation).
  std::string start_fen, final_fen;
  std::vector<std::string> keys;
  // How the default judgement of a changed verdict reads: "illegal at ply 23 (O-O)".
  std::string summary() const;
  // Its file's page below reports/: "orthodox/immortal-game-1851.md" (one page per puzzle file).
  std::string page() const;
};

struct RunOptions {
  prover::Limits limits;  // for problems; a limit reached gives verdict unknown with the reason
  int threads = 1;        // for each problem's solve (the verdict is the same for any number)
  int workers = 1;        // puzzle runs side by side (run_matrix), each on a thread of its own
};

// The puzzle files under `paths` (files, or directories searched for *.pgn and *.inp), sorted;
// throws ParseError when a path does not exist or none is found.
std::vector<std::string> puzzle_files(const std::vector<std::string>& paths);

// The paths as the reports name them: from their last "puzzles" component on ("/x/puzzles" ->
// "puzzles"), else as given; space-separated. Keeps generated pages free of machine paths.
std::string puzzles_label(const std::vector<std::string>& paths);

// The file's id prefix: its path below the last "puzzles/" component, else as given.
std::string puzzle_id(const std::string& file);

// Every puzzle of one file under `interpret` (over each puzzle's own [Interpret] pins). Throws
// ParseError for bad input.
std::vector<PuzzleRun> run_puzzle_file(const std::string& file, const InterpretationSettings& interpret,
                                       const RunOptions& options);

// The first ply whose facts differ between two runs of the same puzzle: {ply, move, the facts
// before, the facts after}; none when the runs agree.
struct Change {
  int ply = 0;
  std::string move;
  std::string before, after;
};
std::optional<Change> first_change(const std::vector<Event>& before, const std::vector<Event>& after);
// "first change at ply 23 (O-O): legal -> illegal: ..." (a problem's moves have no ply: "at Bh4#").
std::string describe(const Change& c);

nlohmann::ordered_json events_json(const std::vector<Event>& events);
std::vector<Event> events_from_json(const nlohmann::json& j);

}  // namespace arbiter::regress
