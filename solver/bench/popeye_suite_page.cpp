#include "solver/bench/popeye_suite_page.h"

#include <fmt/core.h>

#include "solver/report/stacked_bar_chart.h"

namespace arbiter {

namespace {

using Json = nlohmann::ordered_json;

// The rows of the two tables, in a fixed order (a group with no problem is left out).
const std::vector<std::string> Families = {"direct #", "help h#", "self s#", "help h=", "series ser-", "reflex r#", "help-self hs# hr#", "reciprocal reci-h", "other"};
const std::vector<std::string> Materials = {"orthodox only", "fairy piece", "condition"};

// How many of the reasons and of each list the text shows.
constexpr std::size_t TopReasons = 20;

std::string ratio_text(const SuiteTally& t) { return t.peer_seconds > 0 ? fmt::format("{:.3f}", t.ratio()) : "-"; }

Json tally_json(const SuiteTally& t) {
  Json j = {{"problems", t.problems}, {"read", t.read},           {"supported", t.supported},
            {"identical", t.identical}, {"different", t.different}, {"unknown_limit", t.unknown},
            {"unchecked", t.unchecked}, {"unsupported", t.unsupported}, {"malformed", t.malformed},
            {"layout_compared", t.layout_compared}, {"layout_identical", t.layout_identical},
            {"timed", t.timed},         {"seconds", t.seconds},       {"peer_seconds", t.peer_seconds}};
  j["ratio"] = t.peer_seconds > 0 ? Json(t.ratio()) : Json();
  return j;
}

std::string where(const SuiteProblemRow& r) { return fmt::format("{} problem {}", r.file, r.number); }

// The rows of one outcome.
std::vector<const SuiteProblemRow*> rows_of(const std::vector<SuiteProblemRow>& rows, SuiteOutcome outcome) {
  std::vector<const SuiteProblemRow*> out;
  for (const auto& r : rows)
    if (r.outcome == outcome) out.push_back(&r);
  return out;
}

std::string malformed_note(const SuiteProblemRow& r) {
  return r.popeye_refuses ? " — Popeye's deliberate test: its expected output refuses it too" : "";
}

// One table of tallies, as Markdown or as aligned text.
std::string tally_table(const std::string& heading, const std::vector<std::string>& order,
                        const std::map<std::string, SuiteTally>& tallies, const SuiteTally& total, bool markdown) {
  std::string out;
  const std::vector<std::string> columns = {heading,     "problems",  "read",        "supported", "identical", "different",
                                            "unknown (limit)", "unchecked", "unsupported", "malformed", "timed",    "ratio"};
  auto row = [&](const std::string& name, const SuiteTally& t) {
    const std::vector<std::string> cells = {name,
                                            std::to_string(t.problems),
                                            std::to_string(t.read),
                                            std::to_string(t.supported),
                                            std::to_string(t.identical),
                                            std::to_string(t.different),
                                            std::to_string(t.unknown),
                                            std::to_string(t.unchecked),
                                            std::to_string(t.unsupported),
                                            std::to_string(t.malformed),
                                            std::to_string(t.timed),
                                            ratio_text(t)};
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (markdown) line += "| " + (name == "total" ? "**" + cells[i] + "**" : cells[i]) + " ";
      else line += i == 0 ? fmt::format("{:<12}", cells[i]) : fmt::format(" {:>{}}", cells[i], columns[i].size());
    }
    return line + (markdown ? "|\n" : "\n");
  };
  std::string head;
  for (std::size_t i = 0; i < columns.size(); ++i) head += markdown ? "| " + columns[i] + " " : (i == 0 ? fmt::format("{:<12}", columns[i]) : " " + columns[i]);
  out += head + (markdown ? "|\n" : "\n");
  if (markdown) {
    for (std::size_t i = 0; i < columns.size(); ++i) out += i == 0 ? "|---" : "|--:";
    out += "|\n";
  }
  for (const auto& name : order)
    if (const auto it = tallies.find(name); it != tallies.end()) out += row(name, it->second);
  out += row("total", total);
  return out;
}

}  // namespace

std::string popeye_suite_text(const SuiteSummary& s, const std::vector<SuiteProblemRow>& rows, const SuitePageContext& c) {
  std::string out = fmt::format("{} files, {} problems; our limit {} s a problem{}\n\n", s.files, s.total.problems, c.max_seconds,
                                c.peer.empty() ? "" : fmt::format(", peer `{} -maxtime {}` on each problem alone", c.peer, c.max_seconds));
  out += tally_table("family", Families, s.by_family, s.total, false) + "\n";
  out += tally_table("material", Materials, s.by_material, s.total, false) + "\n";
  out += "unsupported, the most frequent reasons (problems):\n";
  for (std::size_t i = 0; i < s.unsupported_reasons.size() && i < TopReasons; ++i)
    out += fmt::format("  {:>5}  {}\n", s.unsupported_reasons[i].second, s.unsupported_reasons[i].first);
  out += "\nmalformed:\n";
  for (const auto* r : rows_of(rows, SuiteOutcome::Malformed)) out += fmt::format("  {}: {}{}\n", where(*r), r->detail, malformed_note(*r));
  out += "\ndifferent from Popeye's expected output:\n";
  for (const auto* r : rows_of(rows, SuiteOutcome::Different)) out += fmt::format("  {} ({}): {}\n", where(*r), r->stipulation, r->detail);
  out += "\nunchecked (nothing of Popeye's to compare with):\n";
  for (const auto* r : rows_of(rows, SuiteOutcome::Unchecked)) out += fmt::format("  {} ({}): {}\n", where(*r), r->stipulation, r->detail);
  out += "\nunknown (our limit came first):\n";
  for (const auto* r : rows_of(rows, SuiteOutcome::Unknown)) out += fmt::format("  {} ({}): {}\n", where(*r), r->stipulation, r->detail);
  out += fmt::format("\nPopeye's layout (arbiter popeye's solution lines against the expected block's): {} of {} identical\n",
                     s.total.layout_identical, s.total.layout_compared);
  for (const auto& r : rows)
    if (!r.layout.empty() && r.layout != "identical") out += fmt::format("  {} ({}): {}\n", where(r), r.stipulation, r.layout);
  if (!c.peer.empty()) {
    out += "\nthe live peer, where it is not ours:\n";
    for (const auto& r : rows)
      if (r.have_peer && !r.peer_same) out += fmt::format("  {} ({}): {}\n", where(r), r.stipulation, r.peer_note);
    out += fmt::format("\n(ratio = our solving time / the peer's whole-process time, over the {} problems both solved completely)\n",
                       s.total.timed);
  }
  return out;
}

Json popeye_suite_json(const SuiteSummary& s, const std::vector<SuiteProblemRow>& rows, const SuitePageContext& c) {
  Json j = {{"files", s.files}, {"max_seconds", c.max_seconds}, {"peer", c.peer.empty() ? Json() : Json(c.peer)}};
  j["total"] = tally_json(s.total);
  j["by_family"] = Json::object();
  for (const auto& name : Families)
    if (const auto it = s.by_family.find(name); it != s.by_family.end()) j["by_family"][name] = tally_json(it->second);
  j["by_material"] = Json::object();
  for (const auto& name : Materials)
    if (const auto it = s.by_material.find(name); it != s.by_material.end()) j["by_material"][name] = tally_json(it->second);
  j["unsupported_reasons"] = Json::array();
  for (const auto& [reason, count] : s.unsupported_reasons) j["unsupported_reasons"].push_back({{"reason", reason}, {"problems", count}});
  j["problems"] = Json::array();
  for (const auto& r : rows) {
    Json row = {{"file", r.file}, {"number", r.number}, {"stipulation", r.stipulation}, {"family", r.family},
                {"material", r.material}, {"outcome", std::string(suite_outcome_name(r.outcome))}, {"detail", r.detail}};
    if (r.outcome == SuiteOutcome::Malformed) row["popeye_refuses"] = r.popeye_refuses;
    if (r.outcome == SuiteOutcome::Unsupported) row["unsupported"] = r.unsupported;
    if (r.outcome != SuiteOutcome::Malformed && r.outcome != SuiteOutcome::Unsupported) {
      row["seconds"] = r.seconds;
      row["nodes"] = r.nodes;
      row["solutions"] = problem::format_solution_sets(r.ours, r.family != "help h#");
      row["expected"] = problem::format_solution_sets(r.expected, r.family != "help h#");
      if (!r.layout.empty()) row["layout"] = r.layout;
    }
    if (r.have_peer) {
      row["peer_seconds"] = r.peer_seconds;
      row["peer_complete"] = r.peer_complete;
      row["peer_same"] = r.peer_same;
      if (!r.peer_note.empty()) row["peer_note"] = r.peer_note;
    }
    j["problems"].push_back(row);
  }
  return j;
}

std::string popeye_suite_markdown(const SuiteSummary& s, const std::vector<SuiteProblemRow>& rows, const SuitePageContext& c,
                                  const std::string& chart) {
  std::string out = "# Popeye's suite: the coverage dashboard\n\n";
  out += fmt::format(
      "Every problem of Popeye's own example and regression suite (`../shared/corpus/popeye-suite/`, {} input files, {} "
      "problems) read, each playable one solved and compared with the solution Popeye's expected output prints for it, "
      "twin by twin: a direct mate's and a selfmate's keys, a helpmate's lines (its set play too when asked for). "
      "Produced on {} by\n\n```\n{}\n```\n\n",
      s.files, s.total.problems, c.date, c.command);
  out += "**read**: no reader error; **supported**: Arbiter plays it; **identical**: our solution set is Popeye's; "
         "**different**: it is not (each listed below); **unknown (limit)**: our limit of " +
         fmt::format("{}", c.max_seconds) +
         " s came first (not a difference); **unchecked**: solved, but Popeye's expected output gives nothing to compare "
         "(listed below); **timed**: solved completely by us and by the live peer, whose times give the **ratio** (our "
         "solving time / Popeye's whole-process time on the problem alone" +
         std::string(c.peer.empty() ? "; no peer in this run" : "") + ").\n\n";
  out += fmt::format("![Problems by genre family and outcome]({})\n\n", chart);
  out += "## By genre family\n\n" + tally_table("family", Families, s.by_family, s.total, true) + "\n";
  out += "## By material (a condition first, then fairy men, else orthodox)\n\n" +
         tally_table("material", Materials, s.by_material, s.total, true) + "\n";
  out += "## Unsupported: the most frequent reasons\n\n| reason | problems |\n|---|--:|\n";
  for (std::size_t i = 0; i < s.unsupported_reasons.size() && i < TopReasons; ++i)
    out += fmt::format("| {} | {} |\n", s.unsupported_reasons[i].first, s.unsupported_reasons[i].second);
  out += fmt::format("\n({} distinct reasons in all; `--json` lists every one.)\n\n", s.unsupported_reasons.size());
  out += "## Malformed\n\n";
  for (const auto* r : rows_of(rows, SuiteOutcome::Malformed)) out += fmt::format("- {}: `{}`{}\n", where(*r), r->detail, malformed_note(*r));
  out += "\n## Different from Popeye\n\n";
  const auto different = rows_of(rows, SuiteOutcome::Different);
  if (different.empty()) out += "None.\n";
  for (const auto* r : different) out += fmt::format("- {} ({}): {}\n", where(*r), r->stipulation, r->detail);
  out += "\n## Unchecked\n\n";
  const auto unchecked = rows_of(rows, SuiteOutcome::Unchecked);
  if (unchecked.empty()) out += "None.\n";
  for (const auto* r : unchecked) out += fmt::format("- {} ({}): {}\n", where(*r), r->stipulation, r->detail);
  out += "\n## Unknown (our limit)\n\n";
  const auto unknown = rows_of(rows, SuiteOutcome::Unknown);
  if (unknown.empty()) out += "None.\n";
  for (const auto* r : unknown) out += fmt::format("- {} ({}): {}\n", where(*r), r->stipulation, r->detail);
  out += fmt::format(
      "\n## Popeye's layout\n\nWhere the solution sets are identical and Popeye lists them whole, what `arbiter popeye` "
      "prints of the solution (the lines below the stipulation line, the tree of a direct mate with its threats and "
      "defences, a helpmate's lines) against the expected block's, as sorted lists (Popeye prints in its "
      "move-generation order): **{} of {} identical**.\n\n",
      s.total.layout_identical, s.total.layout_compared);
  for (const auto& r : rows)
    if (!r.layout.empty() && r.layout != "identical") out += fmt::format("- {} ({}): {}\n", where(r), r.stipulation, r.layout);
  return out;
}

std::string popeye_suite_chart_svg(const SuiteSummary& s) {
  const std::vector<report::ChartSegment> segments = {{"identical", "#2ca02c"},   {"different", "#d62728"}, {"unknown (limit)", "#ff7f0e"},
                                              {"unchecked", "#9467bd"},   {"unsupported", "#7f7f7f"}, {"malformed", "#000000"}};
  std::vector<report::StackedBar> bars;
  auto bar = [](const std::string& label, const SuiteTally& t) {
    return report::StackedBar{label, {t.identical, t.different, t.unknown, t.unchecked, t.unsupported, t.malformed}};
  };
  for (const auto& name : Families)
    if (const auto it = s.by_family.find(name); it != s.by_family.end()) bars.push_back(bar(name, it->second));
  for (const auto& name : Materials)
    if (const auto it = s.by_material.find(name); it != s.by_material.end()) bars.push_back(bar(name, it->second));
  return report::stacked_bar_chart_svg("Popeye's suite: problems by genre family and by material, by outcome", "problems", segments, bars);
}

}  // namespace arbiter
