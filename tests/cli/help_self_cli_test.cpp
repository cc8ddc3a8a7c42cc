// Helpmates, selfmates and twins through `arbiter solve` and `arbiter verify` as a contract:
// the JSON fields (`solutions`, `solution_count`, `keys_uci`, `twins`), the problemists' text
// layout, stated solution counts (cooked / too few), set play, the shipped problems in
// puzzles/orthodox/help-self/ against the Popeye corpus they come from, and bad input.

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

struct Run {
  int status = -1;
  json out;
  std::string text, err;
};

Run run_json(const std::string& args, const test::ScratchDir& dir) {
  const test::CliRun run = test::run_arbiter_command(args, dir);
  INFO("arbiter " << args << "\nstdout: " << run.out << "\nstderr: " << run.err);
  Run r{run.status, {}, run.out, run.err};
  REQUIRE_NOTHROW(r.out = json::parse(run.out));
  return r;
}

std::string problem_pgn(const std::string& fen, const std::string& stipulation, const std::string& movetext,
                        const std::string& extra_tags = "") {
  return "[Event \"Problem\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n"
         "[Result \"*\"]\n[Stipulation \"" +
         stipulation + "\"]\n" + extra_tags + "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + movetext + " *\n";
}

std::set<std::string> lines_of(const json& solutions) {
  std::set<std::string> out;
  for (const auto& line : solutions) {
    std::string s;
    for (const auto& m : line) {
      if (!s.empty()) s += ' ';
      s += m.get<std::string>();
    }
    out.insert(s);
  }
  return out;
}

std::vector<std::string> kinds(const json& report) {
  std::vector<std::string> out;
  for (const auto& f : report.at("findings")) out.push_back(f.at("kind"));
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Földeák, Die Schwalbe 1955 (corpus py_beispiel_castling_19_h2): two solutions, each ending
// in a castling mate.
const std::string Foldeak = "8/8/8/8/8/1P1k1p2/7r/R3K2R b KQ - 0 1";

}  // namespace

TEST_CASE("solve h#: every solution as UCI lines, the count, and the problemists' layout", "[help][cli]") {
  test::ScratchDir dir;
  const Run r = run_json("solve --json --fen " + test::shell_quote(Foldeak) + " --stipulation 'h#2'", dir);
  CHECK(r.status == 0);
  CHECK(r.out["verdict"] == "proved");
  CHECK(r.out["goal"] == "help");
  CHECK(r.out["stipulation"] == "h#2");
  CHECK(r.out["solution_count"] == 2);
  CHECK(lines_of(r.out["solutions"]) == std::set<std::string>{"d3c2 a1a2 c2c1 e1g1", "h2f2 e1c1 d3e2 h1e1"});
  const std::set<std::string> text(r.out["solutions_text"].begin(), r.out["solutions_text"].end());
  CHECK(text == std::set<std::string>{"1.Kc2 Ra2+ 2.Kc1 O-O#", "1.Rf2 O-O-O+ 2.Ke2 Rhe1#"});

  const test::CliRun plain = test::run_arbiter_command("solve --fen " + test::shell_quote(Foldeak) + " --stipulation 'h#2'", dir);
  CHECK(plain.status == 0);
  CHECK_THAT(plain.out, Catch::Contains("1.Kc2 Ra2+ 2.Kc1 O-O#\n"));
  CHECK_THAT(plain.out, Catch::Contains("2 solutions"));
}

TEST_CASE("h#: a stated count makes more solutions a cook and fewer a refutation", "[help][cli]") {
  test::ScratchDir dir;
  // One solution stated, two exist: proved, but cooked.
  const Run one = run_json("verify --json --fen " + test::shell_quote(Foldeak) + " --stipulation 'h#2'", dir);
  CHECK(one.status == 1);
  CHECK(one.out["verdict"] == "unsound");
  CHECK(has(kinds(one.out), "cook"));
  // Two stated: sound.
  const Run two = run_json("verify --json --fen " + test::shell_quote(Foldeak) + " --stipulation 'h#2 2.1.1.1'", dir);
  CHECK(two.out["sound"] == true);
  CHECK(two.out["solution_count"] == 2);
  // Three stated: too few, refuted (solve exits 1 too).
  const Run three = run_json("verify --json --fen " + test::shell_quote(Foldeak) + " --stipulation 'h#2 3.1.1.1'", dir);
  CHECK(three.out["verdict"] == "refuted");
  CHECK(has(kinds(three.out), "too-few-solutions"));
  const Run solve3 = run_json("solve --json --fen " + test::shell_quote(Foldeak) + " --stipulation 'h#2 3.1.1.1'", dir);
  CHECK(solve3.status == 1);
  CHECK(solve3.out["verdict"] == "refuted");
  CHECK(solve3.out["stated_solutions"] == 3);
}

TEST_CASE("h#: a published line that is not a solution, and an unpublished cook", "[help][cli]") {
  test::ScratchDir dir;
  // The published solution gives one real solution and one line that does not mate.
  const std::string file = dir.write(
      "p.pgn", problem_pgn(Foldeak, "h#2", "1... Kc2 (1... Rf2 2. O-O-O+ Ke2 3. Rhe1#) (1... Ke4 2. Ra2 Ke5 3. Kd1) 2. Ra2+ Kc1 3. O-O#",
                           "[Solutions \"2\"]\n"));
  const Run r = run_json("verify --json " + test::shell_quote(file), dir);
  CHECK(r.out["verdict"] == "refuted");
  CHECK(has(kinds(r.out), "not-a-solution"));
  // Only one of the two solutions published: the other is a cook.
  const std::string half = dir.write("q.pgn", problem_pgn(Foldeak, "h#2", "1... Kc2 2. Ra2+ Kc1 3. O-O#"));
  const Run q = run_json("verify --json " + test::shell_quote(half), dir);
  CHECK(q.out["verdict"] == "unsound");
  CHECK(q.out["confirmed"] == true);
  CHECK(has(kinds(q.out), "cook"));
}

TEST_CASE("h#n.5 and set play", "[help][cli]") {
  test::ScratchDir dir;
  // Benko & Kalotay a): White starts.
  const Run r = run_json("solve --json --fen '1B6/8/8/8/4k3/1K6/3R4/8 w - - 0 1' --stipulation 'h#3.5'", dir);
  CHECK(r.out["solution_count"] == 1);
  CHECK(r.out["solutions_text"][0] == "1...Re2+ 2.Kd3 Re3+ 3.Kd2 Bf4 4.Kc1 Re1#");
  // Set play of an h#2: White moves first as if Black passed (an h#1.5 from the diagram).
  const std::string file = dir.write("s.pgn", problem_pgn("7k/8/6K1/8/8/8/8/R7 b - - 0 1", "h#1", "", "[SetPlay \"1\"]\n"));
  const Run set = run_json("solve --json " + test::shell_quote(file), dir);
  REQUIRE(set.out.contains("set_play"));
  // In the diagram Black to move has 1...Kg8 2.Ra8#; with White first, 1.Ra8# at once.
  CHECK(lines_of(set.out["solutions"]) == std::set<std::string>{"h8g8 a1a8"});
  CHECK(lines_of(set.out["set_play"]) == std::set<std::string>{"a1a8"});
}

TEST_CASE("s#: keys, the tree with the forced mate, and short solutions", "[self][cli]") {
  test::ScratchDir dir;
  const std::string baird = test::help_self_corpus_path("olv_baird_0305_s2.inp");
  const Run r = run_json("solve --json " + test::shell_quote(baird), dir);
  CHECK(r.status == 0);
  CHECK(r.out["goal"] == "self");
  CHECK(r.out["keys_uci"] == json::array({"e7e8"}));
  CHECK(r.out["keys"] == json::array({"Qe8"}));
  const test::CliRun text = test::run_arbiter_command("solve " + test::shell_quote(baird), dir);
  CHECK_THAT(text.out, Catch::Contains("1.Qe8! zugzwang"));
  CHECK_THAT(text.out, Catch::Contains("1...Bxd7 2.c4+ Kc6#"));
  // The same position as s#3: the key still works in 2, a short solution.
  const Run s3 = run_json("verify --json --fen '8/1p1RQ3/1Pbr2N1/Rn1k1p2/1P2rp2/2PKpB2/2P1P3/6n1 w - - 0 1' --stipulation 's#3'", dir);
  CHECK(has(kinds(s3.out), "short-solution"));
  CHECK(s3.out["sound"] == false);
}

TEST_CASE("twins: each solved on its own as a), b), ... with a twins list in JSON", "[twins][cli]") {
  test::ScratchDir dir;
  const Run r = run_json("solve --json " + test::shell_quote(test::help_self_corpus_path("olv_benko_0167_h3_5.inp")), dir);
  CHECK(r.status == 0);
  REQUIRE(r.out["twins"].size() == 3);
  CHECK(r.out["twins"][0]["twin"] == "a");
  CHECK(r.out["twins"][1]["twin"] == "b");
  CHECK(r.out["twins"][1]["description"] == "move b8 a7");
  CHECK(r.out["twins"][1]["fen"] == "8/B7/8/8/4k3/1K6/3R4/8 w - - 0 1");
  CHECK(lines_of(r.out["twins"][2]["solutions"]) == std::set<std::string>{"d2d1 e4f3 c2d2 f3g2 d2e1 g2h1 e1f2"});
}

TEST_CASE("twins: one with an illegal position is bad input, the others are solved", "[twins][cli][bad-input]") {
  // Popeye solves such a twin and prints nothing under its label (its suite's 4_51_to_4_53.inp
  // problem 9); Arbiter names it as bad input, exit 2, and goes on with the next twin.
  test::ScratchDir dir;
  const std::string file = dir.write("t.inp", "begin\npieces white kg6 ra1 black kh8\nstipulation h#1\n"
                                              "twin add black re6\ntwin move a1 b1\nend\n");
  const Run r = run_json("solve --json " + test::shell_quote(file), dir);
  CHECK(r.status == 2);
  CHECK(r.out["verdict"] == "bad-input");
  REQUIRE(r.out["twins"].size() == 3);
  CHECK(r.out["twins"][1]["verdict"] == "bad-input");
  CHECK(r.out["twins"][1]["error"]["line"] == 4);
  CHECK(r.out["twins"][1]["error"]["column"] == 1);
  CHECK(r.out["twins"][2]["twin"] == "c");
  CHECK(r.out["twins"][0]["verdict"] == "proved");  // 1.Kg8 Ra8#
  CHECK(r.out["twins"][2]["verdict"] == "proved");  // 1.Kg8 Rb8#
  CHECK_THAT(r.err, Catch::Contains("t.inp:4:1: twin b) (add black re6) gives an illegal position"));
  const test::CliRun popeye = test::run_arbiter_command("popeye " + test::shell_quote(file), dir);
  CHECK(popeye.status == 2);
  CHECK_THAT(popeye.out, Catch::Contains("b) +bRe6"));
  CHECK_THAT(popeye.out, Catch::Contains("1.Kh8-g8 Rb1-b8 #"));
  CHECK_THAT(popeye.out, Catch::Contains("solution finished."));
  const test::CliRun verify = test::run_arbiter_command("verify " + test::shell_quote(file), dir);
  CHECK(verify.status == 2);
  CHECK_THAT(verify.out, Catch::Contains("verify (all twins): bad-input"));
}

TEST_CASE("the shipped helpmates and selfmates: confirmed, and equal to the corpus they come from", "[help][self][twins][cli]") {
  test::ScratchDir dir;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox/help-self")) {
    if (entry.path().extension() != ".pgn") continue;
    ++files;
    INFO(entry.path());
    const Run r = run_json("verify --json " + test::shell_quote(entry.path().string()), dir);
    CHECK(r.status == 0);
    CHECK(r.out["verdict"] == "confirmed");
    // The [Origin] names the corpus file; its Popeye solution set must be ours, twin by twin.
    const std::string text = test::read_text_file(entry.path().string());
    const auto at = text.find("orthodox-help-self/");
    REQUIRE(at != std::string::npos);
    const std::string origin = text.substr(at + 19, text.find('"', at) - at - 19);
    const Run corpus = run_json("solve --json " + test::shell_quote(test::help_self_corpus_path(origin)), dir);
    const json& mine = r.out.contains("twins") ? r.out["twins"] : json::array({r.out});
    const json& theirs = corpus.out.contains("twins") ? corpus.out["twins"] : json::array({corpus.out});
    REQUIRE(mine.size() == theirs.size());
    for (std::size_t i = 0; i < mine.size(); ++i) {
      CHECK(mine[i]["fen"] == theirs[i]["fen"]);
      if (theirs[i]["goal"] == "help") CHECK(lines_of(mine[i]["solutions"]) == lines_of(theirs[i]["solutions"]));
      else CHECK(mine[i]["keys_uci"] == theirs[i]["keys_uci"]);
    }
  }
  CHECK(files == 5);
}

TEST_CASE("bad stipulations and twins on the command line: exit 2 with file, line and column", "[help][twins][cli]") {
  test::ScratchDir dir;
  struct Bad {
    std::string args, where, words;
  };
  const std::string fen = test::shell_quote(Foldeak);
  for (const Bad& b : std::vector<Bad>{
           {"solve --fen " + fen + " --stipulation 'x#2'", "--stipulation:1:1", "unsupported stipulation"},
           {"solve --fen " + fen + " --stipulation 'h#0'", "--stipulation:1:", "0"},
           {"solve --fen " + fen + " --stipulation 's#2'", "--fen:1:1", "White"},
       }) {
    const test::CliRun run = test::run_arbiter_command(b.args, dir);
    INFO(b.args << "\n" << run.err);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains(b.where));
    CHECK_THAT(run.err, Catch::Contains(b.words));
    CHECK(run.out.empty());
  }
  // A twin that moves a unit from an empty square, in a Popeye input file.
  const std::string file = dir.write("t.inp",
                                     "begin\npieces white kb3 rd2 bb8\n       black ke4\nstipulation h#3.5\ntwin move c8 a7\nend\n");
  const test::CliRun run = test::run_arbiter_command("solve " + test::shell_quote(file), dir);
  CHECK(run.status == 2);
  CHECK_THAT(run.err, Catch::Contains("t.inp:5:"));
  CHECK_THAT(run.err, Catch::Contains("c8"));
}
