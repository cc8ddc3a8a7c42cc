// The helpmate and selfmate corpus (../shared/corpus/orthodox-help-self, issue #16): Popeye's
// output read back into solution sets, and the quick problems solved by our solver with exactly
// Popeye's solution set, twin by twin. The benchmark (arbiter bench --help-self) runs them all.

#include <algorithm>
#include <chrono>
#include <set>

#include <catch2/catch.hpp>

#include "solver/bench/help_self_bench.h"
#include "solver/problem/popeye_help_output.h"
#include "solver/problem/problem.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using problem::SolutionSets;

namespace {

// The quick problems, solved in this test (the benchmark solves all 200): those Popeye's
// brute-force search solved in less than QuickPopeyeSeconds (MANIFEST popeye_seconds), and,
// among the 73 that Popeye solved with option Intelligent (whose time says nothing about a
// brute-force search: 0.03 s for some h#4), the helpmates up to h#2.5. That is 138 problems:
// all 72 selfmates, every h#1.5 to h#2.5, 9 h#3 and an h#3.5; 14 of them twinned. Chosen by
// measurement (reports/benchmarks.md): about 6 s in a Release build, so well under 40 s, and
// (estimated from the prover's ASan slowdown) well under 3 min with ASan + UBSan.
constexpr double QuickPopeyeSeconds = 8.0;

bool quick(const arbiter::test::HelpSelfProblem& row, const arbiter::problem::Problem& p) {
  const auto options = p.tags.find("PopeyeOptions");
  const bool intelligent =
      options != p.tags.end() && options->second.find("Intelligent") != std::string::npos;
  if (intelligent) return p.stipulation.kind == arbiter::Stipulation::HelpMate && p.stipulation.moves <= 2;
  return row.popeye_seconds < QuickPopeyeSeconds;
}

bool selfmate(const test::HelpSelfProblem& row) { return row.stipulation.starts_with("s"); }

test::HelpSelfProblem corpus_row(const std::string& file) {
  for (auto& row : test::help_self_corpus())
    if (row.file == file) return row;
  throw std::runtime_error("no corpus row " + file);
}

problem::PopeyeHelpSelfOutput read_out(const std::string& inp) {
  const std::string out = inp.substr(0, inp.size() - 4) + ".out";
  return problem::read_popeye_help_self_output(test::read_text_file(test::help_self_corpus_path(out)), out);
}

const problem::TwinSolutionSet& twin(const SolutionSets& sets, const std::string& label) {
  for (const auto& t : sets)
    if (t.label == label) return t;
  throw std::runtime_error("no twin " + label);
}

}  // namespace

TEST_CASE("Popeye moves in UCI, without a position", "[help-self]") {
  CHECK(problem::popeye_move_uci("Rd2-e2", White) == "d2e2");
  CHECK(problem::popeye_move_uci("Sg6*f4", White) == "g6f4");
  CHECK(problem::popeye_move_uci("e4*d3", Black) == "e4d3");
  CHECK(problem::popeye_move_uci("f2-f1=R", Black) == "f2f1r");
  CHECK(problem::popeye_move_uci("c7-c8=S", White) == "c7c8n");
  CHECK(problem::popeye_move_uci("0-0", White) == "e1g1");
  CHECK(problem::popeye_move_uci("0-0", Black) == "e8g8");
  CHECK(problem::popeye_move_uci("0-0-0", Black) == "e8c8");
  CHECK(problem::popeye_move_uci("0-0-0", White) == "e1c1");
  CHECK(problem::popeye_move_uci("Nb1-c3", White) == "b1c3");  // N: the nightrider in Popeye's English
  CHECK(problem::popeye_move_uci("Rd2-e9", White).empty());
  CHECK(problem::popeye_move_uci("e7-e8=K", White).empty());
  CHECK(problem::popeye_move_uci("threat:", White).empty());
  // A royal man's attribute initial before its code, and before a royal pawn's promotee (the
  // German 'k' of Koeniglich; BEISPIEL/h_alt.out "7.kBh7-h8=kS").
  CHECK(problem::popeye_move_uci("rPd7-d5", Black) == "d7d5");
  CHECK(problem::popeye_move_uci("kEQc8-a4", Black, problem::popeye::Language::German) == "c8a4");
  CHECK(problem::popeye_move_uci("kBh7-h8=kS", White, problem::popeye::Language::German) == "h7h8n");
  // A chameleon's next kind after its move is no promotion (BEISPIEL/cham.out "1.cTg5-g3=cD").
  CHECK(problem::popeye_move_uci("cTg5-g3=cD", White, problem::popeye::Language::German) == "g5g3");
  // A neutral chameleon ("ncLb5-e8=ncT"), and a neutral pawn's promotee made a chameleon ("=nL=nc").
  CHECK(problem::popeye_move_uci("ncLb5-e8=ncT", White, problem::popeye::Language::German) == "b5e8");
  CHECK(problem::popeye_move_uci("nBg7-g8=nL=nc", White, problem::popeye::Language::German) == "g7g8cb");
  // A half-neutral man's colour after its move is no promotion (BEISPIEL/halbneut.out
  // "1...hnTa2-a1=nh", "2.nhnTa1-a8=wh", "0-0=nh"); "=NH" alone is the nightrider hopper.
  CHECK(problem::popeye_move_uci("hnTa2-a1=nh", Black, problem::popeye::Language::German) == "a2a1");
  CHECK(problem::popeye_move_uci("nhnTa1-a8=wh", White, problem::popeye::Language::German) == "a1a8");
  CHECK(problem::popeye_move_uci("0-0=nh", White, problem::popeye::Language::German) == "e1g1");
  CHECK(problem::popeye_move_uci("b7-b8=NH", White) == "b7b8nh");
  // A locust's capture names the man taken, then the landing (EXAMPLES/marine.ref).
  CHECK(problem::popeye_move_uci("TRd1*d2-d3", White) == "d1d3");
  CHECK(problem::popeye_move_uci("MPa6*b7-c8=SI", White) == "a6c8si");
  CHECK(problem::popeye_move_uci("MPc5*a7", White) == "c5a7");
}

TEST_CASE("Popeye's output: the attribute lines below the stipulation are no solution", "[help-self]") {
  // As REGRESSIONS/4_63_to_4_65.reg prints a problem with a royal pawn ("Royal d7"), here with a
  // solution line after it.
  const std::string text =
      "+---a---b---c---d---e---f---g---h---+\n|                                   |\n"
      "8   .   .   .   .   .   .   .   .   8\n|                                   |\n"
      "7   .   .   .  -P   .   .   .   .   7\n|                                   |\n"
      "6   .   .   .   .   .   .   .   .   6\n|                                   |\n"
      "5   .   .   .   .   .   .   .   .   5\n|                                   |\n"
      "4   .   .   .   .   .   .   .   .   4\n|                                   |\n"
      "3   .   .   .   .   .   .   .   .   3\n|                                   |\n"
      "2   .   .   .   .   .   .   .   .   2\n|                                   |\n"
      "1   .   K   .   .   .   .   .   .   1\n|                                   |\n"
      "+---a---b---c---d---e---f---g---h---+\n"
      "  h~1                         1 + 1\n"
      "              Royal d7\n\n"
      "  1.rPd7-d6 Kb1-c2\n\n"
      "solution finished.\n";
  const auto out = problem::read_popeye_help_self_output(text, "royal.out");
  REQUIRE(out.twins.size() == 1);
  CHECK(out.twins[0].solutions == std::vector<std::string>{"d7d6 b1c2"});
}

TEST_CASE("Popeye's helpmate output with twins, castling and promotion", "[help-self]") {
  // h#3, twins a) and b) "wPb4"; 0-0-0 by Black (Black moves first, "1."), f2-f1=R.
  const auto out = read_out("olv_benko_0029_h3.inp");
  CHECK(out.stipulation == "h#3");
  CHECK_FALSE(out.selfmate);
  CHECK(out.finished);
  CHECK(out.seconds == Approx(6.256));
  REQUIRE(out.twins.size() == 2);
  CHECK(twin(out.twins, "a").solutions == std::vector<std::string>{"b4h4 d6h6 e8c8 d1c1 b2b8 h6c6"});
  CHECK(twin(out.twins, "b").solutions == std::vector<std::string>{
                                              "a8d8 d1c1 f2f1r c1b2 f1f8 d6e6",
                                              "b2b4 d6h6 e8c8 d1c1 b4b8 h6c6",
                                              "b2b4 d6h6 e8c8 d1c2 b4b8 h6c6",
                                              "b2b4 d6h6 e8c8 d1e2 b4b8 h6c6",
                                          });
  CHECK(out.twins == problem::parse_manifest_solutions(corpus_row("olv_benko_0029_h3.inp").popeye_solutions, false));
}

TEST_CASE("Popeye's h#n.5 output: White first ('1...'), Black castles on its first move", "[help-self]") {
  const auto out = read_out("py_beispiel_castling_27_h3_5.inp");
  CHECK(out.stipulation == "h#3.5");
  REQUIRE(out.twins.size() == 2);
  CHECK(twin(out.twins, "a").solutions == std::vector<std::string>{"f4g4 e8g8 g4h5 a8h1 h5g6 h1h8 f5e7"});
  CHECK(twin(out.twins, "b").solutions == std::vector<std::string>{"f4e4 h8h2 e4d5 e8c8 d5c6 h2b8 f5e7"});
}

TEST_CASE("Popeye's helpmate output: en passant, shorter solutions", "[help-self]") {
  const auto ep = read_out("py_beispiel_ep_07_h2.inp");  // "1.e4*d3 ep. Bf3*g4   2.f4-f3 Bg4-e6 #"
  CHECK(ep.twins == SolutionSets{{"", {"e4d3 f3g4 f4f3 g4e6"}}});
  // h#2 listing the h#1 solutions too ("1.Sa8-b6 Qg8-a2 #"), as Popeye does.
  const auto shorter = read_out("py_regressions_4_47_to_4_49_09_h2.inp");
  REQUIRE(shorter.twins.size() == 1);
  const auto& lines = shorter.twins[0].solutions;
  CHECK(std::count(lines.begin(), lines.end(), "a8b6 g8a2") == 1);
  CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.size() == 9; }) == 2);  // and a8c7 g8a2
}

TEST_CASE("Popeye's selfmate output: the keys of the tree, per twin", "[help-self]") {
  const auto plain = read_out("olv_baird_0305_s2.inp");
  CHECK(plain.stipulation == "s#2");
  CHECK(plain.selfmate);
  CHECK(plain.finished);
  REQUIRE(plain.twins.size() == 1);
  CHECK(plain.twins[0].label.empty());
  CHECK(plain.twins[0].solutions == std::vector<std::string>{"e7e8"});

  const auto twinned = read_out("olv_dawson_0109_s2.inp");  // a) c7-c8=S  b) c7-c8=B
  REQUIRE(twinned.twins.size() == 2);
  CHECK(twin(twinned.twins, "a").solutions == std::vector<std::string>{"c7c8n"});
  CHECK(twin(twinned.twins, "b").solutions == std::vector<std::string>{"c7c8b"});
}

TEST_CASE("Popeye's output: interrupted solving, no solution, unreadable moves", "[help-self]") {
  const std::string board =
      "+---a---b---c---d---e---f---g---h---+\n"
      "8   .   .   .   .   .   .   .   .   8\n"
      "+---a---b---c---d---e---f---g---h---+\n";
  auto none = problem::read_popeye_help_self_output(board + "  s#3                        2 + 2\n\nsolution finished. Time = 0.010 s\n");
  CHECK(none.finished);
  CHECK(none.twins == SolutionSets{{"", {}}});
  auto cut = problem::read_popeye_help_self_output(board + "  h#4    2 + 2\n\n  1.Ka1-b1 Qg8-g1 #\n\nsolving interrupted. Time = 60.001 s\n");
  CHECK_FALSE(cut.finished);
  CHECK(cut.seconds == Approx(60.001));
  CHECK(cut.twins == SolutionSets{{"", {"a1b1 g8g1"}}});
  CHECK_THROWS_AS(problem::read_popeye_help_self_output(board + "  h#2    2 + 2\n\n  1.Xa1-b1 Qg8-g1 #\n"), ParseError);
  CHECK_THROWS_AS(problem::read_popeye_help_self_output("no board here\n"), ParseError);
}

TEST_CASE("every Popeye output of the help/self corpus reads as its MANIFEST row", "[help-self]") {
  const auto rows = test::help_self_corpus();
  REQUIRE(rows.size() == 200);
  for (const auto& row : rows) {
    INFO(row.file);
    const auto out = read_out(row.file);
    CHECK(out.finished);
    CHECK(out.stipulation == row.stipulation);
    const SolutionSets manifest = problem::parse_manifest_solutions(row.popeye_solutions, selfmate(row));
    CHECK(out.twins == manifest);
    CHECK(problem::solution_count(manifest) == std::size_t(row.solution_count));
    CHECK(manifest.size() == std::max<std::size_t>(1, row.twin_fens.size()));
  }
}

TEST_CASE("the quick help/self corpus problems give exactly Popeye's solution sets", "[help-self]") {
  const auto start = std::chrono::steady_clock::now();
  int solved = 0, twins = 0;
  std::set<std::string> kinds;
  for (const auto& row : test::help_self_corpus()) {
    INFO(row.file << " " << row.stipulation);
    const auto problems = problem::read_problem_file(test::help_self_corpus_path(row.file));
    REQUIRE(problems.size() == 1);
    if (!quick(row, problems.front())) continue;
    HelpSelfSolveOptions options;
    options.tree = false;  // keys and helpmate lines only: the tree is the benchmark's business
    const HelpSelfSolved ours = solve_help_self(problems.front(), options);
    CHECK(ours.complete);
    const SolutionSets manifest = problem::parse_manifest_solutions(row.popeye_solutions, selfmate(row));
    CHECK(ours.sets == manifest);
    ++solved;
    twins += int(ours.sets.size());
    kinds.insert(row.stipulation);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WARN(solved << " problems (" << twins << " twins, " << kinds.size() << " stipulations) solved in " << seconds << " s");
  CHECK(solved == 138);
  CHECK(kinds.count("h#2") == 1);
  CHECK(kinds.count("s#2") == 1);
}
