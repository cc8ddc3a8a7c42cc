// arbiter diagram [--variant V] --fen FEN [--play MOVE...] [--show MOVE...] [--title T] [--caption C] [--svg FILE]

#include <iostream>
#include <memory>

#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

namespace {

struct Args {
  std::string variant = "orthodox";
  std::string fen{StartFen};
  std::vector<std::string> play, show;
  std::string title, caption, svg;
  bool flipped = false;
  std::vector<std::string> interpret;
};

int run_diagram(const Args& args) {
  const VariantEngines& rules = find_variant(args.variant);
  report::DiagramSpec spec;
  spec.title = args.title;
  spec.caption = args.caption;
  spec.flipped = args.flipped;
  const std::string svg = rules.svg(args.fen, {"--fen", 1, 1}, args.play, args.show, spec,
                                    interpretations_from(args.interpret));
  if (args.svg.empty()) std::cout << svg;
  else write_file_atomically(args.svg, svg);
  return ExitOk;
}

// The manual beyond the options: `arbiter diagram --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* DiagramHelp = R"help(The diagram (solver/diagram/svg_diagram.h) is the position after the --play moves, with the --show
moves drawn as arrows (a double move's second half in its own colour, a piece's first stop marked).
Option Chess tokens are drawn beside the board, and a legend explains everything drawn. Each rule
set's state is drawn: Time Traveler's traveling (~, blue) and traveled (', purple) men;
Transactional Chess locked squares per side, pending moves (dotted arrows), pieces moved in an
uncommitted transaction (T5 badges) and translucent ghosts where the other side still sees them,
with the view drawn named in the caption; Conditional Chess the phase in the caption and, for a
statement shown with --show in phase C, the condition square and the then/else arrows.)help";

}  // namespace

void add_diagram_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("diagram", "Draw a position as an SVG diagram (for reports), with moves shown as arrows.");
  cmd->footer(DiagramHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("--variant", args->variant, "Rules: orthodox (default), option, timetravel, transactional, conditional, fairy");
  cmd->add_option("--fen", args->fen, "Position in FEN (default: the start position)");
  cmd->add_option("--play", args->play, "Moves to play first, in the variant's notation (repeatable)")->allow_extra_args(false);
  cmd->add_option("--show", args->show, "Moves to draw as arrows from there (repeatable)")->allow_extra_args(false);
  cmd->add_option("--title", args->title, "Title above the board");
  cmd->add_option("--caption", args->caption, "Caption below the board");
  add_interpret_option(cmd, args->interpret);
  cmd->add_flag("--flipped", args->flipped, "Black at the bottom");
  cmd->add_option("--svg", args->svg, "Write the SVG to this file (written whole or not at all) instead of stdout");
  cmd->callback([args, &status] { status = guarded("diagram", [&] { return run_diagram(*args); }); });
}

}  // namespace arbiter::cli
