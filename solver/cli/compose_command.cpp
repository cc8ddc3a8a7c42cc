// arbiter compose --variant orthodox|option --stipulation '#2'|'#3'|'h#2'|'h#3' [--solutions K] [--material SPEC]
//                 [--max-units K] [--count N] [--attempts N] [--max-seconds T] [--seed K] [--min-score X] [--out DIR] [--json]

#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/core/stop.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/compose/problem_pgn.h"
#include "solver/problem/problem.h"
#include "solver/prover/solution_format.h"
#include "solver/prover/solve_options.h"
#include "solver/variants.h"

namespace arbiter::cli {

namespace {

struct Args {
  std::string variant = "orthodox";
  std::string stipulation = "#2";
  int solutions = 0;  // helpmates: the number of solutions (0: as the stipulation states, else 1)
  std::string material;
  int max_units = 12;
  int count = 1;
  std::uint64_t attempts = 0;
  double max_seconds = -1;  // unset: 300 s, or none when --attempts bounds the run
  int threads = prover::default_threads();
  std::uint64_t seed = 1;
  int min_score = std::numeric_limits<int>::min();
  int min_variations = 2;
  int min_black_moving = 1;
  int min_white_units = 2;
  bool multiple_threats = false;
  std::string out = "composed";
  bool json = false;
  std::vector<std::string> interpret;
};

double per_hour(int n, double seconds) { return seconds > 0 ? n * 3600.0 / seconds : 0; }

// A composed direct mate in the JSON output.
nlohmann::ordered_json direct_problem_json(const compose::ComposedProblem& c, const std::string& file) {
  nlohmann::ordered_json j = {{"file", file},
                              {"fen", c.fen},
                              {"stipulation", c.stipulation},
                              {"variant", c.variant},
                              {"key", c.key_san},
                              {"key_uci", c.key_uci},
                              {"score", c.score},
                              {"units", c.quality.units},
                              {"variations", c.quality.variations},
                              {"seconds", c.seconds},
                              {"model_mates", c.quality.model_mates},
                              {"pin_mates", c.quality.pin_mates},
                              {"tries", c.quality.tries},
                              {"duals", c.quality.duals},
                              {"flights_given", c.quality.flights_given}};
  if (c.placement.has_tokens()) {
    j["tokens"] = c.placement.tokens_text();
    j["double_move_needed"] = c.double_move_needed;
    j["zero_tokens"] = c.zero_tokens;
  }
  return j;
}

// A composed helpmate in the JSON output: its solutions (UCI and problemists' text) and the
// counts behind its score.
nlohmann::ordered_json help_problem_json(const compose::ComposedProblem& c, const std::string& file) {
  nlohmann::ordered_json lines = nlohmann::ordered_json::array(), texts = nlohmann::ordered_json::array();
  for (const auto& l : c.solution.solutions) {
    nlohmann::ordered_json uci = nlohmann::ordered_json::array();
    for (const auto& m : l.moves) uci.push_back(m.uci);
    lines.push_back(uci);
    texts.push_back(prover::format_help_line(l, false));
  }
  const compose::HelpQuality& q = c.help_quality;
  nlohmann::ordered_json j = {{"file", file},
                              {"fen", c.fen},
                              {"stipulation", c.stipulation},
                              {"variant", c.variant},
                              {"solution_count", c.solution.solutions.size()},
                              {"solutions", lines},
                              {"solutions_text", texts},
                              {"score", c.score},
                              {"units", q.units},
                              {"seconds", c.seconds},
                              {"units_moving", q.units_moving()},
                              {"model_mates", q.model_mates},
                              {"pure_mates", q.pure_mates},
                              {"distinct_mates", q.distinct_mates},
                              {"checks", q.checks},
                              {"captures", q.captures}};
  if (c.placement.has_tokens()) {
    j["tokens"] = c.placement.tokens_text();
    j["double_moves"] = q.double_moves;
    j["double_move_needed"] = c.double_move_needed;
    j["zero_tokens"] = c.zero_tokens;
  }
  return j;
}

int run_compose(const Args& args) {
  const VariantEngines& rules = find_variant(args.variant);
  if (!rules.compose)
    throw ParseError({"--variant", 1, 1}, fmt::format("no composer for the variant '{}': arbiter compose makes problems for "
                                                      "orthodox and option (the rule sets whose direct mates the prover proves "
                                                      "and whose positions the composer's legality checks cover)",
                                                      rules.name));
  const SourceLocation stip_at{"--stipulation", 1, 1};
  const problem::Stipulation stip = problem::parse_stipulation(args.stipulation, stip_at);
  const bool help = stip.kind == problem::Stipulation::HelpMate;
  if (stip.kind == problem::Stipulation::SelfMate)
    throw ParseError(stip_at, fmt::format("unsupported stipulation '{}' for compose: the composer makes direct mates "
                                          "('#2', '#3') and helpmates ('h#2', 'h#3'), not selfmates",
                                          args.stipulation));
  if (help && (stip.half_move || stip.moves < 2 || stip.moves > 3))
    throw ParseError(stip_at, fmt::format("unsupported stipulation '{}' for compose: expected 'h#2' or 'h#3' (Black starts)",
                                          args.stipulation));
  if (!help && (stip.moves < 2 || stip.moves > 3))
    throw ParseError(stip_at, fmt::format("unsupported stipulation '{}' for compose: expected '#2' or '#3'", args.stipulation));
  if (!help && (args.solutions > 0 || stip.solutions > 0))
    throw ParseError({"--solutions", 1, 1}, "a solution count is for helpmates ('h#2 2.1.1.1', --solutions 2); a direct mate "
                                            "has exactly one key");
  if (args.solutions > 0 && stip.solutions > 0 && args.solutions != stip.solutions)
    throw ParseError({"--solutions", 1, 1}, fmt::format("--solutions {} contradicts the stipulation's count {} in '{}'",
                                                        args.solutions, stip.solutions, args.stipulation));
  compose::ComposeOptions o;
  o.goal = help ? prover::Goal::HelpMate : prover::Goal::DirectMate;
  o.solutions = args.solutions > 0 ? args.solutions : stip.solutions > 0 ? stip.solutions : 1;
  o.n = stip.moves;
  if (!args.material.empty()) o.material = compose::parse_material(args.material);
  o.material.max_units = args.max_units;
  o.count = args.count;
  o.max_attempts = args.attempts;
  o.max_seconds = args.max_seconds >= 0 ? args.max_seconds : (args.attempts ? 0 : 300);
  o.threads = args.threads;
  o.seed = args.seed;
  o.min_score = args.min_score;
  o.min_variations = args.min_variations;
  o.min_black_moving = args.min_black_moving;
  o.min_white_units = args.min_white_units;
  o.single_threat = !args.multiple_threats;
  const InterpretationSettings interpret = interpretations_from(args.interpret, {});
  if (progress_visible(args.json) || progress_wanted()) {
    auto last = std::make_shared<double>(-1);
    o.progress = [last, shown = progress_visible(args.json), max = o.max_seconds](const compose::ComposeReport& r) {
      if (r.seconds - *last < 0.25) return;
      *last = r.seconds;
      // Composing runs to its time limit: the progress is the time spent of it.
      report_progress(static_cast<long long>(r.seconds), static_cast<long long>(max),
                      fmt::format("{} attempts, {} sound, {} kept", r.attempts, r.sound, r.problems.size()));
      if (shown) std::cerr << fmt::format("\r\033[K  {:.0f} s: {} attempts, {} sound ({:.1f}/h), {} kept; rejected: {}", r.seconds,
                               r.attempts, r.sound, per_hour(r.sound, r.seconds), r.problems.size(), compose::rejections_text(r.rejections))
                << std::flush;
    };
  }
  // Every search of the run (candidates, proofs, Z3) shares the run's deadline.
  const stop::Deadline deadline(o.max_seconds);
  const compose::ComposeReport report = rules.compose(o, interpret);
  if (progress_visible(args.json)) std::cerr << "\r\033[K" << std::flush;

  std::filesystem::create_directories(args.out);
  // The command that reproduces the problem: with --attempts (and no clock) a run is exact.
  std::string provenance = fmt::format("arbiter compose --variant {} --stipulation '{}' --material {} --max-units {} --seed {}",
                                       rules.name, stip.text, o.material.spec(), o.material.max_units, o.seed);
  if (help && o.solutions > 1) provenance += fmt::format(" --solutions {}", o.solutions);
  if (help && args.min_black_moving != 1) provenance += fmt::format(" --min-black-moving {}", args.min_black_moving);
  if (help && args.min_white_units != 2) provenance += fmt::format(" --min-white-units {}", args.min_white_units);
  if (args.min_variations != 2) provenance += fmt::format(" --min-variations {}", args.min_variations);
  if (args.multiple_threats) provenance += " --allow-multiple-threats";
  if (o.min_score != std::numeric_limits<int>::min()) provenance += fmt::format(" --min-score {}", o.min_score);
  if (!interpret.empty()) provenance += " --interpret " + interpret.text();
  if (o.max_attempts && o.max_seconds == 0) provenance += fmt::format(" --count {} --attempts {}", o.count, o.max_attempts);
  nlohmann::ordered_json problems = nlohmann::ordered_json::array();
  int index = 0;
  for (const auto& c : report.problems) {
    const std::string file = (std::filesystem::path(args.out) / compose::problem_file_name(c, o.seed, ++index)).string();
    std::string pgn = compose::problem_pgn(c, fmt::format("{} (problem {} of the run)", provenance, index));
    if (!interpret.empty()) pgn.insert(pgn.find("[Composer"), "[Interpret \"" + interpret.text() + "\"]\n");
    write_file_atomically(file, pgn);
    problems.push_back(help ? help_problem_json(c, file) : direct_problem_json(c, file));
    if (args.json) continue;
    std::cout << fmt::format("{}: {} {} (score {}, found at {:.1f} s)\n", file, c.variant, c.stipulation, c.score, c.seconds);
    std::cout << rules.diagram(c.placement.fen_with_tokens(), {file, 1, 1}) << "\n";
    std::cout << prover::format_solution_text(c.solution);
    std::cout << (help ? compose::help_quality_summary(c.help_quality) : compose::quality_summary(c.quality)) << "\n";
    if (c.placement.has_tokens())
      std::cout << fmt::format("tokens {}: with both sides' tokens at 0, {}\n", c.placement.tokens_text(), c.zero_tokens);
    std::cout << "\n";
  }
  const bool short_of_count = int(report.problems.size()) < o.count;
  const std::string limit = report.stopped_by == "interrupted" ? std::string(stop::InterruptReason)
                            : report.stopped_by == "time"      ? fmt::format("time limit reached ({:g} s)", o.max_seconds)
                                                               : fmt::format("attempt limit reached ({})", o.max_attempts);
  if (args.json) {
    nlohmann::ordered_json j = {{"problems", problems},
                                {"attempts", report.attempts},
                                {"sound", report.sound},
                                {"seconds", report.seconds},
                                {"rejections", report.rejections},
                                {"stopped_by", report.stopped_by},
                                {"seed", o.seed}};
    if (short_of_count) j["partial"] = true, j["limit"] = report.stopped_by;
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << fmt::format("{} attempts, {} sound ({:.1f} per hour), {} kept, {:.1f} s\nrejected: {}\n", report.attempts,
                             report.sound, per_hour(report.sound, report.seconds), report.problems.size(), report.seconds,
                             compose::rejections_text(report.rejections));
    if (short_of_count) std::cout << partial_line(limit);
  }
  if (short_of_count) {
    std::cerr << fmt::format("arbiter compose: {} with {} of {} problems\n",
                             report.stopped_by == "interrupted" ? limit
                             : report.stopped_by == "time"      ? std::string("time limit reached")
                                                                : std::string("attempt limit reached"),
                             report.problems.size(), o.count);
    return ExitUnknown;
  }
  return ExitOk;
}

}  // namespace

void add_compose_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "compose",
      "Compose new sound direct mates: random mating nets improved by hill climbing, every unit the solution\n"
      "does not need removed, each problem proved by the prover (exactly one key, no cook, no shorter mate)\n"
      "with a quiet key (no check, no capture, no flight taken). Helpmates ('h#2'): exactly --solutions solutions\n"
      "(default 1), none shorter, every unit needed, proved by the complete helpmate search.\n"
      "One PGN problem file per problem in --out.\n"
      "Exit status: 0 --count problems found, 3 a limit or SIGINT came first (what was found is kept and printed,\n"
      "marked partial), 2 bad input.");
  auto args = std::make_shared<Args>();
  cmd->add_option("--variant", args->variant, "The rules: orthodox (default) or option");
  cmd->add_option("--stipulation", args->stipulation,
                  "'#2' (default) or '#3'; helpmates 'h#2' or 'h#3' (Black starts; a solution count may follow: 'h#2 2.1.1.1')");
  cmd->add_option("--solutions", args->solutions,
                  "Helpmates: compose problems with exactly this many solutions (default 1, or the stipulation's count)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--material", args->material,
                  "Units each side may use, White/Black, such as KQRBN/KRPP (default KQRRBBNNPPP/KQRBNPPPPP)");
  cmd->add_option("--max-units", args->max_units, "Most units in a problem, both kings included (default 12)")
      ->check(CLI::Range(3, 32));
  cmd->add_option("--count", args->count, "Problems to make (default 1)")->check(CLI::PositiveNumber);
  cmd->add_option("--attempts", args->attempts,
                  "Stop after judging this many candidates; with the same --seed, a run is then reproduced exactly")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-seconds", args->max_seconds,
                  "Stop after this long (default 300, or no limit with --attempts); 0: no limit")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seed", args->seed, "Random seed (default 1)");
  cmd->add_option("--threads", args->threads,
                  "Prover threads for the complete solve of each problem kept (default: every core); candidates are\n"
                  "judged one at a time in seeded order, so a seed gives the same problems")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--min-score", args->min_score, "Keep only problems scoring at least this (README: the score)");
  cmd->add_option("--min-variations", args->min_variations,
                  "Keep only problems with at least this many variations: defences answered by different mates (default 2;\n"
                  "direct mates)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--min-black-moving", args->min_black_moving,
                  "Helpmates: keep only problems in which at least this many Black units besides the king move (default 1)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--min-white-units", args->min_white_units,
                  "Helpmates: keep only problems with at least this many White units besides the king (default 2)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--allow-multiple-threats", args->multiple_threats, "Keep problems whose key threatens more than one mate");
  cmd->add_option("--out", args->out, "Directory for the problem files (default ./composed)");
  cmd->add_flag("--json", args->json,
                "Print JSON: problems [{file, fen, stipulation, variant, key, key_uci, score, units, variations,\n"
                "seconds, ...}], attempts, sound, seconds, rejections {reason: count}, stopped_by, seed; partial: true and\n"
                "limit (time, attempts, interrupted) when a limit came before --count");
  add_interpret_option(cmd, args->interpret);
  cmd->callback([args, &status] { status = guarded_search("compose", [&] { return run_compose(*args); }); });
}

}  // namespace arbiter::cli
