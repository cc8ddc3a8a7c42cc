#pragma once
// The fairy rule set as a RuleSet: a Board of any Variant (variant.h) with its generators and
// predicates (movegen.h) and the notation (SAN with the variant's letters, UCI). With
// Variant::orthodox() it plays exactly orthodox chess, by walks instead of bitboards.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/core/diagram_man.h"
#include "rules/core/position.h"
#include "rules/core/ruleset.h"
#include "rules/fairy/board.h"
#include "rules/fairy/legality_cuts.h"
#include "rules/fairy/movegen.h"
#include "rules/fairy/options.h"

namespace arbiter::fairy {


class Game {
 public:
  using MoveType = FairyMove;
  using MoveListType = FairyMoveList;
  static constexpr std::string_view variant_name = "fairy";
  static constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  explicit Game(Board board) : board_(std::move(board)) {}
  // A position of the definition's pieces (orthodox() unless a variant file is in effect) and of
  // Popeye's fairy pieces by code ("(G)" a white grasshopper, "(gi)" a black giraffe:
  // piece_table.h); with() for any other variant.
  static Game from_fen(std::string_view fen, const SourceLocation& where, const Options& options = {}) {
    return from_fen(definition(), fen, where, options);
  }
  // The same over `base` instead of the definition in effect.
  static Game from_fen(std::shared_ptr<const Variant> base, std::string_view fen, const SourceLocation& where, const Options& = {});
  // The definition from_fen reads: a variant designer's file (variant_file.h) put in effect by
  // the registry when --variant or [VariantFile] names one; orthodox() by default.
  static void use_definition(std::shared_ptr<const Variant> definition);
  static std::shared_ptr<const Variant> definition();
  // The definition's start position (start_fen when no file is in effect).
  static std::string start_position() { return definition()->start_fen; }
  // Throws ParseError for a FEN that does not read, or a position no game reaches: a pawn on
  // its first or last rank, the side not to move in check.
  static Game with(std::shared_ptr<const Variant> variant, std::string_view fen, const SourceLocation& where, const Options& = {});
  std::string fen() const { return board_.fen(); }
  const Board& board() const { return board_; }
  const Options& options() const { return board_.options(); }
  // Each rank's FEN letters ('.' empty), the last rank first (capabilities.h, LetterRows).
  std::vector<std::string> rank_rows() const;
  // Every man as a diagram draws it (rules/core/diagram_man.h): a fairy piece by Popeye's glyph
  // and code, a neutral man half white and half black; none when the board is not 8 x 8.
  std::optional<std::vector<DiagramMan>> diagram_men() const;
  // The position as an orthodox Position, where it is one: 8 x 8, orthodox kinds only.
  std::optional<Position> orthodox_position() const;

  // SAN with the variant's letters ("Nf3", "exd6", "O-O", "e8=Q", "G_xd7+" for a grasshopper), or UCI ("g1f3").
  FairyMove parse_move(std::string_view text, const SourceLocation& where) const;
  std::string move_text(const FairyMove& m) const;
  std::string move_uci(const FairyMove& m) const;

  void generate_candidates(FairyMoveList& list) const { fairy::generate_candidates(board_, list); }
  std::optional<std::string_view> rejecting_predicate(const FairyMove& m) { return fairy::rejecting_predicate(board_, m); }
  // Legality plays each candidate and takes it back: the board is as before when these return.
  void generate_legal(FairyMoveList& list) const { fairy::generate_legal(board_, list); }
  // The legal moves that give check, in generation order (the prover's CheckGenerator: a mating
  // side's last moves). The check cut (CertainlyNoCheck) drops most candidates unplayed, before
  // their legality is asked; each of the others is played once for both questions.
  void generate_checks(FairyMoveList& list) const;
  int count_legal() const {
    FairyMoveList list;
    generate_legal(list);
    return list.size();
  }
  bool has_legal_move() const;
  // A capture (a locust's and en passant too): the prover tries these first.
  bool is_capture(const FairyMove& m) const {
    return (m.flags & (FairyMove::EnPassant | FairyMove::Locust)) || !board_.at(m.to).empty();
  }
  void play(const FairyMove& m) { board_.make(m); }
  void undo() { board_.unmake(); }
  void play_null() { board_.make_null(); }
  void undo_null() { board_.unmake_null(); }
  GameStatus status() const;
  Color side_to_move() const { return board_.side_to_move(); }
  std::uint64_t key() const { return board_.key(); }
  // A royal man of the side to move attacked, the side not suffocated by paralysis (movegen.h).
  bool in_check() const { return side_in_check(board_); }

  // "Does this move give check?" for the moves of the position as it is when made: the cut
  // (CertainlyNoCheck) answers most without playing them, the others are played and asked.
  class CheckTest {
   public:
    explicit CheckTest(Board& b) : board_(&b), no_check_(b) {}
    bool gives_check(const FairyMove& m) const {
      if (no_check_(*board_, m)) return false;
      board_->make(m);
      const bool check = side_in_check(*board_);
      board_->unmake();
      return check;
    }

   private:
    Board* board_;
    CertainlyNoCheck no_check_;
  };
  CheckTest check_test() const { return CheckTest(board_); }

 private:
  std::string square_name(int sq) const;
  mutable Board board_;
};

static_assert(RuleSet<Game>);
static_assert(DiagramMen<Game>);
static_assert(CheckTester<Game>);
static_assert(CaptureTest<Game>);
static_assert(CheckGenerator<Game>);

}  // namespace arbiter::fairy

namespace arbiter {
// Counting the replies after each defence costs a legal-move generation per defence, which
// the narrower proofs repay many times over (reports/benchmarks.md: BEISPIEL/elephant.inp 3).
template <>
inline constexpr bool cheap_reply_count<fairy::Game> = true;
}  // namespace arbiter
