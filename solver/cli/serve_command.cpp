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
std::string default_state_dir() {
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

}  // namespace

void add_serve_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("serve", "Arbiter Studio: the board, solver, replay and Transactional referee in a browser (see README).");
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
