#include "rules/timetravel/movegen.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/core/stop.h"
#include "rules/timetravel/check.h"
#include "rules/timetravel/support.h"
#include "rules/timetravel/support_matching.h"

namespace arbiter::timetravel {

namespace {

std::atomic<std::uint64_t> unknown_grammar{0};

constexpr PieceType PromotionTypes[4] = {Queen, Rook, Bishop, Knight};

void push(MoveList& list, const Move& m) {
  if (list.full()) throw std::length_error("time traveler's move list overflow");
  list.push(m);
}

int forward_of(Color c) { return c == White ? 8 : -8; }

// A pawn's moves from `from` onto `to`: with promotions on the last rank.
void push_pawn(MoveList& list, Move m, Color us) {
  if (relative_rank(us, m.to) == 7) {
    for (PieceType p : PromotionTypes) {
      m.promotion = p;
      push(list, m);
    }
  } else {
    push(list, m);
  }
}

Bitboard en_passant_bb(const Board& b) {
  return b.en_passant_square() == NoSquare ? 0 : square_bb(b.en_passant_square());
}

SupportBoard support_board(const Board& b, Color side, const Options& options) {
  SupportBoard sb;
  sb.side = side;
  sb.pawn_annihilation = options.pawn_annihilation;
  for (int t = Pawn; t <= King; ++t) sb.own[t] = b.pieces(side, PieceType(t));
  sb.own_traveling = b.traveling(side);
  sb.own_untraveled = b.untraveled(side);
  sb.enemy = b.pieces(~side);
  sb.enemy_traveling = b.traveling(~side);
  sb.castling = b.castling_rights() & (side == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside));
  // Only the side to move may take en passant, and only as its first hypothetical move.
  const bool undoes = b.annihilation_undo().traveling_square != NoSquare;
  if (side == b.side_to_move() && b.en_passant_square() != NoSquare &&
      !(undoes && options.en_passant_annihilation == EnPassantAnnihilation::NoRight)) {
    sb.en_passant = b.en_passant_square();
    sb.en_passant_restores = b.annihilation_undo().traveling_square;
  }
  sb.check = options.support_check;
  sb.check_options = options;
  for (int t = Pawn; t <= King; ++t) sb.enemy_type[t] = b.pieces(~side, PieceType(t));
  sb.enemy_untraveled = b.untraveled(~side);
  return sb;
}

// The traveled man's moves out of the explosion square.
void generate_explosions_from(const Board& b, const Options& options, PieceType type, Square s, MoveList& list) {
  const Color us = b.side_to_move();
  const Bitboard own = b.pieces(us);
  if (type != Pawn) {
    for (Bitboard to = piece_attacks(type, s, b.occupied() | square_bb(s)) & ~own; to;)
      push(list, Move{std::uint8_t(s), std::uint8_t(pop_lsb(to)), MoveKind::Explosion, type});
    return;
  }
  const Square ahead = s + forward_of(us);
  if (b.empty(ahead)) push_pawn(list, Move{std::uint8_t(s), std::uint8_t(ahead), MoveKind::Explosion, Pawn}, us);
  for (Bitboard to = pawn_attacks(us, s) & b.pieces(~us); to;)
    push_pawn(list, Move{std::uint8_t(s), std::uint8_t(pop_lsb(to)), MoveKind::Explosion, Pawn}, us);
  if (options.traveled_pawn_first_move == TraveledPawnFirstMove::AnyPawnMove &&
      (pawn_attacks(us, s) & en_passant_bb(b)))
    push(list, Move{std::uint8_t(s), std::uint8_t(b.en_passant_square()), MoveKind::Explosion, Pawn, NoPieceType, true});
}

void generate_normal(const Board& b, const Options& options, MoveList& list) {
  const Color us = b.side_to_move();
  const Bitboard occ = b.occupied();
  const Bitboard own = b.pieces(us);
  const int fwd = forward_of(us);
  Bitboard ep = en_passant_bb(b);
  if (ep && b.annihilation_undo().traveling_square != NoSquare &&
      options.en_passant_annihilation == EnPassantAnnihilation::NoRight)
    ep = 0;
  for (Bitboard movers = b.movable(us); movers;) {
    const Square s = pop_lsb(movers);
    const PieceType t = b.man_on(s).type;
    if (t != Pawn) {
      for (Bitboard to = piece_attacks(t, s, occ) & ~own; to;)
        push(list, Move{std::uint8_t(s), std::uint8_t(pop_lsb(to)), MoveKind::Normal, t});
      continue;
    }
    const Square one = s + fwd;
    if (!(occ & square_bb(one))) {
      push_pawn(list, Move{std::uint8_t(s), std::uint8_t(one), MoveKind::Normal, Pawn}, us);
      if (relative_rank(us, s) == 1 && !(occ & square_bb(one + fwd)))
        push(list, Move{std::uint8_t(s), std::uint8_t(one + fwd), MoveKind::Normal, Pawn});
    }
    for (Bitboard to = pawn_attacks(us, s) & b.pieces(~us); to;)
      push_pawn(list, Move{std::uint8_t(s), std::uint8_t(pop_lsb(to)), MoveKind::Normal, Pawn}, us);
    if (pawn_attacks(us, s) & ep)
      push(list, Move{std::uint8_t(s), std::uint8_t(b.en_passant_square()), MoveKind::Normal, Pawn, NoPieceType, true});
  }
}

void generate_castling(const Board& b, MoveList& list) {
  const Color us = b.side_to_move();
  const Square king = us == White ? sq::e1 : sq::e8;
  const Man& k = b.man_on(king);
  if (k.type != King || k.color != us || k.stage != Stage::Untraveled) return;
  const int rights = b.castling_rights();
  for (bool kingside : {true, false}) {
    const int bit = us == White ? (kingside ? WhiteKingside : WhiteQueenside) : (kingside ? BlackKingside : BlackQueenside);
    if (!(rights & bit)) continue;
    const Square rook = kingside ? king + 3 : king - 4;
    const Man& r = b.man_on(rook);
    if (r.type != Rook || r.color != us || r.stage != Stage::Untraveled) continue;
    if (between(king, rook) & ~square_bb(rook) & b.occupied()) continue;
    push(list, Move{std::uint8_t(king), std::uint8_t(kingside ? king + 2 : king - 2), MoveKind::Castling, King});
  }
}

void generate_annihilations(const Board& b, const Options& options, MoveList& list) {
  const Color us = b.side_to_move();
  for (Bitboard travelers = b.traveling(us); travelers;) {
    const Square target = pop_lsb(travelers);
    const PieceType t = b.man_on(target).type;
    for (Bitboard r = b.untraveled(us) & b.pieces(us, t); r;) {
      const Square from = pop_lsb(r);
      if (one_move_away(b, from, target, options))
        push(list, Move{std::uint8_t(from), std::uint8_t(target), MoveKind::Annihilation, t});
    }
  }
}

// Explosion candidates: every type, every empty square a traveled man could leave. Support is
// a predicate, so candidates are not limited to supported squares.
void generate_explosion_candidates(const Board& b, const Options& options, MoveList& list) {
  const Color us = b.side_to_move();
  for (int t = Pawn; t <= King; ++t) {
    Bitboard squares = ~b.occupied();
    if (t == Pawn) squares &= ~(rank_bb(0) | rank_bb(7) | rank_bb(us == White ? 1 : 6));
    while (squares) generate_explosions_from(b, options, PieceType(t), pop_lsb(squares), list);
  }
}

bool capture_spares(const Board& b, const Move& m, const Options& options, std::string* detail, bool resonators) {
  const Man& victim = b.man_on(m.to);
  if (victim.empty() || victim.color == b.side_to_move()) return true;
  if (!resonators) {
    if (victim.stage != Stage::Traveling) return true;
    if (detail) *detail = fmt::format("the traveled man would capture the traveling man on {}", square_name(m.to));
    return false;
  }
  if (!is_resonator(b, m.to, options)) return true;
  if (detail) *detail = fmt::format("the traveled man would capture the resonator on {}", square_name(m.to));
  return false;
}

std::vector<std::vector<int>> past_support_sets(const Board& b, Color side, const Options& options) {
  std::vector<std::vector<int>> sets;
  Bitboard present_ids_lo = 0;  // identities of the side's untraveled men now on the board
  for (Bitboard u = b.untraveled(side); u;) present_ids_lo |= square_bb(b.man_on(pop_lsb(u)).id & 63);
  for (const Explosion& e : b.explosions()) {
    if (e.side != side) continue;
    std::vector<int> set;
    for (ManId id : e.supports)
      if (options.support_set == SupportSet::FixedAtExplosion || (present_ids_lo & square_bb(id & 63))) set.push_back(id);
    sets.push_back(std::move(set));
  }
  return sets;
}

std::vector<ManId> ids_of(const Board& b, Bitboard squares) {
  std::vector<ManId> ids;
  while (squares) ids.push_back(b.man_on(pop_lsb(squares)).id);
  return ids;
}

// The explosion-specific predicates that depend on the type and square only.
std::optional<Rejection> square_predicates(const Board& b, const Options& options, const SupportTable& table,
                                           PieceType type, Square s) {
  if (!b.empty(s)) return Rejection{"explosion-square-empty", fmt::format("{} is not empty", square_name(s))};
  const Bitboard supports = table.supports(type, s);
  if (!supports)
    return Rejection{"explosion-supported",
                     fmt::format("no untraveled {} (or pawn promoting to one) reaches {} in {} moves", "PNBRQK"[type - 1],
                                 square_name(s), SupportMoveLimit)};
  auto sets = past_support_sets(b, b.side_to_move(), options);
  std::vector<int> current;
  for (ManId id : ids_of(b, supports)) current.push_back(id);
  sets.push_back(std::move(current));
  if (!supports_can_be_matched(sets))
    return Rejection{"explosion-supports-matched",
                     fmt::format("the {} explosions cannot each be paired with a distinct support", sets.size())};
  return std::nullopt;
}

// After the move: the mover's grammar and check.
std::optional<Rejection> after_move_predicates(Board& b, const Options& options, Color us) {
  const GrammarResult g = grammar_of(b, us, options);
  if (g.verdict == GrammarVerdict::Unknown) {
    ++unknown_grammar;
    return Rejection{"mover-grammatically-correct", fmt::format("undecided ({})", g.reason)};
  }
  if (g.verdict == GrammarVerdict::Incorrect)
    return Rejection{"mover-grammatically-correct", fmt::format("leaves the mover grammatically incorrect: {}", g.reason)};
  if (options.self_check == SelfCheck::Illegal && in_check(b, us, options)) {
    if (options.winning_move == WinningMove::Exempt && grammatically_incorrect(b, ~us, options)) return std::nullopt;
    return Rejection{"mover-not-in-check", "leaves the mover in check"};
  }
  return std::nullopt;
}

std::optional<Rejection> castling_predicates(Board& b, const Options& options, const Move& m) {
  const Color us = b.side_to_move();
  const Square pass = (m.from + m.to) / 2;
  if (options.castling_check == CastlingCheck::Attacked) {
    for (Square s : {Square(m.from), pass, Square(m.to)})
      if (attacked_by(b, ~us, s)) return Rejection{"castling-not-through-check", fmt::format("{} is attacked", square_name(s))};
    return std::nullopt;
  }
  if (in_check(b, us, options)) return Rejection{"castling-not-out-of-check", "the king is in check"};
  b.make(Move{m.from, std::uint8_t(pass), MoveKind::Normal, King});
  const bool through = in_check(b, us, options);
  b.unmake();
  if (through) return Rejection{"castling-not-through-check", fmt::format("the king would be in check on {}", square_name(pass))};
  return std::nullopt;
}

}  // namespace

// --- supports ------------------------------------------------------------------------------

SupportTable::SupportTable(const Board& b, Color side, const Options& options) : choice_(options.support_choice) {
  const SupportBoard sb = support_board(b, side, options);
  const Bitboard empty = ~b.occupied();
  for (Bitboard u = b.untraveled(side); u;) {
    const Square s = pop_lsb(u);
    const PieceType t = b.man_on(s).type;
    auto add = [&](PieceType as) {
      const SupportReach r = support_reach(sb, s, as, options.support_moves);
      if (!r.squares) return;
      entries_.push_back({s, as, r.squares, r.moves});
      reachable_[as] |= r.squares & empty;
    };
    add(t);
    // A pawn supports pieces by promoting: only from its 5th rank can it promote within three moves.
    if (t == Pawn && relative_rank(side, s) >= 7 - SupportMoveLimit)
      for (PieceType p : {Knight, Bishop, Rook, Queen}) add(p);
  }
}

Bitboard SupportTable::supports(PieceType type, Square square) const {
  Bitboard out = 0;
  int best = 255;
  for (const Entry& e : entries_) {
    if (e.as_type != type || !(e.squares & square_bb(square))) continue;
    if (choice_ == SupportChoice::Nearest) {
      if (e.moves[square] < best) {
        best = e.moves[square];
        out = 0;
      }
      if (e.moves[square] > best) continue;
    }
    out |= square_bb(e.from);
  }
  return out;
}

// Generation and then play() (or a predicate, then make) ask for the same position's supports:
// the search behind them runs once, for the last position asked about.
const SupportTable& support_table(const Board& b, Color side, const Options& options) {
  struct Last {
    std::uint64_t key = 0;
    Color side = White;
    Options options;  // the table reads several (support-moves, -choice, -check, the check's own)
    std::optional<SupportTable> table;
  };
  thread_local Last last;
  if (!last.table || last.key != b.key() || last.side != side || !(last.options == options)) {
    last.table.emplace(b, side, options);
    last.key = b.key();
    last.side = side;
    last.options = options;
  }
  return *last.table;
}

std::vector<ManId> explosion_support_ids(const Board& b, const Options& options, PieceType type, Square square) {
  return ids_of(b, support_table(b, b.side_to_move(), options).supports(type, square));
}

// --- grammar and resonators --------------------------------------------------------------------

GrammarQuery grammar_query(const Board& b, Color side, const Options& options) {
  GrammarQuery q;
  q.side = side;
  for (Bitboard t = b.traveling(side); t;) {
    const Square s = pop_lsb(t);
    q.traveling.push_back({b.man_on(s).type, s});
  }
  for (Bitboard u = b.untraveled(side); u;) {
    const Square s = pop_lsb(u);
    q.untraveled.push_back({b.man_on(s).type, s});
  }
  q.enemy_traveling = b.traveling(~side);
  // A budget above what 8 pawns could ever spend is no bound at all.
  q.enemy_men = options.grammar_budget == GrammarBudget::Unbounded ? 64 : popcount(b.pieces(~side));
  q.enemy_blocker = options.grammar_enemy_blocker;
  q.scope = options.grammar_scope;
  q.per_piece_order = options.per_piece_annihilation_order;
  q.pawn_step = options.pawn_annihilation;
  q.promotion = options.resonator != Resonator::TheoreticalNoPromotion;
  return q;
}

GrammarResult grammar_of(const Board& b, Color side, const Options& options) {
  if (b.lost_traveling(side))
    return GrammarResult{GrammarVerdict::Incorrect, {}, "a traveling man was lost to enemy capture", false};
  if (b.resolved(side)) return GrammarResult{GrammarVerdict::Correct, {}, "no traveling men", false};
  return decide_grammar(grammar_query(b, side, options));
}

bool grammatically_incorrect(const Board& b, Color side, const Options& options) {
  const GrammarResult g = grammar_of(b, side, options);
  if (g.verdict == GrammarVerdict::Unknown) ++unknown_grammar;
  return g.verdict == GrammarVerdict::Incorrect;
}

bool is_resonator(const Board& b, Square square, const Options& options) {
  const Man& r = b.man_on(square);
  if (r.empty() || r.stage != Stage::Untraveled) return false;
  const Color side = r.color;
  const int enemy_men = options.grammar_budget == GrammarBudget::Unbounded ? 64 : popcount(b.pieces(~side));
  for (Bitboard t = b.traveling(side); t;) {
    const Square target = pop_lsb(t);
    const PieceType type = b.man_on(target).type;
    switch (options.resonator) {
      case Resonator::OneMove:
        if (one_move_away(b, square, target, options)) return true;
        break;
      case Resonator::ThreeMoves: {
        if (r.type != type && r.type != Pawn) break;
        SupportBoard sb = support_board(b, side, options);
        // The traveling man does not block its resonator: its square counts as free.
        sb.own[type] &= ~square_bb(target);
        sb.own_traveling &= ~square_bb(target);
        if (support_reach(sb, square, type, SupportMoves::Plain).squares & square_bb(target)) return true;
        break;
      }
      case Resonator::Theoretical:
      case Resonator::TheoreticalNoPromotion:
        if (could_annihilate({r.type, square}, {type, target}, side, enemy_men, options.pawn_annihilation,
                             options.resonator == Resonator::Theoretical))
          return true;
        break;
    }
  }
  return false;
}

std::uint64_t grammar_unknown_count() { return unknown_grammar.load(); }

// --- generation and predicates -------------------------------------------------------------------

void generate_candidates(const Board& b, const Options& options, MoveList& list) {
  generate_normal(b, options, list);
  generate_castling(b, list);
  generate_annihilations(b, options, list);
  generate_explosion_candidates(b, options, list);
}

std::optional<Rejection> first_failed_predicate(Board& b, const Options& options, const Move& m) {
  const Color us = b.side_to_move();
  if (m.kind == MoveKind::Explosion) {
    const SupportTable& table = support_table(b, us, options);
    if (auto r = square_predicates(b, options, table, m.type, m.from)) return r;
    std::string detail;
    if (!capture_spares(b, m, options, &detail, false)) return Rejection{"explosion-spares-traveling", detail};
    if (!capture_spares(b, m, options, &detail, true)) return Rejection{"explosion-spares-resonators", detail};
    b.make(m, explosion_support_ids(b, options, m.type, m.from));
  } else {
    if (m.kind == MoveKind::Castling)
      if (auto r = castling_predicates(b, options, m)) return r;
    b.make(m);
  }
  auto r = after_move_predicates(b, options, us);
  b.unmake();
  return r;
}

void generate_legal(Board& b, const Options& options, MoveList& list) {
  const Color us = b.side_to_move();
  MoveList candidates;
  generate_normal(b, options, candidates);
  generate_castling(b, candidates);
  generate_annihilations(b, options, candidates);
  for (const Move& m : candidates) {
    stop::check();  // inside a search, a limit is noticed between candidates (each may cost a Z3 check)
    if (m.kind == MoveKind::Castling && castling_predicates(b, options, m)) continue;
    b.make(m);
    const bool ok = !after_move_predicates(b, options, us);
    b.unmake();
    if (ok) push(list, m);
  }
  // Explosions: the support search and the matching once per type and square.
  const SupportTable& table = support_table(b, us, options);
  MoveList from_square;
  for (int t = Pawn; t <= King; ++t) {
    for (Bitboard squares = table.explosion_squares(PieceType(t)); squares;) {
      const Square s = pop_lsb(squares);
      if (t == Pawn && (relative_rank(us, s) < 2 || relative_rank(us, s) > 6)) continue;
      from_square.clear();
      generate_explosions_from(b, options, PieceType(t), s, from_square);
      if (from_square.empty() || square_predicates(b, options, table, PieceType(t), s)) continue;
      const std::vector<ManId> supports = ids_of(b, table.supports(PieceType(t), s));
      for (const Move& m : from_square) {
        stop::check();
        if (!capture_spares(b, m, options, nullptr, false) || !capture_spares(b, m, options, nullptr, true)) continue;
        b.make(m, supports);
        const bool ok = !after_move_predicates(b, options, us);
        b.unmake();
        if (ok) push(list, m);
      }
    }
  }
}

bool legal_move_exists(Board& b, const Options& options) {
  // The first legal candidate settles it: judged one by one, the search stops there, where the
  // full legal list decides every candidate's grammar (seconds in a crowded position).
  MoveList candidates;
  generate_candidates(b, options, candidates);
  for (const Move& m : candidates)
    if (!first_failed_predicate(b, options, m)) return true;
  return false;
}

bool escape_exists(Board& b, const Options& options) {
  if (options.self_check == SelfCheck::Illegal) return legal_move_exists(b, options);
  Options strict = options;
  strict.self_check = SelfCheck::Illegal;
  return legal_move_exists(b, strict);
}

}  // namespace arbiter::timetravel
