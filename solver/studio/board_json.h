#pragma once
// The board page's answers: a line of play (solver/play/play_line.h) as JSON, with the diagram
// the command line's `diagram` draws and the line as a PGN record.

#include <string>

#include <nlohmann/json.hpp>

#include "solver/play/play_line.h"
#include "solver/variants/registry.h"

namespace arbiter::studio {

// {variant, start_fen, fen, side, status, result, board, played, legal, legal_count, truncated,
// svg, pgn}: see solver/studio/API.md.
nlohmann::ordered_json line_json(const VariantEngines& rules, const std::string& start_fen, const play::LineState& line,
                                 const InterpretationSettings& interpret);

// A move's first step as squares ("e2", "e4"), or nulls when its UCI names none.
nlohmann::ordered_json move_json(const play::PlayedMove& m);

}  // namespace arbiter::studio
