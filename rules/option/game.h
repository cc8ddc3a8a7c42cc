#pragma once
// Option Chess as a RuleSet: an orthodox position plus the tokens and the en passant target
// a double move leaves, under the chosen interpretations.
//
// FEN: the six orthodox fields, then two optional ones:
//   tokens  "W/B": the double moves White and Black have left ("3/3"). Without it, the
//           tokens are those of a game in which none was used: 0/0 until Black's 8th move has
//           been played (12 each are awarded then), 12/12 up to Black's 48th, 16/16 after.
//   target  what the last turn left capturable en passant beyond the orthodox rule:
//           "-", "moved-twice:h3-g2" (the piece on g2 moved twice and first stopped on h3),
//           or "first-half-step:e3-e4" (a pawn's two-step e2-e4 as a first half).
// Problem files may give the tokens in a tag instead: [Tokens "3/3"] (White/Black).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/fen.h"
#include "rules/core/position.h"
#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"
#include "rules/option/movegen.h"
#include "rules/option/notation.h"
#include "rules/option/options.h"
#include "rules/option/turn.h"

namespace arbiter::option {

class Game {
 public:
  using MoveType = Turn;
  using MoveListType = TurnList;
  static constexpr std::string_view variant_name = "option";
  static constexpr std::string_view start_fen = StartFen;

  explicit Game(Position pos = Position::start(), OptionState state = {}, Options options = {});

  static Game from_fen(std::string_view fen, const SourceLocation& where) { return from_fen(fen, where, {}); }
  static Game from_fen(std::string_view fen, const SourceLocation& where, const Options& options);
  // The FEN of a record's set-up with its [Tokens "W/B"] tag (if any) added as the tokens field.
  static std::string fen_with_tags(std::string_view fen, const SourceLocation& where, const PgnGame& record);
  std::string fen() const;
  Turn parse_move(std::string_view text, const SourceLocation& where) const;
  std::string move_text(Turn t) const;
  std::string move_uci(Turn t) const { return turn_uci(t); }

  const Position& position() const { return pos_; }
  const OptionState& state() const { return state_; }
  const Options& options() const { return options_; }
  int tokens(Color c) const { return state_.tokens[c]; }

  void generate_candidates(TurnList& list) const { option::generate_candidates(pos_, state_, list); }
  std::optional<std::string_view> rejecting_predicate(Turn t) {
    if (auto r = first_failed_predicate(pos_, state_, options_, t)) return r->name;
    return std::nullopt;
  }
  void generate_legal(TurnList& list) const { option::generate_legal(pos_, state_, options_, list); }
  void generate_checks(TurnList& list) const { option::generate_legal_checks(pos_, state_, options_, list); }
  // Searches try single moves before generating the (many) double moves.
  static constexpr int generation_stages = 2;
  void generate_stage(int stage, bool checks_only, TurnList& list) const {
    generate_legal_stage(pos_, state_, options_, stage, checks_only, list);
  }
  int count_legal() const { return option::count_legal(pos_, state_, options_); }
  bool has_legal_move() const { return has_legal_turn(pos_, state_, options_); }
  void play(Turn t);
  void undo();
  void play_null();
  void undo_null();
  bool is_capture(Turn t) const;
  bool gives_check(Turn t);
  GameStatus status() const;
  Color side_to_move() const { return pos_.side_to_move(); }
  // Tokens, the en passant target and the move number (it decides when tokens are awarded
  // and whether options may be used) are part of the position.
  std::uint64_t key() const { return pos_.key() ^ state_key(); }
  bool in_check() const { return pos_.in_check(); }

 private:
  struct Undo {
    Turn turn;
    OptionState state;
  };
  std::uint64_t state_key() const;

  // Generation plays each first half and takes it back: the observable state never changes,
  // so the const interface of the RuleSet is kept.
  mutable Position pos_;
  OptionState state_;
  Options options_;
  std::vector<Undo> history_;
};

static_assert(RuleSet<Game>);

}  // namespace arbiter::option
