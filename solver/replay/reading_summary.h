#pragma once
// The report's account of a whole-record reading (RecordReading) from the search's result:
// cost, proof, limit, ties, and where each other reading as cheap differs from the chosen one.

#include <vector>

#include "solver/reading/record_search.h"
#include "solver/replay/replay.h"

namespace arbiter {

// `order` lists the search's readings with the chosen one first (a rule set may rank ties,
// Conditional Chess by the author's comments).
RecordReading reading_summary(const reading::Result& found, const std::vector<const reading::Reading*>& order);

}  // namespace arbiter
