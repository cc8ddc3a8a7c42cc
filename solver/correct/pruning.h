#pragma once
// The rules by which the correction search skips part of its space, each with the reason no
// sound version can be in the part it skips. tests/engines/correct_test.cpp builds, for each
// rule, a damaged problem whose cheapest version lies right beside what the rule skips.
//
// one-edit-per-square: a set of edits that touches a square twice is not built. Whatever such
//   a set makes, a set touching each square once makes too, at no greater cost: add+remove on
//   a square is nothing, add+change is another add, remove+add is a change, a move and an edit
//   on its square again are a removal, an addition or a change. The space is therefore defined
//   as the sets touching each square at most once (the caps per kind apply to those sets).
// same-position: a diagram already judged (built by another set of the same or lower cost) is
//   not judged again: the judgement depends on the diagram alone. Diagrams are told apart by
//   two independent 64-bit hashes of the FEN (a collision of both is the only way to skip
//   wrongly: odds about 2^-128 per pair).
// no-pawn-on-back-rank: no edit puts a pawn on rank 1 or 8. Such a diagram is illegal, and no
//   other edit of the set can mend it, since that square is touched once.
// standing-check: when the side not to move is in check in a candidate, a larger set is built
//   from it only by edits that touch the checking unit's square, the king's square or a square
//   between them. Any other edit leaves that check standing (the checker's attack along its
//   line depends on those squares alone), and a position with it is illegal. Token edits touch
//   no square and are skipped likewise.
//
// Not used, because it is not sound: "a unit added away from every line of the current
// refutation cannot change it". After the key and the refuting defence the attacker must have
// no mate in n-1; a unit added anywhere can give the attacker a new mate (a piece that moves in
// to mate, a flight newly blocked by a defender's own unit). The search orders additions near
// the refutation first (ordering is not skipping) and tries the rest too.

#include <array>
#include <string_view>

#include "rules/core/bitboard.h"
#include "solver/correct/edit.h"

namespace arbiter::correct {

inline constexpr std::array<std::string_view, 4> PruningRules = {"one-edit-per-square", "same-position",
                                                                 "no-pawn-on-back-rank", "standing-check"};

// The squares an edit must touch to lift the check on the side not to move: the checkers'
// squares, the king's, and those between (0 when that side is not in check). With two
// checkers the union: an edit touching either line may be part of a mended set.
Bitboard standing_check_support(const Diagram& d);

}  // namespace arbiter::correct
