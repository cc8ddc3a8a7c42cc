// arbiter: formal rules checker and problem solver for chess variants.

#include <exception>
#include <iostream>

#include "solver/cli/commands.h"
#include "solver/version.h"

namespace {

// What holds for every subcommand; each subcommand's own --help says the rest.
constexpr const char* CommonHelp = R"help(Every verdict of the prover is proved, refuted or unknown with its reason; nothing else is printed
as a result. Bad input names the file, line and column and what was expected there. Each command's
--help documents it; solver/cli/COMMANDS.md holds them all.

Limits and interrupts: the commands that search (solve, verify, correct, compose, regress) take
--max-seconds S and end by 1.1 S plus the process's start-up (about 0.1 s; measured figures in
reports/reliability.md), Time Traveler's Chess with its Z3 grammar checks included: the prover polls
its clock about every millisecond whatever a node costs, Time Traveler's Chess move generation polls
it between candidates, one deadline is shared by every search of a run (threads, the tree, the
published lines, a correction's fresh solve), and a Z3 check inside a search gets no more than the
deadline leaves (rules/core/stop.h). The limit bounds: solve and verify, each problem (each twin);
correct, each problem's whole search; compose, the whole run; regress, each problem run. A limit
reached gives unknown with its reason and exit status 3, and what was found before it is printed,
marked partial: a line "partial: the search stopped (REASON); ..." in text, and in JSON "partial":
true with "limit" (time, nodes, interrupted; correct keeps its limit text and adds partial; compose
adds both beside stopped_by). SIGINT (Ctrl-C) stops these commands the same way within milliseconds
(a Z3 check in flight finishes first: milliseconds, at most its 2 s timeout): the command prints
what it proved so far, marked partial with the reason "interrupted (SIGINT)", and exits with status
3. A second SIGINT ends the process at once. The other commands keep the default: SIGINT ends them.

Input bounds: PGN variations nest at most 100 deep (deeper is bad input naming the file, line and
column), a JSON certificate or baseline at most 256 levels, replay holds one game at a time (a file
of 10,000 games: about 20 MB), and no reader recurses on a depth the input chooses.
reports/reliability.md gives the memory caps and the peak memory measured on adversarial inputs.

Interpretations: every command that applies rules (perft, replay, solve, verify, correct,
check-certificate, diagram, explain, referee, regress, compose) takes --interpret ID=CHOICE,
repeatable: a named interpretation of an ambiguous rule text (arbiter interpretations lists them;
rules/README.md). A game record or problem file may pin choices in a tag, [Interpret
"option.castling-in-double=either-half; orthodox.castling-guarded-squares=referee-text"];
--interpret wins over a pin. An unknown id or choice is bad input (exit 2) naming the file, line and
column of the tag, and the ids or choices known. JSON outputs add "interpretations" ({id: choice})
when any is set; solve --certificate records them in the certificate and check-certificate applies
them.)help";

}  // namespace

int main(int argc, char** argv) {
  using namespace arbiter::cli;
  CLI::App app{"Arbiter: a formal rules checker and problem solver for chess variants.\n"
               "Exit status: 0 success, 1 a checked claim is false (an illegal move, a refuted stipulation),\n"
               "2 bad input or usage, 3 unknown (a solver limit was reached before a verdict).",
               "arbiter"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("arbiter ") + arbiter::ArbiterVersion);
  int status = ExitOk;
  add_perft_command(app, status);
  add_replay_command(app, status);
  add_solve_command(app, status);
  add_popeye_command(app, status);
  add_verify_command(app, status);
  add_check_certificate_command(app, status);
  add_correct_command(app, status);
  add_compose_command(app, status);
  add_diagram_command(app, status);
  add_explain_command(app, status);
  add_referee_command(app, status);
  add_interpretations_command(app, status);
  add_regress_command(app, status);
  add_report_command(app, status);
  add_batch_command(app, status);
  add_batch_report_command(app, status);
  add_serve_command(app, status);
  add_bench_command(app, status);
  // Set after the subcommands: CLI11 copies a parent's footer into each subcommand made after it.
  app.footer(CommonHelp);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return ExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "arbiter: " << e.what() << "\n";
    return ExitBadInput;
  }
  return status;
}
