#pragma once
// Replaying a Conditional Chess record: the plies in the order they happen on the board
// (A-move, B-move, C-move as stated, ...; "--" where the rules give a side no move, as after a
// B-move's check). Every ply gets a verdict: its slot in the turn cycle, for a C-move the
// condition's value and the branch played or skipped.
//
// Where the record cannot go on, the smallest edits that make it legal from there are
// searched (a changed character of a move, a changed square, a changed condition, the '*'
// mark on the other branch, foreign piece letters, an earlier move read differently), ranked
// by size; checking goes on under the best reading, each edit reported as an erratum with the
// alternatives it was chosen over.
//
// Check and mate marks ('+' check; '++', the sample game's spelling, and '#' mate) are judged
// on the move the board makes at that ply (a C-ply: the branch executed) and said in the ply's
// detail; a false or missing mark, or one on a corrected ply (the move checked is not the
// record's, so the mark cannot be confirmed), is also a warning.

#include "rules/conditional/options.h"
#include "rules/notation/pgn.h"
#include "solver/replay/replay.h"

namespace arbiter {

ReplayReport replay_conditional(const PgnGame& record, const conditional::Options& options = {});

}  // namespace arbiter
