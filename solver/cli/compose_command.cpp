// arbiter compose --variant orthodox|option --stipulation '#2'|'#3'|'h#2'|'h#3'|'h=2'|'ser-#4'|'ser-h#5'|... [--solutions K] [--material SPEC]
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
#include "solver/variants/registry.h"

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
    texts.push_back(c.solution.series ? prover::format_series_line(l, int(l.moves.size()) - (c.goal == prover::Goal::HelpMate ? 1 : 0))
                                      : prover::format_help_line(l, false));
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
  const Stipulation stip = parse_stipulation(args.stipulation, stip_at);
  const bool series = stip.series;
  const bool mate_or_stalemate = stip.target.kind == Target::Mate || stip.target.kind == Target::Stalemate;
  const std::string made = "the composer makes direct mates ('#2', '#3'), help play ('h#2', 'h#3', 'h=2', 'h=3') and series "
                           "play ('ser-#4', 'ser-=3', 'ser-h#5', 'ser-h=4', 2 to 6 series moves)";
  if (stip.kind == Stipulation::SelfMate || stip.kind == Stipulation::ReflexMate || stip.kind == Stipulation::SemiReflexMate ||
      stip.structured || stip.help_end != HelpEnd::Goal || !mate_or_stalemate || (!stip.classic() && !series && stip.kind != Stipulation::HelpMate))
    throw ParseError(stip_at, fmt::format("unsupported stipulation '{}' for compose: {}", args.stipulation, made));
  if (!stip.classic() && rules.name != "orthodox")
    throw ParseError(stip_at, fmt::format("unsupported stipulation '{}' for compose in {}: other goals and series play are "
                                          "composed in orthodox chess only (the other rule sets do not play them yet)",
                                          args.stipulation, rules.name));
  const bool help = stip.kind == Stipulation::HelpMate || series;  // the solutions are lines
  if (series && (stip.moves < 2 || stip.moves > 6))
    throw ParseError(stip_at, fmt::format("unsupported stipulation '{}' for compose: expected 2 to 6 series moves", args.stipulation));
  if (!series && help && (stip.half_move || stip.moves < 2 || stip.moves > 3))
    throw ParseError(stip_at, fmt::format("unsupported stipulation '{}' for compose: expected 'h#2', 'h#3', 'h=2' or 'h=3' "
                                          "(Black starts)",
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
  o.set_stipulation(stip);
  o.solutions = args.solutions > 0 ? args.solutions : stip.solutions > 0 ? stip.solutions : 1;
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
    std::string pgn = compose::problem_pgn(c, fmt::format("{} (problem {} of the run)", provenance, index), rules.pgn_tag);
    if (!interpret.empty()) pgn.insert(pgn.find("[Composer"), "[Interpret \"" + interpret.text() + "\"]\n");
    write_file_atomically(file, pgn);
    problems.push_back(help ? help_problem_json(c, file) : direct_problem_json(c, file));
    if (args.json) continue;
    std::cout << fmt::format("{}: {} {} (score {}, found at {:.1f} s)\n", file, c.variant, c.stipulation, c.score, c.seconds);
    std::cout << rules.diagram(c.placement.fen_with_tokens(), {file, 1, 1}, {}) << "\n";
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

// The manual beyond the options: `arbiter compose --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* ComposeHelp = R"help(Sound means, each proved by the prover and never estimated: exactly one key, no shorter mate, no
cook, and a forced mate in exactly N against every defence. How a direct mate is made
(solver/compose/, generic over the rules):
1. Candidates (generator.h): a random mating net within the material: the Black king anywhere, the
   White king near it, 1 to 5 White units gathered within three squares of the Black king, up to 5
   Black units beside it, pawns on ranks 2 to 7. Option Chess candidates are set at move 30 (double
   moves are allowed from move 9) with White 1-2 tokens and Black 0-1.
2. Legality (legality.h), the checks a problem editor applies, each named and tested: kings (one
   each), side-not-to-move-in-check, pawn-on-back-rank, pawn-count (at most 8), promoted-units
   (units beyond the initial set, bishops counted per square colour, at most the side's missing
   pawns), pawn-captures (the fewest captures that bring each pawn from a distinct starting file, a
   pawn on rank r having captured at most r-2 times, at most the opponent's missing units),
   castling-rights and en-passant (only where king, rook and pawns allow them; composed positions
   have neither).
3. Judgement (assessment.h): the mate search proves, in this order, that there is no mate in fewer
   moves, how many first moves force mate in N (counted up to 6), and what the single key does. A
   candidate is rejected at the first failing statement, by name: no-mate, short-mate, cooked,
   key-checks, key-captures, key-takes-flight (a square the Black king could step to before the key
   is closed after it), search-limit (a node limit per candidate: 500,000 for #2, 5,000,000 for #3).
   One search and one transposition table serve a whole run: an entry is keyed by the whole position
   (tokens and move number included), so it is a fact about that position whatever candidate it was
   found in.
4. Hill climbing: from the candidate, up to 60 single edits (a unit moved, added, removed or changed
   within the material, a king moved, the tokens changed) are tried; an edit is kept when the result
   is at least as close to a sound problem: no mate < shorter mate < cooked (fewer keys better) <
   key not quiet < sound. Cooks are removed this way, one edit at a time.
5. Proof: the prover solves a sound candidate completely (every first move, the full tree with the
   threat, every defence and its mates, the tries). Only a proof of exactly one key mating in
   exactly N with no shorter mate goes on.
6. Economy: every unit whose removal keeps the problem sound (judged, then proved again), with the
   same key and at least as many variations, is removed, until every unit left is needed.
7. Quality filters: the quiet key; at least --min-variations variations (distinct defences answered
   by different mates, the threat's own moves aside); a single threat (--allow-multiple-threats
   keeps the others). Duals are findings: they are named in the file ({dual: 2. Qa2#}) and lower the
   score, and never reject a problem.
8. Option Chess, the tokens must matter: a double move in the key or a main line (the key and the
   first reply to each defence, down to the mate), and the prover shows that with both sides' tokens
   at 0 the problem fails (no solution, a cook, another key or a shorter mate; JSON zero_tokens). A
   problem for which that was not proved is never kept.
9. Polishing: 30 single edits of each problem are tried; an edit that keeps it sound (steps 5 to 8
   again) and raises its score replaces it: a climb on the score among sound problems.
10. Duplicates: positions are compared up to the symmetries the rules keep (left-right always, and
    every rotation and reflection without pawns; every composed problem has White to move, so a
    colour-mirrored copy is never produced). No two problems of a run are the same.

The score (quality.h, each term tested): 10 for a sound problem with a quiet key, + 3 per variation,
+ 4 per model mate (pure: each square of the king's field unavailable for one reason only;
economical: every White unit but the king and pawns takes part), + 2 per mate with a pinned Black
unit, + 2 per try refuted by a single defence (at most 5 count), + 3 if the key gives the king a
flight, + 5 if every unit is needed, + 2 per unit below 12, - 2 per dual.

Material: --material W/B is the pool each side may draw from (letters K Q R B N/S P, exactly one
king each). An impossible pool (no king or two, 9 pawns, more promoted units than missing pawns,
White with nothing to mate with), a stipulation other than #2, #3, h#2 or h#3, a variant without a
composer, or a count below 1 is bad input (exit 2, nothing written).

Reproducible: with the same --seed and --attempts (and no time limit) two runs give the same
problems: all randomness is the composer's own SplitMix64 and every search is bounded by nodes, not
by the clock. A limit reached (or SIGINT) with fewer than --count problems keeps what was found,
prints it marked partial, says so on stderr and exits 3 (JSON stopped_by time, attempts or
interrupted, with partial and limit).

Output: each problem is written to --out as a PGN problem file (orthodox-mate2-s7-01.pgn) that
arbiter verify confirms: [Stipulation], [SetUp "1"], [FEN], [Variant], [Tokens] (Option Chess),
[Composer "Arbiter"], [Score], [Quality] (the counts behind the score) and [Annotator] (the command
that made it); the movetext is the full solution: the key with !, {threat: 2. Qc1#} or {zugzwang},
every defence as a variation with the reply down to the mate. Text mode prints each problem's
diagram and solution tree; a progress line on a terminal shows attempts, sound problems found, the
rate per hour and the rejections by reason. JSON per problem: file, fen, stipulation, variant, key,
key_uci, score, units, variations, seconds (when it was found), model_mates, pin_mates, tries,
duals, flights_given (Option Chess: tokens, double_move_needed, zero_tokens); "sound" counts the
problems proved sound before the quality filters and duplicates.

Helpmates ('h#2' or 'h#3', Black starts; --solutions K or 'h#2 2.1.1.1' for K solutions):
Black-to-move mating nets with 1-3 White and up to 4 Black units (Option Chess: tokens 0-1 each).
The complete helpmate search judges each exactly (starts-in-check, short-mate, cooked, no-mate,
too-few-solutions; every distinct line is a solution, so a dual is a cook), then hill climbing, a
complete proof by prover::solve, and economy keeping the very same solutions (every unit left is
needed). Filters: --min-black-moving, --min-white-units; Option Chess: a double move in a solution,
and no solution at tokens 0/0. The score is help_score (quality.h). Files are
{variant}-help2-s{seed}-NN.pgn with [Solutions "K"] when K > 1 and the solutions as Black-first
movetext (puzzles/composed/help/ holds some). JSON per problem: file, fen, stipulation, variant,
solution_count, solutions, solutions_text, score, units, seconds, units_moving, model_mates,
pure_mates, distinct_mates, checks, captures (Option Chess: tokens, double_moves,
double_move_needed, zero_tokens). h#N.5 is not composed (rejected with a message).

Help-stalemates and series play (orthodox chess): 'h=2', 'h=3' go the helpmates' way towards
stalemate; series play 'ser-#N' and 'ser-=N' (White plays N moves in a row, Black passing, the last
one reaching the goal; White-to-move candidates) and 'ser-h#N', 'ser-h=N' (Black plays N moves,
then White's one move reaches the goal), N from 2 to 6. Each candidate is judged by the complete
search of its genre (the series search, solver/prover/series_search.h: no line of fewer series
moves, exactly --solutions lines of N; another order of the same moves is another solution), then
hill climbing, a complete proof by prover::solve with the stipulation's play and goal, economy with
the very same solutions, and the helpmates' filters (--min-black-moving does not apply to a direct
series, where Black never moves). Files are {variant}-h-stalemate2-s{seed}-NN.pgn,
{variant}-ser-h-mate5-..., {variant}-ser-mate4-...; a series solution stands in the file as a
comment ({1.Kb8 2.Ka8 Rd8#}), since PGN movetext cannot pass. JSON as for helpmates.)help";

}  // namespace

void add_compose_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "compose",
      "Compose new sound direct mates: random mating nets improved by hill climbing, every unit the solution\n"
      "does not need removed, each problem proved by the prover (exactly one key, no cook, no shorter mate)\n"
      "with a quiet key (no check, no capture, no flight taken). Helpmates ('h#2'): exactly --solutions solutions\n"
      "(default 1), none shorter, every unit needed, proved by the complete helpmate search; 'h=2', 'ser-#4',\n"
      "'ser-h#5' the same way in their genres.\n"
      "One PGN problem file per problem in --out.\n"
      "Exit status: 0 --count problems found, 3 a limit or SIGINT came first (what was found is kept and printed,\n"
      "marked partial), 2 bad input.");
  cmd->footer(ComposeHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("--variant", args->variant, "The rules: orthodox (default) or option");
  cmd->add_option("--stipulation", args->stipulation,
                  "'#2' (default) or '#3'; helpmates 'h#2' or 'h#3' (Black starts; a solution count may follow: 'h#2 2.1.1.1'); "
                  "help-stalemates 'h=2', 'h=3'; series 'ser-#N', 'ser-=N', 'ser-h#N', 'ser-h=N' (N 2 to 6; orthodox)");
  cmd->add_option("--solutions", args->solutions,
                  "Help and series play: compose problems with exactly this many solutions (default 1, or the stipulation's count)")
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
  cmd->add_option("--min-score", args->min_score, "Keep only problems scoring at least this (the score: below)");
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
