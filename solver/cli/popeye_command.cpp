// arbiter popeye FILE [--max-seconds S] [--threads N] [--max-nodes N] [--hash MB]
// Reads Popeye input and writes Popeye's output: a Popeye front end may run Arbiter in its place.
// solve --format popeye prints the same (popeye_run.h).

#include <iostream>
#include <memory>

#include <fmt/core.h>

#include "rules/core/stop.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/cli/popeye_run.h"
#include "solver/cli/problem_input.h"
#include "solver/cli/search_limits.h"
#include "solver/problem/popeye_board.h"
#include "solver/problem/popeye_layout.h"
#include "solver/problem/popeye_position_solver.h"
#include "solver/problem/popeye_twin_label.h"
#include "solver/prover/limits.h"
#include "solver/prover/transposition_table.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

namespace popeye = problem::popeye;

namespace {

struct Args {
  std::string file;
  PopeyeRunLimits limits;
};

// One problem or twin, solved and printed; false when a limit cut it.
bool solve_and_print(const PopeyeRunLimits& args, const problem::Problem& p, const problem::SolveUnit& unit, const VariantEngines& rules,
                     const popeye::LayoutOptions& layout, int& status) {
  prover::SolveOptions options;
  problem::set_stipulation(options, unit.stipulation, p.set_play);
  options.tries = layout.tries;
  options.limits = {args.max_nodes, args.max_seconds, args.hash_mb};
  options.threads = args.threads;
  // The unit's limit covers its solve and the layout's own searches (threats, tries' trees).
  const stop::Deadline deadline(args.max_seconds);
  prover::Solution s = rules.solve(unit.fen, p.fen_location, options, p.interpretations);
  status = std::max(status, exit_for(s.verdict));
  const auto solver = popeye::engine_position_solver(rules, p.interpretations, {args.max_nodes, 0, args.hash_mb});
  try {
    std::cout << popeye::format_popeye_solution(s, layout, solver);
  } catch (const prover::LimitReached&) {  // the tree could not be completed: the keys alone
    s.tree_complete = false;
    std::cout << popeye::format_popeye_solution(s, layout, solver);
    status = std::max(status, ExitUnknown);
    return false;
  }
  return s.verdict != prover::Verdict::Unknown && s.tree_complete;
}

}  // namespace

int write_popeye_output(const std::vector<problem::Problem>& problems, const PopeyeRunLimits& limits) {
  int status = ExitOk;
  nlohmann::ordered_json unused;
  for (const auto& p : problems) {
    const int problem_status = play_problem("popeye", p, false, unused, [&] {
      const VariantEngines& rules = find_variant(p.variant, p.where);
      const popeye::Language language = p.popeye.language;
      const auto options = p.tags.find("PopeyeOptions");
      const popeye::LayoutOptions layout = popeye::layout_options(options == p.tags.end() ? "" : options->second, language);
      std::cout << popeye::popeye_heading(p) << popeye::popeye_board(p.fen, language)
                << popeye::popeye_stipulation_line(p.stipulation.text, p.fen) << "\n";
      bool complete = true;
      int unit_status = ExitOk;
      const auto units = problem::solve_units(p);
      for (std::size_t i = 0; i < units.size(); ++i) {
        if (!p.twins.empty()) std::cout << popeye::popeye_twin_label(p.twins, i, language) << "\n\n";
        complete = solve_and_print(limits, p, units[i], rules, layout, unit_status) && complete;
        std::cout << "\n";
      }
      std::cout << popeye::popeye_closing_line(complete, language) << "\n\n\n";
      return unit_status;
    });
    status = worse_status(status, problem_status);
  }
  return status;
}

namespace {

int run_popeye(const Args& args) {
  ProblemArgs input;
  input.file = args.file;
  return write_popeye_output(load_problem_entries(input), args.limits);
}

constexpr const char* PopeyeHelp = R"help(Output as Popeye prints it, problem by problem: the heading (author, origin, award, title centred),
the board with the input language's piece letters, the stipulation line with the men count, twin
labels "a) ", "b) wBb8-->a7  ", the solution in Popeye's long algebraic notation and layout (keys
"1.Qe7-e8 !", threats, zugzwang, defences, tries with "but", helpmates one solution a line), and
"solution finished." (German "Loesung beendet.", French "solution terminee.") or "Partial solution"
when a limit cut it. The options of the input that shape the output are honoured: Variation (the
tree), Try, NoThreat, SetPlay. Lines come in Arbiter's move-generation order, which may differ
from Popeye's (solver/problem/README.md, "Popeye's solution layout"); no time is printed.
A problem Arbiter does not play prints its heading and "unsupported: ..." naming what it needs; a
malformed one is named on stderr; the others are solved. Exit status as for solve: the worst of the
problems' (0 proved, 1 refuted, 3 a limit reached, 4 unsupported, 2 bad input).)help";

}  // namespace

void add_popeye_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("popeye",
                                 "Read Popeye input and write Popeye's output (diagram, stipulation, solution in Popeye's\n"
                                 "layout and notation, 'solution finished.'), so a Popeye front end can run Arbiter.");
  cmd->footer(PopeyeHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Popeye input file")->required();
  add_search_limits(cmd, {.scope = "each problem (each twin)",
                          .max_seconds = &args->limits.max_seconds,
                          .max_nodes = &args->limits.max_nodes,
                          .threads = &args->limits.threads,
                          .threads_help = "Threads sharing out the first moves, with one transposition table; the output\n"
                                          "is the same for any number",
                          .hash_mb = &args->limits.hash_mb});
  cmd->callback([args, &status] { status = guarded_search("popeye", [&] { return run_popeye(*args); }); });
}

}  // namespace arbiter::cli
