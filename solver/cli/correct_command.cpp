// arbiter correct FILE [--relocate SQ=SQ,SQ...] [--max-units K] [--json]

#include <algorithm>
#include <iostream>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/core/stop.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/cli/search_limits.h"
#include "solver/correct/pruning.h"
#include "solver/cli/problem_input.h"
#include "solver/problem/solve_units.h"
#include "solver/text_file.h"
#include "solver/prover/solve_options.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

namespace {

struct Args {
  ProblemArgs input;
  std::vector<std::string> relocate;
  // -1: the flag was not given.
  int max_units = -1, max_removals = -1, max_moves = -1, max_changes = -1, max_token_edits = -1, max_cost = -1;
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;
  int threads = prover::default_threads();
  std::uint64_t candidate_nodes = 20'000'000;
  int max_versions = 0;
  std::string certificates;
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

// The kinds searched: with no kind flag, every kind up to --max-cost (default 1); otherwise only
// the kinds given, and --max-cost defaults to the sum of their caps (relocations count 1 each).
correct::EditSpaceOptions edit_space(const Args& a) {
  correct::EditSpaceOptions o;
  const bool any = a.max_units >= 0 || a.max_removals >= 0 || a.max_moves >= 0 || a.max_changes >= 0 ||
                   a.max_token_edits >= 0 || !a.relocate.empty();
  for (const auto& r : a.relocate) o.relocations.push_back(read_relocation(r));
  if (!any) {
    o.max_cost = a.max_cost >= 0 ? a.max_cost : 1;
    o.max_units = o.max_removals = o.max_moves = o.max_changes = o.max_tokens = o.max_cost;
    return o;
  }
  auto given = [](int v) { return std::max(v, 0); };
  o.max_units = given(a.max_units);
  o.max_removals = given(a.max_removals);
  o.max_moves = given(a.max_moves);
  o.max_changes = given(a.max_changes);
  o.max_tokens = given(a.max_token_edits);
  const int relocations = o.max_moves > 0 ? 0 : int(o.relocations.size());
  o.max_cost = a.max_cost >= 0 ? a.max_cost
                               : o.max_units + o.max_removals + o.max_moves + o.max_changes + o.max_tokens + relocations;
  return o;
}

nlohmann::ordered_json candidate_json(const correct::Candidate& c) {
  nlohmann::ordered_json j = {{"changes", c.changes}, {"cost", c.cost}, {"fen", c.fen},
                              {"stage", correct::stage_name(c.stage)}, {"engine_line_legal", c.engine_line_legal},
                              {"key_proved", c.key_proved}, {"claims", c.claims}, {"claims_failed", c.claims_failed}};
  if (!c.failure.empty()) j["failure"] = c.failure;
  if (!c.refutation_uci.empty()) j["refutation_uci"] = c.refutation_uci;
  if (!c.keys.empty()) j["keys"] = c.keys, j["proof_nodes"] = c.proof_nodes, j["proof_seconds"] = c.proof_seconds;
  if (!c.solution_text.empty()) j["solution_text"] = c.solution_text;
  if (!c.certificate.is_null()) j["certificate"] = c.certificate;
  return j;
}

std::string changes_text(const correct::Candidate& c) {
  std::string t;
  for (const auto& ch : c.changes) {
    if (!t.empty()) t.push_back(' ');
    t += ch;
  }
  return t.empty() ? "(the position as stated)" : t;
}

std::string count_text(double v) {
  std::string digits = fmt::format("{:.0f}", v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

nlohmann::ordered_json level_json(const correct::LevelCoverage& l) {
  return {{"cost", l.cost}, {"sets", l.sets_bound}, {"sets_exact", l.sets_exact}, {"built", l.built}, {"judged", l.judged},
          {"pruned", l.pruned}, {"unknown", l.unknown}, {"complete", l.complete}};
}

void print_report(const problem::Problem& p, const correct::Report& r, const std::vector<std::string>& certificate_files) {
  std::cout << problem_heading(p);
  std::string kinds;
  for (const auto& [kind, count] : r.single_edits) kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", kind, count);
  std::cout << fmt::format("search space: single edits {}; cost up to {} (each edit costs 1; one edit per square)\n",
                           kinds.empty() ? "none" : kinds, r.max_cost);
  for (const auto& l : r.levels) {
    std::string pruned;
    for (const auto& [rule, count] : l.pruned) pruned += fmt::format("{}{} {}", pruned.empty() ? "" : ", ", rule, count);
    std::cout << fmt::format("  cost {}: {}{} set(s); built {}, judged {}{}{} - {}\n", l.cost, l.sets_exact ? "" : "at most ",
                             count_text(l.sets_bound), count_text(double(l.built)), count_text(double(l.judged)),
                             pruned.empty() ? "" : ", skipped " + pruned,
                             l.unknown ? fmt::format(", {} unknown (search limit)", l.unknown) : "",
                             l.complete ? "covered" : "not covered");
  }
  std::cout << fmt::format("judged {} candidates in {:.1f} s: {} illegal, {} break the engine line, {} break a stated "
                           "legality/check/mate, {} refute the key, {} break a later line, {} short, {} cooked, {} unknown\n",
                           r.examined, r.seconds, r.illegal_positions, r.engine_line_fails, r.claims_fail_quick, r.key_refuted,
                           r.lines_fail, r.short_solutions, r.cooked, r.unknown);
  if (!r.limit.empty()) std::cout << "stopped by " << r.limit << "\n";
  if (!r.limit.empty() && r.limit.rfind("--max-versions", 0) != 0) std::cout << partial_line(r.limit);
  if (!r.key_refutations.empty()) {
    std::vector<std::pair<int, std::string>> ranked;
    for (const auto& [move, count] : r.key_refutations) ranked.push_back({-count, move});
    std::sort(ranked.begin(), ranked.end());
    std::cout << "the key's refutations (in how many candidates):";
    for (std::size_t i = 0; i < ranked.size() && i < 10; ++i) std::cout << fmt::format(" {} ({})", ranked[i].second, -ranked[i].first);
    std::cout << "\n";
  }
  if (r.kept.empty()) {
    if (r.space_covered) std::cout << fmt::format("no sound version exists in this space (every set up to cost {} covered)\n", r.max_cost);
    else std::cout << "no sound version found in the part covered (the space was not covered: no claim that none exists)\n";
    if (r.best)
      std::cout << fmt::format("best candidate: {}  {}\n  fails: {}\n", changes_text(*r.best), r.best->fen, r.best->failure);
  } else {
    std::cout << fmt::format("sound versions, cheapest first ({}):\n",
                             r.cheapest_proved ? "cheapest proved: every cheaper set was covered"
                                               : "cheapest not proved: a cheaper cost level was not covered");
  }
  for (std::size_t i = 0; i < r.kept.size(); ++i) {
    const auto& c = r.kept[i];
    std::cout << fmt::format("{}. {}  (cost {})  {}\n   every stated outcome holds ({} checked); proved afresh: {} nodes, {:.2f} s\n",
                             i + 1, changes_text(c), c.cost, c.fen, c.claims, c.proof_nodes, c.proof_seconds);
    std::string indented = "   ";
    for (char ch : c.solution_text) {
      indented.push_back(ch);
      if (ch == '\n') indented += "   ";
    }
    while (!indented.empty() && (indented.back() == ' ' || indented.back() == '\n')) indented.pop_back();
    std::cout << indented << "\n";
    if (i < certificate_files.size()) std::cout << "   certificate: " << certificate_files[i] << "\n";
  }
  std::cout << "\n";
}

int run_correct(const Args& args) {
  ProblemArgs input = args.input;
  input.lines = problem::PublishedLines::AsStated;  // the diagram may be the damaged one
  auto problems = load_problems(input);
  correct::Options options;
  options.space = edit_space(args);
  options.max_nodes = args.max_nodes;
  options.max_seconds = args.max_seconds;
  options.threads = args.threads;
  options.candidate_nodes = args.candidate_nodes;
  options.max_versions = args.max_versions;
  if (progress_visible(args.json))
    options.progress = [](int cost, long long judged, int kept, const std::string&) {
      std::cerr << fmt::format("\r  cost {}: {} candidates judged, {} version(s)   ", cost, judged, kept) << std::flush;
    };
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  int status = ExitOk;
  bool any_version = false, any_unknown = false;
  for (const auto& p : problems) {
    if (!p.published || p.published->moves.empty())
      throw ParseError(p.where, "the correction search needs a published solution (the key first) in the problem file");
    std::optional<PgnLine> engine_line;
    if (auto tag = p.published->tag("EngineLine")) {
      auto games = read_pgn(std::string(*tag) + " *", p.file + " [EngineLine]");
      if (!games.empty()) engine_line = games[0].moves;
    }
    const VariantEngines& rules = find_variant(p.variant, p.where);
    if (!p.stipulation.classic())
      throw ParseError(p.stipulation_location,
                       fmt::format("the correction search takes #N, h#N, h#N.5 or s#N so far, not '{}'", p.stipulation.text));
    if (!p.twins.empty())
      throw ParseError(p.where, "the correction search takes one position: write the twin to correct as a problem of its own");
    prover::SolveOptions stipulated;
    problem::set_stipulation(stipulated, p.stipulation, false);
    options.goal = stipulated.goal;
    options.half_move = stipulated.half_move;
    options.stated_solutions = stipulated.stated_solutions;
    const stop::Deadline deadline(args.max_seconds);  // the whole search of this problem, its Z3 calls included
    correct::Report r = rules.correct(p.fen, p.fen_location, p.stipulation.moves, p.published->moves, engine_line, options,
                                       p.interpretations);
    if (options.progress) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
    any_version = any_version || !r.kept.empty();
    any_unknown = any_unknown || (r.kept.empty() && !r.space_covered);
    std::vector<std::string> certificate_files;
    if (!args.certificates.empty())
      for (std::size_t i = 0; i < r.kept.size(); ++i) {
        if (r.kept[i].certificate.is_null()) continue;
        auto cert = r.kept[i].certificate;
        // The rules it was proved under travel with it, so check-certificate applies the same.
        if (!p.interpretations.empty()) cert["interpretations"] = interpretations_json(p.interpretations);
        const std::string file = fmt::format("{}/version-{}-{}.json", args.certificates, p.number, i + 1);
        write_file_atomically(file, cert.dump(2) + "\n");
        certificate_files.push_back(file);
      }
    nlohmann::ordered_json j;
    j["file"] = p.file;
    j["problem"] = p.number;
    j["bases"] = r.bases;
    j["max_units"] = r.max_units;
    j["max_cost"] = r.max_cost;
    j["single_edits"] = r.single_edits;
    j["levels"] = nlohmann::ordered_json::array();
    for (const auto& l : r.levels) j["levels"].push_back(level_json(l));
    j["pruning_rules"] = correct::PruningRules;
    j["examined"] = r.examined;
    j["illegal_positions"] = r.illegal_positions;
    j["engine_line_fails"] = r.engine_line_fails;
    j["stated_outcomes_fail"] = r.claims_fail_quick;
    j["key_refuted"] = r.key_refuted;
    j["later_lines_fail"] = r.lines_fail;
    j["short_solutions"] = r.short_solutions;
    j["cooked"] = r.cooked;
    j["unknown"] = r.unknown;
    j["unconfirmed"] = r.unconfirmed;
    j["key_refutations"] = r.key_refutations;
    j["sound"] = nlohmann::ordered_json::array();
    for (const auto& c : r.kept) j["sound"].push_back(candidate_json(c));
    j["cheapest_proved"] = r.cheapest_proved;
    j["space_covered"] = r.space_covered;
    j["limit"] = r.limit;
    if (!r.limit.empty() && r.limit.rfind("--max-versions", 0) != 0) j["partial"] = true;  // a limit, not the count asked for
    if (r.kept.empty() && r.best) j["best"] = candidate_json(*r.best);
    j["nodes"] = r.nodes;
    j["seconds"] = r.seconds;
    if (!certificate_files.empty()) j["certificate_files"] = certificate_files;
    results.push_back(j);
    if (!args.json) print_report(p, r, certificate_files);
  }
  if (args.json) print_json_results(results, "problems");
  if (!any_version) status = any_unknown ? ExitUnknown : ExitClaimFalse;
  return status;
}

// The manual beyond the options: `arbiter correct --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* CorrectHelp = R"help(The space (solver/correct/edit.h, edit_space.h), each edit costing 1:
  edit                               written        flag
  a unit added on an empty square    +wPf4          --max-units
  a unit removed                     -bPc6          --max-removals
  a unit moved to an empty square    Qf6->f8        --max-moves (any non-royal unit),
                                                    --relocate f6=f8,f5 (only there)
  a unit's colour or type changed    bPc6=wP        --max-changes
  Option Chess: one side's tokens    wTokens:3->1   --max-token-edits
Kings are never edited and pawns never reach rank 1 or 8. Castling rights follow the board.

Cheapest first: every set of cost c is judged before any of cost c+1, so the first versions found
are the cheapest. Within a cost, sets grow from the nearest candidates of the cost below (cooked
before refuted before illegal) with the edits that touch or attack their failure (the key, its
refutation, a cook, the kings' fields) first. Ordering never skips anything.

What a version keeps, checked cheapest first (candidate_judge.h): the composer's legality checks;
the [EngineLine]; every stated legality, check and mate; the published key as the key (and with the
captures it is written with); every stated outcome further along (tries, refutations, forced mates);
soundness: no shorter solution and no other key (the composer's Assessor, without its quiet-key
taste). Selfmates likewise with the selfmate search. Helpmates: every published line a solution,
exactly the stated number, none short. Each version is then solved again completely; one the
complete solve does not confirm is never printed. The published lines need not be legal on the
stated diagram (it may be the damaged one).

Pruning (pruning.h), each rule with why nothing sound is skipped and a test that builds a case
beside what it skips (tests/engines/correct_test.cpp): one-edit-per-square, same-position,
no-pawn-on-back-rank, standing-check. The rule "a unit added away from the refutation's lines cannot
matter" is not used: a test shows a corpus #2 whose only repair is such a unit.

Output: the space by edit kind and cost level (sets, built, judged, skipped by rule, covered or
not), the counts per failure, the key's refutations, then the versions, cheapest first, each with
its edits, FEN, full solution and, with --certificates DIR, its proof certificate (version-P-N.json,
accepted by check-certificate). With none: "no sound version exists in this space" only when every
level was covered, otherwise "none found in the part covered", and the best candidate with what
fails in it. A terminal shows progress.

Limits: --max-seconds and --max-nodes bound the whole search, the fresh solve of each version found
included (a version whose solve a limit stopped is neither kept nor dropped: it counts as unknown);
--candidate-nodes bounds one candidate, which is then unknown and leaves its level uncovered. SIGINT
stops the search as a limit does (limit "interrupted (SIGINT)", exit 3).)help";

}  // namespace

void add_correct_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "correct",
      "Search for sound versions of a problem whose diagram is lost or damaged. The space: sets of edits of the\n"
      "stated diagram (units added, removed, moved, changed in colour or type; Option Chess tokens), each edit\n"
      "costing 1, one edit per square, searched cheapest first. A version keeps the published key as the key,\n"
      "every stated outcome of the published solution, the [EngineLine], the composer's legality checks, and is\n"
      "sound (one key, no cook, no shorter solution), proved afresh by a complete solve with a certificate.\n"
      "Kinds: with no kind flag every kind up to --max-cost (default 1); otherwise only the kinds given, and\n"
      "--max-cost defaults to the sum of their caps.\n"
      "Exit status: 0 a sound version, 1 none exists in the space (all of it covered), 3 none found in the part\n"
      "covered (a limit or SIGINT stopped the search: what was found is printed, marked partial), 2 bad input.");
  cmd->footer(CorrectHelp);
  auto args = std::make_shared<Args>();
  add_problem_options(cmd, args->input);
  cmd->add_option("--relocate", args->relocate, "SQ=SQ[,SQ...]: the unit on SQ may stand on the listed squares instead (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--max-units", args->max_units, "Units added at most")->check(CLI::Range(0, 8));
  cmd->add_option("--max-removals", args->max_removals, "Units removed at most")->check(CLI::Range(0, 8));
  cmd->add_option("--max-moves", args->max_moves, "Units moved at most, any non-royal unit to any empty square")->check(CLI::Range(0, 8));
  cmd->add_option("--max-changes", args->max_changes, "Colour or type changes at most")->check(CLI::Range(0, 8));
  cmd->add_option("--max-token-edits", args->max_token_edits, "Option Chess: token counts changed at most (one per side)")
      ->check(CLI::Range(0, 2));
  cmd->add_option("--max-cost", args->max_cost, "Total cost of a version at most (each edit costs 1)")->check(CLI::Range(0, 8));
  cmd->add_option("--max-versions", args->max_versions, "Stop after this many versions (default 0: every version of the cheapest cost)")
      ->check(CLI::NonNegativeNumber);
  add_search_limits(cmd, {.scope = "the whole search",
                          .max_seconds = &args->max_seconds,
                          .max_nodes = &args->max_nodes,
                          .threads = &args->threads,
                          .threads_help = "Prover threads for the complete re-solve of each version found; the candidates\n"
                                          "themselves are judged one at a time, so the versions and their order are the same"});
  cmd->add_option("--candidate-nodes", args->candidate_nodes,
                  "Node limit for one candidate's searches (default 20000000; a candidate over it is unknown, 0: none)");
  cmd->add_option("--certificates", args->certificates, "Write each version's proof certificate into this folder");
  cmd->add_flag("--json", args->json,
                "Print JSON: bases, max_units, max_cost, single_edits, levels [{cost, sets, sets_exact, built, judged,\n"
                "pruned, unknown, complete}], pruning_rules, examined, illegal_positions, engine_line_fails, stated_outcomes_fail,\n"
                "key_refuted, later_lines_fail, short_solutions, cooked, unknown, unconfirmed, key_refutations,\n"
                "sound [{changes, cost, fen, stage, keys, solution_text, certificate, ...}], cheapest_proved,\n"
                "space_covered, limit, partial (true when a limit stopped it), best, nodes, seconds");
  cmd->callback([args, &status] { status = guarded_search("correct", [&] { return run_correct(*args); }); });
}

}  // namespace arbiter::cli
