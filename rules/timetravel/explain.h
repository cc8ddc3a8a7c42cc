#pragma once
// "Why is this legal?": for one position, each player's traveling men, their resonators, the
// support matching of the player's explosions, the grammar verdict with its witness, and
// check as the text defines it.

#include <string>
#include <vector>

#include "rules/timetravel/game.h"

namespace arbiter::timetravel {

struct ExplainedMan {
  Square square = NoSquare;
  PieceType type = NoPieceType;
  std::string name;                    // identity ("QN", "N*1")
  std::vector<std::string> resonators; // "QN on b1": untraveled men that are resonators for it
};

struct ExplainedExplosion {
  PieceType type = NoPieceType;
  Square square = NoSquare;
  std::vector<std::string> supports;  // identities (with their square while on the board)
  std::string matched;                // the support the matching assigns ("" if none)
};

struct ExplainedSide {
  Color color = White;
  bool resolved = true;
  bool kingless = false;
  bool in_check = false;
  bool lost_traveling = false;
  std::vector<ExplainedMan> traveling;
  std::vector<ExplainedExplosion> explosions;
  bool matching_complete = true;      // every explosion paired with a distinct support
  std::string grammar;                // "correct", "incorrect", "unknown"
  std::string grammar_reason;
  std::vector<std::string> witness;   // "N~ f6 <- QN on b1", one per traveling man
};

struct Explanation {
  std::string fen;
  GameStatus status = GameStatus::Ongoing;
  Color side_to_move = White;
  ExplainedSide sides[2];
};

Explanation explain(const Game& game);

}  // namespace arbiter::timetravel
