// Helpmates, selfmates and twins in problem files (solver/problem/: stipulation.cpp, twins.h,
// popeye_input.cpp, problem.cpp): the whole orthodox-help-self corpus read as Popeye input
// against its MANIFEST (stipulation, diagram FEN, every twin's FEN), the same twins read back
// from a PGN [Twins] tag, the PGN tags [Solutions], [SetPlay] and the side to move, a twinned
// published solution, and bad input, each error with its asserted line, column and message.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "solver/problem/problem.h"
#include "solver/problem/solve_units.h"
#include "solver/problem/twins.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::problem;

namespace {

const std::string PgnHead = "[Event \"Problem\"]\n[Site \"?\"]\n[Result \"*\"]\n";  // three lines

// MANIFEST's twins column ("twin move d4 f4; twin continued exchange h4 f8") as the reader
// writes the [Twins] tag ("move d4 f4; continued exchange h4 f8"; a bare twin is "twin").
std::string twins_tag_of(const std::string& manifest_twins) {
  std::string out;
  for (std::string part : test::split(manifest_twins, ';')) {
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    while (!part.empty() && part.back() == ' ') part.pop_back();
    if (part.starts_with("twin")) part.erase(0, 4);
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    out += (out.empty() ? "" : "; ") + (part.empty() ? std::string("twin") : part);
  }
  return out;
}

Problem read_one(const std::string& text) {
  auto problems = read_problems(text, "t");
  REQUIRE(problems.size() == 1);
  return problems.front();
}

struct BadInput {
  std::string name;
  std::string text;
  int line, column;
  std::vector<std::string> words;  // each must appear in the message
};

void check_bad(const BadInput& bad) {
  INFO(bad.name);
  try {
    auto problems = read_problems(bad.text, "bad-problem");
    FAIL("read without an error: " << problems.size() << " problem(s)");
  } catch (const ParseError& e) {
    INFO(e.what());
    CHECK(e.where().file == "bad-problem");
    CHECK(e.where().line == bad.line);
    CHECK(e.where().column == bad.column);
    for (const auto& w : bad.words) CHECK_THAT(e.message(), Catch::Contains(w));
  }
}

}  // namespace

TEST_CASE("every orthodox-help-self .inp reads, with MANIFEST's stipulation, FEN and twins", "[twins][corpus]") {
  const auto rows = test::help_self_corpus();
  REQUIRE(rows.size() == 200);
  int help = 0, self = 0, twinned = 0, twins_read = 0, intelligent = 0, en_passant = 0;
  for (const auto& row : rows) {
    INFO(row.file);
    auto problems = read_problem_file(test::help_self_corpus_path(row.file));
    REQUIRE(problems.size() == 1);
    const Problem& p = problems.front();
    CHECK(p.stipulation.text == row.stipulation);
    const bool is_help = row.stipulation.starts_with("h#");
    CHECK(p.stipulation.kind == (is_help ? Stipulation::HelpMate : Stipulation::SelfMate));
    CHECK(p.stipulation.half_move == row.stipulation.ends_with(".5"));
    help += is_help;
    self += !is_help;
    // All six fields: placement, the first mover to move, castling by Popeye's home-square
    // rule, e.p. from option EnPassant, and Popeye's "0 1".
    CHECK(p.fen == row.fen);
    CHECK(test::split(p.fen, ' ')[1] == (p.stipulation.first_mover() == White ? "w" : "b"));
    CHECK(p.tags.at("FEN") == p.fen);
    CHECK(p.tags.at("Stipulation") == row.stipulation);
    CHECK_FALSE(p.set_play);
    en_passant += test::split(p.fen, ' ')[3] != "-";
    if (p.tags.count("PopeyeOptions") && p.tags.at("PopeyeOptions").find("Intelligent") != std::string::npos) ++intelligent;

    if (row.twin_fens.empty()) {
      CHECK(row.twins.empty());
      CHECK(p.twins.empty());
      CHECK_FALSE(p.tags.count("Twins"));
      continue;
    }
    ++twinned;
    REQUIRE(p.twins.size() == row.twin_fens.size());
    CHECK(p.twins.front().fen == p.fen);
    CHECK(p.twins.front().description.empty());
    for (std::size_t i = 0; i < p.twins.size(); ++i) {
      INFO("twin " << row.twin_fens[i].first);
      CHECK(p.twins[i].label == row.twin_fens[i].first);
      CHECK(p.twins[i].fen == row.twin_fens[i].second);
      CHECK(p.twins[i].stipulation.text == row.stipulation);  // no twin of the corpus changes it
      ++twins_read;
    }
    CHECK(p.tags.at("Twins") == twins_tag_of(row.twins));

    // The same twins from a PGN problem file: the reader's tags written back as PGN.
    const std::string pgn = PgnHead + "[Stipulation \"" + p.tags.at("Stipulation") + "\"]\n[SetUp \"1\"]\n[FEN \"" + p.fen +
                            "\"]\n[Twins \"" + p.tags.at("Twins") + "\"]\n\n*\n";
    const Problem back = read_one(pgn);
    REQUIRE(back.twins.size() == p.twins.size());
    for (std::size_t i = 0; i < p.twins.size(); ++i) {
      CHECK(back.twins[i].label == p.twins[i].label);
      CHECK(back.twins[i].fen == p.twins[i].fen);
      CHECK(back.twins[i].description == p.twins[i].description);
    }
  }
  // The README's counts.
  CHECK(help == 128);
  CHECK(self == 72);
  CHECK(twinned == 49);
  CHECK(intelligent == 73);
  CHECK(en_passant == 2);
  CHECK(twins_read > 2 * twinned);
}

TEST_CASE("twin operations: what each one does to the diagram", "[twins]") {
  // White Ke1 Rh1 Bc1 Pb2, Black Ke8 Ra8 Sb8 (castling: White K, Black q); h#2: Black first.
  const std::string diagram = "begin\npieces white ke1 rh1 bc1 pb2 black ke8 ra8 sb8\nstipulation h#2\n";
  auto twins = [&](const std::string& lines) { return read_one(diagram + lines + "end\n").twins; };
  auto placement = [](const std::string& fen) { return test::split(fen, ' ')[0]; };
  auto castling = [](const std::string& fen) { return test::split(fen, ' ')[2]; };

  SECTION("the diagram is twin a); each twin is labelled, described and located") {
    const auto t = twins("twin move c1 d2\n");
    REQUIRE(t.size() == 2);
    CHECK(t[0].label == "a");
    CHECK(t[0].fen == "rn2k3/8/8/8/8/8/1P6/2B1K2R b Kq - 0 1");
    CHECK(t[1].label == "b");
    CHECK(t[1].description == "move c1 d2");
    CHECK(t[1].where.line == 4);
    CHECK(t[1].where.column == 1);
    CHECK(t[1].stipulation.text == "h#2");
  }
  SECTION("move; onto an occupied square the man there leaves the board, as in Popeye") {
    CHECK(twins("twin move c1 d2\n")[1].fen == "rn2k3/8/8/8/8/8/1P1B4/4K2R b Kq - 0 1");
    CHECK(placement(twins("twin move b8 a8\n")[1].fen) == "n3k3/8/8/8/8/8/1P6/2B1K2R");
  }
  SECTION("exchange, remove (a square list), add (several men; on an occupied square it replaces, as in Popeye)") {
    CHECK(placement(twins("twin exchange c1 b8\n")[1].fen) == "rB2k3/8/8/8/8/8/1P6/2n1K2R");
    CHECK(placement(twins("twin remove b2c1\n")[1].fen) == "rn2k3/8/8/8/8/8/8/4K2R");
    CHECK(placement(twins("twin add white pd2 se4 black qd8\n")[1].fen) == "rn1qk3/8/8/8/4N3/8/1P1P4/2B1K2R");
    CHECK(placement(twins("twin add black bb8\n")[1].fen) == "rb2k3/8/8/8/8/8/1P6/2B1K2R");
  }
  SECTION("rotate: 90 takes a1 to h1 (counter-clockwise), 180 turns the board round, 270 takes a1 to a8") {
    CHECK(placement(twins("twin rotate 90\n")[1].fen) == "7R/8/8/k6K/8/7B/n5P1/r7");
    CHECK(placement(twins("twin rotate 180\n")[1].fen) == "R2K1B2/6P1/8/8/8/8/8/3k2nr");
    CHECK(placement(twins("twin rotate 270\n")[1].fen) == "7r/1P5n/B7/8/K6k/8/8/R7");
    const auto turned = twins("twin rotate 90\ntwin continued rotate 270\n");
    CHECK(turned[2].fen == turned[0].fen);
  }
  SECTION("mirror: files reversed (a1<-->h1), ranks reversed (a1<-->a8), the two diagonals") {
    CHECK(placement(twins("twin mirror a1<-->h1\n")[1].fen) == "3k2nr/8/8/8/8/8/6P1/R2K1B2");
    CHECK(placement(twins("twin mirror a1<-->a8\n")[1].fen) == "2B1K2R/1P6/8/8/8/8/8/rn2k3");
    // a1<-->h8 (the axis a8-h1) takes e8 to a4 and e1 to h4; a8<-->h1 (the axis a1-h8) takes e8
    // to h5 and e1 to a5. An axis may be written either way round.
    CHECK(placement(twins("twin mirror a1<-->h8\n")[1].fen) == "r7/n5P1/7B/8/k6K/8/8/7R");
    CHECK(placement(twins("twin mirror a8<-->h1\n")[1].fen) == "R7/8/8/K6k/8/B7/1P5n/7r");
    CHECK(twins("twin mirror h1<-->a8\n")[1].fen == twins("twin mirror a8<-->h1\n")[1].fen);
  }
  SECTION("shift: every man moves by the vector") {
    const auto t = read_one("begin\npieces white kd4 pc3 black kf6 bb5\nstipulation h#2\ntwin shift d4 e5\nend\n").twins;
    CHECK(placement(t[1].fen) == "8/6k1/2b5/4K3/3P4/8/8/8");
  }
  SECTION("substitute (both colours), PolishType (colours exchanged in place), stipulation") {
    CHECK(placement(twins("twin substitute b s\n")[1].fen) == "rn2k3/8/8/8/8/8/1P6/2N1K2R");
    CHECK(placement(twins("twin substitute R Q\n")[1].fen) == "qn2k3/8/8/8/8/8/1P6/2B1K2Q");
    const auto t = twins("twin PolishType stipulation h#2.5\n")[1];
    CHECK(t.fen == "RN2K3/8/8/8/8/8/1p6/2b1k2r w - - 0 1");  // h#2.5: White first
    CHECK(t.stipulation.text == "h#2.5");
    CHECK(t.stipulation.half_move);
  }
  SECTION("continued applies to the twin before; castling rights are worked out again for each twin") {
    const auto t = twins("twin move h1 g1\ntwin continued move g1 h1\ntwin move a8 a7\n");
    REQUIRE(t.size() == 4);
    CHECK(castling(t[1].fen) == "q");
    CHECK(t[2].fen == t[0].fen);  // moved back: Popeye's home-square rule gives the right again
    CHECK(castling(t[3].fen) == "K");
    CHECK(t[2].description == "continued move g1 h1");
    CHECK(read_one(diagram + "option NoCastling\ntwin move c1 d2\nend\n").twins[1].fen == "rn2k3/8/8/8/8/8/1P1B4/4K2R b - - 0 1");
  }
  SECTION("abbreviations and any case; a bare 'twin' repeats the diagram; twins written back as a [Twins] tag") {
    const Problem p = read_one(diagram + "TWIN Cont Mo c1 d2\ntwin\ntwin sub r q rot 180 po\nend\n");
    REQUIRE(p.twins.size() == 4);
    CHECK(p.twins[1].fen == "rn2k3/8/8/8/8/8/1P1B4/4K2R b Kq - 0 1");
    CHECK(p.twins[2].fen == p.twins[0].fen);
    CHECK(p.tags.at("Twins") == "Cont Mo c1 d2; twin; sub r q rot 180 po");
  }
  SECTION("a stipulation changed by a twin stays for the twins continued from it") {
    const auto t = twins("twin stipulation s#2\ntwin continued move c1 d2\ntwin move c1 d2\n");
    CHECK(t[1].stipulation.text == "s#2");
    CHECK(test::split(t[1].fen, ' ')[1] == "w");
    CHECK(t[2].stipulation.text == "s#2");
    CHECK(t[3].stipulation.text == "h#2");
  }
}

TEST_CASE("twins of a problem with fairy men: every operation moves them too, by code", "[twins][fairy]") {
  // White Ke1 Rh1, a grasshopper d4, a nightrider (N) b1; Black Ke8, a leo a8 (castling: White K).
  const std::string diagram = "begin\npieces white ke1 rh1 gd4 nb1 black ke8 lea8\nstipulation h#2\n";
  auto read = [&](const std::string& lines) { return read_one(diagram + lines + "end\n"); };
  auto placement = [](const std::string& fen) { return test::split(fen, ' ')[0]; };
  const Problem p = read("twin move d4 d5\n");
  CHECK(p.variant == "fairy");
  REQUIRE(p.twins.size() == 2);
  CHECK(p.twins[0].fen == "(le)3k3/8/8/8/3(G)4/8/8/1(N)2K2R b K - 0 1");
  CHECK(placement(p.twins[1].fen) == "(le)3k3/8/8/3(G)4/8/8/8/1(N)2K2R");
  CHECK(placement(read("twin exchange d4 a8\n").twins[1].fen) == "(G)3k3/8/8/8/3(le)4/8/8/1(N)2K2R");
  CHECK(placement(read("twin remove d4b1\n").twins[1].fen) == "(le)3k3/8/8/8/8/8/8/4K2R");
  // Added by code; on an occupied square the fairy man replaces the man there, and back.
  CHECK(placement(read("twin add black gc3 nh1\n").twins[1].fen) == "(le)3k3/8/8/8/3(G)4/2(g)5/8/1(N)2K2(n)");
  CHECK(placement(read("twin add white rd4\n").twins[1].fen) == "(le)3k3/8/8/8/3R4/8/8/1(N)2K2R");
  CHECK(placement(read("twin rotate 180\n").twins[1].fen) == "R2K2(N)1/8/8/4(G)3/8/8/8/3k3(le)");
  CHECK(placement(read("twin mirror a1<-->h1\n").twins[1].fen) == "3k3(le)/8/8/8/4(G)3/8/8/R2K2(N)1");
  CHECK(placement(read_one("begin\npieces white ke1 gd4 black ke8 nb6\nstipulation h#2\ntwin shift e1 f1\nend\n").twins[1].fen) ==
        "5k2/8/2(n)5/8/4(G)3/8/8/5K2");
  CHECK_THROWS_WITH(read("twin shift e1 d1\n"), Catch::Contains("would push the black (LE) on a8 off the board"));
  // substitute: fairy to orthodox, orthodox to fairy, fairy to fairy; PolishType swaps the case.
  CHECK(placement(read("twin substitute g q\n").twins[1].fen) == "(le)3k3/8/8/8/3Q4/8/8/1(N)2K2R");
  CHECK(placement(read("twin substitute r g\n").twins[1].fen) == "(le)3k3/8/8/8/3(G)4/8/8/1(N)2K2(G)");
  CHECK(placement(read("twin substitute le n\n").twins[1].fen) == "(n)3k3/8/8/8/3(G)4/8/8/1(N)2K2R");
  CHECK(placement(read("twin PolishType\n").twins[1].fen) == "(LE)3K3/8/8/8/3(g)4/8/8/1(n)2k2r");
  // An orthodox diagram whose twin adds a fairy man is played by the fairy rule set, every twin.
  const Problem o = read_one("begin\npieces white ke1 black ke8\nstipulation h#2\ntwin add white gd4\nend\n");
  CHECK(o.variant == "fairy");
  CHECK(placement(o.twins[1].fen) == "4k3/8/8/8/3(G)4/8/8/4K3");
  // The fairy rule set's check: a twin whose black grasshopper checks White (not to move in h#2)
  // over a white pawn is illegal, bad input for itself alone.
  const Problem bad = read("twin add black ge3 white pe2\ntwin move d4 d5\n");
  REQUIRE(bad.twins.size() == 3);
  REQUIRE(bad.twins[1].illegal.has_value());
  CHECK_THAT(bad.twins[1].illegal->message(), Catch::Contains("twin b) (add black ge3 white pe2) gives an illegal position for 'h#2'"));
  CHECK_FALSE(bad.twins[2].illegal.has_value());
}

TEST_CASE("a PGN problem file of fairy men reads its [Twins] as Popeye input's twins", "[twins][fairy][pgn]") {
  // The round trip the problem fuzzer checks: Popeye input with fairy men and a twin, written as a
  // PGN problem file ([Variant "fairy"], [Twins]), reads back to the same twins.
  const Problem popeye = read_one("begin\npieces white ka1 qg7 bb1 pag2c7 black ke8 bh8\nstipulation s#2\ntwin add white pd6\nend\n");
  const std::string pgn = PgnHead + "[Variant \"fairy\"]\n[Stipulation \"s#2\"]\n[SetUp \"1\"]\n[FEN \"" + popeye.fen +
                          "\"]\n[Twins \"add white pd6; continued move d6 d5; rotate 90\"]\n\n*\n";
  const Problem p = read_one(pgn);
  REQUIRE(p.twins.size() == 4);
  CHECK(p.twins[1].fen == popeye.twins[1].fen);
  CHECK(test::split(p.twins[2].fen, ' ')[0] == "4k2b/2(PA)3Q1/8/3P4/8/8/6(PA)1/KB6");
  CHECK(test::split(p.twins[3].fen, ' ')[0] == "b7/1Q4(PA)1/8/k7/8/1(PA)6/7B/7K");
}

TEST_CASE("Popeye input: helpmates, selfmates, SetPlay, Intelligent, EnPassant", "[twins][popeye]") {
  const std::string pieces = "begin\npieces white ke1 qd1 black ke8\n";
  CHECK(read_one(pieces + "stipulation h#2\nend\n").fen == "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
  CHECK(read_one(pieces + "stipulation h#1.5\nend\n").fen == "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  CHECK(read_one(pieces + "stipulation s#3\nend\n").fen == "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  const Problem set_play = read_one(pieces + "stipulation h#2\noption SetPlay Intelligent\nend\n");
  CHECK(set_play.set_play);
  CHECK(set_play.tags.at("PopeyeOptions") == "SetPlay Intelligent");
  const Problem ep = read_one("begin\npieces white ke1 pd4 black ke8 pe4\nstipulation h#2\noption EnPassant d2d3d4\nend\n");
  CHECK(ep.fen == "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
  CHECK(ep.tags.at("PopeyeOptions") == "EnPassant d2d3d4");
  // A twin keeps the e.p. square while the pawn stays; it goes when the pawn does.
  const auto twins = read_one("begin\npieces white ke1 pd4 black ke8 pe4\nstipulation h#2\noption EnPassant d2d3d4\n"
                              "twin move e1 f1\ntwin move d4 d5\nend\n")
                         .twins;
  CHECK(test::split(twins[1].fen, ' ')[3] == "d3");
  CHECK(test::split(twins[2].fen, ' ')[3] == "-");
}

TEST_CASE("stipulations: '#N', 'h#N', 'h#N.5', 's#N' and a solution count", "[twins][stipulation]") {
  const auto h2 = parse_stipulation("h#2", {});
  CHECK(h2.kind == Stipulation::HelpMate);
  CHECK(h2.moves == 2);
  CHECK_FALSE(h2.half_move);
  CHECK(h2.first_mover() == Black);
  CHECK(h2.plies() == 4);
  CHECK(h2.solutions == 0);
  const auto h05 = parse_stipulation("h#0.5", {});
  CHECK(h05.moves == 0);
  CHECK(h05.half_move);
  CHECK(h05.first_mover() == White);
  CHECK(h05.plies() == 1);
  const auto big_h = parse_stipulation(" H#3.5 ", {});
  CHECK(big_h.kind == Stipulation::HelpMate);
  CHECK(big_h.text == "h#3.5");  // in its one spelling (Stipulation::canonical_text)
  CHECK(big_h.plies() == 7);
  const auto s3 = parse_stipulation("s#3", {});
  CHECK(s3.kind == Stipulation::SelfMate);
  CHECK(s3.first_mover() == White);
  CHECK(parse_stipulation("S#30", {}).moves == 30);
  CHECK(parse_stipulation("#2", {}).kind == Stipulation::DirectMate);

  const auto counted = parse_stipulation("h#2 2.1.1.1", {});
  CHECK(counted.text == "h#2");
  CHECK(counted.solutions == 2);
  CHECK(parse_stipulation("h#3  3.1.1.1.1.1", {}).solutions == 3);
  CHECK(parse_stipulation("h#2 1.2.1.1", {}).solutions == 2);
  CHECK(parse_stipulation("h#2 4", {}).solutions == 4);
  CHECK(parse_stipulation("#2 1", {}).solutions == 1);

  auto error_at = [](const std::string& text) {
    try {
      parse_stipulation(text, {"s", 1, 1});
    } catch (const ParseError& e) {
      return std::to_string(e.where().column) + ": " + e.message();
    }
    return std::string("no error");
  };
  CHECK_THAT(error_at("x#2"), Catch::StartsWith("1: unsupported stipulation 'x#2': expected '#N' (direct mate), 'h#N' "
                                                "(helpmate) or 's#N' (selfmate)"));
  CHECK_THAT(error_at("ser-hs#2"), Catch::StartsWith("1: unsupported stipulation 'ser-hs#2'"));
  CHECK_THAT(error_at("h#0"), Catch::StartsWith("3: mate length 0 in 'h#0'") && Catch::Contains("h#0.5"));
  CHECK_THAT(error_at("s#0"), Catch::StartsWith("3: mate length 0 in 's#0'"));
  CHECK_THAT(error_at("h#31"), Catch::StartsWith("3: mate length 31 in 'h#31' is absurdly large"));
  CHECK_THAT(error_at("s#2.5"), Catch::StartsWith("4: unsupported stipulation 's#2.5'") && Catch::Contains("helpmates"));
  CHECK_THAT(error_at("h#2.3"), Catch::StartsWith("4: expected '.5' after 'h#2'"));
  CHECK_THAT(error_at("h#"), Catch::StartsWith("3: expected the number of moves after 'h#'"));
  CHECK_THAT(error_at("h#2 2.0.1"), Catch::StartsWith("7: solution count 0"));
  CHECK_THAT(error_at("h#2 two"), Catch::StartsWith("5: expected a solution count"));
  CHECK_THAT(error_at("h#2 2.1 x"), Catch::StartsWith("8: unexpected ' x'"));
}

TEST_CASE("PGN problem files: [Solutions], [SetPlay], the side to move, [Twins]", "[twins][pgn]") {
  const std::string fen = "[FEN \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"]\n";
  auto pgn = [&](const std::string& tags) { return read_one(PgnHead + tags + "\n*\n"); };
  CHECK(pgn("[Stipulation \"h#2 2.1.1.1\"]\n" + fen).stipulation.solutions == 2);
  CHECK(pgn("[Stipulation \"h#2\"]\n[Solutions \"3\"]\n" + fen).stipulation.solutions == 3);
  CHECK(pgn("[Stipulation \"h#2 2.1.1.1\"]\n[Solutions \"2\"]\n" + fen).stipulation.solutions == 2);
  CHECK(pgn("[Stipulation \"h#2\"]\n[SetPlay \"1\"]\n" + fen).set_play);
  CHECK(pgn("[Stipulation \"h#2\"]\n[SetPlay \"Yes\"]\n" + fen).set_play);
  CHECK_FALSE(pgn("[Stipulation \"h#2\"]\n[SetPlay \"0\"]\n" + fen).set_play);
  CHECK_FALSE(pgn("[Stipulation \"h#2\"]\n" + fen).set_play);
  // As Popeye input reads option SetPlay on any stipulation (its layout shows a #N's set play),
  // so does a PGN file: a Popeye problem written as PGN reads back (found by fuzz_problem).
  CHECK(pgn("[Stipulation \"#3\"]\n[SetPlay \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n").set_play);
  CHECK(pgn("[Stipulation \"h#2.5\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n").stipulation.first_mover() == White);
  // A direct mate keeps whichever side the FEN gives the move.
  CHECK(pgn("[Stipulation \"#2\"]\n" + fen).fen == "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");

  SECTION("twins from the tag, with or without 'twin' and labels, and a stipulation twin") {
    const Problem p = pgn("[Stipulation \"h#2\"]\n" + fen + "[Twins \"twin b) move d1 d2; c) continued move d2 d3; stipulation s#2\"]\n");
    REQUIRE(p.twins.size() == 4);
    CHECK(p.twins[1].fen == "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1");
    CHECK(p.twins[1].description == "move d1 d2");
    CHECK(p.twins[1].where.line == 6);
    CHECK(p.twins[1].where.column == 9);
    CHECK(p.twins[2].fen == "4k3/8/8/8/8/3Q4/8/4K3 b - - 0 1");
    CHECK(p.twins[3].fen == "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    CHECK(p.twins[3].stipulation.kind == Stipulation::SelfMate);
    CHECK(p.twins[3].where.column == 54);
  }
}

TEST_CASE("a twinned PGN problem's published solution: each line checked in its own twin", "[twins][pgn]") {
  // Forsberg, 1st prize W. Pauly MT 1935 (Popeye's BEISPIEL/twin.inp 24, in the corpus): b) the
  // queen on a6 becomes a rook.
  const std::string head = PgnHead + "[Stipulation \"h#2\"]\n[SetUp \"1\"]\n[FEN \"8/8/q7/8/1R4K1/k2N4/8/8 b - - 0 1\"]\n"
                                     "[Twins \"add black ra6\"]\n\n";  // movetext on line 9
  // A variation replaces the move before it: each twin's solution is a variation of move 1.
  const std::string a1 = "1... Qf6", a_rest = " 2. Nc5 Qb2 3. Ra4#";
  const std::string b = "1... Rb6 2. Rb1 Rb3 3. Ra1#";
  const Problem p = read_one(head + "{a)} " + a1 + " ({b)} " + b + ")" + a_rest + " *\n");
  REQUIRE(p.twins.size() == 2);
  REQUIRE(p.published);
  CHECK(twin_label_of(p.published->moves) == "a");
  REQUIRE(p.published->moves.front().variations.size() == 1);
  CHECK(twin_label_of(p.published->moves.front().variations.front()) == "b");
  CHECK(twin_label_of({}) == "");
  // Unlabelled lines are twin a's; a comment that starts with "b)" labels too.
  const Problem unlabelled_a = read_one(head + a1 + " ({b) the rook} " + b + ")" + a_rest + " *\n");
  CHECK(twin_label_of(unlabelled_a.published->moves) == "");
  CHECK(twin_label_of(unlabelled_a.published->moves.front().variations.front()) == "b");
  // The twin's solution as the main line, twin a's as the variation.
  CHECK(read_one(head + "{b)} 1... Rb6 ({a)} " + a1 + a_rest + ") 2. Rb1 Rb3 3. Ra1# *\n").twins.size() == 2);

  auto error = [&](const std::string& movetext) {
    try {
      read_problems(head + movetext + " *\n", "t");
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // b)'s solution is illegal in a) (no rook on a6), and a)'s in b) (no queen).
  CHECK_THAT(error(a1 + " (" + b + ")" + a_rest), Catch::StartsWith("t:9:16:") && Catch::Contains("Rb6"));
  CHECK_THAT(error("{b)} " + a1 + a_rest), Catch::StartsWith("t:9:11:") && Catch::Contains("Qf6"));
  CHECK_THAT(error(a1 + " ({c)} " + b + ")" + a_rest), Catch::StartsWith("t:9:21:") && Catch::Contains("names no twin"));
  // Only a line that starts at move 1 may name a twin.
  CHECK_THAT(error("{a)} 1... Qf6 2. Nc5 ({b)} 2. Rb1) Qb2 3. Ra4#"),
             Catch::StartsWith("t:9:31:") && Catch::Contains("does not start at the first move"));
}

namespace {

// The inputs the twin error cases start from: Popeye's lines 1-4 (twins from line 5), PGN's
// tags to line 5 (the [Twins] value at 6:9).
struct TwinInputs {
  std::string pieces = "begin\npieces white ke1 qd1\n       black ke8\n";
  std::string h2 = pieces + "stipulation h#2\n";
  std::string pgn_h2 = std::string(PgnHead) + "[Stipulation \"h#2\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"]\n";
  std::string pgn_twins(const std::string& twins) const { return pgn_h2 + "[Twins \"" + twins + "\"]\n\n*\n"; }
};

}  // namespace

TEST_CASE("a twin with an illegal position is bad input for itself alone: the other twins stay", "[twins][errors]") {
  const TwinInputs in;
  const std::string& h2 = in.h2;
  auto pgn_twins = [&](const std::string& twins) { return in.pgn_twins(twins); };
  const std::vector<BadInput> cases = {
      {"Popeye: a twin whose side not to move is in check", h2 + "twin add black re4\ntwin move d1 d2\nend\n", 5, 1,
       {"twin b) (add black re4) gives an illegal position for 'h#2'", "Black moves first in a helpmate",
        "White (the side not to move) is in check"}},
      {"Popeye: a twin with a pawn on the last rank", h2 + "twin add white pd8\ntwin move d1 d2\nend\n", 5, 1, {"twin b)", "pawn on d8"}},
      // Popeye solves a twin without a king (after a warning); a PGN file must pin the rule.
      {"PGN twins: a twin without a king", pgn_twins("remove e8; move d1 d2"), 6, 9,
       {"twin b) (remove e8) gives an illegal position for 'h#2'", "exactly one Black king", "orthodox.king-count=at-most-one"}},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const auto problems = read_problems(c.text, "bad-problem");
    REQUIRE(problems.size() == 1);
    const Problem& p = problems.front();
    REQUIRE(p.twins.size() == 3);
    CHECK_FALSE(p.twins[0].illegal.has_value());
    CHECK_FALSE(p.twins[2].illegal.has_value());
    REQUIRE(p.twins[1].illegal.has_value());
    const ParseError& e = *p.twins[1].illegal;
    CHECK(e.where().file == "bad-problem");
    CHECK(e.where().line == c.line);
    CHECK(e.where().column == c.column);
    for (const auto& w : c.words) CHECK_THAT(e.message(), Catch::Contains(w));
    // The unit carries it, so that every command reports it and solves the others.
    const auto units = solve_units(p);
    REQUIRE(units.size() == 3);
    CHECK(units[1].illegal.has_value());
    CHECK_FALSE(units[2].illegal.has_value());
  }
}

TEST_CASE("twins after z) are labelled z1), z2), ... as Popeye labels them", "[twins]") {
  std::string text = "begin\npieces white ka1 black kh1\nstipulation h#2\n";  // 27 twins, each a white pawn added
  for (int i = 0; i < 27; ++i) text += "twin add white p" + std::string(1, char('a' + i % 8)) + std::string(1, char('2' + i / 8)) + "\n";
  text += "end\n";
  const auto problems = read_problems(text, "t");
  REQUIRE(problems.size() == 1);
  const auto& twins = problems.front().twins;
  REQUIRE(twins.size() == 28);
  CHECK(twins[25].label == "z");
  CHECK(twins[26].label == "z1");
  CHECK(twins[27].label == "z2");
}

TEST_CASE("bad helpmates, selfmates and twins: each error names line, column and what is wrong", "[twins][errors]") {
  const TwinInputs in;
  const std::string &pieces = in.pieces, &h2 = in.h2, &pgn_h2 = in.pgn_h2;
  auto pgn_twins = [&](const std::string& twins) { return in.pgn_twins(twins); };
  const std::vector<BadInput> cases = {
      // --- stipulations ---
      {"Popeye: a goal followed by another", pieces + "stipulation x#2\nend\n", 4, 14, {"expected the number of moves in 'x#2'"}},
      {"Popeye: h#0", pieces + "stipulation h#0\nend\n", 4, 15, {"mate length 0 in 'h#0'", "h#0.5"}},
      {"Popeye: s#0", pieces + "stipulation s#0\nend\n", 4, 15, {"mate length 0 in 's#0'"}},
      {"Popeye: h#2.3", pieces + "stipulation h#2.3\nend\n", 4, 16, {"unexpected '.3'"}},
      {"PGN: a goal followed by another", PgnHead + "[Stipulation \"x#2\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"]\n\n*\n", 4, 16,
       {"expected the number of moves in 'x#2'"}},
      {"PGN: h#0", PgnHead + "[Stipulation \"h#0\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"]\n\n*\n", 4, 17, {"mate length 0"}},
      {"PGN: solution count 0", PgnHead + "[Stipulation \"h#2 2.0\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"]\n\n*\n", 4, 21,
       {"solution count 0"}},
      // --- PGN tags ---
      {"PGN: h#2 with White to move", PgnHead + "[Stipulation \"h#2\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n\n*\n", 5, 28,
       {"h#2 starts with Black: the FEN must have Black to move ('b'); for White first write h#1.5"}},
      {"PGN: h#2.5 with Black to move", PgnHead + "[Stipulation \"h#2.5\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"]\n\n*\n", 5,
       28, {"h#2.5 starts with White", "White to move ('w')", "for Black first write h#3"}},
      {"PGN: s#2 with Black to move", PgnHead + "[Stipulation \"s#2\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"]\n\n*\n", 5, 28,
       {"s#2 starts with White"}},
      {"PGN: Solutions not a number", pgn_h2 + "[Solutions \"two\"]\n\n*\n", 6, 13, {"the number of solutions", "'two'"}},
      {"PGN: Solutions contradicts the stipulation",
       PgnHead + "[Stipulation \"h#2 2.1.1.1\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"]\n[Solutions \"3\"]\n\n*\n", 6, 13,
       {"contradicts", "states 2 solutions"}},
      {"PGN: SetPlay not a yes or no", pgn_h2 + "[SetPlay \"maybe\"]\n\n*\n", 6, 11, {"expected [SetPlay \"1\"]"}},
      // --- Popeye twins ---
      {"Popeye: twin moving from an empty square", h2 + "twin move d4 f4\nend\n", 5, 11,
       {"twin b)", "'move' needs a man on d4, which is empty in the diagram"}},
      {"Popeye: continued twin moving from a square the twin before emptied",
       h2 + "twin move d1 d2\ntwin continued move d1 d3\nend\n", 6, 21, {"twin c)", "on d1", "in the twin before"}},
      {"Popeye: exchange with an empty square", h2 + "twin exchange d1 d2\nend\n", 5, 18, {"needs a man on d2"}},
      {"Popeye: remove from an empty square", h2 + "twin remove d1a2\nend\n", 5, 15, {"needs a man on a2"}},
      {"Popeye: adding the man already there", h2 + "twin add white qd1\nend\n", 5, 17,
       {"twin b)", "puts a white queen on d1, where a white queen already stands", "changes nothing"}},
      {"Popeye: unknown twin keyword", h2 + "twin turn 90\nend\n", 5, 6,
       {"unknown twinning keyword 'turn'", "continued, move, exchange, remove, add, rotate, mirror, shift, substitute, PolishType, "
                                           "stipulation"}},
      {"Popeye: ambiguous twin keyword", h2 + "twin s a1 b1\nend\n", 5, 6,
       {"ambiguous twinning keyword 's'", "shift", "substitute", "stipulation"}},
      {"Popeye: a bad rotation angle", h2 + "twin rotate 45\nend\n", 5, 13, {"expected the angle 90, 180 or 270", "'45'"}},
      {"Popeye: a bad mirror axis", h2 + "twin mirror a1<-->b2\nend\n", 5, 13, {"a1<-->h1", "'a1<-->b2'"}},
      {"Popeye: a missing square", h2 + "twin move d1\nend\n", 6, 1, {"expected a square after 'move'", "'end'"}},
      {"Popeye: the same square twice", h2 + "twin move d1 d1\nend\n", 5, 14, {"the same square twice"}},
      {"Popeye: shift off the board", h2 + "twin shift e1 e2\nend\n", 5, 6, {"twin b)", "black king on e8 off the board"}},
      {"Popeye: continued not first", h2 + "twin move d1 d2 continued\nend\n", 5, 17, {"'continued' comes first"}},
      {"Popeye: a bad piece code to substitute", h2 + "twin substitute q y\nend\n", 5, 19, {"expected a piece code", "'y'"}},
      {"Popeye: add without a colour", h2 + "twin add qd4\nend\n", 5, 10, {"expected a colour"}},
      {"Popeye: pieces after the twins", h2 + "twin move d1 d2\npieces white pa2\nend\n", 6, 1, {"'pieces' after the twins"}},
      {"Popeye: a selfmate whose side not to move is in check", "begin\npieces white ke1 qe7\n       black ke8\nstipulation s#2\nend\n",
       4, 13, {"illegal position for 's#2': White moves first in a selfmate, but Black (the side not to move) is in check"}},
      {"Popeye: a helpmate whose side not to move is in check", "begin\npieces white ke1\n       black ke8 re7\nstipulation h#2\nend\n",
       4, 13, {"illegal position for 'h#2': Black moves first in a helpmate, but White (the side not to move) is in check"}},
      {"Popeye: EnPassant with two squares", "begin\npieces white ke1 pd4 black ke8 pe4\nstipulation h#2\noption EnPassant d2d4\nend\n",
       4, 18, {"double step of a white pawn", "d2d3d4"}},
      {"Popeye: EnPassant without the pawn", "begin\npieces white ke1 pd5 black ke8 pe4\nstipulation h#2\noption EnPassant d2d3d4\nend\n",
       4, 18, {"needs the pawn on d4"}},
      // --- PGN [Twins] ---
      {"PGN twins: moving from an empty square", pgn_twins("move d4 f4"), 6, 14, {"twin b)", "needs a man on d4"}},
      {"PGN twins: adding the man already there", pgn_twins("b) add white qd1"), 6, 23, {"changes nothing"}},
      {"PGN twins: an unknown keyword", pgn_twins("move d1 d2; turn 90"), 6, 21, {"unknown twinning keyword 'turn'", "rotate"}},
      {"PGN twins: labels out of order", pgn_twins("b) move d1 d2; d) move d2 d3"), 6, 24, {"expected the label 'c)'"}},
      {"PGN twins: an empty twin", pgn_twins("move d1 d2;; move d2 d3"), 6, 20, {"expected a twin's operations"}},
      {"PGN twins: a missing square", pgn_twins("move d1"), 6, 16, {"after 'move', found nothing"}},
      {"PGN twins: two twins without ';'", pgn_twins("move d1 d2 twin move d2 d3"), 6, 20, {"unknown twinning keyword 'twin'"}},
      {"PGN twins: a variant", PgnHead + "[Variant \"Option Chess\"]\n[Stipulation \"#2\"]\n[FEN \"x\"]\n[Twins \"move a1 a2\"]\n\n*\n",
       7, 9, {"orthodox problems and Popeye's fairy pieces only"}},
  };
  for (const auto& c : cases) check_bad(c);
}
