#pragma once
// Verifying a structured stipulation's solve (solver/structured/) against what the problem states:
// the stated count (one solution when none is stated), and the published solution when the
// problem has one (a PGN problem with [Stipulation "ser-s#3"], "pser-#4", ...).
//
// Help and series play, and parry series (printed as lines): each published line, the main line
// and each variation followed to its end, must be one of the lines found. Where the passes fall is
// the tree's to say, so a published line is replayed beside each line found: move by move in the
// position that line's move is played in (after its passes), the published move read there and
// compared. A line that matches none is not a solution; where its first unmatched move is illegal
// in the position reached by the line found that shares the longest start with it (with or
// without a pass before it), it is an illegal move. Lines found and
// not published are cooks.
// Parry series (battle play printed as lines, Solution::keyed_lines): the same, but a line found
// under a published key is a variation the publication left out, not a cook, and the count the
// problem states is of keys (first moves).
// Battle play (printed as keys): the published key must be a key; the other keys are cooks. The
// play published after the key is followed by solver/structured/battle_play_check.h.

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/notation/pgn.h"
#include "solver/prover/solution.h"
#include "solver/prover/solution_format.h"
#include "solver/prover/verify_help.h"
#include "solver/prover/verify_report.h"

namespace arbiter::prover {

// Without a published solution: the solve against the stated count. A solution beyond it (one
// when none is stated) is a cook; the least lengths are the tree's own (its branches' minima), so
// no line is short.
inline VerifyReport verify_structured(Solution solution) {
  VerifyReport report;
  report.solution = std::move(solution);
  const Solution& s = report.solution;
  auto add = [&](std::string kind, std::string message) { report.findings.push_back({std::move(kind), std::move(message), WholeProblem}); };
  if (s.verdict == Verdict::Unknown) return report;
  if (s.verdict == Verdict::Refuted) add("no-solution", "there is no solution of " + s.stipulation);
  add("no-published-solution", "the file states no solution; only the stipulation was checked");
  // A root whose parts print keys and lines: each part that holds against its own count (a part
  // that fails is the root's verdict to judge: '&' fails with it, '|' may not).
  for (std::size_t k = 0; k < s.parts.size(); ++k) {
    if (s.parts[k].verdict != Verdict::Proved) continue;
    for (auto& f : verify_structured(s.parts[k]).findings)
      if (f.kind != "no-published-solution") add(f.kind, "part " + std::to_string(k + 1) + ": " + f.message);
  }
  if (!s.parts.empty()) return report;
  const std::size_t stated = std::size_t(s.stated_solutions > 0 ? s.stated_solutions : 1);
  if (s.keyed_lines) {  // parry series: a key beyond the stated count is a cook, not a variation
    const auto keys = counted_first_moves(s);
    for (std::size_t i = stated; i < keys.size(); ++i)
      for (const auto& l : s.solutions)
        if (l.moves.front().uci == keys[i]) {
          add("cook", "1." + l.moves.front().san + " is a key too");
          break;
        }
  } else if (has_lines(s)) {
    for (std::size_t i = stated; i < s.solutions.size(); ++i) add("cook", format_solution_line(s, s.solutions[i]) + " is a solution too");
  } else {
    for (std::size_t i = 1; i < s.keys.size(); ++i) add("cook", "1." + s.keys[i].san + " is a key too");
  }
  return report;
}

namespace detail {

// A published line replayed beside a line found.
struct StructuredMatch {
  std::size_t moves = 0;                            // published moves matched, from the first
  std::vector<std::pair<bool, bool>> check_mate;    // after each matched move: check, mate
  std::optional<bool> next_legal;                   // the first unmatched published move: legal there?
};

// Replays `found` (its passes where it has them; a leading pass where its first move needs one)
// and reads each move of `published` in the position the found move is played in.
template <RuleSet G>
  requires NullMove<G>
StructuredMatch match_structured_line(G& game, const HelpLine& found, const std::vector<const PgnMove*>& published) {
  StructuredMatch out;
  std::vector<bool> steps;  // true: a move, false: a pass (taken back at the end)
  auto find = [&](const std::string& uci) -> std::optional<typename G::MoveType> {
    typename G::MoveListType legal;
    game.generate_legal(legal);
    for (const auto& m : legal)
      if (game.move_uci(m) == uci) return m;
    return std::nullopt;
  };
  auto parses = [&](const PgnMove& pm) -> std::optional<std::string> {
    try {
      return game.move_uci(game.parse_move(pm.san, pm.where));
    } catch (const ParseError&) {
      return std::nullopt;
    }
  };
  for (std::size_t j = 0; j < published.size() && j < found.moves.size(); ++j) {
    if (found.moves[j].after_pass && !game.in_check()) {
      game.play_null();
      steps.push_back(false);
    }
    auto m = find(found.moves[j].uci);
    if (!m && j == 0 && !game.in_check()) {  // the root's '-': the side to move passes first
      game.play_null();
      steps.push_back(false);
      m = find(found.moves[j].uci);
    }
    if (!m) break;
    const auto uci = parses(*published[j]);
    if (!uci || *uci != found.moves[j].uci) break;
    game.play(*m);
    steps.push_back(true);
    out.check_mate.push_back({game.in_check(), game.in_check() && !game.has_legal_move()});
    ++out.moves;
  }
  if (out.moves < published.size()) {
    bool legal = parses(*published[out.moves]).has_value();
    if (!legal && !game.in_check()) {  // with a pass before it
      game.play_null();
      legal = parses(*published[out.moves]).has_value();
      game.undo_null();
    }
    out.next_legal = legal;
  }
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    if (*it) game.undo();
    else game.undo_null();
  }
  return out;
}

inline std::string written(const std::vector<const PgnMove*>& line) {
  std::string out;
  for (const PgnMove* pm : line) out += (out.empty() ? "" : " ") + pm->san;
  return out;
}

}  // namespace detail

template <RuleSet G>
VerifyReport verify_structured_published(G& game, Solution solution, const PgnLine& published) {
  if (published.empty()) return verify_structured(std::move(solution));
  VerifyReport report;
  report.solution = std::move(solution);
  const Solution& s = report.solution;
  auto add = [&](std::string kind, std::string message, SourceLocation where = WholeProblem) {
    report.findings.push_back({std::move(kind), std::move(message), where});
  };
  if (s.verdict == Verdict::Unknown) return report;
  if (s.verdict == Verdict::Refuted) add("no-solution", "there is no solution of " + s.stipulation);
  report.has_published = true;
  if (!has_lines(s)) {  // battle play: the key
    const PgnMove& key = published.front();
    report.published_key = key.san;
    try {
      const std::string uci = game.move_uci(game.parse_move(key.san, key.where));
      for (const auto& k : s.keys) report.published_key_is_key = report.published_key_is_key || k.uci == uci;
      if (!report.published_key_is_key)
        add("not-a-key", "the published key 1." + key.san + " does not solve " + s.stipulation, key.where);
      for (const auto& k : s.keys)
        if (k.uci != uci)
          add(report.published_key_is_key ? "cook" : "actual-key", "1." + k.san + (report.published_key_is_key ? " is a key too" : " is the key"));
    } catch (const ParseError& e) {
      report.claims.push_back({key.san, "legal", false, e.message(), key.where, ""});
      add("illegal-move", "the published key " + key.san + " is illegal: " + e.message(), key.where);
    }
    ++report.published_plies;
    return report;
  }
  if constexpr (NullMove<G>) {
    std::vector<std::vector<const PgnMove*>> lines;
    std::vector<const PgnMove*> prefix;
    detail::collect_published_lines(published, prefix, lines);
    std::vector<bool> published_found(s.solutions.size(), false);
    for (const auto& line : lines) {
      std::optional<std::size_t> match;
      detail::StructuredMatch best;
      for (std::size_t i = 0; i < s.solutions.size() && !match; ++i) {
        auto m = detail::match_structured_line(game, s.solutions[i], line);
        if (m.moves == line.size() && line.size() == s.solutions[i].moves.size()) match = i;
        if (m.moves >= best.moves) best = std::move(m);
      }
      if (s.solutions.empty()) best = detail::match_structured_line(game, HelpLine{}, line);
      report.published_plies += int(best.moves);
      for (std::size_t j = 0; j < best.check_mate.size(); ++j) {  // the marks of the moves replayed
        const PgnMove& pm = *line[j];
        const auto [check, mate] = best.check_mate[j];
        if (pm.san.find('#') != std::string::npos) {
          report.claims.push_back({pm.san, "mate", mate, mate ? "" : "no checkmate", pm.where, ""});
          if (!mate) add("not-mate", pm.san + " is marked as mate but is not checkmate", pm.where);
        } else if (pm.san.find('+') != std::string::npos) {
          report.claims.push_back({pm.san, "check", check, check ? "" : "no check", pm.where, ""});
          if (!check) add("not-check", pm.san + " is marked as check but gives no check", pm.where);
        }
      }
      if (match) {
        published_found[*match] = true;
        report.claims.push_back({format_solution_line(s, s.solutions[*match]), "solution", true, "", line.front()->where, ""});
        continue;
      }
      if (best.next_legal == false) {
        const PgnMove& pm = *line[best.moves];
        report.claims.push_back({pm.san, "legal", false, "illegal where the line found that shares its start reaches, with or without a pass", pm.where, ""});
        add("illegal-move", "published move " + pm.san + " is illegal where the line found that shares its start reaches (with or without a pass before it)", pm.where);
        continue;
      }
      report.claims.push_back({detail::written(line), "solution", false, "it is not one of the solutions", line.front()->where, ""});
      add("not-a-solution", "the published line " + detail::written(line) + " is not a solution", line.front()->where);
    }
    report.published_key = detail::written(lines.front());
    report.published_key_is_key = true;
    // Parry series: a line not published under a published key is a variation left out, not a cook.
    std::set<std::string> published_keys;
    for (std::size_t i = 0; i < s.solutions.size(); ++i)
      if (published_found[i]) published_keys.insert(s.solutions[i].moves.front().uci);
    for (std::size_t i = 0; i < s.solutions.size(); ++i)
      if (!published_found[i] && !(s.keyed_lines && published_keys.count(s.solutions[i].moves.front().uci)))
        add("cook", format_solution_line(s, s.solutions[i]) + " is a solution too");
    const std::size_t stated = std::size_t(s.stated_solutions > 0 ? s.stated_solutions : 1);
    if (s.stated_solutions > 0 && s.solutions.size() < stated)
      add("too-few-solutions", std::to_string(s.solutions.size()) + " solution(s), " + std::to_string(stated) + " stated");
  }
  return report;
}

}  // namespace arbiter::prover
