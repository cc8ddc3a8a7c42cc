#pragma once
// The checks a problem editor applies to a composed diagram before accepting it: the position
// must be one that a legal game could have reached, as far as counting units, pawn files and
// the state fields (castling rights, en passant square) can tell without retro-analysis.

#include <optional>
#include <string>
#include <vector>

#include "rules/core/position.h"

namespace arbiter::compose {

struct Illegality {
  std::string check;   // the check's name, one of the names below
  std::string detail;  // a human sentence, e.g. "White has 9 pawns"
};

// Named checks, in the order they are applied:
//  "kings"                     exactly one king of each colour
//  "side-not-to-move-in-check" the side that is not to move is not in check
//  "pawn-on-back-rank"         no pawn on rank 1 or rank 8
//  "pawn-count"                at most 8 pawns per side
//  "promoted-units"            units beyond the initial set (queens > 1, rooks > 2, knights > 2,
//                              light-squared bishops > 1, dark-squared bishops > 1) are at most
//                              8 - pawns of that side
//  "pawn-captures"             each side's pawn captures (the least number of captures that can
//                              bring its pawns from their starting files to where they stand; a
//                              pawn on relative rank r (1-based, 2..7) can have captured at most
//                              r-2 times, and two pawns cannot share a starting file; promoted
//                              units also need a starting file of their own, at cost 0) are at
//                              most the opponent's missing units (16 - units of the opponent on
//                              the board)
//  "castling-rights"           each castling right only with the king on e1/e8 and that rook on
//                              its home corner (a1/h1/a8/h8)
//  "en-passant"                an en passant square only on rank 6 (White to move) / rank 3
//                              (Black to move), empty, with the square behind it (the pawn's start
//                              square) empty and an enemy pawn of the side that just moved on the
//                              square in front of it
const std::vector<std::string>& legality_check_names();

// The first check the position fails, or nothing when it passes every check.
std::optional<Illegality> first_illegality(const Position& pos);

}  // namespace arbiter::compose
