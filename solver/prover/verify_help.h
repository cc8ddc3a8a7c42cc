#pragma once
// Verifying the published solution of help or series play against the complete solution set
// (helpmates h#n, h#n.5, any goal of target.h, help-self and help-reflex play, series play). Such
// a problem has no key: its published solution is a set of lines (the main line and each
// variation, followed to its end), and the problem states how many there are ("h#2 2.1.1.1",
// [Solutions "2"]; one when it says nothing).
//
// Each published line must be legal move by move, its '+' and '#' marks must hold, and it
// must be one of the solutions found. Solutions found but not published are cooks beside a
// published solution (or, without one, beyond the stated count). A short solution (the goal
// before the stipulated length) is a finding, as for direct mates. A published series line
// writes the series side's moves one after the other ("1.g7 2.g8=Q 3.Qg2 4.Qb2#"): the other
// side passes between them.

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/notation/pgn.h"
#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/target_reached.h"
#include "solver/prover/solution.h"
#include "solver/prover/solution_format.h"
#include "solver/prover/verify_report.h"

namespace arbiter::prover {

namespace detail {

// Every line of a PGN line tree, root to leaf: the main line, and each variation continued
// from the moves before it.
inline void collect_published_lines(const PgnLine& line, std::vector<const PgnMove*>& prefix,
                                    std::vector<std::vector<const PgnMove*>>& out) {
  const std::size_t base = prefix.size();
  for (const PgnMove& m : line) {
    for (const PgnLine& v : m.variations) collect_published_lines(v, prefix, out);
    prefix.push_back(&m);
  }
  if (prefix.size() > base) out.push_back(prefix);
  prefix.resize(base);
}

// A published move: the legal one it spells, or where `goal` is given (the line's last move
// towards !#, ## or ##!) one of the goal's own moves so spelt; throws the parse error otherwise.
template <RuleSet G>
typename G::MoveType parse_published(G& game, const PgnMove& pm, const Target* goal) {
  try {
    return game.parse_move(pm.san, pm.where);
  } catch (const ParseError&) {
    if (goal)
      if (const auto m = self_check_goal_move_spelt(game, *goal, pm.san)) return *m;
    throw;
  }
}

}  // namespace detail

template <RuleSet G>
VerifyReport verify_help_published(G& game, Solution solution, const PgnLine& published) {
  VerifyReport report;
  report.solution = std::move(solution);
  const Solution& s = report.solution;
  const std::size_t stated = std::size_t(s.stated_solutions > 0 ? s.stated_solutions : 1);
  const bool helpmate = s.target.kind == Target::Mate && !s.series && s.help_end == HelpEnd::Goal && s.goal == Goal::HelpMate;
  const std::size_t others = s.series && s.goal == Goal::HelpMate ? 1 : 0;  // help series: the other side's last move
  auto add = [&](std::string kind, std::string message, SourceLocation where = WholeProblem) {
    report.findings.push_back({std::move(kind), std::move(message), where});
  };
  auto text_of = [&](const HelpLine& l) { return format_solution_line(s, l); };

  if (s.verdict == Verdict::Unknown) return report;
  if (s.solutions.empty())
    add("no-solution", helpmate ? "there is no helpmate in " + s.stipulation.substr(2) : "there is no solution of " + s.stipulation);
  for (const auto& l : s.solutions)
    if (short_line(s, l))
      add("short-solution", text_of(l) + (s.target.kind == Target::Mate ? " mates before the stipulated length"
                                                                         : " reaches the goal before the stipulated length"));

  std::set<std::string> found;
  auto uci_of = [](const HelpLine& l) {
    std::string u;
    for (const auto& m : l.moves) u += (u.empty() ? "" : " ") + m.uci;
    return u;
  };
  for (const auto& l : s.solutions) found.insert(uci_of(l));

  std::vector<std::vector<const PgnMove*>> lines;
  std::vector<const PgnMove*> prefix;
  detail::collect_published_lines(published, prefix, lines);
  report.has_published = !lines.empty();
  // Reciprocal series play: a line ends with the other side's reply or with the series side's
  // own goal move (the other side passing before it too). The published line's last move says
  // which: played silently both ways, the shape that makes a solution, else the one whose moves
  // are all legal (the help shape when both are and neither is a solution).
  auto replays_as = [&](const std::vector<const PgnMove*>& line, std::size_t series_moves) -> std::optional<std::string> {
    if constexpr (NullMove<G>) {
      HelpLine played;
      std::vector<bool> passed;
      bool ok = true;
      for (const PgnMove* pm : line) {
        try {
          auto m = detail::parse_published(game, *pm, nullptr);
          played.moves.push_back({"", game.move_uci(m)});
          game.play(m);
          passed.push_back(played.moves.size() < series_moves && !game.in_check());
          if (passed.back()) game.play_null();
        } catch (const ParseError&) {
          ok = false;
          break;
        }
      }
      for (std::size_t i = passed.size(); i-- > 0;) {
        if (passed[i]) game.undo_null();
        game.undo();
      }
      if (ok) return uci_of(played);
    }
    return std::nullopt;
  };
  const bool reciprocal_series = s.series && s.help_end == HelpEnd::Reciprocal;
  std::set<std::string> published_uci;
  for (const auto& line : lines) {
    HelpLine played;
    bool legal = true;
    std::vector<bool> passed;  // series play: after which moves the other side passed
    std::size_t series_moves = line.size() - std::min(others, line.size());
    if (reciprocal_series) {
      const auto own = replays_as(line, line.size());
      const auto help = replays_as(line, series_moves);
      if (own && (found.count(*own) || !help)) series_moves = line.size();
    }
    for (const PgnMove* pm : line) {
      const bool goal_move = pm == line.back() && s.target.self_check_goal();  // (!#, ##, ##!: it may leave the mover in check)
      try {
        auto m = detail::parse_published(game, *pm, goal_move ? &s.target : nullptr);
        played.moves.push_back({game.move_text(m), game.move_uci(m)});
        game.play(m);
        passed.push_back(false);
        if constexpr (NullMove<G>) {
          if (s.series && played.moves.size() < series_moves && !game.in_check()) {
            game.play_null();
            passed.back() = true;
          }
        }
        ++report.published_plies;
      } catch (const ParseError& e) {
        report.claims.push_back({pm->san, "legal", false, e.message(), pm->where, ""});
        add("illegal-move", "published move " + pm->san + " is illegal: " + e.message(), pm->where);
        legal = false;
        break;
      }
      const bool check = game.in_check();
      if (goal_move && pm->san.find('#') != std::string::npos) {  // "##", "##!", "!#": the goal's own mark
        const bool reached = target_reached(game, s.target, last_move_facts(game));
        report.claims.push_back({pm->san, "goal", reached, reached ? "" : "not " + s.target.name(), pm->where, ""});
        if (!reached) add("not-goal", pm->san + " is marked as " + s.target.name() + " but does not reach it", pm->where);
      } else if (pm->san.find('#') != std::string::npos) {
        const bool mate = check && !game.has_legal_move();
        report.claims.push_back({pm->san, "mate", mate, mate ? "" : check ? "the side in check has a legal move" : "no check",
                                 pm->where, ""});
        if (!mate) add("not-mate", pm->san + " is marked as mate but is not checkmate", pm->where);
      } else if (pm->san.find('+') != std::string::npos) {
        report.claims.push_back({pm->san, "check", check, check ? "" : "no check", pm->where, ""});
        if (!check) add("not-check", pm->san + " is marked as check but gives no check", pm->where);
      }
    }
    for (std::size_t i = passed.size(); i-- > 0;) {
      if constexpr (NullMove<G>)
        if (passed[i]) game.undo_null();
      game.undo();
    }
    if (!legal) continue;
    const std::string uci = uci_of(played);
    published_uci.insert(uci);
    const bool is_solution = found.count(uci) > 0;
    report.claims.push_back({text_of(played), "solution", is_solution,
                             is_solution ? ""
                             : helpmate  ? "it does not end in mate within the stipulation"
                                         : "it is not one of the solutions (the goal within the stipulation)",
                             line.front()->where, ""});
    if (!is_solution) add("not-a-solution", "the published line " + text_of(played) + " is not a solution", line.front()->where);
  }
  if (report.has_published) {
    report.published_key = text_of([&] {
      HelpLine first;
      for (const PgnMove* pm : lines.front()) first.moves.push_back({pm->san, ""});
      return first;
    }());
    report.published_key_is_key = true;
    for (const auto& l : s.solutions)
      if (!published_uci.count(uci_of(l))) add("cook", text_of(l) + " is a solution too");
  } else {
    add("no-published-solution", "the file states no solution; only the stipulation was checked");
    if (s.solutions.size() > stated)
      for (std::size_t i = stated; i < s.solutions.size(); ++i) add("cook", text_of(s.solutions[i]) + " is a solution too");
  }
  if (s.stated_solutions > 0 && s.solutions.size() < stated)
    add("too-few-solutions", std::to_string(s.solutions.size()) + " solution(s), " + std::to_string(stated) + " stated");
  return report;
}

}  // namespace arbiter::prover
