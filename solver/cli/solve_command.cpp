// arbiter solve FILE [--tries] [--json] [--max-nodes N] [--max-seconds S] [--first-key]
//                    [--certificate OUT] [--problem K] [--hash MB]
// arbiter solve --fen FEN --stipulation '#N' [...]

#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/core/stop.h"
#include "solver/cli/commands.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/problem_input.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solution_format.h"
#include "solver/variants.h"

namespace arbiter::cli {

using problem::SolveUnit;
using problem::published_for_twin;
using problem::set_stipulation;
using problem::solve_units;
using problem::unit_heading;

namespace {

struct Args {
  ProblemArgs input;
  bool tries = false;
  bool refutations = false;
  bool json = false;
  bool first_key = false;
  bool no_tree = false;
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;
  std::size_t hash_mb = prover::default_hash_megabytes();
  int threads = prover::default_threads();
  std::string certificate;
  std::string certificate_if_proved;  // the studio's: a certificate when there is one, no error when not
};

int exit_for(prover::Verdict v) {
  switch (v) {
    case prover::Verdict::Proved: return ExitOk;
    case prover::Verdict::Refuted: return ExitClaimFalse;
    case prover::Verdict::Unknown: return ExitUnknown;
  }
  return ExitUnknown;
}

// One problem or one twin.
prover::Solution solve_unit(const Args& args, const problem::Problem& p, const SolveUnit& unit, const VariantEngines& rules) {
  prover::SolveOptions options;
  set_stipulation(options, unit.stipulation, p.set_play);
  options.tries = args.tries;
  options.refutations = args.refutations;
  options.first_key_only = args.first_key;
  options.build_tree = !args.no_tree || !args.certificate.empty() || !args.certificate_if_proved.empty();
  options.limits = {args.max_nodes, args.max_seconds, args.hash_mb};
  options.threads = args.threads;
  if (progress_visible(args.json) || progress_wanted())
    options.progress = [shown = progress_visible(args.json)](int done, int total, const std::string& move) {
      if (shown) std::cerr << fmt::format("\r  first move {}/{}: {:<10}", done + 1, total, move) << std::flush;
      report_progress(done, total, move);
    };
  // The limit is the unit's: every search of it (threads, the tree, Z3 calls) shares one deadline.
  const stop::Deadline deadline(args.max_seconds);
  prover::Solution s = rules.solve(unit.fen, p.fen_location, options, p.interpretations);
  if (progress_visible(args.json)) std::cerr << "\r" << std::string(40, ' ') << "\r" << std::flush;
  return s;
}

void print_solution(const prover::Solution& s) {
  std::cout << describe_verdict(s) << "\n";
  if (s.verdict == prover::Verdict::Unknown) std::cout << partial_line(s.reason);
  if (s.verdict == prover::Verdict::Proved || !s.tries.empty() || s.refutations_requested || !s.open_moves.empty() ||
      (s.goal == prover::Goal::HelpMate && (!s.solutions.empty() || !s.solutions_so_far.empty())))
    std::cout << prover::format_solution_text(s);
  if (!s.tree_note.empty()) std::cout << "(" << s.tree_note << ")\n";
  std::cout << fmt::format("{} nodes, {:.3f} s\n", s.nodes, s.seconds);
}

int run_solve(const Args& args) {
  auto problems = load_problems(args.input);
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  nlohmann::ordered_json certificates = nlohmann::ordered_json::array();
  bool certifiable = true;  // every unit so far proved with its whole tree
  int status = ExitOk;
  for (const auto& p : problems) {
    const VariantEngines& rules = find_variant(p.variant, p.where);
    if (!args.json) std::cout << problem_heading(p) << rules.diagram(p.fen, p.fen_location) << "\n";
    nlohmann::ordered_json twins = nlohmann::ordered_json::array();
    int problem_status = ExitOk;
    for (const auto& unit : solve_units(p)) {
      if (!args.json && !unit.label.empty()) std::cout << unit_heading(unit);
      prover::Solution s = solve_unit(args, p, unit, rules);
      problem_status = std::max(problem_status, exit_for(s.verdict));
      if (!args.certificate.empty() || !args.certificate_if_proved.empty()) {
        const bool proved = s.verdict == prover::Verdict::Proved && s.tree_complete;
        if (!proved && !args.certificate.empty())
          throw std::runtime_error("no certificate: " + (s.verdict == prover::Verdict::Proved ? s.tree_note : "nothing was proved"));
        certifiable = certifiable && proved;
      }
      if (certifiable && (!args.certificate.empty() || !args.certificate_if_proved.empty())) {
        auto c = prover::make_certificate(s);
        if (!unit.label.empty()) c["twin"] = unit.label;
        // The rules it was proved under travel with it, so check-certificate applies the same.
        if (!p.interpretations.empty()) c["interpretations"] = interpretations_json(p.interpretations);
        certificates.push_back(c);
      }
      if (args.json) {
        auto j = prover::solution_json(s);
        if (unit.label.empty()) {
          j["file"] = p.file;
          j["problem"] = p.number;
          results.push_back(j);
        } else {
          nlohmann::ordered_json t = {{"twin", unit.label}, {"description", unit.description}};
          t.update(j);
          twins.push_back(t);
        }
        continue;
      }
      print_solution(s);
      std::cout << "\n";
    }
    status = std::max(status, problem_status);
    if (args.json && !twins.empty()) {
      const prover::Verdict v = problem_status == ExitOk ? prover::Verdict::Proved
                                : problem_status == ExitUnknown ? prover::Verdict::Unknown
                                                                : prover::Verdict::Refuted;
      results.push_back({{"file", p.file}, {"problem", p.number}, {"verdict", prover::verdict_name(v)},
                         {"variant", p.variant}, {"fen", p.fen}, {"stipulation", p.stipulation.text}, {"twins", twins}});
    }
  }
  // --certificate: a failed run above threw before this point, so the file is written whole or
  // not at all; --certificate-if-proved: written only when every key was proved.
  const std::string certificate_file = !args.certificate.empty()                   ? args.certificate
                                       : certifiable && !certificates.empty() ? args.certificate_if_proved
                                                                              : std::string();
  if (!certificate_file.empty()) {
    const auto& out = certificates.size() == 1 ? certificates[0] : nlohmann::ordered_json{{"certificates", certificates}};
    write_file_atomically(certificate_file, out.dump(1) + "\n");
  }
  if (args.json) print_json_results(results, "problems");
  return status;
}

}  // namespace

void add_solve_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "solve",
      "Prove a stipulation. Direct mate '#N' and selfmate 's#N': every key (first move forcing mate in at\n"
      "most N against every defence) with its exact length, the threat and the full tree of defences.\n"
      "Helpmate 'h#N' / 'h#N.5': every solution. Twins are solved one by one, as a), b), ...\n"
      "Exit status: 0 proved, 1 refuted (no mate in N; a helpmate with fewer solutions than stated),\n"
      "3 unknown (a limit was reached, or SIGINT: what was proved so far is printed, marked partial), 2 bad input.");
  auto args = std::make_shared<Args>();
  add_problem_options(cmd, args->input);
  cmd->add_flag("--tries", args->tries, "Also list tries: first moves refuted by exactly one defence (1.Qf3? Nd4!)");
  cmd->add_flag("--refutations", args->refutations,
                "Classify every first move: keys as usual, and every other first move with a defence that refutes it");
  cmd->add_flag("--first-key", args->first_key,
                "Stop at the first proved key (checking lines first, then a full iterative search); the tree\n"
                "shown is that proof, and 'shortest' is exact only if shortest_exact says so");
  cmd->add_flag("--no-tree", args->no_tree, "Keys and verdict only, without the solution tree");
  cmd->add_option("--max-nodes", args->max_nodes, "Node limit (0: none); reaching it gives verdict unknown");
  cmd->add_option("--max-seconds", args->max_seconds,
                  "Time limit in seconds for each problem (each twin) (0: none); reaching it gives verdict unknown")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--threads", args->threads,
                  "Threads sharing out the first moves, with one transposition table (default: every core);\n"
                  "keys, trees, refutations and verdicts are the same for any number")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--hash", args->hash_mb,
                  "Transposition table size in MB (default: a sixteenth of the memory, 16 to 256; fixed, it never grows)")
      ->check(CLI::Range(1, 16384));
  cmd->add_option("--certificate", args->certificate,
                  "Write the proof tree of every key to this file (JSON), for arbiter check-certificate");
  cmd->add_option("--certificate-if-proved", args->certificate_if_proved,
                  "As --certificate when every key's proof is complete; otherwise no file and no error");
  cmd->add_flag("--json", args->json,
                "Print JSON: verdict, stipulation, keys, keys_uci, shortest, nodes, seconds, solution tree, ...\n"
                "(one object per problem; several problems: {\"problems\": [...]})");
  cmd->callback([args, &status] { status = guarded_search("solve", [&] { return run_solve(*args); }); });
}

}  // namespace arbiter::cli
