// Time Traveler's Chess grammatical correctness as a Z3 problem: bishop colours, pawn captures
// and their shared budget, the pawn-annihilation choices, joint vs per-piece scope, the
// annihilation order around blocked pawn paths, promotion, witnesses, the cache, timeouts,
// and the exact no-pawn shortcut and the Z3 encoding against brute force.

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <set>

#include <fmt/format.h>

#include "rules/timetravel/grammar.h"

using namespace arbiter;
using namespace arbiter::timetravel;

namespace {

GrammarQuery query(std::vector<GrammarMan> traveling, std::vector<GrammarMan> untraveled, int enemy_men = 0,
                   Color side = White) {
  GrammarQuery q{side, std::move(traveling), std::move(untraveled)};
  q.enemy_men = enemy_men;
  return q;
}

GrammarVerdict verdict(GrammarQuery q) { return decide_grammar_z3(q).verdict; }

// A Correct witness names, for each traveling man, a resonator of its type or a pawn; Joint:
// all different. The order is a permutation of the traveling men.
void check_witness(const GrammarQuery& q, const GrammarResult& r) {
  REQUIRE(r.verdict == GrammarVerdict::Correct);
  REQUIRE(r.witness.size() == q.traveling.size());
  std::set<int> used;
  for (std::size_t i = 0; i < q.traveling.size(); ++i) {
    const int u = r.witness[i];
    REQUIRE(u >= 0);
    REQUIRE(u < int(q.untraveled.size()));
    CHECK((q.untraveled[u].type == q.traveling[i].type || q.untraveled[u].type == Pawn));
    used.insert(u);
  }
  if (q.scope == GrammarScope::Joint) CHECK(used.size() == q.traveling.size());
  std::vector<int> order = r.order;
  std::sort(order.begin(), order.end());
  for (std::size_t i = 0; i < order.size(); ++i) CHECK(order[i] == int(i));
}

int position_in_order(const GrammarResult& r, int traveling) {
  return int(std::find(r.order.begin(), r.order.end(), traveling) - r.order.begin());
}

}  // namespace

TEST_CASE("grammar: no traveling men is correct without Z3", "[timetravel-grammar]") {
  clear_grammar_cache();
  const auto r = decide_grammar(query({}, {}));
  CHECK(r.verdict == GrammarVerdict::Correct);
  CHECK(grammar_cache_stats().z3_calls == 0);
}

TEST_CASE("grammar: bishops keep their square colour", "[timetravel-grammar]") {
  // f1 is light, d4 dark: that bishop can never meet the traveling one.
  auto q = query({{Bishop, sq::d4}}, {{Bishop, sq::f1}});
  auto r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("no untraveled bishop on a dark square for the traveling bishop on d4"));
  CHECK_FALSE(could_annihilate({Bishop, sq::f1}, {Bishop, sq::d4}, White, 16, PawnAnnihilation::StraightAndDouble, true));

  q.untraveled = {{Bishop, sq::c1}};  // dark
  r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Correct);
  CHECK(r.witness == std::vector<int>{0});

  // The brief's example: d5 is light, c1 dark.
  r = decide_grammar(query({{Bishop, sq::d5}}, {{Bishop, sq::c1}}));
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("no untraveled bishop on a light square for the traveling bishop on d5"));
  // Other pieces reach every square.
  CHECK(could_annihilate({Knight, sq::b1}, {Knight, sq::h8}, White, 0, PawnAnnihilation::StraightAndDouble, true));
  CHECK_FALSE(could_annihilate({Knight, sq::b1}, {Rook, sq::h8}, White, 0, PawnAnnihilation::StraightAndDouble, true));
}

TEST_CASE("grammar: a pawn changes file only by capturing", "[timetravel-grammar]") {
  // b2 to d4 takes two captures, then d4//d5.
  CHECK(verdict(query({{Pawn, sq::d5}}, {{Pawn, sq::b2}}, 2)) == GrammarVerdict::Correct);
  auto r = decide_grammar(query({{Pawn, sq::d5}}, {{Pawn, sq::b2}}, 1));
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("traveling pawn on d5"));
  // A pawn must be behind: none can reach a traveling pawn beside or below it.
  CHECK(verdict(query({{Pawn, sq::d3}}, {{Pawn, sq::d4}}, 8)) == GrammarVerdict::Incorrect);
  CHECK(verdict(query({{Pawn, sq::d3}}, {{Pawn, sq::e2}}, 8)) == GrammarVerdict::Incorrect);
  // Each capture is also a rank: for a traveling pawn on e5, b2 would need three captures to
  // reach e4 but has only two ranks.
  CHECK(verdict(query({{Pawn, sq::e5}}, {{Pawn, sq::b2}}, 8)) == GrammarVerdict::Incorrect);

  // Black: g7 to e5 takes two captures, then e5//e4.
  CHECK(verdict(query({{Pawn, sq::e4}}, {{Pawn, sq::g7}}, 2, Black)) == GrammarVerdict::Correct);
  CHECK(verdict(query({{Pawn, sq::e4}}, {{Pawn, sq::g7}}, 1, Black)) == GrammarVerdict::Incorrect);
  CHECK(verdict(query({{Pawn, sq::e5}}, {{Pawn, sq::e7}}, 0, Black)) == GrammarVerdict::Correct);
  CHECK(verdict(query({{Pawn, sq::e5}}, {{Pawn, sq::e4}}, 0, Black)) == GrammarVerdict::Incorrect);
}

TEST_CASE("grammar: the side's pawns share one capture budget", "[timetravel-grammar]") {
  // b2 -> d5 and h2 -> f5 take two captures each; b2 -> f5 is out of reach.
  auto q = query({{Pawn, sq::d5}, {Pawn, sq::f5}}, {{Pawn, sq::b2}, {Pawn, sq::h2}}, 4);
  auto r = decide_grammar(q);
  check_witness(q, r);
  CHECK(r.witness == std::vector<int>{0, 1});
  q.enemy_men = 3;
  r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("exceed the 3 enemy men"));
  // Per piece each needs only its own two.
  q.scope = GrammarScope::PerPiece;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Correct);
  q.enemy_men = 1;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Incorrect);
}

TEST_CASE("grammar: the pawn-annihilation choices", "[timetravel-grammar]") {
  auto with = [](GrammarQuery q, PawnAnnihilation step) {
    q.pawn_step = step;
    return decide_grammar(q).verdict;
  };
  // b2//c3 is a diagonal step onto an own man: only WithDiagonal allows it, and no number of
  // captures helps otherwise (b2 cannot get to c2).
  auto q = query({{Pawn, sq::c3}}, {{Pawn, sq::b2}}, 8);
  CHECK(with(q, PawnAnnihilation::StraightAndDouble) == GrammarVerdict::Incorrect);
  CHECK(with(q, PawnAnnihilation::StraightOnly) == GrammarVerdict::Incorrect);
  CHECK(with(q, PawnAnnihilation::WithDiagonal) == GrammarVerdict::Correct);
  // b2 -> d5: two captures, or one to c4 and the diagonal c4//d5.
  q = query({{Pawn, sq::d5}}, {{Pawn, sq::b2}}, 1);
  CHECK(with(q, PawnAnnihilation::StraightOnly) == GrammarVerdict::Incorrect);
  CHECK(with(q, PawnAnnihilation::WithDiagonal) == GrammarVerdict::Correct);
  CHECK(could_annihilate({Pawn, sq::b2}, {Pawn, sq::d5}, White, 1, PawnAnnihilation::WithDiagonal, true));
  CHECK_FALSE(could_annihilate({Pawn, sq::b2}, {Pawn, sq::d5}, White, 1, PawnAnnihilation::StraightAndDouble, true));

  // d2//d4 (game 4). The double step passes d3 just as d2-d3, d3//d4 does, so the choice never
  // changes grammar; it is the one-move resonator where it matters.
  q = query({{Pawn, sq::d4}}, {{Pawn, sq::d2}});
  for (auto step : {PawnAnnihilation::StraightAndDouble, PawnAnnihilation::StraightOnly, PawnAnnihilation::WithDiagonal})
    CHECK(with(q, step) == GrammarVerdict::Correct);
  // An enemy traveling man on d3 cannot be jumped either way; removing it costs an enemy man.
  q.enemy_traveling = square_bb(sq::d3);
  for (auto step : {PawnAnnihilation::StraightAndDouble, PawnAnnihilation::StraightOnly}) {
    q.enemy_men = 0;
    CHECK(with(q, step) == GrammarVerdict::Incorrect);
    q.enemy_men = 1;
    CHECK(with(q, step) == GrammarVerdict::Correct);
  }
  // The removed blocker and a capture compete for the same single enemy man.
  q = query({{Pawn, sq::d4}, {Pawn, sq::f4}}, {{Pawn, sq::d2}, {Pawn, sq::e2}}, 1);
  q.enemy_traveling = square_bb(sq::d3);
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Incorrect);
  q.enemy_men = 2;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Correct);
}

TEST_CASE("grammar: joint and per-piece scope differ", "[timetravel-grammar]") {
  auto q = query({{Knight, sq::e4}, {Knight, sq::d5}}, {{Knight, sq::g1}});
  auto r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("need 2 distinct resonators but only 1"));
  CHECK(decide_grammar_z3(q).verdict == GrammarVerdict::Incorrect);
  q.scope = GrammarScope::PerPiece;
  r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Correct);
  CHECK(r.witness == std::vector<int>{0, 0});
  CHECK(decide_grammar_z3(q).verdict == GrammarVerdict::Correct);

  // Two traveling pawns on one file with a single pawn behind both.
  q = query({{Pawn, sq::d4}, {Pawn, sq::d6}}, {{Pawn, sq::d2}});
  r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("distinct resonators"));
  q.scope = GrammarScope::PerPiece;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Correct);
}

TEST_CASE("grammar: the annihilation order around blocked pawn paths", "[timetravel-grammar]") {
  // d6 can only be reached up the d-file past d4: d4 must go first.
  auto q = query({{Pawn, sq::d6}, {Pawn, sq::d4}}, {{Pawn, sq::d2}, {Pawn, sq::d3}});
  auto r = decide_grammar(q);
  check_witness(q, r);
  CHECK(position_in_order(r, 1) < position_in_order(r, 0));

  // An own traveling knight on d3 blocks d2 -> d4 until an untraveled knight takes it away.
  q = query({{Pawn, sq::d4}, {Knight, sq::d3}}, {{Pawn, sq::d2}, {Knight, sq::g1}});
  r = decide_grammar(q);
  check_witness(q, r);
  CHECK(r.witness == std::vector<int>{0, 1});
  CHECK(position_in_order(r, 1) < position_in_order(r, 0));

  // A cycle: d2 reaches d6 only past the traveling knight d4, whose only resonator is d5
  // promoting on d8 past d6 (d2 cannot promote: the knight stands on its file).
  q = query({{Pawn, sq::d6}, {Knight, sq::d4}}, {{Pawn, sq::d2}, {Pawn, sq::d5}});
  r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("blocked"));
  CHECK_THAT(r.reason, Catch::Contains("pawn on d6"));
  // Per piece, d5 serves both: d5//d6, then (the same pawn, leniently) d8=N.
  q.scope = GrammarScope::PerPiece;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Correct);
  // One capture lets d2 leave its file: promotion on c8 or e8, no cycle.
  q.scope = GrammarScope::Joint;
  q.enemy_men = 1;
  r = decide_grammar(q);
  check_witness(q, r);
  CHECK(r.witness == std::vector<int>{1, 0});

  // A blocker that cannot go first is avoided by leaving the file and coming back (two captures).
  const auto routes = grammar_routes(query({{Pawn, sq::d5}, {Pawn, sq::d3}}, {{Pawn, sq::d2}}, 2));
  bool straight = false, detour = false;
  for (const auto& rt : routes)
    if (rt.traveling == 0) {
      straight |= rt.captures == 0 && rt.own_blockers == std::vector<int>{1};
      detour |= rt.captures == 2 && rt.own_blockers.empty();
    }
  CHECK(straight);
  CHECK(detour);
}

TEST_CASE("grammar: per-piece scope keeps or ignores the annihilation order", "[timetravel-grammar]") {
  // timetravel.per-piece-annihilation-order. The traveling knight on e8 can only be met by c6
  // promoting on c8, where the traveling rook stands; the rook only by e6 promoting on e8,
  // where the knight stands (no captures: the enemy has no men). Each path is blocked by the
  // other man: a cycle.
  auto q = query({{Knight, sq::e8}, {Rook, sq::c8}}, {{Pawn, sq::c6}, {Pawn, sq::e6}});
  q.scope = GrammarScope::PerPiece;
  CHECK(q.per_piece_order == PerPieceAnnihilationOrder::Kept);  // the default
  auto r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("blocked"));
  CHECK(decide_grammar_z3(q).verdict == GrammarVerdict::Incorrect);
  // Each man judged alone: c6=N meets the knight, e6=R the rook.
  q.per_piece_order = PerPieceAnnihilationOrder::Ignored;
  r = decide_grammar(q);
  check_witness(q, r);
  CHECK(r.witness == std::vector<int>{0, 1});
  CHECK(decide_grammar_z3(q).verdict == GrammarVerdict::Correct);
  for (const auto& rt : grammar_routes(q)) CHECK(rt.own_blockers.empty());
  // Joint scope never reads the choice: the cycle stays.
  q.scope = GrammarScope::Joint;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Incorrect);
  q.per_piece_order = PerPieceAnnihilationOrder::Kept;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Incorrect);
}

TEST_CASE("grammar: pawns resonate with pieces by promoting", "[timetravel-grammar]") {
  auto q = query({{Queen, sq::a1}}, {{Pawn, sq::g7}});
  auto r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Correct);
  CHECK(r.witness == std::vector<int>{0});
  q.promotion = false;
  r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("no untraveled queen for the traveling queen on a1"));
  // No promotion to a king or a pawn.
  CHECK(decide_grammar(query({{King, sq::e4}}, {{Pawn, sq::g7}})).verdict == GrammarVerdict::Incorrect);

  // A traveling queen on g8 stands on g7's promotion square: it must capture to f8 or h8.
  q = query({{Queen, sq::g8}}, {{Pawn, sq::g7}});
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Incorrect);
  q.enemy_men = 1;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Correct);

  // g8 is light, c1 dark: a bishop from g7 needs a capture to f8 or h8.
  q = query({{Bishop, sq::c1}}, {{Pawn, sq::g7}});
  r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("nor a pawn that can promote on a dark square"));
  q.enemy_men = 1;
  CHECK(decide_grammar(q).verdict == GrammarVerdict::Correct);
  // Black promotes on its first rank: b1 is light.
  CHECK(verdict(query({{Bishop, sq::f5}}, {{Pawn, sq::b2}}, 0, Black)) == GrammarVerdict::Correct);
  CHECK(verdict(query({{Bishop, sq::e5}}, {{Pawn, sq::b2}}, 0, Black)) == GrammarVerdict::Incorrect);
  // a8 is light, b8 dark: for a dark bishop b7 promotes straight, a7 needs its capture.
  CHECK(could_annihilate({Pawn, sq::b7}, {Bishop, sq::a1}, White, 0, PawnAnnihilation::StraightAndDouble, true));
  CHECK_FALSE(could_annihilate({Pawn, sq::a7}, {Bishop, sq::a1}, White, 0, PawnAnnihilation::StraightAndDouble, true));
  CHECK(could_annihilate({Pawn, sq::a7}, {Bishop, sq::a1}, White, 1, PawnAnnihilation::StraightAndDouble, true));
  CHECK_FALSE(could_annihilate({Pawn, sq::a7}, {Bishop, sq::a1}, White, 1, PawnAnnihilation::StraightAndDouble, false));
  // A promoting pawn walks its file like any other: a traveling man on it must go first.
  q = query({{Queen, sq::d1}, {Knight, sq::g8}}, {{Pawn, sq::g7}, {Knight, sq::b1}});
  r = decide_grammar(q);
  check_witness(q, r);
  CHECK(r.witness == std::vector<int>{0, 1});
  CHECK(r.order == std::vector<int>{1, 0});
}

TEST_CASE("grammar: witnesses name the resonators", "[timetravel-grammar]") {
  auto q = query({{Knight, sq::e4}, {Bishop, sq::d4}, {Rook, sq::h4}, {Pawn, sq::e5}},
                 {{Bishop, sq::f1}, {Knight, sq::g1}, {Bishop, sq::c1}, {Rook, sq::h1}, {Pawn, sq::a2}, {Pawn, sq::e2}});
  q.promotion = false;  // else the a-pawn could stand in for the knight or the rook
  auto r = decide_grammar(q);
  check_witness(q, r);
  CHECK(r.witness == std::vector<int>{1, 2, 3, 5});
  CHECK(position_in_order(r, 0) < position_in_order(r, 3));  // e2 walks through e4
  // Take the rook away: the a-pawn must promote to one (the e-pawn is needed for e5).
  q.promotion = true;
  q.untraveled.erase(q.untraveled.begin() + 3);
  r = decide_grammar(q);
  check_witness(q, r);
  CHECK(r.witness == std::vector<int>{1, 2, 3, 4});
  // A rook on a8 stands on the a-pawn's own file and promotion square: nothing left for it.
  q.traveling[2] = {Rook, sq::a8};
  r = decide_grammar(q);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK_THAT(r.reason, Catch::Contains("rook on a8"));
}

TEST_CASE("grammar: results are cached by the canonical query", "[timetravel-grammar]") {
  clear_grammar_cache();
  const auto q = query({{Pawn, sq::d5}, {Knight, sq::c3}}, {{Knight, sq::b1}, {Pawn, sq::b2}}, 2);
  auto r = decide_grammar(q);
  CHECK_FALSE(r.from_cache);
  CHECK(r.witness == std::vector<int>{1, 0});
  auto s = grammar_cache_stats();
  CHECK(s.misses == 1);
  CHECK(s.hits == 0);
  CHECK(s.z3_calls == 1);

  r = decide_grammar(q);
  CHECK(r.from_cache);
  CHECK(r.witness == std::vector<int>{1, 0});
  s = grammar_cache_stats();
  CHECK(s.hits == 1);
  CHECK(s.z3_calls == 1);

  // The same men listed in another order hit too, with the witness in the caller's indices.
  const auto p = query({{Knight, sq::c3}, {Pawn, sq::d5}}, {{Pawn, sq::b2}, {Knight, sq::b1}}, 2);
  r = decide_grammar(p);
  CHECK(r.from_cache);
  CHECK(r.witness == std::vector<int>{1, 0});
  CHECK(grammar_cache_stats().z3_calls == 1);

  // Any change is another query; one capture short is refuted before Z3.
  auto other = q;
  other.enemy_men = 3;
  CHECK_FALSE(decide_grammar(other).from_cache);
  CHECK(grammar_cache_stats().z3_calls == 2);
  other.enemy_men = 1;
  r = decide_grammar(other);
  CHECK_FALSE(r.from_cache);
  CHECK(r.verdict == GrammarVerdict::Incorrect);
  CHECK(grammar_cache_stats().z3_calls == 2);
  CHECK(decide_grammar(other).from_cache);
  s = grammar_cache_stats();
  CHECK(s.hits == 3);
  CHECK(s.misses == 3);
}

TEST_CASE("grammar: a tiny timeout gives Unknown or the right verdict", "[timetravel-grammar]") {
  // A traveling pawn on every file, untraveled pawns only on b, d, f, h (two each): a, c, e, g
  // need a capture each; the pieces block the d-file and pre-final squares.
  GrammarQuery q{White, {}, {}};
  for (int f = 0; f < 8; ++f) {
    q.traveling.push_back({Pawn, make_square(f, 4 + (f % 3 == 0))});
    q.untraveled.push_back({Pawn, make_square(f | 1, 1 + f % 2)});
  }
  q.traveling.insert(q.traveling.end(), {{Knight, sq::d4}, {Bishop, sq::e3}, {Queen, sq::f4}, {Rook, sq::c3}});
  q.untraveled.insert(q.untraveled.end(), {{Knight, sq::b1}, {Bishop, sq::c1}, {Rook, sq::h1}, {Queen, sq::d1}});
  for (int enemy : {3, 4, 8}) {
    q.enemy_men = enemy;
    const auto reference = decide_grammar_z3(q, 60000);
    CHECK(reference.verdict == (enemy < 4 ? GrammarVerdict::Incorrect : GrammarVerdict::Correct));
    if (reference.verdict == GrammarVerdict::Correct) check_witness(q, reference);
    for (unsigned ms : {1u, 2u, 5u}) {
      const auto r = decide_grammar_z3(q, ms);
      INFO("enemy men " << enemy << ", " << ms << " ms: " << r.reason);
      if (r.verdict == GrammarVerdict::Unknown)
        CHECK(r.reason == fmt::format("z3 timeout after {} ms", ms));
      else
        CHECK(r.verdict == reference.verdict);
    }
    // An Unknown is never cached.
    clear_grammar_cache();
    const auto first = decide_grammar(q, 1);
    const auto again = decide_grammar(q, 60000);
    CHECK(again.verdict == reference.verdict);
    CHECK(again.from_cache == (first.verdict != GrammarVerdict::Unknown));
  }
}

namespace {

GrammarMan random_man(std::mt19937& rng, bool pawns) {
  std::uniform_int_distribution<int> type(pawns ? Pawn : Knight, King), square(0, 63), pawn_square(8, 55);
  const auto t = PieceType(type(rng));
  return {t, t == Pawn ? pawn_square(rng) : square(rng)};
}

// Random men on distinct squares.
GrammarQuery random_query(std::mt19937& rng, bool pawns, int max_traveling, int max_untraveled) {
  std::uniform_int_distribution<int> nt(1, max_traveling), nu(0, max_untraveled), coin(0, 1), small(0, 4);
  GrammarQuery q{coin(rng) ? White : Black, {}, {}};
  Bitboard used = 0;
  auto place = [&](std::vector<GrammarMan>& into, int n) {
    while (int(into.size()) < n) {
      const GrammarMan m = random_man(rng, pawns);
      if (used & square_bb(m.square)) continue;
      used |= square_bb(m.square);
      into.push_back(m);
    }
  };
  place(q.traveling, nt(rng));
  place(q.untraveled, nu(rng));
  for (int i = small(rng) / 2; i > 0; --i) {
    const Square s = std::uniform_int_distribution<int>(8, 55)(rng);
    if (!(used & square_bb(s))) q.enemy_traveling |= square_bb(s);
  }
  q.enemy_men = small(rng);
  q.scope = coin(rng) ? GrammarScope::Joint : GrammarScope::PerPiece;
  q.pawn_step = PawnAnnihilation(std::uniform_int_distribution<int>(0, 2)(rng));
  q.promotion = coin(rng);
  return q;
}

// The model decided by enumeration: one route per traveling man; Joint: distinct resonators
// and captures plus removed enemy blockers within enemy_men; always: the blocker graph of the
// chosen routes has no cycle.
bool brute_force(const GrammarQuery& q) {
  const auto routes = grammar_routes(q);
  const int n = int(q.traveling.size());
  std::vector<std::vector<int>> by_t(n);
  for (std::size_t r = 0; r < routes.size(); ++r) by_t[routes[r].traveling].push_back(int(r));
  std::vector<int> pick(n);
  auto acceptable = [&] {
    if (q.scope == GrammarScope::Joint) {
      std::set<int> used;
      int spent = 0;
      Bitboard removed = 0;
      for (int r : pick) {
        if (!used.insert(routes[r].untraveled).second) return false;
        spent += routes[r].captures;
        removed |= routes[r].enemy_blockers;
      }
      if (spent + popcount(removed) > q.enemy_men) return false;
    }
    // Repeatedly annihilate a man whose blockers are all gone.
    std::vector<char> gone(n, 0);
    for (int round = 0; round < n; ++round) {
      bool progress = false;
      for (int i = 0; i < n; ++i)
        if (!gone[i] && std::all_of(routes[pick[i]].own_blockers.begin(), routes[pick[i]].own_blockers.end(),
                                    [&](int o) { return gone[o]; })) {
          gone[i] = 1;
          progress = true;
        }
      if (!progress) break;
    }
    return std::all_of(gone.begin(), gone.end(), [](char g) { return g; });
  };
  std::function<bool(int)> search = [&](int i) {
    if (i == n) return acceptable();
    for (int r : by_t[i]) {
      pick[i] = r;
      if (search(i + 1)) return true;
    }
    return false;
  };
  return search(0);
}

}  // namespace

TEST_CASE("grammar: the no-pawn matching shortcut agrees with Z3", "[timetravel-grammar]") {
  std::mt19937 rng(20240611);
  int correct = 0;
  for (int k = 0; k < 300; ++k) {
    const GrammarQuery q = random_query(rng, false, 5, 6);
    clear_grammar_cache();
    const auto fast = decide_grammar(q);
    CHECK(grammar_cache_stats().z3_calls == 0);  // the shortcut (or the static refutation) decided
    const auto slow = decide_grammar_z3(q);
    INFO("query " << k << ": " << fast.reason << " / " << slow.reason);
    REQUIRE(slow.verdict != GrammarVerdict::Unknown);
    CHECK(fast.verdict == slow.verdict);
    if (fast.verdict == GrammarVerdict::Correct) {
      ++correct;
      check_witness(q, fast);
      check_witness(q, slow);
    }
  }
  // Both verdicts occur often enough for the comparison to mean something.
  CHECK(correct > 50);
  CHECK(correct < 250);
}

TEST_CASE("grammar: the Z3 encoding agrees with enumeration", "[timetravel-grammar]") {
  std::mt19937 rng(7), order_rng(19);  // a separate stream: the queries stay those of before
  int correct = 0, blocked = 0;
  for (int k = 0; k < 400; ++k) {
    GrammarQuery q = random_query(rng, true, 4, 5);
    q.per_piece_order = order_rng() % 2 ? PerPieceAnnihilationOrder::Kept : PerPieceAnnihilationOrder::Ignored;
    // Crowd a file now and then, so that blockers and orders are exercised.
    if (k % 2 == 0) {
      const int f = std::uniform_int_distribution<int>(0, 7)(rng);
      q = GrammarQuery{q.side, {}, {}, 0, q.enemy_men, q.scope, q.pawn_step, q.promotion, q.enemy_blocker, q.per_piece_order};
      q.traveling = {{Pawn, relative_square(q.side, make_square(f, 3))}, {Pawn, relative_square(q.side, make_square(f, 5))},
                     {Knight, relative_square(q.side, make_square(f, 4))}};
      q.untraveled = {{Pawn, relative_square(q.side, make_square(f, 1))}, {Pawn, relative_square(q.side, make_square((f + 1) % 8, 1))},
                      {Pawn, relative_square(q.side, make_square(f, 2))}};
      if (k % 4 == 0) q.untraveled.push_back({Knight, sq::b1});
    }
    const auto r = decide_grammar_z3(q);
    INFO("query " << k << ": " << r.reason);
    REQUIRE(r.verdict != GrammarVerdict::Unknown);
    CHECK((r.verdict == GrammarVerdict::Correct) == brute_force(q));
    if (r.verdict == GrammarVerdict::Correct) {
      ++correct;
      check_witness(q, r);
    }
    for (const auto& rt : grammar_routes(q)) blocked += !rt.own_blockers.empty();
    // The cached path gives the same verdict.
    CHECK(decide_grammar(q).verdict == r.verdict);
  }
  CHECK(correct > 40);
  CHECK(blocked > 40);
}
