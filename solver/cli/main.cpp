// arbiter: formal rules checker and problem solver for chess variants.

#include <exception>
#include <iostream>

#include "solver/cli/commands.h"
#include "solver/version.h"

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
