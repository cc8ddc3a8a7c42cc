#pragma once
// Replaying a Transactional Chess record (two-column notation, "T1: Nc3", "(C)", "(R)").
// The record is read as a whole at the least edit cost (solver/reading/record_search.h with
// the edit model of transactional_reading.h). Where it leaves a gap (a transaction that ends
// with neither (C) nor (R): the player's next move carries the next transaction number), both
// endings are read, and the report says which makes the record consistent and where the other
// fails. A printed move read otherwise is an erratum: the nearest legal moves are listed, with
// where each of the others fails.

#include "rules/notation/pgn.h"
#include "rules/transactional/options.h"
#include "solver/replay/replay.h"

namespace arbiter {

ReplayReport replay_transactional(const PgnGame& record, const transactional::Options& options = {});

}  // namespace arbiter
