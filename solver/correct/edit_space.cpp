#include "solver/correct/edit_space.h"

#include <algorithm>

#include "rules/core/fen.h"

namespace arbiter::correct {

int EditSpaceOptions::cap(EditKind k) const {
  switch (k) {
    case EditKind::Add: return max_units;
    case EditKind::Remove: return max_removals;
    case EditKind::Move: return std::max(max_moves, int(relocations.size()));
    case EditKind::Change: return max_changes;
    case EditKind::Tokens: return max_tokens;
  }
  return 0;
}

namespace {

bool pawn(char piece) { return piece == 'P' || piece == 'p'; }
bool royal(char piece) { return piece == 'K' || piece == 'k'; }
// Pruning rule "no-pawn-on-back-rank": such a diagram is illegal, and no other edit of the set
// can mend it (the square is touched once).
bool pawn_fits(char piece, Square s) { return !pawn(piece) || (rank_of(s) != 0 && rank_of(s) != 7); }

constexpr std::string_view Units = "PNBRQpnbrq";

}  // namespace

std::vector<Edit> single_edits(const Diagram& base, const EditSpaceOptions& o) {
  std::vector<Edit> out;
  if (o.max_units > 0)
    for (Square s = 0; s < 64; ++s) {
      if (base.board[std::size_t(s)] != '.') continue;
      for (char u : Units)
        if (pawn_fits(u, s)) out.push_back({.kind = EditKind::Add, .to = s, .piece = u});
    }
  if (o.max_removals > 0)
    for (Square s = 0; s < 64; ++s) {
      const char u = base.board[std::size_t(s)];
      if (u != '.' && !royal(u)) out.push_back({.kind = EditKind::Remove, .from = s, .piece = u});
    }
  std::vector<std::pair<Square, Square>> moves;
  if (o.max_moves > 0) {
    for (Square f = 0; f < 64; ++f) {
      const char u = base.board[std::size_t(f)];
      if (u == '.' || royal(u)) continue;
      for (Square t = 0; t < 64; ++t)
        if (base.board[std::size_t(t)] == '.' && pawn_fits(u, t)) moves.push_back({f, t});
    }
  }
  for (const auto& [from, targets] : o.relocations) {
    const Square f = parse_square(from);
    for (const auto& to : targets) {
      const Square t = parse_square(to);
      if (f == NoSquare || t == NoSquare || base.board[std::size_t(f)] == '.' || base.board[std::size_t(t)] != '.') continue;
      if (std::find(moves.begin(), moves.end(), std::pair{f, t}) == moves.end()) moves.push_back({f, t});
    }
  }
  for (const auto& [f, t] : moves) out.push_back({.kind = EditKind::Move, .from = f, .to = t, .piece = base.board[std::size_t(f)]});
  if (o.max_changes > 0)
    for (Square s = 0; s < 64; ++s) {
      const char u = base.board[std::size_t(s)];
      if (u == '.' || royal(u)) continue;
      for (char v : Units)
        if (v != u && pawn_fits(v, s)) out.push_back({.kind = EditKind::Change, .from = s, .piece = u, .becomes = v});
    }
  if (o.max_tokens > 0 && base.tokens)
    for (Color c : {White, Black}) {
      const int now = (*base.tokens)[c];
      for (int t = 0; t <= now + 2; ++t)
        if (t != now) out.push_back({.kind = EditKind::Tokens, .side = c, .tokens_from = now, .tokens_to = t});
    }
  return out;
}

std::map<std::string, int> count_by_kind(const std::vector<Edit>& edits) {
  std::map<std::string, int> counts;
  for (const Edit& e : edits) ++counts[std::string(edit_kind_name(e.kind))];
  return counts;
}

bool may_join(const EditSetState& set, const Edit& e, const EditSpaceOptions& o) {
  if (set.cost + edit_cost(e.kind) > o.max_cost) return false;
  if (set.per_kind[std::size_t(e.kind)] >= o.cap(e.kind)) return false;
  if (e.kind == EditKind::Tokens) return !set.tokens_edited[e.side];
  return (set.squares & e.touched()) == 0;
}

void join(EditSetState& set, const Edit& e) {
  set.squares |= e.touched();
  ++set.per_kind[std::size_t(e.kind)];
  if (e.kind == EditKind::Tokens) set.tokens_edited[e.side] = true;
  set.cost += edit_cost(e.kind);
}

}  // namespace arbiter::correct
