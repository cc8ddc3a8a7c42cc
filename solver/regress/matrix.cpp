#include "solver/regress/matrix.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <queue>
#include <thread>

#include <fmt/format.h>

#include "rules/core/stop.h"

#include "solver/elapsed.h"

namespace arbiter::regress {

namespace {

bool reads(const PuzzleRun& puzzle, const Alternative& a) { return variant_reads(puzzle.variant, *a.interpretation); }

}  // namespace

std::string Alternative::label() const { return fmt::format("{}={}", interpretation->id, choice); }

namespace {

// One puzzle file's run: under the defaults (alternative -1) or under alternative k.
struct Task {
  std::size_t file = 0;
  int alternative = -1;
  double expected_seconds = 0;  // the default run's time, to start the longest alternatives first
};
// Defaults first, in file order (their results decide which alternatives run); then the
// alternatives longest first, so that no long run is left alone at the end.
struct TaskOrder {
  bool operator()(const Task& a, const Task& b) const {
    if ((a.alternative < 0) != (b.alternative < 0)) return a.alternative >= 0;
    if (a.alternative < 0) return a.file > b.file;
    if (a.expected_seconds != b.expected_seconds) return a.expected_seconds < b.expected_seconds;
    return std::pair(a.alternative, a.file) > std::pair(b.alternative, b.file);
  }
};

// The order a one-thread run would meet the task in: an error is reported as that run would.
std::size_t sequential_rank(const Task& t, std::size_t files) {
  return t.alternative < 0 ? t.file : files + std::size_t(t.alternative) * files + t.file;
}

}  // namespace

Matrix run_matrix(const std::vector<std::string>& files, const InterpretationSettings& base, const RunOptions& options,
                  bool with_alternatives, const Progress& progress) {
  const auto start = std::chrono::steady_clock::now();
  Matrix m;
  m.base = base;
  if (with_alternatives) {
    for (const auto& i : all_interpretations())
      for (const auto& c : i.choices)
        if (c.name != i.default_choice && base.choice(i.id) != c.name) m.alternatives.push_back({&i, std::string(c.name)});
  }
  std::vector<InterpretationSettings> settings(m.alternatives.size(), base);
  for (std::size_t k = 0; k < m.alternatives.size(); ++k)
    settings[k].set(m.alternatives[k].interpretation->id, m.alternatives[k].choice, {"regress", 1, 1});
  m.files_total = int(files.size());

  // Shared by the workers, under `mutex`.
  std::mutex mutex;
  std::condition_variable wake;
  std::priority_queue<Task, std::vector<Task>, TaskOrder> queue;
  int running = 0;
  bool stopping = false;  // an interrupt, or bad input in a default run: start nothing more
  std::vector<std::optional<std::vector<PuzzleRun>>> defaults(files.size());
  std::map<std::pair<int, std::size_t>, std::vector<PuzzleRun>> alternative_runs;  // (k, file)
  std::optional<std::pair<std::size_t, std::exception_ptr>> failure;                 // the first in one-thread order
  int done = 0, total = int(files.size());
  for (std::size_t f = 0; f < files.size(); ++f) queue.push({f, -1, 0});

  auto run = [&](const Task& t) {
    std::vector<PuzzleRun> runs;
    std::exception_ptr error;
    try {
      runs = run_puzzle_file(files[t.file], t.alternative < 0 ? base : settings[std::size_t(t.alternative)], options);
    } catch (const SearchStopped&) {  // an interrupt reached a step that stops by exception (Z3)
      if (!stop::requested()) error = std::current_exception();
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard lock(mutex);
    --running;
    if (error) {
      const std::size_t rank = sequential_rank(t, files.size());
      if (!failure || rank < failure->first) failure = {rank, error};
      // After a default's bad input a one-thread run would have stopped: every default before it
      // has started (defaults start in file order), so the first error is among those running.
      if (t.alternative < 0) stopping = true;
    } else if (stop::requested()) {
      stopping = true;  // this run may have been cut short: dropped
    } else if (t.alternative < 0) {
      const PuzzleRun& first = runs.front();
      for (std::size_t k = 0; k < m.alternatives.size(); ++k)
        if (reads(first, m.alternatives[k])) {
          queue.push({t.file, int(k), first.seconds});
          ++total;
        }
      defaults[t.file] = std::move(runs);
      ++m.files_done;
      if (progress) progress(++done, total, fmt::format("{} under the defaults", puzzle_id(files[t.file])));
    } else {
      alternative_runs[{t.alternative, t.file}] = std::move(runs);
      if (progress)
        progress(++done, total, fmt::format("{} under {}", puzzle_id(files[t.file]), m.alternatives[std::size_t(t.alternative)].label()));
    }
    wake.notify_all();
  };
  auto work = [&] {
    for (;;) {
      std::unique_lock lock(mutex);
      wake.wait(lock, [&] { return stopping || !queue.empty() || running == 0; });
      if (stopping || queue.empty()) return;  // stopped, or nothing queued and nothing running
      const Task t = queue.top();
      queue.pop();
      ++running;
      lock.unlock();
      run(t);
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < std::max(1, options.workers); ++i) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure->second);

  for (const auto& runs : defaults)
    if (runs)
      for (const auto& r : *runs) m.defaults.push_back(r);
  const bool defaults_whole = m.files_done == m.files_total;
  if (stopping || !defaults_whole) {  // SIGINT: the defaults finished before it, no alternative
    m.interrupted = true;
    m.alternatives.clear();
    m.cells.assign(m.defaults.size(), {});
    m.seconds = seconds_since(start);
    return m;
  }

  m.cells.assign(m.defaults.size(), std::vector<Cell>(m.alternatives.size()));
  for (std::size_t k = 0; k < m.alternatives.size(); ++k) {
    const Alternative& a = m.alternatives[k];
    std::size_t row = 0;
    for (std::size_t f = 0; f < files.size(); ++f) {
      const auto& runs = *defaults[f];
      const auto found = alternative_runs.find({int(k), f});
      for (std::size_t i = 0; i < runs.size(); ++i, ++row) {
        Cell& cell = m.cells[row][k];
        if (found == alternative_runs.end()) {
          cell.verdict = runs[i].verdict;
          cell.reason = fmt::format("the {} rules do not read {}: the default verdict stands", runs[i].variant,
                                    a.interpretation->id);
          continue;
        }
        const PuzzleRun& r = found->second[i];
        cell.applies = true;
        cell.verdict = r.verdict;
        cell.reason = r.reason;
        cell.seconds = r.seconds;
        cell.change = first_change(runs[i].events, r.events);
      }
    }
  }
  m.seconds = seconds_since(start);
  return m;
}

nlohmann::ordered_json matrix_json(const Matrix& m) {
  nlohmann::ordered_json j;
  j["base"] = nlohmann::ordered_json::object();
  for (const auto& e : m.base.entries()) j["base"][e.id] = e.choice;
  j["interpretations"] = nlohmann::ordered_json::array();
  for (const auto& i : all_interpretations()) {
    nlohmann::ordered_json choices = nlohmann::ordered_json::array();
    for (const auto& c : i.choices) choices.push_back(c.name);
    j["interpretations"].push_back({{"id", i.id}, {"variant", i.variant}, {"default", i.default_choice}, {"choices", choices}});
  }
  j["puzzles"] = nlohmann::ordered_json::array();
  for (std::size_t p = 0; p < m.defaults.size(); ++p) {
    const PuzzleRun& r = m.defaults[p];
    nlohmann::ordered_json cells = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < m.alternatives.size(); ++k) {
      const Cell& c = m.cells[p][k];
      nlohmann::ordered_json cj = {{"interpretation", m.alternatives[k].interpretation->id},
                                   {"choice", m.alternatives[k].choice},
                                   {"applies", c.applies},
                                   {"verdict", c.verdict},
                                   {"reason", c.reason},
                                   {"changed", c.change.has_value()}};
      cj["first_change"] = c.change ? nlohmann::ordered_json{{"ply", c.change->ply}, {"move", c.change->move},
                                                             {"before", c.change->before}, {"after", c.change->after}}
                                    : nlohmann::ordered_json(nullptr);
      cj["seconds"] = c.seconds;
      cells.push_back(cj);
    }
    j["puzzles"].push_back({{"id", r.id},
                            {"file", r.file},
                            {"kind", r.kind},
                            {"variant", r.variant},
                            {"title", r.title},
                            {"verdict", r.verdict},
                            {"reason", r.reason},
                            {"as_expected", r.as_expected},
                            {"seconds", r.seconds},
                            {"cells", cells}});
  }
  j["seconds"] = m.seconds;
  return j;
}

}  // namespace arbiter::regress
