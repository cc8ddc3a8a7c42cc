// arbiter popeye FILE [--max-seconds S] [--threads N] [--max-nodes N] [--hash MB]
// Reads Popeye input and writes Popeye's output: a Popeye front end may run Arbiter in its place.
// solve --format popeye prints the same (popeye_run.h).

#include <iostream>
#include <memory>

#include <fmt/core.h>

#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/cli/popeye_run.h"
#include "solver/cli/problem_input.h"
#include "solver/cli/search_limits.h"
#include "solver/problem/popeye_problem_output.h"

namespace arbiter::cli {

namespace popeye = problem::popeye;

namespace {

struct Args {
  std::string file;
  PopeyeRunLimits limits;
};

}  // namespace

int write_popeye_output(const std::vector<problem::Problem>& problems, const PopeyeRunLimits& limits) {
  int status = ExitOk;
  nlohmann::ordered_json unused;
  for (const auto& given : problems) {
    problem::Problem p = given;
    // The layout is written for orthodox men: a position of fairy men ("(G)") is named, not misdrawn.
    if (p.playable() && p.fen.find('(') != std::string::npos)
      p.unsupported.push_back("Popeye's layout of fairy men (solve and verify play the problem)");
    const int problem_status = play_problem("popeye", p, false, unused, [&] {
      const auto written = popeye::write_popeye_problem(p, limits, std::cout);
      // A twin with an illegal position: nothing under its label (as Popeye), bad input here.
      for (const auto& e : written.illegal_twins) std::cerr << "arbiter popeye: " << e.what() << "\n";
      return written.illegal_twins.empty() ? exit_for(written.worst) : ExitBadInput;  // bad input is the worst status
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
tree), Try, NoThreat, SetPlay (in direct mates and selfmates too: the defences as if the attacker
passed), PostKeyPlay (the diagram is after the key: its threat and defences, "refutes." under a
defence that escapes); and those that change who plays: WhiteToPlay (h#4 solved and printed
as h#3.5), Duplex (each twin's lines, then a blank line and its lines with the roles exchanged;
"Duplex" below the stipulation) and HalfDuplex (the exchanged roles only); and Quodlibet (self
and reflex play towards any goal also won by the attacker's own goal move, marked "#=", "z", ...),
GoalIsEnd (the goal ends the play whichever side reaches it: c81 and the other goals),
StopOnShortSolutions (help, help-self and series play: the shortest solutions alone, when shorter
than stated; "Partial solution"), Threat and MaxFlightsquares (attacker moves that
threaten too slowly or leave too many flights are refuted; the stipulation line says "#6/1").
Lines come in Arbiter's move-generation order, which may differ
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
