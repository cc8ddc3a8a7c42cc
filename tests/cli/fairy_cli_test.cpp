// The fairy rule set (rules/fairy/) through the command line: registered as "fairy", every engine
// runs on it unchanged; with orthodox pieces it answers as orthodox chess does.

#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

// A puzzle of puzzles/orthodox with [Variant "fairy"] added.
std::string as_fairy(test::ScratchDir& dir, const std::string& name) {
  const std::string text = test::read_text_file(std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox/" + name);
  return dir.write(name, "[Variant \"fairy\"]\n" + text);
}

}  // namespace

TEST_CASE("fairy variant: perft, solve, verify and replay as orthodox chess with orthodox pieces", "[fairy][cli]") {
  test::ScratchDir dir;
  int status = -1;
  const json perft = test::run_arbiter_json("perft --variant fairy --depth 3 --json", status);
  CHECK(status == 0);
  CHECK(perft["variant"] == "fairy");
  CHECK(perft["nodes"] == 8902);
  // Kiwipete to depth 2 (perft-standard.epd: 2039).
  const json kiwi = test::run_arbiter_json(
      "perft --variant fairy --depth 2 --json --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'", status);
  CHECK(kiwi["nodes"] == 2039);

  // C. Mansfield's #2 (The Hindu 1951): the same key, threat and verdict as in orthodox chess.
  const std::string mansfield = as_fairy(dir, "problem-mansfield-1951-mate2.pgn");
  const json solved = test::run_arbiter_json("solve --json " + test::shell_quote(mansfield), status);
  CHECK(status == 0);
  CHECK(solved["variant"] == "fairy");
  CHECK(solved["keys_uci"] == json::array({"e2b5"}));
  CHECK(solved["solution"][0]["threat"][0]["move"] == "Bd7#");
  const json verified = test::run_arbiter_json("verify --json " + test::shell_quote(mansfield), status);
  CHECK(status == 0);
  CHECK(verified["verdict"] == "confirmed");

  // The Immortal Game replayed move by move in SAN, to its mate; the text diagram drawn.
  const std::string immortal = as_fairy(dir, "immortal-game-1851.pgn");
  const test::CliRun replay = test::run_arbiter_command("replay " + test::shell_quote(immortal), dir);
  INFO(replay.out << replay.err);
  CHECK(replay.status == 0);
  CHECK(replay.out.find("checkmate") != std::string::npos);
  CHECK(replay.out.find("7 | p . . p B p N p | 7") != std::string::npos);
}

TEST_CASE("fairy variant: a grasshopper's mate in one solved and verified, and none without its hurdle", "[fairy][cli]") {
  // White's grasshopper a2 hops over the a7 knight to a8, then checks over the g8 knight; h7 and g7
  // hold the king, the d5 bishop guards g8. Built for this test, counted by hand: the one mate.
  test::ScratchDir dir;
  const std::string fen = "6Nk/N5pp/8/3B4/8/8/(G)7/2K5 w - - 0 1";
  const std::string file = dir.write("g.pgn", "[Event \"g\"]\n[Variant \"fairy\"]\n[FEN \"" + fen +
                                                   "\"]\n[SetUp \"1\"]\n[Stipulation \"#1\"]\n\n1. G_a8# *\n");
  int status = -1;
  const json verified = test::run_arbiter_json("verify --json " + test::shell_quote(file), status);
  CHECK(status == 0);
  CHECK(verified["verdict"] == "confirmed");
  CHECK(verified["keys"] == json::array({"G_a8#"}));
  // Without the a7 knight there is no hurdle on the file: no mate.
  const std::string none = dir.write("n.pgn", "[Event \"n\"]\n[Variant \"fairy\"]\n[FEN \"6Nk/6pp/8/3B4/8/8/(G)7/2K5 w - - 0 1\"]\n"
                                              "[SetUp \"1\"]\n[Stipulation \"#1\"]\n\n*\n");
  const json solved = test::run_arbiter_json("solve --json " + test::shell_quote(none), status);
  CHECK(solved["verdict"] == "refuted");
}

TEST_CASE("fairy variant: a bad FEN is exit 2 with its column", "[fairy][cli][errors]") {
  test::ScratchDir dir;
  const test::CliRun run = test::run_arbiter_command("perft --variant fairy --depth 1 --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1'", dir);
  CHECK(run.status == 2);
  CHECK(run.err.find(":1:43: expected a piece letter of the variant, found 'X'") != std::string::npos);
  const test::CliRun in_check = test::run_arbiter_command("perft --variant fairy --depth 1 --fen '4k3/8/8/8/8/8/8/4R1K1 w - - 0 1'", dir);
  CHECK(in_check.status == 2);
  CHECK(in_check.err.find("expected the side not to move out of check") != std::string::npos);
}

TEST_CASE("fairy variant: Popeye input with fairy men, a nightrider hopper promotion in the threat", "[fairy][cli]") {
  // V. Kotesovec, Sachove umeni 2/1984 (Popeye's BEISPIEL/hopper.inp 7, written in English):
  // grasshoppers and nightrider hoppers; Popeye's expected output (REGRESSIONTESTS/hopper.out)
  // has the one key 1.Ga8-c8 threatening 2.g7-g8=NH # -- pawns promote to every walk the problem holds.
  test::ScratchDir dir;
  const std::string file = dir.write("hopper.inp",
                                     "begin\npieces white kb8 rc4 be6 ga8d3f8 nha1 pa5c2g6g7\n"
                                     "black kc6 gb2b6e7f5 nhb3d6d7 pc5d2d4e5f3h7\nstipulation #2\nend\n");
  int status = -1;
  const json solved = test::run_arbiter_json("solve --json " + test::shell_quote(file), status);
  INFO(solved.dump());
  CHECK(status == 0);
  CHECK(solved["variant"] == "fairy");
  CHECK(solved["keys_uci"] == json::array({"a8c8"}));
  CHECK(solved["solution"][0]["threat"][0]["uci"] == "g7g8nh");
  CHECK(solved["solution"][0]["threat"][0]["move"] == "g8=NH_#");
  // Popeye's layout is not written for fairy men yet: named, exit 4 (not a FEN error).
  const test::CliRun layout = test::run_arbiter_command("popeye " + test::shell_quote(file), dir);
  CHECK(layout.status == 4);
  CHECK(layout.out.find("Popeye's layout of fairy men") != std::string::npos);
  // A walk not in the fairy rule set's table yet stays unsupported, named.
  const std::string contrahamster = dir.write("hc.inp", "begin\npieces white kb8 hca8 black kc6\nstipulation #2\nend\n");
  const json refused = test::run_arbiter_json("solve --json " + test::shell_quote(contrahamster), status);
  CHECK(status == 4);
  CHECK(refused["unsupported"] == json::array({"piece ContraHamster (HC)"}));
}

TEST_CASE("variant files: perft, replay and solve run on the three of puzzles/variants", "[fairy][cli][variant-file]") {
  const std::string folder = std::string(ARBITER_SOURCE_DIR) + "/puzzles/variants/";
  int status = -1;
  // perft --variant FILE: from the file's start position (ffish's knightmate counts 324).
  const json knightmate = test::run_arbiter_json("perft --variant " + test::shell_quote(folder + "knightmate.variant") + " --depth 2 --json", status);
  CHECK(status == 0);
  CHECK(knightmate["nodes"] == 324);
  CHECK(knightmate["fen"] == "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1");
  // replay: each game's [VariantFile] beside it; each ends in mate.
  for (const char* name : {"knightmate-games.pgn", "grasshopper-chess-games.pgn", "nightrider-chess-games.pgn"}) {
    INFO(name);
    const json r = test::run_arbiter_json("replay --json " + test::shell_quote(folder + name), status);
    CHECK(status == 0);
    const json& game = r.contains("games") ? r["games"][0] : r;
    CHECK(game["verdict"] == "legal");
    CHECK(game["status"] == "checkmate");
  }
  // solve: grasshopper chess, help mate in 2.5 from the start: the five solutions Popeye 4.104
  // finds for the same set-up (its grasshoppers on the second ranks, pawns on the third).
  test::ScratchDir dir;
  const std::string problem = dir.write("gh.pgn", "[Event \"t\"]\n[VariantFile \"" + folder + "grasshopper-chess.variant\"]\n[SetUp \"1\"]\n"
                                                  "[FEN \"rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1\"]\n"
                                                  "[Stipulation \"h#2.5\"]\n\n*\n");
  const json solved = test::run_arbiter_json("solve --json " + test::shell_quote(problem), status);
  CHECK(status == 0);
  CHECK(solved["verdict"] == "proved");
  CHECK(solved["solutions"].size() == 5);
  // A file that does not read: exit 2 at its line and column.
  const std::string bad = dir.write("bad.variant", "name = bad\npiece = K king K royal\npiece = G grasshopper gQk\nstart = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
  const auto run = test::run_arbiter_command("perft --variant " + test::shell_quote(bad) + " --depth 1", dir);
  CHECK(run.status == 2);
  CHECK(run.err.find("bad.variant:3:25:") != std::string::npos);
}

TEST_CASE("fairy variant: the SVG diagram draws fairy men as problemists do, a board of another size is refused", "[fairy][cli][svg]") {
  test::ScratchDir dir;
  // A grasshopper (a queen upside down, Popeye's LaTeX table), a nightrider (a knight upside
  // down), a neutral pawn (half white, half black), a bison (no glyph: a disc with its code).
  const test::CliRun run = test::run_arbiter_command(
      "diagram --variant fairy --fen '4k3/8/1(n)6/6(bi)1/3(G)4/2(n:P)5/8/4K3 w - - 0 1' --show G_b2", dir);
  INFO(run.err);
  CHECK(run.status == 0);
  CHECK(run.out.find("transform=\"rotate(180 ") != std::string::npos);
  CHECK(run.out.find("fill=\"url(#neutral-fill)\"") != std::string::npos);
  CHECK(run.out.find(">G: grasshopper</text>") != std::string::npos);
  CHECK(run.out.find(">N: nightrider</text>") != std::string::npos);
  CHECK(run.out.find(">BI: bison</text>") != std::string::npos);
  CHECK(run.out.find(">neutral pawn</text>") != std::string::npos);
  CHECK(run.out.find("class=\"arrow arrow-move\"") != std::string::npos);  // the grasshopper's hop over the pawn
}

TEST_CASE("fairy variant: a PGN problem and --fen take any stipulation whose goals the fairy rule set judges", "[fairy][cli][series]") {
  // Popeye's suite, EXAMPLES/chinpawn.inp problem 2 (expected output REGRESSIONTESTS/chinpawn.ref):
  // ser-#2, "1.CPb6-b7 2.CPb7-b8 #". The Popeye reader has always taken it; a PGN problem and
  // --fen read it the same (the fuzzer found a Popeye problem whose PGN did not read back).
  test::ScratchDir dir;
  const std::string fen = "k1K5/(cp)7/1(CP)6/8/8/8/8/8 w - - 0 1";
  const auto pgn = [&](const std::string& name, const std::string& stipulation) {
    return dir.write(name, "[Event \"cp\"]\n[Variant \"fairy\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n[Stipulation \"" + stipulation +
                               "\"]\n\n*\n");
  };
  int status = -1;
  const json solved = test::run_arbiter_json("solve --json " + test::shell_quote(pgn("s.pgn", "ser-#2")), status);
  CHECK(status == 0);
  CHECK(solved["solutions"] == json::array({json::array({"b6b7", "b7b8"})}));
  const json by_fen = test::run_arbiter_json("solve --json --variant fairy --stipulation ser-#2 --fen " + test::shell_quote(fen), status);
  CHECK(status == 0);
  CHECK(by_fen["solutions"] == solved["solutions"]);
  // A goal about the move itself (a capture) needs orthodox moves: unsupported, named, both ways.
  const test::CliRun capture = test::run_arbiter_command("solve " + test::shell_quote(pgn("x.pgn", "ser-x2")), dir);
  CHECK(capture.status == 4);
  CHECK(capture.out.find("stipulation ser-x2 (series capture) in fairy") != std::string::npos);
  const test::CliRun capture_fen =
      test::run_arbiter_command("solve --variant fairy --stipulation ser-x2 --fen " + test::shell_quote(fen), dir);
  CHECK(capture_fen.status == 4);
}

TEST_CASE("fairy variant: paralysing men from Popeye input, the special stalemate, and what is not played with them", "[fairy][cli][paralysing]") {
  test::ScratchDir dir;
  // BEISPIEL/paralys.inp 6 of Popeye's suite (expected output REGRESSIONTESTS/paralys.out:
  // "1.pKa7-b7 = !"): the one stalemate in one is the special one, the king in check from a1.
  const std::string demo = dir.write("demo.inp",
                                     "begin\npieces white ra1 white paralysing ka7 black ka8 pc6\nstipulation =1\nend\n");
  int status = -1;
  const json solved = test::run_arbiter_json("solve --json " + test::shell_quote(demo), status);
  CHECK(status == 0);
  CHECK(solved["fen"] == "k7/(p:K)7/2p5/8/8/8/8/R7 w - - 0 1");
  CHECK(solved["keys_uci"] == json::array({"a7b7"}));
  // A check goal, series play and a neutral man beside paralysing men: unsupported, named.
  const std::string others = dir.write("others.inp",
                                       "begin\npieces white ra1 white paralysing ka7 black ka8 pc6\nstipulation +1\nnext\n"
                                       "pieces white ra1 white paralysing ka7 black ka8 pc6\nstipulation ser-=2\nnext\n"
                                       "pieces white ra1 white paralysing ka7 black ka8 pc6 neutral pd4\nstipulation =1\nend\n");
  const test::CliRun refused = test::run_arbiter_command("solve " + test::shell_quote(others), dir);
  CHECK(refused.status == 4);
  CHECK(refused.out.find("unsupported: goal '+' with paralysing men") != std::string::npos);
  CHECK(refused.out.find("unsupported: series play or a structured stipulation with paralysing men") != std::string::npos);
  CHECK(refused.out.find("unsupported: neutral, half-neutral men or orphans with paralysing men") != std::string::npos);
  // The same limits in a PGN problem: its series stipulation unsupported, a neutral man bad input.
  const std::string series = dir.write("series.pgn", "[Event \"p\"]\n[Variant \"fairy\"]\n[FEN \"k7/(p:K)7/2p5/8/8/8/8/R7 w - - 0 1\"]\n"
                                                     "[SetUp \"1\"]\n[Stipulation \"ser-=2\"]\n\n*\n");
  const test::CliRun pgn = test::run_arbiter_command("solve " + test::shell_quote(series), dir);
  CHECK(pgn.status == 4);
  CHECK(pgn.out.find("stipulation ser-=2 (series stalemate) in fairy") != std::string::npos);
  const test::CliRun neutral = test::run_arbiter_command(
      "solve --variant fairy --stipulation =1 --fen " + test::shell_quote("k7/(p:K)7/2p5/3(n:P)4/8/8/8/R7 w - - 0 1"), dir);
  CHECK(neutral.status == 2);
  CHECK(neutral.err.find("no neutral or half-neutral man and no orphan beside paralysing men") != std::string::npos);
}

TEST_CASE("fairy variant: bouncers, hunters and a leaper of digits from Popeye input", "[fairy][cli][pieces]") {
  test::ScratchDir dir;
  int status = -1;
  // BEISPIEL/bouncer.inp 2 of Popeye's suite, in German forsyth (".B1" a bouncer): the key
  // "1.Tg8-h8 !" of REGRESSIONTESTS/bouncer.out, the threat-free zugzwang.
  const std::string bouncer = dir.write("bouncer.inp", "anfa\nford #2\nfors T1L3T1/S1k2b2/4b.B12/K.B1B3.b1B/8/.b13b1B1/B3B3/8\nende\n");
  const json b = test::run_arbiter_json("solve --json " + test::shell_quote(bouncer), status);
  CHECK(status == 0);
  CHECK(b["fen"] == "R1B3R1/N1k2p2/4p(B1)2/K(B1)P3(b1)P/8/(b1)3p1P1/P3P3/8 w - - 0 1");
  CHECK(b["keys_uci"] == json::array({"g8h8"}));
  // BEISPIEL/hunter.inp 1: German hunters "s/l" (knight/bishop), "l/t", "l/s"; the key "1.g3-g4 !"
  // of REGRESSIONTESTS/hunter.out.
  const std::string hunters = dir.write("hunter.inp",
                                        "anfa\nstei weiss ka3 de2 tb4f6 lc5 sb6d4 ba2b3c4g3 s/lb8\n"
                                        "     schwarz ke4 tb1 lh1h6 bc6e3g6 l/tc1 l/sg8\nford #3\nende\n");
  const json h = test::run_arbiter_json("solve --json " + test::shell_quote(hunters), status);
  CHECK(status == 0);
  CHECK(h["fen"] == "1(S/B)4(b/s)1/8/1Np2Rpb/2B5/1RPNk3/KP2p1P1/P3Q3/1r(b/r)4b w - - 0 1");
  CHECK(h["keys_uci"] == json::array({"g3g4"}));
  // BEISPIEL/pieces.inp 5: a black 3:5-leaper, written "(b:35)" (a code of digits has no case),
  // and White's promotion to one: "1.35a1-f4 g7-g8=35 2.35f4-a7 35g8-d3 #" (REGRESSIONTESTS/pieces.out).
  const std::string leaper = dir.write("leaper.inp", "anfa\nford h#2\nstei\nweis kc8 be6g7\nschw ka8 sd5 35a1\nende\n");
  const json l = test::run_arbiter_json("solve --json " + test::shell_quote(leaper), status);
  CHECK(status == 0);
  CHECK(l["fen"] == "k1K5/6P1/4P3/3n4/8/8/8/(b:35)7 b - - 0 1");
  CHECK(l["solutions"] == json::array({json::array({"a1f4", "g7g835", "f4a7", "g8d3"})}));
  // The same position by FEN; a code of digits without its colour, or a colour on a lettered code, is bad input.
  const json by_fen = test::run_arbiter_json("solve --json --variant fairy --stipulation h#2 --fen " + test::shell_quote(std::string(l["fen"])), status);
  CHECK(status == 0);
  CHECK(by_fen["solutions"] == l["solutions"]);
  const auto bad = [&](const std::string& fen) {
    const test::CliRun run = test::run_arbiter_command("perft --variant fairy --depth 1 --fen " + test::shell_quote(fen), dir);
    CHECK(run.status == 2);
    return run.err;
  };
  CHECK(bad("k1K5/8/8/8/8/8/8/(35)7 b - - 0 1").find("expected one colour, w, b or n, before ':' for a code of digits") != std::string::npos);
  CHECK(bad("k1K5/8/8/8/8/8/8/(w:G)7 b - - 0 1").find("a lettered code's case is its colour") != std::string::npos);
  // A hunter with a pawn's walk (its double step and promotion are the rule set's): unsupported, named.
  const std::string pawn_hunter = dir.write("ph.inp", "begin\npieces white ka1 qg2 p/sg4 black ke2\nstipulation #1\nend\n");
  const test::CliRun refused = test::run_arbiter_command("solve " + test::shell_quote(pawn_hunter), dir);
  CHECK(refused.status == 4);
  CHECK(refused.out.find("unsupported: piece hunter (P/S)") != std::string::npos);
}
