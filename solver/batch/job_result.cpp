#include "solver/batch/job_result.h"
#include "solver/elapsed.h"

#include <chrono>
#include <exception>

#include <fmt/format.h>

#include "solver/regress/puzzle_run.h"

namespace arbiter::batch {

namespace {

// The published solution against the proof, in a problemist's words, from verify's JSON.
std::string comparison_of(const regress::PuzzleRun& run) {
  const nlohmann::json& d = run.detail;
  if (run.kind == "replay") return run.verdict == "legal" ? "every move legal, every claim verified" : run.summary();
  std::vector<std::string> parts;
  const auto key = d.find("published_key");
  if (key != d.end() && key->is_string() && !key->get<std::string>().empty())
    parts.push_back(fmt::format("published key 1.{} {}", key->get<std::string>(),
                                d.value("published_key_is_key", false) ? "is a key" : "is NOT a key"));
  int failing = 0;
  for (const auto& c : d.value("claims", nlohmann::json::array())) failing += !c.value("holds", true);
  if (failing > 0) parts.push_back(fmt::format("{} published claim{} fail{}", failing, failing == 1 ? "" : "s", failing == 1 ? "s" : ""));
  for (const auto& f : d.value("findings", nlohmann::json::array())) parts.push_back(f.value("kind", ""));
  std::string text;
  for (const auto& p : parts) text.append(text.empty() ? "" : "; ").append(p);
  return text.empty() ? "published solution holds" : text;
}

PuzzleResult result_of(const regress::PuzzleRun& run) {
  PuzzleResult r;
  r.number = run.number;
  r.kind = run.kind;
  r.variant = run.variant;
  r.title = run.title;
  r.stipulation = run.detail.value("stipulation", std::string());
  r.verdict = run.verdict;
  r.reason = run.reason;
  const bool help = run.detail.contains("solutions");
  (help ? r.solutions : r.keys) = run.keys;  // twin-labelled ("b) ...") when the problem has twins
  r.comparison = comparison_of(run);
  r.nodes = run.detail.value("nodes", std::int64_t{0});
  r.seconds = run.seconds;
  r.interpretations = nlohmann::json::object();
  for (const auto& [name, value] : run.tags)
    if (name == "Interpret") r.interpretations[value.substr(0, value.find('='))] = value.substr(value.find('=') + 1);
  r.detail = run.detail;
  return r;
}

}  // namespace

JobResult failed_job(const std::string& file, const std::string& verdict, const std::string& reason, double seconds) {
  PuzzleResult row;
  row.verdict = verdict;
  row.reason = reason;
  row.seconds = seconds;
  row.interpretations = nlohmann::json::object();
  return {file, {row}, seconds};
}

JobResult evaluate_file(const std::string& file, const prover::Limits& limits, int threads) {
  const auto start = std::chrono::steady_clock::now();
  try {
    regress::RunOptions options;
    options.limits = limits;
    options.threads = threads;
    JobResult result{file, {}, 0};
    for (const auto& run : regress::run_puzzle_file(file, {}, options)) result.puzzles.push_back(result_of(run));
    result.seconds = seconds_since(start);
    return result;
  } catch (const std::bad_alloc&) {
    return failed_job(file, VerdictCrashed, "out of memory", seconds_since(start));
  } catch (const std::exception& e) {  // ParseError (file:line:col: what was expected), unreadable file
    return failed_job(file, VerdictError, e.what(), seconds_since(start));
  }
}

nlohmann::json to_json(const JobResult& r) {
  nlohmann::json puzzles = nlohmann::json::array();
  for (const auto& p : r.puzzles)
    puzzles.push_back({{"number", p.number}, {"kind", p.kind}, {"variant", p.variant}, {"stipulation", p.stipulation},
                       {"title", p.title}, {"verdict", p.verdict}, {"reason", p.reason}, {"keys", p.keys},
                       {"solutions", p.solutions}, {"comparison", p.comparison}, {"nodes", p.nodes},
                       {"seconds", p.seconds}, {"interpretations", p.interpretations}, {"detail", p.detail}});
  return {{"file", r.file}, {"seconds", r.seconds}, {"puzzles", puzzles}};
}

JobResult job_result_from_json(const nlohmann::json& j) {
  JobResult r;
  r.file = j.at("file").get<std::string>();
  r.seconds = j.at("seconds").get<double>();
  for (const auto& p : j.at("puzzles")) {
    PuzzleResult row;
    row.number = p.at("number").get<int>();
    row.kind = p.at("kind").get<std::string>();
    row.variant = p.at("variant").get<std::string>();
    row.stipulation = p.at("stipulation").get<std::string>();
    row.title = p.at("title").get<std::string>();
    row.verdict = p.at("verdict").get<std::string>();
    row.reason = p.at("reason").get<std::string>();
    row.keys = p.at("keys").get<std::vector<std::string>>();
    row.solutions = p.at("solutions").get<std::vector<std::string>>();
    row.comparison = p.at("comparison").get<std::string>();
    row.nodes = p.at("nodes").get<std::int64_t>();
    row.seconds = p.at("seconds").get<double>();
    row.interpretations = p.at("interpretations");
    row.detail = p.at("detail");
    r.puzzles.push_back(std::move(row));
  }
  return r;
}

}  // namespace arbiter::batch
