#pragma once
// Replaying a recorded game: every move, in the main line and in every variation, must be
// legal where it is played, and a result claimed after a checkmate or stalemate must be the
// one the board shows. Garbled or ambiguous moves and bad set-ups are bad input (ParseError);
// moves the rules forbid and false result claims are findings of the report.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/position.h"
#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"
#include "rules/notation/san.h"
#include "rules/orthodox/options.h"

namespace arbiter {

struct ReplayError {
  int ply = 0;       // 1 = the record's first move; a variation's plies count from the record's start too
  std::string move;  // as written; for a false result claim, the result
  std::string reason;
  SourceLocation where;
  std::optional<std::string> predicate;  // the rule predicate that rejected the move, if any
  bool in_variation = false;
  bool result_claim = false;  // a false result claim rather than an illegal move
};

struct ReplayReport {
  int plies = 0;            // main-line plies found legal (all of them when the line is legal)
  int variation_plies = 0;  // plies found legal inside variations
  std::vector<ReplayError> errors;  // in file order; the main line stops at its first illegal move
  Position final_position;  // end of the main line, or just before its first illegal move
  std::string fen;          // of final_position
  GameStatus status = GameStatus::Ongoing;
  std::string result;       // as the movetext claims it

  bool legal() const { return errors.empty(); }
  const ReplayError* first_error() const { return errors.empty() ? nullptr : &errors.front(); }
};

// Walks a move tree with any rule set. `parse(const G&, std::string_view, const SourceLocation&)`
// returns the move, throwing IllegalMoveError for a move the rules forbid (recorded, the line
// stops there) or ParseError for text naming no move (propagates: bad input).
template <RuleSet G, class ParseMove>
class MoveTreeReplayer {
 public:
  MoveTreeReplayer(G& game, ParseMove parse, ReplayReport& report) : game_(game), parse_(std::move(parse)), report_(report) {}

  // Plays the main line and leaves the game at its end (or before its first illegal move).
  void replay_main_line(const PgnLine& line) { play_line(line, 0, false); }

 private:
  // Plays `line` from the current position, `ply` plies into the record; returns how many
  // plies it played (left on the game for the caller to keep or undo).
  int play_line(const PgnLine& line, int ply, bool in_variation) {
    int played = 0;
    for (const PgnMove& move : line) {
      for (const PgnLine& variation : move.variations) {  // alternatives: from the position before `move`
        for (int n = play_line(variation, ply, true); n > 0; --n) game_.undo();
      }
      typename G::MoveType m;
      try {
        m = parse_(std::as_const(game_), move.san, move.where);
      } catch (const IllegalMoveError& e) {
        report_.errors.push_back({ply + 1, move.san, e.message(), e.where(), e.predicate(), in_variation});
        break;
      }
      game_.play(m);
      ++played;
      ++ply;
      ++(in_variation ? report_.variation_plies : report_.plies);
    }
    return played;
  }

  G& game_;
  ParseMove parse_;
  ReplayReport& report_;
};

// Orthodox replay, from the start position or the game's [FEN] tag (errors in the FEN point at
// the tag's value in the file). Throws ParseError for bad input: a bad FEN, [SetUp "1"]
// without a FEN, a [Variant] other than standard chess, garbled or ambiguous SAN.
ReplayReport replay(const PgnGame& game, const orthodox::Options& options = {});

}  // namespace arbiter
