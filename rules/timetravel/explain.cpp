#include "rules/timetravel/explain.h"

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/timetravel/support_matching.h"

namespace arbiter::timetravel {

namespace {

constexpr std::string_view Letters = " PNBRQK";

std::string described(const Board& b, Square s) {
  return fmt::format("{} on {}", b.name_of(b.man_on(s)), square_name(s));
}

std::string identity(const Board& b, Color side, ManId id) {
  for (Bitboard u = b.untraveled(side); u;) {
    const Square s = pop_lsb(u);
    if (b.man_on(s).id == id) return described(b, s);
  }
  return fmt::format("{} (no longer on the board)", b.name_of_id(id));
}

ExplainedSide explain_side(const Game& g, Color c) {
  const Board& b = g.board();
  const Options& o = g.options();
  ExplainedSide out;
  out.color = c;
  out.resolved = b.resolved(c);
  out.kingless = !has_working_king(b, c);
  out.in_check = in_check(b, c, o);
  out.lost_traveling = b.lost_traveling(c);
  for (Bitboard t = b.traveling(c); t;) {
    const Square s = pop_lsb(t);
    ExplainedMan m{s, b.man_on(s).type, b.name_of(b.man_on(s)), {}};
    // The resonators of this traveling man: the untraveled men is_resonator accepts for it.
    Board alone = b;
    for (Bitboard other = b.traveling(c) & ~square_bb(s); other;) alone.put(pop_lsb(other), Man{});
    for (Bitboard u = b.untraveled(c); u;) {
      const Square r = pop_lsb(u);
      if (is_resonator(alone, r, o)) m.resonators.push_back(described(b, r));
    }
    out.traveling.push_back(std::move(m));
  }
  std::vector<std::vector<int>> sets;
  for (const Explosion& e : b.explosions()) {
    if (e.side != c) continue;
    ExplainedExplosion x{e.type, e.square, {}, ""};
    std::vector<int> set;
    for (ManId id : e.supports) {
      x.supports.push_back(identity(b, c, id));
      set.push_back(id);
    }
    sets.push_back(std::move(set));
    out.explosions.push_back(std::move(x));
  }
  std::vector<int> assignment;
  out.matching_complete = supports_can_be_matched(sets, &assignment);
  for (std::size_t i = 0; i < out.explosions.size() && i < assignment.size(); ++i)
    if (assignment[i] >= 0) out.explosions[i].matched = identity(b, c, ManId(assignment[i]));

  const GrammarResult r = grammar_of(b, c, o);
  out.grammar = r.verdict == GrammarVerdict::Correct ? "correct" : r.verdict == GrammarVerdict::Incorrect ? "incorrect" : "unknown";
  out.grammar_reason = r.reason;
  if (r.verdict == GrammarVerdict::Correct && !b.resolved(c)) {
    const GrammarQuery q = grammar_query(b, c, o);
    for (std::size_t i = 0; i < q.traveling.size() && i < r.witness.size(); ++i) {
      const GrammarMan& t = q.traveling[i];
      const int w = r.witness[i];
      out.witness.push_back(fmt::format("{}~ {} <- {}", Letters[t.type], square_name(t.square),
                                        w >= 0 && w < int(q.untraveled.size()) ? described(b, q.untraveled[std::size_t(w)].square) : "?"));
    }
  }
  return out;
}

}  // namespace

Explanation explain(const Game& game) {
  Explanation e;
  e.fen = game.fen();
  e.status = game.status();
  e.side_to_move = game.side_to_move();
  e.sides[White] = explain_side(game, White);
  e.sides[Black] = explain_side(game, Black);
  return e;
}

}  // namespace arbiter::timetravel
