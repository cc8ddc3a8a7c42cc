#pragma once
// Grammatical correctness of one side (rule text, "Grammatical Correctness"): "there is a
// theoretical possibility that each of his traveling chessmen on the board can be annihilated".
// The model (what "theoretical" keeps and what it relaxes) is written down in GRAMMAR.md.
// Cheap static analysis finds the possible resonator routes; Z3 decides the joint problem
// (distinct resonators, a shared capture budget, an annihilation order around blockers).

#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/bitboard.h"
#include "rules/core/types.h"
#include "rules/timetravel/options.h"

namespace arbiter::timetravel {

struct GrammarMan {
  PieceType type;
  Square square;
};

struct GrammarQuery {
  Color side;                          // whose position is judged
  std::vector<GrammarMan> traveling;   // side's traveling men
  std::vector<GrammarMan> untraveled;  // side's untraveled men (the possible resonators)
  Bitboard enemy_traveling = 0;        // enemy traveling men (obstacles that can be captured)
  int enemy_men = 0;                   // enemy men on the board: the most captures the side's pawns can make together
  GrammarScope scope = GrammarScope::Joint;
  PawnAnnihilation pawn_step = PawnAnnihilation::StraightAndDouble;
  bool promotion = true;  // may pawns resonate with pieces by promoting (false for Resonator::TheoreticalNoPromotion)
  GrammarEnemyBlocker enemy_blocker = GrammarEnemyBlocker::OneCapture;  // timetravel.grammar-enemy-blocker
  // timetravel.per-piece-annihilation-order, read only in PerPiece scope: Ignored drops the own
  // traveling men from every route's blockers (each man judged as if alone).
  PerPieceAnnihilationOrder per_piece_order = PerPieceAnnihilationOrder::Kept;
};

enum class GrammarVerdict { Correct, Incorrect, Unknown };

struct GrammarResult {
  GrammarVerdict verdict;
  // Correct: witness[i] = index into untraveled of the resonator for traveling[i] (Joint: all
  // distinct); PerPiece: a feasible one for each.
  std::vector<int> witness;
  // Incorrect: which traveling men cannot be annihilated and why; Unknown: "z3 timeout after
  // N ms" or Z3's reason.
  std::string reason;
  bool from_cache = false;
  // Correct: indices into traveling in an annihilation order that clears every blocked path.
  std::vector<int> order = {};
};

// Z3 gets at most `timeout_ms`; inside a search (rules/core/stop.h), no more than its deadline
// leaves: past the deadline, or after an interrupt, the call then throws SearchStopped instead
// of answering Unknown for want of time, so a search never judges a move by a grammar it cut short.
GrammarResult decide_grammar(const GrammarQuery& q, unsigned timeout_ms = 2000);

// The same decision always through Z3: no exact shortcut, no cache (tests compare the two).
GrammarResult decide_grammar_z3(const GrammarQuery& q, unsigned timeout_ms = 2000);

// Pairwise theoretical feasibility: could this untraveled man ever annihilate this traveling man
// (ignoring the other traveling men)? Used for the resonator interpretation "theoretical".
bool could_annihilate(const GrammarMan& resonator, const GrammarMan& traveling, Color side, int enemy_men,
                      PawnAnnihilation pawn_step, bool promotion);

// One way an untraveled man could annihilate a traveling man. A route with blockers is a
// pawn walking straight up its file: the own traveling men on the way must be annihilated
// before it (order), the enemy traveling men on the way must leave the board (each costs one
// enemy man of the capture budget). In PerPiece scope with PerPieceAnnihilationOrder::Ignored
// no route has own blockers.
struct GrammarRoute {
  int traveling;           // index into GrammarQuery::traveling
  int untraveled;          // index into GrammarQuery::untraveled
  int captures;            // captures the resonator (a pawn) makes on the way
  std::vector<int> own_blockers;  // indices into traveling
  Bitboard enemy_blockers;
  int promotion_file;      // -1 unless a pawn promotes to reach a piece
};
// Every route the static analysis keeps, grouped by traveling man in index order.
std::vector<GrammarRoute> grammar_routes(const GrammarQuery& q);

// Cache statistics for tests and benchmarks.
struct GrammarCacheStats {
  std::uint64_t hits, misses, z3_calls;
};
GrammarCacheStats grammar_cache_stats();
void clear_grammar_cache();  // empties the cache and zeroes the statistics

}  // namespace arbiter::timetravel
