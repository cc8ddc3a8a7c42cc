#pragma once
// Replaying a Conditional Chess record: the plies in the order they happen on the board
// (A-move, B-move, C-move as stated, ...; "--" where the rules give a side no move, as after a
// B-move's check). Every ply gets a verdict: its slot in the turn cycle, for a C-move the
// condition's value and the branch played or skipped.
//
// The record is read as a whole (solver/reading/record_search.h with the edit model of
// conditional_reading.h): one reading of every ply at the least total edit cost that ends as
// the record says; each ply it reads otherwise is an erratum, with the nearest texts it was
// chosen among and why the printed one fails (illegal there, or legal but breaking a later ply
// or the ending). The report says whether the reading is proven least-cost, lists the others
// as cheap, and what the author's comments say about it (comments break ties).
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
