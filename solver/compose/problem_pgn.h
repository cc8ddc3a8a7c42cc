#pragma once
// A composed problem as a PGN problem file (the format `arbiter verify` reads, see
// puzzles/orthodox/README.md "Problem files"): the tags, then the whole solution as movetext:
// the key with "!", its threat (or zugzwang) as a comment, and every defence as a variation
// with the attacker's reply down to the mate. Where a defence has several replies (a dual),
// the first is the line and the others are named in a comment.
//
// A helpmate (h#n, Black first): [Stipulation "h#2"] ([Solutions "2"] when there are several),
// and the solutions as movetext from Black's first move ("1... Kd4 2. Qe5+ Kc5 3. Qb5#"): the
// first solution is the main line, each other one a variation where it leaves the lines before.

#include <string>

#include "solver/compose/composition.h"

namespace arbiter::compose {

// `provenance`: how it was made ("arbiter compose --seed 7 ..."), kept in an [Annotator] tag.
// `variant_tag`: the [Variant] value of the rules (the registry entry's pgn_tag).
std::string problem_pgn(const ComposedProblem& c, const std::string& provenance, const std::string& variant_tag);

// The file name for the index-th (1-based) problem of a run: "orthodox-mate2-s7-01.pgn",
// "option-help2-s7-01.pgn".
std::string problem_file_name(const ComposedProblem& c, std::uint64_t seed, int index);

}  // namespace arbiter::compose
