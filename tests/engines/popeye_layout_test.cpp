// Popeye's solution layout (solver/problem/popeye_layout.h, popeye_board.h, popeye_twin_label.h):
// the notation in three languages, help lines, board, stipulation and twin label lines checked by
// hand against Popeye's printed output; then a golden sample: Arbiter's solve of orthodox
// problems printed in the layout and compared, as multisets of lines, with the solution lines
// Popeye 4.104 printed for them (the shared corpora's .out files: ../shared/corpus/orthodox-
// problems, orthodox-help-self, and BEISPIEL/castling.inp with REGRESSIONTESTS/castling.out of
// popeye-suite, German).

#include <catch2/catch.hpp>

#include <algorithm>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "solver/problem/popeye_board.h"
#include "solver/problem/popeye_layout.h"
#include "solver/problem/popeye_output_blocks.h"
#include "solver/problem/popeye_problem_output.h"
#include "solver/problem/popeye_position_solver.h"
#include "solver/problem/popeye_reader.h"
#include "solver/problem/popeye_twin_label.h"
#include "solver/problem/problem.h"
#include "solver/problem/solve_units.h"
#include "solver/variants/registry.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::problem;
using namespace arbiter::problem::popeye;

namespace {

std::string text_of(const std::string& fen, const std::string& uci, Language language) {
  const Position pos = read_fen(fen);
  const auto m = parse_uci(pos, uci);
  REQUIRE(m);
  return popeye_move_text(pos, *m, language);
}

prover::HelpLine help_line(const std::vector<std::string>& uci) {
  prover::HelpLine line;
  for (const auto& u : uci) line.moves.push_back({"", u});
  return line;
}

// The solution lines of each problem of a Popeye output (popeye_output_blocks.h): from the line
// below the stipulation line to the closing line, blank lines and the regression runs' counters
// ("  play_move:   1057") left out.
std::vector<std::vector<std::string>> expected_solutions(const std::string& out_text) {
  std::vector<std::vector<std::string>> problems;
  for (const auto& block : split_popeye_output(out_text)) problems.push_back(popeye_solution_lines(block.text));
  return problems;
}

// What `arbiter popeye` prints of one problem's solution (popeye_problem_output.h), read back
// as the expected output is: twin labels and Popeye's messages included.
std::vector<std::string> arbiter_solution(const Problem& p) {
  std::ostringstream out;
  const ProblemWritten written = write_popeye_problem(p, {}, out);
  CHECK(written.complete);
  const auto blocks = split_popeye_output(out.str());
  REQUIRE(blocks.size() == 1);
  return popeye_solution_lines(blocks[0].text);
}

std::vector<std::string> sorted(std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  return lines;
}

}  // namespace

TEST_CASE("Popeye's notation: long algebraic, marks, the language's piece letters", "[popeye-layout]") {
  // A king walk, a capture, e.p., promotion, castling, check and mate, as Popeye prints them.
  const std::string castle = "5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1";
  CHECK(text_of(castle, "e1g1", Language::English) == "0-0 +");
  CHECK(text_of(castle, "e1c1", Language::German) == "0-0-0");
  CHECK(text_of(castle, "e1d2", Language::English) == "Ke1-d2");
  CHECK(text_of(castle, "a1a8", Language::English) == "Ra1-a8 +");
  CHECK(text_of(castle, "a1a8", Language::German) == "Ta1-a8 +");
  CHECK(text_of(castle, "a1a8", Language::French) == "Ta1-a8 +");
  CHECK(text_of(castle, "e1e2", Language::French) == "Re1-e2");
  const std::string ep = "4k3/1P6/8/2pP4/8/8/8/4K1N1 w - c6 0 1";
  CHECK(text_of(ep, "d5c6", Language::English) == "d5*c6 ep.");
  CHECK(text_of(ep, "b7b8n", Language::English) == "b7-b8=S");
  CHECK(text_of(ep, "b7b8q", Language::German) == "b7-b8=D +");
  CHECK(text_of(ep, "b7b8n", Language::French) == "b7-b8=C");
  CHECK(text_of(ep, "g1f3", Language::French) == "Cg1-f3");
  CHECK(text_of(ep, "g1f3", Language::German) == "Sg1-f3");
  const std::string mate = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
  CHECK(text_of(mate, "a1a8", Language::English) == "Ra1-a8 #");
  CHECK(text_of(mate, "a1a8", Language::German) == "Ta1-a8 #");
  CHECK(popeye_piece_letter(Bishop, Language::German) == 'L');
  CHECK(popeye_piece_letter(Pawn, Language::German) == 'B');
  CHECK(popeye_piece_letter(Queen, Language::French) == 'D');
}

TEST_CASE("Popeye's helpmate lines, Black first and the mating side first", "[popeye-layout]") {
  // olv_benko_0029_h3 a) (../shared/corpus/orthodox-help-self), as Popeye printed it.
  const std::string benko = "r3k3/8/3Q4/8/1q6/8/1r3p2/3K4 b q - 0 1";
  CHECK(popeye_help_line(benko, help_line({"b4h4", "d6h6", "e8c8", "d1c1", "b2b8", "h6c6"}), false, Language::English) ==
        "  1.Qb4-h4 Qd6-h6   2.0-0-0 + Kd1-c1   3.Rb2-b8 Qh6-c6 #");
  CHECK(popeye_help_line(benko, help_line({"b4h4", "d6h6", "e8c8", "d1c1", "b2b8", "h6c6"}), false, Language::German) ==
        "  1.Db4-h4 Dd6-h6   2.0-0-0 + Kd1-c1   3.Tb2-b8 Dh6-c6 #");
  // An h#1.5 (White first): "1...X   2.Y Z #".
  const std::string half = "7k/8/6K1/8/8/8/8/R7 w - - 0 1";
  CHECK(popeye_help_line(half, help_line({"a1b1", "h8g8", "b1b8"}), true, Language::English) == "  1...Ra1-b1   2.Kh8-g8 Rb1-b8 #");
}

TEST_CASE("Popeye's lines of structured play: an unprinted pass leaves its slot empty", "[popeye-layout]") {
  // BEISPIEL/castling.inp 32, ser-r+3, played as 3s[>1a[+]d]{!1a[+]d}: Black passes between White's
  // series moves (REGRESSIONTESTS/castling.out).
  const std::string castle = "8/8/b7/7B/8/8/5P1P/2k1K2R w K - 0 1";
  prover::HelpLine series{{{"Bd1", "h5d1"}, {"Be2", "d1e2", true}, {"Kf1", "e1f1", true}, {"Bxe2+", "a6e2"}}};
  CHECK(popeye_help_line(castle, series, false, Language::English, Target{Target::Check}) ==
        "  1.Bh5-d1   2.Bd1-e2   3.Ke1-f1 Ba6*e2 +");
  CHECK(prover::format_help_line(series, false) == "1.Bd1 2.Be2 3.Kf1 Bxe2+");
  // The numbered side passes: nothing is printed and no number taken, the other side's moves follow
  // (as "3.Kf3-e4 Sb4*a6 Sa6-c5 +" of REGRESSIONS/4_61_to_4_63.inp 33).
  const std::string rook = "7k/8/8/8/8/8/R7/K7 w - - 0 1";
  prover::HelpLine passed{{{"Ra3", "a2a3"}, {"Kg8", "h8g8"}, {"Kf8", "g8f8", true}, {"Ra8+", "a3a8"}}};
  CHECK(popeye_help_line(rook, passed, false, Language::English, Target{Target::Check}) ==
        "  1.Ra2-a3 Kh8-g8 Kg8-f8   2.Ra3-a8 +");
  CHECK(prover::format_help_line(passed, false) == "1.Ra3 Kg8 Kf8 2.Ra8+");
  // REGRESSIONS/4_85_to_4_87.inp 10, 1->ser-h#3 (white 1:1s[3s[1h[#]h]]): the nested branch numbers
  // from 1 again (REGRESSIONTESTS/4_85_to_4_87.reg).
  const std::string intro = "8/8/8/1N6/8/1r1n4/2K5/k7 w - - 0 1";
  prover::HelpLine nested{{{"Nd4", "b5d4"},
                           {"Ra3", "b3a3", false, true},
                           {"Nb2", "d3b2", true},
                           {"Ra2", "a3a2", true},
                           {"Nb3#", "d4b3"}}};
  CHECK(popeye_help_line(intro, nested, false, Language::English) == "  1.Sb5-d4   1.Rb3-a3   2.Sd3-b2   3.Ra3-a2 Sd4-b3 #");
  CHECK(prover::format_help_line(nested, false) == "1.Nd4 1.Ra3 2.Nb2 3.Ra2 Nb3#");
}

TEST_CASE("Popeye's board, stipulation line, closing line and options", "[popeye-layout]") {
  // BEISPIEL/castling.inp problem 1 (Schoepfer), drawn as REGRESSIONTESTS/castling.out draws it.
  const std::string fen = "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1";
  const std::string board = popeye_board(fen, Language::German);
  const auto rows = test::split(board, '\n');
  REQUIRE(rows.size() >= 19);
  CHECK(rows[0] == "+---a---b---c---d---e---f---g---h---+");
  CHECK(rows[1] == "|                                   |");
  CHECK(rows[4] == "7   D   .   .   .   .   .   .   .   7");
  CHECK(rows[16] == "1   .   .  -K   .   K   .   .   T   1");
  CHECK(rows[18] == "+---a---b---c---d---e---f---g---h---+");
  CHECK(popeye_stipulation_line("#2", fen) == "  #2                          3 + 1\n");
  CHECK(popeye_stipulation_line("s#2", "8/1p1RQ3/1Pbr2N1/Rn1k1p2/1P2rp2/2PKpB2/2P1P3/6n1 w - - 0 1") ==
        "  s#2                       11 + 10\n");
  CHECK(popeye_closing_line(true, Language::English) == "solution finished.");
  CHECK(popeye_closing_line(true, Language::German) == "Loesung beendet.");
  CHECK(popeye_closing_line(true, Language::French) == "solution terminee.");
  // Popeye's French message table: zugzwang is "blocus.", a refutation "Refute.".
  CHECK(problem::popeye_output_words(Language::French).zugzwang == "blocus.");
  CHECK(problem::popeye_output_words(Language::French).refutes == "Refute.");
  CHECK(problem::popeye_output_words(Language::German).zugzwang == "Zugzwang.");
  CHECK(popeye_closing_line(false, Language::English) == "Partial solution");
  const LayoutOptions o = layout_options("Variations Try NoCastling h1", Language::German);
  CHECK(o.variations);
  CHECK(o.tries);
  CHECK_FALSE(o.no_threat);
  CHECK(o.language == Language::German);
}

TEST_CASE("Popeye's NoBoard, remarks, title lines and warnings", "[popeye-layout]") {
  // NoBoard: the remarks (printed as Popeye reads them), then the solution; no heading, board or
  // stipulation line (REGRESSIONS/4_41_to_4_43.inp problem 4 as the .reg file prints it).
  const auto no_board = read_problems("begin\nremark first\ntitle T\npieces white kg6 qb1 black kh8\nstipulation #1\n"
                                      "option noboard\nend\n", "t");
  std::ostringstream out;
  write_popeye_problem(no_board.at(0), {}, out);
  CHECK(out.str() == "first\n\n   1.Qb1-b8 # !\n\n\nsolution finished.\n\n\n");
  // Title lines each centred over the board; a remark left-aligned above them (selfref.inp 6).
  const auto titles = read_problems("begin\nremark FIDE Album 1945-1955 nr. 1188\ntitle in mate stipulations, it makes sense to pin a "
                                    "queen or rook by a\ntitle guarding queen\npieces white kg6 qb1 black kh8\nstipulation #1\nend\n",
                                    "t");
  CHECK(popeye_heading(titles.at(0)) ==
        "FIDE Album 1945-1955 nr. 1188\n\nin mate stipulations, it makes sense to pin a queen or rook by a\n           guarding queen\n\n");
  CHECK(titles[0].title == "in mate stipulations, it makes sense to pin a queen or rook by a; guarding queen");  // the PGN tag
  // A side without a king that no NoWk/NoBk allows: Popeye's warning below the stipulation line.
  const auto kingless = read_problems("begin\npieces white kh1\nstipulation #1\nend\n", "t");
  std::ostringstream warned;
  write_popeye_problem(kingless.at(0), {}, warned);
  CHECK_THAT(warned.str(), Catch::Contains("  #1                          1 + 0\nboth sides need a king\n\n"));
  const auto allowed = read_problems("begin\npieces white kh1\nstipulation #1\noption nobk\nend\n", "t");
  std::ostringstream quiet;
  write_popeye_problem(allowed.at(0), {}, quiet);
  CHECK_THAT(quiet.str(), !Catch::Contains("need a king"));
}

TEST_CASE("Popeye's heading and twin labels", "[popeye-layout]") {
  const auto problems = read_problems(
      "begin\nauthor A. und J. Hoitsma\norigin STERN 29/79, 12.07.1979\npieces white kd1 qd6 black ke8 qb4 ra8b2 pf2\n"
      "stipulation h#3\ntwin remove b4 add white pb4\ntwin move d1 c1\ntwin continued remove f2\ntwin exchange d6 e8\n"
      "twin rotate 90\nend\n",
      "t");
  REQUIRE(problems.size() == 1);
  const Problem& p = problems[0];
  CHECK(popeye_heading(p) == "\n          A. und J. Hoitsma\n       STERN 29/79, 12.07.1979\n\n");
  REQUIRE(p.twins.size() == 6);
  CHECK(popeye_twin_label(p.twins, 0, Language::English) == "a) ");
  CHECK(popeye_twin_label(p.twins, 1, Language::English) == "b) wPb4  ");  // as olv_benko_0029_h3.out
  CHECK(popeye_twin_label(p.twins, 2, Language::English) == "c) wKd1-->c1  ");
  CHECK(popeye_twin_label(p.twins, 3, Language::English) == "+d) -bPf2  ");
  CHECK(popeye_twin_label(p.twins, 4, Language::English) == "e) wQd6<-->bKe8  ");
  CHECK(popeye_twin_label(p.twins, 5, Language::English) == "f) rotate 90  ");
}

namespace {

struct GoldenCase {
  std::string input, output;  // under ../shared/corpus
  std::vector<int> problems;  // 1-based problems of the input to compare ({} : the only one)
};

}  // namespace

// [long]: 111 problems solved whole; the layout code runs under the sanitizers in the cases above,
// the Release pass runs this one (tests/CMakeLists.txt).
TEST_CASE("Popeye layout golden sample: Arbiter's solutions print as Popeye's lines", "[popeye-layout][long]") {
  const std::vector<GoldenCase> cases = {
      {"orthodox-problems/alekhine_0002_3.inp", "orthodox-problems/alekhine_0002_3.out", {}},  // #3, threats below the key
      {"orthodox-problems/baird_0001_2.inp", "orthodox-problems/baird_0001_2.out", {}},
      {"orthodox-problems/baird_0012_2.inp", "orthodox-problems/baird_0012_2.out", {}},
      {"orthodox-help-self/olv_baird_0305_s2.inp", "orthodox-help-self/olv_baird_0305_s2.out", {}},
      {"orthodox-help-self/olv_dawson_0112_s3.inp", "orthodox-help-self/olv_dawson_0112_s3.out", {}},
      {"orthodox-help-self/olv_dawson_0109_s2.inp", "orthodox-help-self/olv_dawson_0109_s2.out", {}},  // twin add
      {"orthodox-help-self/olv_benko_0029_h3.inp", "orthodox-help-self/olv_benko_0029_h3.out", {}},    // twin remove+add
      {"orthodox-help-self/py_beispiel_castling_26_h3.inp", "orthodox-help-self/py_beispiel_castling_26_h3.out", {}},
      {"orthodox-help-self/py_beispiel_castling_27_h3_5.inp", "orthodox-help-self/py_beispiel_castling_27_h3_5.out", {}},
      // German: #2, h#2, #3 with tries (Verfuehrung), a twin (versetze), set play (Satzspiel).
      // 27: option WhiteToPlay (weiss), h#4 printed and solved as h#3.5, with a twin. 11, 12:
      // option Threat (Drohung 1, 2) with tries and MoveNumbers: #6/1 and #4/2.
      // 32: ser-r+3, series lines with Black's unprinted passes ("1.Lh5-d1   2.Ld1-e2   3.Ke1-f1 La6*e2 +").
      {"popeye-suite/BEISPIEL/castling.inp", "popeye-suite/REGRESSIONTESTS/castling.out", {1, 2, 3, 5, 11, 12, 14, 18, 20, 27, 32, 43, 44, 46}},
      // Option SetPlay of direct mates and selfmates: 11 #2, 12 #2 with White in check (Popeye
      // refuses the set play), 17 and 18 s#1 (no set play), 26 and 27 s#2. Option PostKeyPlay:
      // 4 #2, 5 #2 with a defence that refutes, 13 #3, 15 s#1, 22 s#2. 7, 8: ##!2, counter-mates
      // (the goal move into check, marked "##!" alone; the mate before it "+").
      // 28: exact-s#2 with tries, a try's refutation that selfmates too soon ("1...b3-b2 # !");
      // 37: exact-r#2, the nested branch's mate below White's answer; 42: exact-r#3, no solution.
      {"popeye-suite/TESTS/battle_play.inp", "popeye-suite/REGRESSIONTESTS/battle_play.tst", {4, 5, 7, 8, 11, 12, 13, 15, 17, 18, 22, 26, 27, 28, 37, 42}},
      // h##!2 and h##2; ser-##2 (no solution) and ser-h##!2.
      // exact-hr#2 (7); exact-ser-r#2 (5) and ser-r#2 (7), played as structured stipulations.
      // 12: PostKeyPlay in help play, "PostKeyPlay not applicable - ignored" before each twin.
      {"popeye-suite/TESTS/help_play.inp", "popeye-suite/REGRESSIONTESTS/help_play.tst", {5, 6, 7, 12}},
      {"popeye-suite/TESTS/series_play.inp", "popeye-suite/REGRESSIONTESTS/series_play.tst", {2, 3, 5, 7}},
      // c81 with GoalIsEnd: c817 (threats of several moves), c813 twice, sc813, hc812.
      {"popeye-suite/BEISPIEL/chess81.inp", "popeye-suite/REGRESSIONTESTS/chess81.out", {1, 2, 3, 4, 5}},
      // Structured roots that start with the defence, played after the key: #4 with Threat 1, s#1
      // and s#3 with the defender in check (" +").
      // 18: a fork of '&' (no numbering anew in its parts); 33, 38: a root with '-' ("1..." first); 25, 28:
      // constraints before a help branch's first move ("1.g3*f4 x ?!?") and before each series move.
      // 3: "schwarz 1d[#]a" (s#1 after the key, no '-'): the defence numbered "1." as the first move.
      // 11, 12: "weiss 1a[!#]d", a battle branch of one move: the keys are its whole tree ("1.Tg6-c6 + !").
      // Trees of structured battle play: 13 "3:3a[!#]d" with tries ("1.Sf1-d2 + ?  Aber  1...Tc2*d2 !"),
      // 39 "4a[#=]d[#=]" (zugzwang, the defender's goal moves marked "#=").
      {"popeye-suite/BEISPIEL/sford.inp", "popeye-suite/REGRESSIONTESTS/sford.out", {2, 3, 4, 11, 12, 13, 18, 25, 28, 31, 33, 38, 39}},
      // exact-#1 to exact-#4 twins (26, 27), exact-#2 (51), exact-s#2 with tries (70).
      {"popeye-suite/BEISPIEL/stip.inp", "popeye-suite/REGRESSIONTESTS/stip.out", {26, 27, 51, 70}},
      // 1: "white 1a[!x&#]d", the same with a fork of '!' and '&'; 2: hx1 whose set play alone
      // takes e.p. ("1...e5*d6 ep. x"), EnPassant naming the side to move's double step.
      {"popeye-suite/REGRESSIONS/4_79_to_4_81.inp", "popeye-suite/REGRESSIONTESTS/4_79_to_4_81.reg", {1, 2}},
      // 7: a twin with a structured stipulation, its side word as Popeye spells it ("b) Schwarz 4:4hh[...]").
      {"popeye-suite/BEISPIEL/undeckbar.inp", "popeye-suite/REGRESSIONTESTS/undeckbar.out", {7}},
      // Introductory moves, the numbering anew after them: 1->ser-H#3 and 2->pser-h#3.
      {"popeye-suite/REGRESSIONS/4_85_to_4_87.inp", "popeye-suite/REGRESSIONTESTS/4_85_to_4_87.reg", {10}},
      // Goal constraints in series play and nested series branches (33, 34); 32: a fork of '&' of
      // two goals, each line printed once with each mark ("Kb5*b6 x", "Kb5*b6 =").
      {"popeye-suite/REGRESSIONS/4_61_to_4_63.inp", "popeye-suite/REGRESSIONTESTS/4_61_to_4_63.reg", {32, 33, 34}},
      // A nested branch Popeye counts 2 half-moves long numbers on ("4hh[2da[#]]": "3.e6-e5 Qf6*h4 #").
      {"popeye-suite/EXAMPLES/lengthy/helpdirectmate.inp", "popeye-suite/REGRESSIONTESTS/helpdirectmate.ref", {1, 6}},
      // A line that ends in a hidden branch has no goal mark ("5h[/1d[x]a{!+}]h": "3.Be1-h4 Bd6-g3");
      // 5: the same below a battle tree's move.
      {"popeye-suite/EXAMPLES/capzug.inp", "popeye-suite/REGRESSIONTESTS/capzug.ref", {2, 5, 8}},
      // 10 (4_87_to_4_89): s=2, then pser-s=2, whose parry that stalemates ends the play ("1.Qg6-c6 + Kc7*c6 =").
      {"popeye-suite/REGRESSIONS/4_87_to_4_89.inp", "popeye-suite/REGRESSIONTESTS/4_87_to_4_89.reg", {10}},
      // 5: a twin that moves a man onto another's square: "b) -wPb3  wPa3-->b3".
      {"popeye-suite/REGRESSIONS/4_67_to_4_69.inp", "popeye-suite/REGRESSIONTESTS/4_67_to_4_69.reg", {5}},
      {"popeye-suite/EXAMPLES/pseries.inp", "popeye-suite/REGRESSIONTESTS/pseries.ref", {2}},
      // 2: Threat 1 and MaxFlightsquares 1, a #10 whose tree reaches two-digit move numbers.
      {"popeye-suite/BEISPIEL/ep.inp", "popeye-suite/REGRESSIONTESTS/ep.out", {2}},
      // 58: WhiteToPlay and Duplex: h#3 as h#2.5, then Black starting and mating.
      {"popeye-suite/BEISPIEL/intell.inp", "popeye-suite/REGRESSIONTESTS/intell.out", {58}},
      // 9: HalfDuplex, only the exchanged roles: no solution (Popeye 4.63 to 4.69 found a false one).
      {"popeye-suite/REGRESSIONS/4_69_to_4_71.inp", "popeye-suite/REGRESSIONTESTS/4_69_to_4_71.reg", {9}},
      // s#3 with set play, where Popeye leaves out a set defence that selfmates at once (2), and
      // s#2 with set play and option MatesIn1, where it shows them (6).
      {"popeye-suite/BEISPIEL/selfref.inp", "popeye-suite/REGRESSIONTESTS/selfref.out", {2, 6}},
      // 3: Quodlibet, s#2 also won by White's own mate (2.Dh6-f4 # after 1...c4-c3), with variations;
      // 1, 2 s#=2 (White's own "#=" marked), 4, 5 semi-r#2.
      {"popeye-suite/BEISPIEL/quod.inp", "popeye-suite/REGRESSIONTESTS/quod.out", {1, 2, 3, 4, 5}},
      // 4: c813 with GoalIsEnd and PostKeyPlay: the threat and the play after a key not printed,
      // the diagram's last move unknown (no goal about a move reached there).
      {"popeye-suite/TESTS/goal_is_end.inp", "popeye-suite/REGRESSIONTESTS/goal_is_end.tst", {4}},
      // NoWk and NoBk: h#2.5 without a white king (3, 4); 11 an empty board with Try and
      // PostKeyPlay ("try play not applicable", then zugzwang).
      {"popeye-suite/REGRESSIONS/4_59_to_4_61.inp", "popeye-suite/REGRESSIONTESTS/4_59_to_4_61.reg", {3, 4}},
      // 29, 31, 33: pser-r#2, phser-r#2, ser-r#2 with set play ("1...d3-d2 #"). 12: Threat 3 on
      // #3, #4, s#3, s#4, r#3, r#4, h#7, ser-h#8: Popeye's message where it cannot apply it.
      {"popeye-suite/REGRESSIONS/4_55_to_4_57.inp", "popeye-suite/REGRESSIONTESTS/4_55_to_4_57.reg", {11, 12, 29, 31, 33}},
      // 8: h#0.5 without a white king; 7 (4_75_to_4_77): #1 without a black king and without
      // NoBk, solved after Popeye's warning "both sides need a king".
      {"popeye-suite/TESTS/intell.inp", "popeye-suite/REGRESSIONTESTS/intell.tst", {8}},
      {"popeye-suite/REGRESSIONS/4_75_to_4_77.inp", "popeye-suite/REGRESSIONTESTS/4_75_to_4_77.reg", {7}},
      // NullMoves: h#3 whose lines need White's pass, printed " ..." ("2.Kg7*g8  ...").
      {"popeye-suite/EXAMPLES/nullmoves.inp", "popeye-suite/REGRESSIONTESTS/nullmoves.ref", {}},
      // 7: NonTrivial 5 0 (#15;5,0) with NoShortVariations: the tree along the line's allowance.
      {"popeye-suite/BEISPIEL/nontriv.inp", "popeye-suite/REGRESSIONTESTS/nontriv.out", {7}},
      // Kiss (kc52 with its tries, whose trees are solved again below the diagram: the kissed
      // man is named by its square there), help-kiss; ser-<>3 in Duplex: no goal mark, a check's "+".
      {"popeye-suite/EXAMPLES/kiss.inp", "popeye-suite/REGRESSIONTESTS/kiss.ref", {1, 2, 3, 4}},
      {"popeye-suite/BEISPIEL/duplex.inp", "popeye-suite/REGRESSIONTESTS/duplex.out", {14, 15}},
  };
  std::size_t problems = 0, lines = 0, matched = 0;
  for (const auto& c : cases) {
    const std::string input = test::read_text_file(test::shared_path("corpus/" + c.input));
    const auto expected = expected_solutions(test::read_text_file(test::shared_path("corpus/" + c.output)));
    // Every problem of the file read on its own: one the reader does not play does not stop the others.
    const auto read = read_problem_entries(input, c.input, PublishedLines::Checked);
    for (int k : c.problems.empty() ? std::vector<int>{1} : c.problems) {
      INFO(c.input << " problem " << k);
      REQUIRE(std::size_t(k) <= read.size());
      REQUIRE(std::size_t(k) <= expected.size());
      REQUIRE(read[std::size_t(k - 1)].playable());
      const auto got = arbiter_solution(read[std::size_t(k - 1)]);
      const auto want = sorted(expected[std::size_t(k - 1)]), have = sorted(got);
      std::vector<std::string> missing, extra;  // Popeye's lines Arbiter lacks, and Arbiter's Popeye lacks
      std::set_difference(want.begin(), want.end(), have.begin(), have.end(), std::back_inserter(missing));
      std::set_difference(have.begin(), have.end(), want.begin(), want.end(), std::back_inserter(extra));
      CHECK(missing == std::vector<std::string>{});
      CHECK(extra == std::vector<std::string>{});
      matched += want.size() - missing.size();
      ++problems;
      lines += expected[std::size_t(k - 1)].size();
    }
  }
  CHECK(problems == 112);
  CHECK(lines == 2070);
  CHECK(matched == lines);
}
