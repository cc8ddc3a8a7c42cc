// arbiter perft [--variant V] --fen FEN --depth D [--divide] [--count statements|outcomes] [--json]

#include <chrono>
#include <iostream>
#include <memory>
#include <stdexcept>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/core/fen.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/perft/perft.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

namespace {
constexpr int MaxPerftDepth = 15;  // beyond this no run would finish; refuse instead of hanging

int run_perft(const std::string& variant, const std::string& given_fen, int depth, bool divide, const std::string& count, bool json,
              const std::vector<std::string>& interpret_args) {
  const VariantEngines& rules = find_variant(variant);
  // Without --fen the variant's own start position (a variant file's "start").
  const std::string fen = given_fen.empty() ? rules.start_fen : given_fen;
  const InterpretationSettings interpret = interpretations_from(interpret_args);
  const SourceLocation where{"--fen", 1, 1};
  auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  nlohmann::ordered_json out = {{"variant", rules.name}, {"fen", rules.normalize_fen(fen, where, interpret)}, {"depth", depth}};
  if (!interpret.empty()) out["interpretations"] = interpretations_json(interpret);
  // Variants with many moves per position (Option Chess) get progress from a smaller depth.
  const int progress_depth = rules.name == "orthodox" ? 6 : 3;
  // Conditional Chess: by default every stated conditional is a choice of its own.
  const bool statements = rules.perft_statements && count != "outcomes";
  if (rules.perft_statements) out["count"] = statements ? "statements" : "outcomes";
  if (statements) {
    nlohmann::ordered_json moves = nlohmann::ordered_json::object();
    for (const auto& [uci, n] : rules.perft_statements(fen, where, depth, interpret)) {
      if (nodes + n < nodes) throw std::overflow_error(fmt::format("the count at depth {} exceeds 2^64", depth));
      nodes += n;
      if (!divide) continue;
      if (json) moves[uci] = n;
      else std::cout << fmt::format("{}: {}\n", uci, n);
    }
    if (divide && json) out["divide"] = moves;
    if (depth == 0) nodes = 1;
  } else if (divide) {
    auto entries = rules.perft_divide(fen, where, depth, [&](int done, int total) {
      if (depth >= progress_depth && progress_visible(json)) std::cerr << fmt::format("\r{}/{} root moves", done, total) << std::flush;
    }, interpret);
    if (depth >= progress_depth && progress_visible(json)) std::cerr << "\n";
    nlohmann::ordered_json moves = nlohmann::ordered_json::object();
    for (const auto& [uci, count] : entries) {
      nodes += count;
      if (json) moves[uci] = count;
      else std::cout << fmt::format("{}: {}\n", uci, count);
    }
    if (json) out["divide"] = moves;
  } else {
    nodes = rules.perft(fen, where, depth, interpret);
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
// The manual beyond the options: `arbiter perft --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* PerftHelp = R"help(Rule sets: --variant option counts Option Chess turns (single moves, double moves, special en
passant captures); the FEN may add the tokens as a seventh field ("... b - - 0 30 3/3"). --variant
timetravel counts explosions, annihilations and normal moves (Time Traveler's FEN: rules/README.md,
"Positions and notation"). --variant transactional counts each move with each decision it allows
(commit, rollback or neither). --variant conditional counts each stated conditional move, or with
--count outcomes each C-ply outcome once (rules/conditional/RULES.md). --variant fairy counts the
fairy rule set's moves (rules/fairy/: pieces as walks on a mailbox board), orthodox pieces for now.

--divide prints the count below each first move in UCI notation, with progress on stderr for deep
runs when stderr is a terminal.

Example:
  $ arbiter perft --depth 5
  nodes 4865609
  time 0.012 s (405.2 Mnps))help";

}  // namespace

void add_perft_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("perft", "Count the leaf nodes of the legal move tree (move generator check).");
  cmd->footer(PerftHelp);
  struct Args {
    std::string variant = "orthodox";
    std::string fen;  // empty: the variant's start position
    int depth = 1;
    bool divide = false;
    std::string count = "statements";
    bool json = false;
    std::vector<std::string> interpret;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("--variant", args->variant,
                  "Rules: orthodox (default), option, timetravel, transactional, conditional, fairy (each FEN may add the "
                  "variant's own fields), or a variant designer's file PATH.variant (rules/fairy/VARIANTS.md)");
  cmd->add_option("--fen", args->fen, "Position in FEN (default: the start position)");
  cmd->add_option("--depth,-d", args->depth, "Depth in plies (0-15)")->required()->check(CLI::Range(0, MaxPerftDepth));
  cmd->add_flag("--divide", args->divide, "Print the count under each legal first move (UCI notation)");
  cmd->add_option("--count", args->count,
                  "Conditional Chess: count each stated conditional move (statements, the default) or each C-ply "
                  "outcome once (outcomes)")
      ->check(CLI::IsMember({"statements", "outcomes"}));
  add_interpret_option(cmd, args->interpret);
  cmd->add_flag("--json", args->json,
                "Print one JSON object: variant, fen, depth[, interpretations][, count], nodes, seconds, nps[, divide]");
  cmd->callback([=, &status] {
    try {
      status = run_perft(args->variant, args->fen, args->depth, args->divide, args->count, args->json, args->interpret);
    } catch (const ParseError& e) {
      std::cerr << "arbiter perft: " << e.what() << "\n";
      status = ExitBadInput;
    } catch (const std::overflow_error& e) {
      std::cerr << "arbiter perft: --depth: " << e.what() << "; use a smaller depth or --count outcomes\n";
      status = ExitBadInput;
    }
  });
}

}  // namespace arbiter::cli
