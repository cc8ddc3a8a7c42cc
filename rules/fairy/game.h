#pragma once
// The fairy rule set as a RuleSet: a Board of any Variant (variant.h) with its generators and
// predicates (movegen.h) and the notation (SAN with the variant's letters, UCI). With
// Variant::orthodox() it plays exactly orthodox chess, by walks instead of bitboards.

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "rules/core/ruleset.h"
#include "rules/fairy/board.h"
#include "rules/fairy/movegen.h"

namespace arbiter::fairy {

class Game {
 public:
  using MoveType = FairyMove;
  using MoveListType = FairyMoveList;
  static constexpr std::string_view variant_name = "fairy";
  static constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  explicit Game(Board board) : board_(std::move(board)) {}
  // A position of orthodox() pieces; with() for any other variant.
  static Game from_fen(std::string_view fen, const SourceLocation& where) { return with(Variant::orthodox(), fen, where); }
  static Game with(std::shared_ptr<const Variant> variant, std::string_view fen, const SourceLocation& where) {
    return Game(Board::from_fen(std::move(variant), fen, where));
  }
  std::string fen() const { return board_.fen(); }
  const Board& board() const { return board_; }

  // SAN with the variant's letters ("Nf3", "exd6", "O-O", "e8=Q", "Gxd7+"), or UCI ("g1f3").
  FairyMove parse_move(std::string_view text, const SourceLocation& where) const;
  std::string move_text(const FairyMove& m) const;
  std::string move_uci(const FairyMove& m) const;

  void generate_candidates(FairyMoveList& list) const { fairy::generate_candidates(board_, list); }
  std::optional<std::string_view> rejecting_predicate(const FairyMove& m) { return fairy::rejecting_predicate(board_, m); }
  // Legality plays each candidate and takes it back: the board is as before when these return.
  void generate_legal(FairyMoveList& list) const { fairy::generate_legal(board_, list); }
  int count_legal() const {
    FairyMoveList list;
    generate_legal(list);
    return list.size();
  }
  bool has_legal_move() const;
  void play(const FairyMove& m) { board_.make(m); }
  void undo() { board_.unmake(); }
  void play_null() { board_.make_null(); }
  void undo_null() { board_.unmake_null(); }
  GameStatus status() const;
  Color side_to_move() const { return board_.side_to_move(); }
  std::uint64_t key() const { return board_.key(); }
  bool in_check() const { return royal_attacked(board_, board_.side_to_move()); }

 private:
  std::string square_name(int sq) const;
  mutable Board board_;
};

static_assert(RuleSet<Game>);

}  // namespace arbiter::fairy
