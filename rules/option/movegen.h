#pragma once
// Option Chess turns in the generator-plus-predicates shape:
//  - generators propose single moves (orthodox candidates), double moves (any orthodox
//    candidate, then any orthodox candidate of the same side from the position it leaves)
//    and the special en passant capture;
//  - named predicates, one per restriction of the text, accept or reject each candidate.
// generate_legal() is the fast path (it prunes first halves before generating second halves);
// a test checks that it equals the candidates the predicates accept.

#include <optional>
#include <string_view>

#include "rules/core/position.h"
#include "rules/option/options.h"
#include "rules/option/turn.h"

namespace arbiter::option {

// What the opponent's last turn left capturable en passant beyond the orthodox rule.
struct EnPassantTarget {
  enum Kind : std::uint8_t {
    None,
    TwiceMoved,     // a piece moved twice: capturable on `square`, where it first stopped
    FirstHalfStep,  // a pawn's two-step as a first half: `square` is the square it passed
  };
  Kind kind = None;
  Square square = NoSquare;  // where the capturing piece lands
  Square victim = NoSquare;  // where the captured piece stands

  friend bool operator==(const EnPassantTarget&, const EnPassantTarget&) = default;
};

// The state Option Chess adds to the orthodox position.
struct OptionState {
  int tokens[2] = {0, 0};  // double moves left, White and Black
  EnPassantTarget target;  // usable by the side to move, on this turn only
};

void generate_legal(Position& pos, const OptionState& state, const Options& options, TurnList& turns);
// The legal turns after which the opponent is in check (the attacker's last turn of a mate).
void generate_legal_checks(Position& pos, const OptionState& state, const Options& options, TurnList& turns);
// The legal turns in two stages, for searches that stop at the first refutation: stage 0 the
// single moves and special captures, stage 1 the double moves (optionally only checking ones).
void generate_legal_stage(Position& pos, const OptionState& state, const Options& options, int stage, bool checks_only,
                          TurnList& turns);
int count_legal(Position& pos, const OptionState& state, const Options& options);
bool has_legal_turn(Position& pos, const OptionState& state, const Options& options);

// "after Black's eighth move" twelve tokens each; "after Black's 48th move" four more each.
void award_tokens(OptionState& state, Color mover, int move_number);

// The state after `turn` is played from `before` (with `state`): a double spends a token,
// the turn's en passant target replaces the old one, and tokens are awarded on schedule.
OptionState state_after(const Position& before, const OptionState& state, Turn turn);

// May the side to move play a double move at all (move number and tokens)?
bool options_available(const Position& pos, const OptionState& state);

// Every turn the pieces' movement rules propose, ignoring the predicates below: orthodox
// candidates as single moves, every pair of orthodox candidates as double moves, and
// captures onto an en passant target. (Thousands of turns: for explanations and tests.)
void generate_candidates(Position& pos, const OptionState& state, TurnList& turns);

enum class Predicate {
  NoOptionBeforeMoveNine,            // 1. "Neither player can make a double move before his or her move nine"
  TokenNeeded,                       // a double move spends a token
  CastlingIsSingle,                  // 5. "Castling is a single move, not a double move."
  SamePieceIntermediateSquareEmpty,  // 6. "provided that the intermediate square be empty, even for knights"
  SamePieceNoCapture,                // 6. "that neither move is a capture"
  SamePieceMustAlterPosition,        // 6. "a player may not move a piece from a square then back to that same square"
  SamePieceKingNotThroughCheck,      // 6. "if the king is the piece moving twice, the king may not move through check"
  SamePieceFirstMoveNoSelfCheck,     // 6. "and that the first move does not put the king in check"
  FirstMoveNoCapture,                // 3. "The first move of a double move may not capture material."
  FirstMoveNoCheck,                  // 2. "The first move of a double move may not give check."
  FirstMoveNoSelfExposure,           // interpretation option.first-move-exposes-king
  EitherMoveMayEndCheck,             // 4. the king must be out of check after the turn, not between its moves
  EnPassantSecondHalf,               // interpretation option.en-passant-second-half
  SpecialEnPassant,                  // 6. "The en passant move must immediately follow the double move"
  OrdinaryEnPassant,                 // interpretation option.first-half-double-step
  EnPassantSquareEmpty,              // an en passant second half onto a square the first half filled
};

std::string_view predicate_name(Predicate p);
std::string_view predicate_rule(Predicate p);

// The name of the first predicate (Option's or, for each half, the orthodox one) that
// rejects a candidate turn, and the rule in words; nothing when the turn is legal.
struct Rejection {
  std::string_view name;
  std::string_view rule;
};
std::optional<Rejection> first_failed_predicate(Position& pos, const OptionState& state, const Options& options, Turn turn);

// Plays and takes back a turn on the position only (tokens and targets are the caller's).
void make_turn(Position& pos, const EnPassantTarget& target, Turn turn);
void unmake_turn(Position& pos, Turn turn);

// The target a turn leaves for the opponent (kind None when there is none).
EnPassantTarget target_after(const Position& before, Turn turn);

}  // namespace arbiter::option
