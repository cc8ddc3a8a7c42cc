#include "rules/option/notation.h"

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/movegen.h"

namespace arbiter::option {

namespace {

std::string_view check_mark(Position& pos, const OptionState& state, const Options& options, Turn turn) {
  const OptionState after = state_after(pos, state, turn);
  make_turn(pos, state.target, turn);
  std::string_view mark;
  if (pos.in_check()) mark = has_legal_turn(pos, after, options) ? "+" : "#";
  unmake_turn(pos, turn);
  return mark;
}

// A half of a double move, disambiguated among the movement-rule moves of its position.
std::string half_text(const Position& pos, Move m, bool special) {
  MoveList<> rivals;
  orthodox::generate_candidates(pos, rivals);
  std::string text = san_body_among(pos, m, rivals, special);
  return special ? fmt::format("{} e.p.", text) : text;
}

PieceType mover_type(const Position& pos, Move m) { return type_of(pos.piece_on(m.from())); }

// The piece type that makes the second half: a piece the first half moved (promoted, if it
// did; the rook, if it castled) or one still on its square before the turn.
PieceType second_mover_type(const Position& pos, Turn t) {
  const TwiceMovedPiece again = twice_moved_piece(t.first, t.second);
  if (again.stop == NoSquare) return mover_type(pos, t.second);
  if (again.stop == t.first.to() && t.first.is_promotion()) return t.first.promotion();
  return type_of(pos.piece_on(again.from));
}

bool is_capture_turn_half(const Position& pos, Move m) {
  return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
}

struct WrittenTurn {
  SanShape first;
  std::optional<SanShape> second;
  std::string text;  // as written, for messages
};

bool fits(const Position& pos, const WrittenTurn& w, Turn t) {
  if (w.second.has_value() != t.is_double()) return false;
  if (!san_shape_fits(w.first, mover_type(pos, t.first), t.first)) return false;
  if (!w.second) return true;
  return san_shape_fits(*w.second, second_mover_type(pos, t), t.second);
}

// Among several fitting turns, the written qualifiers decide: "e.p." picks an en passant
// capture, 'x' a capture.
bool qualifiers_fit(const Position& pos, const WrittenTurn& w, Turn t) {
  const SanShape& last = w.second ? *w.second : w.first;
  const bool special = t.is_special_capture();
  const Move m = t.last();
  const bool ep = special || m.kind() == MoveKind::EnPassant;
  if (last.en_passant_mark && !ep) return false;
  if (special && !last.en_passant_mark && !last.capture_mark) return false;  // "Nh3" is the plain move
  if (last.capture_mark && !special && !t.is_double() && !is_capture_turn_half(pos, m)) return false;
  return true;
}

}  // namespace

std::string turn_text(Position& pos, const OptionState& state, const Options& options, Turn turn) {
  std::string text;
  switch (turn.kind) {
    case TurnKind::Single: text = san_body(pos, turn.first, options.orthodox); break;
    case TurnKind::SpecialCapture: text = half_text(pos, turn.first, true); break;
    case TurnKind::Double:
    case TurnKind::DoubleSpecialCapture: {
      const std::string first = half_text(pos, turn.first, false);
      const Square ep = pos.en_passant_square();
      pos.make(turn.first);
      pos.make_pass(ep);
      text = fmt::format("{},{}", first, half_text(pos, turn.second, turn.kind == TurnKind::DoubleSpecialCapture));
      pos.unmake_pass();
      pos.unmake();
      break;
    }
  }
  return fmt::format("{}{}", text, check_mark(pos, state, options, turn));
}

std::string turn_uci(Turn turn) {
  switch (turn.kind) {
    case TurnKind::Single: return to_uci(turn.first);
    case TurnKind::SpecialCapture: return fmt::format("{}ep", to_uci(turn.first));
    case TurnKind::Double: return fmt::format("{},{}", to_uci(turn.first), to_uci(turn.second));
    case TurnKind::DoubleSpecialCapture: return fmt::format("{},{}ep", to_uci(turn.first), to_uci(turn.second));
  }
  return "?";
}

Turn parse_turn(Position& pos, const OptionState& state, const Options& options, std::string_view text,
                const SourceLocation& where) {
  WrittenTurn w;
  w.text = std::string(text);
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) {
    w.first = read_san_shape(text, where);
  } else {
    if (text.find(',', comma + 1) != std::string_view::npos)
      throw ParseError(where.advanced(int(text.find(',', comma + 1))),
                       "a double move has two halves: expected no second ',' (write it as 'Qh3,Bxf2')");
    w.first = read_san_shape(text.substr(0, comma), where);
    w.second = read_san_shape(text.substr(comma + 1), where.advanced(int(comma + 1)));
  }
  const std::string written = [&] {
    std::string t(text);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.pop_back();
    return t;
  }();

  TurnList legal;
  generate_legal(pos, state, options, legal);
  std::vector<Turn> matches;
  for (const Turn& t : legal)
    if (fits(pos, w, t)) matches.push_back(t);
  const SanShape& written_last = w.second ? *w.second : w.first;
  if (matches.size() > 1 || written_last.en_passant_mark) {  // "e.p." never names a plain move
    std::vector<Turn> exact;
    for (const Turn& t : matches)
      if (qualifiers_fit(pos, w, t)) exact.push_back(t);
    if (!exact.empty() || written_last.en_passant_mark) matches = exact;
  }
  if (matches.size() == 1) return matches[0];
  if (matches.size() > 1) {
    std::string list;
    for (std::size_t i = 0; i < matches.size() && i < 6; ++i)
      list += fmt::format("{}{}", i ? ", " : "", turn_text(pos, state, options, matches[i]));
    throw ParseError(where, fmt::format("ambiguous move {}: could be {}{}", written, list, matches.size() > 6 ? ", ..." : ""));
  }

  // Not legal: name the predicate that rejects the first candidate of that shape.
  const SanShape& last = w.second ? *w.second : w.first;
  if (last.en_passant_mark && state.target.kind == EnPassantTarget::None && pos.en_passant_square() == NoSquare)
    throw IllegalMoveError(where, fmt::format("illegal move {}: {} (predicate {})", written,
                                              predicate_rule(Predicate::SpecialEnPassant), predicate_name(Predicate::SpecialEnPassant)),
                           std::string(predicate_name(Predicate::SpecialEnPassant)));
  TurnList candidates;
  generate_candidates(pos, state, candidates);
  for (const Turn& t : candidates) {
    if (!fits(pos, w, t)) continue;
    if (auto r = first_failed_predicate(pos, state, options, t))
      throw IllegalMoveError(where, fmt::format("illegal move {}: {} (predicate {})", written, r->rule, r->name),
                             std::string(r->name));
  }
  const Color us = pos.side_to_move();
  throw IllegalMoveError(where, fmt::format("illegal move {}: {} has no {} of that shape here", written,
                                            us == White ? "White" : "Black", w.second ? "double move" : "move"));
}

}  // namespace arbiter::option
