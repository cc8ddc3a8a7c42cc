#include "solver/batch/mpi_batch.h"
#include "solver/elapsed.h"

#include <stdexcept>

#ifdef ARBITER_HAVE_MPI
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

#include <mpi.h>

#include "rules/core/stop.h"
#include "solver/batch/worker_process.h"
#endif

namespace arbiter::batch {

#ifndef ARBITER_HAVE_MPI

bool built_with_mpi() { return false; }

BatchOutcome run_mpi_batch(BatchOptions, bool&) {
  throw std::runtime_error("--mpi: this arbiter was built without MPI (install libopenmpi-dev and rebuild)");
}

#else

namespace {

enum Tag : int { TagReady = 1, TagJob = 2, TagResult = 3, TagStop = 4 };


void send(const std::string& text, int to, Tag tag) {
  MPI_Send(text.data(), int(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// The next message from `from` (MPI_ANY_SOURCE: anyone), whatever its size.
std::string receive(int from, MPI_Status& status) {
  MPI_Probe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
  int size = 0;
  MPI_Get_count(&status, MPI_CHAR, &size);
  std::string text(std::size_t(size), '\0');
  MPI_Recv(text.data(), size, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

// Rank 0 writes results on a thread of its own, in arrival order, each in its transaction, so
// that answering the ranks never waits for the store: with many ranks and short problems the
// writes, not the messages, are rank 0's main cost (reports/benchmarks.md). A result waits here
// until written; if rank 0 dies first it is simply redone by the next run.
class WriteBehind {
 public:
  explicit WriteBehind(Dispatcher& dispatcher) : dispatcher_(dispatcher), thread_([this] { write(); }) {}
  ~WriteBehind() { finish(); }
  void push(const BatchJob& job, JobResult result) {
    {
      const std::lock_guard lock(mutex_);
      queue_.emplace_back(&job, std::move(result));
    }
    ready_.notify_one();
  }
  void finish() {
    {
      const std::lock_guard lock(mutex_);
      done_ = true;
    }
    ready_.notify_one();
    if (thread_.joinable()) thread_.join();
  }

 private:
  void write() {
    for (;;) {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return done_ || !queue_.empty(); });
      if (queue_.empty()) return;
      auto [job, result] = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      dispatcher_.record(*job, result);
    }
  }
  Dispatcher& dispatcher_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::pair<const BatchJob*, JobResult>> queue_;
  bool done_ = false;
  std::thread thread_;
};

BatchOutcome dispatch(const BatchOptions& options, int ranks) {
  const auto start = std::chrono::steady_clock::now();
  Dispatcher dispatcher(options);
  WriteBehind writer(dispatcher);
  const auto& jobs = dispatcher.jobs();
  std::vector<std::vector<std::size_t>> in_hand(static_cast<std::size_t>(ranks));
  std::size_t next = 0;
  double dispatch_seconds = 0;
  for (int active = ranks - 1; active > 0;) {
    MPI_Status status;
    const std::string message = receive(MPI_ANY_SOURCE, status);
    const auto handling = std::chrono::steady_clock::now();
    auto& parcel = in_hand[std::size_t(status.MPI_SOURCE)];
    if (status.MPI_TAG == TagResult) {
      const auto answer = nlohmann::json::parse(message);
      dispatcher.add_idle(answer.at("idle").get<double>());
      const auto& results = answer.at("results");
      for (std::size_t i = 0; i < parcel.size() && i < results.size(); ++i)
        writer.push(jobs[parcel[i]], job_result_from_json(results[i]));
      parcel.clear();
    }
    if (next < jobs.size() && !stop::requested()) {
      parcel = next_parcel(jobs, next);
      dispatcher.add_parcel();
      nlohmann::json files = nlohmann::json::array();
      for (const std::size_t i : parcel) files.push_back({{"file", jobs[i].file}, {"hang_seconds", dispatcher.hang_seconds(jobs[i])}});
      send(files.dump(), status.MPI_SOURCE, TagJob);
    } else {
      send("", status.MPI_SOURCE, TagStop);
      --active;
    }
    dispatch_seconds += seconds_since(handling);
  }
  writer.finish();
  return dispatcher.finish(seconds_since(start), dispatch_seconds);
}

void solve_for_dispatcher(const BatchOptions& options) {
  WorkerProcess worker(WorkerProcess::self_program(), worker_arguments(options));
  send("", 0, TagReady);
  auto waiting = std::chrono::steady_clock::now();
  for (;;) {
    MPI_Status status;
    const std::string message = receive(0, status);
    if (status.MPI_TAG == TagStop) return;
    const double idle = seconds_since(waiting);
    nlohmann::json results = nlohmann::json::array();
    for (const auto& job : nlohmann::json::parse(message))
      results.push_back(to_json(worker.run(job.at("file").get<std::string>(), job.at("hang_seconds").get<double>())));
    const nlohmann::json answer = {{"idle", idle}, {"results", results}};
    send(answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), 0, TagResult);
    waiting = std::chrono::steady_clock::now();
  }
}

}  // namespace

bool built_with_mpi() { return true; }

BatchOutcome run_mpi_batch(BatchOptions options, bool& is_dispatcher) {
  MPI_Init(nullptr, nullptr);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  struct Finalize {
    ~Finalize() { MPI_Finalize(); }
  } finalize;
  if (ranks < 2) throw std::runtime_error("--mpi needs at least 2 ranks (mpirun -n K, K >= 2): rank 0 only dispatches");
  options.mode = "mpi";
  options.workers = ranks - 1;
  is_dispatcher = rank == 0;
  try {
    if (rank == 0) return dispatch(options, ranks);
    options.progress = false;  // only the dispatcher shows progress
    solve_for_dispatcher(options);
    return {};
  } catch (const std::exception& e) {
    // One rank failing (bad input found by rank 0, a worker that cannot start) would leave the
    // others waiting for ever: end them all, with the reason.
    std::fprintf(stderr, "arbiter batch (rank %d): %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
    throw;
  }
}

#endif

}  // namespace arbiter::batch
