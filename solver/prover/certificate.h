#pragma once
// Proof certificates. Checking one needs no search at all: the rules engine replays every line
// of it. What a replay can show, and what it cannot, the certificate states in "certifies".
//
// Battle play (direct, self, reflex, semi-reflex; any goal of target.h): the strategy tree
// behind each key: at attacker nodes one move, at defender nodes every legal defence. The
// checker confirms that each defence is covered, that each leaf reaches the goal and that no
// line is longer than the stipulation.
//   - Direct play ("#n", "=n", "+n", ...): the leaves are the attacker's moves that reach the
//     goal; a line ends there (an attacker move that reaches it has no "defences").
//   - Self play ("s#n", "s=n", ...): the leaves are the defender's moves that reach the goal. An
//     attacker node always has "defences" (self play never ends on the attacker's move); a
//     defence that reaches the goal is the leaf {"mates": true} (goal mate) or {"goal": true}
//     (any other); every other defence is answered by the attacker. After the attacker's last
//     allowed move every defence must reach the goal; a defender with no move at all escapes.
//   - Reflex play ("r#n", "semi-r#n"): as self play, and a defender that can reach the goal must
//     (its only legal defences are then those moves, each a leaf); in "r#n" the attacker may
//     never stand where it could reach the goal itself (it would have to).
//   It certifies that each listed key works; it does not certify that no other key exists (that
//   was found by exhaustive search, which a replay cannot show).
//
// Help play ("h#n", "h#n.5", "h=n", ...): every solution as its line of moves from the diagram,
// the FEN's side to move first. The checker replays each: every move legal, the sides
// alternating, no line longer than the stipulation (2n plies, 2n+1 for .5; shorter solutions
// count, as Popeye lists them), no line stopping at a mate or stalemate before its end, the
// last move reaching the goal, and made by the right side (the line's length has the parity of
// the stipulated plies); a solution listed twice is an error.
//   - Help-self ("hs#n"): the line ends with the other side's reply, after a position in which
//     every move it has reaches the goal; no earlier position of the line was such a one (the
//     line would have ended there).
//   - Help-reflex ("hr#n"): the line ends with a reply that reaches the goal, and the reflex rule
//     holds throughout: no earlier position let the replying side reach the goal (it would have
//     had to), and none let the other side reach it.
// Series play ("ser-#n", "ser-h=n", ...): each line holds the series side's moves (the other
// side's passes left out), then in help series the other side's final move. Replayed with the
// passes: at most n series moves, none giving check but the last (the last of a help series may
// check), a direct series ending at its goal and not passing through it, the last move reaching
// the goal.
// It certifies each solution; it does not certify that no other solution exists.
// The goals !#, ## and ##! (help and series lines, and direct battle play): the line's last move
// is one the rules otherwise forbid (it leaves the mover's king attacked, mover_goals.h), so it is
// looked up among the goal's own moves (add_self_check_goal_moves) when no legal move has its
// spelling; no other move of a line may be such a one. In direct play that is a leaf (an attacker
// move without "defences"; the defences stay the legal moves), in reflex play a defence (a leaf
// too) and what the attacker must not be able to play.
// Option GoalIsEnd ("goal_is_end": true; direct, self, help and series play): a move of the side
// not to reach the goal that reaches it for its own side ends the play unfulfilled, so no line of
// the certificate may hold one (a defence so in direct play, an attacker move in self play, the
// other side's move in help play, a help series' series move).
// Structured stipulations (Popeye's sstipulation, and the forms played as one: ser-s#n, ser-r#n,
// pser-#n, exact-..., N->...): "proofs" instead, one per key or line, each following the tree's
// definition move by move (solver/structured/structured_proof.h, which also checks them); the
// "stipulation" is the plain form or "white 3a[#]d" (the starting side in English).
//
// JSON (version 1 throughout; direct-mate certificates are unchanged but for "certifies"):
//   {"format": "arbiter-certificate", "version": 1, "variant", "fen", "stipulation", ["goal_is_end": true,]
//    "certifies": {PART: {"certified": true|false, "text": "..."}, ...},
//    "keys": [ NODE ]}                          battle play
//    "solutions": [["b4h4", "d6h6", ...], ...]  help and series play (instead of "keys")
//   NODE = {"move": "e2e4", "defences": {"e7e5": NODE | {"mates": true} | {"goal": true}, ...}}
// A direct-play NODE without "defences" reaches the goal. Moves are in UCI spelling.
// "certifies" has the parts "each_key" (battle) or "each_solution" (lines), certified by the
// replay, and "completeness", not certified. It is a description for readers: the checker
// reports what its own replay certified (certified_by_check), never what the file claims.
// `arbiter solve --certificate` adds "twin" (the twin's label) and "interpretations".

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/stipulation/stipulation.h"
#include "solver/stipulation/target_reached.h"
#include "solver/prover/certificate_check.h"
#include "solver/prover/goal.h"
#include "solver/prover/solution.h"

namespace arbiter::prover {

inline constexpr const char* CertificateFormat = "arbiter-certificate";

// Certificate of every key in the solution (the first answer of each defence is the strategy),
// or of every solution of help or series play.
nlohmann::ordered_json make_certificate(const Solution& s);

// The "certifies" field: {"each_key"|"each_solution": {...}, "completeness": {...}}, each part
// with "certified" (bool) and "text" (words).
nlohmann::ordered_json certifies(const CertificateGoal& goal);
inline nlohmann::ordered_json certifies(Goal goal) {
  CertificateGoal g;
  g.goal = goal;
  return certifies(g);
}

// What a check established: certifies() with the replayed part certified only when the check
// is valid (completeness is never certified).
nlohmann::ordered_json certified_by_check(const CertificateCheck& check);

// A certificate's "stipulation": a plain form ("#2", "ser-s#3"), or a structured stipulation with
// the side that starts it in English ("white 3a[#]d"). Throws ParseError (at `where`).
Stipulation parse_certificate_stipulation(const std::string& text, const SourceLocation& where);

// What a stipulation's certificate proves. Throws ParseError (at `where`) for a form that has no
// certificate format: series self or reflex play, series help-self or help-reflex play (which no
// engine plays yet).
CertificateGoal certificate_goal_of(const Stipulation& s, const SourceLocation& where);
// The goal a certificate's "stipulation" states ("#2", "s#3", "h=2", "ser-h#5"; none: a
// direct mate). Throws ParseError (at `where`) for a stipulation that is not a string, does not
// parse, or has no certificate format.
CertificateGoal certificate_goal(const nlohmann::json& certificate, const SourceLocation& where);


namespace detail {

template <RuleSet G>
class CertificateChecker {
 public:
  using M = typename G::MoveType;
  CertificateChecker(G& game, CertificateCheck& result) : game_(game), result_(result), stated_(result.stated) {}

  // Attacker node with at most n moves left.
  void attacker(const nlohmann::json& node, int n, const std::string& path) {
    if (!node.is_object() || !node.contains("move") || !node["move"].is_string())
      return fail(path, "expected an object with a \"move\" string");
    const std::string uci = node["move"];
    const std::string here = path.empty() ? uci : path + " " + uci;
    if (n <= 0) return fail(here, "the line is longer than the stipulation allows");
    if (stated_.goal == Goal::ReflexMate && can_reach_goal())
      return fail(path, "the attacker could reach the goal here, and in reflex play it must: no strategy passes here");
    const bool has_defences = node.contains("defences");
    auto m = find_legal(uci, !has_defences && !self());  // (a direct line's last move may be a goal move)
    if (!m) return fail(here, "'" + uci + "' is not a legal move here");
    game_.play(*m);
    const bool reached = reached_goal();
    if (self() && ended_play()) {
      fail(here, ends_play_words("the attacker's move"));
    } else if (!has_defences) {
      if (self()) fail(here, mate() && stated_.goal == Goal::SelfMate
                                 ? "a selfmate line cannot end with the attacker's move: every defence must be covered"
                                 : "a line of self or reflex play cannot end with the attacker's move: every defence must be covered");
      else if (reached) ++result_.lines;
      else fail(here, ends_without_goal("this move"));
    } else if (!node["defences"].is_object()) {
      fail(here, "\"defences\" must be an object mapping each defence to the answer");
    } else if (!self() && reached) {
      fail(here, mate() ? "this move already mates: nothing to defend"
                        : "this move already reaches the goal (" + stated_.target.name() + "): the line ends here");
    } else {
      defender(node["defences"], n - 1, here);
    }
    game_.undo();
  }

  // One solution of help or series play; `label` names it when it is malformed.
  void line(const nlohmann::json& line, const std::string& label) {
    bool well_formed = line.is_array() && !line.empty();
    for (const auto& m : line) well_formed = well_formed && m.is_string();
    if (!well_formed) return fail(label, "expected a solution as a non-empty array of moves (UCI strings)");
    std::vector<std::string> moves;
    std::string path;
    for (const auto& m : line) {
      moves.push_back(m.get<std::string>());
      append_move(path, moves.back());
    }
    if (!seen_.insert(path).second) return fail(path, "duplicate solution: this line is listed twice");
    if (stated_.series) series_line(moves);
    else help_line(moves);
  }

  void fail(const std::string& path, const std::string& what) {
    if (result_.errors.size() < 20) result_.errors.push_back((path.empty() ? "" : path + ": ") + what);
  }

 private:
  bool self() const { return defender_reaches_goal(stated_.goal); }
  bool mate() const { return stated_.mate(); }

  // "the line ends but this move is not checkmate" / "... does not reach the goal (stalemate)".
  std::string ends_without_goal(const std::string& what) const {
    return mate() ? "the line ends but " + what + " is not checkmate"
                  : "the line ends but " + what + " does not reach the goal (" + stated_.target.name() + ")";
  }

  bool reached_goal() { return reached(stated_.target); }
  // Option GoalIsEnd: has the move just played, by the side not to reach the goal, reached it for
  // itself, and so ended the play unfulfilled?
  bool ended_play() { return last_move_ended_play(game_, stated_.target); }
  std::string ends_play_words(const std::string& what) const {
    return what + " reaches the goal (" + stated_.target.name() + ") for its own side, which ends the play unfulfilled (option GoalIsEnd)";
  }

  // How many moves the side to move has, and how many of them reach the goal.
  struct GoalMoves {
    int moves = 0, reaching = 0;
  };
  GoalMoves goal_moves() {
    typename G::MoveListType legal;
    game_.generate_legal(legal);
    add_self_check_goal_moves(game_, stated_.target, legal);  // (!#, ##, ##!: allowed as goal moves alone)
    GoalMoves count;
    for (const auto& m : legal) {
      game_.play(m);
      count.reaching += reached_goal();
      game_.undo();
      ++count.moves;
    }
    return count;
  }
  // Could the side to move reach the goal with one move?
  bool can_reach_goal() { return goal_moves().reaching > 0; }
  // Does every move of the side to move reach the goal (and it has one)? Help-self play's end.
  bool bound_to_goal() {
    const GoalMoves count = goal_moves();
    return count.moves > 0 && count.reaching == count.moves;
  }

  // path + " " + move, in place (GCC 12's -Wrestrict misfires on `"literal" + std::string`).
  static void append_move(std::string& path, const std::string& move) {
    if (!path.empty()) path += ' ';
    path += move;
  }

  bool reached(const Target& target) { return target_reached(game_, target, last_move_facts(game_)); }

  // Reciprocal help play, after the help play: can the side to move reach its own goal at once,
  // and play a move after which the other side reaches the goal?
  bool reciprocal_end() {
    typename G::MoveListType legal;
    game_.generate_legal(legal);
    bool own = false, helped = false;
    for (const auto& m : legal) {
      game_.play(m);
      own = own || reached(stated_.reci_target);
      if (!helped) {
        typename G::MoveListType answers;
        game_.generate_legal(answers);
        for (const auto& w : answers) {
          game_.play(w);
          helped = helped || reached(stated_.target);
          game_.undo();
          if (helped) break;
        }
      }
      game_.undo();
      if (own && helped) return true;
    }
    return false;
  }

  // Reciprocal help play: the help play (the sides alternating from the diagram), then at a
  // position where both ends are open either Black's own goal move (an odd line; after
  // reci-h#N.5's White move first, an even one) or its move and the answer that reaches the goal.
  // (Ends open earlier on the line do not stop it: they were Black's to take, not taken.)
  void reciprocal_line(const std::vector<std::string>& moves) {
    const int size = int(moves.size());
    const int h = stated_.half_move ? 1 : 0;  // White's move first
    const bool own = (size + h) % 2 == 1;
    const int end_at = own ? size - 1 : size - 2;  // the moves played before the end position
    std::string here;
    int played = 0;
    bool ok = end_at >= 0;
    if (!ok) fail(moves[0], "a reciprocal helpmate's line ends with Black's move and White's answer, or Black's own goal move");
    for (int i = 0; i < size && ok; ++i) {
      const std::string before = here;
      append_move(here, moves[i]);
      if (i >= 2 * stated_.n + h) {
        fail(here, "the line is longer than the stipulation allows");
        ok = false;
        break;
      }
      if (i == end_at && (end_at + h) % 2 == 0 && !reciprocal_end()) {  // Black to move at the end position
        fail(before, "not both ends open here: Black cannot both reach its own goal and help reach the goal at once");
        ok = false;
        break;
      }
      if (!(ok = play_listed(moves[i], here))) break;
      ++played;
    }
    if (ok && (end_at + h) % 2 != 0) {
      fail(here, "the end comes with Black to move: the help play ends with White's move");
    } else if (ok) {
      const Target& goal = own ? stated_.reci_target : stated_.target;
      if (!reached(goal)) {
        fail(here, "the line ends but this move does not reach the goal (" + goal.name() + ")");
      } else {
        ++result_.solutions_replayed;
        ++result_.lines;
      }
    }
    for (int i = 0; i < played; ++i) game_.undo();
  }

  // Help play: alternating moves, the last one reaching the goal (hs, hr: the reply's).
  void help_line(const std::vector<std::string>& moves) {
    if (stated_.help_end == HelpEnd::Reciprocal) return reciprocal_line(moves);
    const int plies = 2 * stated_.n + (stated_.half_move ? 1 : 0);
    const int size = int(moves.size());
    // The side that reaches the goal moves at the plies of the last one's parity.
    const auto replying = [&](int i) { return i % 2 == (plies - 1) % 2; };
    std::string here;
    int played = 0;
    bool ok = true, bound = false;
    for (int i = 0; i < size && ok; ++i) {
      const std::string before = here;
      append_move(here, moves[i]);
      if (played >= plies) {
        fail(here, "the line is longer than the stipulation allows");
        ok = false;
        break;
      }
      if (stated_.help_end == HelpEnd::Reflex && can_reach_goal()) {
        if (!replying(i)) {
          fail(before, "the reflex rule: the side to move could reach the goal here and would have to, which ends no "
                       "solution");
          ok = false;
          break;
        }
        if (i + 1 < size) {
          fail(before, "the reflex rule: the side to move can reach the goal here and must, which ends the line");
          ok = false;
          break;
        }
      }
      if (stated_.help_end == HelpEnd::Self && replying(i)) {
        bound = bound_to_goal();
        if (bound && i + 1 < size) {
          fail(before, "the line ends here: every move of the side to move reaches the goal (a shorter solution)");
          ok = false;
          break;
        }
      }
      auto legal = find_legal(moves[i], i + 1 == size);
      if (!legal) {
        if (played > 0 && !game_.has_legal_move())
          fail(before, game_.in_check() ? "this move mates before the end of the line" : "stalemate before the end of the line");
        else fail(here, "'" + moves[i] + "' is not a legal move here");
        ok = false;
        break;
      }
      game_.play(*legal);
      ++played;
      if (!replying(i) && ended_play()) {
        fail(here, ends_play_words("this move"));
        ok = false;
      }
    }
    if (ok) {
      if (!reached_goal()) {
        fail(here, ends_without_goal("this move"));
      } else if (size % 2 != plies % 2) {
        fail(here, mate() && stated_.help_end == HelpEnd::Goal
                       ? "this mates the wrong side: a helpmate line ends with the mating side's move"
                       : "the wrong side reaches the goal: the line ends with the move of the side the stipulation names");
      } else if (stated_.help_end == HelpEnd::Self && !bound) {
        std::string before_last;
        for (int i = 0; i + 1 < size; ++i) append_move(before_last, moves[i]);
        fail(before_last, "the side to move has a move that does not reach the goal: it is not bound to (help-self play)");
      } else {
        ++result_.solutions_replayed;
        ++result_.lines;
      }
    }
    for (int i = 0; i < played; ++i) game_.undo();
  }

  // Series play: the series side's moves with the other side passing between them, then (help
  // series) the other side's final move.
  void series_line(const std::vector<std::string>& moves) {
    if constexpr (NullMove<G>) {
      const bool help = stated_.goal == Goal::HelpMate;
      const int size = int(moves.size());
      const int series_moves = help ? size - 1 : size;
      std::vector<bool> passed;  // per move played: was a pass played after it?
      std::string here;
      bool ok = true;
      if (series_moves < 1) {
        fail(moves[0], "a series line has at least one series move");
        return;
      }
      for (int i = 0; i < size && ok; ++i) {
        append_move(here, moves[i]);
        if (i >= stated_.n + (help ? 1 : 0)) {
          fail(here, "the line is longer than the stipulation allows");
          ok = false;
          break;
        }
        if (!(ok = play_listed(moves[i], here, i + 1 == size))) break;
        passed.push_back(false);
        if (i + 1 < series_moves) {
          if (game_.in_check()) {
            fail(here, "a series move gives check before the last: the other side would have to answer it");
            ok = false;
          } else if (!help && reached_goal()) {
            fail(here, "the goal (" + stated_.target.name() + ") is reached here: a direct series line ends at its goal");
            ok = false;
          } else if (help && ended_play()) {
            fail(here, ends_play_words("this series move"));
            ok = false;
          } else {
            game_.play_null();
            passed.back() = true;
          }
        }
      }
      if (ok) {
        if (!reached_goal()) fail(here, ends_without_goal("this move"));
        else ++result_.solutions_replayed, ++result_.lines;
      }
      for (std::size_t i = passed.size(); i-- > 0;) {
        if (passed[i]) game_.undo_null();
        game_.undo();
      }
    } else {
      fail(moves[0], "series play needs the other side to pass, which these rules cannot");
    }
  }

  // Defender to move after the attacker's move; the attacker has at most n moves left.
  void defender(const nlohmann::json& defences, int n, const std::string& path) {
    typename G::MoveListType legal;
    game_.generate_legal(legal);
    // Reflex play of !#, ## and ##!: the goal moves the rules otherwise forbid are the defender's
    // too (a counter-mating defender has no legal move at all).
    if (reflex_play(stated_.goal)) add_self_check_goal_moves(game_, stated_.target, legal);
    if (legal.size() == 0) {
      if (self())
        return fail(path, game_.in_check() ? "this move mates the defender: not a selfmate"
                          : mate()         ? "stalemate: the defender has no move, so it cannot mate"
                                           : "stalemate: the defender has no move, so it cannot reach the goal");
      return fail(path, game_.in_check() ? "this move already mates: nothing to defend"
                        : mate()         ? "stalemate: not a mate"
                                         : "stalemate: the goal (" + stated_.target.name() + ") is not reached");
    }
    // Reflex play: a defender that can reach the goal must; its other moves are not defences.
    std::vector<char> goal_move(std::size_t(legal.size()), 0);
    bool bound = false;
    if (reflex_play(stated_.goal)) {
      for (int i = 0; i < legal.size(); ++i) {
        game_.play(legal[i]);
        goal_move[std::size_t(i)] = reached_goal();
        game_.undo();
        bound = bound || goal_move[std::size_t(i)];
      }
    }
    for (int i = 0; i < legal.size(); ++i) {
      const M d = legal[i];
      const std::string uci = game_.move_uci(d);
      const std::string here = path + " " + uci;
      if (bound && !goal_move[std::size_t(i)]) {
        if (defences.contains(uci)) fail(here, "not a legal defence: the defender can reach the goal here, and in reflex play must");
        continue;
      }
      if (!defences.contains(uci)) {
        fail(here, "defence not covered");
        continue;
      }
      const nlohmann::json& answer = defences[uci];
      game_.play(d);
      if (!self() && ended_play()) {
        fail(here, ends_play_words("this defence"));
      } else if (self()) {
        const bool reaches = reached_goal();
        const bool leaf = answer.is_object() && (answer.contains("mates") || answer.contains("goal"));
        if (leaf) {
          const nlohmann::json& mark = answer.contains("mates") ? answer["mates"] : answer["goal"];
          if (mark != true) fail(here, "a leaf is marked true ({\"mates\": true} or {\"goal\": true}): a defence that reaches the goal");
          else if (reaches) ++result_.lines;
          else fail(here, mate() ? "this defence does not mate the attacker"
                                 : "this defence does not reach the goal (" + stated_.target.name() + ")");
        } else if (reaches) {
          fail(here, mate() ? "this defence mates the attacker: it is a leaf, {\"mates\": true}, with no answer"
                            : "this defence reaches the goal (" + stated_.target.name() + "): it is a leaf, {\"goal\": true}, with no answer");
        } else if (n <= 0) {
          fail(here, mate() ? "this defence does not mate, and the attacker has no move left"
                            : "this defence does not reach the goal, and the attacker has no move left");
        } else {
          attacker(answer, n, here);
        }
      } else {
        attacker(answer, n, here);
      }
      game_.undo();
    }
    for (const auto& [uci, answer] : defences.items()) {
      bool is_legal = false;
      for (const auto& d : legal) is_legal = is_legal || game_.move_uci(d) == uci;
      if (!is_legal) fail(path + " " + uci, "not a legal defence");
      (void)answer;
    }
  }

  // Plays the listed move `uci` (`here`: the line up to it), or says it is not legal here.
  bool play_listed(const std::string& uci, const std::string& here, bool goal_move = false) {
    auto legal = find_legal(uci, goal_move);
    if (!legal) {
      fail(here, "'" + uci + "' is not a legal move here");
      return false;
    }
    game_.play(*legal);
    return true;
  }

  // The legal move spelt `uci`; for a line's goal move (`goal_move`: a line's last move, a direct
  // strategy's leaf) of !#, ## or ##!, else one of the goal's own moves so spelt.
  std::optional<M> find_legal(const std::string& uci, bool goal_move = false) {
    typename G::MoveListType legal;
    game_.generate_legal(legal);
    for (const auto& m : legal)
      if (game_.move_uci(m) == uci) return m;
    if (goal_move && stated_.target.self_check_goal()) {
      typename G::MoveListType own;
      add_self_check_goal_moves(game_, stated_.target, own);
      for (const auto& m : own)
        if (game_.move_uci(m) == uci) return m;
    }
    return std::nullopt;
  }

  G& game_;
  CertificateCheck& result_;
  const CertificateGoal& stated_;
  std::set<std::string> seen_;  // solutions replayed so far
};

}  // namespace detail

// Replays every line of the certificate with `game` set to the certificate's position, as a
// proof of `stated`.
template <RuleSet G>
CertificateCheck check_certificate(G& game, const nlohmann::json& certificate, const CertificateGoal& stated) {
  CertificateCheck result;
  result.goal = stated.goal;
  result.stated = stated;
  if (stated.structured) {  // its proofs are replayed by structured::check_structured_certificate
    result.errors.push_back("a structured stipulation's certificate is checked by its proofs, which this checker does not read");
    return result;
  }
  if (!judges<G>(stated.target)) {
    result.errors.push_back("the goal (" + stated.target.name() + ") is judged on orthodox moves, which these rules do not make");
    return result;
  }
  detail::CertificateChecker<G> checker(game, result);
  if (stated.lines()) {
    if (!certificate.contains("solutions") || !certificate["solutions"].is_array() || certificate["solutions"].empty()) {
      result.errors.push_back("the certificate has no solutions");
      return result;
    }
    for (const auto& line : certificate["solutions"]) {
      ++result.solutions;
      checker.line(line, "solution " + std::to_string(result.solutions));
    }
  } else {
    if (!certificate.contains("keys") || !certificate["keys"].is_array() || certificate["keys"].empty()) {
      result.errors.push_back("the certificate has no keys");
      return result;
    }
    for (const auto& key : certificate["keys"]) {
      ++result.keys;
      checker.attacker(key, stated.n, "");
    }
  }
  result.valid = result.errors.empty();
  return result;
}

// As a proof of `goal` (mate) in n moves (helpmates: h#n, or h#n.5 with `half_move`).
template <RuleSet G>
CertificateCheck check_certificate(G& game, const nlohmann::json& certificate, Goal goal, int n, bool half_move = false) {
  CertificateGoal stated;
  stated.goal = goal;
  stated.n = n;
  stated.half_move = half_move;
  return check_certificate(game, certificate, stated);
}

// The same with the play and goal the certificate's own "stipulation" states, in n moves; a
// certificate without one is a direct mate's.
template <RuleSet G>
CertificateCheck check_certificate(G& game, const nlohmann::json& certificate, int n) {
  CertificateGoal stated;
  try {
    stated = certificate_goal(certificate, {"certificate", 1, 1});
  } catch (const ParseError& e) {
    CertificateCheck result;
    result.errors.push_back("the certificate's stipulation: " + e.message());
    return result;
  }
  stated.n = n;
  return check_certificate(game, certificate, stated);
}

}  // namespace arbiter::prover
