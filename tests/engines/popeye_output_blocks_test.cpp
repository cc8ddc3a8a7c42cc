// A Popeye output of many problems split into one block per problem, and each block read in the
// language of its input (German piece letters and words): the expected outputs of Popeye's
// suite, ../shared/corpus/popeye-suite/REGRESSIONTESTS/, as `arbiter bench --popeye-suite` reads them.

#include <catch2/catch.hpp>

#include <string>

#include "solver/problem/popeye_help_output.h"
#include "solver/problem/popeye_output_blocks.h"
#include "solver/problem/popeye_reader.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::problem;

namespace {

// REGRESSIONTESTS/castling.out, lines 276-320: Hilmar Ebert, STERN 19/82, h#3 with a twin
// b) adding a black bishop on b5, each twin's solution followed by Popeye's move counters.
const std::string EbertBlock = R"(

            Hilmar Ebert
       STERN 19/82, 6.05.1982

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .   .   .   .   .   8
|                                   |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   .   .   .   .   .   .   .   6
|                                   |
5   .  -S  -K   .   .   .   .   .   5
|                                   |
4   .  -T  -B   .   .   .   .   .   4
|                                   |
3   .   .   .   .   .   .   B   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1   T   .   .   .   K   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  h#3                         3 + 4

a) 

  1.Kc5-d4 0-0-0 +   2.Kd4-c3 Td1-e1   3.Sb5-d4 Te1-e3 #
  add_to_move_generation_stack:        6742
                     play_move:        6742
 is_white_king_square_attacked:         454
 is_black_king_square_attacked:         192

b) sLb5  

  1.Kc5-b6 0-0-0   2.Kb6-a5 Kc1-c2   3.Ka5-a4 Td1-a1 #
  add_to_move_generation_stack:        7914
                     play_move:        7914
 is_white_king_square_attacked:         535
 is_black_king_square_attacked:         221

Loesung beendet.
)";

// REGRESSIONTESTS/castling.out, lines 1-34 less the board's middle: G. Schöpfer, Neue Leipziger
// Ztg. 1927, #2 with option Variation (the key and its threat).
const std::string SchoepferBlock = R"(
            G. Sch"opfer
      Neue Leipziger Ztg., 1927

+---a---b---c---d---e---f---g---h---+
7   D   .   .   .   .   .   .   .   7
1   .   .  -K   .   K   .   .   T   1
+---a---b---c---d---e---f---g---h---+
  #2                          3 + 1

   1.Da7-f2 ! Drohung:
          2.0-0 #

  add_to_move_generation_stack:        2739
                     play_move:        1057
 is_white_king_square_attacked:         397
 is_black_king_square_attacked:        1060

Loesung beendet.
)";

// REGRESSIONTESTS/4_61_to_4_63.reg, lines 1473-1481: the end of one problem, then Popeye's
// deliberate input-error test (REGRESSIONS/4_61_to_4_63.inp, a 'Stipulation' with nothing after
// it) refused with no board.
const std::string InputErrorBlocks = R"(solution finished.


input-error:cannot recognize the stipulation
offending item: Option
input-error:no stipulation specified
offending item: end

solution finished.


)";

}  // namespace

TEST_CASE("popeye output blocks: one block a problem, closed by German or English words", "[popeye-output]") {
  const auto blocks = split_popeye_output(SchoepferBlock + "\n\n" + EbertBlock);
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[0].closed);
  CHECK(blocks[0].finished);
  CHECK(blocks[0].has_board);
  CHECK(blocks[0].language == popeye::Language::German);
  CHECK(blocks[0].first_line == 2);  // the blank first line is no part of it
  CHECK(blocks[1].has_board);
  CHECK(blocks[1].first_line == 24);
  CHECK(blocks[1].text.find("Hilmar Ebert") != std::string::npos);
  CHECK(blocks[1].refusals.empty());

  const auto errors = split_popeye_output(InputErrorBlocks);
  REQUIRE(errors.size() == 2);
  CHECK(errors[0].finished);
  CHECK_FALSE(errors[1].has_board);
  CHECK(errors[1].finished);
  CHECK(errors[1].refusals ==
        std::vector<std::string>{"input-error:cannot recognize the stipulation", "input-error:no stipulation specified"});
  CHECK(errors[1].language == popeye::Language::English);

  // A partial solution closes a block too; trailing blanks make none.
  const auto partial = split_popeye_output("+---a---b\n  #9   1 + 1\nPartielle Loesung\n\n\n");
  REQUIRE(partial.size() == 1);
  CHECK(partial[0].closed);
  CHECK_FALSE(partial[0].finished);
  CHECK(split_popeye_output("x\n").size() == 1);
  CHECK_FALSE(split_popeye_output("x\n")[0].closed);
}

TEST_CASE("popeye output blocks: a German helpmate with twins read twin by twin", "[popeye-output]") {
  const auto out = read_popeye_help_self_output(EbertBlock, "castling.out", popeye::Language::German);
  CHECK(out.stipulation == "h#3");
  CHECK(out.finished);
  CHECK_FALSE(out.direct);
  REQUIRE(out.twins.size() == 2);
  CHECK(out.twins[0] == TwinSolutionSet{"a", {"c5d4 e1c1 d4c3 d1e1 b5d4 e1e3"}});
  CHECK(out.twins[1] == TwinSolutionSet{"b", {"c5b6 e1c1 b6a5 c1c2 a5a4 d1a1"}});
}

TEST_CASE("popeye output blocks: the Duplex line below the stipulation, and both roles' lines under one label", "[popeye-output]") {
  // Popeye's REGRESSIONTESTS/twin.out, problem 1 (M. Tomasevic, h#2 Duplex, twin h=2).
  const auto blocks = split_popeye_output(test::read_text_file(test::shared_path("corpus/popeye-suite/REGRESSIONTESTS/twin.out")));
  REQUIRE_FALSE(blocks.empty());
  const auto out = read_popeye_help_self_output(blocks[0].text, "twin.out", popeye::Language::German);
  REQUIRE(out.twins.size() == 2);
  CHECK(out.twins[0] == TwinSolutionSet{"a", {"c8b8 f7e7 b8a8 e7e8", "f7f6 e7e8q f6b6 e8a4"}});
  CHECK(popeye_solution_lines(blocks[0].text).front() == "               Duplex");
}

TEST_CASE("popeye output blocks: a structured stipulation's line read as its plain synonym", "[popeye-output]") {
  // REGRESSIONTESTS/sford.out of Popeye's suite: "sforderung schwarz 2hh[#]" (h#1) and
  // "sford weiss 2s[#]" (ser-#2), their lines below the stipulation line Popeye prints as given.
  const std::string board = "+---a---b---c---d---e---f---g---h---+\n|                                   |\n"
                            "+---a---b---c---d---e---f---g---h---+\n";
  const auto help = read_popeye_help_self_output(board + "  Schwarz 2hh[#]              3 + 3\n\n  1.Kb7-a8 Sd5-b6 #\n"
                                                         "  1.Kb7-a8 Sd5-c7 #\n\nLoesung beendet.\n",
                                                 "sford.out", popeye::Language::German);
  CHECK(help.stipulation == "h#1");
  CHECK(help.twins[0] == TwinSolutionSet{"", {"b7a8 d5b6", "b7a8 d5c7"}});
  const auto series = read_popeye_help_self_output(board + "  Weiss 2s[#]                 2 + 2\n\n  1.b5-b6   2.b6-b7 #\n\n"
                                                           "Loesung beendet.\n",
                                                   "sford.out", popeye::Language::German);
  CHECK(series.stipulation == "ser-#2");
  CHECK(series.series);
  CHECK(series.twins[0] == TwinSolutionSet{"", {"b5b6 b6b7"}});
  // A structure without a plain synonym: its lines, the nested branch numbered from 1 again,
  // the sides alternating throughout (REGRESSIONTESTS/helpdirectmate.ref, its problem 11), and a
  // line printed once per goal it reaches read once (4_61_to_4_63.reg, "4hh[x&=]").
  const auto nested = read_popeye_help_self_output(board + "  Black 3h[3a[#]d]h          7 + 11\n\n"
                                                           "  1.Bh1-g2 Bh6-f4   2.Bg2-f1   1.Bd3-g6 + Kh5-g4   2.Qc3*f3 #\n\n"
                                                           "solution finished.\n",
                                                   "helpdirectmate.ref", popeye::Language::English);
  CHECK(nested.stipulation == "Black 3h[3a[#]d]h");
  CHECK(nested.twins[0] == TwinSolutionSet{"", {"h1g2 h6f4 g2f1 d3g6 h5g4 c3f3"}});
  const auto twice = read_popeye_help_self_output(board + "  Black 4hh[x&=]              3 + 2\n\n"
                                                          "  1.Kb8-a7 Be7-d6   2.Ka7-a8 Kb5*b6 x\n"
                                                          "  1.Kb8-a7 Be7-d6   2.Ka7-a8 Kb5*b6 =\n\nsolution finished.\n",
                                                  "4_61_to_4_63.reg", popeye::Language::English);
  CHECK(twice.twins[0] == TwinSolutionSet{"", {"b8a7 e7d6 a7a8 b5b6"}});
  // A twin whose own stipulation is played as its structured equivalent reads as that, not as
  // the problem's keys (REGRESSIONS/4_87_to_4_89.reg 10: s=2, then "b) pser-s=2").
  const auto parry = read_popeye_help_self_output(board + "  s=2                         1 + 1\n\na) \n\n   1.Qg6-c6 + !\n"
                                                          "      1...Kc7-d8\n          2.Qc6-d7 +\n              2...Kd8*d7 =\n\n"
                                                          "b) pser-s=2  \n\n  1.Qg6-c6 + Kc7-d8   2.Qc6-d7 + Kd8*d7 =\n"
                                                          "  1.Qg6-c6 + Kc7*c6 =\n\nsolution finished.\n",
                                                  "4_87_to_4_89.reg", popeye::Language::English);
  REQUIRE(parry.twins.size() == 2);
  CHECK(parry.twins[0] == TwinSolutionSet{"a", {"g6c6"}});
  CHECK(parry.twins[1] == TwinSolutionSet{"b", {"g6c6 c7c6", "g6c6 c7d8 c6d7 d8d7"}});
  // A root whose parts print keys and lines (sford.out, BEISPIEL/sford.inp 15), its stipulation
  // longer than the line, so the white count is glued on: the keys marked " !", the parts' lines
  // (two blanks in), the tree below a key skipped.
  const auto mixed = read_popeye_help_self_output(board + "  Weiss 3a[#]d&-4hh[#]&4ad[#]&-4hh[=]8 + 10\n\n"
                                                          "   1.e7-e8=S ! Drohung:\n          2.Se8*c7 #\n\n\n"
                                                          "  1...e6-e5   2.e7-e8=D e5-e4 +   3.De8*e4 #\n\n"
                                                          "   1.e7-e8=L ! Zugzwang.\n      1...e6-e5\n          2.La4-c2\n"
                                                          "              2...e5-e4 #\n\n\n"
                                                          "  1...e6-e5   2.e7-e8=T e5-e4 +   3.Te8*e4 =\n\nLoesung beendet.\n",
                                                  "sford.out", popeye::Language::German);
  CHECK(mixed.stipulation == "Weiss 3a[#]d&-4hh[#]&4ad[#]&-4hh[=]");
  CHECK(mixed.twins[0] == TwinSolutionSet{"", {"e6e5 e7e8q e5e4 e8e4", "e6e5 e7e8r e5e4 e8e4", "e7e8b", "e7e8n"}});
  // A structure that does not read is an error at its line.
  CHECK_THROWS_AS(read_popeye_help_self_output(board + "  Schwarz 4hh[2da[#]         3 + 3\n", "sford.out", popeye::Language::German),
                  ParseError);
}

TEST_CASE("popeye output blocks: a German direct mate's keys", "[popeye-output]") {
  const auto out = read_popeye_help_self_output(SchoepferBlock, "castling.out", popeye::Language::German);
  CHECK(out.direct);
  CHECK(out.finished);
  REQUIRE(out.twins.size() == 1);
  CHECK(out.twins[0] == TwinSolutionSet{"", {"a7f2"}});
  // Read as English, 'D' is no piece letter: the key cannot be spelt.
  CHECK_THROWS_AS(read_popeye_help_self_output(SchoepferBlock, "castling.out"), ParseError);
}

TEST_CASE("popeye output blocks: piece letters by language, and the lines beside the solutions", "[popeye-output]") {
  CHECK(popeye_move_uci("Td1-e1", White, popeye::Language::German) == "d1e1");
  CHECK(popeye_move_uci("f2-f1=D", Black, popeye::Language::German) == "f2f1q");
  CHECK(popeye_move_uci("b7-b8=S", White, popeye::Language::German) == "b7b8n");
  CHECK(popeye_move_uci("Fc1-d2", White, popeye::Language::French) == "c1d2");
  CHECK(popeye_move_uci("Cb1*c3", White, popeye::Language::French) == "b1c3");
  CHECK(popeye_move_uci("Bc1-d2", White) == "c1d2");
  CHECK(popeye_move_uci("Tc1-d2", White).empty());  // 'T' is German's rook, no piece of Popeye's English
  CHECK(popeye_move_uci("Lc1-d2", White) == "c1d2");  // 'L' is German's bishop, English's locust
  CHECK(popeye_move_uci("NHb3-d4", White) == "b3d4");  // a fairy piece's two-letter code
  CHECK(popeye_move_uci("g7-g8=NH", White) == "g7g8nh");  // promotion to a fairy piece: its English code
  CHECK(popeye_move_uci("g7-g8=N", White) == "g7g8n_");   // the nightrider, beside the knight's g7g8n
  CHECK(popeye_move_uci("g7-g8=S", White) == "g7g8n");

  CHECK(is_popeye_side_line("add_to_move_generation_stack:        6742"));
  CHECK(is_popeye_side_line("0 moegliche Stellungen in 1+1"));
  CHECK(is_popeye_side_line("12 potential positions in 2+1"));
  // Popeye run live prints the time after it (BEISPIEL/hpint.inp with 'option zug intell').
  CHECK(is_popeye_side_line("0 moegliche Stellungen in 1+0  (Zeit = 0.017 s)"));
  CHECK(is_popeye_side_line("704 potential positions in 3+3  (Time = 1.970 s)"));
  CHECK_FALSE(is_popeye_side_line("12 potential positions in 2+1 Zeit"));
  CHECK(is_popeye_side_line("3  (Sa3-c4 )"));
  CHECK(is_popeye_side_line("1:3  (Kb3-c4 )"));  // MoveNumbers after introductory moves (4_93_to_4_95.reg)
  CHECK_FALSE(is_popeye_side_line(":3  (Kb3-c4 )"));
  CHECK_FALSE(is_popeye_side_line("1.Kc5-d4 0-0-0 +   2.Kd4-c3 Td1-e1"));
  CHECK_FALSE(is_popeye_side_line("Loesung beendet."));

  CHECK(closing_line_language("Loesung beendet. Zeit = 0.016 s") == popeye::Language::German);
  CHECK(closing_line_language("solution terminee. Temps = 0.018 s") == popeye::Language::French);
  CHECK(closing_line_language("Partial solution") == popeye::Language::English);
  CHECK_FALSE(closing_line_language("solution"));
}

TEST_CASE("popeye output blocks: post-key play and Popeye's remarks are no solutions", "[popeye-output]") {
  // REGRESSIONTESTS/battle_play.tst, lines 143-182 less the board's middle: "#1.5 incomplete",
  // a #2 with option PostKeyPlay: Popeye prints the play after a key it does not print.
  const std::string post_key = R"(           #1.5 incomplete

+---a---b---c---d---e---f---g---h---+
+---a---b---c---d---e---f---g---h---+
  #2                          3 + 3

 zugzwang.
      1...h5-h4
        refutes.
      1...Se8-c7
          2.Sd5*c7 #
  add_to_move_generation_stack:          64

solution finished.
)";
  const auto keys = read_popeye_help_self_output(post_key, "battle_play.tst");
  CHECK(keys.direct);
  CHECK(keys.finished);
  CHECK(keys.twins == SolutionSets{{"", {}}});

  // REGRESSIONTESTS/help_play.tst, lines 34-64 less the board's middle: an h#1 with set play
  // whose set play is impossible, Popeye's remark before the solution.
  const std::string remark = R"(h#1 with set play, but black king is in check

+---a---b---c---d---e---f---g---h---+
+---a---b---c---d---e---f---g---h---+
  h#1                         3 + 1

the side to play can capture the king
  1.Kb8-a8 Sc4-b6 #
  add_to_move_generation_stack:          21

solution finished.
)";
  const auto help = read_popeye_help_self_output(remark, "help_play.tst");
  CHECK(split_popeye_output(remark).front().refusals == std::vector<std::string>{"the side to play can capture the king"});
  CHECK(help.remarks == std::vector<std::string>{"the side to play can capture the king"});
  CHECK(help.twins == SolutionSets{{"", {"b8a8 c4b6"}}});
}

TEST_CASE("popeye output blocks: a zero position's line before its twins", "[popeye-output]") {
  // REGRESSIONTESTS/intell.out, lines 1038-1046: an h#4 with a zero position (German "NullStellung").
  const std::string zero = R"(+---a---b---c---d---e---f---g---h---+
+---a---b---c---d---e---f---g---h---+
  h#4                         4 + 8

NullStellung


a) sLe5-->g8  

  1.Lg8-a2 Lh7-g8   2.Kd6-e5 Lg8-b3   3.Ke5-f5 Lb3-c2   4.La2-e6 d3-d4 #
Loesung beendet.
)";
  const auto out = read_popeye_help_self_output(zero, "intell.out", popeye::Language::German);
  CHECK(out.twins == SolutionSets{{"a", {"g8a2 h7g8 d6e5 g8b3 e5f5 b3c2 a2e6 d3d4"}}});
}
