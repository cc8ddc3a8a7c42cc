// Every solution of the problem corpora round-trips through a certificate (issue #20): solved as
// `arbiter solve --certificate` solves it (each problem, each twin, with its tree), written as
// the certificate that command writes, and replayed by `arbiter check-certificate` (the command
// itself, one run over all certificates), which must find every one valid. Each certificate must
// also carry every key (helpmates: every solution) the solver found, so none is left unchecked.
//
// The corpora: the orthodox direct mates (../shared/corpus/orthodox-problems), the helpmates and
// selfmates with Popeye's solutions (../shared/corpus/orthodox-help-self), and the problems
// shipped in puzzles/ (orthodox, Option Chess, the composer's problems).
//
// CI solves a fixed subset, chosen by measurement (about 7 s of CPU in Release, the whole corpora
// 21 s): every shipped problem with a solution (Bonham's, which its file expects refuted, has
// none to certify and takes 7 s), every direct mate of the corpus, and the help/self problems the
// corpus suite calls quick (tests/corpus/help_self_corpus_test.cpp: Popeye took under 8 s without option
// Intelligent, or an Intelligent helpmate up to h#2.5). Left out are 62 help/self problems, 58 of
// them longer Intelligent helpmates, about 15 s together (one h#4 alone 5 s). Under the
// sanitizers the subset shrinks to the problems Popeye solved in 0.05 s (direct) and 0.2 s
// (help/self). The whole corpora are the hidden test "[.][certificate-full]" (not run by ctest):
// run it with  build/tests/arbiter_tests_property "[certificate-full]".

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/problem/problem.h"
#include "solver/problem/solve_units.h"
#include "solver/prover/certificate.h"
#include "solver/variants/registry.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;
using nlohmann::ordered_json;

namespace {

namespace fs = std::filesystem;

// The corpus problems CI solves (see above).
bool in_ci_subset(const test::CorpusProblem& p) {
#ifdef ARBITER_SANITIZED
  return p.popeye_seconds <= 0.05;
#else
  (void)p;
  return true;
#endif
}

bool in_ci_subset(const test::HelpSelfProblem& row, const problem::Problem& p) {
  const auto options = p.tags.find("PopeyeOptions");
  const bool intelligent = options != p.tags.end() && options->second.find("Intelligent") != std::string::npos;
#ifdef ARBITER_SANITIZED
  return !intelligent && row.popeye_seconds <= 0.2;
#else
  if (intelligent) return p.stipulation.kind == Stipulation::HelpMate && p.stipulation.moves <= 2;
  return row.popeye_seconds < 8.0;
#endif
}

struct RoundTrip {
  ordered_json certificates = ordered_json::array();
  std::vector<std::string> names;  // "file #problem twin", per certificate
  int problems = 0, units = 0;
  std::vector<std::string> refuted;  // "file #problem twin)" of each unit proved to have no solution
  std::size_t keys = 0, help_solutions = 0;
  std::vector<std::string> failures;  // units that should have given a certificate and did not
};

// As `arbiter solve FILE --certificate OUT` does (solver/cli/solve_command.cpp and
// problem_input.cpp): each problem of the file that `wanted` picks, each twin, solved with its
// tree; a proved unit gives a certificate.
void solve_file(const std::string& path, RoundTrip& out,
                const std::function<bool(const problem::Problem&)>& wanted = [](const problem::Problem&) { return true; }) {
  for (auto& p : problem::read_problem_file(path)) {
    if (!wanted(p)) continue;
    ++out.problems;
    const VariantEngines& rules = find_variant(p.variant, p.where);
    // The variant's set-up tags (Option Chess's [Tokens]) belong to the position (load_problems()).
    if (p.published) p.fen = rules.setup_fen(p.fen, p.fen_location, *p.published);
    for (const auto& unit : problem::solve_units(p)) {
      ++out.units;
      prover::SolveOptions options;
      problem::set_stipulation(options, unit.stipulation, p.set_play);
      options.build_tree = true;
      options.max_tree_nodes = 1'000'000;  // no corpus tree is cut: every key is certified whole
      const prover::Solution s = rules.solve(unit.fen, p.fen_location, options, p.interpretations);
      std::string name = fs::path(path).filename().string();
      name += " #" + std::to_string(p.number);
      if (!unit.label.empty()) name += " " + unit.label + ")";
      if (s.verdict == prover::Verdict::Refuted) {  // no solution (the corpus's negatives) or a cook
        out.refuted.push_back(name);
        continue;
      }
      if (s.verdict != prover::Verdict::Proved || !s.tree_complete) {
        out.failures.push_back(name + ": " + prover::verdict_name(s.verdict) + " " + s.reason + s.tree_note);
        continue;
      }
      ordered_json c = prover::make_certificate(s);
      if (!unit.label.empty()) c["twin"] = unit.label;
      for (const auto& e : p.interpretations.entries()) c["interpretations"][e.id] = e.choice;
      // Every key (every helpmate solution) the solver found is in the certificate.
      if (s.goal == prover::Goal::HelpMate) {
        if (c.at("solutions").size() != s.solutions.size()) out.failures.push_back(name + ": a solution is missing");
        out.help_solutions += s.solutions.size();
      } else {
        std::set<std::string> found, certified;
        for (const auto& k : s.keys) found.insert(k.uci);
        for (const auto& k : c.at("keys")) certified.insert(k.at("move").get<std::string>());
        if (found != certified) out.failures.push_back(name + ": the certificate's keys are not the solution's");
        out.keys += s.keys.size();
      }
      out.certificates.push_back(c);
      out.names.push_back(name);
    }
  }
}

// The problem files shipped in puzzles/ (PGN files with a [Stipulation] tag), in path order.
std::vector<std::string> shipped_problem_files() {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(ARBITER_SOURCE_DIR) / "puzzles"))
    if (e.is_regular_file() && e.path().extension() == ".pgn" &&
        test::read_text_file(e.path().string()).find("[Stipulation ") != std::string::npos)
      files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// One `arbiter check-certificate --json` run over every certificate: each must be valid.
void check_with_the_command(const RoundTrip& r) {
  REQUIRE(r.certificates.size() > 0);
  test::ScratchDir dir;
  const std::string file = dir.write("certificates.json", ordered_json{{"certificates", r.certificates}}.dump());
  const test::CliRun run = test::run_arbiter_command("check-certificate --json " + test::shell_quote(file), dir);
  INFO(run.err);
  REQUIRE(run.status >= 0);
  const json report = json::parse(run.out);
  REQUIRE(report.at("certificates").size() == r.certificates.size());
  int invalid = 0;
  for (std::size_t i = 0; i < r.certificates.size(); ++i) {
    const json& result = report["certificates"][i];
    if (result.at("verdict") != "valid" && ++invalid <= 5) {
      INFO(r.names[i] << ": " << result.at("errors").dump());
      CHECK(result.at("verdict") == "valid");
    }
  }
  CHECK(invalid == 0);
  CHECK(run.status == 0);
}

void print_totals(const std::string& what, const RoundTrip& r, std::chrono::steady_clock::time_point start) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WARN(what << ": " << r.problems << " problems, " << r.units << " solved units (twins apart), " << r.certificates.size()
            << " certificates (" << r.keys << " keys, " << r.help_solutions << " helpmate solutions), " << r.refuted.size()
            << " refuted, " << seconds << " s");
}

void require_no_failures(const RoundTrip& r) {
  std::string all;
  for (const auto& f : r.failures) all += f + "\n";
  INFO(all);
  CHECK(r.failures.empty());
}

// The corpora's problems (`ci_only`: the CI subset) round-tripped: every certificate valid, and
// the units proved to have no solution exactly the problems Popeye found none for.
RoundTrip corpus_round_trip(bool ci_only) {
  RoundTrip r;
  std::vector<std::string> negatives;
  for (const auto& p : test::orthodox_corpus()) {
    if (ci_only && !in_ci_subset(p)) continue;
    if (p.popeye_keys.empty()) negatives.push_back(p.file + " #1");
    solve_file(test::orthodox_corpus_path(p.file), r);
  }
  for (const auto& row : test::help_self_corpus())
    solve_file(test::help_self_corpus_path(row.file), r, [&](const problem::Problem& p) {
      if (ci_only && !in_ci_subset(row, p)) return false;
      if (row.solution_count == 0) negatives.push_back(row.file + " #1");
      return true;
    });
  require_no_failures(r);
  std::sort(negatives.begin(), negatives.end());
  std::sort(r.refuted.begin(), r.refuted.end());
  CHECK(r.refuted == negatives);
  check_with_the_command(r);
  return r;
}

}  // namespace

TEST_CASE("certificate round trip: every shipped problem's solution is accepted by check-certificate", "[property][certificate][cli]") {
  const auto start = std::chrono::steady_clock::now();
  RoundTrip r;
  for (const auto& f : shipped_problem_files()) solve_file(f, r, [](const problem::Problem& p) {
      const auto expected = p.tags.find("ExpectedVerdict");  // a problem expected refuted has no solution
      return expected == p.tags.end() || expected->second != "refuted";
    });
  require_no_failures(r);
  CHECK(r.problems >= 30);
  CHECK(r.refuted.empty());  // the others are sound: their files say so, and regress checks it
  check_with_the_command(r);
  print_totals("puzzles/", r, start);
}

TEST_CASE("certificate round trip: the corpora's problems, accepted by check-certificate", "[property][certificate][cli]") {
  const auto start = std::chrono::steady_clock::now();
  const RoundTrip r = corpus_round_trip(true);
#ifdef ARBITER_SANITIZED
  CHECK(r.problems >= 200);
#else
  CHECK(r.problems == 270 + 138);
#endif
  print_totals("corpora (CI subset)", r, start);
}

TEST_CASE("certificate round trip: the whole corpora (slow: run by hand)", "[.][certificate-full]") {
  const auto start = std::chrono::steady_clock::now();
  const RoundTrip r = corpus_round_trip(false);
  CHECK(r.problems == 270 + 200);
  print_totals("whole corpora", r, start);
}
