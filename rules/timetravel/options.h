#pragma once
// Time Traveler's Chess as its text states it, with its ambiguities resolved by name. Each
// enum below is one interpretation; the first enumerator is the default. The quotes and the
// meanings of the choices are in interpretations() (options.cpp).

#include <string_view>
#include <vector>

#include "rules/core/interpretation.h"

namespace arbiter::timetravel {

// timetravel.resonator: which untraveled men "could possibly annihilate" a traveling man
// (an explosion's traveled man may not capture one).
enum class Resonator { Theoretical, TheoreticalNoPromotion, ThreeMoves, OneMove };

// timetravel.grammar-scope: one joint assignment of distinct resonators to all traveling men,
// or each traveling man on its own.
enum class GrammarScope { Joint, PerPiece };

// timetravel.grammar-enemy-blocker: an enemy traveling man on the straight path of a pawn
// resonator costs one enemy man of the capture budget (it must be taken), costs nothing (the
// enemy may annihilate it), or blocks for good (taking it would end the game, so the grammar
// may not count on it).
enum class GrammarEnemyBlocker { OneCapture, Free, Permanent };

// timetravel.grammar-budget: the captures all pawn resonators may make together are bounded by
// the enemy men on the board now, or unbounded (future enemy explosions add men).
enum class GrammarBudget { EnemyMenNow, Unbounded };

// timetravel.per-piece-annihilation-order: under per-piece grammar scope, a traveling man whose
// every resonator route passes another own traveling man still needs that man annihilated
// first (so a cycle of such blocks is incorrect), or each man is judged as if the other
// traveling men were not on the board. Read only under GrammarScope::PerPiece.
enum class PerPieceAnnihilationOrder { Kept, Ignored };

// timetravel.support-set: a past explosion keeps the supports it had when it was made, or
// loses those that have since left the board (captured, annihilated) when later explosions
// are matched.
enum class SupportSet { FixedAtExplosion, Live };

// timetravel.support-choice: when several men qualify, any of them may justify the explosion
// (the matching picks), or only those needing the fewest moves.
enum class SupportChoice { Any, Nearest };

// timetravel.support-moves: which hypothetical moves a support may use to reach the square.
// Plain: normal moves and captures of any enemy man. NoTravelingCapture: the same but never
// capturing a traveling man. All: plain moves plus annihilations and castling.
enum class SupportMoves { Plain, NoTravelingCapture, All };

// timetravel.support-check: may the hypothetical moves that bring a support to its square
// leave the player in check (the opponent never moves in the hypothesis), or must each be a
// move the self-check rule allows?
enum class SupportCheck { Ignored, EachMove };

// timetravel.pawn-annihilation: which pawn moves count as "one move away" for a pawn
// resonator: the straight step and the double step (game 4's d2//d4), the straight step only,
// or also a diagonal step.
enum class PawnAnnihilation { StraightAndDouble, StraightOnly, WithDiagonal };

// timetravel.check-resolution: must the opponent be resolved after the threatened move
// (game 2: "now threatens to resolve in one move") or already now?
enum class CheckResolution { AfterThreat, Now };

// timetravel.kingless-check: is a player who already has no king in check when the opponent
// can resolve in one move (game 2), or never (only a threat to take a king is check)?
enum class KinglessCheck { ThreatOfResolution, Never };

// timetravel.self-check: may a move leave the mover in check? The stalemate paragraph
// ("can make no move without placing himself in check") suggests not.
enum class SelfCheck { Illegal, Legal };

// timetravel.winning-move: a move that leaves the opponent grammatically incorrect wins at
// once, even if it would leave the mover in check (games 1 and 4 end so), or it is bound by
// the self-check rule like any other.
enum class WinningMove { Exempt, NotExempt };

// timetravel.traveled-pawn-first-move: the traveled pawn's move out of an explosion may be
// any pawn move (double step from its second rank, en passant, promotion), or a single step
// or capture only (promotion allowed).
enum class TraveledPawnFirstMove { AnyPawnMove, SingleStepOnly };

// timetravel.en-passant-annihilation: after an annihilation by a pawn's double step, an enemy
// pawn may take en passant and so "undo" it (the annihilating pawn is captured, the traveling
// pawn returns), or the double step gives no en passant right.
enum class EnPassantAnnihilation { Undoes, NoRight };

// timetravel.castling-check: "check" for castling's strictures is the text's check (a square
// the king passes is unsafe only when the opponent would then be resolved), or plain attack.
enum class CastlingCheck { TextCheck, Attacked };

struct Options {
  Resonator resonator = Resonator::Theoretical;
  GrammarScope grammar_scope = GrammarScope::Joint;
  GrammarEnemyBlocker grammar_enemy_blocker = GrammarEnemyBlocker::OneCapture;
  GrammarBudget grammar_budget = GrammarBudget::EnemyMenNow;
  PerPieceAnnihilationOrder per_piece_annihilation_order = PerPieceAnnihilationOrder::Kept;
  SupportSet support_set = SupportSet::FixedAtExplosion;
  SupportChoice support_choice = SupportChoice::Any;
  SupportMoves support_moves = SupportMoves::Plain;
  SupportCheck support_check = SupportCheck::Ignored;
  PawnAnnihilation pawn_annihilation = PawnAnnihilation::StraightAndDouble;
  CheckResolution check_resolution = CheckResolution::AfterThreat;
  KinglessCheck kingless_check = KinglessCheck::ThreatOfResolution;
  SelfCheck self_check = SelfCheck::Illegal;
  WinningMove winning_move = WinningMove::Exempt;
  TraveledPawnFirstMove traveled_pawn_first_move = TraveledPawnFirstMove::AnyPawnMove;
  EnPassantAnnihilation en_passant_annihilation = EnPassantAnnihilation::Undoes;
  CastlingCheck castling_check = CastlingCheck::TextCheck;

  friend bool operator==(const Options&, const Options&) = default;
};

// The most moves a support may need ("in no more than three moves").
inline constexpr int SupportMoveLimit = 3;

const std::vector<Interpretation>& interpretations();

}  // namespace arbiter::timetravel

namespace arbiter::timetravel {
// Sets one interpretation by its id and choice name ("timetravel.support-choice", "nearest");
// false when either is unknown.
bool apply_interpretation(Options& options, std::string_view id, std::string_view choice);
// The choice currently set for an interpretation ("" for an unknown id).
std::string_view current_choice(const Options& options, std::string_view id);
}  // namespace arbiter::timetravel
