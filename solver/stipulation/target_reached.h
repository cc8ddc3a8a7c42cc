#pragma once
// Has a move reached the stipulation's goal (target.h)? Judged once, here, for every engine: on
// the position after the move, with the facts of the move itself that some goals ask for
// (a capture, castling, en passant, the square reached), taken before it was played.

#include <concepts>
#include <optional>
#include <string_view>

#include "rules/core/capabilities.h"
#include "rules/core/move.h"
#include "rules/core/position.h"
#include "rules/core/ruleset.h"
#include "solver/stipulation/mover_goals.h"
#include "solver/stipulation/target.h"

namespace arbiter {

// What a move does, as far as a goal asks: read before the move is played.
struct MoveFacts {
  bool capture = false;
  bool castling = false;
  bool en_passant = false;
  Square to = NoSquare;  // where the man moved arrives (castling: the king)
  Color mover = White;   // the side that moved
};

// Can the rule set judge `target`? The goals about the move itself need an orthodox board and
// orthodox moves to read the facts from; the others need only the RuleSet interface.
template <RuleSet G>
constexpr bool judges(const Target& target) {
  // GoalIsEnd judges the other side's moves too: it must tell a move from a pass (a board's history).
  if (!target.needs_move_facts() && !target.wrong_side_ends_play() && !target.judges_mover()) return true;
  return BoardPosition<G> && std::same_as<typename G::MoveType, Move>;
}

template <RuleSet G>
MoveFacts move_facts([[maybe_unused]] const G& game, [[maybe_unused]] const typename G::MoveType& m) {
  MoveFacts f;
  if constexpr (BoardPosition<G> && std::same_as<typename G::MoveType, Move>) {
    const Position& pos = game.position();
    f.castling = m.kind() == MoveKind::Castling;
    f.en_passant = m.kind() == MoveKind::EnPassant;
    f.capture = f.en_passant || (!f.castling && !pos.empty(m.to()));
    f.to = m.to();
    f.mover = pos.side_to_move();
  }
  return f;
}

// The facts of the move just played, read back from the position's history (its last move and
// what it captured), for engines that judge a goal where the move was played by another part of
// the search (battle play's tree, threats, verification). A position with no move played yet, or
// whose last turn was a pass, has empty facts.
template <RuleSet G>
MoveFacts last_move_facts([[maybe_unused]] const G& game) {
  MoveFacts f;
  if constexpr (BoardPosition<G> && std::same_as<typename G::MoveType, Move>) {
    const Position& pos = game.position();
    if (pos.plies_played() == 0) return f;
    const Move m = pos.last_move();
    if (m == Move()) return f;
    f.castling = m.kind() == MoveKind::Castling;
    f.en_passant = m.kind() == MoveKind::EnPassant;
    f.capture = f.en_passant || pos.last_captured() != NoPiece;
    f.to = m.to();
    f.mover = ~pos.side_to_move();
  }
  return f;
}

// The side to move's goal moves that the rules otherwise forbid (mover_goals.h: !#, ##, ##!),
// appended to `moves`; the engines add them at the goal ply. None for the other goals.
template <RuleSet G>
void add_self_check_goal_moves([[maybe_unused]] G& game, const Target& target, [[maybe_unused]] typename G::MoveListType& moves) {
  if (!target.self_check_goal()) return;
  if constexpr (std::same_as<typename G::MoveListType, MoveList<>> && requires { { game.position() } -> std::same_as<Position&>; })
    mover_goals::goal_moves(game.position(), target, moves);
}

// A published goal move of !#, ## or ##! (which no legal move spells): mover_goals::spelt_goal_move.
template <RuleSet G>
std::optional<typename G::MoveType> self_check_goal_move_spelt([[maybe_unused]] G& game, [[maybe_unused]] const Target& target,
                                                               [[maybe_unused]] std::string_view text) {
  if constexpr (std::same_as<typename G::MoveListType, MoveList<>> && requires { { game.position() } -> std::same_as<Position&>; })
    return mover_goals::spelt_goal_move(game.position(), target, text);
  return std::nullopt;
}

namespace identity_goals {
// Circuit, exchange or kiss (target.h) reached by the man that arrived on `to` in `pos` (after
// the move).
inline bool reached(const Position& pos, const Target& target, Square to) {
  if (to == NoSquare || pos.empty(to)) return false;
  const Square home = pos.origin(to);
  switch (target.kind) {
    case Target::Circuit: return home == to;
    case Target::Exchange:  // the man on the mover's diagram square is its own side's, from `to`
      return home != to && !pos.empty(home) && color_of(pos.piece_on(home)) == color_of(pos.piece_on(to)) &&
             pos.origin(home) == to;
    case Target::Kiss: {
      for (Bitboard b = king_attacks(to) & pos.occupied(); b;) {
        const Square kissed = pop_lsb(b);
        if (pos.origin(kissed) != target.square) continue;
        return (king_attacks(kissed) & pos.occupied()) == square_bb(to);  // no other neighbour
      }
      return false;
    }
    default: return false;
  }
}
}  // namespace identity_goals

// A key of who is who (Position::identity_key) for the searches' tables, when a goal asks it.
template <RuleSet G>
std::uint64_t identity_key_of([[maybe_unused]] const G& game) {
  if constexpr (requires { { game.position() } -> std::convertible_to<const Position&>; })
    return game.position().identity_key();
  else
    return 0;
}
template <RuleSet G>
std::uint64_t identity_salt(const G& game, const Target& target) {
  return target.needs_identities() ? identity_key_of(game) : 0;
}

// `game` is the position after the move; `facts` the move's, from move_facts() before it.
template <RuleSet G>
bool target_reached(G& game, const Target& target, const MoveFacts& facts) {
  switch (target.kind) {
    case Target::Mate: return game.in_check() && !game.has_legal_move();
    case Target::Stalemate: return !game.in_check() && !game.has_legal_move();
    case Target::MateOrStalemate: return !game.has_legal_move();
    case Target::DoubleStalemate:
      // The side that moved would have no move either, were it its turn (it cannot be in check).
      if (game.in_check() || game.has_legal_move()) return false;
      if constexpr (NullMove<G>) {
        game.play_null();
        const bool stuck = !game.has_legal_move();
        game.undo_null();
        return stuck;
      } else {
        return false;
      }
    case Target::Check: return game.in_check();
    case Target::Capture: return facts.capture;
    case Target::Square: return facts.to == target.square;
    case Target::Castling: return facts.castling;
    case Target::EnPassant: return facts.en_passant;
    case Target::AnyMove: return true;
    case Target::Chess81: return facts.to != NoSquare && relative_rank(facts.mover, facts.to) == 7;
    case Target::Circuit:
    case Target::Exchange:
    case Target::Kiss:
      if constexpr (requires { { game.position() } -> std::convertible_to<const Position&>; })
        return identity_goals::reached(game.position(), target, facts.to);
      else
        return false;  // (judges() refuses them without a board)
    case Target::AutoMate:
    case Target::AutoStalemate:
    case Target::DoubleMate:
    case Target::CounterMate:
      if constexpr (requires { { game.position() } -> std::same_as<Position&>; }) return mover_goals::reached(game.position(), target);
      else return false;  // (judges() refuses them without a board)
  }
  return false;
}

// GoalIsEnd (target.h): has the move just played, by the side that is not to reach the goal,
// reached it for itself and so ended the play unfulfilled? Always false without the option, and
// for the goals that leave the side to move without a move (they end the play anyway).
template <RuleSet G>
bool wrong_side_reached(G& game, const Target& target, const MoveFacts& facts) {
  return target.wrong_side_ends_play() && target_reached(game, target, facts);
}

// The same for the move just played, read back from the history (battle play, where the other
// side's move was played by another part of the search): false after a pass or before any move.
template <RuleSet G>
bool last_move_ended_play([[maybe_unused]] G& game, const Target& target) {
  if (!target.wrong_side_ends_play()) return false;
  if constexpr (BoardPosition<G> && std::same_as<typename G::MoveType, Move>) {
    const Position& pos = game.position();
    if (pos.plies_played() == 0 || pos.last_move() == Move()) return false;
    return target_reached(game, target, last_move_facts(game));
  } else {
    return false;  // (judges() refuses the option for such rule sets)
  }
}

}  // namespace arbiter
