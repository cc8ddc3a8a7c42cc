#pragma once
// The prover benchmark: every direct-mate problem of a corpus folder (Popeye inputs, usually
// with Popeye's recorded output beside each), solved completely with its solution tree as
// Popeye's "option Variation" does, and timed. With a peer (Popeye's binary), the peer is run
// on the same file right after, as a separate process, and timed as a whole; the keys are
// compared with the peer's live output and with the recorded .out.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace arbiter {

struct ProblemBenchRow {
  std::string name;  // file name without folder
  std::string stipulation;
  std::string verdict;
  std::vector<std::string> keys;  // UCI spelling, sorted
  bool complete = true;           // false when a limit ended our search (the keys are then partial)
  std::string note;               // the limit's reason
  std::uint64_t nodes = 0;
  double seconds = 0;  // our solve's wall time, in-process

  // The peer run live (--peer).
  bool have_peer = false;
  std::vector<std::string> peer_keys;  // UCI, sorted; a key that names no legal move is "?<as printed>"
  bool peer_complete = true;           // "solution finished." (not interrupted by -maxtime)
  std::string peer_error;              // the peer failed, or its output could not be read
  double peer_seconds = 0;             // whole-process wall time
  long peer_peak_rss_kib = 0;

  // Popeye's output recorded beside the input (<name>.out).
  bool have_recorded = false;
  std::vector<std::string> recorded_keys;
  double recorded_seconds = 0;  // its "Time = ... s"

  bool agrees_with_peer() const { return have_peer && peer_error.empty() && peer_complete && complete && keys == peer_keys; }
  bool agrees_with_recorded() const { return have_recorded && complete && keys == recorded_keys; }
  // Every comparison available holds.
  bool agrees() const {
    return complete && (!have_peer || agrees_with_peer()) && (!have_recorded || agrees_with_recorded());
  }
  std::string agreement() const;  // "same as Popeye", "DIFFERENT from Popeye", "PEER FAILED: ...", ...

  // The time we are measured against: the live peer's when there is one, else the recorded.
  double reference_seconds() const { return have_peer ? peer_seconds : recorded_seconds; }
  double ratio() const { return reference_seconds() > 0 ? seconds / reference_seconds() : 0; }
};

struct ProblemBenchOptions {
  std::string peer;          // Popeye's binary; empty: compare with the recorded .out only
  double max_seconds = 60;   // the peer's -maxtime, and our limit per problem
  bool tree = true;          // build the full solution tree, as Popeye does with option Variation
  std::size_t hash_mb = 64;
  int threads = 1;
};

// Throws std::runtime_error when the folder has no *.inp or the peer is not an executable file.
std::vector<ProblemBenchRow> run_problem_bench(const std::string& folder, const ProblemBenchOptions& options,
                                               const std::function<void(int done, int total, const std::string&)>& progress);

}  // namespace arbiter
