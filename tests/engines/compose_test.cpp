// The composer (solver/compose/): material specs, candidates and their symmetries, the quick
// judgement against the full prover, the score's criteria, reproducible runs, and every
// composed problem proved sound again by a fresh solve.

#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <set>
#include <string>

#include "rules/option/game.h"
#include "rules/orthodox/game.h"
#include "solver/compose/assessment.h"
#include "solver/compose/generator.h"
#include "solver/compose/material.h"
#include "solver/compose/placement.h"
#include "solver/compose/problem_pgn.h"
#include "solver/compose/solution_analysis.h"
#include "solver/problem/problem.h"
#include "solver/prover/solve.h"
#include "solver/variants/registry.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::compose;

namespace {

Placement placement_of(std::string_view fen) {
  const Position pos = read_fen(fen);
  Placement p;
  for (Square s = 0; s < 64; ++s) p.board[s] = pos.piece_on(s);
  p.fullmove = pos.fullmove_number();
  return p;
}

std::string error_of(std::string_view spec) {
  try {
    parse_material(spec);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

ComposeReport compose_orthodox(int n, std::uint64_t seed, int count, std::uint64_t attempts) {
  ComposeOptions o;
  o.n = n;
  o.seed = seed;
  o.count = count;
  o.max_attempts = attempts;
  return find_variant("orthodox").compose(o, {});
}

// A fresh, complete solve of the composed problem as its PGN file states it: exactly one key,
// the composed one, mating in exactly n with no shorter mate; and `verify` confirms the file.
void check_proved_again(const ComposedProblem& c) {
  INFO(c.fen << " " << c.stipulation << " " << c.key_san);
  const auto problems = problem::read_problems(problem_pgn(c, "test", find_variant(c.variant).pgn_tag), "composed.pgn");
  REQUIRE(problems.size() == 1);
  const problem::Problem& p = problems[0];
  const VariantEngines& rules = find_variant(p.variant);
  const std::string fen = rules.setup_fen(p.fen, p.fen_location, *p.published);
  prover::SolveOptions so;
  so.n = p.stipulation.moves;
  so.build_tree = false;
  const prover::Solution s = rules.solve(fen, p.fen_location, so, {});
  REQUIRE(s.verdict == prover::Verdict::Proved);
  CHECK(s.complete);
  REQUIRE(s.keys.size() == 1);
  CHECK(s.keys[0].uci == c.key_uci);
  CHECK(s.keys[0].mate_in == so.n);
  CHECK(s.shortest == so.n);
  const prover::VerifyReport r = rules.verify(fen, p.fen_location, so, p.published->moves, {});
  CHECK(r.verdict() == "confirmed");
}

}  // namespace

TEST_CASE("compose material: the spec and every impossible pool", "[compose]") {
  const Material m = parse_material("KQRN/KPP");
  CHECK(m.available(White, Queen) == 1);
  CHECK(m.available(White, Knight) == 1);
  CHECK(m.available(Black, Pawn) == 2);
  CHECK(m.available(Black, Queen) == 0);
  CHECK(parse_material("KSR/K").available(White, Knight) == 1);  // S is the problemists' knight
  CHECK(default_material().spec() == "KQRRBBNNPPP/KQRBNPPPPP");
  CHECK(default_material().max_units == 12);
  CHECK(error_of("KQRN") == "--material:1:1: expected White's units, '/', Black's units (such as KQRBN/KPPP), found 'KQRN'");
  CHECK(error_of("KQX/K") == "--material:1:3: expected a unit letter K, Q, R, B, N (or S) or P, found 'X'");
  CHECK(error_of("QR/K") == "--material:1:1: impossible material: White needs exactly one king, found 0");
  CHECK(error_of("KQ/KK") == "--material:1:4: impossible material: Black needs exactly one king, found 2");
  CHECK(error_of("KPPPPPPPPP/K") == "--material:1:1: impossible material: White has 9 pawns (at most 8)");
  CHECK(error_of("KQQQPPPPPPP/K").find("2 units beyond the initial set but only 1 missing pawns") != std::string::npos);
  CHECK(error_of("KQQPPPPPPP/K") == "");  // one promoted queen, one missing pawn
  CHECK(error_of("K/KQ") == "--material:1:1: impossible material: White needs a unit besides the king to mate");
}

TEST_CASE("compose placement: FEN, tokens, and one key for all symmetric copies", "[compose]") {
  Placement p = placement_of("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1");
  CHECK(p.fen() == "8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1");
  CHECK(p.units() == 3);
  CHECK(p.king(Black) == sq::b3);
  p.tokens = {1, 0};
  p.fullmove = 30;
  CHECK(p.fen_with_tokens() == "8/8/8/8/8/1k6/8/1K2Q3 w - - 0 30 1/0");
  // Without pawns every rotation and reflection is the same problem...
  const std::string a = canonical_key(placement_of("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1"));
  CHECK(a == canonical_key(placement_of("8/8/8/8/8/6k1/8/3Q2K1 w - - 0 1")));  // mirrored left-right
  CHECK(a == canonical_key(placement_of("3Q2K1/8/6k1/8/8/8/8/8 w - - 0 1")));  // rotated half a turn
  CHECK(a == canonical_key(placement_of("8/8/8/Q7/8/8/K1k5/8 w - - 0 1")));    // files and ranks swapped
  CHECK(a != canonical_key(placement_of("8/8/8/8/8/1k6/8/1KQ5 w - - 0 1")));
  // ...with pawns only the left-right mirror keeps the rules.
  const std::string b = canonical_key(placement_of("8/8/8/8/3P4/1k6/8/1K2Q3 w - - 0 1"));
  CHECK(b == canonical_key(placement_of("8/8/8/8/4P3/6k1/8/3Q2K1 w - - 0 1")));
  CHECK(b != canonical_key(placement_of("3Q2K1/8/6k1/4P3/8/8/8/8 w - - 0 1")));
  // Tokens are part of the problem.
  Placement t1 = placement_of("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 30"), t2 = t1;
  t1.tokens = {1, 0};
  t2.tokens = {2, 0};
  CHECK(canonical_key(t1) != canonical_key(t2));
}

TEST_CASE("compose generator: candidates keep the material, and a seed gives the same sequence", "[compose]") {
  GeneratorSettings settings;
  settings.material = parse_material("KQRBN/KBNP");
  settings.material.max_units = 6;
  Random r1(42), r2(42);
  for (int i = 0; i < 300; ++i) {
    Placement a = random_candidate(r1, settings);
    for (int k = 0; k < 5; ++k) a = mutated(a, r1, settings);
    const Placement b = mutated(mutated(mutated(mutated(mutated(random_candidate(r2, settings), r2, settings), r2, settings),
                                                r2, settings),
                                        r2, settings),
                                r2, settings);
    REQUIRE(a == b);
    CHECK(a.units() <= 6);
    CHECK(a.count(White, King) == 1);
    CHECK(a.count(Black, King) == 1);
    CHECK(a.count(White, Queen) <= 1);
    CHECK(a.count(White, Pawn) == 0);
    CHECK(a.count(Black, Pawn) <= 1);
    for (Square s = 0; s < 64; ++s)
      if (type_of(a.board[s]) == Pawn) CHECK((rank_of(s) >= 1 && rank_of(s) <= 6));
  }
}

// The quick judgement must agree with the prover's complete solution, or the composer would
// keep cooked problems (a careless key count) or lose sound ones. Checked on the corpus's #2s
// with an independent reading of each key: check and capture from the board, flights by
// comparing the king's moves.
TEST_CASE("compose assessment agrees with the full prover on the corpus's mates in two", "[compose][corpus]") {
  Assessor<orthodox::Game> assessor(2, {}, {});
  std::map<Outcome, int> seen;
  int examined = 0;
  for (const auto& cp : test::orthodox_corpus()) {
    if (cp.moves != 2) continue;
    const Placement p = placement_of(cp.fen);
    if (read_fen(cp.fen).castling_rights() || p.units() > 20) continue;
    const Assessment a = assessor.assess(p);
    orthodox::Game game = orthodox::Game::from_fen(cp.fen, {"<corpus>", 1, 1});
    prover::SolveOptions so;
    so.n = 2;
    so.build_tree = false;
    const prover::Solution s = prover::solve(game, so);
    INFO(cp.file << " " << cp.fen << " outcome " << outcome_name(a.outcome));
    ++examined;
    ++seen[a.outcome];
    if (a.outcome == Outcome::Illegal) continue;  // the corpus has a few retro-illegal diagrams
    if (s.shortest == 1) {
      CHECK(a.outcome == Outcome::ShortMate);
      continue;
    }
    if (s.keys.empty()) CHECK(a.outcome == Outcome::NoMate);
    if (s.keys.size() > 1) CHECK(a.outcome == Outcome::Cooked);
    if (s.keys.size() != 1) continue;
    REQUIRE(a.key_uci == s.keys[0].uci);
    const Move key = game.parse_move(s.keys[0].san, {"<corpus>", 1, 1});
    const bool checks = [&] {
      game.play(key);
      const bool c = game.in_check();
      game.undo();
      return c;
    }();
    if (checks) {
      CHECK(a.outcome == Outcome::KeyChecks);
    } else if (!game.position().empty(key.to())) {
      CHECK(a.outcome == Outcome::KeyCaptures);
    } else {
      // A flight is taken when the Black king could step somewhere before the key and not after.
      Position before = game.position();
      before.set_side_to_move(Black);
      Position after = game.position();
      after.make(key);
      bool taken = false;
      for (Bitboard b = king_attacks(before.king_square(Black)); b; ) {
        const Square s2 = pop_lsb(b);
        const bool free_before = !(before.pieces(Black) & (Bitboard(1) << s2)) &&
                                 !before.attacked_by(White, s2, before.occupied() ^ (Bitboard(1) << before.king_square(Black)));
        const bool free_after = !(after.pieces(Black) & (Bitboard(1) << s2)) &&
                                !after.attacked_by(White, s2, after.occupied() ^ (Bitboard(1) << after.king_square(Black)));
        taken |= free_before && !free_after;
      }
      CHECK(a.outcome == (taken ? Outcome::KeyTakesFlight : Outcome::Sound));
    }
  }
  CHECK(examined > 50);
  // The corpus has keys of every kind, so each branch above was exercised.
  CHECK(seen[Outcome::Sound] > 10);
  CHECK(seen[Outcome::KeyChecks] > 0);
  CHECK(seen[Outcome::KeyCaptures] > 0);
  CHECK(seen[Outcome::KeyTakesFlight] > 0);
}

// One search and table judge a whole run. Sound only because a table entry is keyed by the
// whole position: judged after thousands of others, a candidate gets the verdict a fresh
// search gives it.
TEST_CASE("compose assessment: a long-lived search judges like a fresh one", "[compose]") {
  GeneratorSettings settings;
  settings.material = default_material();
  Random random(7);
  Assessor<orthodox::Game> shared(2, {}, {});
  int compared = 0;
  std::set<Outcome> outcomes;
  for (int i = 0; i < 400; ++i) {
    Placement p = random_candidate(random, settings);
    for (int k = 0; k < 3; ++k) {
      const Assessment a = shared.assess(p);
      if (i % 10 == 0) {
        Assessor<orthodox::Game> fresh(2, {}, {});
        const Assessment b = fresh.assess(p);
        CHECK(a.outcome == b.outcome);
        CHECK(a.keys == b.keys);
        CHECK(a.key_uci == b.key_uci);
        ++compared;
        outcomes.insert(a.outcome);
      }
      p = mutated(p, random, settings);
    }
  }
  CHECK(compared == 120);
  CHECK(outcomes.size() >= 3);
}

TEST_CASE("compose option: a long-lived search keeps tokens apart", "[compose][option]") {
  // The same board with and without White's token (a composed Option #2: 1.Ke3! and a double
  // move mates): a careless table keyed by the board alone would give the second the first's
  // verdict.
  Placement p = placement_of("8/8/6R1/8/8/7k/3K4/8 w - - 0 30");
  Assessor<option::Game> assessor(2, {}, {});
  p.tokens = {1, 0};
  const Assessment with = assessor.assess(p);
  CHECK(with.outcome == Outcome::Sound);
  CHECK(with.key_uci == "d2e3");
  p.tokens = {0, 0};
  const Assessment without = assessor.assess(p);
  CHECK(without.outcome == Outcome::NoMate);
  Assessor<option::Game> fresh(2, {}, {});
  CHECK(fresh.assess(p).outcome == Outcome::NoMate);
}

TEST_CASE("compose score: each criterion moves the score", "[compose]") {
  Quality q;
  q.units = 8;
  const int base = score(q);
  CHECK(base == 10 + 2 * 4);
  auto with = [&](auto change) {
    Quality r = q;
    change(r);
    return score(r);
  };
  CHECK(with([](Quality& r) { r.variations = 2; }) == base + 6);
  CHECK(with([](Quality& r) { r.model_mates = 1; }) == base + 4);
  CHECK(with([](Quality& r) { r.pin_mates = 1; }) == base + 2);
  CHECK(with([](Quality& r) { r.tries = 2; }) == base + 4);
  CHECK(with([](Quality& r) { r.tries = 9; }) == base + 10);  // at most 5 tries count
  CHECK(with([](Quality& r) { r.flights_given = 2; }) == base + 3);
  CHECK(with([](Quality& r) { r.every_unit_needed = true; }) == base + 5);
  CHECK(with([](Quality& r) { r.units = 6; }) == base + 4);
  CHECK(with([](Quality& r) { r.duals = 1; }) == base - 2);
}

// Quality read off a published problem's proved tree: Mansfield, The Hindu 1951 (1.Bb5!).
TEST_CASE("compose quality of a published two-mover", "[compose]") {
  const std::string fen = "3K2b1/2B2p1N/5P1p/R2N1k2/4p1R1/1Q6/2n1B1P1/r2q4 w - - 0 1";
  orthodox::Game game = orthodox::Game::from_fen(fen, {"<test>", 1, 1});
  prover::SolveOptions so;
  so.n = 2;
  so.tries = true;
  const prover::Solution s = prover::solve(game, so);
  REQUIRE(s.keys.size() == 1);
  CHECK(s.keys[0].san == "Bb5");
  const Quality q = analyse_solution(game, s);
  CHECK(game.fen() == fen);  // left as it was
  CHECK(q.units == 18);
  CHECK(q.flights_given == 1);  // the bishop leaves e2, so 1...Kxg4 becomes possible (2.Qh3#)
  CHECK(q.variations == 3);  // 1...Nd4 2.Ne3#, 1...Kxg4 2.Qh3#, 1...Qxg4 2.Ne7# (2.Bd7# is the threat)
  CHECK(q.mates >= 4);
  CHECK(q.tries == 9);  // 1.Ke7? Rxa5! 1.Kc8? Bxh7! ... 1.Rg5+? hxg5!
  CHECK(q.duals == 0);
}

TEST_CASE("compose: the same seed and attempts give the same problems", "[compose]") {
  const ComposeReport a = compose_orthodox(2, 5, 4, 60000);
  const ComposeReport b = compose_orthodox(2, 5, 4, 60000);
  REQUIRE(a.problems.size() == b.problems.size());
  REQUIRE(!a.problems.empty());
  CHECK(a.attempts == b.attempts);
  CHECK(a.rejections == b.rejections);
  for (std::size_t i = 0; i < a.problems.size(); ++i) {
    CHECK(a.problems[i].fen == b.problems[i].fen);
    CHECK(a.problems[i].key_uci == b.problems[i].key_uci);
    CHECK(a.problems[i].score == b.problems[i].score);
  }
  const ComposeReport c = compose_orthodox(2, 6, 4, 60000);
  REQUIRE(!c.problems.empty());
  CHECK(c.problems[0].fen != a.problems[0].fen);
}

// Every problem the composer prints is proved sound again by a fresh solve: 30 per stipulation,
// each distinct, legal, economical, within the default filters. Under the sanitizers six a run
// (the composer's memory is checked on the same code; the Release pass proves all thirty).
#ifdef ARBITER_SANITIZED
constexpr int ComposedPerRun = 6;
#else
constexpr int ComposedPerRun = 30;
#endif

static void check_thirty(int n, std::uint64_t seed) {
  const ComposeReport r = compose_orthodox(n, seed, ComposedPerRun, 2'000'000);
  REQUIRE(r.problems.size() == ComposedPerRun);
  std::set<std::string> distinct;
  for (const auto& c : r.problems) {
    check_proved_again(c);
    CHECK(distinct.insert(canonical_key(c.placement)).second);
    CHECK(c.quality.units <= 12);
    CHECK(c.quality.variations >= 2);
    CHECK(c.solution.keys[0].threat.size() <= 1);
    CHECK(c.quality.every_unit_needed);
    CHECK(!first_illegality(c.placement.position()));
  }
}

// [long]: deep re-proofs over code the shorter compose cases run under the sanitizers too; the
// Release pass runs them (tests/CMakeLists.txt).
TEST_CASE("compose: thirty orthodox #2 proved sound again", "[compose][slow][long]") { check_thirty(2, 11); }
TEST_CASE("compose: thirty orthodox #3 proved sound again", "[compose][slow][long]") { check_thirty(3, 13); }

// The shipped compositions (PGN files) whose names start with `prefix`.
static std::vector<std::pair<std::string, problem::Problem>> shipped(const std::string& prefix) {
  std::vector<std::pair<std::string, problem::Problem>> out;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/puzzles/composed")) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(prefix) && name.ends_with(".pgn")) out.push_back({name, problem::read_problem_file(entry.path().string()).at(0)});
  }
  return out;
}

// The shipped Option Chess compositions (puzzles/composed/option-*.pgn): each is proved sound
// again with its tokens, its solution needs a double move in the key or a main line, and with
// both sides' tokens at 0 the same problem fails, as the composer claimed when it kept it.
TEST_CASE("compose option: the shipped Option Chess problems need their tokens", "[compose][option]") {
  int checked = 0;
  for (const auto& [name, p] : shipped("option-")) {
    INFO(name);
    const VariantEngines& rules = find_variant(p.variant);
    REQUIRE(rules.name == "option");
    const std::string fen = rules.setup_fen(p.fen, p.fen_location, *p.published);
    prover::SolveOptions so;
    so.n = p.stipulation.moves;
    const prover::Solution s = rules.solve(fen, p.fen_location, so, {});
    REQUIRE(s.verdict == prover::Verdict::Proved);
    REQUIRE(s.keys.size() == 1);
    CHECK(s.shortest == so.n);
    // A double move in the key or on the line of the first reply to some defence.
    std::function<bool(const prover::AttackerNode&)> double_move = [&](const prover::AttackerNode& a) {
      if (a.uci.find(',') != std::string::npos) return true;
      for (const auto& d : a.defences)
        if (!d.answers.empty() && double_move(d.answers.front())) return true;
      return false;
    };
    CHECK(double_move(s.keys[0]));
    const std::string zero = p.fen + " 0/0";
    so.build_tree = false;
    const prover::Solution z = rules.solve(zero, p.fen_location, so, {});
    REQUIRE(z.verdict != prover::Verdict::Unknown);
    const bool same_problem = z.verdict == prover::Verdict::Proved && z.keys.size() == 1 && z.keys[0].uci == s.keys[0].uci &&
                              z.shortest == so.n;
    CHECK(!same_problem);
    ++checked;
  }
  CHECK(checked == 6);
}

// Economy: in every shipped orthodox composition, removing any unit leaves an illegal position,
// or one that is not sound with the same quiet key, or one with fewer variations.
TEST_CASE("compose economy: every unit of the shipped orthodox problems is needed", "[compose]") {
  int checked = 0, removals = 0;
  for (const auto& [name, p] : shipped("orthodox-")) {
    const int n = p.stipulation.moves;
    const Placement full = placement_of(p.fen);
    Assessor<orthodox::Game> assessor(n, {}, {});
    const Assessment a = assessor.assess(full);
    REQUIRE(a.outcome == Outcome::Sound);
    auto variations = [&](const Placement& q) {
      orthodox::Game game = orthodox::Game::from_fen(q.fen(), {"<test>", 1, 1});
      prover::SolveOptions so;
      so.n = n;
      return count_variations(prover::solve(game, so).keys.at(0));
    };
    const int v = variations(full);
    for (Square s = 0; s < 64; ++s) {
      if (full.board[s] == NoPiece || type_of(full.board[s]) == King) continue;
      Placement q = full;
      q.board[s] = NoPiece;
      const Assessment b = assessor.assess(q);
      INFO(name << " without the unit on " << square_name(s) << ": " << outcome_name(b.outcome));
      ++removals;
      if (b.outcome == Outcome::Sound && b.key_uci == a.key_uci) CHECK(variations(q) < v);
    }
    ++checked;
  }
  CHECK(checked == 6);
  CHECK(removals >= 20);
}

