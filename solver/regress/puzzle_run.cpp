#include "solver/regress/puzzle_run.h"
#include "solver/elapsed.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "rules/core/stop.h"
#include "rules/notation/pgn.h"
#include "solver/problem/problem.h"
#include "solver/problem/solve_units.h"
#include "solver/regress/checked_game.h"
#include "solver/text_file.h"
#include "solver/variants/registry.h"

namespace arbiter::regress {

namespace {

namespace fs = std::filesystem;


// A problem file: a [Stipulation] tag, or Popeye input.
bool is_problem_file(const std::string& text, const std::string& path) {
  if (problem::detect_format(text, path) == problem::ProblemFormat::Popeye) return true;
  for (std::size_t at = 0; (at = text.find("[Stipulation", at)) != std::string::npos; ++at)
    if (at == 0 || text[at - 1] == '\n') return true;
  return false;
}

std::vector<Event> replay_events(const CheckedGame& checked) {
  const ReplayReport& r = checked.report;
  std::vector<Event> events;
  for (const auto& p : r.timeline)
    events.push_back({p.ply, p.move, p.correction.empty() ? p.verdict : fmt::format("{} as {}", p.verdict, p.correction)});
  for (const auto& e : r.errors) {
    if (e.result_claim) events.push_back({e.ply, e.move, "false result claim"});
    else if (e.erratum) events.push_back({e.ply, e.move, fmt::format("erratum, read as {}", e.correction)});
    else events.push_back({e.ply, e.move, fmt::format("illegal{}: {}", e.in_variation ? " (variation)" : "",
                                                      e.predicate ? *e.predicate : e.reason)});
  }
  for (const auto& c : r.claims)
    events.push_back({c.ply, c.move, fmt::format("claim {}: {}", c.claim, c.verified ? "verified" : "not verified")});
  for (const auto& f : r.findings)
    events.push_back({f.ply, f.move, fmt::format("{}: {}", f.kind, f.reading.empty() ? "no consistent reading" : f.reading)});
  for (const auto& w : r.warnings) events.push_back({w.ply, w.move, "notation warning"});
  // The main line's own length and end: a change of the rules can end a game sooner or later.
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.ply < b.ply; });
  events.push_back({EndPly, "", fmt::format("{} legal plies, {}, {} to move", r.plies, status_name(r.status),
                                            r.side_to_move == White ? "White" : "Black")});
  return events;
}

PuzzleRun run_game(const PgnGame& record, int number, int count, const std::string& file,
                   const InterpretationSettings& interpret) {
  const auto start = std::chrono::steady_clock::now();
  const CheckedGame checked = check_game(record, number, interpret);
  PuzzleRun run;
  run.file = file;
  run.number = number;
  run.id = count > 1 ? fmt::format("{}#{}", puzzle_id(file), number) : puzzle_id(file);
  run.kind = "replay";
  run.variant = checked.variant;
  run.rules = problem::variant_of(record);
  run.title = game_title(checked);
  // A file of one game needs no number: "Game 1: A - B (...)" -> "A - B (...)".
  if (count == 1 && run.title.starts_with("Game 1: ")) run.title.erase(0, 8);
  else if (count == 1 && run.title.starts_with("Game 1 (")) run.title = run.title.substr(8, run.title.size() - 9);
  run.tags = record.tags;
  const ReplayReport& r = checked.report;
  if (const ReplayError* e = r.first_error()) {
    run.verdict = "illegal";
    run.reason = e->result_claim ? fmt::format("false result claim {}", e->move)
                                 : fmt::format("ply {}, {}{}", e->ply, e->move, e->erratum ? ", a misprint" : "");
  } else if (std::any_of(r.claims.begin(), r.claims.end(), [](const ReplayClaim& c) { return !c.verified; })) {
    run.verdict = "claims fail";
  } else {
    run.verdict = "legal";
  }
  run.as_expected = checked.passes();
  run.events = replay_events(checked);
  run.detail = game_json(checked);
  const VariantEngines& rules = find_variant(run.rules);
  if (auto fen = record.tag("FEN")) run.start_fen = rules.setup_fen(*fen, *record.tag_value_location("FEN"), record);
  else run.start_fen = rules.start_fen;
  run.final_fen = r.fen;
  run.seconds = seconds_since(start);
  return run;
}

// A problem's run as the matrix names it: the file, the problem's number, "path#N" when the
// file holds several.
PuzzleRun problem_run(const problem::Problem& p, int count) {
  PuzzleRun run;
  run.file = p.file;
  run.number = p.number;
  run.id = count > 1 ? fmt::format("{}#{}", puzzle_id(p.file), p.number) : puzzle_id(p.file);
  run.kind = "verify";
  return run;
}

PuzzleRun run_problem(problem::Problem p, int count, const InterpretationSettings& interpret, const RunOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  // --max-seconds bounds the whole problem run, every twin and every search in it.
  const stop::Deadline deadline(options.limits.max_seconds);
  const VariantEngines& rules = find_variant(p.variant, p.where);
  if (p.published) p.fen = rules.setup_fen(p.fen, p.fen_location, *p.published);
  p.interpretations.merge(interpret);
  // Each twin is verified on its own; the puzzle's verdict is the worst of them (refuted over
  // unknown over unsound over confirmed), and its events name the twin.
  const PgnLine none;
  std::vector<std::pair<problem::SolveUnit, prover::VerifyReport>> reports;
  for (const auto& unit : problem::solve_units(p)) {
    if (unit.illegal) throw *unit.illegal;  // a regression puzzle is read whole: bad input
    prover::SolveOptions solve;
    problem::set_stipulation(solve, unit.stipulation, p.set_play, p.set_play_en_passant);
    solve.build_tree = false;
    solve.limits = options.limits;
    solve.threads = options.threads;
    const PgnLine& all = p.published ? p.published->moves : none;
    const PgnLine mine = unit.colours_exchanged ? PgnLine() : unit.label.empty() ? all : problem::published_for_twin(all, unit.label);
    reports.emplace_back(unit, rules.verify(unit.fen, p.fen_location, solve, mine, p.interpretations));
  }
  auto rank = [](const std::string& v) { return v == "refuted" ? 3 : v == "unknown" ? 2 : v == "unsound" ? 1 : 0; };
  std::size_t worst = 0;
  for (std::size_t i = 1; i < reports.size(); ++i)
    if (rank(reports[i].second.verdict()) > rank(reports[worst].second.verdict())) worst = i;
  const prover::VerifyReport& r = reports[worst].second;
  PuzzleRun run = problem_run(p, count);
  run.variant = rules.name;
  run.rules = p.variant;
  std::string who = p.author;
  if (!p.source.empty()) who += fmt::format("{}{}", who.empty() ? "" : ", ", p.source);
  // The date's year only, and only when the source does not already give it.
  if (const std::string year = p.date.substr(0, 4);
      year.size() == 4 && year.find_first_not_of("0123456789") == std::string::npos && who.find(year) == std::string::npos)
    who += fmt::format("{}{}", who.empty() ? "" : ", ", year);
  run.title = fmt::format("{}{}{}", who, who.empty() ? "" : ": ", p.stipulation.text);
  if (p.published) run.tags = p.published->tags;
  else run.tags.assign(p.tags.begin(), p.tags.end());
  run.verdict = r.verdict();
  if (run.verdict == "unknown") run.reason = r.solution.reason;
  const auto expected = p.tags.find("ExpectedVerdict");
  run.as_expected = run.verdict == (expected == p.tags.end() ? std::string("confirmed") : expected->second);

  run.events.push_back({0, "", fmt::format("verdict {}", run.verdict)});
  nlohmann::json twins = nlohmann::json::array();
  for (const auto& [unit, report] : reports) {
    const std::string twin = problem::unit_prefix(unit);
    if (!twin.empty()) run.events.push_back({0, "", fmt::format("{}{}", twin, report.verdict())});
    for (const auto& k : report.solution.keys) {
      run.events.push_back({0, k.san, twin + "key"});
      run.keys.push_back(twin + k.san);
    }
    for (const auto& l : report.solution.solutions) {
      const std::string text = prover::format_solution_line(report.solution, l);
      run.events.push_back({0, text, twin + "solution"});
      run.keys.push_back(twin + text);
    }
    if (report.has_published && !prover::has_lines(report.solution))
      run.events.push_back({0, report.published_key,
                            twin + (report.published_key_is_key ? "published key is a key" : "published key is not a key")});
    // Claims and findings in file order.
    for (const auto& c : report.claims)
      run.events.push_back({0, c.move, fmt::format("{}{}: {}", twin, c.claim, c.holds ? "holds" : "fails")});
    for (const auto& f : report.findings) run.events.push_back({0, "", twin + f.kind});
    if (!problem::single_unit(p)) {
      twins.push_back({{"twin", unit.label}, {"description", unit.description}, {"verdict", report.verdict()},
                       {"fen", unit.fen}, {"stipulation", unit.stipulation.text}});
      if (p.duplex != problem::Duplex::No) twins.back()["colours_exchanged"] = unit.colours_exchanged;
    }
  }

  nlohmann::json j = {{"verdict", run.verdict}, {"stipulation", p.stipulation.text}, {"fen", p.fen},
                      {"published_key", r.published_key}, {"published_key_is_key", r.published_key_is_key},
                      {"proof", prover::verdict_name(r.solution.verdict)}, {"shortest", r.solution.shortest},
                      {"nodes", r.solution.nodes}};
  if (!run.reason.empty()) j["reason"] = run.reason;
  j["keys"] = nlohmann::json::array();
  for (const auto& k : r.solution.keys) j["keys"].push_back(k.san);
  if (prover::has_lines(r.solution)) {
    j["solutions"] = nlohmann::json::array();
    for (const auto& l : r.solution.solutions)
      j["solutions"].push_back(prover::format_solution_line(r.solution, l));
  }
  if (!twins.empty()) j["twins"] = twins;
  j["claims"] = nlohmann::json::array();
  for (const auto& c : r.claims) j["claims"].push_back({{"move", c.move}, {"claim", c.claim}, {"holds", c.holds}, {"detail", c.detail}, {"line", c.where.line}});
  j["findings"] = nlohmann::json::array();
  for (const auto& f : r.findings) j["findings"].push_back({{"kind", f.kind}, {"message", f.message}, {"line", f.where.line}});
  run.detail = j;
  run.start_fen = run.final_fen = p.fen;
  run.seconds = seconds_since(start);
  return run;
}

}  // namespace

std::string PuzzleRun::summary() const {
  if (!reason.empty()) return fmt::format("{} ({})", verdict, reason);
  return verdict;
}

std::string PuzzleRun::page() const {
  std::string stem = id.substr(0, id.find('#'));
  if (const auto dot = stem.rfind('.'); dot != std::string::npos && stem.find('/', dot) == std::string::npos) stem.resize(dot);
  return stem + ".md";
}

std::vector<std::string> puzzle_files(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const auto& path : paths) {
    std::error_code error;
    if (fs::is_directory(path, error)) {
      for (const auto& entry : fs::recursive_directory_iterator(path)) {
        const auto ext = entry.path().extension();
        if (entry.is_regular_file() && (ext == ".pgn" || ext == ".inp")) files.push_back(entry.path().string());
      }
    } else if (fs::is_regular_file(path, error)) {
      files.push_back(path);
    } else {
      throw ParseError({path, 1, 1}, "no such puzzle file or directory");
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  if (files.empty()) throw ParseError({paths.empty() ? "." : paths.front(), 1, 1}, "no puzzle files (*.pgn, *.inp) found here");
  return files;
}

std::string puzzles_label(const std::vector<std::string>& paths) {
  std::string out;
  for (const auto& p : paths) {
    const std::string generic = fs::path(p).lexically_normal().generic_string();
    std::string shown = generic;
    if (generic == "puzzles" || generic.ends_with("/puzzles") || generic.ends_with("/puzzles/")) shown = "puzzles";
    else if (const auto at = generic.rfind("/puzzles/"); at != std::string::npos) shown = generic.substr(at + 1);
    if (!shown.empty() && shown.back() == '/') shown.pop_back();
    out += fmt::format("{}{}", out.empty() ? "" : " ", shown);
  }
  return out;
}

std::string puzzle_id(const std::string& file) {
  const std::string generic = fs::path(file).lexically_normal().generic_string();
  const auto at = generic.rfind("puzzles/");
  return at == std::string::npos ? generic : generic.substr(at + 8);
}

namespace {

// A problem that is not played: malformed (verdict "error", the error as reason) or
// unsupported (verdict "unsupported", what it needs as reason). One such problem does not stop
// the others of its file.
PuzzleRun unplayable_run(const problem::Problem& p, int count) {
  PuzzleRun run = problem_run(p, count);
  run.variant = p.variant;
  run.title = p.stipulation.text;
  run.tags.assign(p.tags.begin(), p.tags.end());
  run.verdict = p.malformed ? "error" : "unsupported";
  run.reason = p.malformed ? std::string(p.malformed->what()) : problem::unsupported_text(p).substr(std::string("unsupported: ").size());
  const auto expected = p.tags.find("ExpectedVerdict");
  run.as_expected = expected != p.tags.end() && expected->second == run.verdict;
  run.events.push_back({0, "", fmt::format("verdict {}", run.verdict)});
  run.detail = {{"verdict", run.verdict}, {"reason", run.reason}};
  return run;
}

}  // namespace

std::vector<PuzzleRun> run_puzzle_file(const std::string& file, const InterpretationSettings& interpret,
                                       const RunOptions& options) {
  std::vector<PuzzleRun> runs;
  const std::string text = read_text_file(file);
  if (is_problem_file(text, file)) {
    auto problems = problem::read_problem_entries(text, file, problem::PublishedLines::Checked);
    const int count = int(problems.size());
    for (auto& given : problems) {
      problem::Problem& p = given;  // regress and batch verify
      problem::mark_unverifiable(p);
      if (!p.playable()) {
        runs.push_back(unplayable_run(p, count));
        continue;
      }
      try {
        runs.push_back(run_problem(p, count, interpret, options));
      } catch (const ParseError& e) {
        p.malformed = e;
        runs.push_back(unplayable_run(p, count));
      }
    }
  } else {
    const std::vector<PgnGame> games = read_pgn(text, file);
    if (games.empty()) throw ParseError({file, 1, 1}, "expected at least one game (tag pairs and movetext ending in a result)");
    for (std::size_t i = 0; i < games.size(); ++i)
      runs.push_back(run_game(games[i], int(i) + 1, int(games.size()), file, interpret));
  }
  return runs;
}

std::optional<Change> first_change(const std::vector<Event>& before, const std::vector<Event>& after) {
  // Both lists run in ply order (EndPly last); compare them ply by ply.
  auto order = [](int ply) { return ply == EndPly ? std::numeric_limits<int>::max() : ply; };
  std::size_t i = 0, j = 0;
  while (i < before.size() || j < after.size()) {
    const int ply = std::min(i < before.size() ? order(before[i].ply) : std::numeric_limits<int>::max(),
                             j < after.size() ? order(after[j].ply) : std::numeric_limits<int>::max());
    std::vector<std::string> b, a;
    std::string move;
    for (; i < before.size() && order(before[i].ply) == ply; ++i) {
      b.push_back(before[i].fact);
      if (move.empty()) move = before[i].move;
    }
    for (; j < after.size() && order(after[j].ply) == ply; ++j) {
      a.push_back(after[j].fact);
      if (move.empty()) move = after[j].move;
    }
    if (a == b) continue;
    // Name only what differs: the facts both runs share at this ply are dropped.
    for (auto it = b.begin(); it != b.end();) {
      if (auto same = std::find(a.begin(), a.end(), *it); same != a.end()) {
        a.erase(same);
        it = b.erase(it);
      } else {
        ++it;
      }
    }
    auto joined = [](const std::vector<std::string>& facts) {
      std::string out;
      for (const auto& f : facts) out += fmt::format("{}{}", out.empty() ? "" : "; ", f);
      return out.empty() ? std::string("legal as printed, nothing noted") : out;
    };
    return Change{ply == std::numeric_limits<int>::max() ? EndPly : ply, move, joined(b), joined(a)};
  }
  return std::nullopt;
}

std::string describe(const Change& c) {
  const std::string where = c.ply > 0            ? fmt::format("ply {}{}", c.ply, c.move.empty() ? "" : fmt::format(" ({})", c.move))
                            : c.ply == EndPly      ? std::string("the end of the main line")
                            : c.move.empty()       ? std::string("the whole puzzle")
                                                   : c.move;
  return fmt::format("first change at {}: {} -> {}", where, c.before, c.after);
}

nlohmann::ordered_json events_json(const std::vector<Event>& events) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& e : events) out.push_back({{"ply", e.ply}, {"move", e.move}, {"fact", e.fact}});
  return out;
}

std::vector<Event> events_from_json(const nlohmann::json& j) {
  std::vector<Event> out;
  for (const auto& e : j) out.push_back({e.at("ply").get<int>(), e.at("move").get<std::string>(), e.at("fact").get<std::string>()});
  return out;
}

}  // namespace arbiter::regress
