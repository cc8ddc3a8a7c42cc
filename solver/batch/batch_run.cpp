#include "solver/batch/batch_run.h"
#include "solver/elapsed.h"

#include <atomic>
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "rules/core/stop.h"
#include "solver/batch/worker_process.h"
#include "solver/version.h"

namespace arbiter::batch {

namespace {

std::string joined(const std::vector<std::string>& paths) {
  std::string text;
  for (const auto& p : paths) text.append(text.empty() ? "" : " ").append(p);
  return text;
}

}  // namespace

Dispatcher::Dispatcher(const BatchOptions& options) : options_(options), store_(options.db), progress_(false, 0) {
  const std::vector<BatchJob> all = list_jobs(options.paths, store_.earlier_seconds());
  const auto judged = store_.judged(ArbiterVersion, options.retry_unknown);
  for (const auto& job : all)
    if (!judged.contains(ResultStore::job_key(job.file, job.content_hash))) todo_.push_back(job);
  outcome_.stats.jobs = int(all.size());
  outcome_.stats.skipped = int(all.size() - todo_.size());
  outcome_.run_id = store_.begin_run({ArbiterVersion, options.mode, options.workers, options.max_seconds, joined(options.paths)});
  progress_ = ProgressLine(options.progress, int(todo_.size()));
}

double Dispatcher::hang_seconds(const BatchJob& job) const {
  return options_.max_seconds > 0 ? (2 * options_.max_seconds + 10) * job.puzzles : 0;
}

void Dispatcher::record(const BatchJob& job, const JobResult& result) {
  // A worker killed by the same SIGINT that stops us did not crash: its file is left for the rerun.
  if (stop::requested() && result.puzzles.size() == 1 && result.puzzles[0].verdict == VerdictCrashed) return;
  JobResult named = result;
  named.file = job.file;
  const std::lock_guard lock(mutex_);
  const auto writing = std::chrono::steady_clock::now();
  store_.record(outcome_.run_id, job.content_hash, ArbiterVersion, options_.max_seconds, named);
  outcome_.stats.store_seconds += seconds_since(writing);
  ++outcome_.stats.done;
  for (const auto& p : named.puzzles) {
    ++outcome_.verdicts[p.verdict];
    outcome_.recorded.push_back({job.file, p.number, p.verdict, p.reason, p.keys, p.solutions, p.seconds});
  }
  progress_.update(outcome_.stats.done, outcome_.verdicts);
  if (options_.on_job_done) options_.on_job_done(outcome_.stats.done, int(todo_.size()), job.file);
}

void Dispatcher::add_idle(double seconds) {
  const std::lock_guard lock(mutex_);
  outcome_.stats.idle_seconds += seconds;
}

void Dispatcher::add_parcel() {
  const std::lock_guard lock(mutex_);
  ++outcome_.stats.messages;
}

BatchOutcome Dispatcher::finish(double wall_seconds, double dispatch_seconds) {
  const std::lock_guard lock(mutex_);
  progress_.close();
  outcome_.mode = options_.mode;
  outcome_.workers = options_.workers;
  outcome_.stats.wall_seconds = wall_seconds;
  outcome_.stats.dispatch_seconds = dispatch_seconds;
  outcome_.interrupted = stop::requested();
  // An interrupted run stays unfinished in the store: its `finished` empty says so.
  if (!outcome_.interrupted) store_.finish_run(outcome_.run_id, outcome_.stats);
  return outcome_;
}

std::vector<std::string> worker_arguments(const BatchOptions& options) {
  return {"batch-worker", "--threads", std::to_string(options.solver_threads), "--max-seconds",
          fmt::format("{}", options.max_seconds)};
}

BatchOutcome run_batch(const BatchOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  Dispatcher dispatcher(options);
  const auto& jobs = dispatcher.jobs();
  const std::string program = WorkerProcess::self_program();
  std::atomic<std::size_t> next{0};
  std::atomic<double> dispatch_seconds{0};
  auto work = [&] {
    WorkerProcess worker(program, worker_arguments(options));
    for (;;) {
      if (stop::requested()) return;
      const std::size_t i = next.fetch_add(1);
      if (i >= jobs.size()) return;
      dispatcher.add_parcel();
      const JobResult result = worker.run(jobs[i].file, dispatcher.hang_seconds(jobs[i]));
      const auto written = std::chrono::steady_clock::now();
      dispatcher.record(jobs[i], result);
      dispatch_seconds.fetch_add(seconds_since(written));
    }
  };
  std::vector<std::thread> threads;
  const int count = std::max(1, std::min<int>(options.workers, int(jobs.size())));
  for (int t = 0; t < count && !jobs.empty(); ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  return dispatcher.finish(seconds_since(start), dispatch_seconds.load());
}

nlohmann::ordered_json outcome_json(const BatchOutcome& outcome, const BatchOptions& options) {
  nlohmann::ordered_json j;
  j["db"] = options.db;
  j["run"] = outcome.run_id;
  j["version"] = ArbiterVersion;
  j["mode"] = outcome.mode;
  j["workers"] = outcome.workers;
  j["files"] = outcome.stats.jobs;
  j["skipped"] = outcome.stats.skipped;
  j["done"] = outcome.stats.done;
  j["interrupted"] = outcome.interrupted;
  j["seconds"] = outcome.stats.wall_seconds;
  j["dispatch_seconds"] = outcome.stats.dispatch_seconds;
  j["idle_seconds"] = outcome.stats.idle_seconds;
  j["messages"] = outcome.stats.messages;
  j["store_seconds"] = outcome.stats.store_seconds;
  j["verdicts"] = outcome.verdicts;
  j["results"] = nlohmann::ordered_json::array();
  for (const auto& r : outcome.recorded) {
    nlohmann::ordered_json row = {{"file", r.file}, {"number", r.number}, {"verdict", r.verdict}};
    if (!r.reason.empty()) row["reason"] = r.reason;
    row["keys"] = r.keys;
    if (!r.solutions.empty()) row["solutions"] = r.solutions;
    row["seconds"] = r.seconds;
    j["results"].push_back(row);
  }
  return j;
}

}  // namespace arbiter::batch
