// arbiter bench [--stockfish PATH] [--epd FILE] [--repeat N] [--json]

#include <iostream>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "solver/bench/perft_bench.h"
#include "solver/bench/uci_engine.h"
#include "solver/cli/commands.h"

namespace arbiter::cli {

namespace {
struct Args {
  std::string stockfish = UciEngine::default_path();
  std::string epd;
  int repeats = 3;
  bool json = false;
};

int run_bench(const Args& args) {
  auto positions = args.epd.empty() ? standard_bench_positions() : read_perft_epd(args.epd);
  auto rows = run_perft_bench(positions, args.stockfish, args.repeats, [&](const std::string& what) {
    if (!args.json) std::cerr << "  running " << what << "\n";
  });
  double ours = 0, peer = 0;
  bool agree = true;
  nlohmann::ordered_json out = {{"peer", args.stockfish}, {"repeats", args.repeats}, {"positions", nlohmann::ordered_json::array()}};
  if (!args.json)
    std::cout << fmt::format("{:<40} {:>5} {:>12} {:>10} {:>10} {:>7}\n", "position", "depth", "nodes", "arbiter s",
                             "peer s", "ratio");
  for (const auto& r : rows) {
    ours += r.our_seconds;
    peer += r.peer_seconds;
    agree = agree && r.counts_agree();
    out["positions"].push_back({{"name", r.position.name}, {"fen", r.position.fen}, {"depth", r.position.depth},
                                {"nodes", r.our_nodes}, {"peer_nodes", r.peer_nodes}, {"seconds", r.our_seconds},
                                {"peer_seconds", r.peer_seconds}, {"ratio", r.ratio()}, {"counts_agree", r.counts_agree()}});
    if (!args.json)
      std::cout << fmt::format("{:<40} {:>5} {:>12} {:>10.3f} {:>10.3f} {:>7.2f}{}\n", r.position.name.substr(0, 40),
                               r.position.depth, r.our_nodes, r.our_seconds, r.peer_seconds, r.ratio(),
                               r.counts_agree() ? "" : "  COUNT MISMATCH");
  }
  double ratio = peer > 0 ? ours / peer : 0;
  out["seconds"] = ours;
  out["peer_seconds"] = peer;
  out["ratio"] = ratio;
  out["counts_agree"] = agree;
  if (args.json) std::cout << out.dump(2) << "\n";
  else std::cout << fmt::format("{:<40} {:>5} {:>12} {:>10.3f} {:>10.3f} {:>7.2f}\n(ratio = arbiter time / peer time, best of {} runs; below 1.00 is faster than the peer)\n",
                                "total", "", "", ours, peer, ratio, args.repeats);
  return agree ? ExitOk : ExitClaimFalse;
}
}  // namespace

void add_bench_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("bench", "Time our perft against a UCI engine's `go perft` (Stockfish) on the same positions.\n"
                                          "Default: start position depth 6 and Kiwipete depth 5. Exit 1 if node counts disagree.");
  auto args = std::make_shared<Args>();
  cmd->add_option("--stockfish", args->stockfish, "Peer engine binary (default /usr/games/stockfish)");
  cmd->add_option("--epd", args->epd, "Benchmark every position of a perft EPD file at its deepest depth instead");
  cmd->add_option("--repeat", args->repeats, "Runs per measurement; the best time counts (default 3)")->check(CLI::Range(1, 100));
  cmd->add_flag("--json", args->json, "Print one JSON object: positions[], seconds, peer_seconds, ratio, counts_agree");
  cmd->callback([args, &status] {
    try {
      status = run_bench(*args);
    } catch (const std::exception& e) {
      std::cerr << "arbiter bench: " << e.what() << "\n";
      status = ExitBadInput;
    }
  });
}

}  // namespace arbiter::cli
