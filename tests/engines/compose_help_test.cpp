// The helpmate composer (arbiter compose --stipulation 'h#2'): the exact judgement of a
// candidate by the complete helpmate search, reproducible runs, the economy step, the PGN
// problem file (Black first, several solutions as variations), the command line with each
// composed problem confirmed by an independent `arbiter verify` run, and the shipped composed
// helpmates (puzzles/composed/help/) proved again.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/fen.h"
#include "rules/option/game.h"
#include "rules/orthodox/game.h"
#include "solver/compose/help_assessment.h"
#include "solver/compose/problem_pgn.h"
#include "solver/compose/solution_analysis.h"
#include "solver/problem/problem.h"
#include "solver/prover/solve.h"
#include "solver/variants/registry.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::compose;
using nlohmann::json;

namespace {

ComposeOptions help_options(std::uint64_t seed, int count, std::uint64_t attempts, int solutions = 1) {
  ComposeOptions o;
  o.goal = prover::Goal::HelpMate;
  o.n = 2;
  o.solutions = solutions;
  o.seed = seed;
  o.count = count;
  o.max_attempts = attempts;
  return o;
}

std::vector<std::string> uci_lines(const prover::Solution& s) {
  std::vector<std::string> out;
  for (const auto& l : s.solutions) {
    std::string u;
    for (const auto& m : l.moves) u.append(u.empty() ? "" : " ").append(m.uci);
    out.push_back(u);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A fresh, complete solve of a problem file's helpmate: its solutions (sorted UCI lines).
template <class G>
prover::Solution solve_help_fen(const std::string& fen, int n) {
  G game = G::from_fen(fen, {"<test>", 1, 1});
  prover::SolveOptions so;
  so.goal = prover::Goal::HelpMate;
  so.n = n;
  return prover::solve(game, so);
}

// Every unit but the kings is needed: without it the position is illegal, or no longer a sound
// h#n with exactly the same solutions.
template <class G>
int check_every_unit_needed(const Placement& full, int n, int wanted, const std::vector<std::string>& lines) {
  HelpAssessor<G> assessor(n, wanted, {}, {});
  const Assessment a = assessor.assess(full);
  REQUIRE(a.outcome == Outcome::Sound);
  CHECK(sorted(a.lines) == lines);
  int removals = 0;
  for (Square s = 0; s < 64; ++s) {
    if (full.board[s] == NoPiece || type_of(full.board[s]) == King) continue;
    Placement q = full;
    q.board[s] = NoPiece;
    const Assessment b = assessor.assess(q);
    INFO("without the unit on " << square_name(s) << ": " << outcome_name(b.outcome));
    CHECK(!(b.outcome == Outcome::Sound && sorted(b.lines) == lines));
    ++removals;
  }
  return removals;
}

}  // namespace

TEST_CASE("compose help: each statement of the judgement, by name", "[compose][help]") {
  HelpAssessor<orthodox::Game> one(2, 1, {}, {});
  // White Kb1 Rh7 Bh2, Black Kf7 Qg7: 1.Kg8 Be5 2.Qf7 Rh8#, a model mate, and nothing else.
  const Placement sound = placement_of_fen("8/5kqR/8/8/8/8/7B/1K6 b - - 0 1");
  Assessment a = one.assess(sound);
  CHECK(outcome_name(a.outcome) == "sound");
  CHECK(a.keys == 1);
  CHECK(a.lines == std::vector<std::string>{"f7g8 h2e5 g7f7 h7h8"});
  // The same position meant to have two solutions has too few.
  HelpAssessor<orthodox::Game> two(2, 2, {}, {});
  a = two.assess(sound);
  CHECK(outcome_name(a.outcome) == "too-few-solutions");
  CHECK(a.keys == 1);
  const auto fitness_of = [](Outcome o) {
    Assessment x;
    x.outcome = o;
    return x.fitness();
  };
  CHECK(a.fitness() > fitness_of(Outcome::NoMate));
  CHECK(a.fitness() < fitness_of(Outcome::Sound));
  // 17 solutions (Black shuffles Ka8-b8-a8 while White does anything, then Rh8#): counted up
  // to wanted + HelpCountExtra, then the search stops.
  a = one.assess(placement_of_fen("k7/pp6/8/8/8/5N2/8/4K2R b - - 0 1"));
  CHECK(outcome_name(a.outcome) == "cooked");
  CHECK(a.keys == 1 + HelpCountExtra);
  CHECK(a.lines.empty());
  // 1...Kh8 2.Ra8# is a helpmate in one: short.
  CHECK(outcome_name(one.assess(placement_of_fen("6k1/8/6K1/8/8/8/8/R7 b - - 0 1")).outcome) == "short-mate");
  CHECK(outcome_name(one.assess(placement_of_fen("7k/8/8/8/8/8/N7/K7 b - - 0 1")).outcome) == "no-mate");  // a lone knight
  // Black in check in the diagram; White in check with Black to move is illegal.
  CHECK(outcome_name(one.assess(placement_of_fen("8/8/8/8/8/2k5/8/K1R5 b - - 0 1")).outcome) == "starts-in-check");
  Placement white_in_check = placement_of_fen("8/8/8/8/8/2k5/8/K1q5 w - - 0 1");
  white_in_check.to_move = Black;
  a = one.assess(white_in_check);
  CHECK(outcome_name(a.outcome) == "illegal-position");
  CHECK(a.illegality == "side-not-to-move-in-check");
  // The judgement agrees with a fresh complete solve, and a long-lived assessor judges as a
  // fresh one (its table holds facts about positions, whatever candidate found them).
  HelpAssessor<orthodox::Game> fresh(2, 1, {}, {});
  CHECK(fresh.assess(sound).lines == one.assess(sound).lines);
  CHECK(uci_lines(solve_help_fen<orthodox::Game>("8/5kqR/8/8/8/8/7B/1K6 b - - 0 1", 2)) ==
        std::vector<std::string>{"f7g8 h2e5 g7f7 h7h8"});
}

TEST_CASE("compose help: the quality of a helpmate, read off its solutions", "[compose][help]") {
  // Two solutions with an exchange of function of White's bishop and knight:
  // 1.Kb5 Nc4 2.Ka4 Bc6# and 1.Nc5 Bc6 2.Na6 Nc4#, both model mates.
  const std::string fen = "8/1B6/8/k7/1p3K2/1n6/1N6/8 b - - 0 1";
  const prover::Solution s = solve_help_fen<orthodox::Game>(fen, 2);
  REQUIRE(s.solutions.size() == 2);
  orthodox::Game game = orthodox::Game::from_fen(fen, {"<test>", 1, 1});
  const HelpQuality q = analyse_help_solution(game, s);
  CHECK(game.fen() == fen);  // left as it was
  CHECK(q.units == 6);
  CHECK(q.solutions == 2);
  CHECK(q.white_units == 2);
  CHECK(q.white_moving == 2);
  CHECK(!q.white_king_moves);
  CHECK(q.black_units == 2);
  CHECK(q.black_moving == 1);  // the knight; the pawn b4 only guards
  CHECK(q.black_king_moves);
  CHECK(q.units_moving() == 4);
  CHECK(q.model_mates == 2);
  CHECK(q.distinct_mates == 2);
  CHECK(q.similar_pairs == 0);
  CHECK(q.checks == 0);
  CHECK(q.captures == 0);
  HelpQuality r = q;
  r.every_unit_needed = true;
  // 10 + 5 (every unit needed) + 3 (both White units move) + 2 * 4 (moving units) + 4 * 2
  // (model mates) + 3 (the mates differ) + (12 - 6) units.
  CHECK(help_score(r) == 10 + 5 + 3 + 8 + 8 + 3 + 6);
  r.checks = 1;
  CHECK(help_score(r) == 43 - 2);
  r.similar_pairs = 1;
  CHECK(help_score(r) == 43 - 2 - 4);
  // The same mate by two roads: 1.c5 Qb2 2.Ka5 Qb5# and 1.c5 Qd7+ 2.Ka5 Qb5# end on one board.
  const std::string roads = "8/8/2p5/7K/k1P5/8/3Q4/8 b - - 0 1";
  orthodox::Game g2 = orthodox::Game::from_fen(roads, {"<test>", 1, 1});
  const HelpQuality q2 = analyse_help_solution(g2, solve_help_fen<orthodox::Game>(roads, 2));
  CHECK(q2.solutions == 2);
  CHECK(q2.distinct_mates == 1);
  CHECK(q2.similar_pairs == 1);
  CHECK(q2.checks == 1);
}

TEST_CASE("compose help: a problem file has Black's moves first and every solution as a line", "[compose][help]") {
  const std::string fen = "8/1B6/8/k7/1p3K2/1n6/1N6/8 b - - 0 1";
  ComposedProblem c;
  c.placement = placement_of_fen(fen);
  c.fen = fen;
  c.goal = prover::Goal::HelpMate;
  c.variant = "orthodox";
  c.stipulation = "h#2";
  c.solutions = 2;
  c.solution = solve_help_fen<orthodox::Game>(fen, 2);
  REQUIRE(c.solution.solutions.size() == 2);
  const std::string pgn = problem_pgn(c, "test", find_variant(c.variant).pgn_tag);
  CHECK(pgn.find("[Stipulation \"h#2\"]") != std::string::npos);
  CHECK(pgn.find("[Solutions \"2\"]") != std::string::npos);
  CHECK(pgn.find("[FEN \"" + fen + "\"]") != std::string::npos);
  const std::string first = prover::format_help_line(c.solution.solutions[0], false);
  INFO(pgn);
  if (first == "1.Kb5 Nc4 2.Ka4 Bc6#")
    CHECK(pgn.find("1... Kb5 (1... Nc5 2. Bc6 Na6 3. Nc4#) 2. Nc4 Ka4 3. Bc6# *") != std::string::npos);
  else
    CHECK(pgn.find("1... Nc5 (1... Kb5 2. Nc4 Ka4 3. Bc6#) 2. Bc6 Na6 3. Nc4# *") != std::string::npos);
  CHECK(problem_file_name(c, 7, 3) == "orthodox-help2-s7-03.pgn");
  // The file reads back as the same helpmate, and verify confirms it.
  const auto problems = problem::read_problems(pgn, "composed.pgn");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].stipulation.kind == Stipulation::HelpMate);
  CHECK(problems[0].stipulation.solutions == 2);
  // Solutions sharing their first moves are written as variations where they part.
  ComposedProblem d = c;
  d.solution.solutions = {{{{"Kb5", "a5b5"}, {"Nc4", "b2c4"}, {"Ka4", "b5a4"}, {"Bc6#", "b7c6"}}},
                          {{{"Kb5", "a5b5"}, {"Nc4", "b2c4"}, {"Ka6", "b5a6"}, {"Bc8#", "b7c8"}}},
                          {{{"Kb5", "a5b5"}, {"Nd3", "b2d3"}, {"Ka4", "b5a4"}, {"Bc6#", "b7c6"}}}};
  CHECK(problem_pgn(d, "test", find_variant(d.variant).pgn_tag).find("1... Kb5 2. Nc4 (2. Nd3 Ka4 3. Bc6#) 2... Ka4 (2... Ka6 3. Bc8#) 3. Bc6# *") !=
        std::string::npos);
}

TEST_CASE("compose help: the same seed and attempts give the same helpmates, each economical", "[compose][help]") {
  const ComposeReport a = find_variant("orthodox").compose(help_options(5, 3, 100000), {});
  const ComposeReport b = find_variant("orthodox").compose(help_options(5, 3, 100000), {});
  REQUIRE(a.problems.size() == 3);
  REQUIRE(b.problems.size() == 3);
  CHECK(a.attempts == b.attempts);
  CHECK(a.rejections == b.rejections);
  std::set<std::string> distinct;
  int removals = 0;
  for (std::size_t i = 0; i < a.problems.size(); ++i) {
    const ComposedProblem& c = a.problems[i];
    INFO(c.fen);
    CHECK(c.fen == b.problems[i].fen);
    CHECK(uci_lines(c.solution) == uci_lines(b.problems[i].solution));
    CHECK(c.score == b.problems[i].score);
    CHECK(c.stipulation == "h#2");
    CHECK(c.placement.to_move == Black);
    CHECK(c.fen.find(" b - - 0 1") != std::string::npos);
    CHECK(!first_illegality(c.placement.position()));
    CHECK(distinct.insert(canonical_key(c.placement)).second);
    // Sound: a fresh complete solve lists exactly the composed solution, of the full length.
    const prover::Solution s = solve_help_fen<orthodox::Game>(c.fen, 2);
    REQUIRE(s.solutions.size() == 1);
    CHECK(uci_lines(s) == uci_lines(c.solution));
    CHECK(s.solutions[0].moves.size() == 4);
    // The default filters and the economy step.
    CHECK(c.help_quality.every_unit_needed);
    CHECK(c.help_quality.black_moving >= 1);
    CHECK(c.help_quality.white_units >= 2);
    CHECK(c.score == help_score(c.help_quality));
    removals += check_every_unit_needed<orthodox::Game>(c.placement, 2, 1, uci_lines(c.solution));
  }
  CHECK(removals >= 6);
}

TEST_CASE("compose help cli: an orthodox h#2 in a few seconds, confirmed by an independent verify", "[compose][help][cli]") {
  test::ScratchDir dir;
  const auto run = test::run_arbiter_command(
      "compose --stipulation 'h#2' --count 1 --seed 5 --attempts 100000 --json --out " + test::shell_quote(dir.path("out")), dir);
  INFO(run.err);
  REQUIRE(run.status == 0);
  const json j = json::parse(run.out);
  REQUIRE(j["problems"].size() == 1);
  CHECK(j["stopped_by"] == "count");
  const json& p = j["problems"][0];
  CHECK(p["stipulation"] == "h#2");
  CHECK(p["variant"] == "orthodox");
  CHECK(p["solution_count"] == 1);
  for (const char* field : {"file", "fen", "solutions", "solutions_text", "score", "units", "seconds", "units_moving",
                            "model_mates", "pure_mates", "distinct_mates", "checks", "captures"})
    CHECK(p.contains(field));
  const std::string file = p["file"];
  CHECK(std::filesystem::path(file).filename().string() == "orthodox-help2-s5-01.pgn");
  const std::string text = test::read_text_file(file);
  for (const char* tag : {"[Stipulation \"h#2\"]", "[SetUp \"1\"]", "[Variant \"orthodox\"]", "[Composer \"Arbiter\"]",
                          "[Score \"", "[Quality \"units ", "--stipulation 'h#2'"})
    CHECK(text.find(tag) != std::string::npos);
  CHECK(text.find("[Solutions") == std::string::npos);  // one solution: nothing to state
  CHECK(text.find("[FEN \"" + p["fen"].get<std::string>() + "\"]") != std::string::npos);
  CHECK(text.find("\n1... ") != std::string::npos);  // Black moves first
  CHECK(text.find("#") != std::string::npos);
  // The independent check: verify reads the file, solves it completely and confirms it.
  int status = -1;
  const json v = test::run_arbiter_json("verify --json " + test::shell_quote(file), status);
  CHECK(status == 0);
  CHECK(v["verdict"] == "confirmed");
  CHECK(v["stipulation"] == "h#2");
  CHECK(v["solution_count"] == 1);
  CHECK(v["solutions"] == p["solutions"]);
  CHECK(v["shortest"] == 2);
  CHECK(v["findings"].empty());
}

TEST_CASE("compose help cli: two solutions, stated in the file, confirmed by verify", "[compose][help][cli]") {
  test::ScratchDir dir;
  const auto run = test::run_arbiter_command("compose --stipulation 'h#2 2.1.1.1' --count 1 --seed 8 --attempts 100000 --json --out " +
                                                 test::shell_quote(dir.path("out")),
                                             dir);
  INFO(run.err);
  REQUIRE(run.status == 0);
  const json j = json::parse(run.out);
  REQUIRE(j["problems"].size() == 1);
  const json& p = j["problems"][0];
  CHECK(p["solution_count"] == 2);
  const std::string file = p["file"];
  const std::string text = test::read_text_file(file);
  CHECK(text.find("[Solutions \"2\"]") != std::string::npos);
  CHECK(text.find("--solutions 2") != std::string::npos);  // the provenance reproduces the run
  CHECK(text.find("(") != std::string::npos);                // the second solution as a variation
  int status = -1;
  const json v = test::run_arbiter_json("verify --json " + test::shell_quote(file), status);
  CHECK(status == 0);
  CHECK(v["verdict"] == "confirmed");
  CHECK(v["solution_count"] == 2);
  CHECK(v["findings"].empty());
}

TEST_CASE("compose help cli: an Option Chess h#2 whose solution needs a double move", "[compose][help][option][cli]") {
  test::ScratchDir dir;
  const auto run = test::run_arbiter_command("compose --variant option --stipulation 'h#2' --count 1 --seed 3 --attempts 3000 "
                                             "--json --out " + test::shell_quote(dir.path("out")),
                                             dir);
  INFO(run.err);
  REQUIRE(run.status == 0);
  const json j = json::parse(run.out);
  REQUIRE(j["problems"].size() == 1);
  const json& p = j["problems"][0];
  CHECK(p["variant"] == "option");
  CHECK(p["double_move_needed"] == true);
  CHECK(p["double_moves"].get<int>() >= 1);
  CHECK(!p["zero_tokens"].get<std::string>().empty());
  CHECK(p["fen"].get<std::string>().find(" b - - 0 30") != std::string::npos);
  bool double_move = false;
  for (const auto& line : p["solutions"])
    for (const auto& m : line) double_move = double_move || m.get<std::string>().find(',') != std::string::npos;
  CHECK(double_move);
  const std::string file = p["file"];
  const std::string text = test::read_text_file(file);
  CHECK(text.find("[Tokens \"" + p["tokens"].get<std::string>() + "\"]") != std::string::npos);
  CHECK(text.find("[Variant \"Option\"]") != std::string::npos);
  CHECK(text.find("\n30... ") != std::string::npos);
  int status = -1;
  const json v = test::run_arbiter_json("verify --json " + test::shell_quote(file), status);
  CHECK(status == 0);
  CHECK(v["verdict"] == "confirmed");
  CHECK(v["solutions"] == p["solutions"]);
  // Without the tokens the problem is not the same: the composer's claim, checked afresh.
  const std::string zero = p["fen"].get<std::string>() + " 0/0";
  const json z = test::run_arbiter_json("solve --json --variant option --stipulation 'h#2' --fen " + test::shell_quote(zero), status);
  CHECK(z["solutions"] != p["solutions"]);
}

TEST_CASE("compose help cli: bad helpmate input exits 2 with what was expected", "[compose][help][cli]") {
  test::ScratchDir dir;
  const auto expect = [&](const std::string& args, const std::string& message) {
    const auto run = test::run_arbiter_command("compose " + args + " --out " + test::shell_quote(dir.path("out")), dir);
    INFO(args << "\n" << run.err);
    CHECK(run.status == 2);
    CHECK(run.err.find(message) != std::string::npos);
    CHECK(!std::filesystem::exists(dir.path("out")));  // nothing written
  };
  expect("--stipulation 'h#2.5'", "unsupported stipulation 'h#2.5' for compose: expected 'h#2', 'h#3', 'h=2' or 'h=3' (Black starts)");
  expect("--stipulation 'h#4'", "unsupported stipulation 'h#4' for compose: expected 'h#2', 'h#3', 'h=2' or 'h=3'");
  expect("--stipulation 's#2'", "unsupported stipulation 's#2' for compose");
  expect("--stipulation '#2' --solutions 2", "a solution count is for helpmates");
  expect("--stipulation 'h#2 2.1.1.1' --solutions 3", "--solutions 3 contradicts the stipulation's count 2");
  expect("--stipulation 'h#2' --solutions 0", "--solutions");
}

// The composed helpmates shipped in puzzles/composed/help/: each confirmed by verify, each
// sound with exactly its stated solutions (a fresh complete solve), every unit needed, and the
// Option Chess ones need their tokens (a double move in a solution; at 0/0 the solutions differ).
TEST_CASE("compose help: the shipped composed helpmates proved again", "[compose][help][cli]") {
  int orthodox_count = 0, option_count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/puzzles/composed/help")) {
    if (entry.path().extension() != ".pgn") continue;
    const std::string name = entry.path().filename().string();
    INFO(name);
    const problem::Problem p = problem::read_problem_file(entry.path().string()).at(0);
    REQUIRE(p.stipulation.kind == Stipulation::HelpMate);
    const int wanted = p.stipulation.solutions > 0 ? p.stipulation.solutions : 1;
    const VariantEngines& rules = find_variant(p.variant);
    const std::string fen = rules.setup_fen(p.fen, p.fen_location, *p.published);
    int status = -1;
    const json v = test::run_arbiter_json("verify --json " + test::shell_quote(entry.path().string()), status);
    CHECK(status == 0);
    CHECK(v["verdict"] == "confirmed");
    Placement full = placement_of_fen(p.fen);
    if (rules.name == "option") {
      const auto tokens = p.tags.at("Tokens");
      full.tokens = {tokens[0] - '0', tokens[2] - '0'};
      const prover::Solution s = solve_help_fen<option::Game>(fen, p.stipulation.moves);
      REQUIRE(int(s.solutions.size()) == wanted);
      bool double_move = false;
      for (const auto& line : uci_lines(s)) double_move = double_move || line.find(',') != std::string::npos;
      CHECK(double_move);
      CHECK(uci_lines(solve_help_fen<option::Game>(p.fen + " 0/0", p.stipulation.moves)) != uci_lines(s));
      check_every_unit_needed<option::Game>(full, p.stipulation.moves, wanted, uci_lines(s));
      ++option_count;
    } else {
      const prover::Solution s = solve_help_fen<orthodox::Game>(fen, p.stipulation.moves);
      REQUIRE(int(s.solutions.size()) == wanted);
      check_every_unit_needed<orthodox::Game>(full, p.stipulation.moves, wanted, uci_lines(s));
      ++orthodox_count;
    }
  }
  CHECK(orthodox_count == 3);
  CHECK(option_count == 3);
}
