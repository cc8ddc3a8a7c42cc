#include "solver/batch/result_store.h"

#include <chrono>
#include <ctime>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace arbiter::batch {

namespace {

constexpr const char* Schema = R"sql(
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY,
  started TEXT NOT NULL,
  finished TEXT,
  version TEXT NOT NULL,
  mode TEXT NOT NULL,
  workers INTEGER NOT NULL,
  max_seconds REAL NOT NULL,
  paths TEXT NOT NULL,
  jobs INTEGER, skipped INTEGER, done INTEGER,
  wall_seconds REAL, dispatch_seconds REAL, idle_seconds REAL
);
CREATE TABLE IF NOT EXISTS results (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id),
  file TEXT NOT NULL,
  number INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  version TEXT NOT NULL,
  kind TEXT NOT NULL,
  variant TEXT NOT NULL,
  stipulation TEXT NOT NULL,
  title TEXT NOT NULL,
  verdict TEXT NOT NULL,
  reason TEXT NOT NULL,
  keys TEXT NOT NULL,
  solutions TEXT NOT NULL,
  comparison TEXT NOT NULL,
  nodes INTEGER NOT NULL,
  seconds REAL NOT NULL,
  max_seconds REAL NOT NULL,
  interpretations TEXT NOT NULL,
  detail TEXT NOT NULL,
  finished TEXT NOT NULL,
  UNIQUE (file, number, content_hash, version, run_id)
);
CREATE INDEX IF NOT EXISTS results_by_file ON results (file, id);
)sql";

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

bool retried(const std::string& verdict) { return verdict == "unknown" || verdict == VerdictHung || verdict == VerdictCrashed; }

// JSON text; invalid UTF-8 from a file (a title, a comment) replaced rather than refused.
std::string text_of(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

std::vector<std::string> strings(const std::string& json_text) {
  return nlohmann::json::parse(json_text).get<std::vector<std::string>>();
}

}  // namespace

ResultStore::ResultStore(const std::string& path, bool read_only) : db_(path, read_only) {
  if (read_only) {
    auto s = db_.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('runs', 'results')");
    has_schema_ = s.step() && s.integer(0) == 2;
    return;
  }
  // WAL with synchronous=NORMAL: a commit survives the process being killed (the OS has the
  // write-ahead log), which is what a killed batch needs; a power cut may lose the last commits,
  // never the file's consistency.
  db_.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
  Transaction t(db_);
  db_.exec(Schema);
  t.commit();
}

std::int64_t ResultStore::begin_run(const RunInfo& info) {
  auto s = db_.prepare("INSERT INTO runs (started, version, mode, workers, max_seconds, paths) VALUES (?, ?, ?, ?, ?, ?)");
  s.bind(1, now_utc()).bind(2, info.version).bind(3, info.mode).bind(4, std::int64_t(info.workers));
  s.bind(5, info.max_seconds).bind(6, info.paths).run();
  return db_.last_insert_id();
}

void ResultStore::finish_run(std::int64_t run_id, const RunStats& stats) {
  auto s = db_.prepare(
      "UPDATE runs SET finished = ?, jobs = ?, skipped = ?, done = ?, wall_seconds = ?, dispatch_seconds = ?, "
      "idle_seconds = ? WHERE id = ?");
  s.bind(1, now_utc()).bind(2, std::int64_t(stats.jobs)).bind(3, std::int64_t(stats.skipped));
  s.bind(4, std::int64_t(stats.done)).bind(5, stats.wall_seconds).bind(6, stats.dispatch_seconds);
  s.bind(7, stats.idle_seconds).bind(8, run_id).run();
}

std::string ResultStore::job_key(const std::string& file, const std::string& content_hash) {
  return file + '\n' + content_hash;
}

std::unordered_set<std::string> ResultStore::judged(const std::string& version, bool retry_unknown) {
  // A file's latest rows for this version are those of its latest run_id.
  auto s = db_.prepare(
      "SELECT r.file, r.content_hash, r.verdict FROM results r JOIN ("
      "  SELECT file, content_hash, MAX(run_id) AS run FROM results WHERE version = ? GROUP BY file, content_hash"
      ") latest ON r.file = latest.file AND r.content_hash = latest.content_hash AND r.run_id = latest.run "
      "WHERE r.version = ?");
  s.bind(1, version).bind(2, version);
  std::unordered_set<std::string> done, again;
  while (s.step()) {
    const std::string key = job_key(s.text(0), s.text(1));
    done.insert(key);
    if (retry_unknown && retried(s.text(2))) again.insert(key);
  }
  for (const auto& k : again) done.erase(k);
  return done;
}

std::unordered_map<std::string, double> ResultStore::earlier_seconds() {
  auto s = db_.prepare(
      "SELECT r.file, SUM(r.seconds) FROM results r JOIN (SELECT file, MAX(run_id) AS run FROM results GROUP BY file) "
      "latest ON r.file = latest.file AND r.run_id = latest.run GROUP BY r.file");
  std::unordered_map<std::string, double> seconds;
  while (s.step()) seconds[s.text(0)] = s.real(1);
  return seconds;
}

void ResultStore::record(std::int64_t run_id, const std::string& content_hash, const std::string& version,
                         double max_seconds, const JobResult& result) {
  Transaction t(db_);
  if (!insert_) insert_.emplace(db_,
      "INSERT INTO results (run_id, file, number, content_hash, version, kind, variant, stipulation, title, verdict, "
      "reason, keys, solutions, comparison, nodes, seconds, max_seconds, interpretations, detail, finished) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  Statement& s = *insert_;
  const std::string finished = now_utc();
  for (const auto& p : result.puzzles) {
    s.reset();
    s.bind(1, run_id).bind(2, result.file).bind(3, std::int64_t(p.number)).bind(4, content_hash).bind(5, version);
    s.bind(6, p.kind).bind(7, p.variant).bind(8, p.stipulation).bind(9, p.title).bind(10, p.verdict);
    s.bind(11, p.reason).bind(12, nlohmann::json(p.keys).dump()).bind(13, nlohmann::json(p.solutions).dump());
    s.bind(14, p.comparison).bind(15, p.nodes).bind(16, p.seconds).bind(17, max_seconds);
    s.bind(18, text_of(p.interpretations)).bind(19, text_of(p.detail)).bind(20, finished);
    s.run();
  }
  s.reset();
  t.commit();
}

std::vector<StoredResult> ResultStore::results() {
  if (!has_schema_) return {};
  auto s = db_.prepare(
      "SELECT id, run_id, file, number, content_hash, version, kind, variant, stipulation, title, verdict, reason, "
      "comparison, finished, keys, solutions, nodes, seconds, max_seconds FROM results ORDER BY id");
  std::vector<StoredResult> rows;
  while (s.step()) {
    StoredResult r;
    r.id = s.integer(0);
    r.run_id = s.integer(1);
    r.file = s.text(2);
    r.number = int(s.integer(3));
    r.content_hash = s.text(4);
    r.version = s.text(5);
    r.kind = s.text(6);
    r.variant = s.text(7);
    r.stipulation = s.text(8);
    r.title = s.text(9);
    r.verdict = s.text(10);
    r.reason = s.text(11);
    r.comparison = s.text(12);
    r.finished = s.text(13);
    r.keys = strings(s.text(14));
    r.solutions = strings(s.text(15));
    r.nodes = s.integer(16);
    r.seconds = s.real(17);
    r.max_seconds = s.real(18);
    rows.push_back(std::move(r));
  }
  return rows;
}

std::vector<StoredRun> ResultStore::runs() {
  if (!has_schema_) return {};
  auto s = db_.prepare(
      "SELECT id, started, COALESCE(finished, ''), version, mode, paths, workers, COALESCE(jobs, 0), "
      "COALESCE(skipped, 0), COALESCE(done, 0), COALESCE(wall_seconds, 0), COALESCE(dispatch_seconds, 0), "
      "COALESCE(idle_seconds, 0) FROM runs ORDER BY id");
  std::vector<StoredRun> runs;
  while (s.step()) {
    StoredRun r;
    r.id = s.integer(0);
    r.started = s.text(1);
    r.finished = s.text(2);
    r.version = s.text(3);
    r.mode = s.text(4);
    r.paths = s.text(5);
    r.workers = int(s.integer(6));
    r.stats = {int(s.integer(7)), int(s.integer(8)), int(s.integer(9)), s.real(10), s.real(11), s.real(12)};
    runs.push_back(std::move(r));
  }
  return runs;
}

}  // namespace arbiter::batch
