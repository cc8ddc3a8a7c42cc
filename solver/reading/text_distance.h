#pragma once
// How far a printed move text is from a text the rules accept, in half edits (record_search.h):
// the pieces of an edit model that every rule set's notation shares.

#include <string>
#include <string_view>

#include "solver/reading/record_search.h"

namespace arbiter::reading {

// Without the signs that do not change which move is meant: 'x' and ':' (capture), '+' and '#'
// (check and mate are judged on their own, by mark_cost).
std::string without_signs(std::string_view text);

// Piece letters of other languages read as the English ones, at the places a piece letter
// stands (the start, or after '?', '/', '*', '!'): Portuguese and Spanish Torre, German Turm,
// French Tour: T for R; Dama/Dame: D for Q; Cavalo/Caballo: C and Springer: S for N; Läufer: L,
// Fou: F and Alfil: A for B.
std::string english_letters(std::string_view text);

// The cost of reading `printed` as `accepted`: their edit distance without the signs, each
// edit 2; or, when the printed text uses foreign piece letters, 1 per letter translated plus
// 2 per edit after it, whichever is less.
Cost move_distance(std::string_view printed, std::string_view accepted);

// The check and mate signs a text ends with ('+' check; '++' and '#' mate), and what a move
// did, for mark_cost.
enum class Claim { None, Check, Mate };
Claim claim_of(std::string_view text);
std::string_view claim_sign(std::string_view text);  // "+", "++", "#" or ""

// The cost of the printed sign against what the move does: none for a sign that holds, and
// none for a missing sign (records often leave checks unmarked: a missing sign claims
// nothing); otherwise the characters that would have to change: '+' on a quiet move or '#' on
// a mere check 2 (one character), '+' on a mate 2 ('+' for '#'), '#' on a quiet move 2, '++'
// on a mere check 2 (one '+' dropped), '++' on a quiet move 4.
Cost mark_cost(std::string_view printed_sign, bool check, bool mate);

}  // namespace arbiter::reading
