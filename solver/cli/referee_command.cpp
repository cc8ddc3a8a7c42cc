// arbiter referee --variant transactional [--fen FEN] [--white-in F --white-out F --black-in F
// --black-out F]: an interactive referee for Transactional Chess in the terminal, for two
// players at one keyboard (stdin/stdout) or two processes on pipes (each player's own input and
// output, e.g. FIFOs made with mkfifo).
//
// Input, one line per action of the player to move: a move in SAN with an optional decision,
// "Nc3", "Nxc7+ (C)", "a4 (R)", "T1: Nc3" (the transaction number is checked if given); or
// "view" (your transactional view), "committed" (the committed view), "help", "quit".
// Output lines are addressed: "White> ..." and "Black> ..." are for that player only, "All> ..."
// for both. A player sees only his own views, is told of his own lock encounters only, and
// learns of the opponent's moves only through commit announcements ("White has committed:
// Nb1-Nxc7+"); rollbacks are not announced.

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "rules/transactional/game.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/replay/diagram.h"
#include "solver/variants/transactional_referee.h"

namespace arbiter::cli {

namespace {

struct Args {
  std::string variant = "transactional";
  std::string fen{transactional::Game::start_fen};
  std::string white_in, white_out, black_in, black_out;
  std::vector<std::string> interpret;
};

const char* name(Color c) { return c == White ? "White" : "Black"; }

// Where each player's lines come from and go to: one shared terminal (lines addressed
// "White> ", "Black> ", "All> "), or a stream per player (unaddressed lines).
class Channels {
 public:
  explicit Channels(const Args& a) {
    const bool any = !a.white_in.empty() || !a.white_out.empty() || !a.black_in.empty() || !a.black_out.empty();
    if (!any) return;
    if (a.white_in.empty() || a.white_out.empty() || a.black_in.empty() || a.black_out.empty())
      throw std::runtime_error("referee: --white-in, --white-out, --black-in and --black-out go together");
    split_ = true;
    const std::string* ins[2] = {&a.white_in, &a.black_in};
    const std::string* outs[2] = {&a.white_out, &a.black_out};
    for (Color c : {White, Black}) {
      in_[c].open(*ins[c]);
      if (!in_[c]) throw std::runtime_error(fmt::format("referee: cannot read {}", *ins[c]));
      out_[c].open(*outs[c]);
      if (!out_[c]) throw std::runtime_error(fmt::format("referee: cannot write {}", *outs[c]));
    }
  }
  void say(Color to, const std::string& text) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      if (split_) out_[to] << line << std::endl;
      else std::cout << name(to) << "> " << line << "\n";
    }
  }
  void say_all(const std::string& text) {
    if (!split_) {
      std::cout << "All> " << text << "\n";
      return;
    }
    for (Color c : {White, Black}) out_[c] << text << std::endl;
  }
  bool read(Color from, std::string& line) { return bool(std::getline(split_ ? in_[from] : std::cin, line)); }

 private:
  bool split_ = false;
  std::ifstream in_[2];
  std::ofstream out_[2];
};

int run_referee(const Args& args) {
  if (args.variant != "transactional")
    throw ParseError({"--variant", 1, 1}, fmt::format("unknown variant '{}' for the referee: expected transactional", args.variant));
  transactional_referee::Session session(args.fen, {"--fen", 1, 1}, interpretations_from(args.interpret));
  const transactional::Game& game = session.game();
  Channels io(args);
  auto say = [&io](Color to, const std::string& text) { io.say(to, text); };
  auto say_all = [&io](const std::string& text) { io.say_all(text); };
  say_all("Transactional Chess referee. Moves in SAN with (C) to commit or (R) to roll back; 'view', 'committed', 'quit'.");
  say(session.to_move(), session.prompt());
  int line_number = 0;
  for (std::string line; io.read(session.to_move(), line);) {
    ++line_number;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty()) continue;
    const Color us = session.to_move();
    if (line == "quit") {
      say_all(fmt::format("{} leaves the game", name(us)));
      return ExitOk;
    }
    if (line == "help") {
      say(us, "a move in SAN, optionally followed by (C) or (R); view; committed; quit");
      continue;
    }
    if (line == "view" || line == "committed") {
      const Position p = line == "view" ? game.referee().transactional_view(us) : game.referee().committed_view();
      say(us, board_diagram(p));
      continue;
    }
    const std::string text = transactional_referee::Session::with_transaction(line, game.referee().transaction[us]);
    transactional_referee::Turn turn;
    try {
      turn = session.play_text(text, {name(us), line_number, 1});
    } catch (const ParseError& e) {
      say(us, fmt::format("not understood: {}", e.message()));
      continue;
    }
    if (!turn.played) {
      say(us, turn.met_lock ? turn.refusal : fmt::format("illegal: {}", turn.refusal));
      say(us, session.prompt());
      continue;
    }
    say(us, fmt::format("played {}", text));
    for (std::size_t i = 0; i < turn.announcement.size(); ++i)
      say(~us, i == 0 ? turn.announcement[i] : fmt::format("{:>{}}{}", "", 20, turn.announcement[i]));
    if (turn.decision == transactional::Decision::Commit) say(us, "committed");
    else if (turn.decision == transactional::Decision::Rollback) say(us, "rolled back");  // the opponent is not told
    if (turn.game_over) {
      say_all(*turn.game_over);
      return ExitOk;
    }
    say(session.to_move(), session.prompt());
  }
  say_all("input ended");
  return ExitOk;
}

// The manual beyond the options: `arbiter referee --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* RefereeHelp = R"help(It reads stdin and writes stdout, so two players can share one keyboard, or two processes can play
over pipes.

Input: each line is one action of the player to move, such as Nc3, Nxc7+ (C), Nb4 (R) or T1: Nc3; a
transaction number, if given, is checked. The commands view (your transactional view), committed
(the committed view), help and quit are also accepted.

Output: every line is addressed to "White> ", "Black> " or "All> ". A player sees only his own
views. Only the player who meets a lock is told of it ("that square is locked: try another move").
Commits are announced to the opponent as the text does it ("White has committed: Nb1-Nxc7+", then
one line per piece moved); rollbacks are not announced. The game ends with checkmate, stalemate, or
a commit into check.

With --white-in, --white-out, --black-in and --black-out (all four; files or FIFOs made with mkfifo)
each player has a stream of his own: the referee reads the side to move's next line from that
player's input and writes each player's messages, unaddressed, to that player's output, so two
programs can play each other.

Transactional records are checked by arbiter replay (gaps and errata) and counted by arbiter perft
--variant transactional; the rules as Arbiter reads them: rules/transactional/RULES.md.)help";

}  // namespace

void add_referee_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("referee", "Referee a Transactional Chess game in the terminal (stdin/stdout).");
  cmd->footer(RefereeHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("--variant", args->variant, "Rules: transactional");
  cmd->add_option("--fen", args->fen, "Start from this position (Transactional FEN: rules/README.md)");
  add_interpret_option(cmd, args->interpret);
  cmd->add_option("--white-in", args->white_in, "White's input (a file or FIFO); with the three others, one stream per player");
  cmd->add_option("--white-out", args->white_out, "White's output");
  cmd->add_option("--black-in", args->black_in, "Black's input");
  cmd->add_option("--black-out", args->black_out, "Black's output");
  cmd->callback([args, &status] { status = guarded("referee", [&] { return run_referee(*args); }); });
}

}  // namespace arbiter::cli
