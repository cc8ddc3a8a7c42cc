#pragma once
// Conditional Chess as a RuleSet. The position is an orthodox one plus the phase of the turn
// cycle (action.h); a ply of the RuleSet is one ply on the board, in the order they happen:
// White's A-move, Black's B-move, White's C-move, Black's A-move, White's B-move, Black's
// C-move, ... with the exceptions the text makes for checks and illegal C-moves.
//
// FEN: the six orthodox fields, then optionally the phase: A (default), B, C, or S (the
// opponent's substitute move after an illegal C-move, under conditional.illegal-c-move=
// opponent-moves; the orthodox side to move is then the C-mover, whose man is moved).
//
// Notation: A- and B-moves in SAN; the C-ply as stated, "Bg5?Nf6/c4" or "!d4", the branch
// played in stars when the record marks it ("Bg5?*Nf6*/c4"); '++' is read as '#'.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/conditional/action.h"
#include "rules/conditional/movegen.h"
#include "rules/conditional/options.h"
#include "rules/conditional/statement.h"
#include "rules/core/position.h"
#include "rules/core/ruleset.h"

namespace arbiter::conditional {

// What a C-ply did: the branch the condition selected, and the move executed, or why not.
struct Execution {
  Branch branch = Branch::None;
  bool condition = false;
  std::optional<Move> move;
  std::string skipped_because;  // empty when executed
  std::optional<std::string> predicate;
};

class Game {
 public:
  using MoveType = Action;
  using MoveListType = ActionList;
  static constexpr std::string_view variant_name = "conditional";
  static constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  explicit Game(Position pos = Position::start(), Phase phase = Phase::A, Options options = {});
  // A game in phase B or C whose C-mover stated with `statable` moves (statable_moves() when he
  // stated, after his A-move: in phase C the B-move may since have taken some of his men).
  Game(Position pos, Phase phase, int statable, Options options);

  static Game from_fen(std::string_view fen, const SourceLocation& where) { return from_fen(fen, where, {}); }
  static Game from_fen(std::string_view fen, const SourceLocation& where, const Options& options);
  std::string fen() const;
  // A- and B-moves (and substitutes): SAN; an illegal one raises IllegalMoveError naming its
  // predicate. C-plies: a statement; a branch marked as played that is not the one the
  // condition selects, or that cannot be played, raises IllegalMoveError too.
  Action parse_move(std::string_view text, const SourceLocation& where) const;
  std::string move_text(const Action& a) const;
  std::string move_uci(const Action& a) const;

  const Position& position() const { return pos_; }
  Phase phase() const { return phase_; }
  int statable() const { return statable_; }  // phases B and C: the moves the C-mover could state
  const Options& options() const { return options_; }
  // What the statement would do if it were executed now (C phase).
  Execution resolve(const Statement& s) const;
  // What the last C-ply did (after playing one).
  const std::optional<Execution>& last_execution() const { return last_execution_; }

  void generate_candidates(ActionList& list) const { conditional::generate_candidates(pos_, phase_, list); }
  std::optional<std::string_view> rejecting_predicate(const Action& a) {
    return first_failed_predicate(pos_, phase_, statable_, a);
  }
  void generate_legal(ActionList& list) const { conditional::generate_legal(pos_, phase_, statable_, list); }
  int count_legal() const {
    ActionList list;
    generate_legal(list);
    return list.size();
  }
  bool has_legal_move() const { return has_legal_action(pos_, phase_); }
  void play(const Action& a);
  void undo();
  GameStatus status() const;
  // The player who chooses the next ply (in phase S the opponent of the man's owner).
  Color side_to_move() const { return phase_ == Phase::Substitute ? ~pos_.side_to_move() : pos_.side_to_move(); }
  std::uint64_t key() const { return pos_.key() ^ (std::uint64_t(phase_) * 0x9E3779B97F4A7C15ULL); }
  // Everything later plies depend on, for searches that merge games: the position, the phase
  // and the moves the C-mover could state (key() leaves the last out; it rarely differs).
  bool same_state(const Game& other) const {
    return phase_ == other.phase_ && statable_ == other.statable_ && pos_ == other.pos_;
  }
  // Drops what undo() needs, so that a search keeping many games keeps them small.
  void forget_history() {
    history_.clear();
    history_.shrink_to_fit();
    pos_.clear_history();
  }
  bool in_check() const { return pos_.in_check(); }

  // Perft over the full choice space: every C-ply outcome counts once per statement that
  // produces it (RULES.md). Throws std::overflow_error past 2^64.
  std::uint64_t perft_statements(int depth);
  // The same split by first ply: (UCI, or "skip", count).
  std::vector<std::pair<std::string, std::uint64_t>> perft_statements_divide(int depth);

 private:
  struct Undo {
    Action action;
    Phase phase;
    int statable;
    std::optional<Execution> execution;
    bool made = false;  // a move was made on the board
    bool null = false;  // then the turn passed without a move (make_null)
  };
  unsigned __int128 perft_weighted(int depth);
  // Statements behind each outcome of the C-ply at hand: (per executed move, for the skip).
  std::pair<unsigned __int128, unsigned __int128> statement_weights(const ActionList& outcomes) const;
  void after_c_ply(bool executed, bool was_in_check, Undo& u);

  mutable Position pos_;  // generation makes and unmakes moves on it; unchanged on return
  Phase phase_ = Phase::A;
  int statable_ = 0;  // the C-mover's statable moves when he stated (C phase)
  Options options_;
  std::vector<Undo> history_;
  std::optional<Execution> last_execution_;
};

static_assert(RuleSet<Game>);

std::string_view phase_name(Phase p);  // "A", "B", "C", "S"

}  // namespace arbiter::conditional
