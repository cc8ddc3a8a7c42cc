#pragma once
// Judging one candidate diagram against everything a version must keep, cheapest check first:
//   1. legal: the composer's legality checks (compose/legality.h) and the rules' set-up check;
//   2. an [EngineLine], if given, stays legal (orthodox play on the FEN's six fields);
//   3. every stated legality, check and mate of the published solution holds (no search);
//   4. the published key forces the goal (its refutation otherwise);
//   5. every stated outcome further along holds (tries, refutations, forced mates);
//   6. sound: no shorter solution, and no key but the published one (compose::Assessor, without
//      the composer's quiet-key taste: a published key may check or capture).
// Helpmates (no key): the complete solution set, capped one beyond the stated count, and
// verify's judgement of the published lines (confirmed, the count exact, none short).
//
// One judge serves a whole search: its game and mate search (with the transposition table)
// are reused from candidate to candidate, as the composer does; a table entry is keyed by the
// whole position and states a fact about it alone.

#include <algorithm>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/compose/assessment.h"
#include "solver/correct/candidate.h"
#include "solver/correct/edit.h"
#include "solver/correct/pruning.h"
#include "solver/prover/help_solve.h"
#include "solver/prover/verify.h"
#include "solver/prover/verify_help.h"

namespace arbiter::correct {

// The budget one candidate's searches may use.
struct CandidateBudget {
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;
};

// Squares of a move list in UCI ("e2e4", Option "d7h3,h4f2"), with the squares between.
Bitboard line_squares(const std::string& uci);
// The kings' squares and their neighbours.
Bitboard king_fields(const Diagram& d);

bool engine_line_legal(const std::string& fen, const PgnLine& engine_line);

struct JudgeSetup {
  prover::Goal goal = prover::Goal::DirectMate;
  int n = 2;
  bool half_move = false;
  int stated_solutions = 0;
  std::size_t hash_megabytes = 16;
};

// The first two stages, the same for every goal.
inline void mark_illegal(Candidate& c, const Diagram& d, const std::string& check) {
  c.stage = Stage::Illegal;
  c.failure = "illegal position: " + check;
  if (check == "side-not-to-move-in-check") c.check_support = standing_check_support(d);
}
inline bool engine_line_breaks(Candidate& c, const std::optional<PgnLine>& engine_line) {
  if (!engine_line || engine_line_legal(c.fen, *engine_line)) return false;
  c.stage = Stage::EngineLine;
  c.engine_line_legal = false;
  c.failure = "the engine line is not legal";
  return true;
}

// How many captures a move's text marks ("Qh3,Bxf2": one).
inline long captures_written(const std::string& san) { return std::count(san.begin(), san.end(), 'x'); }

template <RuleSet G, prover::Goal Kind>
class KeyedJudge {
 public:
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;

  KeyedJudge(const JudgeSetup& setup, const PgnLine& published, const std::optional<PgnLine>& engine_line,
             const Options& rules)
      : n_(setup.n), published_(published), engine_line_(engine_line),
        assessor_(setup.n, rules, prover::Limits{0, 0, setup.hash_megabytes}) {}

  void judge(const Diagram& d, Candidate& c, const CandidateBudget& budget) {
    compose::Assessment a;
    if (!assessor_.load(c.fen, a)) return mark_illegal(c, d, a.illegality);
    if (engine_line_breaks(c, engine_line_)) return;
    G& game = assessor_.game();
    auto& search = assessor_.search();
    c.hot = king_fields(d);
    try {
      assessor_.renew_budget(budget.max_seconds, budget.max_nodes);
      prover::VerifyReport quick;
      prover::detail::PublishedLineChecker<G, Kind>(game, search, n_, quick, false).walk(published_, 0);
      count_claims(c, quick);
      if (c.claims_failed > 0) {
        c.stage = Stage::StatedOutcome;
        c.failure = first_failure(quick);
        return;
      }
      const auto key = game.parse_move(published_.front().san, published_.front().where);
      const std::string key_uci = game.move_uci(key);
      // The reader takes "Qf5" for a capture on f5 too; a version keeps the key as published.
      if (captures_written(published_.front().san) != captures_written(game.move_text(key))) {
        c.stage = Stage::StatedOutcome;
        c.claims_failed = std::max(c.claims_failed, 1);
        c.failure = fmt::format("the key is {} here, published as {}", game.move_text(key), published_.front().san);
        return;
      }
      c.hot |= line_squares(key_uci);
      game.play(key);
      const auto escape = search.refutation(n_ - 1);
      if (escape) {
        c.refutation_uci = game.move_uci(*escape);
        c.refutation_text = game.move_text(*escape);
      }
      game.undo();
      if (escape) {
        c.stage = Stage::KeyRefuted;
        c.failure = "the key is refuted by " + c.refutation_text;
        c.claims_failed = 1;
        c.hot |= line_squares(c.refutation_uci);
        c.nodes += search.nodes();
        return;
      }
      c.key_proved = true;
      prover::VerifyReport full;
      prover::detail::PublishedLineChecker<G, Kind>(game, search, n_, full, true).walk(published_, 0);
      count_claims(c, full);
      c.nodes += search.nodes();
      if (c.claims_failed > 0) {
        c.stage = Stage::LaterLine;
        c.failure = first_failure(full);
        for (const auto& claim : full.claims)
          if (!claim.holds && !claim.refutation_uci.empty()) {
            c.refutation_uci = claim.refutation_uci;
            c.hot |= line_squares(c.refutation_uci);
            break;
          }
        return;
      }
      assessor_.judge_loaded(a, compose::KeyRules::Any, budget.max_seconds);
      c.nodes += search.nodes();
      switch (a.outcome) {
        case compose::Outcome::SearchLimit: throw prover::LimitReached("candidate budget");
        case compose::Outcome::ShortMate:
          c.stage = Stage::ShortSolution;
          c.failure = fmt::format("a shorter solution: the goal in {} or fewer", n_ - 1);
          return;
        case compose::Outcome::Cooked:
          c.stage = Stage::Cooked;
          c.cook_uci = a.other_key_uci == key_uci ? "" : a.other_key_uci;
          c.failure = fmt::format("cooked: {} keys{}", a.keys >= compose::KeyCountCap ? "many" : std::to_string(a.keys),
                                  c.cook_uci.empty() ? "" : ", among them " + c.cook_uci);
          c.hot |= line_squares(a.other_key_uci);
          return;
        case compose::Outcome::Sound:
          if (a.key_uci == key_uci) {
            c.stage = Stage::Sound;
            return;
          }
          [[fallthrough]];
        default:  // the one key is another move (cannot be: the published key was just proved)
          c.stage = Stage::Cooked;
          c.failure = "the key is " + a.key_uci;
          return;
      }
    } catch (const prover::LimitReached&) {
      c.stage = Stage::SearchLimit;
      c.failure = "search limit reached";
      c.nodes += search.nodes();
    } catch (const ParseError& e) {  // a published move became ambiguous or unreadable (an added unit can do that)
      c.stage = Stage::StatedOutcome;
      c.claims_failed = std::max(c.claims_failed, 1);
      c.failure = e.message();
    }
  }

 private:
  static void count_claims(Candidate& c, const prover::VerifyReport& r) {
    c.claims = int(r.claims.size());
    c.claims_failed = 0;
    for (const auto& claim : r.claims) c.claims_failed += !claim.holds;
    for (const auto& f : r.findings)
      if (f.kind == "illegal-move" || f.kind == "line-too-long") ++c.claims_failed;
  }

  static std::string first_failure(const prover::VerifyReport& r) {
    for (const auto& claim : r.claims)
      if (!claim.holds) return claim.move + " (" + claim.claim + "): " + claim.detail;
    return r.findings.empty() ? "" : r.findings.front().message;
  }

  int n_;
  const PgnLine& published_;
  const std::optional<PgnLine>& engine_line_;
  compose::Assessor<G, Kind> assessor_;
};

template <RuleSet G>
class HelpJudge {
 public:
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;

  HelpJudge(const JudgeSetup& setup, const PgnLine& published, const std::optional<PgnLine>& engine_line,
            const Options& rules)
      : setup_(setup), published_(published), engine_line_(engine_line), rules_(rules) {}

  void judge(const Diagram& d, Candidate& c, const CandidateBudget& budget) {
    std::optional<G> game;
    try {
      if (auto bad = compose::first_illegality(read_fen(six_fields(c.fen), {"<candidate>", 1, 1}, {false})))
        return mark_illegal(c, d, bad->check);
      game.emplace(G::from_fen(c.fen, {"<candidate>", 1, 1}, rules_));
    } catch (const ParseError& e) {
      return mark_illegal(c, d, e.message());
    }
    if (engine_line_breaks(c, engine_line_)) return;
    c.hot = king_fields(d);
    prover::SolveOptions so;
    so.goal = prover::Goal::HelpMate;
    so.n = setup_.n;
    so.half_move = setup_.half_move;
    so.stated_solutions = setup_.stated_solutions;
    so.build_tree = false;
    so.limits = {budget.max_nodes, budget.max_seconds, setup_.hash_megabytes};
    const std::size_t wanted = std::size_t(std::max(1, setup_.stated_solutions));
    so.max_solutions = wanted;  // one beyond is a cook: enough to reject
    try {
      prover::Solution s = prover::solve_help(*game, so);
      c.nodes = s.nodes;
      if (s.verdict == prover::Verdict::Unknown) throw prover::LimitReached("candidate budget");
      prover::VerifyReport r = prover::verify_help_published(*game, s, published_);
      c.claims = int(r.claims.size());
      for (const auto& claim : r.claims) c.claims_failed += !claim.holds;
      bool short_line = false;
      for (const auto& f : r.findings) short_line = short_line || f.kind == "short-solution";
      for (const auto& l : s.solutions)
        for (const auto& m : l.moves) c.hot |= line_squares(m.uci);
      c.key_proved = r.confirmed();
      if (!s.complete || s.solutions.size() > wanted) {
        c.stage = Stage::Cooked;
        c.failure = fmt::format("cooked: more than {} solution(s)", wanted);
      } else if (short_line) {
        c.stage = Stage::ShortSolution;
        c.failure = "a solution mates before the stipulated length";
      } else if (!r.confirmed() || s.solutions.size() < wanted) {
        c.stage = Stage::NoSolution;
        c.failure = r.findings.empty() ? fmt::format("{} solution(s), {} stated", s.solutions.size(), wanted)
                                       : r.findings.front().message;
        c.claims_failed = std::max(c.claims_failed, 1);
      } else {
        c.stage = Stage::Sound;
      }
    } catch (const prover::LimitReached&) {
      c.stage = Stage::SearchLimit;
      c.failure = "search limit reached";
    } catch (const ParseError& e) {
      c.stage = Stage::StatedOutcome;
      c.claims_failed = std::max(c.claims_failed, 1);
      c.failure = e.message();
    }
  }

 private:
  static std::string six_fields(const std::string& fen) {
    int blanks = 0;
    for (std::size_t i = 0; i < fen.size(); ++i)
      if (fen[i] == ' ' && ++blanks == 6) return fen.substr(0, i);
    return fen;
  }

  JudgeSetup setup_;
  const PgnLine& published_;
  const std::optional<PgnLine>& engine_line_;
  Options rules_;
};

}  // namespace arbiter::correct
