#pragma once
// arbiter serve: the studio's HTTP server (Debian's cpp-httplib). It serves the pages of
// solver/studio/web/ and the JSON API of solver/studio/API.md over the engines of
// solver/variants/registry.h: positions and moves, replay, long jobs in child processes (jobs.h), and the
// Transactional referee (referee_games.h). Every input goes through the command line's own
// readers, so bad input gets their file:line:col messages.

#include <functional>
#include <memory>
#include <string>

namespace arbiter::studio {

struct StudioOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                 // 0: any free port
  std::string state_dir;           // referee games and job folders
  std::string web_dir;             // the pages
  std::string puzzles_dir;         // what a regress job checks
  std::string program;             // the arbiter executable that runs the jobs
  int max_jobs = 2;                // long jobs running at once
  std::size_t max_body = 1 << 20;  // bytes of a request body
};

class StudioServer {
 public:
  explicit StudioServer(StudioOptions options);
  ~StudioServer();
  StudioServer(const StudioServer&) = delete;
  StudioServer& operator=(const StudioServer&) = delete;

  // Binds (throws std::runtime_error naming host and port when it cannot); the port bound.
  int bind();
  // Serves until stop() (from another thread or a signal handler's thread).
  void serve();
  void stop();
  // Games that could not be resumed from the state folder, one line each.
  const std::vector<std::string>& warnings() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::studio
