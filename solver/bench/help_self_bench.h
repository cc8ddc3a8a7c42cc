#pragma once
// The helpmate and selfmate benchmark (issue #16): every Popeye input of a corpus folder
// (../shared/corpus/orthodox-help-self), each twin solved by our solver in-process and timed,
// then the peer (Popeye, built from its public source outside the repository) run on the same
// file right after, as a separate process, and timed as a whole. The solution sets (every
// helpmate line, every selfmate key, per twin) are compared with the peer's and, when the
// folder has one, with its MANIFEST.tsv.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solver/bench/process_run.h"
#include "solver/problem/popeye_help_output.h"
#include "solver/problem/problem.h"

namespace arbiter {

struct HelpSelfSolveOptions {
  bool tree = true;          // selfmates: build the full solution tree, as Popeye's option Variation prints it
  double max_seconds = 0;    // per twin; 0: no limit
  std::size_t hash_mb = 64;
  int threads = 1;
  // Helpmates whose problem asks for set play (option SetPlay): its lines join the twin's set,
  // as Popeye lists them with the solutions ("1...Qd1-h5   2.h7-h6 Qh5*h6 #").
  bool set_play = false;
};

// Our solver on one problem: each twin (or the problem itself) solved with the options its
// stipulation asks for, the solutions normalised as the MANIFEST writes them.
struct HelpSelfSolved {
  bool selfmate = false;
  problem::SolutionSets sets;  // one entry per twin; label "" without twins
  bool complete = true;        // false when a limit ended some twin's search (its set is partial)
  std::string note;            // the limit's reason
  std::vector<std::string> illegal_twins;  // labels of twins not solved, their position illegal (Twin::illegal)
  std::uint64_t nodes = 0;
  double seconds = 0;          // wall time of the solver calls, every twin
};
HelpSelfSolved solve_help_self(const problem::Problem& p, const HelpSelfSolveOptions& options);

struct HelpSelfBenchRow {
  std::string name;  // file name without folder
  std::string stipulation;
  bool selfmate = false;
  std::size_t twins = 1;
  HelpSelfSolved ours;
  bool have_peer = false, have_manifest = false;
  problem::SolutionSets peer, manifest;
  bool peer_complete = true;  // "solution finished." (not interrupted by -maxtime)
  std::string peer_error;     // the peer failed, or its output could not be read
  double peer_seconds = 0;    // whole-process wall time
  double manifest_seconds = 0;

  bool agrees_with_peer() const { return have_peer && peer_error.empty() && peer_complete && ours.complete && ours.sets == peer; }
  bool agrees_with_manifest() const { return have_manifest && ours.complete && ours.sets == manifest; }
  // Every comparison available holds.
  bool agrees() const {
    return ours.complete && (!have_peer || agrees_with_peer()) && (!have_manifest || agrees_with_manifest());
  }
  std::string agreement() const;  // "same as peer and MANIFEST", "DIFFERENT from peer", ...
};

struct HelpSelfBenchOptions {
  std::string peer;        // Popeye's binary; empty: compare with the MANIFEST only
  double max_seconds = 60; // the peer's -maxtime, and our per-twin limit
  bool tree = true;
  std::size_t hash_mb = 64;
  int threads = 1;           // our solver's threads (the peer has one)
};

std::vector<HelpSelfBenchRow> run_help_self_bench(const std::string& folder, const HelpSelfBenchOptions& options,
                                                  const std::function<void(int done, int total, const std::string&)>& progress);

}  // namespace arbiter
