#include "rules/timetravel/grammar.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <numeric>
#include <unordered_map>

#include "rules/core/fen.h"
#include "rules/core/stop.h"
#include "rules/timetravel/z3_solver.h"

namespace arbiter::timetravel {
namespace {

constexpr std::array<const char*, 7> type_name = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

bool light_square(Square s) { return (file_of(s) + rank_of(s)) % 2 == 1; }
const char* colour_name(Square s) { return light_square(s) ? "light" : "dark"; }

std::string describe(const GrammarMan& m) { return fmt::format("{} on {}", type_name[m.type], square_name(m.square)); }

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

// The side's squares on a file between two relative ranks, both included (empty if from > to).
Bitboard file_segment(Color side, int file, int from, int to) {
  Bitboard b = 0;
  for (int r = from; r <= to; ++r) b |= square_bb(relative_square(side, make_square(file, r)));
  return b;
}

// What route building needs to know about the board.
struct Board {
  Color side;
  int enemy_men;
  PawnAnnihilation pawn_step;
  bool promotion;
  Bitboard enemy_traveling;
  std::array<int, 64> own_traveling;  // index into traveling, or -1
  GrammarEnemyBlocker enemy_blocker;
  bool own_block;  // own traveling men block paths (false: per-piece scope, order ignored)
};

// `path`: squares the resonator must walk onto or through. Own traveling men there must be
// annihilated first; enemy traveling men there cost one enemy man each, but only on a route
// without captures (a capturing pawn may take the one on its end square as a capture).
void add_route(const Board& b, int ti, int ui, Square target, int captures, Bitboard path, int promotion_file,
               std::vector<GrammarRoute>& out) {
  if (path & square_bb(target)) return;  // it would have to pass the very man it is meant for
  const Bitboard enemy_in_way = captures == 0 ? path & b.enemy_traveling : 0;
  if (enemy_in_way && b.enemy_blocker == GrammarEnemyBlocker::Permanent) return;
  GrammarRoute r{ti, ui, captures, {}, b.enemy_blocker == GrammarEnemyBlocker::OneCapture ? enemy_in_way : 0, promotion_file};
  if (captures + popcount(r.enemy_blockers) > b.enemy_men) return;
  for (Bitboard p = b.own_block ? path : 0; p;) {
    const int o = b.own_traveling[pop_lsb(p)];
    if (o >= 0) r.own_blockers.push_back(o);
  }
  std::sort(r.own_blockers.begin(), r.own_blockers.end());
  out.push_back(std::move(r));
}

// A pawn resonating with a traveling pawn. Pawns move forward and change file only by
// capturing (a capture per file, each also a rank); the last step must be an allowed pawn move.
void pawn_routes(const Board& b, int ti, int ui, Square u, Square t, std::vector<GrammarRoute>& out) {
  const int fu = file_of(u), ru = relative_rank(b.side, u), ft = file_of(t), rt = relative_rank(b.side, t);
  if (ru < 1 || ru > 6) return;
  // (fp, rp): where the last step starts; the pawn must get there and stand there.
  auto approach = [&](int fp, int rp) {
    if (!on_board(fp, rp) || rp < ru) return;
    const int files = std::abs(fp - fu), ranks = rp - ru;
    const Square from = relative_square(b.side, make_square(fp, rp));
    if (files > 0) {
      if (files <= ranks) add_route(b, ti, ui, t, files, square_bb(from), -1, out);
      return;
    }
    add_route(b, ti, ui, t, 0, file_segment(b.side, fu, ru + 1, rp), -1, out);  // straight up its file
    // Out by one capture and back by another: skips any stretch of the file but its end square.
    if (ranks >= 2) add_route(b, ti, ui, t, 2, square_bb(from), -1, out);
  };
  approach(ft, rt - 1);
  // The double step passes the same square two single steps would: it adds no possibility
  // here (it matters for the one-move resonator), but it is a route in its own right.
  if (b.pawn_step == PawnAnnihilation::StraightAndDouble && ru == 1 && rt == 3 && fu == ft)
    add_route(b, ti, ui, t, 0, file_segment(b.side, fu, 2, 2), -1, out);
  if (b.pawn_step == PawnAnnihilation::WithDiagonal) {
    approach(ft - 1, rt - 1);
    approach(ft + 1, rt - 1);
  }
}

// A pawn promoting to the traveling piece's type. It then walks to the piece freely, except
// that a bishop stays on its promotion square's colour.
void promotion_routes(const Board& b, int ti, int ui, Square u, const GrammarMan& t, std::vector<GrammarRoute>& out) {
  const int fu = file_of(u), ru = relative_rank(b.side, u);
  if (ru < 1 || ru > 6) return;
  for (int fp = 0; fp < 8; ++fp) {
    const int files = std::abs(fp - fu);
    if (files > 7 - ru) continue;  // each capture also advances a rank
    const Square promo = relative_square(b.side, make_square(fp, 7));
    if (t.type == Bishop && light_square(promo) != light_square(t.square)) continue;
    add_route(b, ti, ui, t.square, files, files == 0 ? file_segment(b.side, fu, ru + 1, 7) : square_bb(promo), fp, out);
  }
}

// a is at least as good as b: no more captures, no blocker b lacks.
bool dominates(const GrammarRoute& a, const GrammarRoute& b) {
  return a.captures <= b.captures && (a.enemy_blockers & ~b.enemy_blockers) == 0 &&
         std::includes(b.own_blockers.begin(), b.own_blockers.end(), a.own_blockers.begin(), a.own_blockers.end());
}

void pair_routes(const Board& b, int ti, int ui, const GrammarMan& u, const GrammarMan& t, std::vector<GrammarRoute>& out) {
  std::vector<GrammarRoute> pair;
  if (u.type == t.type) {
    if (t.type == Pawn)
      pawn_routes(b, ti, ui, u.square, t.square, pair);
    else if (t.type != Bishop || light_square(u.square) == light_square(t.square))
      add_route(b, ti, ui, t.square, 0, 0, -1, pair);  // pieces reach any square (of their colour)
  } else if (u.type == Pawn && b.promotion && t.type >= Knight && t.type <= Queen) {
    promotion_routes(b, ti, ui, u.square, t, pair);
  }
  // Only the undominated routes of a pair matter: fewer variables for Z3.
  std::vector<GrammarRoute> kept;
  for (auto& r : pair) {
    if (std::any_of(kept.begin(), kept.end(), [&](const GrammarRoute& k) { return dominates(k, r); })) continue;
    std::erase_if(kept, [&](const GrammarRoute& k) { return dominates(r, k); });
    kept.push_back(std::move(r));
  }
  for (auto& r : kept) out.push_back(std::move(r));
}

GrammarResult incorrect(std::string reason) { return {GrammarVerdict::Incorrect, {}, std::move(reason), false}; }

// Why a traveling man has no route at all.
std::string static_reason(const GrammarQuery& q, int i) {
  const GrammarMan& t = q.traveling[i];
  const std::string sq = square_name(t.square);
  const bool pawns = std::any_of(q.untraveled.begin(), q.untraveled.end(), [](const GrammarMan& m) { return m.type == Pawn; });
  const bool by_promotion = q.promotion && pawns && t.type != Pawn && t.type != King;
  std::string r;
  if (t.type == Pawn && !pawns) return fmt::format("no untraveled pawn for the traveling pawn on {}", sq);
  if (t.type == Pawn)
    return fmt::format(
        "no untraveled pawn can reach the traveling pawn on {}: a resonator must start behind it, make a "
        "capture for each file it changes (at most {} in all) and pass no traveling man on its file",
        sq, q.enemy_men);
  if (t.type == Bishop) {
    r = fmt::format("no untraveled bishop on a {} square for the traveling bishop on {}", colour_name(t.square), sq);
    if (by_promotion) r += fmt::format(", nor a pawn that can promote on a {} square with at most {} captures", colour_name(t.square), q.enemy_men);
    return r;
  }
  r = fmt::format("no untraveled {} for the traveling {} on {}", type_name[t.type], type_name[t.type], sq);
  if (by_promotion) r += fmt::format(", nor a pawn that can promote to one with at most {} captures", q.enemy_men);
  return r;
}

// Joint scope without pawns: every route is free (no captures, no blockers), so the question
// is exactly whether a matching covers all traveling men.
GrammarResult match(const GrammarQuery& q, const std::vector<GrammarRoute>& routes, const std::vector<std::vector<int>>& by_t) {
  const int n = int(q.traveling.size());
  std::vector<int> match_u(q.untraveled.size(), -1), match_t(n, -1);
  std::vector<char> seen;
  auto augment = [&](auto&& self, int i) -> bool {
    for (int r : by_t[i]) {
      const int u = routes[r].untraveled;
      if (seen[u]) continue;
      seen[u] = 1;
      if (match_u[u] < 0 || self(self, match_u[u])) {
        match_u[u] = i;
        match_t[i] = u;
        return true;
      }
    }
    return false;
  };
  for (int i = 0; i < n; ++i) {
    seen.assign(q.untraveled.size(), 0);
    if (augment(augment, i)) continue;
    // Hall's condition fails: the men reached from i need more resonators than they can use.
    std::vector<std::string> men = {describe(q.traveling[i])}, res;
    for (std::size_t u = 0; u < seen.size(); ++u)
      if (seen[u]) {
        men.push_back(describe(q.traveling[match_u[u]]));
        res.push_back(describe(q.untraveled[u]));
      }
    return incorrect(fmt::format("the traveling {} need {} distinct resonators but only {} can serve them{}{}",
                                 join(men, ", "), men.size(), res.size(), res.empty() ? "" : ": ", join(res, ", ")));
  }
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  return {GrammarVerdict::Correct, match_t, "", false, order};
}

struct Cache {
  std::mutex mu;
  std::unordered_map<std::string, GrammarResult> map;
  GrammarCacheStats stats{0, 0, 0};
};
Cache& cache() {
  static Cache c;
  return c;
}
constexpr std::size_t CacheLimit = 200000;

void count_z3_call() {
  std::lock_guard lock(cache().mu);
  ++cache().stats.z3_calls;
}

GrammarResult z3_decide(const GrammarQuery& q, const std::vector<GrammarRoute>& routes, const std::vector<std::vector<int>>& by_t,
                        unsigned timeout_ms) {
  using Var = Z3Problem::Var;
  using Cmp = Z3Problem::Cmp;
  const int n = int(q.traveling.size());
  const bool joint = q.scope == GrammarScope::Joint;
  Z3Problem p;
  std::vector<Var> x(routes.size()), ord(n), annihilated(n);
  for (auto& v : x) v = p.new_bool();
  for (auto& v : ord) v = p.new_int(0, n - 1);  // annihilation order
  // Assumptions, so that an unsat core names the traveling men and rules in conflict.
  for (auto& v : annihilated) v = p.new_bool();
  const Var distinct = p.new_bool(), budget = p.new_bool(), ordering = p.new_bool();

  for (int i = 0; i < n; ++i) {
    std::vector<Z3Problem::Term> pick;
    for (int r : by_t[i]) pick.push_back({x[r]});
    p.add_linear(pick, Cmp::Ge, 1, {annihilated[i]});
    p.add_linear(pick, Cmp::Le, 1);
  }
  for (std::size_t r = 0; r < routes.size(); ++r)
    for (int o : routes[r].own_blockers) p.add_linear({{ord[o], 1}, {ord[routes[r].traveling], -1}}, Cmp::Le, -1, {x[r], ordering});
  std::vector<Var> assumptions = annihilated;
  assumptions.push_back(ordering);
  if (joint) {
    std::vector<std::vector<Z3Problem::Term>> by_u(q.untraveled.size());
    for (std::size_t r = 0; r < routes.size(); ++r) by_u[routes[r].untraveled].push_back({x[r]});
    for (const auto& uses : by_u)
      if (uses.size() > 1) p.add_linear(uses, Cmp::Le, 1, {distinct});
    // Shared capture budget: every pawn capture and every removed enemy blocker is a distinct enemy man.
    std::vector<Z3Problem::Term> spent;
    std::array<Var, 64> removed;
    removed.fill(-1);
    for (std::size_t r = 0; r < routes.size(); ++r) {
      if (routes[r].captures > 0) spent.push_back({x[r], routes[r].captures});
      for (Bitboard e = routes[r].enemy_blockers; e;) {
        const Square s = pop_lsb(e);
        if (removed[s] < 0) {
          removed[s] = p.new_bool();
          spent.push_back({removed[s]});
        }
        p.add_linear({{removed[s]}}, Cmp::Ge, 1, {x[r]});
      }
    }
    p.add_linear(spent, Cmp::Le, std::max(q.enemy_men, 0), {budget});
    assumptions.push_back(distinct);
    assumptions.push_back(budget);
  }

  count_z3_call();
  // Inside a search with a deadline (rules/core/stop.h) the check gets no more than the time
  // left; past the deadline, or interrupted, the search stops here (SearchStopped) rather than
  // judge a move by a grammar left undecided. Outside a search Z3 has its own full time.
  stop::check();
  const double left = stop::in_search() ? stop::seconds_left() : std::numeric_limits<double>::max();
  const bool cut = left * 1000 < double(timeout_ms);
  const unsigned budget_ms = cut ? unsigned(std::max(1.0, std::ceil(left * 1000))) : timeout_ms;
  const auto started = std::chrono::steady_clock::now();
  const SatResult result = p.check(budget_ms, assumptions);
  // Interrupted by its timeout, Z3 may answer with another reason ("incomplete (theory
  // arithmetic)"): a run that took the whole budget ended by it.
  const bool budget_spent = std::chrono::steady_clock::now() - started >= std::chrono::milliseconds(budget_ms);
  switch (result) {
    case SatResult::Sat: {
      GrammarResult res{GrammarVerdict::Correct, std::vector<int>(n, -1), "", false, std::vector<int>(n)};
      for (std::size_t r = 0; r < routes.size(); ++r)
        if (res.witness[routes[r].traveling] < 0 && p.bool_value(x[r])) res.witness[routes[r].traveling] = routes[r].untraveled;
      std::vector<int> rank(n);
      for (int i = 0; i < n; ++i) rank[i] = p.int_value(ord[i]);
      std::iota(res.order.begin(), res.order.end(), 0);
      std::stable_sort(res.order.begin(), res.order.end(), [&](int a, int b) { return rank[a] < rank[b]; });
      return res;
    }
    case SatResult::Unsat: {
      const std::vector<Var> core = p.unsat_core();
      auto in_core = [&](Var v) { return std::find(core.begin(), core.end(), v) != core.end(); };
      std::vector<std::string> men, why;
      for (int i = 0; i < n; ++i)
        if (in_core(annihilated[i])) men.push_back(describe(q.traveling[i]));
      if (in_core(distinct)) why.push_back("they need distinct resonators");
      if (in_core(budget))
        why.push_back(fmt::format("their resonators' captures and the enemy traveling men in their way exceed the {} enemy men",
                                  q.enemy_men));
      if (in_core(ordering)) why.push_back("every choice leaves a pawn path blocked by a traveling man that cannot go first");
      if (why.empty()) why.push_back("no resonator assignment exists");
      return incorrect(fmt::format("the traveling {} cannot {}be annihilated: {}", join(men, ", "), men.size() > 1 ? "all " : "",
                                   join(why, "; ")));
    }
    case SatResult::Unknown:
      break;
  }
  stop::check();
  if (cut) throw SearchStopped(stop::deadline_reason());  // the deadline's share ran out, not Z3's own timeout
  const std::string& why = p.reason();
  if (budget_spent || why.find("timeout") != std::string::npos || why.find("canceled") != std::string::npos)
    return {GrammarVerdict::Unknown, {}, fmt::format("z3 timeout after {} ms", timeout_ms)};
  return {GrammarVerdict::Unknown, {}, fmt::format("z3: {}", why)};
}

GrammarResult solve(const GrammarQuery& q, unsigned timeout_ms, bool shortcut) {
  const int n = int(q.traveling.size());
  if (n == 0) return {GrammarVerdict::Correct, {}, "", false};
  const std::vector<GrammarRoute> routes = grammar_routes(q);
  std::vector<std::vector<int>> by_t(n);
  bool pawns = false;
  for (std::size_t r = 0; r < routes.size(); ++r) {
    by_t[routes[r].traveling].push_back(int(r));
    pawns |= q.untraveled[routes[r].untraveled].type == Pawn;
  }
  // A man without any route is a proof of incorrectness on its own.
  std::vector<std::string> missing;
  for (int i = 0; i < n; ++i)
    if (by_t[i].empty()) missing.push_back(static_reason(q, i));
  if (!missing.empty()) return incorrect(join(missing, "; "));
  // Without pawns every route is free of captures and blockers: exact without Z3.
  if (shortcut && !pawns) {
    if (q.scope == GrammarScope::Joint) return match(q, routes, by_t);
    GrammarResult res{GrammarVerdict::Correct, std::vector<int>(n), "", false, std::vector<int>(n)};
    for (int i = 0; i < n; ++i) {
      res.witness[i] = routes[by_t[i].front()].untraveled;
      res.order[i] = i;
    }
    return res;
  }
  if (shortcut) {
    // Exact without Z3, in the two cases that dominate move generation:
    // (1) a matching over free routes (no captures, no blockers) satisfies every constraint;
    std::vector<std::vector<int>> free_by_t(n);
    for (std::size_t r = 0; r < routes.size(); ++r)
      if (routes[r].captures == 0 && routes[r].own_blockers.empty() && routes[r].enemy_blockers == 0)
        free_by_t[routes[r].traveling].push_back(int(r));
    // Witnesses read best with a man of the type itself before a pawn that would promote.
    for (int i = 0; i < n; ++i)
      std::stable_partition(free_by_t[i].begin(), free_by_t[i].end(),
                            [&](int r) { return q.untraveled[routes[r].untraveled].type == q.traveling[i].type; });
    if (q.scope == GrammarScope::Joint) {
      if (GrammarResult m = match(q, routes, free_by_t); m.verdict == GrammarVerdict::Correct) return m;
    } else if (std::none_of(free_by_t.begin(), free_by_t.end(), [](const auto& v) { return v.empty(); })) {
      GrammarResult res{GrammarVerdict::Correct, std::vector<int>(n), "", false, std::vector<int>(n)};
      for (int i = 0; i < n; ++i) {
        res.witness[i] = routes[free_by_t[i].front()].untraveled;
        res.order[i] = i;
      }
      return res;
    }
    // (2) one traveling man: no distinctness and no order; only its cheapest route's cost
    // against the budget.
    if (n == 1) {
      int best = -1, best_cost = 0;
      for (int r : by_t[0]) {
        const int cost = routes[r].captures + popcount(routes[r].enemy_blockers);
        if (best < 0 || cost < best_cost) best = r, best_cost = cost;
      }
      if (best_cost <= q.enemy_men) return {GrammarVerdict::Correct, {routes[best].untraveled}, "", false, {0}};
      return incorrect(fmt::format("the traveling {} needs {} captures or removals but the enemy has {} men",
                                   describe(q.traveling[0]), best_cost, q.enemy_men));
    }
  }
  return z3_decide(q, routes, by_t, timeout_ms);
}

// Men sorted by (type, square); perm[k] is the original index of the k-th.
std::vector<int> canonical_order(const std::vector<GrammarMan>& men) {
  std::vector<int> perm(men.size());
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int a, int b) {
    return std::pair(men[a].type, men[a].square) < std::pair(men[b].type, men[b].square);
  });
  return perm;
}

// The capture budget where it can bind: a pawn makes at most six captures, and each enemy
// traveling man costs at most one. Clamping lets more queries share a cache entry.
int binding_budget(const GrammarQuery& q) {
  const auto pawns = std::count_if(q.untraveled.begin(), q.untraveled.end(), [](const GrammarMan& m) { return m.type == Pawn; });
  return std::clamp(q.enemy_men, 0, int(6 * pawns) + popcount(q.enemy_traveling));
}

std::string cache_key(const GrammarQuery& q) {
  std::string k;
  k += char(q.side);
  k += char(q.scope);
  k += char(q.pawn_step);
  k += char(q.promotion);
  k += char(q.enemy_blocker);
  k += char(q.scope == GrammarScope::PerPiece ? int(q.per_piece_order) : 0);  // read only per piece
  k += char(q.enemy_men & 0xFF);
  k += char(q.enemy_men >> 8);
  for (int i = 0; i < 8; ++i) k += char((q.enemy_traveling >> (8 * i)) & 0xFF);
  for (const auto* men : {&q.traveling, &q.untraveled}) {
    k += char(men->size());
    for (const GrammarMan& m : *men) {
      k += char(m.type);
      k += char(m.square);
    }
  }
  return k;
}

}  // namespace

std::vector<GrammarRoute> grammar_routes(const GrammarQuery& q) {
  const bool own_block = q.scope == GrammarScope::Joint || q.per_piece_order == PerPieceAnnihilationOrder::Kept;
  Board b{q.side, q.enemy_men, q.pawn_step, q.promotion, q.enemy_traveling, {}, q.enemy_blocker, own_block};
  b.own_traveling.fill(-1);
  for (std::size_t i = 0; i < q.traveling.size(); ++i) b.own_traveling[q.traveling[i].square] = int(i);
  std::vector<GrammarRoute> out;
  for (std::size_t t = 0; t < q.traveling.size(); ++t)
    for (std::size_t u = 0; u < q.untraveled.size(); ++u) pair_routes(b, int(t), int(u), q.untraveled[u], q.traveling[t], out);
  return out;
}

bool could_annihilate(const GrammarMan& resonator, const GrammarMan& traveling, Color side, int enemy_men,
                      PawnAnnihilation pawn_step, bool promotion) {
  GrammarQuery q{side, {traveling}, {resonator}, 0, enemy_men, GrammarScope::PerPiece, pawn_step, promotion};
  return !grammar_routes(q).empty();
}

GrammarResult decide_grammar_z3(const GrammarQuery& q, unsigned timeout_ms) { return solve(q, timeout_ms, false); }

GrammarResult decide_grammar(const GrammarQuery& q, unsigned timeout_ms) {
  if (q.traveling.empty()) return {GrammarVerdict::Correct, {}, "", false};
  // Solve the canonical query (men sorted) and map indices back to the caller's order.
  const std::vector<int> tp = canonical_order(q.traveling), up = canonical_order(q.untraveled);
  GrammarQuery cq = q;
  for (std::size_t k = 0; k < tp.size(); ++k) cq.traveling[k] = q.traveling[tp[k]];
  for (std::size_t k = 0; k < up.size(); ++k) cq.untraveled[k] = q.untraveled[up[k]];
  cq.enemy_men = binding_budget(cq);
  const std::string key = cache_key(cq);

  GrammarResult res{GrammarVerdict::Unknown, {}, "", false};
  bool hit = false;
  {
    std::lock_guard lock(cache().mu);
    auto it = cache().map.find(key);
    if (it != cache().map.end()) {
      res = it->second;
      hit = true;
      ++cache().stats.hits;
    } else {
      ++cache().stats.misses;
    }
  }
  if (!hit) {
    res = solve(cq, timeout_ms, true);
    if (res.verdict != GrammarVerdict::Unknown) {  // a timeout may not recur: never remember it
      std::lock_guard lock(cache().mu);
      if (cache().map.size() >= CacheLimit) cache().map.clear();
      cache().map.emplace(key, res);
    }
  }
  res.from_cache = hit;
  std::vector<int> witness(res.witness.size());
  for (std::size_t k = 0; k < res.witness.size(); ++k) witness[tp[k]] = up[res.witness[k]];
  for (int& i : res.order) i = tp[i];
  res.witness = std::move(witness);
  return res;
}

GrammarCacheStats grammar_cache_stats() {
  std::lock_guard lock(cache().mu);
  return cache().stats;
}

void clear_grammar_cache() {
  std::lock_guard lock(cache().mu);
  cache().map.clear();
  cache().stats = {0, 0, 0};
}

}  // namespace arbiter::timetravel
