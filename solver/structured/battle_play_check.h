#pragma once
// The play published after the key of a structured stipulation's battle play, followed move by
// move where the tree stands: the branch and its move the walk has reached, a move that reaches a
// fork holding a battle branch going on in that branch (exact-r#2, "3:3a[1a[#]d]d{!1a[#]d}":
// "1.Ra8+ Kh7 2.Ra2 c1=Q#", Black's forced mate the nested branch's move). A move of the side that
// must solve (an 'a' move) must keep its branch solved within the branch's length (the moves after
// one that fails are only replayed: the tree has no place for them); a defence is any legal move;
// '+' and '#' are checked on the board; a stated threat must solve if the defender passed; a try
// ('?' on a solving move) must fail and its stated refutation ('!') escape.
// Only trees battle_play_followed() accepts come here (each published move has one place).

#include <optional>
#include <string>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"
#include "solver/prover/limits.h"
#include "solver/prover/published_comments.h"
#include "solver/prover/published_move.h"
#include "solver/prover/verify_report.h"
#include "solver/stipulation/slice_tree.h"
#include "solver/stipulation/target_reached.h"
#include "solver/structured/structured_search.h"

namespace arbiter::structured {

template <RuleSet G>
  requires NullMove<G>
class BattlePlayCheck {
 public:
  // The walk plays the published moves on `game` itself, so the search never engages its target
  // cut (which follows only the moves it plays).
  BattlePlayCheck(G& game, const SliceNode& root, const prover::Limits& limits, prover::VerifyReport& report)
      : game_(game), root_(root), search_(game, limits, root, StructuredSearch<G>::Cut::Off), report_(report) {}

  // Throws prover::LimitReached when the limits end a question before the lines are all followed.
  void walk(const PgnLine& line) { walk(line, Place{&root_, 0}, false); }

 private:
  struct Place {
    const SliceNode* branch = nullptr;  // none: the stipulation is met (no move may follow), or lost
    int i = 0;                          // the branch's move to play (0-based)
    bool lost = false;                  // a solving move failed: the moves after it are only replayed
  };

  void walk(const PgnLine& line, Place at, bool after_try) {
    int played = 0;
    for (const PgnMove& pm : line) {
      for (const PgnLine& variation : pm.variations) walk(variation, at, after_try);
      if (!at.branch && !at.lost) {
        add("line-too-long", "published line goes on after the stipulation is met, at " + pm.san, pm.where);
        break;
      }
      const auto read = prover::detail::read_published_move(game_, pm, nullptr, report_);
      if (!read) break;
      const typename G::MoveType m = *read;
      if (at.lost) {  // legality and marks only: the tree has no place for these moves
        game_.play(m);
        ++played;
        ++report_.published_plies;
        prover::detail::check_published_marks(game_, pm, report_);
        continue;
      }
      const SliceNode& b = *at.branch;
      const bool solving = b.moves[std::size_t(at.i) % b.moves.size()].letter == 'a';
      // A branch's first move may be barred by its start constraints (judged before it).
      const bool may_start = at.i > 0 || search_.may_start(b);
      const MoveFacts facts = move_facts(game_, m);
      game_.play(m);
      ++played;
      ++report_.published_plies;
      prover::detail::check_published_marks(game_, pm, report_);
      bool failed = false;
      const bool is_try = solving && prover::detail::has_nag(pm, 2);
      if (solving) {
        const bool solved = may_start && search_.solves_after(b, at.i, b.max, facts);
        failed = !solved && !is_try;
        if (is_try) {
          after_try = true;
          claim(pm, "try", !solved, solved ? "it solves: not a try" : "it does not solve in time");
          if (solved) add("try-wins", "the try " + pm.san + " solves after all", pm.where);
        } else {
          claim(pm, "forces-mate", solved, solved ? "" : "the stipulation is no longer forced");
          if (!solved) {
            add("line-fails", "after " + pm.san + " the stipulation is no longer forced", pm.where);
            if (const auto r = escape(b, at.i)) {
              report_.claims.back().detail += ": " + game_.move_text(*r) + " escapes";
              report_.claims.back().refutation_uci = game_.move_uci(*r);
            }
          }
          check_threats(pm, b, at.i);
        }
      } else if (after_try && prover::detail::has_nag(pm, 1)) {
        const bool escapes = !search_.solves_after(b, at.i, b.max, facts);
        claim(pm, "refutation", escapes, escapes ? "the attacker no longer solves after it" : "the attacker still solves in time");
        if (!escapes) add("refutation-fails", "the stated refutation " + pm.san + " does not stop the solution", pm.where);
      }
      at = failed ? Place{nullptr, 0, true} : next(b, at.i, facts);
    }
    for (; played > 0; --played) game_.undo();
  }

  // Where the play goes on after the branch's move `i` (just played): into the battle branch of
  // a fork that holds, nowhere after any other fork or the branch's last move, else its next move.
  Place next(const SliceNode& b, int i, const MoveFacts& facts) {
    if (const SliceNode* f = search_.fork_after(b, i, facts)) {
      if (f->kind == SliceNode::Branch && !f->hidden) return {f, 0};
      return {};
    }
    if (i + 1 >= b.max) return {};
    return {&b, i + 1};
  }

  // After a solving move `i` that fails: a defence after which the branch is not solved.
  std::optional<typename G::MoveType> escape(const SliceNode& b, int i) {
    if (i + 1 >= b.max || search_.fork_after(b, i, last_move_facts(game_))) return std::nullopt;
    typename G::MoveListType moves;
    game_.generate_legal(moves);
    for (const auto& d : moves) {
      const MoveFacts facts = move_facts(game_, d);
      game_.play(d);
      const bool solved = search_.solves_after(b, i + 1, b.max, facts);
      game_.undo();
      if (!solved) return d;
    }
    return std::nullopt;
  }

  // {threat: 2. Ra7+} after a solving move `i`: each threatened move must solve the branch (as
  // its move i + 2) if the defender passed.
  void check_threats(const PgnMove& pm, const SliceNode& b, int i) {
    for (const auto& comment : pm.comments_after) {
      const auto threats = prover::threat_moves(comment);
      if (!threats) continue;
      if (i + 2 >= b.max || game_.in_check()) {
        add("threat-fails", "no threat can follow " + pm.san + " within the stipulation", pm.where);
        continue;
      }
      game_.play_null();
      for (const auto& t : *threats) {
        try {
          const auto tm = game_.parse_move(t, pm.where);
          const MoveFacts facts = move_facts(game_, tm);
          game_.play(tm);
          const bool works = search_.solves_after(b, i + 2, b.max, facts);
          game_.undo();
          if (!works) add("threat-fails", "the stated threat " + t + " does not solve in time", pm.where);
        } catch (const ParseError& e) {
          add("threat-fails", "the stated threat " + t + " is not a legal move: " + e.message(), pm.where);
        }
      }
      game_.undo_null();
    }
  }

  void claim(const PgnMove& pm, const std::string& what, bool holds, const std::string& detail) {
    report_.claims.push_back({pm.san, what, holds, detail, pm.where, ""});
  }
  void add(const std::string& kind, const std::string& message, const SourceLocation& where) {
    report_.findings.push_back({kind, message, where});
  }

  G& game_;
  const SliceNode& root_;
  StructuredSearch<G> search_;
  prover::VerifyReport& report_;
};

}  // namespace arbiter::structured
