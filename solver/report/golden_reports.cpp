#include "solver/report/golden_reports.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "solver/report/matrix_page.h"
#include "solver/report/puzzle_page.h"
#include "solver/diagram/svg_diagram.h"
#include "solver/text_file.h"
#include "solver/variants/registry.h"

namespace arbiter::report {

namespace {

namespace fs = std::filesystem;

void write_whole(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  write_file_atomically(path.string(), text);
}

std::string stem_of(const std::string& page) { return page.substr(0, page.size() - 3); }  // drops ".md"

std::string base_name(const std::string& path) { return fs::path(path).filename().string(); }

// A diagram of `fen` under the puzzle's rules, written beside its page; none where the rules
// draw no SVG of the position (fairy men: their pages keep the moves and the FEN).
std::optional<PageDiagram> diagram(const regress::PuzzleRun& run, const std::string& fen, const std::vector<std::string>& show,
                                   const std::string& name, const std::string& caption, const fs::path& out_dir,
                                   std::vector<std::string>& written) {
  const VariantEngines& rules = find_variant(run.rules.empty() ? run.variant : run.rules);
  DiagramSpec spec;
  spec.caption = caption;
  std::string svg;
  try {
    svg = rules.svg(fen, {run.file, 1, 1}, {}, show, spec, {});
  } catch (const std::exception&) {  // a key the notation cannot draw: the board alone
    try {
      svg = rules.svg(fen, {run.file, 1, 1}, {}, {}, spec, {});
    } catch (const UnsupportedDiagram&) {
      return std::nullopt;
    }
  }
  const std::string file = fmt::format("{}-{}.svg", stem_of(base_name(run.page())), name);
  const std::string relative = fs::path(run.page()).parent_path().append(file).generic_string();
  write_whole(out_dir / relative, svg);
  written.push_back(relative);
  return PageDiagram{file, caption};
}

std::string json_text(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

int json_int(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : 0;
}

// The timeline of a variant whose plies carry more than "legal" (Conditional Chess), as a table.
// The whole-record reading (replay's "reading" object): its cost, whether it is proven least,
// the readings as cheap, and the author's comments against it.
std::string reading_note(const nlohmann::json& r) {
  auto edits = [](double e) { return e == 1 ? std::string("1 edit") : fmt::format("{:g} edits", e); };
  const double cost = r.value("cost", 0.0);
  const std::size_t ties = r.value("ties", std::size_t(1));
  std::string out = fmt::format("**Reading of the whole record:** {} in all, ", edits(cost));
  const bool all_ties = r.value("all_ties", false);
  if (r.value("proven_least_cost", false) && all_ties)
    out += ties == 1 ? "proven least-cost within the edit model, the only reading at that cost."
                     : fmt::format("proven least-cost within the edit model; {} readings cost as little.", ties);
  else if (r.value("proven_least_cost", false))
    out += fmt::format("proven least-cost within the edit model; {} found at that cost before {} was reached.", ties,
                       markdown_text(r.value("limit", std::string())));
  else
    out += fmt::format("the best found, not proven least-cost ({} reached; no reading costs less than {}){}.",
                       markdown_text(r.value("limit", std::string())), edits(r.value("lower_bound", 0.0)),
                       ties > 1 ? fmt::format("; {} readings found at this cost", ties) : std::string());
  for (const auto& o : r["other_readings"]) out += fmt::format("\n- As cheap: {}", markdown_text(o.get<std::string>()));
  for (const auto& c : r["comments"]) out += fmt::format("\n- Comment {}", markdown_text(c.get<std::string>()));
  return out;
}

std::string timeline_table(const nlohmann::json& timeline) {
  std::string out = "Every ply, slot by slot:\n\n| ply | side | slot | move | verdict | detail |\n|---|---|---|---|---|---|\n";
  for (const auto& p : timeline) {
    std::string detail = json_text(p, "detail");
    if (!json_text(p, "correction").empty()) detail += fmt::format(" [read as {}]", json_text(p, "correction"));
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", json_int(p, "ply"), json_text(p, "side"), json_text(p, "slot"),
                       code_span(json_text(p, "move")), markdown_text(json_text(p, "verdict")), markdown_text(detail));
  }
  return out;
}

PageSection game_section(const regress::PuzzleRun& run, bool own_heading, const fs::path& out_dir,
                         std::vector<std::string>& written) {
  PageSection s;
  if (own_heading) s.heading = run.title;
  for (const auto& [name, value] : run.tags) s.tags.push_back({name, value});
  const nlohmann::json& d = run.detail;
  const int plies = json_int(d, "plies");
  s.verdicts.push_back(fmt::format("Replay: {}{}", run.summary(), run.as_expected ? "" : " (not what the record expects)"));
  s.verdicts.push_back(fmt::format("{} plies checked; result {}, status {}", plies, json_text(d, "result"), json_text(d, "status")));
  if (!run.as_expected) s.verdicts.push_back("The record's own expectations do not hold.");
  const std::string prefix = run.number > 1 || own_heading ? fmt::format("{}-", run.number) : "";
  if (auto d = diagram(run, run.start_fen, {}, prefix + "start", "the start position", out_dir, written)) s.diagrams.push_back(*d);
  // A record with errata is read on with its corrections (Transactional, Conditional Chess):
  // its end is the corrected game's; any other illegal move stops the main line before it.
  const bool failed = d.contains("error") && !d["error"].value("in_variation", false);
  const bool corrected = failed && json_text(d["error"], "kind") == "erratum";
  const std::string end_caption =
      corrected ? fmt::format("after the last move ({} plies) as read with the corrections below; as printed the record is "
                              "illegal from ply {}",
                              plies, json_int(d["error"], "ply"))
      : failed  ? fmt::format("before the first illegal move (ply {})", json_int(d["error"], "ply"))
                : fmt::format("after the last move ({} plies)", plies);
  if (auto d = diagram(run, run.final_fen, {}, prefix + "end", end_caption, out_dir, written)) s.diagrams.push_back(*d);

  if (d.contains("claims"))
    for (const auto& c : d["claims"]) {
      const bool ok = c.value("verified", false);
      s.claims.push_back({json_int(c, "ply"), json_text(c, "move"), json_text(c, "claim"), ok ? "verified" : "not verified",
                          json_text(c, "reason"), ok, c.value("expected_unverified", false)});
    }
  if (d.contains("errors"))
    for (const auto& e : d["errors"]) {
      s.findings.push_back({json_int(e, "ply"), json_text(e, "move"), json_text(e, "kind"), json_text(e, "reason"),
                            json_text(e, "correction"), e.value("expected", false)});
    }
  if (d.contains("findings"))
    for (const auto& f : d["findings"])
      s.findings.push_back({json_int(f, "ply"), json_text(f, "move"), json_text(f, "kind"), json_text(f, "reason"),
                            json_text(f, "reading"), false});
  if (d.contains("warnings"))
    for (const auto& w : d["warnings"])
      s.findings.push_back({json_int(w, "ply"), json_text(w, "move"), "warning", json_text(w, "message"), "", false});
  if (d.contains("reading")) s.notes.push_back(reading_note(d["reading"]));
  if (d.contains("timeline")) s.notes.push_back(timeline_table(d["timeline"]));
  s.timings.push_back({fmt::format("replay of {}", own_heading ? run.title : std::string("the game")), run.seconds});
  return s;
}

PageSection problem_section(const regress::PuzzleRun& run, bool own_heading, const fs::path& out_dir,
                            std::vector<std::string>& written) {
  PageSection s;
  if (own_heading) s.heading = run.title;
  for (const auto& [name, value] : run.tags) s.tags.push_back({name, value});
  const nlohmann::json& d = run.detail;
  s.verdicts.push_back(fmt::format("Verify: {}{}", run.summary(), run.as_expected ? "" : " (not what the file expects)"));
  std::string keys;
  for (const auto& k : run.keys) keys += fmt::format("{}{}", keys.empty() ? "" : ", ", k);
  s.verdicts.push_back(fmt::format("Proof: {}; key{}: {}; shortest mate {}", json_text(d, "proof"), run.keys.size() == 1 ? "" : "s",
                                   keys.empty() ? "none" : keys, json_int(d, "shortest")));
  if (!json_text(d, "published_key").empty())
    s.verdicts.push_back(fmt::format("Published key {}: {}", json_text(d, "published_key"),
                                     d.value("published_key_is_key", false) ? "a key" : "NOT a key"));
  const std::string prefix = own_heading ? fmt::format("{}-", run.number) : "";
  // The proved keys; when none is proved, the published key the verdict refutes.
  const std::string published = json_text(d, "published_key");
  const bool proved = !run.keys.empty();
  const std::vector<std::string> shown = proved ? run.keys : published.empty() ? std::vector<std::string>{} : std::vector{published};
  const std::string caption =
      proved ? fmt::format("{}; the proved key{} drawn", json_text(d, "stipulation"), run.keys.size() == 1 ? "" : "s")
      : published.empty() ? fmt::format("{}; no key proved", json_text(d, "stipulation"))
                          : fmt::format("{}; no key proved; the published key {} drawn", json_text(d, "stipulation"), published);
  if (auto d = diagram(run, run.start_fen, shown, prefix + "start", caption, out_dir, written)) s.diagrams.push_back(*d);
  if (d.contains("claims"))
    for (const auto& c : d["claims"]) {
      const bool ok = c.value("holds", false);
      s.claims.push_back({0, json_text(c, "move"), json_text(c, "claim"), ok ? "holds" : "fails", json_text(c, "detail"), ok, false});
    }
  if (d.contains("findings"))
    for (const auto& f : d["findings"]) s.findings.push_back({0, "", json_text(f, "kind"), json_text(f, "message"), "", false});
  s.timings.push_back({fmt::format("verify ({} nodes)", d.value("nodes", std::uint64_t(0))), run.seconds});
  return s;
}

// "legal", or "3 legal, 1 claims fail" for a file of several puzzles.
std::string file_verdict(const std::vector<const regress::PuzzleRun*>& runs) {
  std::map<std::string, int> count;
  for (const auto* r : runs) ++count[r->verdict];
  if (count.size() == 1 && runs.size() == 1) return runs.front()->verdict;
  std::string out;
  for (const auto& [verdict, n] : count) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", n, verdict);
  return out;
}

}  // namespace

bool is_generated_report_file(const std::string& relative_path) {
  // reliability.md and its charts (reliability-*.svg: arbiter bench --record-length --chart) are hand-made.
  return relative_path != "benchmarks.md" && !relative_path.starts_with("reliability") && relative_path != "baseline.json" &&
         !relative_path.starts_with("analysis/") &&
         !relative_path.starts_with("compose/") &&  // the composer's gallery: arbiter bench --compose --gallery
         !relative_path.starts_with("batch/") &&    // a batch store's report: arbiter batch-report
         !relative_path.starts_with("popeye-suite") &&  // Popeye's suite: arbiter bench --popeye-suite --report
         !relative_path.starts_with("studio/");     // the studio's screenshots: tests/studio/run.sh
}

std::vector<std::string> write_golden_reports(const regress::Matrix& matrix, const std::string& out_dir,
                                              const std::string& label) {
  const fs::path out(out_dir);
  std::vector<std::string> written;
  // Pages in file order, one per puzzle file.
  std::vector<std::pair<std::string, std::vector<const regress::PuzzleRun*>>> files;
  for (const auto& r : matrix.defaults) {
    if (files.empty() || files.back().first != r.page()) files.push_back({r.page(), {}});
    files.back().second.push_back(&r);
  }
  IndexPage index;
  index.intro.push_back(fmt::format(
      "Generated by `arbiter report {}` from the puzzles in `puzzles/`; do not edit. Each page shows a puzzle file's "
      "records or problems as the rules judge them under the default interpretations: the verdict, diagrams of the "
      "start and of the key positions, every claim and finding. [regression.md](regression.md) shows what each "
      "alternative interpretation changes; [baseline.json](baseline.json) is the committed judgement `arbiter regress` "
      "compares with.",
      label));
  index.intro.push_back("Hand-written analyses (reconstructions, quizzes) are in [analysis/](analysis/); benchmark runs "
                        "in [benchmarks.md](benchmarks.md); the composer's gallery, with its measured rates, in "
                        "[compose/](compose/README.md); `arbiter batch` over both problem corpora of `../shared/corpus/`, "
                        "reported by `arbiter batch-report`, in [batch/](batch/README.md); screenshots of the studio "
                        "(`arbiter serve`) in [studio/](studio/).");
  double total = 0;
  for (const auto& [page_path, runs] : files) {
    const regress::PuzzleRun& first = *runs.front();
    PuzzlePage page;
    const bool several = runs.size() > 1;
    page.title = several ? first.id.substr(0, first.id.find('#')) : first.title;
    page.source = fmt::format("puzzles/{}", first.id.substr(0, first.id.find('#')));
    page.variant = first.variant;
    page.verdict = file_verdict(runs);
    page.commands.push_back(fmt::format("arbiter {} {}", first.kind, page.source));
    page.commands.push_back(fmt::format("arbiter regress {}", page.source));
    double seconds = 0;
    for (const auto* r : runs) {
      page.sections.push_back(r->kind == "verify" ? problem_section(*r, several, out, written)
                                                  : game_section(*r, several, out, written));
      seconds += r->seconds;
    }
    if (several) page.timings.push_back({"the whole file", seconds});
    total += seconds;
    write_whole(out / page_path, puzzle_page(page));
    written.push_back(page_path);
    for (const auto* r : runs) {
      std::string verdict = r->verdict;
      if (!r->as_expected) verdict += " (NOT what the file expects)";
      else if (r->verdict != "legal" && r->verdict != "confirmed") verdict += " (as the file expects)";
      index.entries.push_back({r->title, page_path, page.source, page.variant, verdict});
    }
  }
  index.timings.push_back({"every puzzle under the defaults", total});
  write_whole(out / "README.md", index_page(index));
  written.push_back("README.md");
  write_whole(out / "regression.md", report::matrix_markdown(matrix, label));
  written.push_back("regression.md");
  std::sort(written.begin(), written.end());
  return written;
}

}  // namespace arbiter::report
