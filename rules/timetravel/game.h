#pragma once
// Time Traveler's Chess as a RuleSet: the board with stages and identities, the rules'
// memory (explosions and their supports), under the chosen interpretations.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "rules/core/position.h"
#include "rules/core/ruleset.h"
#include "rules/timetravel/board.h"
#include "rules/timetravel/check.h"
#include "rules/timetravel/fen.h"
#include "rules/timetravel/mate_claim.h"
#include "rules/timetravel/movegen.h"
#include "rules/timetravel/notation.h"
#include "rules/timetravel/options.h"

namespace arbiter::timetravel {

struct ClaimOutcome;

class Game {
 public:
  using MoveType = Move;
  using MoveListType = MoveList;
  static constexpr std::string_view variant_name = "timetravel";
  static constexpr std::string_view start_fen = StartFen;

  explicit Game(Board board = Board::start(), Options options = {}) : board_(std::move(board)), options_(options) {}

  static Game from_fen(std::string_view fen, const SourceLocation& where) { return from_fen(fen, where, {}); }
  static Game from_fen(std::string_view fen, const SourceLocation& where, const Options& options) {
    return Game(timetravel::read_fen(fen, where), options);
  }
  std::string fen() const { return timetravel::write_fen(board_); }
  Move parse_move(std::string_view text, const SourceLocation& where) const {
    return timetravel::parse_move(board_, options_, text, where);
  }
  std::string move_text(const Move& m) const { return timetravel::move_text(board_, options_, m); }
  std::string move_uci(const Move& m) const { return timetravel::move_uci(m); }

  const Board& board() const { return board_; }
  const Options& options() const { return options_; }
  // The men without their stages, for the generic diagram and SVG writers.
  Position position() const;
  // A text diagram with stage marks: N untraveled, N~ traveling, N' traveled.
  std::string diagram() const;
  // The traveling and traveled men, for stage badges on SVG diagrams.
  std::vector<std::pair<Square, Stage>> staged_men() const {
    std::vector<std::pair<Square, Stage>> out;
    for (Bitboard b = board_.occupied() & ~board_.stage(White, Stage::Untraveled) & ~board_.stage(Black, Stage::Untraveled); b;) {
      const Square s = pop_lsb(b);
      out.emplace_back(s, board_.man_on(s).stage);
    }
    return out;
  }

  void generate_candidates(MoveList& list) const { timetravel::generate_candidates(board_, options_, list); }
  std::optional<std::string_view> rejecting_predicate(const Move& m) {
    if (auto r = first_failed_predicate(board_, options_, m)) return r->predicate;
    return std::nullopt;
  }
  void generate_legal(MoveList& list) const { timetravel::generate_legal(board_, options_, list); }
  int count_legal() const {
    MoveList list;
    generate_legal(list);
    return list.size();
  }
  bool has_legal_move() const { return legal_move_exists(board_, options_); }
  void play(const Move& m) {
    board_.make(m, m.kind == MoveKind::Explosion ? explosion_support_ids(board_, options_, m.type, m.from) : std::vector<ManId>{});
  }
  void undo() { board_.unmake(); }
  GameStatus status() const;
  Color side_to_move() const { return board_.side_to_move(); }
  std::uint64_t key() const { return board_.key(); }
  bool in_check() const { return timetravel::in_check(board_, board_.side_to_move(), options_); }
  // The "[%claim ...]" commands of a move's comments, judged after the move (claims.h).
  std::vector<ClaimOutcome> check_claims(const std::vector<std::string>& comments, const Move& m, int ply,
                                         const SourceLocation& where);
  // The search that judges "[%claim mate-in=N:C]" (mate_claim.h); none by default.
  void set_mate_prover(MateProver prover) { mate_prover_ = std::move(prover); }
  const MateProver& mate_prover() const { return mate_prover_; }

 private:
  // Generation plays each candidate and takes it back: the observable state never changes,
  // so the const interface of the RuleSet is kept.
  mutable Board board_;
  Options options_;
  MateProver mate_prover_;
};

static_assert(RuleSet<Game>);

}  // namespace arbiter::timetravel
