// Arbiter Studio's HTTP API (solver/studio/API.md), served in this process on a free loopback
// port and asked through cpp-httplib's client: the board for every rule set, the readers' 400s,
// the limits (413, 429), the referee's secrecy (403 and the texts a player is sent), persistence
// across a server restart, and the long jobs (progress, cancel, certificate). The browser tests
// (tests/studio/) drive the pages over the same API.

#include <catch2/catch.hpp>

#ifdef ARBITER_HAVE_STUDIO

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "solver/studio/studio_server.h"
#include "tests/support/test_support.h"

namespace {

using arbiter::studio::StudioOptions;
using arbiter::studio::StudioServer;
using nlohmann::json;

std::string source_file(const std::string& relative) {
  std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/" + relative, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A server on a free port for the test's lifetime, with its state in `state`.
class RunningStudio {
 public:
  explicit RunningStudio(const std::string& state, int max_jobs = 2, const std::string& puzzles = "") {
    StudioOptions o;
    o.port = 0;
    o.state_dir = state;
    o.web_dir = std::string(ARBITER_SOURCE_DIR) + "/solver/studio/web";
    o.puzzles_dir = puzzles.empty() ? std::string(ARBITER_SOURCE_DIR) + "/puzzles" : puzzles;
    o.program = ARBITER_BINARY;
    o.max_jobs = max_jobs;
    o.max_body = 64 * 1024;
    server_ = std::make_unique<StudioServer>(o);
    port_ = server_->bind();
    thread_ = std::thread([this] { server_->serve(); });
  }
  ~RunningStudio() {
    server_->stop();
    thread_.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60);
    return c;
  }
  // POSTs `body` (a JSON text), returns status and the answer parsed.
  std::pair<int, json> post(const std::string& path, const std::string& body) const {
    auto c = client();
    const auto r = c.Post(path.c_str(), body, "application/json");
    REQUIRE(r);
    return {r->status, json::parse(r->body)};
  }
  std::pair<int, json> get(const std::string& path) const {
    auto c = client();
    const auto r = c.Get(path.c_str());
    REQUIRE(r);
    return {r->status, json::parse(r->body)};
  }

 private:
  std::unique_ptr<StudioServer> server_;
  int port_ = 0;
  std::thread thread_;
};

json wait_for_end(const RunningStudio& studio, const std::string& id, double seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    const auto [status, job] = studio.get("/api/jobs/" + id);
    REQUIRE(status == 200);
    if (job["state"] != "running" || std::chrono::steady_clock::now() > until) return job;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace

TEST_CASE("studio: every rule set plays a legal move and refuses an illegal one by its predicate", "[studio]") {
  arbiter::test::ScratchDir dir;
  RunningStudio studio(dir.path("state"));
  // The bishop on e2 is pinned: each rule set refuses e2d3 by a named predicate of its own.
  const std::string pinned = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
  const std::map<std::string, std::string> refused_by{
      {"orthodox", "king-not-left-guarded"},
      {"option", "king-not-left-guarded"},
      {"timetravel", "mover-not-in-check"},
      {"transactional", "legal-in-transactional-view:king-not-left-guarded"},
      {"conditional", "king-not-left-guarded"}};
  for (const auto& [variant, predicate] : refused_by) {
    INFO(variant);
    const auto [s1, start] = studio.post("/api/position", json{{"variant", variant}}.dump());
    REQUIRE(s1 == 200);
    CHECK(start["side"] == "white");
    CHECK(start["board"][7] == "RNBQKBNR");
    REQUIRE(start["legal_count"].get<int>() >= 20);
    const std::string first = start["legal"][0]["text"];
    const auto [s2, played] = studio.post("/api/play", json{{"variant", variant}, {"move", first}}.dump());
    REQUIRE(s2 == 200);
    CHECK(played["legal"] == true);
    CHECK(played["position"]["played"][0]["text"] == first);
    const auto [s3, illegal] = studio.post("/api/play", json{{"variant", variant}, {"fen", pinned}, {"uci", "e2d3"}}.dump());
    REQUIRE(s3 == 200);
    CHECK(illegal["legal"] == false);
    CHECK(illegal["predicate"] == predicate);
    // No generator proposes a knight's leap for a bishop: refused with no predicate.
    const auto [s4, nonsense] = studio.post("/api/play", json{{"variant", variant}, {"fen", pinned}, {"uci", "e2f4"}}.dump());
    CHECK(nonsense["legal"] == false);
    CHECK(nonsense["predicate"].is_null());
  }
  // Undo is the page asking for one move fewer; the PGN export is read back by replay.
  const auto [s5, line] = studio.post("/api/position", json{{"moves", {"e4", "e5", "Nf3"}}}.dump());
  CHECK(line["pgn"].get<std::string>().find("1. e4 e5 2. Nf3 *") != std::string::npos);
  const auto [s6, replayed] = studio.post("/api/replay", json{{"pgn", line["pgn"]}}.dump());
  REQUIRE(s6 == 200);
  CHECK(replayed["games"][0]["verdict"] == "legal");
  CHECK(replayed["games"][0]["record"]["moves"] == json({"e4", "e5", "Nf3"}));
}

TEST_CASE("studio: malformed input is a 400 with the reader's message, a long body a 413", "[studio]") {
  arbiter::test::ScratchDir dir;
  RunningStudio studio(dir.path("state"));
  const auto [s1, fen] = studio.post("/api/position", R"({"variant":"orthodox","fen":"8/8/8/8/8/8/8/9 w - - 0 1"})");
  CHECK(s1 == 400);
  CHECK(fen["error"].get<std::string>().rfind("fen:1:15: expected a piece letter", 0) == 0);
  const auto [s2, move] = studio.post("/api/position", R"({"moves":["e4","Ke7"]})");
  CHECK(s2 == 400);
  CHECK(move["error"].get<std::string>().rfind("move:2:1:", 0) == 0);
  const auto [s3, pgn] = studio.post("/api/replay", json{{"pgn", "[Event \"x\"\n\n1. e4 *\n"}, {"name", "mine.pgn"}}.dump());
  CHECK(s3 == 400);
  CHECK(pgn["error"].get<std::string>().rfind("mine.pgn:1:", 0) == 0);
  const auto [s4, variant] = studio.post("/api/position", R"({"variant":"no-such-rules"})");
  CHECK(s4 == 400);
  CHECK(variant["error"].get<std::string>().find("variant:1:1:") == 0);
  const auto [s5, body] = studio.post("/api/position", "{\"fen\": \"" + std::string(100 * 1024, ' ') + "\"}");
  CHECK(s5 == 413);
  CHECK(body["error"].get<std::string>().find("larger") != std::string::npos);
  const auto [s6, notjson] = studio.post("/api/position", "{\"variant\": ");
  CHECK(s6 == 400);
  const auto [s7, job] = studio.post("/api/jobs", json{{"kind", "solve"}, {"input", "[FEN \"8/8/8/8/8/8/8/9 w - - 0 1\"]\n[Stipulation \"#2\"]\n\n*\n"},
                                                       {"name", "bad.pgn"}}.dump());
  CHECK(s7 == 400);
  CHECK(job["error"].get<std::string>().rfind("bad.pgn:1:", 0) == 0);
  const auto [s8, path] = studio.post("/api/jobs", json{{"kind", "solve"}, {"input", "x"}, {"name", "../../etc/passwd.pgn"}}.dump());
  CHECK(s8 == 400);
  // A page elsewhere whose name resolves to the loopback is not answered (DNS rebinding).
  auto c = studio.client();
  const auto foreign = c.Get("/api/variants", httplib::Headers{{"Host", "evil.example:80"}});
  REQUIRE(foreign);
  CHECK(foreign->status == 403);
  const auto page = c.Get("/index.html");
  REQUIRE(page);
  CHECK(page->status == 200);
}

TEST_CASE("studio: the referee shows each player his own view only, and the game survives a restart", "[studio]") {
  arbiter::test::ScratchDir dir;
  std::string game, white, black;
  {
    RunningStudio studio(dir.path("state"));
    const auto [s, created] = studio.post("/api/referee", "{}");
    REQUIRE(s == 200);
    game = created["game"];
    white = created["white"]["token"];
    black = created["black"]["token"];
    CHECK(white.size() == 32);
    CHECK(white != black);
    // White moves his knight without committing: b1 and c3 are locked, the move pending.
    const auto [s1, w1] = studio.post("/api/referee/" + game + "/move", json{{"token", white}, {"move", "Nc3"}}.dump());
    REQUIRE(s1 == 200);
    CHECK(w1["legal"] == true);
    CHECK(w1["view"]["pending"] == json({"T1: Nc3"}));
    CHECK(w1["view"]["locks"] == json({"b1", "c3"}));
    // Black is sent nothing of it: not the move, not the locks, not the knight on c3.
    const auto [s2, b] = studio.get("/api/referee/" + game + "?token=" + black);
    REQUIRE(s2 == 200);
    const std::string seen = b.dump();
    CHECK(seen.find("Nc3") == std::string::npos);
    CHECK(b["locks"].empty());
    CHECK(b["view"]["board"][7] == "RNBQKBNR");
    CHECK(b["committed"]["board"][5] == "........");
    // His list of moves is the same as if White had not moved: it cannot reveal a lock.
    const auto [s3, fresh] = studio.post("/api/referee", "{}");
    const auto [s4, unlocked] = studio.post("/api/referee/" + fresh["game"].get<std::string>() + "/move",
                                            json{{"token", fresh["white"]["token"]}, {"move", "Nf3"}}.dump());
    (void)s3, (void)s4, (void)unlocked;
    const auto [s5, other] = studio.get("/api/referee/" + fresh["game"].get<std::string>() + "?token=" + fresh["black"]["token"].get<std::string>());
    CHECK(other["legal"] == b["legal"]);
    // Tokens: the other colour's view is 403, a wrong token 403, an unknown game 404.
    CHECK(studio.get("/api/referee/" + game + "/view/white?token=" + black).first == 403);
    CHECK(studio.get("/api/referee/" + game + "/view/black?token=" + black).first == 200);
    CHECK(studio.get("/api/referee/" + game + "?token=" + std::string(32, '0')).first == 403);
    CHECK(studio.get("/api/referee/00ff00ff?token=" + black).first == 404);
    // Out of turn: 409.
    CHECK(studio.post("/api/referee/" + game + "/move", json{{"token", white}, {"move", "e4"}}.dump()).first == 409);
    const auto [s6, b1] = studio.post("/api/referee/" + game + "/move", json{{"token", black}, {"move", "e5 (C)"}}.dump());
    CHECK(b1["legal"] == true);
    const auto [s7, w2] = studio.get("/api/referee/" + game + "?token=" + white);
    CHECK(w2["messages"].back().get<std::string>().rfind("Black has committed:", 0) == 0);
  }
  // A new server on the same state folder: the same game, the same tokens, the same views.
  RunningStudio again(dir.path("state"));
  const auto [s8, w] = again.get("/api/referee/" + game + "?token=" + white);
  REQUIRE(s8 == 200);
  CHECK(w["pending"] == json({"T1: Nc3"}));
  CHECK(w["to_move"] == "white");
  CHECK(w["committed"]["board"][3] == "....p...");
  const auto [s9, w3] = again.post("/api/referee/" + game + "/move", json{{"token", white}, {"move", "Nf3 (C)"}}.dump());
  CHECK(w3["legal"] == true);
  const auto [s10, b2] = again.get("/api/referee/" + game + "?token=" + black);
  CHECK(b2["committed"]["board"][5] == "..N..N..");
  INFO(b2["messages"].dump());
  const std::string told = b2["messages"].dump();
  CHECK(told.find("White has committed: Nb1-Nc3") != std::string::npos);
  CHECK(told.find("Ng1-Nf3") != std::string::npos);
}

TEST_CASE("studio: a solve job reports progress, ends with the command's JSON and its certificate, and can be cancelled", "[studio]") {
  arbiter::test::ScratchDir dir;
  RunningStudio studio(dir.path("state"), 1);
  const auto [s1, started] = studio.post("/api/jobs", json{{"kind", "solve"}, {"input", source_file("puzzles/orthodox/problem-mansfield-1951-mate2.pgn")},
                                                           {"name", "mansfield.pgn"}, {"options", {{"threads", 1}}}}.dump());
  REQUIRE(s1 == 202);
  const json done = wait_for_end(studio, started["id"], 60);
  CHECK(done["state"] == "finished");
  CHECK(done["exit_status"] == 0);
  CHECK(done["result"]["verdict"] == "proved");
  CHECK(done["result"]["keys"] == json({"Bb5"}));
  CHECK(done["progress"]["total"].get<int>() > 0);
  CHECK(done["certificate"] == true);
  auto c = studio.client();
  const auto certificate = c.Get(("/api/jobs/" + done["id"].get<std::string>() + "/certificate").c_str());
  REQUIRE(certificate);
  CHECK(certificate->status == 200);
  CHECK(json::parse(certificate->body)["stipulation"] == "#2");

  // Bonham's Option #3 takes seconds: progress moves, a second job is refused (--max-jobs 1),
  // and a cancel ends it as Ctrl-C would, with what was proved marked partial.
  const auto [s2, long_job] = studio.post("/api/jobs", json{{"kind", "solve"}, {"input", source_file("puzzles/option/bonham-2014.pgn")},
                                                            {"options", {{"threads", 1}}}}.dump());
  REQUIRE(s2 == 202);
  const std::string id = long_job["id"];
  std::set<long long> seen;
  for (int i = 0; i < 100 && seen.size() < 3; ++i) {
    seen.insert(studio.get("/api/jobs/" + id).second["progress"]["done"].get<long long>());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(seen.size() >= 3);
  CHECK(studio.post("/api/jobs", json{{"kind", "solve"}, {"input", source_file("puzzles/option/bonham-2014.pgn")}}.dump()).first == 429);
  CHECK(studio.post("/api/jobs/" + id + "/cancel", "{}").first == 200);
  const json cancelled = wait_for_end(studio, id, 30);
  CHECK(cancelled["state"] == "cancelled");
  CHECK(cancelled["exit_status"] == 3);
  CHECK(cancelled["result"]["partial"] == true);
  CHECK(cancelled["certificate"] == false);
  CHECK(studio.get("/api/jobs/j999").first == 404);
}

TEST_CASE("studio: the events stream ends with the job", "[studio]") {
  arbiter::test::ScratchDir dir;
  RunningStudio studio(dir.path("state"));
  const auto [s1, started] = studio.post("/api/jobs", json{{"kind", "solve"}, {"input", source_file("puzzles/orthodox/problem-mansfield-1951-mate2.pgn")}}.dump());
  REQUIRE(s1 == 202);
  auto c = studio.client();
  const auto stream = c.Get(("/api/jobs/" + started["id"].get<std::string>() + "/events").c_str());
  REQUIRE(stream);
  CHECK(stream->get_header_value("Content-Type") == "text/event-stream");
  const std::string& text = stream->body;
  const auto end = text.find("event: end\ndata: ");
  REQUIRE(end != std::string::npos);
  const json job = json::parse(text.substr(end + 17, text.find('\n', end + 17) - end - 17));
  CHECK(job["result"]["verdict"] == "proved");
}

TEST_CASE("studio: a batch job fills the server's store, and a second run skips what it judged", "[studio]") {
  arbiter::test::ScratchDir dir;
  const std::string set = dir.path("set");
  std::filesystem::create_directories(set);
  for (const char* name : {"alekhine_0002_3.inp", "alekhine_0003_3.inp", "alekhine_0009_3.inp"})
    std::filesystem::copy_file(std::string(ARBITER_SHARED_DIR) + "/corpus/orthodox-problems/" + name, set + "/" + name);
  RunningStudio studio(dir.path("state"), 2, set);
  const auto [s1, first] = studio.post("/api/jobs", json{{"kind", "batch"}, {"options", {{"threads", 1}}}}.dump());
  REQUIRE(s1 == 202);
  const json done = wait_for_end(studio, first["id"], 120);
  INFO(done.dump());
  CHECK(done["state"] == "finished");
  CHECK(done["result"]["done"] == 3);
  CHECK(done["progress"]["done"] == 3);
  CHECK(done["progress"]["total"] == 3);
  CHECK(std::filesystem::exists(dir.path("state/batch.sqlite")));
  const auto [s2, second] = studio.post("/api/jobs", json{{"kind", "batch"}}.dump());
  const json again = wait_for_end(studio, second["id"], 60);
  CHECK(again["result"]["done"] == 0);
  CHECK(again["result"]["skipped"] == 3);
  CHECK(studio.post("/api/jobs", json{{"kind", "batch"}, {"options", {{"db", "/etc/x"}}}}.dump()).first == 400);
}

#else

TEST_CASE("studio: not built (no cpp-httplib)", "[studio]") {
  WARN("arbiter serve is not built here (libcpp-httplib-dev missing): the studio's API is not tested");
}

#endif
