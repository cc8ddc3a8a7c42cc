#pragma once
// The fairy rule set's named interpretations: where orthodox rule texts, written for six piece
// kinds, are silent about fairy men. Each enum is one interpretation; the first enumerator is the
// default (Popeye's behaviour). The quotes and meanings are in interpretations() (options.cpp).

#include <string_view>
#include <vector>

#include "rules/core/interpretation.h"

namespace arbiter::fairy {

// fairy.castling-passage: "none of the spaces ... are guarded by enemy pieces". With hoppers and
// lions a square's guard depends on where the king stands (the king may be the hurdle). KingMoved:
// the square the king passes is judged with the king standing on it (Popeye plays the king's
// intermediate step and asks whether it is in check). KingAtHome: judged in the position before
// the move, the king still on its start square.
enum class CastlingPassage { KingMoved, KingAtHome };

// fairy.promotion: "The player may choose any piece other than a pawn or a king". PresentKinds: a
// pawn promotes to the orthodox four and to every fairy piece of the problem (Popeye's promotee
// sequence over the walks the diagram holds). OrthodoxFour: to queen, rook, bishop and knight only.
enum class Promotion { PresentKinds, OrthodoxFour };

// fairy.orphan-as-pawn: an orphan observed by an enemy pawn "moves like" a pawn; does it take
// the pawn's rights of place? DoubleStep (Popeye's): its steps and captures, the double step from
// its own second rank, no promotion (it stays an orphan). StepsOnly: the steps and captures alone.
enum class OrphanAsPawn { DoubleStep, StepsOnly };

// fairy.paralysed-guard: "it is not permitted to have one's king on a guarded square". Does a man
// that an enemy paralysing man observes guard squares? None (Popeye's): a paralysed man observes
// nothing, so it gives no check and guards nothing. Walk: it cannot move, but its walk guards
// what it would capture, checks included.
enum class ParalysedGuard { None, Walk };

// fairy.suffocation: "If there are no legal plies available that accomplish this, the player has
// lost ... checkmate". A side whose king is attacked but whose only moves, were no man paralysed,
// are paralysed men's: Stalemate (Popeye's special stalemate, paralysing.c: suffocated, not
// mated), or Mate (in check with no legal move, as the definition reads).
enum class Suffocation { Stalemate, Mate };

struct Options {
  CastlingPassage castling_passage = CastlingPassage::KingMoved;
  Promotion promotion = Promotion::PresentKinds;
  OrphanAsPawn orphan_as_pawn = OrphanAsPawn::DoubleStep;
  ParalysedGuard paralysed_guard = ParalysedGuard::None;
  Suffocation suffocation = Suffocation::Stalemate;
  bool operator==(const Options&) const = default;
};

const std::vector<Interpretation>& interpretations();
// Sets one interpretation by id and choice name; false when either is unknown.
bool apply_interpretation(Options& options, std::string_view id, std::string_view choice);
// The choice `options` holds for an interpretation ("" for an unknown id).
std::string_view current_choice(const Options& options, std::string_view id);

}  // namespace arbiter::fairy
