#pragma once
// Transactional Chess as a RuleSet: the referee's state (referee.h); a move of the RuleSet is
// one turn, a chess move with its decision (commit, rollback or neither).
//
// FEN: the committed view's six orthodox fields, then optionally the transaction numbers
// ("T1,T2": White's, Black's current) and the pending moves of each side in UCI
// ("w:b1c3,c3b5;b:-"), replayed over the committed view to rebuild the referee's state.
// The en passant field names every square the side to move may take en passant on: a commit
// that makes two double steps visible at once leaves two ("d3,e3").
//
// Notation: "T1: Nc3", "T1: Nxc7+(C)", "T4: Nb4(R)"; the old capture sign ':' is read
// (e:d4, B:e7), '++' is checkmate (also '#').

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/ruleset.h"
#include "rules/transactional/movegen.h"
#include "rules/transactional/options.h"
#include "rules/transactional/referee.h"

namespace arbiter::transactional {

class Game {
 public:
  using MoveType = Action;
  using MoveListType = ActionList;
  static constexpr std::string_view variant_name = "transactional";
  static constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  explicit Game(Referee r = Referee::start(), Options options = {}) : r_(r), options_(options) {
    r_.strict = options.isolation == Isolation::Strict;
  }

  static Game from_fen(std::string_view fen, const SourceLocation& where) { return from_fen(fen, where, {}); }
  static Game from_fen(std::string_view fen, const SourceLocation& where, const Options& options);
  std::string fen() const;
  Action parse_move(std::string_view text, const SourceLocation& where) const;
  std::string move_text(const Action& a) const;
  std::string move_uci(const Action& a) const;

  const Referee& referee() const { return r_; }
  const Options& options() const { return options_; }
  Position position() const { return r_.potential_view(); }

  void generate_candidates(ActionList& list) const { transactional::generate_candidates(r_, options_, list); }
  std::optional<std::string_view> rejecting_predicate(const Action& a) {
    last_rejection_ = transactional::first_failed_predicate(r_, options_, a);
    if (last_rejection_) return last_rejection_->predicate;
    return std::nullopt;
  }
  void generate_legal(ActionList& list) const { transactional::generate_legal(r_, options_, list); }
  int count_legal() const {
    ActionList list;
    generate_legal(list);
    return list.size();
  }
  bool has_legal_move() const { return has_view_move(r_); }
  void play(const Action& a);
  void undo() {
    r_ = history_.back().referee;
    announcement_ = history_.back().announcement;
    history_.pop_back();
  }
  GameStatus status() const;
  Color side_to_move() const { return r_.side; }
  std::uint64_t key() const { return r_.key(); }
  // Drops what undo() needs, so that a search keeping many games keeps them small.
  void forget_history() {
    history_.clear();
    history_.shrink_to_fit();
  }
  bool in_check() const { return r_.committed_check(r_.side); }

  // The referee's announcement of a commit, as the text writes it ("White has committed:
  // Nb1-Nxc7+", one line per piece that moved: its square at the transaction's start, then
  // the move that brought it where it stands). Empty unless the last action was a commit.
  const std::vector<std::string>& last_announcement() const { return announcement_; }

 private:
  struct Snapshot {
    Referee referee;
    std::vector<std::string> announcement;
  };
  Referee r_;
  Options options_;
  std::vector<Snapshot> history_;
  std::optional<Rejection> last_rejection_;
  std::vector<std::string> announcement_;
};

static_assert(RuleSet<Game>);

}  // namespace arbiter::transactional
