// arbiter bench [--stockfish PATH] [--epd FILE] [--repeat N] [--json]
// arbiter bench --problems DIR [--peer POPEYE] [--max-seconds S] [--threads N] [--hash MB] [--no-tree] [--json]
//   direct mates against Popeye run live on each file (--peer), or against its recorded .out times
// arbiter bench --help-self DIR [--peer POPEYE] [--max-seconds S] [--json]
// arbiter bench --record-length [--plies 1000,...] [--variants a,b] [--chart FILE.svg] [--stockfish PATH] [--json]
// arbiter bench --restore DIR [--count N] [--sizes 1,2,3] [--seed S] [--max-seconds S] [--threads N] [--json]
// arbiter bench --popeye-suite DIR [--peer POPEYE] [--max-seconds S] [--report FILE.md] [--json]

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "solver/bench/compose_bench.h"
#include "solver/bench/help_self_bench.h"
#include "solver/bench/perft_bench.h"
#include "solver/bench/popeye_suite_bench.h"
#include "solver/bench/popeye_suite_page.h"
#include "solver/bench/problem_bench.h"
#include "solver/bench/batch_bench.h"
#include "solver/bench/record_length_bench.h"
#include "solver/bench/restore_bench.h"
#include "solver/bench/uci_engine.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/prover/solve_options.h"
#include "solver/prover/transposition_table.h"
#include "solver/report/compose_gallery.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

namespace {
struct Args {
  std::string stockfish = UciEngine::default_path();
  std::string epd;
  std::string problems;
  bool no_tree = false;
  int repeats = 3;
  bool json = false;
  double compose_seconds = 0;
  std::vector<std::string> compose_stipulations;  // "#2,#3,h=2,ser-h#5,ser-#4" (empty: the default #2 and #3)
  std::uint64_t seed = 1;
  std::string gallery;
  std::string composed = "puzzles/composed";
  std::string help_self;  // --help-self DIR
  std::string peer;       // --peer POPEYE
  double max_seconds = 60;
  std::string restore;  // --restore DIR
  int count = 100;
  std::vector<int> sizes{1, 2, 3};
  int threads = prover::default_threads();
  std::size_t hash_mb = 64;
  std::uint64_t candidate_nodes = 2'000'000;
  bool record_length = false;  // --record-length
  std::vector<int> plies{1000, 3000, 10000, 30000, 100000, 300000, 1000000};
  std::vector<std::string> variant_names{"orthodox", "option", "timetravel", "transactional", "conditional"};
  std::string chart;  // --chart FILE.svg
  std::vector<std::string> batch;  // --batch PATH...
  int mpi_ranks = 0;               // --mpi-ranks K
  std::string popeye_suite;        // --popeye-suite DIR
  std::string report;              // --report FILE.md (with --popeye-suite)
  bool max_seconds_given = false;  // --max-seconds on the command line (the suite's default is lower)
  bool hash_given = false;         // --hash on the command line (the suite's default is solve's)
};

// Popeye's suite against its expected outputs (and the live peer): the coverage dashboard.
int run_popeye_suite(const Args& args) {
  SuiteBenchOptions options;
  options.peer = args.peer;
  options.max_seconds = args.max_seconds_given ? args.max_seconds : 10;
  // The table `solve` would have (Popeye's own default is 1 GB): the long structured walks need
  // millions of entries, and every table starts small and grows only as a search fills it.
  options.hash_mb = args.hash_given ? args.hash_mb : prover::default_hash_megabytes();
  options.threads = args.threads;
  const bool show = progress_visible(args.json);
  int files = 0;
  const auto rows = run_popeye_suite_bench(args.popeye_suite, options, [&](int done, int total, const std::string& what) {
    if (show) std::cerr << fmt::format("\r\033[K  [{}/{}] {}", done + 1, total, what) << std::flush;
  }, &files);
  if (show) std::cerr << "\r\033[K" << std::flush;
  const SuiteSummary summary = summarise_suite(rows, files);
  SuitePageContext context;
  context.command = fmt::format("arbiter bench --popeye-suite {}{} --max-seconds {} --threads {}{}", args.popeye_suite,
                                args.peer.empty() ? "" : " --peer " + args.peer, options.max_seconds, options.threads,
                                args.report.empty() ? "" : " --report " + args.report);
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char date[16];
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  context.date = date;
  context.peer = args.peer;
  context.max_seconds = options.max_seconds;
  if (!args.report.empty()) {
    const std::filesystem::path page(args.report);
    const std::string chart = page.stem().string() + ".svg";
    write_file_atomically((page.parent_path() / chart).string(), popeye_suite_chart_svg(summary));
    write_file_atomically(page.string(), popeye_suite_markdown(summary, rows, context, chart));
  }
  if (args.json) std::cout << popeye_suite_json(summary, rows, context).dump(2) << "\n";
  else std::cout << popeye_suite_text(summary, rows, context);
  return summary.total.different == 0 ? ExitOk : ExitClaimFalse;
}

// The record-length benchmark: read and replay time against the record's length, per rule set,
// with Stockfish given the same orthodox moves side by side.
int run_record_length(const Args& args) {
  const bool show = progress_visible(args.json);
  const auto rows = run_record_length_bench(args.plies, args.variant_names, args.stockfish, [&](const std::string& what) {
    if (show) std::cerr << "  " << what << "\n";
  });
  nlohmann::ordered_json out = {{"peer", args.stockfish}, {"rows", nlohmann::ordered_json::array()},
                                {"exponents", nlohmann::ordered_json::object()}};
  bool whole = true;
  if (!args.json)
    std::cout << fmt::format("{:<14} {:>8} {:>10} {:>9} {:>9} {:>11} {:>9} {:>7}\n", "rule set", "plies", "PGN bytes", "read s",
                             "replay s", "us per ply", "peer s", "ratio");
  for (const auto& r : rows) {
    whole = whole && r.replayed_whole;
    const double ratio = r.peer_seconds > 0 ? r.replay_seconds / r.peer_seconds : 0;
    nlohmann::ordered_json row = {{"variant", r.variant}, {"plies", r.plies}, {"bytes", r.bytes},
                                  {"read_seconds", r.read_seconds}, {"replay_seconds", r.replay_seconds},
                                  {"replayed_whole", r.replayed_whole}};
    if (r.peer_seconds >= 0) row["peer_seconds"] = r.peer_seconds, row["ratio"] = ratio;
    out["rows"].push_back(row);
    if (!args.json)
      std::cout << fmt::format("{:<14} {:>8} {:>10} {:>9.3f} {:>9.3f} {:>11.2f} {:>9} {:>7}{}\n", r.variant, r.plies, r.bytes,
                               r.read_seconds, r.replay_seconds, 1e6 * r.replay_seconds / r.plies,
                               r.peer_seconds >= 0 ? fmt::format("{:.3f}", r.peer_seconds) : "-",
                               r.peer_seconds > 0 ? fmt::format("{:.2f}", ratio) : "-",
                               r.replayed_whole ? "" : "  NOT REPLAYED WHOLE");
  }
  for (const auto& name : args.variant_names) {
    const std::string canonical = find_variant(name).name;
    nlohmann::ordered_json e = {{"read", growth_exponent(rows, canonical, TimeField::Read)},
                                {"replay", growth_exponent(rows, canonical, TimeField::Replay)}};
    if (canonical == "orthodox" && !args.stockfish.empty()) e["peer"] = growth_exponent(rows, canonical, TimeField::Peer);
    out["exponents"][canonical] = e;
    if (!args.json)
      std::cout << fmt::format("{:<14} growth exponent (slope of log time on log plies): read {:.2f}, replay {:.2f}{}\n",
                               canonical, e["read"].get<double>(), e["replay"].get<double>(),
                               e.contains("peer") ? fmt::format(", peer {:.2f}", e["peer"].get<double>()) : "");
  }
  if (!args.json)
    std::cout << "(1.00 is linear, 2.00 quadratic; ratio = our replay time / Stockfish's `position startpos moves ...`\n"
                 " on the same moves, run side by side; Stockfish checks no notation and keeps no report)\n";
  if (!args.chart.empty()) write_file_atomically(args.chart, record_length_chart_svg(rows));
  out["replayed_whole"] = whole;
  if (args.json) std::cout << out.dump(2) << "\n";
  return whole ? ExitOk : ExitClaimFalse;
}

// The restore benchmark: sound problems damaged at random, restored by the correction search.
int run_restore(const Args& args) {
  RestoreBenchOptions o;
  o.count = args.count;
  o.sizes = args.sizes;
  o.seed = args.seed;
  o.max_seconds = args.max_seconds;
  o.threads = args.threads;
  o.candidate_nodes = args.candidate_nodes;
  const bool show = progress_visible(args.json);
  auto rows = run_restore_bench(args.restore, o, [&](int done, int total, const std::string& what) {
    if (show) std::cerr << fmt::format("\r  [{}/{}] {}          ", done, total, what) << std::flush;
  });
  if (show) std::cerr << "\r" << std::string(70, ' ') << "\r" << std::flush;
  const auto summary = summarise_restore_bench(rows);
  if (args.json) {
    nlohmann::ordered_json j;
    j["folder"] = args.restore;
    j["seed"] = args.seed;
    j["max_seconds"] = args.max_seconds;
    j["summary"] = nlohmann::ordered_json::array();
    for (const auto& s : summary) j["summary"].push_back(restore_summary_json(s));
    j["rows"] = nlohmann::ordered_json::array();
    for (const auto& r : rows) j["rows"].push_back(restore_row_json(r));
    std::cout << j.dump(2) << "\n";
    return ExitOk;
  }
  for (const auto& r : rows) {
    std::string damage, version;
    for (const auto& d : r.damage) damage += (damage.empty() ? "" : std::string(" ")) + d;
    for (const auto& v : r.version_changes) version += (version.empty() ? "" : std::string(" ")) + v;
    std::cout << fmt::format("{:<24} {} damage {} [{}]: {}\n", r.problem, r.stipulation, r.size, damage,
                             r.found ? fmt::format("version at cost {} [{}] in {:.1f} s{}", r.cost,
                                                   version.empty() ? "as damaged" : version, r.seconds,
                                                   r.cheapest_proved ? "" : " (cheapest not proved)")
                                     : fmt::format("none found in {:.1f} s ({})", r.seconds, r.limit.empty() ? "space covered" : r.limit));
  }
  std::cout << "\n| damage | problems | sound version found | still sound as damaged | by cost | median time to a version | stopped by the limit |\n"
               "|---|---|---|---|---|---|---|\n";
  for (const auto& s : summary) {
    std::string costs;
    for (std::size_t c = 0; c < s.by_cost.size(); ++c)
      if (s.by_cost[c]) costs += fmt::format("{}{}: {}", costs.empty() ? "" : ", ", c, s.by_cost[c]);
    std::cout << fmt::format("| {} edit{} | {} | {} ({:.0f}%) | {} | {} | {:.2f} s | {} |\n", s.size, s.size == 1 ? "" : "s",
                             s.problems, s.found, s.problems ? 100.0 * s.found / s.problems : 0.0, s.still_sound,
                             costs.empty() ? "-" : costs, s.median_seconds_found, s.stopped);
  }
  return ExitOk;
}

// The helpmate and selfmate benchmark: a corpus folder solved by us and by Popeye side by side.
int run_help_self_bench(const Args& args) {
  HelpSelfBenchOptions options;
  options.peer = args.peer;
  options.max_seconds = args.max_seconds;
  options.tree = !args.no_tree;
  options.threads = args.threads;
  auto rows = arbiter::run_help_self_bench(args.help_self, options, [&](int done, int total, const std::string& name) {
    if (progress_visible(args.json)) std::cerr << fmt::format("\r  {}/{} {:<40}", done + 1, total, name) << std::flush;
  });
  if (progress_visible(args.json)) std::cerr << "\r" << std::string(60, ' ') << "\r";
  const bool peer = !args.peer.empty();
  double ours = 0, theirs = 0, help_ours = 0, help_theirs = 0, self_ours = 0, self_theirs = 0;
  std::size_t solutions = 0;
  int disagreements = 0;
  nlohmann::ordered_json out = {{"folder", args.help_self}, {"peer", peer ? nlohmann::ordered_json(args.peer) : nlohmann::ordered_json()},
                                {"max_seconds", args.max_seconds}, {"tree", options.tree},
                                {"problems", nlohmann::ordered_json::array()}};
  if (!args.json)
    std::cout << fmt::format("{:<44} {:>5} {:>5} {:>9} {:>9} {:>7} {:>9}  {}\n", "problem", "stip", "twins", "arbiter s",
                             "peer s", "ratio", "solutions", "agreement");
  for (const auto& r : rows) {
    ours += r.ours.seconds;
    theirs += r.peer_seconds;
    (r.selfmate ? self_ours : help_ours) += r.ours.seconds;
    (r.selfmate ? self_theirs : help_theirs) += r.peer_seconds;
    const std::size_t count = problem::solution_count(r.ours.sets);
    solutions += count;
    disagreements += !r.agrees();
    const double ratio = r.peer_seconds > 0 ? r.ours.seconds / r.peer_seconds : 0;
    nlohmann::ordered_json j = {{"problem", r.name}, {"stipulation", r.stipulation}, {"twins", r.twins},
                                {"seconds", r.ours.seconds}, {"nodes", r.ours.nodes}, {"complete", r.ours.complete},
                                {"solution_count", count},
                                {"solutions", problem::format_solution_sets(r.ours.sets, r.selfmate)}};
    if (peer) {
      j["peer_seconds"] = r.peer_seconds;
      j["ratio"] = ratio;
      j["peer_complete"] = r.peer_complete;
      if (!r.peer_error.empty()) j["peer_error"] = r.peer_error;
      j["peer_solutions"] = problem::format_solution_sets(r.peer, r.selfmate);
      j["agrees_with_peer"] = r.agrees_with_peer();
    }
    if (r.have_manifest) {
      j["manifest_solutions"] = problem::format_solution_sets(r.manifest, r.selfmate);
      j["agrees_with_manifest"] = r.agrees_with_manifest();
    }
    j["agrees"] = r.agrees();
    j["agreement"] = r.agreement();
    out["problems"].push_back(j);
    if (!args.json)
      std::cout << fmt::format("{:<44} {:>5} {:>5} {:>9.3f} {:>9} {:>7} {:>9}  {}\n", r.name.substr(0, 44), r.stipulation,
                               r.twins, r.ours.seconds, peer ? fmt::format("{:.3f}", r.peer_seconds) : "-",
                               peer ? fmt::format("{:.3f}", ratio) : "-", count, r.agreement());
  }
  const double ratio = theirs > 0 ? ours / theirs : 0;
  out["seconds"] = ours;
  out["solution_count"] = solutions;
  out["disagreements"] = disagreements;
  if (peer) {
    out["peer_seconds"] = theirs;
    out["ratio"] = ratio;
    out["target_ratio"] = 0.2;
    out["helpmates"] = {{"seconds", help_ours}, {"peer_seconds", help_theirs}, {"ratio", help_theirs > 0 ? help_ours / help_theirs : 0}};
    out["selfmates"] = {{"seconds", self_ours}, {"peer_seconds", self_theirs}, {"ratio", self_theirs > 0 ? self_ours / self_theirs : 0}};
  }
  if (args.json) std::cout << out.dump(2) << "\n";
  else {
    auto total_line = [&](const std::string& what, double a, double b) {
      return fmt::format("{:<44} {:>5} {:>5} {:>9.3f} {:>9} {:>7}", what, "", "", a, peer ? fmt::format("{:.3f}", b) : "-",
                         peer && b > 0 ? fmt::format("{:.3f}", a / b) : "-");
    };
    if (peer) {
      std::cout << total_line("helpmates", help_ours, help_theirs) << "\n";
      std::cout << total_line("selfmates", self_ours, self_theirs) << "\n";
    }
    std::cout << total_line("total", ours, theirs)
              << fmt::format(" {:>9}  {} of {} solution sets agree, {} disagreement(s)\n", solutions,
                             rows.size() - std::size_t(disagreements), rows.size(), disagreements);
    if (peer)
      std::cout << fmt::format("(ratio = arbiter time / peer time, run side by side: arbiter in-process per problem, then\n"
                               " `{} -maxtime {} FILE` as a whole process; target: total ratio at most 0.20 -> {})\n",
                               args.peer, args.max_seconds, ratio <= 0.2 ? "met" : "NOT met");
    else if (std::any_of(rows.begin(), rows.end(), [](const HelpSelfBenchRow& r) { return r.have_manifest; }))
      std::cout << "(no peer given: solution sets compared with MANIFEST.tsv only, no time ratio)\n";
    else
      std::cout << "(no peer given and no MANIFEST.tsv in the folder: nothing compared, no time ratio)\n";
  }
  return disagreements == 0 ? ExitOk : ExitClaimFalse;
}

// The composer benchmark: problems kept per hour for each rule set and stipulation.
int run_compose_bench(const Args& args) {
  std::vector<std::string> stipulations = DefaultComposeStipulations;
  if (!args.compose_stipulations.empty()) stipulations = args.compose_stipulations;
  auto rows = arbiter::run_compose_bench(args.compose_seconds, args.seed, stipulations, [&](const std::string& what) {
    if (progress_visible(args.json)) std::cerr << "  composing " << what << "\n";
  });
  nlohmann::ordered_json out = {{"seconds_each", args.compose_seconds}, {"seed", args.seed}, {"rows", nlohmann::ordered_json::array()}};
  for (const auto& r : rows)
    out["rows"].push_back({{"variant", r.variant}, {"stipulation", r.stipulation}, {"max_units", r.max_units},
                           {"seconds", r.seconds}, {"attempts", r.attempts}, {"sound", r.sound}, {"kept", r.kept},
                           {"per_hour", r.per_hour()}, {"rejections", r.rejections}});
  if (args.json) std::cout << out.dump(2) << "\n";
  else std::cout << report::compose_rates_table(rows);
  if (!args.gallery.empty()) report::write_compose_gallery(args.composed, rows, args.gallery);
  return ExitOk;
}

// Peak resident memory in MB; ru_maxrss is in KiB on Linux.
double rss_mb(long kib) { return double(kib) / 1024; }
double own_peak_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return rss_mb(usage.ru_maxrss);
}

// The prover benchmark: a corpus folder of Popeye direct mates, against Popeye run live side by
// side (--peer) or, without one, against Popeye's recorded times.
int run_problem_bench(const Args& args) {
  ProblemBenchOptions options;
  options.peer = args.peer;
  options.max_seconds = args.max_seconds;
  options.tree = !args.no_tree;
  options.hash_mb = args.hash_mb;
  options.threads = args.threads;
  const bool show = progress_visible(args.json);
  auto rows = arbiter::run_problem_bench(args.problems, options, [&](int done, int total, const std::string& name) {
    if (show) std::cerr << fmt::format("\r  {}/{} {:<48}", done + 1, total, name) << std::flush;
  });
  if (show) std::cerr << "\r" << std::string(70, ' ') << "\r";
  const bool peer = !args.peer.empty();
  using Json = nlohmann::ordered_json;
  auto or_null = [](bool present, const Json& value) { return present ? value : Json(); };

  double ours = 0, reference = 0, recorded = 0, max_ratio = 0;
  std::string max_ratio_problem;
  std::uint64_t nodes = 0;
  int slower = 0, agreements = 0, disagreements = 0, recorded_key_disagreements = 0;
  long peer_peak_rss_kib = 0;
  // problems[] and the top-level nodes/popeye_seconds/ratio/key_disagreements are the earlier
  // layout (against the recorded .out), kept for its readers; rows[] and total{} are the new one.
  Json out = {{"folder", args.problems}, {"peer", or_null(peer, args.peer)}, {"compared_with", peer ? "peer" : "recorded"},
              {"threads", options.threads}, {"hash_mb", options.hash_mb}, {"max_seconds", options.max_seconds},
              {"tree", options.tree}, {"rows", Json::array()}, {"problems", Json::array()}};
  if (!args.json) {
    if (peer)
      std::cout << fmt::format("peer: `{} -maxtime {} FILE` run live right after each of our solves; \"peer s\" is its\n"
                               "whole-process wall time, \"arbiter s\" our in-process solving time\n\n",
                               args.peer, options.max_seconds);
    else
      std::cout << "peer column: Popeye's RECORDED time (\"Time = ... s\" of each .out file), not a live run (no --peer)\n\n";
    std::cout << fmt::format("{:<34} {:>4} {:>9} {:>12} {:>10} {:>10} {:>7}  {}\n", "problem", "stip", "verdict", "nodes",
                             "arbiter s", peer ? "peer s" : "recorded s", "ratio", "keys");
  }
  for (const auto& r : rows) {
    const double ratio = r.ratio();
    const bool recorded_keys_agree = r.keys == r.recorded_keys;  // the earlier contract: no .out compares with no keys
    ours += r.seconds;
    reference += r.reference_seconds();
    recorded += r.recorded_seconds;
    nodes += r.nodes;
    if (r.reference_seconds() > 0 && ratio > max_ratio) max_ratio = ratio, max_ratio_problem = r.name;
    slower += ratio > 1.0;
    agreements += peer ? r.agrees_with_peer() : r.agrees_with_recorded();
    disagreements += !r.agrees();
    recorded_key_disagreements += !recorded_keys_agree;
    peer_peak_rss_kib = std::max(peer_peak_rss_kib, r.peer_peak_rss_kib);

    Json row = {{"problem", r.name}, {"stipulation", r.stipulation}, {"verdict", r.verdict}, {"complete", r.complete},
                {"nodes", r.nodes}, {"seconds", r.seconds}, {"peer_seconds", or_null(peer, r.peer_seconds)},
                {"ratio", ratio}, {"keys", r.keys}, {"peer_keys", or_null(peer, r.peer_keys)},
                {"agrees_with_peer", or_null(peer, r.agrees_with_peer())},
                {"recorded_keys", or_null(r.have_recorded, r.recorded_keys)},
                {"recorded_seconds", or_null(r.have_recorded, r.recorded_seconds)},
                {"agrees_with_recorded", or_null(r.have_recorded, r.agrees_with_recorded())},
                {"peer_peak_rss_mb", or_null(peer, rss_mb(r.peer_peak_rss_kib))}};
    if (peer) row["peer_complete"] = r.peer_complete;
    if (!r.peer_error.empty()) row["peer_error"] = r.peer_error;
    row["agreement"] = r.agreement();
    out["rows"].push_back(row);
    out["problems"].push_back({{"problem", r.name}, {"stipulation", r.stipulation}, {"verdict", r.verdict},
                               {"keys", r.keys}, {"popeye_keys", r.recorded_keys}, {"keys_agree", recorded_keys_agree},
                               {"nodes", r.nodes}, {"seconds", r.seconds}, {"popeye_seconds", r.recorded_seconds}});
    if (!args.json)
      std::cout << fmt::format("{:<34} {:>4} {:>9} {:>12} {:>10.3f} {:>10.3f} {:>7.3f}  {}\n", r.name.substr(0, 34),
                               r.stipulation, r.verdict, r.nodes, r.seconds, r.reference_seconds(), ratio, r.agreement());
  }
  const double ratio = reference > 0 ? ours / reference : 0;
  const double peak_rss_mb = own_peak_rss_mb();
  out["nodes"] = nodes;
  out["seconds"] = ours;
  out["popeye_seconds"] = recorded;
  out["ratio"] = recorded > 0 ? ours / recorded : 0;
  out["key_disagreements"] = recorded_key_disagreements;
  out["total"] = {{"seconds", ours}, {"peer_seconds", or_null(peer, reference)}, {"ratio", ratio},
                  {"max_ratio", max_ratio}, {"max_ratio_problem", max_ratio_problem}, {"slower_than_peer", slower},
                  {"agreements", agreements}, {"problems", rows.size()}, {"peak_rss_mb", peak_rss_mb},
                  {"peer_peak_rss_mb", or_null(peer, rss_mb(peer_peak_rss_kib))}};
  if (args.json) {
    std::cout << out.dump(2) << "\n";
    return disagreements == 0 ? ExitOk : ExitClaimFalse;
  }
  const std::string against = peer ? "the peer" : "the recorded time";
  std::cout << fmt::format("{:<34} {:>4} {:>9} {:>12} {:>10.3f} {:>10.3f} {:>7.3f}  {} of {} key sets as {}\n", "total", "",
                           "", nodes, ours, reference, ratio, agreements, rows.size(),
                           peer ? "the peer's" : "the recorded ones");
  if (!max_ratio_problem.empty()) std::cout << fmt::format("largest ratio: {:.3f} ({})\n", max_ratio, max_ratio_problem);
  std::cout << fmt::format("slower than {} (ratio > 1.0): {} of {}\n", against, slower, rows.size());
  if (peer) {
    const auto with_recorded = std::count_if(rows.begin(), rows.end(), [](const ProblemBenchRow& r) { return r.have_recorded; });
    const auto recorded_agree = std::count_if(rows.begin(), rows.end(), [](const ProblemBenchRow& r) { return r.agrees_with_recorded(); });
    if (with_recorded > 0)
      std::cout << fmt::format("recorded .out: {} of {} key sets as ours; recorded Popeye total {:.3f} s\n", recorded_agree,
                               with_recorded, recorded);
    std::cout << fmt::format("peak resident memory: arbiter {:.1f} MB, peer {:.1f} MB (largest of its runs)\n", peak_rss_mb,
                             rss_mb(peer_peak_rss_kib));
  } else {
    std::cout << fmt::format("peak resident memory: arbiter {:.1f} MB\n", peak_rss_mb);
  }
  std::cout << fmt::format("(ratio = arbiter time / {}; {}; our limit per problem {} s, hash {} MB, {} thread{})\n",
                           peer ? "peer time" : "Popeye's recorded solving time",
                           options.tree ? "both build the full solution tree" : "arbiter: keys only, no tree",
                           options.max_seconds, options.hash_mb, options.threads, options.threads == 1 ? "" : "s");
  return disagreements == 0 ? ExitOk : ExitClaimFalse;
}

// The batch benchmark: `arbiter batch` against one process a file, side by side, every result
// compared; the dispatcher's cost measured and the efficiency at many ranks modelled from it.
int run_batch_bench(const Args& args) {
  BatchBenchOptions options;
  options.paths = args.batch;
  options.threads = args.threads;
  options.mpi_ranks = args.mpi_ranks;
  const BatchBench b = arbiter::run_batch_bench(options, [&](const std::string& what) {
    if (progress_visible(args.json)) std::cerr << "\r\033[K  " << what << std::flush;
  });
  if (progress_visible(args.json)) std::cerr << "\n";
  nlohmann::ordered_json out = {{"files", b.files.size()}, {"puzzles", b.puzzles}, {"threads", args.threads},
                                {"batch_seconds", b.batch_seconds}, {"singles_seconds", b.singles_seconds},
                                {"ratio", b.ratio}, {"solving_seconds", b.solving_seconds}, {"agree", b.agree},
                                {"disagreements", nlohmann::ordered_json::array()},
                                {"dispatch_seconds_per_file", b.dispatch_per_problem},
                                {"overhead_seconds_per_file", b.overhead_per_problem}};
  for (const auto& f : b.files)
    if (!f.agrees) out["disagreements"].push_back({{"file", f.file}, {"difference", f.difference}});
  if (b.mpi_seconds >= 0)
    out["mpi"] = {{"ranks", args.mpi_ranks}, {"seconds", b.mpi_seconds}, {"dispatch_seconds_per_file", b.mpi_dispatch_per_problem},
                  {"idle_seconds_per_file", b.mpi_idle_per_problem}, {"messages", b.mpi_messages},
                  {"same_store", b.mpi_agrees}};
  out["costs"] = {{"per_message", b.costs.per_message}, {"per_file", b.costs.per_file}, {"worker_overhead", b.costs.worker_overhead}};
  out["scale"] = nlohmann::ordered_json::array();
  for (const auto& s : b.scale)
    out["scale"].push_back({{"ranks", s.ranks}, {"parcels", s.parcels}, {"efficiency", s.efficiency}, {"worker_efficiency", s.worker_efficiency},
                            {"dispatcher_busy", s.dispatcher_busy}, {"writer_busy", s.writer_busy}, {"hours", s.hours}});
  const bool same = b.agree == int(b.files.size()) && (b.mpi_seconds < 0 || b.mpi_agrees);
  if (args.json) {
    std::cout << out.dump(2) << "\n";
    return same ? ExitOk : ExitClaimFalse;
  }
  std::cout << fmt::format("{} files ({} puzzles): batch with {} workers {:.2f} s; one process each {:.2f} s; ratio {:.3f}\n",
                           b.files.size(), b.puzzles, args.threads, b.batch_seconds, b.singles_seconds, b.ratio);
  std::cout << fmt::format("results: {} of {} files agree with their single run\n", b.agree, b.files.size());
  for (const auto& f : b.files)
    if (!f.agrees) std::cout << fmt::format("  DIFFERS {}: {}\n", f.file, f.difference);
  std::cout << fmt::format("solving {:.2f} s in all; per file: dispatcher {:.3f} ms, worker overhead {:.3f} ms\n",
                           b.solving_seconds, b.dispatch_per_problem * 1e3, b.overhead_per_problem * 1e3);
  if (b.mpi_seconds >= 0)
    std::cout << fmt::format("mpirun -n {}: {:.2f} s, {} messages; rank 0 {:.3f} ms a file, worker idle {:.3f} ms a file, store {}\n",
                             args.mpi_ranks, b.mpi_seconds, b.mpi_messages, b.mpi_dispatch_per_problem * 1e3,
                             b.mpi_idle_per_problem * 1e3, b.mpi_agrees ? "identical" : "DIFFERENT");
  std::cout << fmt::format("model: rank 0 {:.3f} ms a message + {:.3f} ms a result; worker {:.3f} ms a file beyond solving\n",
                           b.costs.per_message * 1e3, b.costs.per_file * 1e3, b.costs.worker_overhead * 1e3);
  std::cout << fmt::format("expected for {} files with this time distribution:\n", options.database_size);
  for (const auto& s : b.scale)
    std::cout << fmt::format("  {:>4} ranks, {:<36}: efficiency {:.3f} (solving ranks {:.3f}), rank 0 answering {:.1f} % and writing {:.1f} % of the time, {:.2f} h\n",
                             s.ranks, s.parcels ? "as built (parcels, write-behind)" : "naive (one a message, inline writes)", s.efficiency, s.worker_efficiency,
                             100 * s.dispatcher_busy, 100 * s.writer_busy, s.hours);
  return same ? ExitOk : ExitClaimFalse;
}

int run_bench(const Args& args) {
  if (!args.batch.empty()) return run_batch_bench(args);
  if (!args.popeye_suite.empty()) return run_popeye_suite(args);
  if (args.record_length) return run_record_length(args);
  if (!args.restore.empty()) return run_restore(args);
  if (!args.help_self.empty()) return run_help_self_bench(args);
  if (!args.problems.empty()) return run_problem_bench(args);
  if (args.compose_seconds > 0) return run_compose_bench(args);
  auto positions = args.epd.empty() ? standard_bench_positions() : read_perft_epd(args.epd);
  auto rows = run_perft_bench(positions, args.stockfish, args.repeats, [&](const std::string& what) {
    if (progress_visible(args.json)) std::cerr << "  running " << what << "\n";
  });
  double ours = 0, peer = 0;
  bool agree = true;
  nlohmann::ordered_json out = {{"peer", args.stockfish}, {"repeats", args.repeats}, {"positions", nlohmann::ordered_json::array()}};
  if (!args.json)
    std::cout << fmt::format("{:<40} {:>5} {:>12} {:>10} {:>10} {:>7}\n", "position", "depth", "nodes", "arbiter s",
                             "peer s", "ratio");
  for (const auto& r : rows) {
    ours += r.our_seconds;
    peer += r.peer_seconds;
    agree = agree && r.counts_agree();
    out["positions"].push_back({{"name", r.position.name}, {"fen", r.position.fen}, {"depth", r.position.depth},
                                {"nodes", r.our_nodes}, {"peer_nodes", r.peer_nodes}, {"seconds", r.our_seconds},
                                {"peer_seconds", r.peer_seconds}, {"ratio", r.ratio()}, {"counts_agree", r.counts_agree()}});
    if (!args.json)
      std::cout << fmt::format("{:<40} {:>5} {:>12} {:>10.3f} {:>10.3f} {:>7.2f}{}\n", r.position.name.substr(0, 40),
                               r.position.depth, r.our_nodes, r.our_seconds, r.peer_seconds, r.ratio(),
                               r.counts_agree() ? "" : "  COUNT MISMATCH");
  }
  double ratio = peer > 0 ? ours / peer : 0;
  out["seconds"] = ours;
  out["peer_seconds"] = peer;
  out["ratio"] = ratio;
  out["counts_agree"] = agree;
  if (args.json) std::cout << out.dump(2) << "\n";
  else std::cout << fmt::format("{:<40} {:>5} {:>12} {:>10.3f} {:>10.3f} {:>7.2f}\n(ratio = arbiter time / peer time, best of {} runs; below 1.00 is faster than the peer)\n",
                                "total", "", "", ours, peer, ratio, args.repeats);
  return agree ? ExitOk : ExitClaimFalse;
}
// The manual beyond the options: `arbiter bench --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* BenchHelp = R"help(- Move generator (the default): our perft and Stockfish's go perft on the same positions in one run,
  and each time and the ratio ours/Stockfish (below 1.00: we are faster). --epd
  ../shared/corpus/perft-standard.epd runs every position of a perft file at its deepest depth and
  checks both counts against the reference. One thread on both sides; the best of --repeat runs
  counts. Exit 1 if any node count disagrees.
- Prover: --problems ../shared/corpus/orthodox-problems --peer PATH --threads 1 solves every Popeye
  problem of the folder completely, with the full solution tree (as Popeye's option Variation does),
  then runs the peer (Popeye) on the same file right after, in the same run, and prints per problem
  our verdict, nodes and time, the peer's whole-process wall time, the ratio and whether the key
  sets agree (with the live peer and with the recorded .out), then the totals, the largest ratio,
  the problems slower than the peer and the peak resident memory of both. Without --peer the peer
  column is Popeye's recorded "Time =" (labelled as such). --max-seconds: per problem, both sides
  (default 60). JSON: rows, total. Exit 1 if any key set differs.
- Helpmates and selfmates: --help-self ../shared/corpus/orthodox-help-self --peer PATH solves every
  problem of the folder (each twin), then runs the peer (Popeye, built from its public source
  outside this repository: how, in reports/benchmarks.md) on the same file right after, and prints
  per problem and in total both wall times, the ratio and whether the solution sets (every helpmate
  line, every selfmate key, per twin) agree, also with the folder's MANIFEST.tsv. Without --peer it
  compares with the MANIFEST only. Exit 1 on any disagreement.
- Correction search: --restore ../shared/corpus/orthodox-problems picks --count problems (seeded by
  --seed; #2 and #3 with one key, or the PGN problems of a folder) whose original our own judgement
  finds sound, damages each at random by 1, 2 and 3 edits (--sizes; added, removed, moved or changed
  units, each square touched once), and hands the damaged diagram with the published key to the
  correction search up to the damage's cost (--max-seconds per search, default 60; --threads
  searches at once). It prints each case and a table per damage size: how often a sound version was
  found, at which cost (a version need not be the original; cost 0 means the damage left the problem
  sound), the median time to a version and the searches stopped by the limit (JSON: summary, rows).
- Composer: --compose SECONDS composes orthodox #2 (at most 12 units) and #3 and Option Chess #2 and
  #3 (--compose-stipulations LIST for others: h#2, h=2, ser-h#5, ser-#4, ...; the forms beyond #N and
  h#N in orthodox chess alone) for SECONDS each (--seed K) and prints, per row, the candidates judged, the problems proved
  sound, those kept under the default quality filters, the kept problems per hour and the rejections
  by reason (JSON: rows [{variant, stipulation, max_units, seconds, attempts, sound, kept, per_hour,
  rejections}]). --gallery reports/compose also writes the gallery page of the problems in
  puzzles/composed/ (--composed DIR), each proved again, with the rates just measured.
- Record length: --record-length builds a legal knight-shuffle record of each --plies length
  (default 1,000 to 1,000,000) for each rule set (--variants, default all five), times reading it as
  PGN and replaying it apart, gives Stockfish (--stockfish) the same orthodox moves side by side
  (position startpos moves ...), and prints each time, microseconds a ply, the ratio to Stockfish
  and the growth exponent (slope of log time on log plies: 1.00 is linear); --chart FILE.svg draws
  the log-log curve (JSON: rows, exponents, replayed_whole). Exit 1 if a record does not replay
  whole. Figures in reports/reliability.md.
- Popeye's suite: --popeye-suite ../shared/corpus/popeye-suite (or one of its folders BEISPIEL,
  EXAMPLES, REGRESSIONS, TESTS) reads every problem of every input file, solves each playable one
  (--max-seconds per problem, default 10 here; a limit counts as "unknown (limit)", never as a
  difference) and compares its solution set, twin by twin, with the block Popeye's expected output
  (REGRESSIONTESTS/*.out, .ref, .reg, .tst) prints for it: a direct mate's and a selfmate's keys, a
  helpmate's lines (and set play when asked for). With --peer PATH it also runs Popeye on each
  playable problem alone, side by side, and compares and times it. It prints, by genre family
  (direct #, help h#, self s#, other) and by material (condition, fairy piece, orthodox only), how
  many problems are read, supported, identical, different, unknown, unchecked, unsupported and
  malformed, with the time ratio against the peer; then the most frequent unsupported reasons, every
  malformed problem (those Popeye's expected output refuses too marked), every difference (each of
  Popeye's extra lines replayed: legal? mate?) and what was left unchecked. Where the sets are
  identical and Popeye lists them whole, Popeye's layout is compared too: what `arbiter popeye`
  prints of the solution (trees with threats and defences, helpmate lines) against the expected
  block's lines, as sorted lists (JSON "layout"; not timed). --report reports/popeye-suite.md
  also writes that page and its SVG chart beside it (popeye-suite.svg). JSON: total, by_family,
  by_material, unsupported_reasons, problems[]. Exit 1 if any problem differs.
- Batch: --batch ../shared/corpus/orthodox-problems --threads 2 --mpi-ranks 3 runs arbiter batch
  with --threads workers and, side by side, every file alone in its own process (verify FILE
  --threads 1, replay FILE), compares every result, and prints the ratio batch time / sum of the
  single times; with --mpi-ranks K also under mpirun -n K, whose store must be identical. It
  measures rank 0's cost per message and per result and the workers' idle and overhead time, and
  from them simulates a 450,000-file database with the corpus's time distribution at 16, 64 and 256
  ranks. JSON: files, puzzles, threads, batch_seconds, singles_seconds, ratio, solving_seconds,
  agree, disagreements[], dispatch_seconds_per_file, overhead_seconds_per_file, mpi{}, costs{},
  scale[]. Exit 1 if any result differs.
The figures measured are in reports/benchmarks.md.

Examples:
  $ arbiter bench
  position                                 depth        nodes  arbiter s     peer s   ratio
  start position                               6    119060324      0.185      0.401    0.46
  Kiwipete                                     5    193690690      0.160      0.559    0.29
  total                                                            0.345      0.960    0.36

  $ arbiter bench --problems ../shared/corpus/orthodox-problems --peer /tmp/popeye/py --threads 1 \
      | grep -A3 ^total
  total                                                 28437040      3.722     49.465   0.075  270 of 270 key sets as the peer's
  largest ratio: 0.800 (evergreen_anderssen_1852_5.inp)
  slower than the peer (ratio > 1.0): 0 of 270)help";

}  // namespace

void add_bench_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("bench", "Benchmarks (not tests). Default: time our perft against a UCI engine's `go perft`\n"
                                          "(Stockfish) on the same positions: start position depth 6 and Kiwipete depth 5.\n"
                                          "With --problems: the mate-in-N prover on a corpus of Popeye problems, against Popeye run\n"
                                          "live side by side (--peer) or its recorded times.\n"
                                          "With --help-self: helpmates and selfmates against Popeye run side by side (--peer).\n"
                                          "With --popeye-suite: every problem of Popeye's own suite against its expected output.\n"
                                          "Exit 1 if node counts (or key sets) disagree.");
  cmd->footer(BenchHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("--stockfish", args->stockfish, "Peer engine binary (default /usr/games/stockfish)");
  cmd->add_option("--epd", args->epd, "Benchmark every position of a perft EPD file at its deepest depth instead");
  cmd->add_option("--problems", args->problems,
                  "Benchmark the prover instead: every Popeye direct mate (*.inp) of this folder, e.g.\n"
                  "../shared/corpus/orthodox-problems, solved by us, then by --peer on the same file; the keys are\n"
                  "compared with the peer's and with Popeye's recorded *.out beside each input (if any), and the time\n"
                  "with the peer's (without --peer: with the recorded time); exit 1 if any key set differs");
  cmd->add_option("--compose", args->compose_seconds,
                  "Benchmark the composer instead: compose orthodox #2 and #3 and Option Chess #2 and #3 for this many\n"
                  "seconds each and print the problems kept per hour with the rejections by reason")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--compose-stipulations", args->compose_stipulations,
                  "With --compose: the stipulations, comma-separated (default #2,#3; h#2, h=2, ser-h#5, ser-#4, ...: the\n"
                  "forms beyond #N and h#N in orthodox chess alone)")
      ->delimiter(',');
  cmd->add_option("--seed", args->seed, "With --compose: the composer's seed; with --restore: the damage's (default 1)");
  cmd->add_option("--gallery", args->gallery,
                  "With --compose: also write the gallery page (e.g. reports/compose) of the problems in --composed\n"
                  "with the rates measured");
  cmd->add_option("--composed", args->composed, "With --gallery: the composed problem files (default puzzles/composed)");
  cmd->add_option("--help-self", args->help_self,
                  "Benchmark the helpmate and selfmate solvers instead: every Popeye input (*.inp) of this folder, e.g.\n"
                  "../shared/corpus/orthodox-help-self, each twin solved by us, then by --peer on the same file; every\n"
                  "helpmate line and selfmate key compared with the peer's and with the folder's MANIFEST.tsv (if any);\n"
                  "exit 1 if any solution set differs");
  cmd->add_option("--popeye-suite", args->popeye_suite,
                  "Benchmark coverage instead: every problem of Popeye's suite (../shared/corpus/popeye-suite, or one of\n"
                  "its folders) read, solved when playable and compared with Popeye's expected output, by genre family and\n"
                  "material; exit 1 if any problem's solution set differs");
  cmd->add_option("--report", args->report,
                  "With --popeye-suite: also write this Markdown page (reports/popeye-suite.md) and its SVG chart beside it");
  cmd->add_option("--peer", args->peer,
                  "With --problems, --help-self or --popeye-suite: Popeye's binary (py), run as `PEER -maxtime S FILE`\n"
                  "after each of our solves (--popeye-suite: on each playable problem alone) and timed as a whole\n"
                  "process; without it --problems compares with the recorded *.out files, --help-self with MANIFEST.tsv\n"
                  "only and --popeye-suite with the expected outputs only (no time ratio)");
  cmd->add_option("--max-seconds", args->max_seconds,
                  "With --problems, --help-self or --popeye-suite: the peer's -maxtime and our time limit per problem\n"
                  "(per twin); with --restore: per search (default 60; 10 with --popeye-suite)")
      ->check(CLI::PositiveNumber)
      ->each([args](const std::string&) { args->max_seconds_given = true; });
  cmd->add_option("--restore", args->restore,
                  "Benchmark the correction search instead: sound problems of this folder (a corpus with MANIFEST.tsv,\n"
                  "e.g. ../shared/corpus/orthodox-problems, or PGN problems) damaged at random by 1 to 3 edits (seeded),\n"
                  "each restored by `correct` up to the damage's cost; --max-seconds is the limit per search");
  cmd->add_flag("--record-length", args->record_length,
                "Benchmark replay against the record's length instead: a legal knight-shuffle record of each --plies\n"
                "length in each rule set, read as PGN and replayed; Stockfish (--stockfish) is given the same orthodox\n"
                "moves side by side; prints the growth exponent (1 = linear); exit 1 if a record does not replay whole");
  cmd->add_option("--plies", args->plies, "With --record-length: record lengths (default 1000,3000,...,1000000)")
      ->delimiter(',')
      ->check(CLI::Range(1, 10'000'000));
  cmd->add_option("--variants", args->variant_names, "With --record-length: rule sets (default all five)")->delimiter(',');
  cmd->add_option("--batch", args->batch,
                  "Batch benchmark: `arbiter batch` over these paths with --threads workers against one process a\n"
                  "file, every result compared; the dispatcher's cost, and the efficiency modelled at 16/64/256 ranks")
      ->expected(1, 1 << 20);
  cmd->add_option("--mpi-ranks", args->mpi_ranks, "With --batch: also run it under mpirun -n K (K >= 2)")
      ->check(CLI::Range(2, 1024));
  cmd->add_option("--chart", args->chart, "With --record-length: also write the log-log chart of replay time (SVG)");
  cmd->add_option("--count", args->count, "With --restore: problems per damage size (default 100)")->check(CLI::Range(1, 100000));
  cmd->add_option("--sizes", args->sizes, "With --restore: damage sizes, e.g. 1,2,3 (default)")->delimiter(',')->check(CLI::Range(1, 4));
  cmd->add_option("--threads", args->threads,
                  "With --restore: searches run at once; with --problems and --help-self: the prover's threads (the\n"
                  "peer has one: pass --threads 1 for a one-thread comparison). Default: every core")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--hash", args->hash_mb,
                  "With --problems: the prover's transposition table in MB (default 64); with --popeye-suite the largest\n"
                  "table, as solve has it (default: a sixteenth of the memory, 64 to 4096)")
      ->check(CLI::Range(1, 1 << 20))
      ->each([args](const std::string&) { args->hash_given = true; });
  cmd->add_option("--candidate-nodes", args->candidate_nodes, "With --restore: node limit per candidate (default 2000000)");
  cmd->add_flag("--no-tree", args->no_tree, "With --problems or --help-self: keys only, without the (selfmate) solution tree");
  cmd->add_option("--repeat", args->repeats, "Runs per measurement; the best time counts (default 3)")->check(CLI::Range(1, 100));
  cmd->add_flag("--json", args->json,
                "Print one JSON object: positions[], seconds, peer_seconds, ratio, counts_agree (perft); problems[] with\n"
                "solutions, peer_solutions, manifest_solutions, agreement, then seconds, peer_seconds, ratio, disagreements\n"
                "(--help-self); rows[] with keys, peer_keys, recorded_keys, seconds, peer_seconds, ratio, then total{}\n"
                "with ratio, max_ratio, slower_than_peer, agreements, peak_rss_mb (--problems); total{}, by_family{},\n"
                "by_material{}, unsupported_reasons[], problems[] with outcome and detail (--popeye-suite)");
  cmd->callback([args, &status] {
    try {
      status = run_bench(*args);
    } catch (const std::exception& e) {
      std::cerr << "arbiter bench: " << e.what() << "\n";
      status = ExitBadInput;
    }
  });
}

}  // namespace arbiter::cli
