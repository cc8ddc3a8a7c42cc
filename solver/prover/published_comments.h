#pragma once
// What a published solution's comments state, as problem files write them: threats, zugzwang,
// moves the text calls illegal. The prover's verification and the problem reader both read them.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/notation/pgn.h"

namespace arbiter::prover {

// The published solution's convention (puzzles/orthodox/README.md, "Problem files"): the key
// is the main line's first move with "!", defences and White's continuations are the main
// line and its variations, and a comment after a White move states what it threatens:
//   {threat: 2. Ra7+, 2. Kd7}   the White moves threatened (SAN, with their move numbers)
//   {zugzwang}                  no threat: Black is in zugzwang
// threat_moves() reads the first form: the moves in SAN, or nothing when the comment is not
// a threat comment.
std::optional<std::vector<std::string>> threat_moves(std::string_view comment);
bool is_zugzwang_comment(std::string_view comment);

// Stated outcomes beyond the solution tree (puzzles/option/README.md, "Stated outcomes"):
//   {illegal} or {illegal: why}  after a move: the text says the rules forbid it; the line
//                                ends there (nothing can follow a move that is not played)
//   ?  (NAG 2) on the attacker's move: a try, stated not to force mate
//   !  (NAG 1) on a defence: stated to refute (the attacker no longer forces mate in time)
bool claims_illegal(const PgnMove& move);

}  // namespace arbiter::prover
