// Series play and help play towards other goals through the arbiter command as a contract:
// `solve` (its JSON fields `target` and `series` beside `goal`, the lines, the layout), `popeye`
// (Popeye's layout, checked against Popeye 4.104 run live on the same input), PGN problem files
// with such a [Stipulation], and the commands that do not play these forms yet naming them:
// verify of published series, reflex and help lines, compose of other goals (refused, exit 2),
// certificates of series play.

#include <catch2/catch.hpp>

#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

std::set<std::string> lines_of(const json& solutions) {
  std::set<std::string> out;
  for (const auto& line : solutions) {
    std::string s;
    for (const auto& m : line) s += (s.empty() ? "" : " ") + m.get<std::string>();
    out.insert(s);
  }
  return out;
}

// Popeye input: a series helpmate, a series capture and a help-stalemate.
constexpr const char* Genres =
    "begin\npieces white kb6 rd1 black ka8 ph7\nstipulation ser-h#2\n"
    "next\npieces white kh1 rd1 black kh8 pa7 pb7\nstipulation ser-x2\n"
    "next\npieces white kf7 pg5h5 black kh8 ph7\nstipulation h=1\nend\n";

// A PGN problem with its published moves.
std::string pgn_problem(const char* stipulation, const char* fen, const char* moves) {
  return std::string("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n"
                     "[Result \"*\"]\n[Stipulation \"") + stipulation + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + moves +
         " *\n\n";
}

// The kinds of a verify result's findings.
std::set<std::string> kinds(const json& p) {
  std::set<std::string> k;
  for (const auto& f : p["findings"]) k.insert(f["kind"].get<std::string>());
  return k;
}

}  // namespace

TEST_CASE("solve: series play and other goals, JSON and text", "[cli][series]") {
  test::ScratchDir dir;
  const std::string file = dir.write("genres.inp", Genres);
  const test::CliRun run = test::run_arbiter_command("solve " + file + " --json", dir);
  INFO(run.out << run.err);
  REQUIRE(run.status == 0);
  const json out = json::parse(run.out).at("problems");  // a file of several problems
  REQUIRE(out.size() == 3);
  CHECK(out[0]["stipulation"] == "ser-h#2");
  CHECK(out[0]["goal"] == "help");
  CHECK(out[0]["target"] == "#");
  CHECK(out[0]["series"] == true);
  CHECK(out[0]["solution_count"] == 10);
  CHECK(lines_of(out[0]["solutions"]).count("h7h6 h6h5 d1d8") == 1);
  CHECK(out[0]["solutions_text"][0] == "1.Kb8 Rd8#");  // shortest first
  CHECK(out[1]["stipulation"] == "ser-x2");
  CHECK(out[1]["goal"] == "direct");
  CHECK(out[1]["target"] == "x");
  // Popeye's three lines of two moves (no one-move capture).
  CHECK(lines_of(out[1]["solutions"]) == std::set<std::string>{"d1a1 a1a7", "d1b1 b1b7", "d1d7 d7b7"});
  CHECK(out[2]["stipulation"] == "h=1");
  CHECK(out[2]["target"] == "=");
  CHECK_FALSE(out[2].contains("series"));
  // Popeye's one line: 1.h7-h6 g5-g6 =.
  CHECK(lines_of(out[2]["solutions"]) == std::set<std::string>{"h7h6 g5g6"});

  const test::CliRun text = test::run_arbiter_command("solve " + file, dir);
  CHECK(text.out.find("1.h5 2.h4 Rd8#") != std::string::npos);
  CHECK(text.out.find("1.Rd7 2.Rxb7") != std::string::npos);
  CHECK(text.out.find("3 problems: 3 proved") != std::string::npos);
}

TEST_CASE("popeye: series lines in Popeye's layout, the goal's mark after the last move", "[cli][series][popeye]") {
  test::ScratchDir dir;
  const std::string file = dir.write("genres.inp", Genres);
  const test::CliRun run = test::run_arbiter_command("popeye " + file, dir);
  INFO(run.out << run.err);
  REQUIRE(run.status == 0);
  // Popeye 4.104's lines for these problems (run live on the same input).
  for (const char* line : {"  1.h7-h5   2.h5-h4 Rd1-d8 #\n", "  1.Ka8-b8 Rd1-d8 #\n", "  1.Rd1-d7   2.Rd7*b7 x\n",
                           "  1.Rd1-a1   2.Ra1*a7 x\n", "  1.h7-h6 g5-g6 =\n"})
    CHECK(run.out.find(line) != std::string::npos);
}

TEST_CASE("PGN problem files state series and other goals, and the engines without them name them", "[cli][series]") {
  test::ScratchDir dir;
  const std::string pgn = dir.write(
      "h.pgn",
      "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
      "[Stipulation \"ser-h#2\"]\n[SetUp \"1\"]\n[FEN \"k7/7p/1K6/8/8/8/8/3R4 b - - 0 1\"]\n\n*\n");
  const test::CliRun solved = test::run_arbiter_command("solve " + pgn + " --json", dir);
  INFO(solved.out << solved.err);
  CHECK(solved.status == 0);
  CHECK(json::parse(solved.out)["solution_count"] == 10);  // one problem: one object

  // Ten solutions, three of them short: unsound (verify_genres below for the published lines).
  const test::CliRun verified = test::run_arbiter_command("verify " + pgn + " --json", dir);
  CHECK(verified.status == 1);
  CHECK(json::parse(verified.out)["verdict"] == "unsound");

  // A certificate of the series helpmate: its ten lines, replayed by check-certificate.
  const test::CliRun certificate = test::run_arbiter_command("solve " + pgn + " --certificate " + dir.path("c.json"), dir);
  CHECK(certificate.status == 0);
  const test::CliRun checked = test::run_arbiter_command("check-certificate " + dir.path("c.json") + " --json", dir);
  INFO(checked.out << checked.err);
  CHECK(checked.status == 0);
  const json check = json::parse(checked.out);
  CHECK(check["verdict"] == "valid");
  CHECK(check["stipulation"] == "ser-h#2");
  CHECK(check["solutions_replayed"] == 10);

  // compose makes h=N and series of mate or stalemate (compose_genres_test.cpp), not other goals.
  const test::CliRun composed = test::run_arbiter_command("compose --stipulation hx2 --count 1", dir);
  CHECK(composed.status == 2);
  CHECK(composed.err.find("unsupported stipulation 'hx2' for compose") != std::string::npos);
  const test::CliRun option_composed = test::run_arbiter_command("compose --variant option --stipulation h=2 --count 1", dir);
  CHECK(option_composed.status == 2);
  CHECK(option_composed.err.find("composed in orthodox chess only") != std::string::npos);

  // Another rule set does not play them yet: unsupported, named.
  const test::CliRun option = test::run_arbiter_command(
      "solve --variant option --fen \"k7/7p/1K6/8/8/8/8/3R4 b - - 0 1\" --stipulation ser-h#2", dir);
  CHECK(option.status == 4);
  CHECK(option.out.find("stipulation ser-h#2 (series helpmate) in option") != std::string::npos);
}

TEST_CASE("bad stipulations in a file of many: each its file:line:column, the others solved", "[cli][series][errors]") {
  // Issue #34's bad input: an unknown goal, a series of no move, introductory moves without a
  // series, 'exact-' on a proof game (exact already), a malformed structured stipulation; then a
  // structured stipulation that is a helpmate's synonym, played.
  test::ScratchDir dir;
  const std::string file = dir.write("bad.inp",
                                     "begin\npieces white kb6 rd1 black ka8 ph7\nstipulation hq2\n"
                                     "next\npieces white kb6 rd1 black ka8 ph7\nstipulation ser-#0\n"
                                     "next\npieces white kb6 rd1 black ka8 ph7\nstipulation 3->h#2\n"
                                     "next\npieces white kb6 rd1 black ka8 ph7\nstipulation exact-dia5\n"
                                     "next\npieces white kb6 rd1 black ka8 ph7\nsstipulation black 4hh[2da[#]\n"
                                     "next\npieces white kb6 rd1 black ka8 ph7\nsstipulation black 4hh[#]\nend\n");
  const test::CliRun run = test::run_arbiter_command("solve " + file, dir);
  INFO(run.out << run.err);
  CHECK(run.status == 2);
  for (const char* where : {"bad.inp:3:13: expected a goal in 'hq2'", "bad.inp:6:18: mate length 0 in 'ser-#0'",
                            "bad.inp:9:16: expected series play after the introductory moves in '3->h#2'",
                            "bad.inp:12:13: 'exact-' in 'exact-dia5'", "bad.inp:15:30: expected ']' to close the fork's '['"})
    CHECK(run.err.find(where) != std::string::npos);
  CHECK(run.out.find("verdict: proved (76 solutions)") != std::string::npos);  // black 4hh[#]: h#2
  CHECK(run.out.find("6 problems: 1 proved, 5 bad input") != std::string::npos);
}

TEST_CASE("verify: published series, reflex and help lines of other goals", "[cli][series][verify]") {
  test::ScratchDir dir;
  // A series line is written as the series side's moves in a row, the other side passing.
  const std::string file = dir.write(
      "genres.pgn", pgn_problem("ser-#4", "8/8/5KP1/8/8/1R6/8/2kb4 w - - 0 1", "1.g7 2.g8=Q 3.Qg2 4.Qb2#") +
                        pgn_problem("r#2", "8/7B/8/8/pp6/k7/8/K7 w - - 0 1", "1.Bc2! b3 2.Bb1 b2#") +
                        pgn_problem("h=1", "7k/5K1p/8/6PP/8/8/8/8 b - - 0 1", "1...h6 2.g6") +
                        pgn_problem("ser-#4", "8/8/5KP1/8/8/1R6/8/2kb4 w - - 0 1", "1.g7 2.g8=R 3.Rg2 4.Rgb2+") +
                        pgn_problem("ser-#4", "8/8/5KP1/8/8/1R6/8/2kb4 w - - 0 1", "1.g7 2.g8=Q 3.Qg3 4.Qb2#"));
  const test::CliRun run = test::run_arbiter_command("verify " + file + " --json", dir);
  INFO(run.out << run.err);
  CHECK(run.status == 2);  // the last problem's published line is illegal: bad input, the others judged
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 5);
  CHECK(out[0]["verdict"] == "confirmed");
  CHECK(out[0]["solutions_text"][0] == "1.g7 2.g8=Q 3.Qg2 4.Qb2#");
  CHECK(out[1]["verdict"] == "confirmed");
  CHECK(out[1]["published_key_is_key"] == true);
  CHECK(out[2]["verdict"] == "confirmed");
  // An underpromotion that is no solution: the published line is refuted, the real one a finding.
  CHECK(out[3]["verdict"] == "refuted");
  bool not_a_solution = false;
  for (const auto& f : out[3]["findings"]) not_a_solution = not_a_solution || f["kind"] == "not-a-solution";
  CHECK(not_a_solution);
  CHECK(out[4]["verdict"] == "bad-input");
  CHECK(run.err.find("genres.pgn:64:21: illegal move Qb2#") != std::string::npos);
}

TEST_CASE("verify: published double mates and counter-mates, whose goal move leaves the mover in check", "[cli][series][verify]") {
  // TESTS/help_play.inp 6, TESTS/battle_play.inp 7 and REGRESSIONS/4_55_to_4_57.inp 5 of Popeye's
  // suite, with the lines Popeye 4.104 prints (1...Bxg7 mates White: its "#" is a mate, the counter-mate
  // after it the goal); then two wrong publications.
  test::ScratchDir dir;
  constexpr const char* Help = "8/8/8/6p1/4K1kN/6P1/4p1pq/7R b - - 0 1";
  const std::string file = dir.write(
      "goals.pgn", pgn_problem("h##2", Help, "1... Kh3 2. Kf3 g4+ 3. Kxg2##") +
                       pgn_problem("##!2", "7b/6P1/8/R7/np6/kP6/P7/KB6 w - - 0 1", "1. Ra8 Bxg7# 2. Rxa4##!") +
                       pgn_problem("##1", "7k/6b1/6PK/8/8/8/8/8 w - - 0 1", "1. Kh7##") +
                       pgn_problem("h##2", Help, "1... Kh3 2. Kf3 g4+ 3. Ke3##") +
                       pgn_problem("##1", "7k/6b1/6PK/8/8/8/8/8 w - - 0 1", "1. Kh7## Bf8"));
  const test::CliRun run = test::run_arbiter_command("verify " + file + " --json", dir);
  INFO(run.out << run.err);
  CHECK(run.status == 2);  // the last: a goal move only as the line's last move, else illegal
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 5);
  for (int i = 0; i < 3; ++i) CHECK(out[i]["verdict"] == "confirmed");
  CHECK(out[1]["published_key_is_key"] == true);
  CHECK(out[2]["published_key_is_key"] == true);
  CHECK(out[3]["verdict"] == "refuted");
  std::set<std::string> kinds;
  for (const auto& f : out[3]["findings"]) kinds.insert(f["kind"].get<std::string>());
  CHECK(kinds == std::set<std::string>{"not-goal", "not-a-solution", "cook"});
  CHECK(out[4]["verdict"] == "bad-input");
  CHECK(run.err.find("goals.pgn:64:4: illegal move Kh7##") != std::string::npos);
}

TEST_CASE("verify and popeye: reciprocal help play with White's move first (reci-h#N.5)", "[cli][reciprocal][verify]") {
  // Probleemblad's reci-h#3 (BEISPIEL/intell.inp of Popeye's suite) after 1.Kh6: Popeye 4.104 run
  // live prints "1...Be4-b1 2.Sf5*e3 Qc1-c2 3.Qg3-g5 Qc2-h7 #" and "... 3.Se3-d1 #".
  test::ScratchDir dir;
  constexpr const char* Fen = "8/5p2/4Rn1k/3p1n2/1P1PB3/2K1P1q1/3P1p2/2Q5 w - - 0 1";
  const std::string file = dir.write("reci.pgn", pgn_problem("reci-h#2.5 2.1.1.1", Fen, "1. Bb1 Nxe3 2. Qc2 Qg5 (2... Nd1#) 3. Qh7#") +
                                                     pgn_problem("reci-h#2.5", Fen, "1. Bb1 Nxe3 2. Qc2 Qg5 3. Qh7#"));
  const test::CliRun run = test::run_arbiter_command("verify " + file + " --json", dir);
  INFO(run.out << run.err);
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 2);
  CHECK(out[0]["verdict"] == "confirmed");
  CHECK(out[1]["verdict"] == "unsound");  // the own mate 3.Nd1# is a solution too: a cook
  const std::string inp = dir.write("reci.inp", "begin\npieces white kc3 qc1 re6 be4 pb4 pd4 pe3 pd2 black kh6 qg3 sf6 sf5 pd5 pf7 pf2\n"
                                                "stipulation reci-h#2.5\nend\n");
  const test::CliRun popeye = test::run_arbiter_command("popeye " + inp, dir);
  INFO(popeye.out << popeye.err);
  CHECK(popeye.status == 0);
  CHECK(popeye.out.find("  1...Be4-b1   2.Sf5*e3 Qc1-c2   3.Qg3-g5 Qc2-h7 #\n") != std::string::npos);
  CHECK(popeye.out.find("  1...Be4-b1   2.Sf5*e3 Qc1-c2   3.Se3-d1 #\n") != std::string::npos);
}

TEST_CASE("verify: reciprocal series play, a line ending with the other side's reply or the series side's own goal", "[cli][reciprocal][verify]") {
  // BEISPIEL/h_alt.inp 7 of Popeye's suite (Azemard and Munoz, RIFACE 1991), ser-reci-h(=)#7, with
  // the lines of REGRESSIONTESTS/h_alt.out: "7.Td7-d8 Dh7-b7 #" and "7.Td7*h7 =" (Black's own
  // stalemate, after White's passes). Both published: confirmed; the own goal alone: the other a
  // cook; a wrong reply: refuted. The solution text numbers the own goal move as a series move.
  test::ScratchDir dir;
  constexpr const char* Fen = "K1k5/7Q/8/7p/8/8/8/8 b - - 0 1";
  const std::string file = dir.write("reci_series.pgn",
                                     pgn_problem("ser-reci-h(=)#7 2.1.1.1", Fen, "1... h4 2. h3 3. h2 4. h1=R 5. Rd1 6. Rd7 7. Rd8 (7. Rxh7) Qb7#") +
                                         pgn_problem("ser-reci-h(=)#7", Fen, "1... h4 2. h3 3. h2 4. h1=R 5. Rd1 6. Rd7 7. Rxh7") +
                                         pgn_problem("ser-reci-h(=)#7", Fen, "1... h4 2. h3 3. h2 4. h1=R 5. Rd1 6. Rd7 7. Rd8 Qh8+"));
  const test::CliRun run = test::run_arbiter_command("verify " + file + " --json", dir);
  INFO(run.out << run.err);
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 3);
  CHECK(out[0]["verdict"] == "confirmed");
  CHECK(out[1]["verdict"] == "unsound");
  REQUIRE(out[1]["findings"].size() == 1);
  CHECK(out[1]["findings"][0]["kind"] == "cook");
  CHECK(out[2]["verdict"] == "refuted");
  const test::CliRun text = test::run_arbiter_command("solve " + file + " --problem 1", dir);
  CHECK(text.out.find("1.h4 2.h3 3.h2 4.h1=R 5.Rd1 6.Rd7 7.Rxh7\n") != std::string::npos);
  CHECK(text.out.find("short solution") == std::string::npos);
}

TEST_CASE("structured stipulations: a root of '&' whose parts print keys and lines, each part printed", "[cli][structured-play]") {
  // Popeye's BEISPIEL/sford.inp 15 (M. Myllyniemi, 1st Prize O. Kaila JT 1967; '&' instead of
  // quadruplets): a #2, then Black first an h#2, an s#2, Black first an h=2. Popeye 4.104 prints
  // (run live, in English; REGRESSIONTESTS/sford.out in German) each part's play in turn:
  // "1.e7-e8=S ! threat: 2.Se8*c7 #", "1...e6-e5 2.e7-e8=Q e5-e4 + 3.Qe8*e4 #", "1.e7-e8=B !
  // zugzwang. 1...e6-e5 2.Ba4-c2 2...e5-e4 #", "1...e6-e5 2.e7-e8=R e5-e4 + 3.Re8*e4 =".
  test::ScratchDir dir;
  const std::string file = dir.write(
      "quad.inp",
      "begin\npieces white kd3 rf6 ba4 sc4 pc6 pe2 pe7 pg5 black kd5 sh8 pc5 pc7 pd4 pd6 pe3 pe6 pf7 pg6\n"
      "sstipulation white 3a[#]d & - 4hh[#] & 4ad[#] & - 4hh[=]\noption variation\n"
      "next\npieces white kd3 rf6 ba4 sc4 pc6 pe2 pe7 pg5 black kd5 sh8 pc5 pc7 pd4 pd6 pe3 pe6 pf7 pg6\n"
      "sstipulation white 3a[#]d & - 4hh[#] & 2ad[#]\nend\n");
  const test::CliRun run = test::run_arbiter_command("solve " + file + " --json", dir);
  INFO(run.out << run.err);
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 2);
  CHECK(out[0]["verdict"] == "proved");
  const json& parts = out[0]["parts"];
  REQUIRE(parts.size() == 4);
  CHECK(parts[0]["keys_uci"] == json::array({"e7e8n"}));
  CHECK(parts[1]["solutions"] == json::array({json::array({"e6e5", "e7e8q", "e5e4", "e8e4"})}));
  CHECK(parts[2]["keys_uci"] == json::array({"e7e8b"}));
  CHECK(parts[3]["solutions"] == json::array({json::array({"e6e5", "e7e8r", "e5e4", "e8e4"})}));
  // '&': every part must hold; no s#1 here, so the second root fails though its #2 and h#2 hold.
  CHECK(out[1]["verdict"] == "refuted");
  REQUIRE(out[1]["parts"].size() == 3);
  CHECK(out[1]["parts"][0]["verdict"] == "proved");
  CHECK(out[1]["parts"][2]["verdict"] == "refuted");

  const test::CliRun popeye = test::run_arbiter_command("popeye " + file, dir);
  INFO(popeye.out << popeye.err);
  for (const char* line : {"   1.e7-e8=S ! threat:\n          2.Se8*c7 #\n", "  1...e6-e5   2.e7-e8=Q e5-e4 +   3.Qe8*e4 #\n",
                           "   1.e7-e8=B ! zugzwang.\n      1...e6-e5\n          2.Ba4-c2\n              2...e5-e4 #\n",
                           "  1...e6-e5   2.e7-e8=R e5-e4 +   3.Re8*e4 =\n"}) {
    INFO(line);
    CHECK(popeye.out.find(line) != std::string::npos);
  }
  // verify: each part that holds against its own count (one key, one solution each: sound); the
  // second root fails with its s#1.
  const test::CliRun verify = test::run_arbiter_command("verify " + file + " --json", dir);
  INFO(verify.out << verify.err);
  CHECK(verify.status == 1);
  const json verified = json::parse(verify.out).at("problems");
  REQUIRE(verified.size() == 2);
  CHECK(verified[0]["verdict"] == "confirmed");
  CHECK(verified[1]["verdict"] == "refuted");
  // A part with a second key: a cook, named with its part.
  const std::string cooked = dir.write("cooked.inp",
                                       "begin\npieces white kd3 rf6 ba4 sc4 pc6 pe2 pe7 pg5 black kd5 sh8 pc5 pc7 pd4 pd6 pe3 pe6 pf7 pg6\n"
                                       "sstipulation white 5a[#]d & - 4hh[#]\nend\n");
  const test::CliRun unsound = test::run_arbiter_command("verify " + cooked + " --json", dir);
  INFO(unsound.out << unsound.err);
  CHECK(unsound.status == 1);
  const json u = json::parse(unsound.out);
  CHECK(u["verdict"] == "unsound");
  std::set<std::string> cooks;
  for (const auto& f : u["findings"])
    if (f["kind"] == "cook") cooks.insert(f["message"].get<std::string>());
  CHECK(cooks == std::set<std::string>{"part 1: 1.e8=Q is a key too", "part 1: 1.e8=R is a key too", "part 1: 1.e8=N is a key too"});
}

TEST_CASE("structured stipulations: solved problem by problem, the rest named, verified against the stated count, certified", "[cli][structured-play]") {
  // Popeye's BEISPIEL/undeckbar.inp 2 (J. Lehmensick, feenschach 2012, UM/2) with its expected
  // line; BEISPIEL/undeckbar.inp 7's twin b) (a structured twin); sford.inp 14's root of '&', not
  // played yet.
  test::ScratchDir dir;
  const std::string file = dir.write("sstip.inp",
                                     "begin\npieces white kb2 pe7 black kd5 pb4\nsstipulation black 6hh[/2da[#]{!+}]\n"
                                     "next\npieces white ka5 qd4 sb3 pc5f3 black kc2 sa4 pa2b2c6f4\n"
                                     "sstipulation black 2hh[/2da[#]{!+}]\ntwin sstipulation black 4:4hh[/2da[#]{!+}]\n"
                                     "next\npieces white kb6 rd1 black ka8 ph7\nsstipulation white !2hh[#]\nend\n");
  const test::CliRun run = test::run_arbiter_command("solve " + file + " --json", dir);
  INFO(run.out << run.err);
  CHECK(run.status == 4);  // the worst: one unsupported
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 3);
  CHECK(out[0]["verdict"] == "proved");
  CHECK(out[0]["structured"] == true);
  CHECK(out[0]["stipulation"] == "black 6hh[/2da[#]{!+}]");
  CHECK(lines_of(out[0]["solutions"]) == std::set<std::string>{"d5c4 b2c1 c4b3 e7e8q b3a2 e8e3"});
  REQUIRE(out[1]["twins"].size() == 2);
  CHECK(out[1]["twins"][1]["stipulation"] == "black 4:4hh[/2da[#]{!+}]");
  CHECK(out[2]["verdict"] == "unsupported");
  CHECK(out[2]["unsupported"][0] == "structured stipulation 'white !2hh[#]': a root of '!', or of '&' or '|' with a part "
                                    "that is no branch (each part's play printed)");

  const test::CliRun text = test::run_arbiter_command("solve " + file + " --problem 1", dir);
  CHECK(text.out.find("1.Kc4 Kc1 2.Kb3 e8=Q 3.Ka2 Qe3") != std::string::npos);
  // verify: the solve against the stated count (one solution when none is stated). Problem 1 has
  // its one line; problem 2's twin a) its one (1.b1=B Kb4), its twin b) (exactly 4 half-moves)
  // sixteen, fifteen of them cooks; problem 3 stays unsupported.
  const test::CliRun verify = test::run_arbiter_command("verify " + file + " --json", dir);
  INFO(verify.out << verify.err);
  CHECK(verify.status == 4);  // the worst: one unsupported
  const json v = json::parse(verify.out).at("problems");
  REQUIRE(v.size() == 3);
  CHECK(v[0]["verdict"] == "confirmed");
  CHECK(v[0]["solution_count"] == 1);
  REQUIRE(v[0]["findings"].size() == 1);
  CHECK(v[0]["findings"][0]["kind"] == "no-published-solution");
  CHECK(v[1]["verdict"] == "unsound");
  REQUIRE(v[1]["twins"].size() == 2);
  CHECK(v[1]["twins"][0]["verdict"] == "confirmed");
  CHECK(v[1]["twins"][1]["verdict"] == "unsound");
  CHECK(v[1]["twins"][1]["solution_count"] == 16);
  int cooks = 0;
  for (const auto& f : v[1]["twins"][1]["findings"]) cooks += f["kind"] == "cook";
  CHECK(cooks == 15);
  CHECK(v[2]["verdict"] == "unsupported");
  const test::CliRun one = test::run_arbiter_command("verify " + file + " --problem 1", dir);
  CHECK(one.status == 0);
  CHECK(one.out.find("verify: confirmed") != std::string::npos);
  // Sford's unsolvable hr-x2 (BEISPIEL/sford.inp 25: Black must capture at once, 1.gxf4): refuted.
  const std::string unsolvable = dir.write("hrx.inp", "begin\nsstipulation white 3h[>1a[x]d]h{!1a[x]d}\n"
                                                      "pieces white pf3g3g2h4 black pa6f4h5\noption nowk nobk\nend\n");
  const test::CliRun refuted = test::run_arbiter_command("verify " + unsolvable, dir);
  INFO(refuted.out << refuted.err);
  CHECK(refuted.status == 1);
  CHECK(refuted.out.find("no-solution: there is no solution of white 3h[>1a[x]d]h{!1a[x]d}") != std::string::npos);
  // A certificate of problem 1: one proof of its one line, replayed by check-certificate; the
  // file of all three problems has none (problem 3 is not played).
  const test::CliRun certificate = test::run_arbiter_command("solve " + file + " --problem 1 --certificate " + dir.path("c.json"), dir);
  INFO(certificate.out << certificate.err);
  CHECK(certificate.status == 0);
  const json cert = json::parse(test::read_text_file(dir.path("c.json")));
  CHECK(cert["stipulation"] == "black 6hh[/2da[#]{!+}]");
  CHECK(cert["proofs"].size() == 1);
  const test::CliRun checked = test::run_arbiter_command("check-certificate " + dir.path("c.json") + " --json", dir);
  INFO(checked.out << checked.err);
  CHECK(checked.status == 0);
  const json c = json::parse(checked.out);
  CHECK(c["verdict"] == "valid");
  CHECK(c["solutions_replayed"] == 1);
  CHECK(c["certifies"]["each_solution"]["certified"] == true);
  const test::CliRun whole = test::run_arbiter_command("solve " + file + " --certificate " + dir.path("all.json"), dir);
  CHECK(whole.status == 2);
  CHECK(whole.err.find("no certificate: problem 3 is unsupported") != std::string::npos);
}

TEST_CASE("verify: published lines of series self play, parry series and exact reflex play", "[cli][structured-play][verify]") {
  // REGRESSIONS/4_55_to_4_57.inp 16 (ser-s#2: 1.Sc1 2.Sa2 bxa2#), EXAMPLES/pseries.inp 6 (pser-#3,
  // Popeye's three lines) and TESTS/battle_play.inp 37 (exact-r#2: 1.Ta8) of Popeye's suite, written
  // as PGN problems: the passes fall where the tree says, so each published line is read beside
  // the lines found.
  test::ScratchDir dir;
  const char* self = "8/8/8/1p6/bPp5/kpP5/Np6/bK6 w - - 0 1";
  const char* reflex = "7k/8/5P2/8/8/8/R1p5/K7 w - - 0 1";
  const std::string file =
      dir.write("structured.pgn", pgn_problem("ser-s#2", self, "1.Nc1 2.Na2 bxa2#") +
                                      pgn_problem("pser-#3", "6n1/6n1/B4p2/2ppk3/4p3/p3p3/8/4Q1K1 w - - 0 1",
                                              "1.Qg3+ Kd4 (1...Kf5 2.Bf1 3.Bh3#) (1...Ke6 2.Qc7 3.Bc8#) 2.Qe1 3.Qa1#") +
                                      pgn_problem("ser-s#2", self, "1.Nc1 2.Nd3 Bxd3#") + pgn_problem("ser-s#2", self, "1.Nc1 2.Ne5 bxa2#") +
                                      pgn_problem("exact-r#2", reflex, "1.Ra8") + pgn_problem("exact-r#2", reflex, "1.Rb2") +
                                      pgn_problem("exact-r#2", reflex, "1.Ra8 Kg8"));
  const test::CliRun run = test::run_arbiter_command("verify " + file + " --json", dir);
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 7);
  CHECK(out[0]["verdict"] == "confirmed");
  CHECK(out[1]["verdict"] == "confirmed");  // the three lines, as main line and variations
  CHECK(out[2]["verdict"] == "refuted");
  CHECK(kinds(out[2]) == std::set<std::string>{"not-a-solution", "cook"});
  CHECK(out[3]["verdict"] == "refuted");
  CHECK(kinds(out[3]).count("illegal-move") == 1);  // Ne5 from c1: in no position a line reaches
  CHECK(out[4]["verdict"] == "confirmed");
  CHECK(out[5]["verdict"] == "refuted");
  CHECK(kinds(out[5]) == std::set<std::string>{"not-a-key", "actual-key", "line-fails"});  // as a direct mate's wrong key
  CHECK(out[6]["verdict"] == "refuted");  // the play after the key is followed: Kg8 walks into the rook's check
  CHECK(kinds(out[6]) == std::set<std::string>{"illegal-move"});
  // Parry series counts keys: its three lines are one key's variations, in Popeye input (no
  // published solution) as in PGN with the main line alone (the others left out, no cook).
  const std::string inp = dir.write("pser.inp", "begin\npieces white kg1 qe1 ba6 black ke5 sg8g7 pf6c5d5e4a3e3\nstipulation pser-#3\nend\n");
  const test::CliRun pser = test::run_arbiter_command("verify " + inp + " --json", dir);
  INFO(pser.out << pser.err);
  CHECK(pser.status == 0);
  CHECK(json::parse(pser.out)["verdict"] == "confirmed");
  CHECK(kinds(json::parse(pser.out)).count("cook") == 0);
  const std::string main_line = dir.write("main.pgn", pgn_problem("pser-#3", "6n1/6n1/B4p2/2ppk3/4p3/p3p3/8/4Q1K1 w - - 0 1", "1.Qg3+ Kd4 2.Qe1 3.Qa1#"));
  const test::CliRun one = test::run_arbiter_command("verify " + main_line + " --json", dir);
  CHECK(json::parse(one.out)["verdict"] == "confirmed");
}

TEST_CASE("verify: the play published after a structured battle key, followed through the tree", "[cli][structured-play][verify]") {
  // Exact play (the structured engine's battle play): C. Mansfield's #2 (The Hindu 1951,
  // puzzles/orthodox) as exact-#2, and Popeye's TESTS/battle_play.inp 37 as exact-r#2, whose
  // Black mate is the move of a branch nested in the fork ("3:3a[1a[#]d]d{!1a[#]d}").
  test::ScratchDir dir;
  const char* mansfield = "3K2b1/2B2p1N/5P1p/R2N1k2/4p1R1/1Q6/2n1B1P1/r2q4 w - - 0 1";
  const char* reflex = "7k/8/5P2/8/8/8/R1p5/K7 w - - 0 1";
  const std::string file = dir.write(
      "battle.pgn",
      pgn_problem("exact-#2", mansfield, "1. Bb5! {threat: 2. Bd7#} 1... Qxg4 (1... Nd4 2. Ne3#) (1... Kxg4 2. Qh3#) 2. Ne7#") +
          pgn_problem("exact-#2", mansfield, "1. Bb5! {threat: 2. Qh3#} 1... Qxg4 2. Ne7#") +
          pgn_problem("exact-#2", mansfield, "1. Qc4? (1. Bb5? Qxg4!)") + pgn_problem("exact-r#2", reflex, "1. Ra8+ Kh7 2. Ra2 c1=Q#") +
          pgn_problem("exact-r#2", reflex, "1. Ra8+ Kh7 2. Rb8 c1=Q+") +
          pgn_problem("exact-r#2", reflex, "1. Ra8+ Kh7 2. Ra2 c1=Q# 3. Kb1"));
  const test::CliRun run = test::run_arbiter_command("verify " + file + " --json", dir);
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 6);
  auto claim = [](const json& p, const std::string& move, const std::string& what) {
    for (const auto& c : p["claims"])
      if (c["move"] == move && c["claim"] == what) return c["holds"].get<bool>() ? 1 : 0;
    return -1;
  };
  CHECK(out[0]["verdict"] == "confirmed");
  CHECK(out[0]["published_plies_checked"] == 7);
  CHECK(claim(out[0], "Qh3#", "forces-mate") == 1);
  CHECK(out[1]["verdict"] == "refuted");  // the threat is Bd7
  CHECK(kinds(out[1]) == std::set<std::string>{"threat-fails"});
  CHECK(kinds(out[2]) == std::set<std::string>{"not-a-key", "actual-key", "try-wins", "refutation-fails"});
  CHECK(claim(out[2], "Qc4", "try") == 1);
  CHECK(out[3]["verdict"] == "confirmed");
  CHECK(claim(out[3], "c1=Q#", "forces-mate") == 1);  // Black's mate, in the branch of the fork
  CHECK(out[4]["verdict"] == "refuted");
  CHECK(kinds(out[4]) == std::set<std::string>{"line-fails"});  // the move after it is only replayed
  CHECK(claim(out[4], "Rb8", "forces-mate") == 0);
  CHECK(kinds(out[5]) == std::set<std::string>{"line-too-long"});
}

TEST_CASE("structured lines in JSON: each line's unprinted passes and its goal marks", "[cli][structured-play]") {
  // REGRESSIONS/4_61_to_4_63.inp 32 (a fork of '&' of two goals: Popeye prints each line once with
  // each mark), TESTS/series_play.inp 5 (exact-ser-r#2: Black passes before White's second
  // move) and BEISPIEL/undeckbar.inp 2 (the line ends in a hidden branch: no mark, '~').
  test::ScratchDir dir;
  const std::string file = dir.write("marks.inp",
                                     "begin\npieces white kb5 be7 pb4 black kb8 pb6\nsstipulation black 4hh[x&=]\n"
                                     "next\npieces white ka1 qb5 bb1 pb6 black ka3 pc3b7\nstipulation exact-ser-r#2\n"
                                     "next\npieces white kb2 pe7 black kd5 pb4\nsstipulation black 6hh[/2da[#]{!+}]\nend\n");
  const test::CliRun run = test::run_arbiter_command("solve " + file + " --json", dir);
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 3);
  CHECK(lines_of(out[0]["solutions"]) == std::set<std::string>{"b8a7 e7d6 a7a8 b5b6", "b8b7 e7d6 b7a8 b5b6"});
  CHECK(out[0]["solution_count"] == 2);  // one solution each, printed twice by the popeye command
  CHECK(out[0]["structured_lines"] == json::parse(R"([{"passes_before":[],"goals":["x","="]},{"passes_before":[],"goals":["x","="]}])"));
  CHECK(lines_of(out[1]["solutions"]) == std::set<std::string>{"b5e2 e2b2 c3b2"});
  CHECK(out[1]["structured_lines"] == json::parse(R"([{"passes_before":[1],"goals":["#"]}])"));
  CHECK(out[2]["structured_lines"] == json::parse(R"([{"passes_before":[],"goals":["~"]}])"));

  const test::CliRun popeye = test::run_arbiter_command("popeye " + file, dir);
  CHECK(popeye.out.find("  1.Kb8-a7 Be7-d6   2.Ka7-a8 Kb5*b6 x\n  1.Kb8-a7 Be7-d6   2.Ka7-a8 Kb5*b6 =\n") != std::string::npos);
  CHECK(popeye.out.find("  Black 4hh[x&=]") != std::string::npos);  // the side word as Popeye spells it
}

TEST_CASE("structured battle play: its tree as Popeye prints it, keys, defences, answers, goals and tries", "[cli][structured-play]") {
  // BEISPIEL/sford.inp 12 (White moves and does not mate: "1.Tg6-c6 + !" alone in Popeye's
  // output: a branch of one move), 13 (the same in exactly 2 moves, with tries: "1.b7*c8=L + !
  // 1...Tc2-c6 + 2.Lc8-e6", tries refuted by 1...Tc2*d2 and 1...Tc2-c6 +) and TESTS/battle_play.inp
  // 37 (exact-r#2: below White's answer, Black's forced mate "2...c2-c1=Q #").
  test::ScratchDir dir;
  const std::string file = dir.write("notmate.inp",
                                     "begin\npieces white kg8 rg6h8 ba8h7 sd1f1 pb2c4e2e3g4h2 black ke4 rb7 bh6 pb3c5e5g5h3\n"
                                     "sstipulation white 1a[!#]d\n"
                                     "next\npieces white kf6 rh3h4 ba8b8 sb6f1 pa7b7c7e3f2g3h2h5 black ke4 qh7 ra6c2 bg4 sc8 pd3f3h6\n"
                                     "sstipulation white 3:3a[!#]d\n"
                                     "next\npieces white ka1 ra2 pf6 black kh8 pc2\nstipulation exact-r#2\noption variation\nend\n");
  const test::CliRun run = test::run_arbiter_command("solve " + file + " --json --tries", dir);
  INFO(run.out << run.err);
  const json out = json::parse(run.out).at("problems");
  REQUIRE(out.size() == 3);
  CHECK(out[0]["keys_uci"] == json::array({"g6c6"}));
  CHECK(out[0]["tree_complete"] == true);
  CHECK(out[1]["tree_complete"] == true);
  CHECK(out[1]["solution"] == json::parse(R"([{"move":"bxc8=B+","uci":"b7c8b","mate_in":2,"check":true,"defences":[
      {"move":"Rc6+","uci":"c2c6","answers":[{"move":"Be6","uci":"c8e6","mate_in":1,"check":false}]}]}])"));
  REQUIRE(out[1]["tries"].size() == 4);
  CHECK(out[1]["tries"][0]["uci"] == "f1d2");
  CHECK(out[1]["tries"][0]["refutation_uci"] == "c2d2");
  // The nested branch's mate, Black's, below White's answer: a defence that reaches '#'.
  const json& answer = out[2]["solution"][0]["defences"][0]["answers"][0];
  CHECK(answer["uci"] == "a8a2");
  CHECK(answer["defences"] == json::parse(R"([{"move":"c1=Q#","uci":"c2c1q","answers":[],"reaches":"#"}])"));
  const test::CliRun text = test::run_arbiter_command("solve " + file + " --problem 1", dir);
  CHECK(text.out.find("verdict: proved (1 key)\n") != std::string::npos);

  // A tree this engine cannot show (a nested help branch below the key): the keys alone, said so,
  // and no tries stated, since none were looked for.
  const std::string help_fork = dir.write("helpfork.inp", "begin\npieces white kb6 rd1 black ka8 ph7\nsstipulation white 1a[2hh[#]]d\nend\n");
  const json cut = json::parse(test::run_arbiter_command("solve " + help_fork + " --json --tries", dir).out);
  CHECK(cut["keys_uci"].size() == 12);
  CHECK(cut["tree_complete"] == false);
  CHECK_FALSE(cut.contains("tries"));

  const test::CliRun popeye = test::run_arbiter_command("popeye " + file, dir);
  CHECK(popeye.out.find("   1.Ra2-a8 + !\n      1...Kh8-h7\n          2.Ra8-a2\n              2...c2-c1=Q #\n") != std::string::npos);
}
