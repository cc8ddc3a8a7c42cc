#pragma once
// A lower bound on the moves a helpmate still needs, for orthodox chess (bitboards of a
// Position; the search uses it only for rule sets that say they are orthodox). It answers
// "can the defender be checkmated at all within km moves of the mater and kd moves of the
// defender?"; false is a proof that no line of that length (or shorter) ends in mate.
//
// The argument looks at the final position of any such line. Let the defender's king end on
// K. Mate needs:
//   (a) K is attacked by the mater (check), and
//   (b) every square f next to K (its "flights") is unavailable to the king: either a
//       defending piece stands on f, or f is attacked by the mater once the king stands on f.
// Every attack used below is the piece's attack on the EMPTY board from its final square, a
// superset of its real attacks (blockers only take attacks away; the king leaving K only
// opens lines, which the empty board already has open; a mating piece standing on f itself
// does not attack f on the empty board either). So (a) and (b) with empty-board attacks are
// still necessary.
// Distances are empty-board move counts (a lower bound on the real count: blockers only
// lengthen a path). A unit standing still costs 0 moves, which covers discovered checks and
// guards that already exist. Pawns: in j moves a pawn gains at most j ranks (j+1 with a
// double step) and changes file at most j times (each capture moves one file and one rank);
// promotion (at the earliest `promo` moves) makes it any piece, which is treated as reaching
// or attacking anything thereafter. Castling moves the king two squares and a rook at once:
// the accounting charges it 2 (king distance) + 1 (rook) for one real move, so a side that
// still holds a castling right gets 2 extra moves in its budget.
// Then, for each candidate K the defender's king can reach (king distance jK <= its budget):
//   - The mater's units, with at most km moves in all (each moves its own moves; a table of
//     empty-board reach per unit type and move count), can attack at most W of K's flights
//     at once, while one of them (not the king) attacks K: W is a small knapsack over the
//     units (moves per unit vs. flights covered), so it is an upper bound on the flights the
//     mater can guard in the final position.
//   - Flights that no mater unit can attack at all within km moves must be blocked, and at
//     least |F| - W flights must be blocked in any case. Each blocked flight holds a distinct
//     defending (non-king) piece, which needs at least its empty-board distance in moves;
//     distinct pieces make distinct moves (castling aside, see above), so the defender spends
//     at least jK + the sum of the cheapest such distances, which must fit in kd; and there
//     must be enough defending pieces.
// If no K passes, no mate exists within the budgets.
//
// The bodies are in help_bound.cpp; the two tiny tests the search makes for every move or
// node of the last plies (relevant, mater_may_castle) stay inline here.

#include "rules/core/bitboard.h"
#include "rules/core/move.h"
#include "rules/core/position.h"

namespace arbiter::prover::help_bound {

// True unless it is proved that the side `mater` cannot checkmate its opponent within `km`
// of its own moves and `kd` of the opponent's (either side may use fewer).
bool may_mate(const Position& pos, Color mater, int km, int kd);

// The same bound without (a), for a stalemate: its king, not in check, must have every flight
// attacked or blocked, so condition (b) alone must hold on some square K. False is a proof that
// `mater` cannot stalemate its opponent within the budgets.
bool may_stalemate(const Position& pos, Color mater, int km, int kd);

// Can the side to move give check at all? False only when no legal move of it checks.
// A checking move either (1) is castling, en passant or a promotion: answered "maybe" when
// the side holds a castling right, an e.p. square is set, or a pawn of it stands on its 7th
// rank; (2) unmasks a slider of its own: "maybe" when one of its pieces is the only piece
// between the enemy king and one of its sliders (the movegen's "discoverers"); or (3) puts
// the moved piece on a square from which it attacks the king. Such a square lies on a line
// from the king that is empty up to it in the current position (the mover's own square is
// not on that stretch: if it were, the piece would already be checking the king, and the
// side to move never gives check), and the piece reaches it in one move along a line that
// is empty now: so it is in the piece's current attacks (sliders, knights; pawns: pushes,
// double steps and captures) and in the king's attacks by that piece type with the current
// occupancy (a queen counted with both its lines: it may reach a diagonal check square along a
// file). A king move checks only by discovery, case (2).
// `us` need not be the side to move (then the e.p. square is the other side's and is ignored).
bool may_give_check(const Position& pos, Color us);

// may_give_check(after, us) for the position `after` that the side to move (the defender,
// `us` being the other side) reaches with its legal move m, computed from the current
// bitboards without playing m: "maybe" (true) for the moves whose effect is more than a
// piece leaving `from` and standing on `to` (castling, en passant, double steps: they give us
// an e.p. capture, king moves: the target king moves; promotions change only the type of a
// defending piece, which the test never looks at, so they are handled as plain moves). For
// the others `after` has: occupied' = occupied - from + to, the defender's pieces
// enemy' = enemy - from + to, our pieces own' = own - to (a capture removes ours on `to`),
// the same king square and castling rights (a capture can only remove ours: when we hold one
// now the answer is "maybe" anyway), and, us being to move in `after` with no double step
// played, no e.p. square. These are exactly the inputs of may_give_check(after, us).
bool may_give_check_after(const Position& pos, Color us, Move m);

inline bool may_give_check(const Position& pos) { return may_give_check(pos, pos.side_to_move()); }

// The defender is to move and the mater has no checking move now (may_give_check(pos, mater)
// is false). After a defender's move from a to b the mater can only have a checking move if
// the move changed something a check needs; the squares where that can happen:
//  - vacating a: a mater's piece may move to a (a check square: on a line from the king or a
//    knight's move from it), pass through a (a slider's path: then a is the first piece on
//    that ray, so among the slider's current attacks; a pawn's push: a is in front of it),
//    check across a (a on a line from the king), or unmask a slider across a (likewise);
//  - occupying b: a mater's piece may capture on b, checking from there (b on a line from the
//    king or a knight's move from it; pawn captures too, these squares are on a line);
//    occupying b cannot open anything, and a mater's piece captured on b only loses options
//    (if it stood between the king and a slider of the mater, b is on a line from the king).
// King moves and castling (the king's square changes), double steps (they give an e.p.
// capture), en passant (it empties a second square) are always relevant. Returns the
// squares for a and b; a move with neither is irrelevant: no check follows it, so no mate.
struct Relevance {
  Bitboard from, to;
};
Relevance relevant_squares(const Position& pos, Color mater);

// Is the defender's move m (generated, legal, the defender to move) relevant in that sense?
inline bool relevant(const Position& pos, Move m, const Relevance& rel) {
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) return true;
  const PieceType t = type_of(pos.piece_on(m.from()));
  if (t == King) return true;
  if (t == Pawn && (m.to() - m.from() == 16 || m.from() - m.to() == 16)) return true;
  return (rel.from & square_bb(m.from())) || (rel.to & square_bb(m.to()));
}

// Flight bound for the last two plies (the defender to move, then the mater's mating move).
// Whatever the defender plays, its king ends on some square K; the mate then needs (a) K
// attacked by the mater and (b) every flight of K (a neighbour not holding a defending piece)
// attacked by the mater, the king standing on that flight (so K itself empty), in the position
// after both moves. (c) A flight holding a mater's piece counts: it must be protected, i.e.
// attacked by another of the mater's pieces (a piece never attacks its own square).
// Both conditions are about the mater's attacks in the final position; an upper bound on those
// attacks that still fails (a) or (b) proves no mate. The mater makes exactly one move: some
// piece P leaves s for t. The final attacks are then those of the other pieces, P excluded,
// plus P's attacks from t (a pawn reaching the last rank: a queen's and a knight's).
// Two kinds of defender's move:
//  - A king move (not castling) from K0 to K (`mate_after_king_move`): the occupancy is known
//    but for P's move: K0 emptied, K filled (its mater's piece, if any, captured: counting its
//    attacks anyway only over-counts). Every flight of K, K0 among them, must be covered.
//  - Any other move but castling and en passant (`mate_after_other_move`): K stays; the move
//    empties one square a (a defending piece, not the king) and fills one square b. Filling b
//    blocks lines (only fewer attacks), takes b from the flights, or captures a mater's piece
//    there: over-counting that piece's attacks is safe, but b is then a square the mater can
//    move to (recapture), so P's destinations include the mater's own squares in this case
//    (forgetting that loses e.g. 1.Rxe7 Qxe7#, see the tests); emptying a may open a line or add a as a flight (not
//    required here, which only weakens the test). So every flight of K now, except b, must be
//    covered, and b must be a square a defending non-king piece can move to (pseudo-legally).
// A mater holding a castling right answers "maybe" (castling moves two pieces).

// The mater holds a castling right: the flight bound then answers "maybe".
inline bool mater_may_castle(const Position& pos, Color mater) {
  const int rights = mater == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  return pos.castling_rights() & rights;
}

// The defender (to move) plays a move other than a king move, castling or en passant: can the
// mater's next move still mate? False is a proof that it cannot.
bool mate_after_other_move(const Position& pos, Color mater);

// The defender's king moves (not castling) to `to`: can the mater's next move still mate?
bool mate_after_king_move(const Position& pos, Color mater, Square to);

}  // namespace arbiter::prover::help_bound
