// arbiter perft --fen FEN --depth D [--divide] [--json]

#include <chrono>
#include <iostream>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/perft/perft.h"

namespace arbiter::cli {

namespace {
constexpr int MaxPerftDepth = 15;  // beyond this no run would finish; refuse instead of hanging

int run_perft(const std::string& fen, int depth, bool divide, bool json) {
  orthodox::Game game(read_fen(fen, {"--fen", 1, 1}));
  auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  nlohmann::ordered_json out = {{"fen", write_fen(game.position())}, {"depth", depth}};
  if (divide) {
    auto entries = perft_divide(game, depth, [&](int done, int total) {
      if (depth >= 6 && progress_visible(json)) std::cerr << fmt::format("\r{}/{} root moves", done, total) << std::flush;
    });
    if (depth >= 6 && progress_visible(json)) std::cerr << "\n";
    nlohmann::ordered_json moves = nlohmann::ordered_json::object();
    for (const auto& e : entries) {
      nodes += e.nodes;
      if (json) moves[to_uci(e.move)] = e.nodes;
      else std::cout << fmt::format("{}: {}\n", to_uci(e.move), e.nodes);
    }
    if (json) out["divide"] = moves;
  } else {
    nodes = perft(game, depth);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (json) {
    out["nodes"] = nodes;
    out["seconds"] = seconds;
    out["nps"] = seconds > 0 ? std::uint64_t(double(nodes) / seconds) : 0;
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << fmt::format("{}nodes {}\ntime {:.3f} s ({:.1f} Mnps)\n", divide ? "\n" : "", nodes, seconds,
                             seconds > 0 ? double(nodes) / seconds / 1e6 : 0.0);
  }
  return ExitOk;
}
}  // namespace

void add_perft_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("perft", "Count the leaf nodes of the legal move tree (move generator check).");
  struct Args {
    std::string fen{StartFen};
    int depth = 1;
    bool divide = false;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("--fen", args->fen, "Position in FEN (default: the start position)");
  cmd->add_option("--depth,-d", args->depth, "Depth in plies (0-15)")->required()->check(CLI::Range(0, MaxPerftDepth));
  cmd->add_flag("--divide", args->divide, "Print the count under each legal first move (UCI notation)");
  cmd->add_flag("--json", args->json, "Print one JSON object: fen, depth, nodes, seconds, nps[, divide]");
  cmd->callback([=, &status] {
    try {
      status = run_perft(args->fen, args->depth, args->divide, args->json);
    } catch (const ParseError& e) {
      std::cerr << "arbiter perft: " << e.what() << "\n";
      status = ExitBadInput;
    }
  });
}

}  // namespace arbiter::cli
