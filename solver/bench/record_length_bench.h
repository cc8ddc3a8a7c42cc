#pragma once
// The record-length benchmark: a legal record of N plies (solver/replay/shuffle_record.h) read
// as PGN and replayed by each rule set, N from a thousand to a million, timed in one run with
// the peer (Stockfish given the same moves by `position startpos moves ...`) on the orthodox
// rows. Replay must be linear in N: the fitted growth exponent says whether it is.

#include <functional>
#include <string>
#include <vector>

namespace arbiter {

struct RecordLengthRow {
  std::string variant;
  int plies = 0;
  std::size_t bytes = 0;        // the PGN text's size
  double read_seconds = 0;      // read_pgn
  double replay_seconds = 0;    // the rule set's replay (read excluded)
  double peer_seconds = -1;     // Stockfish setting up the same moves; -1: no peer on this row
  bool replayed_whole = false;  // the replay found the record legal, every ply played
};

std::vector<RecordLengthRow> run_record_length_bench(const std::vector<int>& plies, const std::vector<std::string>& variants,
                                                     const std::string& peer_path,
                                                     const std::function<void(const std::string&)>& progress);

// Least-squares slope of log(seconds) against log(plies) over the rows of one variant
// (1: linear, 2: quadratic); `field` picks read, replay or peer seconds.
enum class TimeField { Read, Replay, Peer };
double growth_exponent(const std::vector<RecordLengthRow>& rows, const std::string& variant, TimeField field);

// A log-log chart of replay time against plies, one line per variant (and the peer's), with a
// dashed line of slope 1 for reference.
std::string record_length_chart_svg(const std::vector<RecordLengthRow>& rows);

}  // namespace arbiter
