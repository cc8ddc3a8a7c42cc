#pragma once
// Certificates of structured stipulations: for each key (battle play) or each solution (help and
// series play) a proof that the stipulation holds, which check-certificate replays without
// search. A proof follows the stipulation's definition (structured_search.h) claim by claim, each
// claim "this holds here" or "this does not hold here" (a constraint "{!1a[#]d}" asks for the
// second kind):
//   - where the definition lets a side choose (a help, series or attacking move that solves; a
//     defence that escapes) the proof names the move: {"move": uci, "then": P}; where it asks
//     for every move (a defence beaten whatever it plays; a side that cannot solve whatever it
//     plays) it maps each legal move to its proof: {"moves": {uci: P, ...}}; a side granted a
//     move only in check (?+?) and not in check passes: {"pass": P};
//   - before the move: the constraints binding before a branch's first move ("start") and before
//     each series move ("before"), each proved to hold, or the one that fails ({"start": k,
//     "proof": P});
//   - after the move ("then"): the constraints judged after it ("after"; battle play: "constraints"),
//     then a fork that holds ({"fork": k, "proof": P}) or the next move ({"next": P}, with the
//     '>' forks shown not to hold, "ends"); a move that fails names the constraint that fails
//     ({"after": k, "proof": P}, {"constraint": k, "proof": P}) or shows every fork failing
//     ("forks") and then a '>' fork holding ({"ends": k, "proof": P}), the next move failing
//     ({"next": P}), or nothing more: the branch's length is spent, or a series side stands in
//     check (its opponent cannot pass), which the checker sees for itself;
//   - a goal is judged on the board (its proof: null); '!' proves the opposite of its operand;
//     '&' and '|' prove every part ({"parts": [P, P]}) or the one that decides ({"part": k,
//     "proof": P}).
// The checker plays the named moves, generates the legal moves where every one must be covered,
// and judges goals on the board: it never searches. A proof it accepts shows that its key or
// solution works; that no other exists was the search's finding, which no replay shows.
//
// The builder takes each choice from a StructuredSearch (the oracle, its target cut engaged from the
// start, the walk's moves passing through it) and writes what it chose.
// For a root printed as lines it writes one proof per line of the root branch (as help_lines()
// walks them), for battle play one per key.

#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/stipulation/slice_tree.h"
#include "solver/stipulation/target_reached.h"
#include "solver/structured/structured_search.h"

namespace arbiter::structured {

template <RuleSet G>
  requires NullMove<G>
class StructuredProof {
 public:
  using M = typename G::MoveType;
  using Json = nlohmann::json;

  // Builds with `oracle` (its game is `game`) deciding every choice.
  StructuredProof(G& game, const SliceNode& root, StructuredSearch<G>& oracle) : game_(game), root_(root), oracle_(&oracle) {}
  // Checks, with nothing but the rules.
  StructuredProof(G& game, const SliceNode& root) : game_(game), root_(root) {}

  // The root's proofs: one per key (battle play), one per line (help and series play), one for a
  // root of '!', '&' or '|'. Empty when the stipulation does not hold.
  std::vector<Json> build() {
    if (root_.kind != SliceNode::Branch) {
      if (!oracle_->holds(root_, {})) return {};
      Json out;
      holds(root_, {}, true, Json(), out);
      return {out};
    }
    if (!oracle_->holds(root_, {})) return {};
    return solved(root_, true, Json(), root_.battle() ? Walk::Keys : Walk::Lines);
  }

  // Does `proof` show that the stipulation holds here? Each error names the moves that lead to
  // where it fails, after `label`.
  bool check(const Json& proof, const std::string& label) {
    label_ = label;
    path_.clear();
    Json unused;
    return holds(root_, {}, true, proof, unused);
  }
  const std::vector<std::string>& errors() const { return errors_; }
  std::uint64_t goals_reached() const { return goals_; }

 private:
  enum class Walk { One, Keys, Lines };  // what the builder enumerates at the root branch's moves

  bool building() const { return oracle_ != nullptr; }

  // The walk's moves and passes: through the oracle while building (its target cut follows them).
  void play(const M& m) {
    if (building()) oracle_->walk_play(m);
    else game_.play(m);
  }
  void undo() {
    if (building()) oracle_->walk_undo();
    else game_.undo();
  }
  void pass() {
    if (building()) oracle_->walk_pass();
    else game_.play_null();
  }
  void unpass() {
    if (building()) oracle_->walk_unpass();
    else game_.undo_null();
  }

  // A failed check (the builder never fails: its oracle decided every claim).
  bool fail(const std::string& what) {
    if (building()) throw std::logic_error("structured proof: the walk and the search disagree: " + what);
    std::string where = label_;
    for (const auto& s : path_) where += (where.empty() ? "" : " ") + s;
    errors_.push_back((where.empty() ? std::string("in the diagram") : where) + ": " + what);
    return false;
  }

  static std::string kind_of(const SliceNode& n) {
    switch (n.kind) {
      case SliceNode::Goal: return "the goal " + n.goal;
      case SliceNode::Not: return "'!'";
      case SliceNode::And: return "'&'";
      case SliceNode::Or: return "'|'";
      case SliceNode::Branch: return "the branch";
    }
    return "";
  }

  // Reads field `name` of a proof being checked, or says it is missing.
  const Json* field(const Json& p, const char* name) {
    if (!p.is_object() || !p.contains(name)) {
      fail(std::string("expected the proof to have \"") + name + "\"");
      return nullptr;
    }
    return &p[name];
  }
  std::optional<std::size_t> index(const Json& p, const char* name, std::size_t size) {
    const Json* k = field(p, name);
    if (!k) return std::nullopt;
    if (!k->is_number_integer() || k->get<long long>() < 0 || k->get<std::size_t>() >= size) {
      fail(std::string("expected \"") + name + "\" to be an index below " + std::to_string(size));
      return std::nullopt;
    }
    return k->get<std::size_t>();
  }
  // The array `name` of one proof per item (checking: of `size` items).
  const Json* list(const Json& p, const char* name, std::size_t size) {
    const Json* l = field(p, name);
    if (l && (!l->is_array() || l->size() != size)) {
      fail(std::string("expected \"") + name + "\" to hold " + std::to_string(size) + " proof(s)");
      return nullptr;
    }
    return l;
  }

  // Field `name` of a proof being checked, null when it has none (the claim below then fails on
  // what it misses, but for a goal, which needs no proof).
  static const Json& child(const Json& p, const char* name) {
    static const Json none;
    return p.is_object() && p.contains(name) ? p[name] : none;
  }

  // ---- holds(e) == want --------------------------------------------------------------------
  // Checking reads `p`; building writes `out` (and ignores `p`).
  bool holds(const SliceNode& e, const MoveFacts& facts, bool want, const Json& p, Json& out) {
    switch (e.kind) {
      case SliceNode::Goal: {
        const bool r = target_reached(game_, *e.target, facts);
        if (r != want) return fail(kind_of(e) + (want ? " is not reached here" : " is reached here"));
        if (want) ++goals_;
        out = nullptr;
        return true;
      }
      case SliceNode::Not: return holds(*e.left, facts, !want, p, out);
      case SliceNode::And:
      case SliceNode::Or: {
        const SliceNode* parts[2] = {e.left.get(), e.right.get()};
        if ((e.kind == SliceNode::And) == want) {  // both parts decide
          out = {{"parts", Json::array()}};
          const Json* given = building() ? nullptr : list(p, "parts", 2);
          if (!building() && !given) return false;
          for (int k = 0; k < 2; ++k) {
            Json sub;
            if (!holds(*parts[k], facts, want, building() ? Json() : (*given)[k], sub)) return false;
            out["parts"].push_back(sub);
          }
          return true;
        }
        std::size_t k = 0;
        if (building()) {
          while (k < 2 && oracle_->holds(*parts[k], facts) != want) ++k;
          if (k == 2) return fail(kind_of(e) + ": no part decides");
        } else if (auto given = index(p, "part", 2)) {
          k = *given;
        } else {
          return false;
        }
        Json sub;
        if (!holds(*parts[k], facts, want, building() ? Json() : child(p, "proof"), sub)) return false;
        out = {{"part", k}, {"proof", sub}};
        return true;
      }
      case SliceNode::Branch: {
        std::vector<Json> all = solved(e, want, p, Walk::One);
        if (all.empty()) return false;
        out = std::move(all.front());
        return true;
      }
    }
    return false;
  }

  // ---- solved(b) == want: a branch from here, its first move to play ---------------------------
  std::vector<Json> solved(const SliceNode& b, bool want, const Json& p, Walk walk) {
    if (!b.side_change) return from(b, 0, b.max, want, p, walk);
    if (game_.in_check()) {  // no pass in check: the branch cannot start
      if (want) fail("the side to move is in check and cannot pass, as the branch's '-' asks");
      return want ? std::vector<Json>{} : std::vector<Json>{Json()};
    }
    pass();
    path_.push_back("0000");
    auto r = from(b, 0, b.max, want, p, walk);
    path_.pop_back();
    unpass();
    return r;
  }

  const SliceMove& slot(const SliceNode& b, int i) const { return b.moves[std::size_t(i) % b.moves.size()]; }


  // Every node of `cs` (judged with `facts`) holds (value) or fails (!value): "name": [P, ...].
  bool all_are(const std::vector<const SliceNode*>& cs, const MoveFacts& facts, const char* name, bool value, const Json& p,
               Json& out) {
    if (cs.empty()) return true;
    const Json* given = building() ? nullptr : list(p, name, cs.size());
    if (!building() && !given) return false;
    Json proofs = Json::array();
    for (std::size_t k = 0; k < cs.size(); ++k) {
      Json sub;
      if (!holds(*cs[k], facts, value, building() ? Json() : (*given)[k], sub)) return false;
      proofs.push_back(sub);
    }
    out[name] = proofs;
    return true;
  }
  // One node of `cs` holds (value) or fails (!value): "name": k, "proof": P.
  bool one_is(const std::vector<const SliceNode*>& cs, const MoveFacts& facts, const char* name, bool value, const Json& p,
              Json& out) {
    std::size_t k = 0;
    if (building()) {
      while (k < cs.size() && oracle_->holds(*cs[k], facts) != value) ++k;
      if (k == cs.size()) return fail(std::string("none decides (\"") + name + "\")");
    } else if (auto given = index(p, name, cs.size())) {
      k = *given;
    } else {
      return false;
    }
    Json sub;
    if (!holds(*cs[k], facts, value, building() ? Json() : child(p, "proof"), sub)) return false;
    out[name] = k;
    out["proof"] = sub;
    return true;
  }

  // The constraints binding before move `i`: the start constraints (the branch's other move's,
  // help and battle play, first move only) and the series constraints that play moves.
  std::vector<const SliceNode*> start_constraints(const SliceNode& b, int i) const {
    std::vector<const SliceNode*> out;
    if (i == 0 && !b.series() && b.moves.size() >= 2)
      for (const auto& c : b.moves.back().constraints) out.push_back(c.get());
    return out;
  }
  std::vector<const SliceNode*> before_constraints(const SliceNode& b, int i) const {
    std::vector<const SliceNode*> out;
    if (b.series())
      for (const auto& c : slot(b, i).constraints)
        if (plays_moves(*c)) out.push_back(c.get());
    return out;
  }
  std::vector<const SliceNode*> after_constraints(const SliceNode& b, int i) const {
    std::vector<const SliceNode*> out;
    if (!b.battle())
      for (const auto& c : slot(b, i).constraints)
        if (!(b.series() && plays_moves(*c))) out.push_back(c.get());
    return out;
  }
  std::vector<const SliceNode*> battle_constraints(const SliceNode& b, int i) const {
    std::vector<const SliceNode*> out;
    if (b.battle())
      for (const auto& c : slot(b, i).constraints) out.push_back(c.get());
    return out;
  }

  // ---- from(b, i, max) == want: the side to move plays the branch's move i ---------------------
  std::vector<Json> from(const SliceNode& b, int i, int max, bool want, const Json& p, Walk walk) {
    Json head = Json::object();
    const auto start = start_constraints(b, i);
    const auto before = before_constraints(b, i);
    if (!want) {
      // One reason suffices: a constraint before the move fails, or the move fails.
      const bool start_fails = building() ? !all_hold(start, last_move_facts(game_)) : p.is_object() && p.contains("start");
      if (start_fails) {
        if (!one_is(start, last_move_facts(game_), "start", false, p, head)) return {};
        return {head};
      }
      const bool before_fails = building() ? !all_hold(before, {}) : p.is_object() && p.contains("before");
      if (before_fails) {
        if (!one_is(before, {}, "before", false, p, head)) return {};
        return {head};
      }
    } else {
      if (!all_are(start, last_move_facts(game_), "start", true, p, head)) return {};
      if (!all_are(before, {}, "before", true, p, head)) return {};
    }
    const SliceMove& move = slot(b, i);
    std::vector<Json> out;
    if (move.needs_check && !game_.in_check()) {  // ?+?: the side passes
      const Json* given = building() ? nullptr : field(p, "pass");
      if (!building() && !given) return {};
      pass();
      path_.push_back("0000");
      for (auto& then : after(b, i, max, {}, want, building() ? Json() : *given, walk)) {
        Json node = head;
        node["pass"] = std::move(then);
        out.push_back(std::move(node));
      }
      path_.pop_back();
      unpass();
      return out;
    }
    typename G::MoveListType legal;
    game_.generate_legal(legal);
    const bool every = move.letter == 'd';
    if (want != every) {  // the side chooses: a move that solves (want), a defence that escapes
      // A defender without a move has not been beaten: nothing to name.
      if (!want && legal.size() == 0) {
        if (!building() && !(p.is_object() && p.contains("moves") && p["moves"].is_object() && p["moves"].empty()))
          return fail("the defender has no move: expected \"moves\": {}"), std::vector<Json>{};
        head["moves"] = Json::object();
        return {head};
      }
      const bool enumerate = walk == Walk::Lines || (walk == Walk::Keys && i == 0);
      const Walk below = walk == Walk::Lines ? Walk::Lines : Walk::One;
      std::optional<std::string> named;
      if (!building()) {
        const Json* m = field(p, "move");
        if (!m) return {};
        if (!m->is_string()) return fail("expected \"move\" to be a move in UCI spelling"), std::vector<Json>{};
        named = m->get<std::string>();
        if (!field(p, "then")) return {};
      }
      bool found = false;
      for (const M& m : legal) {
        const std::string uci = game_.move_uci(m);
        if (named && uci != *named) continue;
        found = true;
        const MoveFacts facts = move_facts(game_, m);
        if (building()) oracle_->budget().spend();
        play(m);
        const bool works = !building() || oracle_->solves_after(b, i, max, facts) == want;
        if (works) {
          path_.push_back(uci);
          for (auto& then : after(b, i, max, facts, want, building() ? Json() : p["then"], enumerate ? below : Walk::One)) {
            Json node = head;
            node["move"] = uci;
            node["then"] = std::move(then);
            out.push_back(std::move(node));
          }
          path_.pop_back();
        }
        undo();
        if (works && !enumerate) break;
      }
      if (named && !found) return fail("'" + *named + "' is not a legal move here"), std::vector<Json>{};
      if (building() && out.empty()) return fail("no move decides"), std::vector<Json>{};
      return out;
    }
    // Every move: each beaten (want, a defence) or each failing (!want).
    if (want && legal.size() == 0) return fail("the defender has no move, and a defender without a move is not beaten"), std::vector<Json>{};
    const Json* given = building() ? nullptr : field(p, "moves");
    if (!building() && !given) return {};
    if (given && !given->is_object()) return fail("expected \"moves\" to map each legal move to its proof"), std::vector<Json>{};
    Json moves = Json::object();
    for (const M& m : legal) {
      const std::string uci = game_.move_uci(m);
      if (given && !given->contains(uci)) return fail("the move '" + uci + "' is not covered"), std::vector<Json>{};
      const MoveFacts facts = move_facts(game_, m);
      if (building()) oracle_->budget().spend();
      play(m);
      path_.push_back(uci);
      auto then = after(b, i, max, facts, want, given ? (*given)[uci] : Json(), Walk::One);
      path_.pop_back();
      undo();
      if (then.empty()) return {};
      moves[uci] = std::move(then.front());
    }
    if (given)
      for (const auto& [uci, unused] : given->items())
        if (!moves.contains(uci)) return fail("'" + uci + "' is not a legal move here"), std::vector<Json>{};
    head["moves"] = std::move(moves);
    return {head};
  }

  bool all_hold(const std::vector<const SliceNode*>& cs, const MoveFacts& facts) {
    for (const SliceNode* c : cs)
      if (!oracle_->holds(*c, facts)) return false;
    return true;
  }

  // ---- after(b, i, max) == want: the branch's move i was just played (its facts `facts`) -------
  std::vector<Json> after(const SliceNode& b, int i, int max, const MoveFacts& facts, bool want, const Json& p, Walk walk) {
    const SliceMove& move = slot(b, i);
    const int played = i + 1;
    const auto judged_after = after_constraints(b, i);
    Json head = Json::object();
    std::vector<Json> out;
    if (want) {
      if (!all_are(judged_after, facts, "after", true, p, head)) return {};
      // A fork that holds solves the branch; or the play goes on.
      std::optional<std::size_t> fork;
      bool go_on = true;
      if (building()) {
        if (played >= b.min)
          for (std::size_t k = 0; k < move.forks.size() && !fork; ++k)
            if (oracle_->holds(*move.forks[k], facts)) fork = k;
        // The lines go on past a fork that is a branch without '>' (help_lines); a proof of one
        // key or of a nested claim stops at the first reason.
        go_on = walk == Walk::Lines ? (!fork || (move.forks[*fork]->kind == SliceNode::Branch && !move.forks[*fork]->ends_containing))
                                    : !fork;
        go_on = go_on && continues(b, i, max, facts);
      } else if (p.is_object() && p.contains("fork")) {
        fork = index(p, "fork", move.forks.size());
        if (!fork) return {};
        if (played < b.min) return fail("no fork is reached before the branch's least length"), std::vector<Json>{};
        go_on = false;
      }
      if (fork) {
        const SliceNode& f = *move.forks[*fork];
        std::vector<Json> subs;
        if (building() && walk == Walk::Lines && f.kind == SliceNode::Branch && !f.battle() && !f.hidden) {
          subs = solved(f, true, Json(), Walk::Lines);  // a nested help or series branch: each of its lines
        } else {
          Json sub;
          if (!holds(f, facts, true, building() ? Json() : child(p, "proof"), sub)) return {};
          subs.push_back(std::move(sub));
        }
        if (subs.empty()) return {};
        for (auto& sub : subs) {
          Json node = head;
          node["fork"] = *fork;
          node["proof"] = std::move(sub);
          out.push_back(std::move(node));
        }
      }
      if (!go_on) return out;
      if (!all_are(battle_constraints(b, i), facts, "constraints", true, p, head)) return {};
      if (played >= max) return fail("the branch's length is spent: no move follows"), std::vector<Json>{};
      if (played < b.min && !ends_fail(move, facts, p, head)) return {};
      const Json* given = building() ? nullptr : field(p, "next");
      if (!building() && !given) return {};
      for (auto& next : next_move(b, played, max, true, building() ? Json() : *given, walk)) {
        Json node = head;
        node["next"] = std::move(next);
        out.push_back(std::move(node));
      }
      if (building() && out.empty()) return fail("the lines go on, but none was written"), std::vector<Json>{};
      return out;
    }
    // Not solved: a constraint judged after the move fails, or no fork holds and the play ends.
    const bool after_fails = building() ? !all_hold(judged_after, facts) : p.is_object() && p.contains("after");
    if (after_fails) {
      if (!one_is(judged_after, facts, "after", false, p, head)) return {};
      return {head};
    }
    if (played >= b.min) {  // every fork fails
      std::vector<const SliceNode*> forks;
      for (const auto& f : move.forks) forks.push_back(f.get());
      if (!all_are(forks, facts, "forks", false, p, head)) return {};
    }
    const auto battle = battle_constraints(b, i);
    const bool battle_fails = building() ? !all_hold(battle, facts) : p.is_object() && p.contains("constraint");
    if (battle_fails) {
      if (!one_is(battle, facts, "constraint", false, p, head)) return {};
      return {head};
    }
    if (played >= max) return {head};  // the length is spent
    if (played < b.min) {
      const bool ended = building() ? ends_here(move, facts) : p.is_object() && p.contains("ends");
      if (ended) {
        if (!one_is(ending_forks(move), facts, "ends", true, p, head)) return {};
        return {head};
      }
    }
    if (b.series() && game_.in_check()) return {head};  // the other side cannot pass
    const Json* given = building() ? nullptr : field(p, "next");
    if (!building() && !given) return {};
    auto next = next_move(b, played, max, false, building() ? Json() : *given, Walk::One);
    if (next.empty()) return {};
    head["next"] = std::move(next.front());
    return {head};
  }

  // The '>' branches among the move's forks.
  static std::vector<const SliceNode*> ending_forks(const SliceMove& move) {
    std::vector<const SliceNode*> out;
    for (const auto& f : move.forks)
      if (f->kind == SliceNode::Branch && f->ends_containing) out.push_back(f.get());
    return out;
  }
  bool ends_here(const SliceMove& move, const MoveFacts& facts) {
    for (const SliceNode* f : ending_forks(move))
      if (oracle_->holds(*f, facts)) return true;
    return false;
  }
  // Short of the least length no '>' fork may hold: the proofs that none does ("ends").
  bool ends_fail(const SliceMove& move, const MoveFacts& facts, const Json& p, Json& head) {
    return all_are(ending_forks(move), facts, "ends", false, p, head);
  }

  // Building: does the play go on after move i with the branch solved (the lines' condition)?
  bool continues(const SliceNode& b, int i, int max, const MoveFacts& facts) {
    const int played = i + 1;
    if (played >= max || !all_hold(battle_constraints(b, i), facts)) return false;
    if (played < b.min && ends_here(slot(b, i), facts)) return false;
    if (!b.series()) return oracle_->solves_from(b, played, max);
    if (game_.in_check()) return false;
    pass();
    const bool r = oracle_->solves_from(b, played, max);
    unpass();
    return r;
  }

  // The branch goes on with its move `played`: in series play after the other side's pass.
  std::vector<Json> next_move(const SliceNode& b, int played, int max, bool want, const Json& p, Walk walk) {
    if (!b.series()) return from(b, played, max, want, p, walk);
    if (game_.in_check()) return fail("a series side in check: the other side cannot pass"), std::vector<Json>{};
    pass();
    path_.push_back("0000");
    auto r = from(b, played, max, want, p, walk);
    path_.pop_back();
    unpass();
    return r;
  }

  G& game_;
  const SliceNode& root_;
  StructuredSearch<G>* oracle_ = nullptr;
  std::string label_;
  std::vector<std::string> path_;  // the moves (UCI; a pass "0000") from the root to here
  std::vector<std::string> errors_;
  std::uint64_t goals_ = 0;
};

}  // namespace arbiter::structured
