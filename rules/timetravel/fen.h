#pragma once
// FEN for Time Traveler's Chess. The six orthodox fields, with a stage mark after a man's
// letter ("N~" traveling, "N'" traveled, a bare letter untraveled), and an optional seventh
// field, the rules' memory, ";"-separated ("-" when empty):
//   wNf6=b1,g1   a White knight explosion on f6 supported by the men now on b1 and g1
//                ("x" for a support no longer on the board), in the order played;
//   lost=w       White has lost a traveling man to capture (grammatically incorrect);
//   undo=d4      the en passant square undoes the annihilation of the traveling pawn on d4.

#include <string>
#include <string_view>

#include "rules/core/parse_error.h"
#include "rules/timetravel/board.h"

namespace arbiter::timetravel {

inline constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Board read_fen(std::string_view fen, const SourceLocation& origin = {"<fen>", 1, 1});
std::string write_fen(const Board& board);

}  // namespace arbiter::timetravel
