#pragma once
// Time Traveler's Chess moves as generators plus named predicates.
//
// Generators propose candidates: normal moves of untraveled and traveled men (traveling men
// never move, block lines and may be captured), castling, en passant, promotions,
// annihilations (an untraveled man onto a friendly traveling man of its type one move away)
// and explosions (a type, an empty explosion square, and the traveled man's move from it).
// Predicates accept or reject each candidate; each names the rule it enforces, and the legal
// moves are the candidates no predicate rejects.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/timetravel/board.h"
#include "rules/timetravel/grammar.h"
#include "rules/timetravel/move.h"
#include "rules/timetravel/options.h"

namespace arbiter::timetravel {

struct Rejection {
  std::string_view predicate;  // e.g. "explosion-supported"
  std::string detail;          // what failed, in the text's words
};

// The explosion supports of every type and square for one side: computed once per position
// (the search behind them is the costly part of generation).
class SupportTable {
 public:
  SupportTable(const Board& b, Color side, const Options& options);
  // Untraveled men (by square) supporting an explosion of `type` on the empty `square`.
  Bitboard supports(PieceType type, Square square) const;
  // Squares where an explosion of `type` has at least one support.
  Bitboard explosion_squares(PieceType type) const { return reachable_[type]; }

 private:
  struct Entry {
    Square from;
    PieceType as_type;
    Bitboard squares;
    std::array<std::uint8_t, 64> moves;
  };
  std::vector<Entry> entries_;
  Bitboard reachable_[PieceTypeCount] = {};
  SupportChoice choice_;
};

void generate_candidates(const Board& b, const Options& options, MoveList& list);

// The first predicate that rejects `m` in this position, or none: the move is legal. Plays
// and takes back the move to judge what it leaves (grammar, check).
std::optional<Rejection> first_failed_predicate(Board& b, const Options& options, const Move& m);

// The legal moves (the fast path: the predicates applied in bulk, each support search once).
void generate_legal(Board& b, const Options& options, MoveList& list);

// The side's support table for this position (cached: the last position asked about).
const SupportTable& support_table(const Board& b, Color side, const Options& options);

// The supports an explosion would record (their identities): empty when unsupported.
std::vector<ManId> explosion_support_ids(const Board& b, const Options& options, PieceType type, Square square);

// The grammar of one side in this position (Z3 behind a cache).
GrammarResult grammar_of(const Board& b, Color side, const Options& options);
GrammarQuery grammar_query(const Board& b, Color side, const Options& options);

// Is the enemy untraveled man on `square` a resonator under the chosen interpretation?
bool is_resonator(const Board& b, Square square, const Options& options);

// Game-level judgements.
bool grammatically_incorrect(const Board& b, Color side, const Options& options);
bool legal_move_exists(Board& b, const Options& options);
// A move after which the mover is not in check (or wins at once): what decides mate and stalemate.
bool escape_exists(Board& b, const Options& options);

// Moves that cannot be judged because Z3 timed out are rejected and counted here (reported
// by replay and perft as "unknown" rather than hidden).
std::uint64_t grammar_unknown_count();

}  // namespace arbiter::timetravel
