#include "solver/replay/replay.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"

namespace arbiter {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

// [Variant] names under which PGN tools write orthodox chess.
bool is_orthodox_variant(std::string_view name) {
  const std::string v = lower(name);
  return v.empty() || v == "standard" || v == "chess" || v == "orthodox" || v == "normal" || v == "from position";
}

Position starting_position(const PgnGame& game) {
  if (auto variant = game.tag("Variant"); variant && !is_orthodox_variant(*variant))
    throw ParseError(*game.tag_value_location("Variant"),
                     fmt::format("variant \"{}\" cannot be replayed: only orthodox chess is implemented", *variant));
  if (auto fen = game.tag("FEN")) return read_fen(*fen, *game.tag_value_location("FEN"));
  if (auto setup = game.tag("SetUp"); setup && *setup == "1")
    throw ParseError(*game.tag_value_location("SetUp"), "[SetUp \"1\"] needs a [FEN] tag giving the starting position");
  return Position::start();
}

std::string_view side_name(Color c) { return c == White ? "White" : "Black"; }

// A result claimed after the game has ended on the board must agree with the board;
// any result is fine while the game could go on (resignation, agreed draw, time).
void check_result_claim(const PgnGame& game, const orthodox::Game& board, ReplayReport& report) {
  if (report.status != GameStatus::Checkmate && report.status != GameStatus::Stalemate) return;
  const std::string_view board_result = orthodox::result_of(report.status, board.side_to_move());
  if (game.result == "*" || game.result == board_result) return;
  const std::string why =
      report.status == GameStatus::Checkmate
          ? fmt::format("{} is checkmated, so the result is {}", side_name(board.side_to_move()), board_result)
          : fmt::format("{} is stalemated, a draw, so the result is {}", side_name(board.side_to_move()), board_result);
  report.errors.push_back({report.plies, game.result,
                           "false result claim: after the last move " + why,
                           game.result_location, std::nullopt, false, true});
}

}  // namespace

ReplayReport replay(const PgnGame& game, const orthodox::Options& options) {
  ReplayReport report;
  report.result = game.result;
  orthodox::Game board(starting_position(game), options);
  auto parse = [&options](const orthodox::Game& g, std::string_view san, const SourceLocation& where) {
    return parse_san(g.position(), san, where, options);
  };
  MoveTreeReplayer(board, parse, report).replay_main_line(game.moves);

  const bool main_line_legal = std::none_of(report.errors.begin(), report.errors.end(),
                                            [](const ReplayError& e) { return !e.in_variation; });
  report.status = board.status();
  report.final_position = board.position();
  report.final_position.clear_history();
  report.fen = write_fen(report.final_position);
  if (main_line_legal) check_result_claim(game, board, report);
  return report;
}

}  // namespace arbiter
