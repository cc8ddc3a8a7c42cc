// "Adding a variant" (rules/README.md) followed once, for a rule set that exists only here:
// orthodox chess behind a class of its own that has the RuleSet members and nothing else (no
// capability of rules/core/capabilities.h, no opt-in to the orthodox fast paths). Its entry is
// one register_variant call; every engine of the entry must then give what the registry's
// orthodox entry gives, by the general paths (play and look, no null move, no bitboard bounds).

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/orthodox/game.h"
#include "solver/variants/engines.h"
#include "tests/support/test_support.h"

namespace arbiter {

namespace {

class PlainChess {
 public:
  using MoveType = Move;
  using MoveListType = MoveList<>;
  static constexpr std::string_view variant_name = "plain";
  static constexpr std::string_view start_fen = orthodox::Game::start_fen;

  static PlainChess from_fen(std::string_view fen, const SourceLocation& where, const orthodox::Options& o = {}) {
    return PlainChess(orthodox::Game::from_fen(fen, where, o));
  }
  std::string fen() const { return g_.fen(); }
  Move parse_move(std::string_view text, const SourceLocation& where) const { return g_.parse_move(text, where); }
  std::string move_text(Move m) const { return g_.move_text(m); }
  std::string move_uci(Move m) const { return g_.move_uci(m); }
  const Position& position() const { return g_.position(); }
  const orthodox::Options& options() const { return g_.options(); }
  void generate_candidates(MoveList<>& l) const { g_.generate_candidates(l); }
  std::optional<std::string_view> rejecting_predicate(Move m) { return g_.rejecting_predicate(m); }
  void generate_legal(MoveList<>& l) const { g_.generate_legal(l); }
  int count_legal() const { return g_.count_legal(); }
  bool has_legal_move() const { return g_.has_legal_move(); }
  void play(Move m) { g_.play(m); }
  void undo() { g_.undo(); }
  GameStatus status() const { return g_.status(); }
  Color side_to_move() const { return g_.side_to_move(); }
  std::uint64_t key() const { return g_.key(); }
  bool in_check() const { return g_.in_check(); }

 private:
  explicit PlainChess(orthodox::Game g) : g_(std::move(g)) {}
  orthodox::Game g_;
};

static_assert(RuleSet<PlainChess>);
static_assert(!NullMove<PlainChess> && !CaptureTest<PlainChess> && !CheckPrediction<PlainChess> &&
              !CheckTester<PlainChess> && !CheckGenerator<PlainChess> && !StagedGeneration<PlainChess>);
// The fast paths are opted into, never inferred from a Position and orthodox Moves.
static_assert(orthodox_fast_paths<orthodox::Game> && !orthodox_fast_paths<PlainChess>);
static_assert(NullMove<orthodox::Game> && CaptureTest<orthodox::Game> && CheckTester<orthodox::Game> &&
              CheckGenerator<orthodox::Game>);

const VariantEngines& plain() {
  static const VariantEngines e = registry::register_variant<PlainChess>({"plain", "Plain chess", "Plain", {"plain"}});
  return e;
}

std::vector<std::string> key_moves(const prover::Solution& s) {
  std::vector<std::string> out;
  for (const auto& k : s.keys) out.push_back(k.san);
  return out;
}

std::vector<std::string> help_lines(const prover::Solution& s) {
  std::vector<std::string> out;
  for (const auto& line : s.solutions) {
    std::string text;
    for (const auto& m : line.moves) text += m.san + " ";
    out.push_back(text);
  }
  return out;
}

}  // namespace

TEST_CASE("new rule set: one register_variant call gives every engine, equal to orthodox by the general paths", "[engines]") {
  const VariantEngines& orthodox = find_variant("orthodox");
  const VariantEngines& p = plain();
  CHECK(p.name == "plain");
  CHECK(p.start_fen == orthodox.start_fen);
  CHECK(p.perft(p.start_fen, {"test", 1, 1}, 3, {}) == 8902);

  // Mansfield, The Hindu 1951 (puzzles/orthodox/problem-mansfield-1951-mate2.pgn), #2: the plain
  // entry proves the orthodox entry's single key, without null moves for the threats.
  const std::string mate2 = "3K2b1/2B2p1N/5P1p/R2N1k2/4p1R1/1Q6/2n1B1P1/r2q4 w - - 0 1";
  prover::SolveOptions direct;
  direct.n = 2;
  const prover::Solution a = orthodox.solve(mate2, {"test", 1, 1}, direct, {});
  const prover::Solution b = p.solve(mate2, {"test", 1, 1}, direct, {});
  REQUIRE(a.verdict == prover::Verdict::Proved);
  CHECK(b.verdict == a.verdict);
  CHECK(key_moves(b) == key_moves(a));
  CHECK(key_moves(a).size() == 1);

  // A helpmate (puzzles/orthodox/help-self: h#2 2.1.1.1 with castling): the orthodox entry uses
  // the mating-net bounds, the plain one searches without them; the solutions are the same.
  const std::string help2 = "8/8/8/8/8/1P1k1p2/7r/R3K2R b KQ - 0 1";
  prover::SolveOptions help;
  help.goal = prover::Goal::HelpMate;
  help.n = 2;
  const prover::Solution ha = orthodox.solve(help2, {"test", 1, 1}, help, {});
  const prover::Solution hb = p.solve(help2, {"test", 1, 1}, help, {});
  CHECK(ha.solutions.size() == 2);
  CHECK(help_lines(hb) == help_lines(ha));

  // A record replayed, and the diagram drawn.
  const auto games = read_pgn("[Variant \"plain\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n", "<test>");
  const ReplayReport r = p.replay(games.at(0), {});
  CHECK(r.legal());
  CHECK(r.plies == 4);
  CHECK(p.svg(p.start_fen, {"test", 1, 1}, {"e4"}, {"e5"}, {}, {}).find("<svg") != std::string::npos);
}

}  // namespace arbiter
