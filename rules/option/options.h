#pragma once
// Option Chess (Paul Bonham, 2014) as its text states it, with its ambiguities resolved by
// name. Each enum below is one interpretation; the first enumerator is the default.
// The quotes and meanings are in interpretations() (options.cpp).

#include <string_view>
#include <vector>

#include "rules/core/interpretation.h"
#include "rules/orthodox/options.h"

namespace arbiter::option {

// option.first-move-exposes-king: may the first move of a double move by two different
// pieces expose the mover's own king when the turn did not begin in check?
enum class FirstMoveExposure { Forbidden, Allowed };

// option.first-move-check: does "may not give check" count discovered checks?
enum class FirstMoveCheck { AnyCheck, DirectOnly };

// option.same-piece-from-check: when the turn begins in check, may a piece moving twice leave
// its king in check after its first move (and end the check with its second)?
enum class SamePieceFromCheck { Allowed, Forbidden };

// option.castling-in-double: may castling be one half of a double move?
enum class CastlingInDouble { SingleOnly, EitherHalf };

// option.en-passant-second-half: may an en passant capture (either kind) be the second half?
enum class EnPassantSecondHalf { Allowed, Forbidden };

// option.first-half-double-step: does a pawn's two-step made as the first half of a double
// move (and left standing by the second) give the opponent an en passant right?
enum class FirstHalfDoubleStep { NoRight, Right };

struct Options {
  FirstMoveExposure first_move_exposure = FirstMoveExposure::Forbidden;
  FirstMoveCheck first_move_check = FirstMoveCheck::AnyCheck;
  SamePieceFromCheck same_piece_from_check = SamePieceFromCheck::Allowed;
  CastlingInDouble castling = CastlingInDouble::SingleOnly;
  EnPassantSecondHalf en_passant_second_half = EnPassantSecondHalf::Allowed;
  FirstHalfDoubleStep first_half_double_step = FirstHalfDoubleStep::NoRight;
  orthodox::Options orthodox;  // the movement rules of each half
};

// The token schedule: "each player shall have twelve such options available to use between
// their ninth move and their 48th move", and "after Black's 48th move, each player shall be
// awarded an additional four options".
inline constexpr int FirstOptionMove = 9;
inline constexpr int TokensAtStart = 12;      // awarded after Black's 8th move
inline constexpr int LateAwardAfterMove = 48;  // Black's 48th move
inline constexpr int LateAward = 4;

const std::vector<Interpretation>& interpretations();
// Sets one interpretation (option.* or, for the movement of each half, orthodox.*); false when
// either the id or the choice is unknown.
bool apply_interpretation(Options& options, std::string_view id, std::string_view choice);
// The choice `options` applies for an interpretation (option.* or orthodox.*), as
// apply_interpretation names it; "" for an unknown id.
std::string_view current_choice(const Options& options, std::string_view id);

}  // namespace arbiter::option
