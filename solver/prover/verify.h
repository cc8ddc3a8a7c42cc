#pragma once
// Verifying a published solution against the proof: the published key must be a key, every
// published line must stay inside the proof (each attacker move keeps a forced mate within
// the moves left, each stated mate is mate, each stated threat works), and the problem must
// be sound: no other key (cook) and no shorter mate than stipulated (short solution).

#include <stdexcept>
#include <string>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/notation/pgn.h"
#include "rules/notation/san.h"
#include "solver/prover/published_comments.h"
#include "solver/prover/published_move.h"
#include "solver/stipulation/stipulation.h"
#include "solver/prover/mate_search.h"
#include "solver/prover/solution.h"
#include "solver/prover/verify_help.h"
#include "solver/prover/verify_structured.h"
#include "solver/prover/verify_report.h"

namespace arbiter::prover {

namespace detail {

template <RuleSet G, Goal Kind = Goal::DirectMate>
class PublishedLineChecker {
 public:
  // Without searches only legality, check and mate are checked (a quick filter).
  PublishedLineChecker(G& game, MateSearch<G, Kind>& search, int n, VerifyReport& report, bool searches = true)
      : game_(game), search_(search), n_(n), report_(report), attacker_(game.side_to_move()), searches_(searches) {}

  // Walks `line` from the current position with `done` attacker moves already played. Every
  // move's stated outcome is checked; a line that leaves the proof is reported and walked on,
  // so that the outcomes stated further along it are checked too.
  void walk(const PgnLine& line, int done, bool after_try = false) {
    int played = 0;
    for (const PgnMove& pm : line) {
      for (const PgnLine& variation : pm.variations) walk(variation, done, after_try);
      // (!#, ##, ##!: a line's last move may be one of the goal's own, which leave the mover in check)
      const bool goal_move = &pm == &line.back() && search_.target().self_check_goal();
      const auto read = read_published_move(game_, pm, goal_move ? &search_.target() : nullptr, report_);
      if (!read) break;
      const typename G::MoveType m = *read;
      const bool attacker_move = game_.side_to_move() == attacker_;
      const bool is_try = attacker_move && has_nag(pm, 2);
      const bool is_refutation = !attacker_move && after_try && has_nag(pm, 1);
      game_.play(m);
      ++played;
      ++report_.published_plies;
      check_marks(pm, goal_move);
      if (attacker_move) {
        ++done;
        const int left = n_ - done;
        if (left < 0) {
          add("line-too-long", "published line goes past move " + std::to_string(n_) + " at " + pm.san, pm.where);
          break;
        }
        if (!searches_) continue;
        const bool forced = search_.every_defence_loses(left);
        if (is_try) {
          after_try = true;
          claim(pm, "try", !forced, forced ? "it forces mate: not a try" : "it does not force mate in time");
          if (forced) add("try-wins", "the try " + pm.san + " forces mate after all", pm.where);
        } else {
          claim(pm, "forces-mate", forced,
                !forced ? "mate is no longer forced"
                : left == 0 ? (Kind == Goal::SelfMate ? "every defence mates" : "it mates")
                            : "mate in at most " + std::to_string(left) + " more");
          if (!forced) {
            add("line-fails", "after " + pm.san + " the mate in " + std::to_string(n_) + " is no longer forced", pm.where);
            if (auto r = search_.refutation(left)) {
              report_.claims.back().detail += ": " + game_.move_text(*r) + " escapes";
              report_.claims.back().refutation_uci = game_.move_uci(*r);
            }
          }
          check_threat_comments(pm, left);
        }
      } else if (is_refutation && searches_) {
        const int left = n_ - done;
        const bool escapes = !search_.attacker_mates(left);
        claim(pm, "refutation", escapes, escapes ? "no mate in " + std::to_string(left) + " after it" : "the attacker still mates in time");
        if (!escapes) add("refutation-fails", "the stated refutation " + pm.san + " does not stop the mate", pm.where);
      }
    }
    for (; played > 0; --played) game_.undo();
  }

 private:
  void claim(const PgnMove& pm, const std::string& what, bool holds, const std::string& detail) {
    report_.claims.push_back({pm.san, what, holds, detail, pm.where, ""});
  }

  // '#' claims checkmate (on a line's last move towards !#, ## or ##!, `goal_move`: that goal), '+'
  // check, each checked on the board after the move.
  void check_marks(const PgnMove& pm, bool goal_move) {
    if (goal_move && pm.san.find('#') != std::string::npos) {
      const bool reached = search_.goal_reached();
      claim(pm, "goal", reached, reached ? "" : "not " + search_.target().name());
      if (!reached) add("not-goal", pm.san + " is marked as " + search_.target().name() + " but does not reach it", pm.where);
    } else {
      check_published_marks(game_, pm, report_);
    }
  }

  // {threat: 2. Ra7+, 2. Kd7} after an attacker move: each threatened move must mate within
  // the moves left if the defender could pass.
  void check_threat_comments(const PgnMove& pm, int left) {
    for (const auto& comment : pm.comments_after) {
      auto threats = prover::threat_moves(comment);
      if (!threats) continue;
      if constexpr (NullMove<G>) {
        game_.play_null();
        for (const auto& t : *threats) {
          try {
            auto tm = game_.parse_move(t, pm.where);
            game_.play(tm);
            bool works = search_.every_defence_loses(left - 1);
            game_.undo();
            if (!works) add("threat-fails", "the stated threat " + t + " does not force mate in time", pm.where);
          } catch (const ParseError& e) {
            add("threat-fails", "the stated threat " + t + " is not a legal move: " + e.message(), pm.where);
          }
        }
        game_.undo_null();
      }
    }
  }

  void add(const std::string& kind, const std::string& message, const SourceLocation& where) {
    report_.findings.push_back({kind, message, where});
  }

  G& game_;
  MateSearch<G, Kind>& search_;
  int n_;
  VerifyReport& report_;
  Color attacker_;
  bool searches_ = true;
};

}  // namespace detail

// `solution` is the complete solution of the problem (keys and verdict), `published` the
// main line of the published solution (may be empty).
template <RuleSet G, Goal Kind>
VerifyReport verify_keyed_published(G& game, Solution solution, const PgnLine& published, const Limits& limits) {
  VerifyReport report;
  report.solution = std::move(solution);
  const Solution& s = report.solution;
  const int n = s.n;
  if (s.verdict == Verdict::Refuted)
    report.findings.push_back({"no-solution", s.target.kind == Target::Mate && Kind == Goal::DirectMate
                                                  ? "there is no mate in " + std::to_string(n)
                                                  : "there is no solution of " + s.stipulation,
                               WholeProblem});
  if (s.verdict == Verdict::Proved) {
    for (const auto& k : s.keys)
      if (k.mate_in < n)
        report.findings.push_back({"short-solution", "1." + k.san + " mates in " + std::to_string(k.mate_in), WholeProblem});
  }
  report.has_published = !published.empty();
  if (!report.has_published) {
    report.findings.push_back({"no-published-solution", "the file states no solution; only the stipulation was checked", WholeProblem});
  } else if (s.verdict != Verdict::Unknown) {
    const PgnMove& key = published.front();
    report.published_key = key.san;
    try {
      const bool goal_move = published.size() == 1 && key.variations.empty() && s.target.self_check_goal();  // (##1: the key is the goal move)
      auto m = detail::parse_published(game, key, goal_move ? &s.target : nullptr);
      const std::string uci = game.move_uci(m);
      for (const auto& k : s.keys) report.published_key_is_key = report.published_key_is_key || k.uci == uci;
      if (!report.published_key_is_key)
        report.findings.push_back({"not-a-key", "the published key 1." + key.san + " does not force mate in " + std::to_string(n), key.where});
      // Other keys are cooks beside a correct published key; beside a wrong one they are the
      // solution the publication missed.
      for (const auto& k : s.keys)
        if (k.uci != uci)
          report.findings.push_back(report.published_key_is_key
                                        ? Finding{"cook", "1." + k.san + " also forces mate in " + std::to_string(k.mate_in), WholeProblem}
                                        : Finding{"actual-key", "1." + k.san + " forces mate in " + std::to_string(k.mate_in), WholeProblem});
    } catch (const IllegalMoveError& e) {
      report.findings.push_back({"illegal-move", "the published key " + key.san + " is illegal: " + e.message(), key.where});
    }
    MateSearch<G, Kind> search(game, limits);
    search.set_battle(s.battle);
    search.set_target(s.target);
    try {
      detail::PublishedLineChecker<G, Kind>(game, search, n, report).walk(published, 0);
    } catch (const LimitReached& e) {  // the published lines were not all checked: claim nothing
      report.solution.verdict = Verdict::Unknown;
      report.solution.reason = std::string("while checking the published solution: ") + e.what();
    }
  }
  if (s.verdict == Verdict::Proved && !report.has_published && s.keys.size() > 1)
    for (std::size_t i = 1; i < s.keys.size(); ++i)
      report.findings.push_back({"cook", "1." + s.keys[i].san + " also forces mate in " + std::to_string(s.keys[i].mate_in), WholeProblem});
  return report;
}

// Dispatches on the play: battle play (direct, self, reflex, any goal) has keys and a tree, help
// and series play a set of solutions.
template <RuleSet G>
VerifyReport verify_published(G& game, Solution solution, const PgnLine& published, const Limits& limits) {
  if (solution.structured) return verify_structured_published(game, std::move(solution), published);
  if (has_lines(solution)) return verify_help_published(game, std::move(solution), published);
  switch (solution.goal) {
    case Goal::SelfMate: return verify_keyed_published<G, Goal::SelfMate>(game, std::move(solution), published, limits);
    case Goal::ReflexMate: return verify_keyed_published<G, Goal::ReflexMate>(game, std::move(solution), published, limits);
    case Goal::SemiReflexMate:
      return verify_keyed_published<G, Goal::SemiReflexMate>(game, std::move(solution), published, limits);
    case Goal::HelpMate:
    case Goal::DirectMate: break;
  }
  return verify_keyed_published<G, Goal::DirectMate>(game, std::move(solution), published, limits);
}

}  // namespace arbiter::prover
