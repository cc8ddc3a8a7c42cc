// arbiter explain FILE --ply N [--game K] [--json] | arbiter explain --fen FEN [--json]
// Time Traveler's Chess: "why is this legal?" for one position of a recorded game.

#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rules/core/fen.h"
#include "rules/notation/pgn.h"
#include "rules/timetravel/explain.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

namespace {

struct Args {
  std::string file;
  std::string fen;
  int ply = -1;
  int game = 1;
  bool json = false;
  std::vector<std::string> interpret;
};

constexpr std::string_view Letters = " PNBRQK";

timetravel::Game position_of(const Args& args, timetravel::Options options) {
  if (!args.fen.empty()) return timetravel::Game::from_fen(args.fen, {"--fen", 1, 1}, options);
  const std::string text = read_text_file(args.file);
  const std::vector<PgnGame> games = read_pgn(text, args.file);
  if (args.game < 1 || args.game > int(games.size()))
    throw std::runtime_error(fmt::format("{}: --game {} asked for, but the file holds {} game(s)", args.file, args.game, games.size()));
  const PgnGame& record = games[std::size_t(args.game - 1)];
  find_variant(record.tag("Variant").value_or(""), record.tag_value_location("Variant").value_or(record.where));
  timetravel::Game game = record.tag("FEN")
                              ? timetravel::Game::from_fen(*record.tag("FEN"), *record.tag_value_location("FEN"), options)
                              : timetravel::Game(timetravel::Board::start(), options);
  if (args.ply > int(record.moves.size()))
    throw std::runtime_error(fmt::format("{}: --ply {} asked for, but game {} has {} plies in its main line", args.file, args.ply,
                                         args.game, record.moves.size()));
  const int plies = args.ply < 0 ? int(record.moves.size()) : args.ply;
  for (int i = 0; i < plies; ++i) {
    const PgnMove& move = record.moves[std::size_t(i)];
    game.play(game.parse_move(move.san, move.where));
  }
  return game;
}

nlohmann::json side_json(const timetravel::ExplainedSide& s) {
  nlohmann::json traveling = nlohmann::json::array();
  for (const auto& m : s.traveling)
    traveling.push_back({{"square", square_name(m.square)}, {"type", std::string(1, Letters[m.type])}, {"name", m.name}, {"resonators", m.resonators}});
  nlohmann::json explosions = nlohmann::json::array();
  for (const auto& e : s.explosions)
    explosions.push_back({{"type", std::string(1, Letters[e.type])}, {"square", square_name(e.square)}, {"supports", e.supports}, {"matched", e.matched}});
  return {{"resolved", s.resolved},     {"kingless", s.kingless},   {"in_check", s.in_check},
          {"lost_traveling", s.lost_traveling}, {"traveling", traveling}, {"explosions", explosions},
          {"matching_complete", s.matching_complete}, {"grammar", s.grammar}, {"grammar_reason", s.grammar_reason},
          {"witness", s.witness}};
}

std::string side_text(const timetravel::ExplainedSide& s) {
  std::string out = fmt::format("{}: {}{}{}{}\n", s.color == White ? "White" : "Black", s.resolved ? "resolved" : "unresolved",
                                s.kingless ? ", kingless" : "", s.in_check ? ", in check" : "",
                                s.lost_traveling ? ", has lost a traveling man to capture" : "");
  if (s.traveling.empty()) out += "  traveling men: none\n";
  for (const auto& m : s.traveling)
    out += fmt::format("  traveling {}~ on {} ({}); resonators: {}\n", Letters[m.type], square_name(m.square), m.name,
                       m.resonators.empty() ? "none" : fmt::format("{}", fmt::join(m.resonators, ", ")));
  for (const auto& e : s.explosions)
    out += fmt::format("  explosion {} on {}: supports {}; matched to {}\n", Letters[e.type], square_name(e.square),
                       fmt::join(e.supports, ", "), e.matched.empty() ? "-" : e.matched);
  if (!s.explosions.empty()) out += fmt::format("  support matching: {}\n", s.matching_complete ? "every explosion has its own support" : "INCOMPLETE");
  out += fmt::format("  grammar: {}{}\n", s.grammar, s.grammar_reason.empty() ? "" : fmt::format(" ({})", s.grammar_reason));
  for (const auto& w : s.witness) out += fmt::format("    witness {}\n", w);
  return out;
}

int run_explain(const Args& args) {
  if (args.fen.empty() == args.file.empty()) throw std::runtime_error("explain: give a PGN FILE (with --ply N) or --fen FEN");
  const timetravel::Options options = options_with<timetravel::Options>(interpretations_from(args.interpret));
  const timetravel::Game game = position_of(args, options);
  const timetravel::Explanation e = timetravel::explain(game);
  if (args.json) {
    nlohmann::json j = {{"fen", e.fen},
                        {"status", std::string(status_name(e.status))},
                        {"side_to_move", e.side_to_move == White ? "white" : "black"},
                        {"white", side_json(e.sides[White])},
                        {"black", side_json(e.sides[Black])}};
    if (!args.file.empty()) j["ply"] = args.ply;
    std::cout << j.dump(2) << "\n";
    return ExitOk;
  }
  std::cout << fmt::format("position  {}\nstatus    {} ({} to move)\n\n{}\n", e.fen, status_name(e.status),
                           e.side_to_move == White ? "White" : "Black", game.diagram());
  std::cout << side_text(e.sides[White]) << side_text(e.sides[Black]);
  return ExitOk;
}

// The manual beyond the options: `arbiter explain --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* ExplainHelp = R"help(The matching is Boost.Graph's maximum cardinality matching; the grammar verdict is Z3's
(rules/timetravel/GRAMMAR.md). --json prints fen, status, side_to_move, ply (with a FILE), and
"white" and "black" objects: resolved, kingless, in_check, lost_traveling, traveling, explosions,
matching_complete, grammar, grammar_reason, witness.

Example: arbiter explain puzzles/timetravel/illustrative-games.pgn --game 4 --ply 12)help";

}  // namespace

void add_explain_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("explain",
                                 "Time Traveler's Chess: for one position of a game, each player's traveling men, resonators, the "
                                 "support matching of the explosions, the grammar verdict with its witness, and check.");
  cmd->footer(ExplainHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("file", args->file, "PGN file of a Time Traveler's Chess game");
  cmd->add_option("--ply", args->ply, "Explain the position after this many plies of the main line (default: its end)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--game", args->game, "Which game of the file (1-based, default 1)")->check(CLI::PositiveNumber);
  cmd->add_option("--fen", args->fen, "Explain this position instead (Time Traveler's FEN: rules/README.md)");
  add_interpret_option(cmd, args->interpret);
  cmd->add_flag("--json", args->json, "Print one JSON object");
  cmd->callback([args, &status] { status = guarded("explain", [&] { return run_explain(*args); }); });
}

}  // namespace arbiter::cli
