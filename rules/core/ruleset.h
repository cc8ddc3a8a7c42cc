#pragma once
// The interface every rule set implements and every solver engine is written against.
// A rule set is a game state that can
//   - propose candidate moves (its generators) and accept or reject each by named predicates,
//   - list the legal moves directly (the fast path; same result as candidates + predicates),
//   - play and undo a move, and
//   - say where the game stands (status) and who is to move.
// What a rule set may have beyond this is named in capabilities.h. Adding a variant: one folder
// under rules/ with a class satisfying RuleSet, and its entry in solver/variants/ (rules/README.md,
// "Adding a variant", has every step).

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"

namespace arbiter {

// GrammaticallyIncorrect: the side to move has lost by its position's grammar (Time
// Traveler's Chess), not by checkmate. MoverLost: the side that has just moved has lost
// (Transactional Chess: a commit into check). Drawn / Lost: the game ends by a rule of the
// variant, drawn or lost for the side to move (Conditional Chess: every A-move gives check).
enum class GameStatus { Ongoing, Check, Checkmate, Stalemate, GrammaticallyIncorrect, MoverLost, Drawn, Lost };

constexpr std::string_view status_name(GameStatus s) {
  switch (s) {
    case GameStatus::Ongoing: return "ongoing";
    case GameStatus::Check: return "check";
    case GameStatus::Checkmate: return "checkmate";
    case GameStatus::Stalemate: return "stalemate";
    case GameStatus::GrammaticallyIncorrect: return "grammatically-incorrect";
    case GameStatus::MoverLost: return "mover-lost";
    case GameStatus::Drawn: return "drawn-by-rule";
    case GameStatus::Lost: return "lost-by-rule";
  }
  return "?";
}

// Result in PGN terms once the game has ended on the board: "1-0", "0-1", "1/2-1/2", or "*".
constexpr std::string_view result_of(GameStatus status, Color side_to_move) {
  if (status == GameStatus::Checkmate || status == GameStatus::GrammaticallyIncorrect || status == GameStatus::Lost)
    return side_to_move == White ? "0-1" : "1-0";
  if (status == GameStatus::Stalemate || status == GameStatus::Drawn) return "1/2-1/2";
  if (status == GameStatus::MoverLost) return side_to_move == White ? "1-0" : "0-1";
  return "*";
}

template <class R>
concept RuleSet = requires(R& game, const R& cgame, typename R::MoveType move, typename R::MoveListType& list,
                           std::string_view text, const SourceLocation& where) {
  { R::variant_name } -> std::convertible_to<std::string_view>;
  { R::start_fen } -> std::convertible_to<std::string_view>;
  // Set-up and notation, so engines can read records and print results in the variant's terms.
  { R::from_fen(text, where) } -> std::same_as<R>;      // throws ParseError
  { cgame.fen() } -> std::same_as<std::string>;
  { cgame.parse_move(text, where) } -> std::same_as<typename R::MoveType>;  // throws ParseError
  { cgame.move_text(move) } -> std::same_as<std::string>;  // the record's spelling (SAN), before playing it
  { cgame.move_uci(move) } -> std::same_as<std::string>;   // from-to squares (e2e4, e7e8q)
  // Rules.
  { cgame.generate_candidates(list) } -> std::same_as<void>;
  { game.rejecting_predicate(move) } -> std::same_as<std::optional<std::string_view>>;
  { cgame.generate_legal(list) } -> std::same_as<void>;
  { cgame.count_legal() } -> std::same_as<int>;
  { cgame.has_legal_move() } -> std::same_as<bool>;
  { game.play(move) } -> std::same_as<void>;
  { game.undo() } -> std::same_as<void>;
  { cgame.status() } -> std::same_as<GameStatus>;
  { cgame.side_to_move() } -> std::same_as<Color>;
  { cgame.key() } -> std::same_as<std::uint64_t>;
  { cgame.in_check() } -> std::same_as<bool>;  // is the side to move in check?
};

}  // namespace arbiter
