#pragma once
// Replaying a recorded game: every move, in the main line and in every variation, must be
// legal where it is played, and a result claimed after a checkmate or stalemate must be the
// one the board shows. Garbled or ambiguous moves and bad set-ups are bad input (ParseError);
// moves the rules forbid and false result claims are findings of the report.

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/core/parse_error.h"
#include "rules/core/position.h"
#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"
#include "rules/notation/san.h"
#include "solver/replay/diagram.h"

namespace arbiter {

struct ReplayError {
  int ply = 0;       // 1 = the record's first move; a variation's plies count from the record's start too
  std::string move;  // as written; for a false result claim, the result
  std::string reason;
  SourceLocation where;
  std::optional<std::string> predicate;  // the rule predicate that rejected the move, if any
  bool in_variation = false;
  bool result_claim = false;  // a false result claim rather than an illegal move
  // A printed move illegal under every interpretation, with the smallest edits that make it
  // legal; checking went on with `correction` (Transactional Chess records).
  bool erratum = false;
  std::vector<std::string> suggestions;
  std::string correction;
};

// What a record leaves open and how it was closed (Transactional Chess: a transaction that
// ends with neither (C) nor (R)): the reading that makes the record consistent and why the
// others fail.
struct ReplayFinding {
  int ply = 0;
  std::string move;
  std::string kind;     // "gap"
  std::string reading;  // the consistent reading ("commit"), or "" if none
  std::string reason;
  std::vector<std::string> details;  // one line per reading tried
  SourceLocation where;
};

// A notation mark that does not match the move: a capture sign on a quiet move, a check or
// mate sign that the position contradicts, or a missing one. The move itself is legal.
struct ReplayWarning {
  int ply = 0;
  std::string move;     // as written
  std::string message;  // e.g. "marked '+' but gives no check (standard: Nf3)"
  SourceLocation where;
};

// A statement of fact in the record's annotations ("[%claim check]"), judged by the rules
// (variants that define claims: Time Traveler's Chess).
struct ReplayClaim {
  int ply = 0;
  std::string move;   // the move the comment follows, as written
  std::string claim;  // as written
  bool verified = false;
  std::string reason;
  std::vector<std::string> details;
  SourceLocation where;
  bool in_variation = false;
};

// How a record was read as a whole (solver/reading/record_search.h): the least total edit cost
// within the rule set's edit model, whether that is proven, and the other readings as cheap.
struct RecordReading {
  double cost = 0;        // edits in all (a foreign piece letter read as English: half an edit)
  bool proven = false;    // no reading within the edit model costs less
  bool all_ties = false;  // every reading as cheap is counted in `ties`
  std::string limit;      // what stopped the search first, when not proven
  double lower_bound = 0; // no reading costs less (edits)
  std::size_t ties = 1;   // readings found at this cost, this one included
  std::vector<std::string> other_readings;   // each other least-cost reading: where it differs
  std::vector<std::string> comments;         // what the author's comments say, against this reading
  std::size_t states = 0;  // game states the search kept
};

// The verdict on one ply of the main line, for variants whose plies need more than "legal"
// (Conditional Chess: the slot of the turn cycle, the condition's value, the branch played).
struct ReplayPly {
  int ply = 0;
  std::string move;     // as written
  std::string side;     // "white" / "black": whose ply it is
  std::string slot;     // the variant's name for it ("A", "B", "C", "S", "-")
  std::string verdict;  // "legal", "executed", "skipped", "no move", "corrected", "illegal"
  std::string detail;
  std::string correction;  // the text checked instead of the printed one, if any
  SourceLocation where;
};

struct ReplayReport {
  int plies = 0;            // main-line plies found legal (all of them when the line is legal)
  int variation_plies = 0;  // plies found legal inside variations
  std::vector<ReplayError> errors;  // in file order; the main line stops at its first illegal move
  std::vector<ReplayWarning> warnings;
  std::vector<ReplayClaim> claims;  // every annotated claim, in file order
  std::vector<ReplayFinding> findings;
  std::vector<ReplayPly> timeline;  // every main-line ply, when the variant gives one
  std::optional<RecordReading> reading;  // when the whole record was read by the edit search
  std::string variant;      // the rule set that judged the game
  std::string fen;          // end of the main line, or just before its first illegal move
  Color side_to_move = White;
  std::string diagram;      // of that position
  GameStatus status = GameStatus::Ongoing;
  std::string result;       // as the movetext claims it

  bool legal() const { return errors.empty(); }
  const ReplayError* first_error() const { return errors.empty() ? nullptr : &errors.front(); }
};

// Walks a move tree with any rule set: every move is read with the rules' own notation
// (G::parse_move: IllegalMoveError for a move the rules forbid, recorded, the line stops
// there; ParseError for text naming no move, which propagates as bad input).
template <RuleSet G>
class MoveTreeReplayer {
 public:
  MoveTreeReplayer(G& game, ReplayReport& report) : game_(game), report_(report) {}

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
        m = game_.parse_move(move.san, move.where);
      } catch (const IllegalMoveError& e) {
        report_.errors.push_back({ply + 1, move.san, e.message(), e.where(), e.predicate(), in_variation, false, false, {}, {}});
        break;
      }
      check_marks(move, game_.move_text(m), ply + 1);
      game_.play(m);
      ++played;
      ++ply;
      if constexpr (RecordClaims<G>) {
        for (auto& c : game_.check_claims(move.comments_after, m, ply, move.where))
          report_.claims.push_back({ply, move.san, c.claim, c.verified, c.reason, c.details, move.where, in_variation});
      }
      ++(in_variation ? report_.variation_plies : report_.plies);
    }
    return played;
  }

  // Compares the written capture, check and mate signs with the standard spelling.
  void check_marks(const PgnMove& move, const std::string& standard, int ply) {
    auto has = [](const std::string& s, char c) { return s.find(c) != std::string::npos; };
    std::string problem;
    if (has(move.san, 'x') && !has(standard, 'x')) problem = "marked 'x' but captures nothing";
    else if (!has(move.san, 'x') && has(standard, 'x') && !has(move.san, '-')) problem = "captures but is not marked 'x'";
    else if (has(move.san, '#') && !has(standard, '#')) problem = "marked '#' but is not checkmate";
    else if (has(move.san, '+') && !has(standard, '+') && !has(standard, '#')) problem = "marked '+' but gives no check";
    else if (has(standard, '#') && !has(move.san, '#')) problem = "checkmates but is not marked '#'";
    else if (has(standard, '+') && !has(move.san, '+')) problem = "gives check but is not marked '+'";
    if (!problem.empty())
      report_.warnings.push_back({ply, move.san, problem + " (standard spelling: " + standard + ")", move.where});
  }

  G& game_;
  ReplayReport& report_;
};

// The FEN a record's set-up gives under the rules G: the [FEN] tag's value, with G's own
// set-up tags added when G has any (Option Chess: [Tokens]).
template <RuleSet G>
std::string setup_fen(std::string_view fen, const SourceLocation& where, const PgnGame& record) {
  if constexpr (SetUpTags<G>) return G::fen_with_tags(fen, where, record);
  else return std::string(fen);
}

// Replays one game under the rules G, from G's start position or the [FEN] tag (errors in the
// FEN point at the tag's value in the file). `make(fen, where)` builds the game. Throws
// ParseError for bad input: a bad FEN, [SetUp "1"] without a FEN, garbled or ambiguous moves.
template <RuleSet G, class Make>
ReplayReport replay_game(const PgnGame& record, Make make) {
  ReplayReport report;
  report.result = record.result;
  report.variant = std::string(G::variant_name);
  std::optional<G> game;
  if (auto fen = record.tag("FEN")) {
    const SourceLocation where = *record.tag_value_location("FEN");
    game.emplace(make(setup_fen<G>(*fen, where, record), where));
  } else if (auto setup = record.tag("SetUp"); setup && *setup == "1") {
    throw ParseError(*record.tag_value_location("SetUp"), "[SetUp \"1\"] needs a [FEN] tag giving the starting position");
  } else {
    // A rule set whose start position is data (a variant designer's file) gives it at run time.
    if constexpr (requires { G::start_position(); }) game.emplace(make(G::start_position(), SourceLocation{"<start position>", 1, 1}));
    else game.emplace(make(G::start_fen, SourceLocation{"<start position>", 1, 1}));
  }
  MoveTreeReplayer<G>(*game, report).replay_main_line(record.moves);

  report.status = game->status();
  report.side_to_move = game->side_to_move();
  report.fen = game->fen();
  if constexpr (OwnDiagram<G>) report.diagram = game->diagram();
  else if constexpr (LetterRows<G>) report.diagram = board_diagram(game->rank_rows());
  else if constexpr (BoardPosition<G>) report.diagram = board_diagram(game->position());
  const bool main_line_legal =
      std::none_of(report.errors.begin(), report.errors.end(), [](const ReplayError& e) { return !e.in_variation; });
  // A result claimed after the game has ended on the board must agree with the board; any
  // result is fine while the game could go on (resignation, agreed draw, time).
  const bool ended = report.status == GameStatus::Checkmate || report.status == GameStatus::Stalemate ||
                     report.status == GameStatus::GrammaticallyIncorrect || report.status == GameStatus::MoverLost ||
                     report.status == GameStatus::Drawn || report.status == GameStatus::Lost;
  const std::string_view board_result = result_of(report.status, report.side_to_move);
  if (main_line_legal && ended && record.result != "*" && record.result != board_result) {
    const char* side = report.side_to_move == White ? "White" : "Black";
    const std::string why =
        report.status == GameStatus::Checkmate ? std::string(side) + " is checkmated, so the result is " + std::string(board_result)
        : report.status == GameStatus::Stalemate
            ? std::string(side) + " is stalemated, a draw, so the result is " + std::string(board_result)
        : report.status == GameStatus::MoverLost
            ? std::string(side) + "'s opponent has lost by the last move, so the result is " + std::string(board_result)
        : report.status == GameStatus::Drawn ? "the game is drawn by a rule of the variant, so the result is " + std::string(board_result)
        : report.status == GameStatus::Lost
            ? std::string(side) + " has lost by a rule of the variant, so the result is " + std::string(board_result)
            : std::string(side) + " is grammatically incorrect and has lost, so the result is " + std::string(board_result);
    report.errors.push_back({report.plies, record.result, "false result claim: after the last move " + why,
                             record.result_location, std::nullopt, false, true, false, {}, {}});
  }
  return report;
}

// The end of a replay that reads a record its own way (errata, readings): where the game
// stands, and a result claimed after the game has ended on the board checked against it.
template <RuleSet G>
void record_end_of_replay(ReplayReport& report, const G& game, const PgnGame& record) {
  report.status = game.status();
  report.side_to_move = game.side_to_move();
  report.fen = game.fen();
  report.diagram = board_diagram(game.position());
  const bool ended = report.status != GameStatus::Ongoing && report.status != GameStatus::Check;
  const std::string board_result(result_of(report.status, report.side_to_move));
  if (ended && record.result != "*" && record.result != board_result)
    report.errors.push_back({report.plies, record.result, "false result claim: the board's result is " + board_result,
                             record.result_location, std::nullopt, false, true, false, {}, {}});
}

}  // namespace arbiter
