#pragma once
// The optional features of a rule set, each a named concept. RuleSet (ruleset.h) is what every
// rule set must have; a rule set that has more says so by having the member named here, and an
// engine asks for it by the concept's name, never by an inline `requires` of its own. A rule set
// without a feature gets the engine's general path (play the move and look, search without a
// null move, ...), so each is an optimisation or an extra, never a change of verdict.

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/diagram_man.h"
#include "rules/core/parse_error.h"
#include "rules/core/position.h"
#include "rules/core/types.h"

namespace arbiter {

struct PgnGame;  // rules/notation/pgn.h: a record, for the set-up tags

// A null move (the side to move passes): the prover's threat detection and null-move tests.
template <class G>
concept NullMove = requires(G& g) {
  g.play_null();
  g.undo_null();
};

// Whether a move captures, without playing it: move ordering and the composer's key filters.
template <class G>
concept CaptureTest = requires(const G& g, const typename G::MoveType& m) {
  { g.is_capture(m) } -> std::convertible_to<bool>;
};

// Whether a move gives check, without the engine playing it (the rules may play it inside).
template <class G>
concept CheckPrediction = requires(G& g, const typename G::MoveType& m) {
  { g.gives_check(m) } -> std::convertible_to<bool>;
};

// A check tester built once for a position and asked about many moves (faster than CheckTest).
template <class G>
concept CheckTester = requires(const G& g, const typename G::MoveType& m) {
  { g.check_test().gives_check(m) } -> std::convertible_to<bool>;
};

// The legal checking moves alone: a mating side's moves in the last ply of a search.
template <class G>
concept CheckGenerator = requires(const G& g, typename G::MoveListType& l) { g.generate_checks(l); };

// Moves generated in stages (Option Chess: single moves, then double moves), so that a search
// meets the cheap ones first; `generation_stages<G>` is 1 without.
template <class G>
concept StagedGeneration = requires {
  { G::generation_stages } -> std::convertible_to<int>;
};
template <class G>
inline constexpr int generation_stages = [] {
  if constexpr (StagedGeneration<G>) return int(G::generation_stages);
  else return 1;
}();

// Tokens in hand for each side (Option Chess's double moves), shown on diagrams and edited by
// the composer.
template <class G>
concept Tokens = requires(const G& g) {
  { g.tokens(White) } -> std::convertible_to<int>;
};

// Claims a record makes in its comments and the rules judge ([%claim ...], Time Traveler's
// Chess): checked by a replay after the move they follow.
template <class G>
concept RecordClaims = requires(G& g, const std::vector<std::string>& comments, const typename G::MoveType& m, int ply,
                                const SourceLocation& where) { g.check_claims(comments, m, ply, where); };

// Set-up tags of the rule set's own beside [FEN] (Option Chess: [Tokens "W/B"]).
template <class G>
concept SetUpTags = requires(std::string_view fen, const SourceLocation& where, const PgnGame& record) {
  { G::fen_with_tags(fen, where, record) } -> std::convertible_to<std::string>;
};

// The rule set's own text diagram (Time Traveler's Chess: the traveling men beside the board).
template <class G>
concept OwnDiagram = requires(const G& g) {
  { g.diagram() } -> std::convertible_to<std::string>;
};

// A board of the rule set's own letters (the fairy rule set: any size, any kind): each rank's
// squares as FEN letters ('.' empty), the last rank first, for the diagrams to draw.
template <class G>
concept LetterRows = requires(const G& g) {
  { g.rank_rows() } -> std::convertible_to<std::vector<std::string>>;
};

// Men a diagram draws as problemists draw fairy men (diagram_man.h): every man of an 8 x 8 board,
// or none when the board is another size.
template <class G>
concept DiagramMen = requires(const G& g) {
  { g.diagram_men() } -> std::convertible_to<std::optional<std::vector<DiagramMan>>>;
};

// An orthodox board underneath (a Position a diagram or a replay can show).
template <class G>
concept BoardPosition = requires(const G& g) {
  { g.position() } -> std::convertible_to<const Position&>;
};

// What undo() needs can be dropped, so that a game kept long (a referee, a long record) stays small.
template <class G>
concept ForgetsHistory = requires(G& g) { g.forget_history(); };

// Opt-in, never inferred: the rules are orthodox chess exactly, so an engine may use the
// orthodox bitboard fast paths (static exchange, the helpmate's mating-net bounds) on its
// Position and Moves. rules/orthodox/game.h sets it for orthodox::Game; a rule set that looks
// orthodox (same Position, same Move) but changes any rule must not.
template <class G>
inline constexpr bool orthodox_fast_paths = false;

// Opt-in: counting the legal moves after each of a node's moves costs little against a search
// below it (a bitboard generator), so the prover may order defences by the attacker's replies
// (solver/prover/mate_search.h). A rule set with wide or costly generation (Option Chess's double
// moves, Time Traveler's Chess) leaves it off: the counting would cost more than it saves. The
// fairy rule set's walks are costlier than bitboards, yet it is on there: its direct mates and
// selfmates visit far fewer nodes for it (rules/fairy/game.h).
template <class G>
inline constexpr bool cheap_reply_count = false;

}  // namespace arbiter
