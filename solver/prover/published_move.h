#pragma once
// One move of a published battle-play line, read and judged the same way by every walker of
// published trees (verify.h for the plain engines, solver/structured/battle_play_check.h): legal
// or stated illegal, its '+' and '#' marks on the board, its glyphs.

#include <optional>
#include <string>

#include "rules/core/capabilities.h"
#include "rules/notation/pgn.h"
#include "solver/prover/published_comments.h"
#include "solver/prover/verify_help.h"
#include "solver/prover/verify_report.h"

namespace arbiter::prover::detail {

inline bool has_nag(const PgnMove& pm, int nag) {
  for (int n : pm.nags)
    if (n == nag) return true;
  return false;
}

// The move `pm` spells where the game stands (towards !#, ## or ##!, `goal` given: one of the
// goal's own moves too), its legality recorded in `report`; none where the line must stop (an
// illegal move, or a legal one stated illegal).
template <RuleSet G>
std::optional<typename G::MoveType> read_published_move(G& game, const PgnMove& pm, const Target* goal, VerifyReport& report) {
  const bool stated_illegal = claims_illegal(pm);
  auto claim = [&](const std::string& what, bool holds, const std::string& detail) {
    report.claims.push_back({pm.san, what, holds, detail, pm.where, ""});
  };
  typename G::MoveType m;
  try {
    m = parse_published(game, pm, goal);
  } catch (const ParseError& e) {
    if (stated_illegal) {
      claim("illegal", true, e.message());
    } else {
      claim("legal", false, e.message());
      report.findings.push_back({"illegal-move", "published move " + pm.san + " is illegal: " + e.message(), pm.where});
    }
    return std::nullopt;
  }
  if (stated_illegal) {
    claim("illegal", false, "the rules allow it");
    report.findings.push_back({"legal-move", "published move " + pm.san + " is stated to be illegal, but the rules allow it", pm.where});
    return std::nullopt;
  }
  claim("legal", true, "");
  return m;
}

// '#' claims checkmate, '+' check, each checked on the board after the move.
template <RuleSet G>
void check_published_marks(const G& game, const PgnMove& pm, VerifyReport& report) {
  const bool check = game.in_check();
  if (pm.san.find('#') != std::string::npos) {
    const bool mate = check && !game.has_legal_move();
    report.claims.push_back({pm.san, "mate", mate, mate ? "" : check ? "the side in check has a legal move" : "no check", pm.where, ""});
    if (!mate) report.findings.push_back({"not-mate", pm.san + " is marked as mate but is not checkmate", pm.where});
  } else if (pm.san.find('+') != std::string::npos) {
    report.claims.push_back({pm.san, "check", check, check ? "" : "no check", pm.where, ""});
    if (!check) report.findings.push_back({"not-check", pm.san + " is marked as check but gives no check", pm.where});
  }
}

}  // namespace arbiter::prover::detail
