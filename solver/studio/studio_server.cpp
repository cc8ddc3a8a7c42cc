#include "solver/studio/studio_server.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include <fmt/format.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "rules/core/json_depth.h"
#include "rules/core/parse_error.h"
#include "rules/notation/pgn.h"
#include "solver/problem/problem.h"
#include "solver/regress/checked_game.h"
#include "solver/studio/board_json.h"
#include "solver/studio/jobs.h"
#include "solver/studio/referee_games.h"
#include "solver/variants/registry.h"

namespace arbiter::studio {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

// A request the API cannot take: its HTTP status and the message the page shows.
struct HttpError : std::runtime_error {
  HttpError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

constexpr std::size_t MaxListedMoves = 3000;
constexpr std::size_t MaxLineMoves = 2000;  // moves of a line played on the board page

void send_json(httplib::Response& res, const ojson& j, int status = 200) {
  res.status = status;
  res.set_content(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), "application/json");
}

// The body as JSON, read as the certificate reader reads JSON (nesting bounded before parsing).
nlohmann::json body_json(const httplib::Request& req) {
  if (req.body.empty()) return nlohmann::json::object();
  try {
    check_json_depth(req.body, "request");
  } catch (const ParseError& e) {
    throw HttpError(400, e.what());
  }
  auto j = nlohmann::json::parse(req.body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw HttpError(400, "request:1:1: expected a JSON object as the body");
  return j;
}

std::string text_field(const nlohmann::json& j, const char* name, const std::string& fallback = "") {
  if (!j.contains(name) || j[name].is_null()) return fallback;
  if (!j[name].is_string()) throw HttpError(400, fmt::format("request: field '{}' must be a string", name));
  return j[name].get<std::string>();
}

std::vector<std::string> text_list(const nlohmann::json& j, const char* name, std::size_t most) {
  if (!j.contains(name) || j[name].is_null()) return {};
  if (!j[name].is_array()) throw HttpError(400, fmt::format("request: field '{}' must be a list of strings", name));
  if (j[name].size() > most) throw HttpError(400, fmt::format("request: field '{}' holds more than {} items", name, most));
  std::vector<std::string> out;
  for (const auto& item : j[name]) {
    if (!item.is_string()) throw HttpError(400, fmt::format("request: field '{}' must be a list of strings", name));
    out.push_back(item.get<std::string>());
  }
  return out;
}

InterpretationSettings interpret_field(const nlohmann::json& j) {
  InterpretationSettings settings;
  for (const auto& a : text_list(j, "interpret", 64)) settings.set_assignment(a, {"interpret", 1, 1});
  return settings;
}

// A file name the page gives its input: kept to a plain name so it can only name a file in the
// job's own folder, and so that the reader's messages name what the user called it.
std::string safe_name(const std::string& given, const std::string& fallback) {
  static const std::regex plain(R"([A-Za-z0-9][A-Za-z0-9._-]{0,63}\.(pgn|inp))");
  if (given.empty()) return fallback;
  if (!std::regex_match(given, plain))
    throw HttpError(400, fmt::format("request: name '{}' must be a plain file name ending in .pgn or .inp", given));
  return given;
}

bool loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

}  // namespace

struct StudioServer::Impl {
  StudioOptions options;
  httplib::Server http;
  JobManager jobs;
  std::vector<std::string> warnings;
  RefereeGames referee;
  int port = 0;

  explicit Impl(StudioOptions o)
      : options(std::move(o)),
        jobs((fs::path(options.state_dir) / "jobs").string(), options.program, options.max_jobs),
        referee((fs::path(options.state_dir) / "referee").string(), &warnings) {
    routes();
  }

  void routes();
  void position(const httplib::Request& req, httplib::Response& res, bool attempt);
  void replay(const httplib::Request& req, httplib::Response& res);
  void start_job(const httplib::Request& req, httplib::Response& res);
  void job_events(const std::string& id, httplib::Response& res);
  Color player(const std::string& game, const std::string& token, std::optional<Color> wanted);
};

void StudioServer::Impl::routes() {
  http.new_task_queue = [] { return new httplib::ThreadPool(16); };
  http.set_payload_max_length(options.max_body);  // a longer body: 413, before it is read
  http.set_read_timeout(10);
  http.set_write_timeout(10);
  // Bound to the loopback, the server answers only requests addressed to the loopback: a web page
  // elsewhere cannot reach it by making a name of its own resolve to 127.0.0.1 (DNS rebinding).
  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (!loopback(options.host)) return httplib::Server::HandlerResponse::Unhandled;
    std::string host = req.get_header_value("Host");
    // "name:port", "[::1]:port": the port is what follows the last ':' after any ']'.
    const auto bracket = host.find(']');
    const auto colon = host.rfind(':');
    if (colon != std::string::npos && (bracket == std::string::npos ? host.find(':') == colon : colon > bracket))
      host = host.substr(0, colon);
    if (host.size() > 1 && host.front() == '[') host = host.substr(1, host.size() - 2);
    if (loopback(host)) return httplib::Server::HandlerResponse::Unhandled;
    send_json(res, {{"error", "this server answers requests for localhost only"}}, 403);
    return httplib::Server::HandlerResponse::Handled;
  });
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    try {
      std::rethrow_exception(ep);
    } catch (const HttpError& e) {
      send_json(res, {{"error", e.what()}}, e.status);
    } catch (const TooManyJobs& e) {
      send_json(res, {{"error", e.what()}}, 429);
    } catch (const NotYourTurn& e) {
      send_json(res, {{"error", e.what()}}, 409);
    } catch (const ParseError& e) {
      send_json(res, {{"error", e.what()}}, 400);  // the reader's file:line:col message
    } catch (const problem::UnsupportedProblem& e) {
      send_json(res, {{"error", e.what()}}, 422);  // well-formed, but nothing in it can be played yet
    } catch (const std::exception& e) {
      send_json(res, {{"error", e.what()}}, 500);
    }
  });
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const char* what = res.status == 413 ? "the request body is larger than this server takes (--max-body)"
                       : res.status == 404 ? "no such page or API path"
                                           : "the request could not be served";
    send_json(res, {{"error", what}}, res.status);
  });

  http.Get("/api/variants", [](const httplib::Request&, httplib::Response& res) {
    ojson list = ojson::array();
    for (const auto& v : variants()) list.push_back({{"name", v.name}, {"start_fen", v.start_fen}});
    send_json(res, {{"variants", list}});
  });
  http.Post("/api/position", [this](const httplib::Request& req, httplib::Response& res) { position(req, res, false); });
  http.Post("/api/play", [this](const httplib::Request& req, httplib::Response& res) { position(req, res, true); });
  http.Post("/api/replay", [this](const httplib::Request& req, httplib::Response& res) { replay(req, res); });

  http.Post("/api/jobs", [this](const httplib::Request& req, httplib::Response& res) { start_job(req, res); });
  http.Get(R"(/api/jobs/([A-Za-z0-9]+))", [this](const httplib::Request& req, httplib::Response& res) {
    const auto job = jobs.get(req.matches[1]);
    if (!job) throw HttpError(404, "no such job");
    send_json(res, job_json(*job));
  });
  http.Get(R"(/api/jobs/([A-Za-z0-9]+)/events)", [this](const httplib::Request& req, httplib::Response& res) { job_events(req.matches[1], res); });
  http.Post(R"(/api/jobs/([A-Za-z0-9]+)/cancel)", [this](const httplib::Request& req, httplib::Response& res) {
    if (!jobs.cancel(req.matches[1])) throw HttpError(404, "no such job");
    send_json(res, job_json(*jobs.get(req.matches[1])));
  });
  http.Get(R"(/api/jobs/([A-Za-z0-9]+)/certificate)", [this](const httplib::Request& req, httplib::Response& res) {
    const auto file = jobs.certificate_file(req.matches[1]);
    if (!file) throw HttpError(404, "no certificate for this job (not a finished solve)");
    std::ifstream in(*file, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    res.set_header("Content-Disposition", fmt::format("attachment; filename=\"certificate-{}.json\"", std::string(req.matches[1])));
    res.set_content(text, "application/json");
  });

  http.Post("/api/referee", [this](const httplib::Request& req, httplib::Response& res) {
    const nlohmann::json body = body_json(req);
    const auto created = referee.create(text_field(body, "fen"), interpret_field(body));
    auto link = [&](const std::string& token) {
      return ojson{{"token", token}, {"link", fmt::format("/referee.html?game={}&token={}", created.game, token)}};
    };
    send_json(res, {{"game", created.game}, {"white", link(created.white_token)}, {"black", link(created.black_token)}});
  });
  http.Get(R"(/api/referee/([A-Za-z0-9]+))", [this](const httplib::Request& req, httplib::Response& res) {
    const std::string game = req.matches[1];
    send_json(res, referee.view(game, player(game, req.get_param_value("token"), std::nullopt)));
  });
  http.Get(R"(/api/referee/([A-Za-z0-9]+)/view/(white|black))", [this](const httplib::Request& req, httplib::Response& res) {
    const std::string game = req.matches[1];
    const Color wanted = req.matches[2] == "white" ? White : Black;
    send_json(res, referee.view(game, player(game, req.get_param_value("token"), wanted)));
  });
  http.Post(R"(/api/referee/([A-Za-z0-9]+)/move)", [this](const httplib::Request& req, httplib::Response& res) {
    const std::string game = req.matches[1];
    const nlohmann::json body = body_json(req);
    const Color c = player(game, text_field(body, "token"), std::nullopt);
    RefereeMove move{text_field(body, "move"), text_field(body, "uci"), text_field(body, "decision")};
    if (move.text.empty() && move.uci.empty()) throw HttpError(400, "request: give 'move' (SAN) or 'uci'");
    const RefereeAnswer answer = referee.move(game, c, move);
    ojson j{{"legal", answer.legal}};
    if (!answer.legal) j["predicate"] = answer.predicate ? ojson(*answer.predicate) : ojson(nullptr);
    j["message"] = answer.message;
    j["view"] = referee.view(game, c);
    send_json(res, j);
  });

  if (!options.web_dir.empty() && !http.set_mount_point("/", options.web_dir))
    throw std::runtime_error(fmt::format("{}: no such folder of pages", options.web_dir));
}

Color StudioServer::Impl::player(const std::string& game, const std::string& token, std::optional<Color> wanted) {
  switch (referee.access(game, token)) {
    case RefereeGames::Access::NoGame: throw HttpError(404, "no such game");
    case RefereeGames::Access::Denied: throw HttpError(403, "this token opens no view of this game");
    case RefereeGames::Access::White:
      if (wanted && *wanted != White) throw HttpError(403, "this token opens White's view only");
      return White;
    case RefereeGames::Access::Black:
      if (wanted && *wanted != Black) throw HttpError(403, "this token opens Black's view only");
      return Black;
  }
  throw HttpError(403, "no access");
}

void StudioServer::Impl::position(const httplib::Request& req, httplib::Response& res, bool attempt) {
  const nlohmann::json body = body_json(req);
  const VariantEngines& rules = find_variant(text_field(body, "variant", default_variant().name), {"variant", 1, 1});
  const InterpretationSettings interpret = interpret_field(body);
  std::string fen = text_field(body, "fen");
  fen = fen.empty() ? rules.start_fen : rules.normalize_fen(fen, {"fen", 1, 1}, {});
  const std::vector<std::string> moves = text_list(body, "moves", MaxLineMoves);
  std::optional<play::Attempt> tried;
  if (attempt) {
    tried = play::Attempt{text_field(body, "move"), text_field(body, "uci")};
    if (tried->text.empty() && tried->uci.empty()) throw HttpError(400, "request: give 'move' (the variant's notation) or 'uci'");
  }
  const play::LineState line = rules.play_line(fen, {"fen", 1, 1}, moves, tried, MaxListedMoves, interpret);
  if (!attempt) return send_json(res, line_json(rules, fen, line, interpret));
  if (line.refused)
    return send_json(res, {{"legal", false},
                           {"predicate", line.refused->predicate ? ojson(*line.refused->predicate) : ojson(nullptr)},
                           {"message", line.refused->message}});
  send_json(res, {{"legal", true}, {"text", line.accepted->text}, {"position", line_json(rules, fen, line, interpret)}});
}

void StudioServer::Impl::replay(const httplib::Request& req, httplib::Response& res) {
  const nlohmann::json body = body_json(req);
  const std::string name = safe_name(text_field(body, "name"), "game.pgn");
  const std::vector<PgnGame> records = read_pgn(text_field(body, "pgn"), name);
  if (records.empty()) throw ParseError({name, 1, 1}, "expected at least one game (tag pairs and movetext ending in a result)");
  ojson games = ojson::array();
  int number = 0;
  for (const PgnGame& record : records) {
    const CheckedGame checked = check_game(record, ++number, interpret_field(body));
    ojson g = ojson::parse(game_json(checked).dump());
    const VariantEngines& rules = find_variant(record.tag("Variant").value_or(""), record.where);
    const std::string fen = rules.setup_fen(std::string(record.tag("FEN").value_or(rules.start_fen)),
                                            record.tag_value_location("FEN").value_or(record.where), record);
    std::vector<std::string> moves;
    for (const PgnMove& m : record.moves) moves.push_back(m.san);
    g["record"] = {{"variant", rules.name}, {"fen", fen}, {"moves", moves}};
    games.push_back(std::move(g));
  }
  send_json(res, {{"games", games}});
}

void StudioServer::Impl::start_job(const httplib::Request& req, httplib::Response& res) {
  const nlohmann::json body = body_json(req);
  const std::string kind = text_field(body, "kind");
  const nlohmann::json given = body.contains("options") ? body["options"] : nlohmann::json::object();
  if (!given.is_object()) throw HttpError(400, "request: 'options' must be an object");
  // Each kind's options, as the command's flags: nothing else reaches the command line.
  static const std::map<std::string, std::vector<std::string>> allowed{
      {"solve", {"max_seconds", "max_nodes", "threads", "tries", "refutations", "problem"}},
      {"verify", {"max_seconds", "max_nodes", "threads", "problem"}},
      {"compose", {"variant", "stipulation", "material", "count", "seed", "max_seconds", "threads"}},
      {"regress", {"max_seconds"}},
      {"batch", {"max_seconds", "threads", "retry_unknown"}}};
  const auto kind_options = allowed.find(kind);
  if (kind_options == allowed.end()) throw HttpError(400, "request: 'kind' must be solve, verify, compose, regress or batch");
  std::string folder;
  const std::string id = jobs.reserve(&folder);
  std::vector<std::string> args{kind};
  std::string certificate;
  if (kind == "solve" || kind == "verify") {
    const std::string name = safe_name(text_field(body, "name"), "problem.pgn");
    const std::string input = text_field(body, "input");
    const std::string path = (fs::path(folder) / name).string();
    // Read here first, by the command's own reader: a file that cannot be read at all is a 400
    // now, not a failed job. Each problem gets its own result from the job, a malformed or
    // unsupported one included; only when none can be played is the request refused.
    const auto problems = problem::read_problem_entries(input, name, problem::PublishedLines::Checked);
    if (std::none_of(problems.begin(), problems.end(), [](const problem::Problem& p) { return p.playable(); }))
      problem::require_playable(problems);
    if (problems.size() == 1) {  // a single problem's position is checked now too, by its rules
      const auto& p = problems.front();
      const VariantEngines& rules = find_variant(p.variant, p.where);
      rules.normalize_fen(p.published ? rules.setup_fen(p.fen, p.fen_location, *p.published) : p.fen, p.fen_location,
                        p.interpretations);
    }
    std::ofstream(path, std::ios::binary) << input;
    args.push_back(path);
    if (kind == "solve") {
      certificate = (fs::path(folder) / "certificate.json").string();
      args.insert(args.end(), {"--certificate-if-proved", certificate});
    }
  } else if (kind == "regress") {
    args.insert(args.end(), {options.puzzles_dir, "--defaults-only", "--out", (fs::path(folder) / "reports").string()});
  } else if (kind == "batch") {
    // One store for the server: a batch run again skips what it has judged (solver/batch/).
    args.insert(args.end(), {options.puzzles_dir, "--db", (fs::path(options.state_dir) / "batch.sqlite").string()});
  } else {
    args.insert(args.end(), {"--out", (fs::path(folder) / "composed").string()});
  }
  for (const auto& [key, value] : given.items()) {
    const auto& names = kind_options->second;
    if (std::find(names.begin(), names.end(), key) == names.end())
      throw HttpError(400, fmt::format("request: option '{}' is not one of {}'s", key, kind));
    std::string flag = "--" + key;
    std::replace(flag.begin(), flag.end(), '_', '-');
    if (value.is_boolean()) {
      if (value.get<bool>()) args.push_back(flag);
    } else if (value.is_number() || value.is_string()) {
      args.push_back(flag);
      args.push_back(value.is_string() ? value.get<std::string>() : value.dump());
    } else {
      throw HttpError(400, fmt::format("request: option '{}' must be a number, a string or true/false", key));
    }
  }
  args.push_back("--json");
  jobs.start(id, kind, args, certificate);
  send_json(res, {{"id", id}}, 202);
}

void StudioServer::Impl::job_events(const std::string& id, httplib::Response& res) {
  if (!jobs.get(id)) throw HttpError(404, "no such job");
  res.set_header("Cache-Control", "no-store");
  auto seen = std::make_shared<std::uint64_t>(~std::uint64_t(0));
  res.set_chunked_content_provider("text/event-stream", [this, id, seen](std::size_t, httplib::DataSink& sink) {
    const auto job = jobs.wait_change(id, *seen, std::chrono::milliseconds(500));
    if (!job) return false;
    std::string event;
    if (job->version != *seen) {
      *seen = job->version;
      const ojson j = job_json(*job);
      event = job->state == JobState::Running ? fmt::format("event: progress\ndata: {}\n\n", j["progress"].dump())
                                              : fmt::format("event: end\ndata: {}\n\n", j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    } else {
      event = ": waiting\n\n";  // a comment: keeps the connection, and finds a page that has gone
    }
    if (!sink.write(event.data(), event.size())) return false;
    if (job->state != JobState::Running) sink.done();
    return true;
  });
}

StudioServer::StudioServer(StudioOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
StudioServer::~StudioServer() { stop(); }

int StudioServer::bind() {
  auto& o = impl_->options;
  const int port = o.port == 0 ? impl_->http.bind_to_any_port(o.host) : (impl_->http.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0) throw std::runtime_error(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", o.host, o.port));
  impl_->port = port;
  return port;
}

void StudioServer::serve() { impl_->http.listen_after_bind(); }
void StudioServer::stop() {
  if (impl_) impl_->http.stop();
}
const std::vector<std::string>& StudioServer::warnings() const { return impl_->warnings; }

}  // namespace arbiter::studio
