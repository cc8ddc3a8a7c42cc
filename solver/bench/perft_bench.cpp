#include "solver/bench/perft_bench.h"

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "solver/bench/uci_engine.h"
#include "solver/perft/perft.h"

namespace arbiter {

std::vector<BenchPosition> standard_bench_positions() {
  return {{"start position", std::string(StartFen), 6, 119060324},
          {"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690}};
}

std::vector<BenchPosition> read_perft_epd(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<BenchPosition> result;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto semicolon = line.find(';');
    if (semicolon == std::string::npos) throw std::runtime_error(path + ":" + std::to_string(number) + ": expected ';D<depth> <count>' after the FEN");
    BenchPosition p{path + ":" + std::to_string(number), line.substr(0, line.find_last_not_of(' ', semicolon - 1) + 1), 0, {}};
    std::istringstream fields(line.substr(semicolon));
    std::string tag;
    std::uint64_t count;
    while (fields >> tag >> count) {
      if (tag.size() < 3 || tag.compare(0, 2, ";D") != 0) throw std::runtime_error(path + ":" + std::to_string(number) + ": expected ';D<depth>'");
      int depth = std::stoi(tag.substr(2));
      if (depth > p.depth) p.depth = depth, p.expected = count;
    }
    result.push_back(p);
  }
  return result;
}

namespace {
template <class F>
double best_time(int repeats, F&& run) {
  double best = 1e300;
  for (int i = 0; i < repeats; ++i) {
    auto start = std::chrono::steady_clock::now();
    run();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}
}  // namespace

std::vector<BenchRow> run_perft_bench(const std::vector<BenchPosition>& positions, const std::string& peer_path,
                                      int repeats, const std::function<void(const std::string&)>& progress) {
  UciEngine peer(peer_path);
  std::vector<BenchRow> rows;
  for (const auto& p : positions) {
    BenchRow row{p};
    if (progress) progress(p.name + " depth " + std::to_string(p.depth) + ": arbiter");
    orthodox::Game game(read_fen(p.fen));
    row.our_seconds = best_time(repeats, [&] { row.our_nodes = perft(game, p.depth); });
    if (progress) progress(p.name + " depth " + std::to_string(p.depth) + ": peer");
    row.peer_seconds = best_time(repeats, [&] { row.peer_nodes = peer.perft(p.fen, p.depth, std::chrono::hours(1)); });
    rows.push_back(row);
  }
  return rows;
}

}  // namespace arbiter
