// arbiter verify FILE [--json] [--max-nodes N] [--max-seconds S] [--problem K]

#include <iostream>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/core/stop.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/cli/search_limits.h"
#include "solver/prover/transposition_table.h"
#include "solver/cli/problem_input.h"
#include "solver/prover/solution_format.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

using problem::SolveUnit;
using problem::published_for_twin;
using problem::set_stipulation;
using problem::solve_units;
using problem::unit_heading;

namespace {

struct Args {
  ProblemArgs input;
  bool json = false;
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;
  std::size_t hash_mb = prover::default_hash_megabytes();
  int threads = prover::default_threads();
};

nlohmann::ordered_json report_json(const problem::Problem& p, const SolveUnit& unit, const prover::VerifyReport& r) {
  nlohmann::ordered_json j;
  j["verdict"] = r.verdict();  // confirmed | unsound | refuted | unknown
  prover::add_partial_json(r.solution, j);
  if (!problem::single_unit(p)) {
    j["twin"] = unit.label;
    j["description"] = unit.description;
    if (p.duplex != problem::Duplex::No) j["colours_exchanged"] = unit.colours_exchanged;
  } else {
    j["file"] = p.file;
    j["problem"] = p.number;
  }
  j["stipulation"] = unit.stipulation.text;
  j["fen"] = unit.fen;
  if (!p.interpretations.empty()) j["interpretations"] = interpretations_json(p.interpretations);
  j["published_key"] = r.has_published ? nlohmann::ordered_json(r.published_key) : nlohmann::ordered_json(nullptr);
  j["published_key_is_key"] = r.published_key_is_key;
  j["published_plies_checked"] = r.published_plies;
  j["confirmed"] = r.confirmed();
  j["sound"] = r.sound();
  j["proof"] = prover::verdict_name(r.solution.verdict);
  j["keys"] = nlohmann::ordered_json::array();
  j["keys_uci"] = nlohmann::ordered_json::array();
  for (const auto& k : r.solution.keys) {
    j["keys"].push_back(k.san);
    j["keys_uci"].push_back(k.uci);
  }
  if (prover::has_lines(r.solution)) {
    const auto sj = prover::solution_json(r.solution);
    j["solutions"] = sj["solutions"];
    j["solutions_text"] = sj["solutions_text"];
    j["solution_count"] = sj["solution_count"];
  }
  j["shortest"] = r.solution.shortest;
  j["findings"] = nlohmann::ordered_json::array();
  for (const auto& f : r.findings) {
    nlohmann::ordered_json fj = {{"kind", f.kind}, {"message", f.message}};
    if (f.where.line > 0) fj["line"] = f.where.line, fj["column"] = f.where.column;
    j["findings"].push_back(fj);
  }
  j["claims"] = nlohmann::ordered_json::array();
  for (const auto& c : r.claims) {
    nlohmann::ordered_json cj = {{"move", c.move}, {"claim", c.claim}, {"holds", c.holds}};
    if (!c.detail.empty()) cj["detail"] = c.detail;
    if (c.where.line > 0) cj["line"] = c.where.line, cj["column"] = c.where.column;
    j["claims"].push_back(cj);
  }
  j["nodes"] = r.solution.nodes;
  j["seconds"] = r.solution.seconds;
  return j;
}

void print_report(const prover::VerifyReport& r) {
  std::cout << describe_verdict(r.solution) << "\n";
  if (r.solution.verdict == prover::Verdict::Unknown) {
    std::cout << partial_line(r.solution.reason);
    if (!r.solution.open_moves.empty() || !r.solution.solutions_so_far.empty())
      std::cout << prover::format_solution_text(r.solution);  // "so far: ..."
  }
  if (prover::has_lines(r.solution) && !r.solution.solutions.empty())
    std::cout << prover::format_solution_text(r.solution);
  // Unknown: the published key was not judged (nothing is claimed of it).
  if (r.has_published && !prover::has_lines(r.solution) && r.solution.verdict != prover::Verdict::Unknown)
    std::cout << fmt::format("published key 1.{}: {}; {} published plies checked\n", r.published_key,
                             r.published_key_is_key ? "a key" : "NOT a key", r.published_plies);
  if (!r.claims.empty()) {
    int holding = 0;
    for (const auto& c : r.claims) holding += c.holds;
    std::cout << fmt::format("stated outcomes: {} checked, {} hold, {} fail\n", r.claims.size(), holding,
                             r.claims.size() - std::size_t(holding));
    for (const auto& c : r.claims) {
      if ((c.claim == "legal" || c.claim == "solution") && c.holds) continue;  // listed only when it fails
      std::cout << fmt::format("  {:<5} {:<16} {}{}{}\n", c.holds ? "holds" : "FAILS", c.move, c.claim,
                               c.detail.empty() ? "" : ": ", c.detail);
    }
  }
  for (const auto& f : r.findings) {
    std::cout << "  " << f.kind << ": " << f.message;
    if (f.where.line > 0) std::cout << fmt::format(" ({}:{}:{})", f.where.file, f.where.line, f.where.column);
    std::cout << "\n";
  }
}

int status_of(const std::string& verdict) {
  return verdict == "confirmed" ? ExitOk : verdict == "unknown" ? ExitUnknown : verdict == "bad-input" ? ExitBadInput : ExitClaimFalse;
}

int run_verify(const Args& args) {
  auto problems = load_problem_entries(args.input);
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  int status = ExitOk;
  ProblemTally tally("confirmed", "refuted or unsound");
  for (auto& given : problems) {
    problem::mark_unverifiable(given);
    const problem::Problem& p = given;
    const int problem_status = play_problem("verify", p, args.json, results, [&] {
      const VariantEngines& rules = find_variant(p.variant, p.where);
      const PgnLine no_solution;
      const PgnLine& published = p.published ? p.published->moves : no_solution;
      if (!args.json) std::cout << problem_heading(p);
      nlohmann::ordered_json twins = nlohmann::ordered_json::array();
      std::string worst = "confirmed";
      int problem_status = ExitOk;
      for (const auto& unit : solve_units(p)) {
        if (unit.illegal) {  // bad input for this twin alone: the others are verified
          problem_status = worse_status(problem_status, report_illegal_twin("verify", unit, args.json, twins));
          worst = "bad-input";
          continue;
        }
        prover::SolveOptions options;
        set_stipulation(options, unit.stipulation, p.set_play, p.set_play_en_passant);
        options.build_tree = false;
        options.limits = {args.max_nodes, args.max_seconds, args.hash_mb};
        options.threads = args.threads;
        if (progress_wanted())
          options.progress = [](int done, int total, const std::string& move) { report_progress(done, total, move); };
        // Published lines are the stated colours' (Popeye input publishes none).
        const PgnLine mine = unit.colours_exchanged ? PgnLine() : unit.label.empty() ? published : published_for_twin(published, unit.label);
        // One deadline for the unit's solve and the check of its published lines.
        const stop::Deadline deadline(args.max_seconds);
        prover::VerifyReport r = rules.verify(unit.fen, p.fen_location, options, mine, p.interpretations);
        const std::string verdict = r.verdict();
        const int was = status_of(worst), now = status_of(verdict);
        if ((now != was && worse_status(was, now) == now) || (verdict == "refuted" && worst == "unsound")) worst = verdict;
        problem_status = worse_status(problem_status, status_of(verdict));
        auto j = report_json(p, unit, r);
        if (problem::single_unit(p)) results.push_back(j);
        else twins.push_back(j);
        if (args.json) continue;
        std::cout << unit_heading(unit);
        print_report(r);
        std::cout << "verify: " << verdict << "\n\n";
      }
      if (!twins.empty()) {
        bool confirmed = true, sound = true;
        for (const auto& t : twins)  // an illegal twin (bad input) is neither
          confirmed = confirmed && t.value("confirmed", false), sound = sound && t.value("sound", false);
        results.push_back({{"verdict", worst}, {"file", p.file}, {"problem", p.number}, {"stipulation", p.stipulation.text},
                           {"fen", p.fen}, {"confirmed", confirmed}, {"sound", sound}, {"twins", twins}});
        if (!args.json) std::cout << "verify (all twins): " << worst << "\n\n";
      }
      return problem_status;
    });
    tally.add(problem_status);
    status = worse_status(status, problem_status);
  }
  if (!args.json && tally.size() > 1) std::cout << tally.summary();
  if (args.json) print_json_results(results, "problems");
  return status;
}

// The manual beyond the options: `arbiter verify --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* VerifyHelp = R"help(Direct mates and selfmates: every published line must stay in the proof (each attacker move keeps a
forced mate within the moves left, a move marked # is mate, each {threat: ...} works); other keys
(cooks, or beside a wrong published key, the actual-key) and keys mating faster than stipulated
(short solutions) are findings.

Helpmates: the published solution is its set of lines (the main line and every variation to its
end): each must be a solution (not-a-solution otherwise); a solution found but not published is a
cook; fewer than stated is too-few-solutions; a short solution is a finding. "Sound" for a helpmate
means exactly as many solutions as stated (one when none is stated), none short.

Every other genre solve plays (issue #34): battle play towards another goal and reflex play (=N,
s=N, r#N, semi-r#N, ...) as direct mates and selfmates, the goal in place of mate; help play of
any goal, help-self and help-reflex play (h=N, hs#N, hr#N) and series play (ser-#N, ser-h=N, ...)
as helpmates. A published series line writes the series side's moves one after the other, the
other side passing between them ("1.g7 2.g8=Q 3.Qg2 4.Qb2#"), then in help series the other
side's last move.

Structured stipulations (Popeye's sstipulation, and the forms read as one: parry series, pser-h#N,
series self and reflex play, ...): the solve is checked against what the problem states, its lines
(help and series play) or keys (battle play); a solution beyond the stated count (one when none is
stated) is a cook; in parry series (pser-#N, battle play printed as lines) the count is of keys, the
lines under a key its variations. Published lines (PGN problems, [Stipulation "ser-s#3"]): where the
passes fall is the tree's to say, so each published line, main line and variations, is read beside
the lines found, move by move in the position that line reaches; one that matches none is not a
solution (an illegal move where its first unmatched move is illegal where the line sharing its start
reaches, with or without a pass), lines
found and not published are cooks (parry series: under an unpublished key). Battle play printed
as keys (exact-#N, exact-s#N, exact-r#N, ...): the published key and its play, followed move by move
through the tree (a move that reaches a fork of battle play goes on in that branch: an exact-r#N's
forced mate); each move of the side that must solve must keep it solved in the moves left, stated
threats must work, tries fail. A root of '&' or '|' whose parts print keys and lines: each part
that holds against its own count (a second key or solution is a cook, named with its part).

Twins: each twin is verified against the published lines labelled for it ({b)} before the line's
first move), and the JSON has "twins", one report per twin.

Stated outcomes: every published move's stated outcome is checked too and listed (JSON "claims"):
legal or {illegal}, + check, # mate, ? try, ! refutation of a try, and each attacker move's forced
mate (with the defence that escapes when it fails); see puzzles/option/README.md.

--json also gives file, problem, stipulation, fen, proof (the solve's verdict),
published_plies_checked, and for helpmates solutions, solutions_text and solution_count.)help";

}  // namespace

void add_verify_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "verify",
      "Compare a problem's published solution with the proof: the published key must be a key, every\n"
      "published line must stay within the proof (each attacker move keeps a forced mate in the moves left,\n"
      "marked mates are mates, stated threats work); cooks (other keys) and short solutions are findings.\n"
      "Verdicts: confirmed (published solution holds and the problem is sound), unsound (it holds, but there\n"
      "are cooks or a short solution), refuted (the published solution or the stipulation fails), unknown.\n"
      "Exit status: 0 confirmed, 1 unsound or refuted, 3 unknown (a limit, or SIGINT: what was proved so far is\n"
      "printed, marked partial), 4 unsupported (named), 2 bad input; a file of several problems: one result\n"
      "per problem, a summary line, the worst status.");
  cmd->footer(VerifyHelp);
  auto args = std::make_shared<Args>();
  add_problem_options(cmd, args->input);
  add_search_limits(cmd, {.scope = "each problem (each twin): the solve and the published lines",
                          .max_seconds = &args->max_seconds,
                          .max_nodes = &args->max_nodes,
                          .threads = &args->threads,
                          .threads_help = "Threads sharing out the first moves, with one transposition table; the verdict\n"
                                          "and findings are the same for any number",
                          .hash_mb = &args->hash_mb});
  cmd->add_flag("--json", args->json,
                "Print JSON: verdict, published_key, published_key_is_key, confirmed, sound, keys, keys_uci,\n"
                "shortest, findings [{kind, message, line, column}], claims [{move, claim, holds, detail, line,\n"
                "column}], nodes, seconds");
  cmd->callback([args, &status] { status = guarded_search("verify", [&] { return run_verify(*args); }); });
}

}  // namespace arbiter::cli
