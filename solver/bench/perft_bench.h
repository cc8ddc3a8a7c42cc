#pragma once
// The move-generator benchmark: our perft and a peer engine's `go perft` on the same
// positions, timed in one run, with the ratio ours/peer (below 1 means we are faster).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arbiter {

struct BenchPosition {
  std::string name;
  std::string fen;
  int depth;
  std::optional<std::uint64_t> expected;  // reference count, when known
};

struct BenchRow {
  BenchPosition position;
  std::uint64_t our_nodes = 0, peer_nodes = 0;
  double our_seconds = 0, peer_seconds = 0;  // best of the repeats
  double ratio() const { return peer_seconds > 0 ? our_seconds / peer_seconds : 0; }
  bool counts_agree() const {
    return our_nodes == peer_nodes && (!position.expected || *position.expected == our_nodes);
  }
};

// Start position depth 6 and Kiwipete depth 5: the benchmark pair.
std::vector<BenchPosition> standard_bench_positions();
// Every line of an EPD perft file (";D1 20 ;D2 400 ...") at its deepest depth.
std::vector<BenchPosition> read_perft_epd(const std::string& path);

std::vector<BenchRow> run_perft_bench(const std::vector<BenchPosition>& positions, const std::string& peer_path,
                                      int repeats, const std::function<void(const std::string&)>& progress);

}  // namespace arbiter
