#include "solver/bench/batch_bench.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>
#include <queue>
#include <random>

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "solver/batch/batch_job.h"
#include "solver/batch/result_store.h"
#include "solver/batch/worker_process.h"
#include "solver/bench/process_run.h"

namespace arbiter {

namespace {

using nlohmann::json;

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The single run's puzzles: verify prints one object, or {"problems": [...]}; replay one object.
std::vector<json> single_puzzles(const json& j) {
  if (j.contains("problems")) return j["problems"].get<std::vector<json>>();
  if (j.contains("games")) return j["games"].get<std::vector<json>>();
  return {j};
}

}  // namespace

std::string single_run_difference(const std::vector<batch::StoredResult>& rows, const nlohmann::json& single) {
  const auto puzzles = single_puzzles(single);
  if (puzzles.size() != rows.size()) return fmt::format("{} puzzles alone, {} in the batch", puzzles.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& s = puzzles[i];
    const batch::StoredResult& r = rows[i];
    if (s.value("verdict", std::string()) != r.verdict)
      return fmt::format("#{}: {} alone, {} in the batch", r.number, s.value("verdict", std::string()), r.verdict);
    if (r.kind != "verify") continue;
    // Keys and helpmate solutions, each twin's labelled "a) ..." as the store keeps them.
    std::vector<std::string> keys, solutions;
    const bool twins = s.contains("twins");
    for (const json& unit : twins ? s["twins"] : json::array({s})) {
      const std::string label = twins ? unit.value("twin", std::string()) + ") " : "";
      for (const auto& k : unit.value("keys", std::vector<std::string>())) keys.push_back(label + k);
      for (const auto& t : unit.value("solutions_text", std::vector<std::string>())) solutions.push_back(label + t);
    }
    if (sorted(keys) != sorted(r.keys)) return fmt::format("#{}: keys differ", r.number);
    if (sorted(solutions) != sorted(r.solutions)) return fmt::format("#{}: solutions differ", r.number);
  }
  return "";
}

namespace {

std::map<std::string, std::vector<batch::StoredResult>> rows_by_file(const std::string& db) {
  batch::ResultStore store(db, true);
  std::map<std::string, std::vector<batch::StoredResult>> files;
  for (auto& r : store.results()) files[r.file].push_back(std::move(r));
  return files;
}

std::string judgement_text(const std::string& db) {
  std::string text;
  for (const auto& [file, rows] : rows_by_file(db))
    for (const auto& r : rows) text += fmt::format("{}#{} {} {} {}\n", file, r.number, r.verdict, json(sorted(r.keys)).dump(),
                         json(sorted(r.solutions)).dump());
  return text;
}

}  // namespace

ScaleRow simulate_scale(const std::vector<double>& times, int database_size, int ranks, const DispatchCosts& costs,
                        bool parcels) {
  ScaleRow row;
  row.ranks = ranks;
  row.parcels = parcels;
  if (times.empty() || ranks < 2) return row;
  std::mt19937_64 random(20261124);
  std::uniform_int_distribution<std::size_t> pick(0, times.size() - 1);
  // Files known from an earlier run: expected = measured, so the order is truly longest first.
  std::vector<batch::BatchJob> jobs(static_cast<std::size_t>(database_size));
  for (auto& j : jobs) j.expected_seconds = times[pick(random)];
  std::sort(jobs.begin(), jobs.end(), [](const auto& a, const auto& b) { return a.expected_seconds > b.expected_seconds; });
  // Workers ask when free; rank 0 answers one request at a time.
  std::priority_queue<double, std::vector<double>, std::greater<>> free_at;
  for (int w = 1; w < ranks; ++w) free_at.push(0.0);
  double dispatcher_free = 0, busy = 0, end = 0, useful = 0;
  std::vector<std::pair<double, std::size_t>> arrivals;  // write-behind: (when results arrive, how many)
  for (std::size_t next = 0; next < jobs.size();) {
    std::vector<std::size_t> parcel = parcels ? batch::next_parcel(jobs, next) : std::vector<std::size_t>{next++};
    double work = 0;
    for (const std::size_t i : parcel) work += jobs[i].expected_seconds + costs.worker_overhead, useful += jobs[i].expected_seconds;
    const double asked = free_at.top();
    free_at.pop();
    // Naive: the results are written on the answering loop's time (counted with the request that
    // brings them). As built: the loop only answers; a writer thread writes in arrival order.
    const double cost = costs.per_message + (parcels ? 0.0 : costs.per_file * double(parcel.size()));
    const double served = std::max(asked, dispatcher_free) + cost;
    dispatcher_free = served;
    busy += cost;
    free_at.push(served + work);
    end = std::max(end, served + work);
    if (parcels) arrivals.emplace_back(served + work, parcel.size());
  }
  std::sort(arrivals.begin(), arrivals.end());
  double written = 0;
  for (const auto& [when, count] : arrivals) written = std::max(written, when) + costs.per_file * double(count);
  end = std::max(end, written);
  row.efficiency = useful / (double(ranks) * end);
  row.worker_efficiency = useful / (double(ranks - 1) * end);
  row.dispatcher_busy = busy / end;
  row.writer_busy = costs.per_file * double(jobs.size()) / end;
  row.hours = end / 3600;
  return row;
}

BatchBench run_batch_bench(const BatchBenchOptions& options, const std::function<void(const std::string&)>& progress) {
  BatchBench bench;
  const std::string self = batch::WorkerProcess::self_program();
  const auto scratch = std::filesystem::temp_directory_path() / fmt::format("arbiter-batch-bench-{}", ::getpid());
  std::filesystem::remove_all(scratch);
  std::filesystem::create_directories(scratch);
  struct Cleanup {
    std::filesystem::path dir;
    ~Cleanup() { std::filesystem::remove_all(dir); }
  } cleanup{scratch};

  // The batch, as a user runs it.
  const std::string db = (scratch / "threads.sqlite").string();
  std::vector<std::string> args{"batch"};
  args.insert(args.end(), options.paths.begin(), options.paths.end());
  for (const std::string& a : {std::string("--db"), db, std::string("--threads"), std::to_string(options.threads), std::string("--json")})
    args.push_back(a);
  progress(fmt::format("batch with {} workers", options.threads));
  const ProcessRun run = run_process(self, args, 0);
  if (run.status != 0) throw std::runtime_error("the batch run failed: " + run.err);
  const json outcome = json::parse(run.out);
  bench.batch_seconds = run.seconds;
  bench.dispatch_per_problem = outcome["dispatch_seconds"].get<double>() / std::max(1, outcome["done"].get<int>());
  double store_per_file = outcome["store_seconds"].get<double>() / std::max(1, outcome["done"].get<int>());

  // Each file alone, one process each, with one solver thread as each batch worker has.
  const auto files = rows_by_file(db);
  for (const auto& [file, rows] : files) {
    const bool game = rows.front().kind == "replay";
    const bool error = rows.front().number == 0;
    BatchBenchFile f;
    f.file = file;
    progress(fmt::format("alone {}/{}: {}", bench.files.size() + 1, files.size(), std::filesystem::path(file).filename().string()));
    const ProcessRun single = run_process(self, game ? std::vector<std::string>{"replay", file, "--json"}
                                                     : std::vector<std::string>{"verify", file, "--threads", "1", "--json"}, 0);
    f.single_seconds = single.seconds;
    if (error) {
      f.agrees = single.status == 2;  // bad input both ways
      if (!f.agrees) f.difference = "an error in the batch, not alone";
    } else {
      try {
        f.difference = single_run_difference(rows, json::parse(single.out));
      } catch (const json::exception& e) {
        f.difference = std::string("the single run's JSON: ") + e.what();
      }
      f.agrees = f.difference.empty();
    }
    double file_seconds = 0;
    for (const auto& r : rows) file_seconds += r.seconds, ++bench.puzzles;
    bench.problem_seconds.push_back(file_seconds);
    bench.solving_seconds += file_seconds;
    bench.singles_seconds += f.single_seconds;
    bench.agree += f.agrees;
    bench.files.push_back(std::move(f));
  }
  bench.ratio = bench.batch_seconds / bench.singles_seconds;
  const double files_done = double(std::max<std::size_t>(1, files.size()));
  bench.overhead_per_problem =
      std::max(0.0, (bench.batch_seconds * options.threads - bench.solving_seconds) / files_done);

  if (options.mpi_ranks > 1) {
    const std::string mpi_db = (scratch / "mpi.sqlite").string();
    std::vector<std::string> mpi_args{"-n", std::to_string(options.mpi_ranks), "--oversubscribe", "--allow-run-as-root", self, "batch"};
    mpi_args.insert(mpi_args.end(), options.paths.begin(), options.paths.end());
    for (const std::string& a : {std::string("--db"), mpi_db, std::string("--mpi"), std::string("--threads"), std::string("1"), std::string("--json")})
      mpi_args.push_back(a);
    progress(fmt::format("batch under mpirun -n {}", options.mpi_ranks));
    const ProcessRun mpi = run_process(options.mpirun, mpi_args, 0);
    if (mpi.status != 0) throw std::runtime_error("the MPI batch run failed: " + mpi.err);
    const json m = json::parse(mpi.out);
    const double done = std::max(1, m["done"].get<int>());
    bench.mpi_seconds = mpi.seconds;
    bench.mpi_dispatch_per_problem = m["dispatch_seconds"].get<double>() / done;
    bench.mpi_idle_per_problem = m["idle_seconds"].get<double>() / done;
    bench.mpi_messages = m["messages"].get<int>();
    bench.mpi_agrees = judgement_text(mpi_db) == judgement_text(db);
    // Rank 0's answering loop (per message) and its writer (per result), measured apart.
    bench.costs.per_message = m["dispatch_seconds"].get<double>() / std::max(1, bench.mpi_messages);
    store_per_file = m["store_seconds"].get<double>() / done;
  } else {
    bench.costs.per_message = std::max(0.0, bench.dispatch_per_problem - store_per_file);
  }
  bench.costs.per_file = store_per_file;
  bench.costs.worker_overhead = bench.overhead_per_problem;
  for (const bool parcels : {false, true})
    for (const int ranks : options.scale_ranks)
      bench.scale.push_back(simulate_scale(bench.problem_seconds, options.database_size, ranks, bench.costs, parcels));
  return bench;
}

}  // namespace arbiter
