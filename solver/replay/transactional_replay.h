#pragma once
// Replaying a Transactional Chess record (two-column notation, "T1: Nc3", "(C)", "(R)").
// Where the record leaves a gap (a transaction that ends with neither (C) nor (R): the
// player's next move carries the next transaction number), both readings are tried, commit
// and rollback, and the report says which makes the record consistent and where the other
// fails. Where a printed move is illegal under every reading, it is an erratum: the smallest
// edits that make it legal are listed (moves one character away, then two), and checking goes
// on with each until the record is consistent.

#include "rules/notation/pgn.h"
#include "rules/transactional/options.h"
#include "solver/replay/replay.h"

namespace arbiter {

ReplayReport replay_transactional(const PgnGame& record, const transactional::Options& options = {});

}  // namespace arbiter
