// arbiter batch: results equal single verify/replay runs, reruns skip what is recorded, a killed
// run resumes to the same store, crashes and hangs are recorded, MPI equals threads.

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <map>
#include <random>
#include <fstream>
#include <set>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "solver/batch/batch_job.h"
#include "solver/batch/mpi_batch.h"
#include "solver/batch/progress_line.h"
#include "solver/batch/result_store.h"
#include "solver/batch/sqlite_db.h"
#include "solver/bench/batch_bench.h"
#include "solver/bench/process_run.h"
#include "solver/version.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::batch;
using arbiter::test::ScratchDir;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string Orthodox = std::string(ARBITER_SHARED_DIR) + "/corpus/orthodox-problems/";
const std::string HelpSelf = std::string(ARBITER_SHARED_DIR) + "/corpus/orthodox-help-self/";
const std::string Puzzles = std::string(ARBITER_SOURCE_DIR) + "/puzzles/";

// The first `count` files of a corpus with `extension` (and without `leave_out` in their name),
// copied into `dir`.
void copy_corpus(const std::string& corpus, const std::string& extension, std::size_t count, const std::string& dir,
                 const std::string& leave_out = "") {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(corpus))
    if (e.path().extension() == extension && (leave_out.empty() || e.path().filename().string().find(leave_out) == std::string::npos))
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  fs::create_directories(dir);
  for (std::size_t i = 0; i < std::min(count, files.size()); ++i) fs::copy_file(files[i], fs::path(dir) / files[i].filename());
}

ProcessRun arbiter_cli(const std::vector<std::string>& args, const ProcessSignal& send = {}) {
  return run_process(ARBITER_BINARY, args, 600, send);
}

// What must not differ between two stores of the same work: each puzzle's verdict, keys and
// solutions under its content hash and version. `duplicates` counts rows recorded twice.
std::map<std::string, std::string> judgements(const std::string& db, int* duplicates = nullptr) {
  ResultStore store(db, true);
  std::map<std::string, std::string> rows;
  int twice = 0;
  for (const auto& r : store.results()) {
    const std::string key = r.file + "#" + std::to_string(r.number) + " " + r.content_hash + " " + r.version;
    const std::string value = r.verdict + " | " + json(r.keys).dump() + " | " + json(r.solutions).dump();
    twice += rows.contains(key);
    rows[key] = value;
  }
  if (duplicates) *duplicates = twice;
  return rows;
}

json batch_json(const std::vector<std::string>& args) {
  std::vector<std::string> all{"batch", "--json"};
  all.insert(all.end(), args.begin(), args.end());
  const ProcessRun run = arbiter_cli(all);
  INFO(run.err);
  REQUIRE(run.status == 0);
  return json::parse(run.out);
}


}  // namespace

TEST_CASE("batch: each result equals the single verify or replay run of its file", "[batch]") {
  ScratchDir dir;
  const std::string set = dir.path("set");
  copy_corpus(Orthodox, ".inp", 12, set + "/orthodox");
  copy_corpus(HelpSelf, ".inp", 5, set + "/help-self");
  fs::copy_file(HelpSelf + "olv_benko_0389_h2.inp", set + "/help-self/olv_benko_0389_h2.inp");  // a twinned helpmate
  for (const char* f : {"orthodox/immortal-game-1851.pgn", "composed/option-mate2-s21-02.pgn", "conditional/matos-neto-1996.pgn",
                        "orthodox/problem-loyd-1868-mate2-promotion.pgn"})
    fs::copy_file(Puzzles + f, set + "/" + fs::path(f).filename().string());
  const json batch = batch_json({set, "--db", dir.path("store.sqlite"), "--threads", "2"});
  CHECK(batch["files"] == 22);
  CHECK(batch["done"] == 22);
  CHECK(batch["skipped"] == 0);

  ResultStore store(dir.path("store.sqlite"), true);
  std::map<std::string, std::vector<StoredResult>> files;
  for (auto& r : store.results()) files[r.file].push_back(std::move(r));
  REQUIRE(files.size() == 22);
  int helpmates = 0, twins = 0;
  for (const auto& [file, rows] : files) {
    INFO(file);
    const bool game = rows.front().kind == "replay";
    const ProcessRun single = game ? arbiter_cli({"replay", file, "--json"})
                                   : arbiter_cli({"verify", file, "--threads", "1", "--json"});
    const json j = json::parse(single.out);
    CHECK(single_run_difference(rows, j).empty());
    CHECK(rows.front().version == ArbiterVersion);
    CHECK(rows.front().content_hash.starts_with("fnv1a64:"));
    if (!game && !j.contains("twins")) CHECK(j["nodes"].get<std::int64_t>() == rows.front().nodes);
    helpmates += !rows.front().solutions.empty();
    twins += j.contains("twins");
  }
  CHECK(helpmates >= 1);  // the comparison covered helpmate solutions and twins too
  CHECK(twins >= 1);
}

// A careless comparison (verdicts only) would pass a store whose keys were wrong: this one does not.
TEST_CASE("batch: the single-run comparison sees a wrong key or solution", "[batch]") {
  StoredResult row;
  row.number = 1;
  row.kind = "verify";
  row.verdict = "confirmed";
  row.keys = {"Qf5"};
  CHECK(single_run_difference({row}, json{{"verdict", "confirmed"}, {"keys", {"Qf5"}}}).empty());
  CHECK(single_run_difference({row}, json{{"verdict", "confirmed"}, {"keys", {"Qg4"}}}) == "#1: keys differ");
  CHECK(single_run_difference({row}, json{{"verdict", "unsound"}, {"keys", {"Qf5"}}}) == "#1: unsound alone, confirmed in the batch");
  row.keys.clear();
  row.solutions = {"a) 1.Bd4 Kd7 2.Ba7 Be5#"};
  const json twin = {{"verdict", "confirmed"},
                     {"twins", {{{"twin", "a"}, {"keys", json::array()}, {"solutions_text", {"1.Bd4 Kd7 2.Ba7 Be5#"}}}}}};
  CHECK(single_run_difference({row}, twin).empty());
  row.solutions = {"a) 1.Bd4 Kd7 2.Ba7 Bb8#"};
  CHECK(single_run_difference({row}, twin) == "#1: solutions differ");
}

TEST_CASE("batch: a rerun skips what is recorded, and redoes a changed file or a file of another version", "[batch]") {
  ScratchDir dir;
  const std::string set = dir.path("set");
  copy_corpus(Orthodox, ".inp", 5, set);
  const std::string db = dir.path("store.sqlite");
  CHECK(batch_json({set, "--db", db, "--threads", "2"})["done"] == 5);
  const json again = batch_json({set, "--db", db, "--threads", "2"});
  CHECK(again["done"] == 0);
  CHECK(again["skipped"] == 5);

  // A changed file (a comment added) is judged again; the others are not.
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(set)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  { std::ofstream(files[2], std::ios::app) << "\n"; }
  const json changed = batch_json({set, "--db", db, "--threads", "1"});
  CHECK(changed["done"] == 1);
  REQUIRE(changed["results"].size() == 1);
  CHECK(changed["results"][0]["file"] == fs::absolute(files[2]).lexically_normal().string());

  // Results of another Arbiter version count for nothing.
  {
    Database raw(db);
    raw.exec("UPDATE results SET version = '0.0.1'");
  }
  CHECK(batch_json({set, "--db", db})["done"] == 5);
  int duplicates = 0;
  CHECK(judgements(db, &duplicates).size() == 5 + 1 + 5);  // three generations kept, none twice
  CHECK(duplicates == 0);
}

TEST_CASE("batch: --retry-unknown redoes the files a limit left unknown", "[batch]") {
  ScratchDir dir;
  const std::string set = dir.path("set");
  fs::create_directories(set);
  fs::copy_file(HelpSelf + "olv_dawson_0066_h4.inp", set + "/olv_dawson_0066_h4.inp");
  const std::string db = dir.path("store.sqlite");
  const json limited = batch_json({set, "--db", db, "--max-seconds", "0.05", "--threads", "1"});
  REQUIRE(limited["results"].size() == 1);
  CHECK(limited["results"][0]["verdict"] == "unknown");
  CHECK(limited["results"][0]["reason"].get<std::string>().find("time limit") != std::string::npos);
  CHECK(batch_json({set, "--db", db, "--max-seconds", "0.05"})["done"] == 0);
  CHECK(batch_json({set, "--db", db, "--max-seconds", "0.05", "--retry-unknown"})["done"] == 1);
}

TEST_CASE("batch: a file that crashes or hangs its worker is recorded so, and the batch goes on", "[batch]") {
  ScratchDir dir;
  const std::string set = dir.path("set");
  copy_corpus(Orthodox, ".inp", 4, set);
  dir.write("set/broken.pgn", "[Stipulation \"#2\"]\n[FEN \"8/8/8/8/8/8/8/9 w - - 0 1\"]\n\n*\n");
  const std::string db = dir.path("store.sqlite");
  ::setenv("ARBITER_BATCH_FAULT", "crash:alekhine_0003", 1);
  const json crashed = batch_json({set, "--db", db, "--threads", "2"});
  ::setenv("ARBITER_BATCH_FAULT", "hang:alekhine_0009", 1);
  const json hung = batch_json({set, "--db", db, "--threads", "2", "--max-seconds", "0.2", "--retry-unknown"});
  ::unsetenv("ARBITER_BATCH_FAULT");
  CHECK(crashed["done"] == 5);
  std::map<std::string, json> by_name;
  for (const auto& r : crashed["results"]) by_name[fs::path(r["file"].get<std::string>()).filename().string()] = r;
  CHECK(by_name["alekhine_0003_3.inp"]["verdict"] == "crashed");
  CHECK(by_name["alekhine_0003_3.inp"]["reason"].get<std::string>().find("signal 6") != std::string::npos);
  CHECK(by_name["alekhine_0002_3.inp"]["verdict"] == "confirmed");
  CHECK(by_name["broken.pgn"]["verdict"] == "error");
  CHECK(by_name["broken.pgn"]["reason"].get<std::string>().find("broken.pgn:2:") != std::string::npos);
  // The rerun retries the crashed file only (now fine), and the hang takes its file alone.
  CHECK(hung["done"] == 1);
  CHECK(hung["results"][0]["verdict"] == "confirmed");
  const json hang_run = [&] {
    ::setenv("ARBITER_BATCH_FAULT", "hang:alekhine_0009", 1);
    const std::string db2 = dir.path("hang.sqlite");
    json j = batch_json({set, "--db", db2, "--threads", "2", "--max-seconds", "0.2"});
    ::unsetenv("ARBITER_BATCH_FAULT");
    return j;
  }();
  CHECK(hang_run["done"] == 5);
  int hung_files = 0;
  for (const auto& r : hang_run["results"]) {
    hung_files += r["verdict"] == "hung";
    const bool hanging = r["file"].get<std::string>().find("alekhine_0009") != std::string::npos;
    INFO(r.dump());
    CHECK((r["verdict"] == "hung") == hanging);
    if (hanging) CHECK(r["reason"] == "no answer within 10.4 s");
  }
  CHECK(hung_files == 1);
}

TEST_CASE("batch: killed at random moments and resumed, the store equals an uninterrupted run's", "[batch][kill]") {
  ScratchDir dir;
  const std::string set = dir.path("set");
  // Without the #5s (up to 0.6 s each, handed out first): results then flow from the start, so a
  // kill lands among them.
  const std::size_t files = 252;
  copy_corpus(Orthodox, ".inp", files, set, "_5");
  const std::string whole = dir.path("whole.sqlite"), resumed = dir.path("resumed.sqlite");
  const ProcessRun uninterrupted = arbiter_cli({"batch", set, "--db", whole, "--threads", "2"});
  REQUIRE(uninterrupted.status == 0);
  const std::size_t total = judgements(whole).size();

  // Each kill must land while results are being written: the store gained rows, not all. The
  // moment adapts: longer after a kill that came before any row (the longest files go first),
  // shorter after one that wrote some, so the work left lasts for several kills.
  const auto seed = std::random_device{}();
  INFO("seed " << seed);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> jitter(0.75, 1.25);
  double after = 0.08;
  int killed_midway = 0;
  std::size_t rows = 0;
  for (int attempt = 0; attempt < 60 && killed_midway < 6; ++attempt) {
    const double at = after * jitter(random);
    const ProcessRun run = arbiter_cli({"batch", set, "--db", resumed, "--threads", "2"}, {SIGKILL, at});
    INFO("killed at " << at << " s");
    if (run.status == 0) {
      // It finished before the signal (a loaded machine runs the rest faster than the kills come):
      // this round's store must be whole too; another round starts from nothing.
      int round_duplicates = -1;
      CHECK(judgements(resumed, &round_duplicates) == judgements(whole));
      CHECK(round_duplicates == 0);
      for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(resumed + suffix);
      rows = 0;
      after = 0.08;
      continue;
    }
    REQUIRE(run.status == -1);
    const std::size_t now = fs::exists(resumed) ? judgements(resumed).size() : 0;
    if (now == rows) {
      after *= 1.5;
    } else {
      killed_midway += now < total;
      after = std::max(0.03, after * 0.7);
    }
    rows = now;
  }
  CHECK(killed_midway >= 5);
  const ProcessRun last = arbiter_cli({"batch", set, "--db", resumed, "--threads", "2"});
  REQUIRE(last.status == 0);
  int duplicates = -1;
  const auto a = judgements(whole), b = judgements(resumed, &duplicates);
  CHECK(a.size() == files);
  CHECK(a == b);
  CHECK(duplicates == 0);
  Database check(resumed);
  auto integrity = check.prepare("PRAGMA integrity_check");
  REQUIRE(integrity.step());
  CHECK(integrity.text(0) == "ok");
}

TEST_CASE("batch: a store killed before its schema committed reads as empty and is resumed", "[batch]") {
  // The kill test met this: the file exists (journal mode set) but the tables are not there yet.
  ScratchDir dir;
  const std::string db = dir.path("store.sqlite");
  { Database(db).exec("PRAGMA journal_mode=WAL;"); }
  CHECK(judgements(db).empty());
  CHECK(ResultStore(db, true).runs().empty());
  const std::string set = dir.path("set");
  copy_corpus(Orthodox, ".inp", 3, set);
  CHECK(batch_json({set, "--db", db, "--threads", "1"})["done"] == 3);
  CHECK(judgements(db).size() == 3);
  // A file that is no database is still refused by a reader.
  dir.write("text.sqlite", "this is not a database, it is text long enough to be read as a header..........");
  CHECK_THROWS(ResultStore(dir.path("text.sqlite"), true));
}

TEST_CASE("batch: mpirun -n 3 gives the store --threads 2 gives", "[batch][mpi]") {
  if (!built_with_mpi() || std::system("command -v mpirun > /dev/null 2>&1") != 0) {
    WARN("Open MPI not built in or mpirun missing: the MPI run is not tested here");
    return;
  }
  ScratchDir dir;
  const std::string set = dir.path("set");
  copy_corpus(Orthodox, ".inp", 20, set + "/orthodox");
  copy_corpus(HelpSelf, ".inp", 5, set + "/help-self");
  const std::string threads = dir.path("threads.sqlite"), mpi = dir.path("mpi.sqlite");
  REQUIRE(arbiter_cli({"batch", set, "--db", threads, "--threads", "2"}).status == 0);
  const ProcessRun run = run_process("/usr/bin/mpirun",
                                     {"-n", "3", "--oversubscribe", "--allow-run-as-root", ARBITER_BINARY, "batch", set,
                                      "--db", mpi, "--mpi", "--threads", "1", "--json"},
                                     600);
  INFO(run.err);
  REQUIRE(run.status == 0);
  const json j = json::parse(run.out);
  CHECK(j["mode"] == "mpi");
  CHECK(j["workers"] == 2);
  CHECK(j["done"] == 25);
  CHECK(judgements(mpi) == judgements(threads));
  ResultStore store(mpi, true);
  REQUIRE(store.runs().size() == 1);
  CHECK(store.runs()[0].mode == "mpi");
  CHECK(store.runs()[0].stats.dispatch_seconds > 0);
}

TEST_CASE("batch: bad paths and a bad store are refused with status 2", "[batch]") {
  ScratchDir dir;
  const ProcessRun missing = arbiter_cli({"batch", dir.path("nowhere"), "--db", dir.path("s.sqlite")});
  CHECK(missing.status == 2);
  CHECK(missing.err.find("nowhere:1:1: no such puzzle file or directory") != std::string::npos);
  dir.write("not-a-db.sqlite", "this is not a database, it is text long enough to be read as a header..........");
  fs::create_directories(dir.path("p"));
  dir.write("p/a.inp", "begin\npieces white ka1 qb2 black kh8\nstipulation #1\nend\n");
  const ProcessRun bad_store = arbiter_cli({"batch", dir.path("p"), "--db", dir.path("not-a-db.sqlite")});
  CHECK(bad_store.status == 2);
  CHECK(bad_store.err.find("not-a-db.sqlite") != std::string::npos);
}

TEST_CASE("batch: the expected time orders longer problems first", "[batch]") {
  const double mate2 = expected_seconds_of("[Stipulation \"#2\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n");
  const double mate3 = expected_seconds_of("[Stipulation \"#3\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n");
  const double crowded3 = expected_seconds_of("begin\npieces white ka1 qb2 rc3 rd4 be5 bf6 sg7 sh8 black kh1 pa7 pb7\nstipulation #3\nend\n");
  const double help3 = expected_seconds_of("begin\npieces white ka1 qb2 black kh8\nstipulation h#3\nend\n");
  const double direct3 = expected_seconds_of("begin\npieces white ka1 qb2 black kh8\nstipulation #3\nend\n");
  const double game = expected_seconds_of("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n");
  CHECK(mate3 > mate2);
  CHECK(crowded3 > direct3);
  CHECK(help3 > direct3);
  CHECK(game < mate2);
  CHECK(content_hash("abc") == "fnv1a64:e71fa2190541574b:3");
  CHECK(content_hash("abd") != content_hash("abc"));
}

TEST_CASE("batch: the progress line", "[batch]") {
  CHECK(ProgressLine::text(120, 470, 10.0, {{"confirmed", 100}, {"unsound", 3}}) ==
        "120/470 files, 12.0/s, 0:00:29 left: 100 confirmed, 3 unsound");
  CHECK(ProgressLine::text(0, 5, 0.0, {}) == "0/5 files");
}
