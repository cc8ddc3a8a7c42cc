// arbiter correct FILE [--relocate SQ=SQ,SQ...] [--max-units K] [--json]

#include <algorithm>
#include <iostream>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/cli/problem_input.h"
#include "solver/problem/solve_units.h"
#include "solver/variants.h"

namespace arbiter::cli {

namespace {

struct Args {
  ProblemArgs input;
  std::vector<std::string> relocate;
  int max_units = 2;
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;
  bool json = false;
};

// "f6=f8,f5": the unit on f6 may stand on f8 or f5 instead.
std::pair<std::string, std::vector<std::string>> read_relocation(const std::string& text) {
  const auto eq = text.find('=');
  if (eq != 2 || parse_square(text.substr(0, 2)) == NoSquare)
    throw ParseError({"--relocate", 1, 1}, fmt::format("expected SQUARE=SQUARE[,SQUARE...] such as f6=f8,f5, found '{}'", text));
  std::vector<std::string> targets;
  std::size_t i = eq + 1;
  while (i <= text.size()) {
    const auto comma = std::min(text.find(',', i), text.size());
    const std::string sq = text.substr(i, comma - i);
    if (parse_square(sq) == NoSquare)
      throw ParseError({"--relocate", 1, int(i) + 1}, fmt::format("expected a square such as f8, found '{}'", sq));
    targets.push_back(sq);
    i = comma + 1;
  }
  return {text.substr(0, 2), targets};
}

nlohmann::ordered_json candidate_json(const correct::Candidate& c) {
  nlohmann::ordered_json j = {{"changes", c.changes}, {"fen", c.fen}, {"engine_line_legal", c.engine_line_legal},
                              {"key_proved", c.key_proved}, {"claims", c.claims}, {"claims_failed", c.claims_failed}};
  if (!c.failure.empty()) j["failure"] = c.failure;
  if (!c.refutation_uci.empty()) j["refutation_uci"] = c.refutation_uci;
  if (!c.keys.empty()) j["keys"] = c.keys, j["proof_nodes"] = c.proof_nodes, j["proof_seconds"] = c.proof_seconds;
  return j;
}

std::string changes_text(const correct::Candidate& c) {
  std::string t;
  for (const auto& ch : c.changes) t += (t.empty() ? "" : " ") + ch;
  return t.empty() ? "(the position as stated)" : t;
}

int run_correct(const Args& args) {
  auto problems = load_problems(args.input);
  correct::Options options;
  options.max_units = args.max_units;
  options.limits = {args.max_nodes, args.max_seconds, 16};
  for (const auto& r : args.relocate) options.relocations.push_back(read_relocation(r));
  if (progress_visible(args.json))
    options.progress = [](int examined, int kept, const std::string&) {
      std::cerr << fmt::format("\r  {} positions examined, {} kept", examined, kept) << std::flush;
    };
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  int status = ExitClaimFalse;
  for (const auto& p : problems) {
    if (!p.published || p.published->moves.empty())
      throw ParseError(p.where, "the correction search needs a published solution (the key first) in the problem file");
    std::optional<PgnLine> engine_line;
    if (auto tag = p.published->tag("EngineLine")) {
      auto games = read_pgn(std::string(*tag) + " *", p.file + " [EngineLine]");
      if (!games.empty()) engine_line = games[0].moves;
    }
    const VariantEngines& rules = find_variant(p.variant, p.where);
    if (!p.twins.empty())
      throw ParseError(p.where, "the correction search takes one position: write the twin to correct as a problem of its own");
    prover::SolveOptions stipulated;
    problem::set_stipulation(stipulated, p.stipulation, false);
    options.goal = stipulated.goal;
    options.half_move = stipulated.half_move;
    options.stated_solutions = stipulated.stated_solutions;
    correct::Report r = rules.correct(p.fen, p.fen_location, p.stipulation.moves, p.published->moves, engine_line, options,
                                       p.interpretations);
    if (options.progress) std::cerr << "\r" << std::string(50, ' ') << "\r" << std::flush;
    if (!r.kept.empty()) status = ExitOk;
    nlohmann::ordered_json j;
    j["file"] = p.file;
    j["problem"] = p.number;
    j["bases"] = r.bases;
    j["max_units"] = r.max_units;
    j["examined"] = r.examined;
    j["illegal_positions"] = r.illegal_positions;
    j["engine_line_fails"] = r.engine_line_fails;
    j["stated_outcomes_fail"] = r.claims_fail_quick;
    j["key_refuted"] = r.key_refuted;
    j["later_lines_fail"] = r.lines_fail;
    j["key_refutations"] = r.key_refutations;
    j["sound"] = nlohmann::ordered_json::array();
    for (const auto& c : r.kept) j["sound"].push_back(candidate_json(c));
    if (r.kept.empty() && r.best) j["best"] = candidate_json(*r.best);
    j["seconds"] = r.seconds;
    results.push_back(j);
    if (args.json) continue;
    std::cout << problem_heading(p);
    std::cout << fmt::format("search space: {} base position(s), up to {} added unit(s) that occupy, block or guard a square "
                             "of the current refutation\n",
                             r.bases.size(), r.max_units);
    for (const auto& b : r.bases) std::cout << "  base " << b << "\n";
    std::cout << fmt::format("examined {} positions in {:.1f} s: {} rejected by the rules, {} break the engine line, {} break a "
                             "stated legality/check/mate, {} refute the key, {} break a later line\n",
                             r.examined, r.seconds, r.illegal_positions, r.engine_line_fails, r.claims_fail_quick,
                             r.key_refuted, r.lines_fail);
    if (!r.key_refutations.empty()) {
      std::vector<std::pair<int, std::string>> ranked;
      for (const auto& [move, count] : r.key_refutations) ranked.push_back({-count, move});
      std::sort(ranked.begin(), ranked.end());
      std::cout << "the key's refutations (in how many candidates):";
      for (std::size_t i = 0; i < ranked.size() && i < 10; ++i) std::cout << fmt::format(" {} ({})", ranked[i].second, -ranked[i].first);
      std::cout << "\n";
    }
    if (r.kept.empty()) {
      std::cout << "no sound reconstruction in this space\n";
      if (r.best)
        std::cout << fmt::format("best candidate: {}  {}\n  fails: {}\n", changes_text(*r.best), r.best->fen, r.best->failure);
    }
    for (std::size_t i = 0; i < r.kept.size(); ++i) {
      const auto& c = r.kept[i];
      std::string keys;
      for (const auto& k : c.keys) keys += (keys.empty() ? "" : ", ") + k;
      std::cout << fmt::format("{}. {}  {}\n   every stated outcome holds ({} checked); keys: {}{}; proof {} nodes, {:.2f} s\n", i + 1,
                               changes_text(c), c.fen, c.claims, keys.empty() ? "none found" : keys,
                               c.keys.size() > 1 ? " (cooked)" : "", c.proof_nodes, c.proof_seconds);
    }
    std::cout << "\n";
  }
  if (args.json) print_json_results(results, "problems");
  return status;
}

}  // namespace

void add_correct_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "correct",
      "Search for corrections of a problem's position: from the stated position (and with a unit relocated,\n"
      "--relocate), add up to --max-units units where they can change the current refutation, and keep the\n"
      "positions in which the [EngineLine] stays legal, every stated outcome of the published solution holds\n"
      "and the prover proves the key. Sound reconstructions are listed, fewest changes first, each solved\n"
      "completely (cooks shown); with none, the best candidate and what fails in it.\n"
      "Exit status: 0 some sound reconstruction, 1 none in the space searched, 2 bad input.");
  auto args = std::make_shared<Args>();
  add_problem_options(cmd, args->input);
  cmd->add_option("--relocate", args->relocate, "SQ=SQ[,SQ...]: the unit on SQ may stand on the listed squares instead (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--max-units", args->max_units, "Units added at most (0-3, default 2)")->check(CLI::Range(0, 3));
  cmd->add_option("--max-nodes", args->max_nodes, "Node limit per candidate search (0: none)");
  cmd->add_option("--max-seconds", args->max_seconds, "Time limit per candidate search (0: none)")->check(CLI::NonNegativeNumber);
  cmd->add_flag("--json", args->json,
                "Print JSON: bases, max_units, examined, illegal_positions, engine_line_fails, stated_outcomes_fail,\n"
                "key_refuted, later_lines_fail, sound [{changes, fen, keys, ...}], best, seconds");
  cmd->callback([args, &status] { status = guarded("correct", [&] { return run_correct(*args); }); });
}

}  // namespace arbiter::cli
