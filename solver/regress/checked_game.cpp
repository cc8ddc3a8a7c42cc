#include "solver/regress/checked_game.h"

#include "solver/problem/problem.h"

#include <algorithm>

#include <fmt/format.h>

#include "solver/variants/registry.h"

namespace arbiter {

std::vector<std::string> split_claims(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const auto semi = list.find(';');
    std::string_view item = list.substr(0, semi);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) out.emplace_back(item);
    list = semi == std::string_view::npos ? std::string_view{} : list.substr(semi + 1);
  }
  return out;
}

CheckedGame check_game(const PgnGame& record, int number, const InterpretationSettings& interpret) {
  const auto variant_location =
      record.tag_value_location(record.tag("VariantFile") ? "VariantFile" : "Variant").value_or(record.where);
  const VariantEngines& rules = find_variant(problem::variant_of(record), variant_location);
  InterpretationSettings settings = pinned_interpretations(record);
  settings.merge(interpret);
  CheckedGame checked{number,
                      &record,
                      rules.replay(record, settings),
                      split_claims(record.tag("ExpectedUnverified").value_or("")),
                      split_claims(record.tag("ExpectedErrata").value_or("")),
                      rules.name,
                      settings};
  return checked;
}

nlohmann::json error_json(const ReplayError& e) {
  nlohmann::json j = {{"ply", e.ply},       {"move", e.move},     {"reason", e.reason},
                      {"line", e.where.line}, {"column", e.where.column}, {"in_variation", e.in_variation},
                      {"kind", e.result_claim ? "false-result-claim" : "illegal-move"}};
  j["predicate"] = e.predicate ? nlohmann::json(*e.predicate) : nlohmann::json(nullptr);
  if (e.erratum) {
    j["kind"] = "erratum";
    j["suggestions"] = e.suggestions;
    j["correction"] = e.correction;
  }
  return j;
}

nlohmann::json game_json(const CheckedGame& checked) {
  const ReplayReport& r = checked.report;
  nlohmann::json j = {{"game", checked.number},
                      {"verdict", r.legal() ? "legal" : "illegal"},
                      {"plies", r.plies},
                      {"variation_plies", r.variation_plies},
                      {"result", r.result},
                      {"status", std::string(status_name(r.status))},
                      {"fen", r.fen}};
  nlohmann::json tags = nlohmann::json::object();
  for (const auto& [name, value] : checked.game->tags) tags[name] = value;
  j["tags"] = tags;
  j["variant"] = r.variant;
  if (!checked.interpretations.empty()) {
    nlohmann::json chosen = nlohmann::json::object();
    for (const auto& e : checked.interpretations.entries()) chosen[e.id] = e.choice;
    j["interpretations"] = chosen;
  }
  nlohmann::json warnings = nlohmann::json::array();
  for (const auto& w : r.warnings)
    warnings.push_back({{"ply", w.ply}, {"move", w.move}, {"message", w.message}, {"line", w.where.line}, {"column", w.where.column}});
  j["warnings"] = warnings;
  if (!r.findings.empty()) {
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : r.findings)
      findings.push_back({{"ply", f.ply}, {"move", f.move}, {"kind", f.kind}, {"reading", f.reading}, {"reason", f.reason},
                          {"details", f.details}, {"line", f.where.line}, {"column", f.where.column}});
    j["findings"] = findings;
  }
  if (r.reading) {
    j["reading"] = {{"cost", r.reading->cost},
                    {"proven_least_cost", r.reading->proven},
                    {"all_ties", r.reading->all_ties},
                    {"limit", r.reading->limit},
                    {"lower_bound", r.reading->lower_bound},
                    {"ties", r.reading->ties},
                    {"other_readings", r.reading->other_readings},
                    {"comments", r.reading->comments},
                    {"states", r.reading->states}};
  }
  if (!r.timeline.empty()) {
    nlohmann::json timeline = nlohmann::json::array();
    for (const auto& p : r.timeline)
      timeline.push_back({{"ply", p.ply}, {"move", p.move}, {"side", p.side}, {"slot", p.slot}, {"verdict", p.verdict},
                          {"detail", p.detail}, {"correction", p.correction}, {"line", p.where.line}, {"column", p.where.column}});
    j["timeline"] = timeline;
  }
  if (std::any_of(r.errors.begin(), r.errors.end(), [](const ReplayError& e) { return e.erratum; })) {
    int expected = 0;
    for (const auto& e : r.errors) expected += checked.expected_erratum(e);
    j["errata_expected"] = expected;
  }
  if (!r.claims.empty()) {
    nlohmann::json claims = nlohmann::json::array();
    for (const auto& c : r.claims)
      claims.push_back({{"ply", c.ply},
                        {"move", c.move},
                        {"claim", c.claim},
                        {"verified", c.verified},
                        {"reason", c.reason},
                        {"details", c.details},
                        {"line", c.where.line},
                        {"column", c.where.column},
                        {"in_variation", c.in_variation},
                        {"expected_unverified", checked.expected_to_fail(c)}});
    j["claims"] = claims;
    j["claims_verified"] = std::count_if(r.claims.begin(), r.claims.end(), [](const ReplayClaim& c) { return c.verified; });
    j["claims_unexpected"] = checked.surprising_claims();
  }
  if (const ReplayError* e = r.first_error()) {
    j["error"] = error_json(*e);
    nlohmann::json all = nlohmann::json::array();
    for (const auto& err : r.errors) {
      all.push_back(error_json(err));
      all.back()["expected"] = checked.expected_erratum(err);
    }
    j["errors"] = all;
  }
  return j;
}

std::string game_title(const CheckedGame& checked) {
  const PgnGame& g = *checked.game;
  auto tag = [&](std::string_view name) {
    auto v = g.tag(name);
    return v && *v != "?" && !v->empty() ? std::string(*v) : std::string();
  };
  std::string title = fmt::format("Game {}", checked.number);
  if (!tag("White").empty() || !tag("Black").empty())
    title += fmt::format(": {} - {}", tag("White").empty() ? "?" : tag("White"), tag("Black").empty() ? "?" : tag("Black"));
  std::string where;
  for (auto name : {"Event", "Date"})
    if (auto v = tag(name); !v.empty() && v.find_first_not_of("?.") != std::string::npos) where += (where.empty() ? "" : ", ") + v;
  if (!where.empty()) title += " (" + where + ")";
  return title;
}

}  // namespace arbiter
