#pragma once
// Orthodox chess as a RuleSet: a Position plus the chosen interpretations.

#include <optional>
#include <string_view>

#include "rules/core/position.h"
#include "rules/core/ruleset.h"
#include "rules/orthodox/movegen.h"
#include "rules/orthodox/options.h"

namespace arbiter::orthodox {

class Game {
 public:
  using MoveType = Move;
  using MoveListType = MoveList<>;
  static constexpr std::string_view variant_name = "orthodox";

  explicit Game(Position pos = Position::start(), Options options = {}) : pos_(std::move(pos)), options_(options) {}

  const Position& position() const { return pos_; }
  Position& position() { return pos_; }
  const Options& options() const { return options_; }

  void generate_candidates(MoveList<>& list) const { orthodox::generate_candidates(pos_, list); }
  std::optional<std::string_view> rejecting_predicate(Move m) {
    if (auto p = first_failed_predicate(pos_, m, options_)) return predicate_name(*p);
    return std::nullopt;
  }
  void generate_legal(MoveList<>& list) const { orthodox::generate_legal(pos_, list, options_); }
  int count_legal() const { return orthodox::count_legal(pos_, options_); }
  void play(Move m) { pos_.make(m); }
  void undo() { pos_.unmake(); }
  GameStatus status() const;
  Color side_to_move() const { return pos_.side_to_move(); }
  std::uint64_t key() const { return pos_.key(); }
  bool gives_check_now() const { return pos_.in_check(); }

 private:
  Position pos_;
  Options options_;
};

static_assert(RuleSet<Game>);

// Result in PGN terms once the game has ended on the board: "1-0", "0-1", "1/2-1/2", or "*".
std::string_view result_of(GameStatus status, Color side_to_move);

}  // namespace arbiter::orthodox
