#pragma once
// What an author's comments say happened, where they name a captured man ("Taking the tower
// was an allusion."): a reading of the record that makes the capture happen agrees with the
// comment. Comments only break ties between readings of equal cost; they never make a reading
// cheaper or rule one out.

#include <string>
#include <vector>

#include "rules/core/types.h"
#include "rules/notation/pgn.h"

namespace arbiter::reading {

struct CommentClaim {
  int first_ply = 0;  // the plies the comment speaks of (0-based, both included): those since
  int last_ply = 0;   // the previous comment, at most one turn, up to the one it follows
  PieceType captured = NoPieceType;
  std::string phrase;   // as written, e.g. "Taking the tower"
};

// Phrases "taking / takes / took / capturing / captures / captured / wins / won the <man>",
// with <man> one of tower, rook, queen, bishop, knight, pawn (English, lower or upper case).
// `plies_per_turn` bounds how far back a comment reaches.
std::vector<CommentClaim> capture_claims(const PgnLine& moves, int plies_per_turn);

// Whether the captures a reading makes (the type taken at each ply, NoPieceType for none) agree.
bool agrees(const CommentClaim& claim, const std::vector<PieceType>& captured_by_ply);

}  // namespace arbiter::reading
