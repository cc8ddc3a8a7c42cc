#pragma once
// A replayed record judged against its own expectations: the errata and the unverified claims
// it lists ([ExpectedErrata], [ExpectedUnverified]) do not fail it, anything else does. Shared by
// `replay`, `regress` and `report`.

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/notation/pgn.h"
#include "rules/registry/interpretations.h"
#include "solver/replay/replay.h"

namespace arbiter {

struct CheckedGame {
  int number;  // 1-based position in the file
  const PgnGame* game;
  ReplayReport report;
  // Claims the record itself expects to fail ([ExpectedUnverified "claim; claim"]: a finding
  // already known, such as a published answer the rules contradict).
  std::vector<std::string> expected_unverified;
  // Misprints the record already knows of ([ExpectedErrata "T3: f:d4(C); ..."], as printed).
  std::vector<std::string> expected_errata;

  bool expected_erratum(const ReplayError& e) const {
    return e.erratum && std::find(expected_errata.begin(), expected_errata.end(), e.move) != expected_errata.end();
  }
  // Errors other than the known errata: what makes the game fail the check.
  int unexpected_errors() const {
    return int(std::count_if(report.errors.begin(), report.errors.end(), [&](const ReplayError& e) { return !expected_erratum(e); }));
  }

  bool expected_to_fail(const ReplayClaim& c) const {
    return std::find(expected_unverified.begin(), expected_unverified.end(), c.claim) != expected_unverified.end();
  }
  // Claims whose verdict differs from the record's expectation.
  int surprising_claims() const {
    int n = 0;
    for (const auto& c : report.claims) n += c.verified == expected_to_fail(c);
    for (const auto& e : expected_unverified)
      n += std::none_of(report.claims.begin(), report.claims.end(), [&](const ReplayClaim& c) { return c.claim == e; });
    return n;
  }

  // The record holds as far as it claims: no unexpected error, no surprising claim.
  bool passes() const { return unexpected_errors() == 0 && surprising_claims() == 0; }
  // The rules and interpretations it was judged under.
  std::string variant;
  InterpretationSettings interpretations;
};

// "a; b; c" -> {"a", "b", "c"}
std::vector<std::string> split_claims(std::string_view list);

// Replays `record` (game `number` of its file) under the rules its [Variant] tag names, with
// `interpret` over the record's [Interpret] pins. Throws ParseError for bad input.
CheckedGame check_game(const PgnGame& record, int number, const InterpretationSettings& interpret);

nlohmann::json error_json(const ReplayError& e);
// The JSON `arbiter replay --json` prints for one game.
nlohmann::json game_json(const CheckedGame& checked);
// "Game 2: Anderssen - Kieseritzky (London, 1851)"
std::string game_title(const CheckedGame& checked);

}  // namespace arbiter
