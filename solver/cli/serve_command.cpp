// arbiter serve [--port P] [--host H] [--state DIR]: Arbiter Studio, the pages and JSON API of
// solver/studio/ (API.md), on the loopback by default. Built when Debian's cpp-httplib is
// installed (libcpp-httplib-dev); without it the command says so and exits 2.

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <pthread.h>
#include <thread>

#include <fmt/format.h>

#include "solver/batch/worker_process.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#ifdef ARBITER_HAVE_STUDIO
#include "solver/studio/studio_server.h"
#endif

namespace arbiter::cli {

namespace {

struct Args {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string state;
  std::string web;
  std::string puzzles;
  int max_jobs = 2;
  std::size_t max_body = 1 << 20;
};

// $XDG_STATE_HOME/arbiter-studio, else ~/.local/state/arbiter-studio, else ./arbiter-studio.
[[maybe_unused]] std::string default_state_dir() {  // unused when the studio is not built
  if (const char* x = std::getenv("XDG_STATE_HOME"); x && *x) return (std::filesystem::path(x) / "arbiter-studio").string();
  if (const char* h = std::getenv("HOME"); h && *h) return (std::filesystem::path(h) / ".local/state/arbiter-studio").string();
  return "arbiter-studio";
}

#ifdef ARBITER_HAVE_STUDIO
int run_serve(const Args& args) {
  studio::StudioOptions o;
  o.host = args.host;
  o.port = args.port;
  o.state_dir = args.state.empty() ? default_state_dir() : args.state;
  o.web_dir = args.web.empty() ? ARBITER_STUDIO_WEB_DIR : args.web;
  o.puzzles_dir = args.puzzles.empty() ? ARBITER_PUZZLES_DIR : args.puzzles;
  o.program = batch::WorkerProcess::self_program();
  o.max_jobs = args.max_jobs;
  o.max_body = args.max_body;
  // SIGINT and SIGTERM are taken by one thread, which stops the server: every other thread
  // (started after this) has them blocked, and the jobs' processes get them back (job_process.cpp).
  sigset_t stopping;
  sigemptyset(&stopping);
  sigaddset(&stopping, SIGINT);
  sigaddset(&stopping, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stopping, nullptr);
  std::signal(SIGPIPE, SIG_IGN);  // a page that went away mid-answer is the socket's error, not our end
  studio::StudioServer server(o);
  const int port = server.bind();
  for (const auto& w : server.warnings()) std::cerr << "arbiter serve: " << w << "\n";
  const std::string shown_host = o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
  std::cout << fmt::format("listening on http://{}:{}", shown_host, port) << std::endl;
  std::cerr << fmt::format("Arbiter Studio: pages from {}, games and jobs in {}; Ctrl-C stops\n", o.web_dir, o.state_dir);
  std::thread signals([&server, stopping] {
    int received = 0;
    sigwait(&stopping, &received);
    server.stop();
  });
  server.serve();
  // serve() may also end on its own (a socket error): wake the signal thread to let it finish.
  pthread_kill(signals.native_handle(), SIGTERM);
  signals.join();
  return ExitOk;
}
#else
int run_serve(const Args&) {
  throw std::runtime_error("this arbiter was built without the studio: install libcpp-httplib-dev (the README's set-up does) and build again");
}
#endif

// The manual beyond the options: `arbiter serve --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* ServeHelp = R"help(The first line printed is "listening on http://HOST:PORT" (with --port 0, the free port taken); open
that address in a browser. Four pages (solver/studio/web/: plain HTML, CSS and JavaScript modules,
no build step) over a JSON API documented in solver/studio/API.md; screenshots in reports/studio/:
- Board and play: any of the five rule sets from its start or a FEN; click a man to see its legal
  moves, click a target to play (several moves to one square, such as Option double moves,
  Transactional decisions, promotions or time travel, open a chooser); a move typed in the variant's
  notation (Conditional statements); an illegal attempt is refused with the name of the predicate
  that refused it (king-not-left-guarded, destination-not-locked, ...); undo; the line as PGN.
- Solve: set a position up (drag men from a palette, Option tokens, stipulation) or paste a PGN or
  Popeye problem; the solve runs as a job with a progress bar and a Cancel button; the solution tree
  is laid out as problemists read it (key, threat, defences and mates), each line shown on the
  board; the certificate downloads.
- Replay: open a PGN, step through it with each ply's verdict, the claims, errata and findings
  beside the board, and the SVG diagram with the variant's marks.
- Transactional referee: a new game gives two links, one a player; each opens that player's view
  only (committed view, his transactional view with his locks and pending moves, what the referee
  told him). The moves offered to a player are computed from what he knows (the opponent's pending
  transaction hidden), so even the list of legal moves tells nothing of the opponent's locks; a lock
  met is told to the player who met it. Games live in the server, saved to --state after every
  action, and go on after a reload or a server restart.

Long jobs (solve, verify, compose, regress, batch) are the command line's own commands in child
processes (the same JSON as --json), at most --max-jobs at once, with progress streamed to the page
(Server-Sent Events) and a cancel that interrupts them as Ctrl-C does (they print what they proved,
marked partial).

Security: the server listens on the loopback by default and answers only requests addressed to it
(no DNS rebinding); a player's link carries a 128-bit random token, and a token asking for the other
player's view gets 403; every input goes through the command line's readers (a malformed FEN, move
or PGN is 400 with the reader's NAME:LINE:COL message); a body over --max-body is 413; more jobs
than --max-jobs, 429.

The studio is built when CMake finds Debian's cpp-httplib (libcpp-httplib-dev; -DARBITER_STUDIO=OFF
leaves it out); without it this command says what to install and exits 2.)help";

}  // namespace

void add_serve_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("serve", "Arbiter Studio: the board, solver, replay and Transactional referee in a browser.");
  cmd->footer(ServeHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("--port", args->port, "TCP port (0: any free port; the first line printed names it)")->capture_default_str();
  cmd->add_option("--host", args->host, "Address to listen on; other than the loopback, anyone who reaches it can use it")
      ->capture_default_str();
  cmd->add_option("--state", args->state, "Folder for referee games and job files (default $XDG_STATE_HOME/arbiter-studio)");
  cmd->add_option("--web", args->web, "Folder of the pages (default the source tree's solver/studio/web)");
  cmd->add_option("--puzzles", args->puzzles, "What regress and batch jobs check (default the source tree's puzzles/)");
  cmd->add_option("--max-jobs", args->max_jobs, "Long jobs (solve, verify, compose, regress, batch) running at once")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--max-body", args->max_body, "Largest request body in bytes (413 above it)")
      ->check(CLI::Range(std::size_t(1024), std::size_t(1) << 30))
      ->capture_default_str();
  cmd->callback([args, &status] { status = guarded("serve", [&] { return run_serve(*args); }); });
}

}  // namespace arbiter::cli
