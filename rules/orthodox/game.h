#pragma once
// Orthodox chess as a RuleSet: a Position plus the chosen interpretations.

#include <optional>
#include <string>
#include <string_view>

#include "rules/core/fen.h"
#include "rules/core/position.h"
#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "rules/orthodox/movegen.h"
#include "rules/orthodox/options.h"

namespace arbiter::orthodox {

class Game {
 public:
  using MoveType = Move;
  using MoveListType = MoveList<>;
  static constexpr std::string_view variant_name = "orthodox";
  static constexpr std::string_view start_fen = StartFen;

  explicit Game(Position pos = Position::start(), Options options = {}) : pos_(std::move(pos)), options_(options) {
    set_castling_pairs(pos_, options_);
  }

  static Game from_fen(std::string_view fen, const SourceLocation& where, const Options& options = {}) {
    FenOptions fen_options;
    fen_options.kings_optional = options.king_count == KingCount::AtMostOne;
    return Game(read_fen(fen, where, fen_options), options);
  }
  std::string fen() const { return write_fen(pos_); }
  Move parse_move(std::string_view text, const SourceLocation& where) const;
  std::string move_text(Move m) const;
  std::string move_uci(Move m) const;

  const Position& position() const { return pos_; }
  Position& position() { return pos_; }
  const Options& options() const { return options_; }

  void generate_candidates(MoveList<>& list) const { orthodox::generate_candidates(pos_, list); }
  std::optional<std::string_view> rejecting_predicate(Move m) {
    if (auto p = first_failed_predicate(pos_, m, options_)) return predicate_name(*p);
    return std::nullopt;
  }
  void generate_legal(MoveList<>& list) const { orthodox::generate_legal(pos_, list, options_); }
  void generate_checks(MoveList<>& list) const { orthodox::generate_legal_checks(pos_, list, options_); }
  int count_legal() const { return orthodox::count_legal(pos_, options_); }
  bool has_legal_move() const { return orthodox::has_legal_move(pos_, options_); }
  void play(Move m) { pos_.make(m); }
  void undo() { pos_.unmake(); }
  // Passing the turn: lets the prover ask what the attacker threatens.
  void play_null() { pos_.make_null(); }
  void undo_null() { pos_.unmake_null(); }
  bool gives_check(Move m) const { return orthodox::gives_check(pos_, m); }
  // For testing many moves of this position (see CheckTest); valid until the next play/undo.
  CheckTest check_test() const { return CheckTest(pos_); }
  bool is_capture(Move m) const { return !pos_.empty(m.to()) || m.kind() == MoveKind::EnPassant; }
  GameStatus status() const;
  Color side_to_move() const { return pos_.side_to_move(); }
  std::uint64_t key() const { return pos_.key(); }
  bool in_check() const { return pos_.in_check(); }

 private:
  Position pos_;
  Options options_;
};

static_assert(RuleSet<Game>);

}  // namespace arbiter::orthodox

namespace arbiter {
// Orthodox chess is exactly the rules the bitboard fast paths assume (capabilities.h).
template <>
inline constexpr bool orthodox_fast_paths<orthodox::Game> = true;
// Its bitboard generator counts a position's legal moves cheaply (capabilities.h).
template <>
inline constexpr bool cheap_reply_count<orthodox::Game> = true;
}  // namespace arbiter
