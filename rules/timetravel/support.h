#pragma once
// Explosion supports: "an empty square reachable in no more than three moves by a friendly
// untraveled chessman of the piece-type of interest ... in the hypothetical circumstance that
// the player were allowed to make moves in succession". The opponent never moves in that
// hypothesis: the first move may take en passant when the real position allows it (the
// opponent's double step was the last move), no later one can. Check plays no part unless
// timetravel.support-check=each-move asks that no hypothetical move leave the player in check.

#include <array>
#include <cstdint>

#include "rules/core/bitboard.h"
#include "rules/core/types.h"
#include "rules/timetravel/options.h"

namespace arbiter::timetravel {

// The board as the support search needs it: one side's men and everything else.
struct SupportBoard {
  Color side = White;
  Bitboard own[PieceTypeCount] = {};  // side's men by PieceType (all stages; index 0 unused)
  Bitboard own_traveling = 0;  // side's traveling men: never move and block lines (they can be
                               // annihilated only under SupportMoves::All)
  Bitboard own_untraveled = 0;  // side's untraveled men
  Bitboard enemy = 0;           // all enemy men (capturable by the hypothetical moves)
  Bitboard enemy_traveling = 0;  // enemy traveling men (not capturable under NoTravelingCapture)
  int castling = 0;  // side's castling rights bits (CastlingRights), used only under All
  // Which pawn steps annihilate (timetravel.pawn-annihilation), used only under All.
  PawnAnnihilation pawn_annihilation = PawnAnnihilation::StraightAndDouble;
  // The en passant square when the side is to move and may take there now ("En passant capture
  // is legal ... as in standard chess and under the same strictures"): only the first
  // hypothetical move can use it. After an enemy annihilation by a double step the capture
  // undoes it: `en_passant_restores` is where the enemy traveling pawn then returns.
  Square en_passant = NoSquare;
  Square en_passant_restores = NoSquare;
  // timetravel.support-check. Under EachMove no hypothetical move may leave the side in check as
  // `check_options` define it (check_resolution, kingless_check, pawn_annihilation,
  // castling_check are read), which needs the enemy men by type and stage.
  SupportCheck check = SupportCheck::Ignored;
  Options check_options{};
  Bitboard enemy_type[PieceTypeCount] = {};  // enemy men by PieceType (all stages)
  Bitboard enemy_untraveled = 0;
};

// Squares the untraveled man on `from` could stand on, still untraveled and as an `as_type` (a
// pawn reaching its last rank promotes, to as_type), after at most `limit` moves of its side made
// in succession: its own moves (captures of enemy men allowed) and moves of other friendly
// non-traveling men that clear lines (they may capture too). The opponent never moves. The count
// is of total moves. `from` itself is never reported (an explosion square is empty).
struct SupportReach {
  Bitboard squares = 0;
  std::array<std::uint8_t, 64> moves{};  // moves[s]: fewest total moves to s (0 when not reached)
};
SupportReach support_reach(const SupportBoard& b, Square from, PieceType as_type, SupportMoves rules,
                           int limit = SupportMoveLimit);

// Fewest total moves for the man on `from` to stand on `target` as an untraveled `as_type`, or 0
// when it cannot within `limit`. Cheaper than support_reach for one square: the empty-board
// distance to the target bounds the search.
int support_distance(const SupportBoard& b, Square from, PieceType as_type, Square target, SupportMoves rules,
                     int limit = SupportMoveLimit);

// Can a man of type `man` support an explosion of type `as_type` at all? The same type, or a pawn
// for a knight, bishop, rook or queen (by promotion). A king supports only a king explosion.
constexpr bool can_support(PieceType man, PieceType as_type) {
  return man == as_type || (man == Pawn && as_type >= Knight && as_type <= Queen);
}

// Own untraveled men supporting an explosion of `type` on `square`, as a bitboard of their
// squares; 0 when the square is occupied. Under SupportChoice::Nearest only those needing the
// fewest moves.
Bitboard explosion_supports(const SupportBoard& b, PieceType type, Square square, SupportMoves rules,
                            SupportChoice choice, int limit = SupportMoveLimit);

// Test reference: support_reach with every pruning switched off (every sequence is tried).
// (Under SupportCheck::EachMove support_reach itself tries every helper move: the helper cuts
// assume a helper matters only through the lines it opens, not through the check it parries.)
SupportReach support_reach_exhaustive(const SupportBoard& b, Square from, PieceType as_type, SupportMoves rules,
                                      int limit = SupportMoveLimit);

}  // namespace arbiter::timetravel
