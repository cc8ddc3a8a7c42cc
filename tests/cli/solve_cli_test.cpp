// The `arbiter solve` and `arbiter verify` commands as a contract: the JSON fields and their
// values (keys in SAN and UCI, castling and promotion keys included), the exit statuses
// (0 proved / 1 refuted / 3 unknown / 2 bad input), and verify's verdicts on the shipped
// problem files, a wrong published key and a cooked problem.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

std::string corpus_file(const std::string& name) { return test::shell_quote(test::orthodox_corpus_path(name)); }

struct JsonRun {
  int status = -1;
  json out;
  std::string err;
};

JsonRun run_json(const std::string& args, const test::ScratchDir& dir) {
  const test::CliRun run = test::run_arbiter_command(args, dir);
  INFO("arbiter " << args << "\nstdout: " << run.out << "\nstderr: " << run.err);
  JsonRun r{run.status, {}, run.err};
  REQUIRE_NOTHROW(r.out = json::parse(run.out));
  return r;
}

// A PGN problem file with the given position, stipulation and published solution.
std::string problem_pgn(const std::string& fen, const std::string& stipulation, const std::string& movetext) {
  return "[Event \"Problem\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n"
         "[Result \"*\"]\n[Stipulation \"" +
         stipulation + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + movetext + " *\n";
}

std::vector<std::string> finding_kinds(const json& report) {
  std::vector<std::string> kinds;
  for (const auto& f : report.at("findings")) kinds.push_back(f.at("kind"));
  return kinds;
}

int count_kind(const json& report, const std::string& kind) {
  const auto kinds = finding_kinds(report);
  return int(std::count(kinds.begin(), kinds.end(), kind));
}

}  // namespace

TEST_CASE("arbiter solve --json: the fields of a proved problem", "[prover][cli]") {
  test::ScratchDir dir;
  struct Expect {
    std::string file, stipulation, san, uci;
    int shortest;
  };
  const std::vector<Expect> cases = {
      {"baird_0001_2.inp", "#2", "Nd6", "b5d6", 2},
      {"dawson_0215_2.inp", "#2", "O-O-O", "e1c1", 2},        // Popeye: 0-0-0
      {"dawson_0039_2.inp", "#2", "O-O", "e1g1", 2},          // Popeye: 0-0
      {"repo_4_57_to_4_59_00_2.inp", "#2", "f8=R", "f7f8r", 2},  // Popeye: f7-f8=R
      {"loyd_0031_2.inp", "#2", "b8=N", "b7b8n", 2},          // Popeye: b7-b8=S
      {"loyd_0446_3.inp", "#3", "Nc8", "a7c8", 2},            // a #3 that mates in 2
      {"horwitz_0002_4.inp", "#4", "a3+", "a2a3", 4},
  };
  for (const auto& c : cases) {
    INFO(c.file);
    const JsonRun r = run_json("solve --json --no-tree " + corpus_file(c.file), dir);
    CHECK(r.status == 0);
    const json& j = r.out;
    CHECK(j.at("verdict") == "proved");
    CHECK(j.at("stipulation") == c.stipulation);
    CHECK(j.at("keys") == json{c.san});
    CHECK(j.at("keys_uci") == json{c.uci});
    CHECK(j.at("shortest") == c.shortest);
    CHECK(j.at("nodes").is_number_unsigned());
    CHECK(j.at("nodes").get<std::uint64_t>() > 0);
    CHECK(j.at("seconds").is_number());
    CHECK(j.at("seconds").get<double>() >= 0);
    CHECK(j.at("variant") == "orthodox");
    CHECK(j.at("fen") == test::orthodox_corpus_problem(c.file).fen);
    CHECK(j.at("file") == test::orthodox_corpus_path(c.file));
    CHECK(j.at("problem") == 1);
    CHECK_FALSE(j.contains("reason"));
  }
}

TEST_CASE("arbiter solve --json: several keys, the tree and tries", "[prover][cli]") {
  test::ScratchDir dir;
  const JsonRun kqk = run_json("solve --json " + corpus_file("kqk_constructed_2.inp"), dir);
  CHECK(kqk.status == 0);
  const auto& uci = kqk.out.at("keys_uci");
  CHECK(std::set<std::string>(uci.begin(), uci.end()) ==
        std::set<std::string>{"h2b8", "h2b2", "h2d2", "h2e2", "h2f2", "h2g2", "c3b3"});
  CHECK(kqk.out.at("shortest") == 1);  // 1.Qb2#
  CHECK(kqk.out.at("keys").size() == 7);

  const JsonRun baird = run_json("solve --json --tries " + corpus_file("baird_0001_2.inp"), dir);
  CHECK(baird.status == 0);
  const json& key = baird.out.at("solution").at(0);
  CHECK(key.at("move") == "Nd6");
  CHECK(key.at("mate_in") == 2);
  CHECK(key.at("defences").size() == 16);
  CHECK_FALSE(key.contains("threat"));
  bool found_f3 = false;
  for (const auto& t : baird.out.at("tries"))
    if (t.at("uci") == "f2f3") found_f3 = t.at("refutation_uci") == "c5b5" && t.at("refutation") == "Rxb5";
  CHECK(found_f3);
}

TEST_CASE("arbiter solve: exit statuses", "[prover][cli]") {
  test::ScratchDir dir;
  SECTION("refuted: a corpus negative, exit 1") {
    const JsonRun r = run_json("solve --json " + corpus_file("neg_baird_0409_3_as2.inp"), dir);
    CHECK(r.status == 1);
    CHECK(r.out.at("verdict") == "refuted");
    CHECK(r.out.at("stipulation") == "#2");
    CHECK(r.out.at("keys").empty());
    CHECK(r.out.at("keys_uci").empty());
    CHECK(r.out.at("shortest") == 0);
    const test::CliRun text = test::run_arbiter_command("solve " + corpus_file("neg_baird_0409_3_as2.inp"), dir);
    CHECK(text.status == 1);
    CHECK_THAT(text.out, Catch::Contains("verdict: refuted (no mate in 2 against every defence)"));
  }
  SECTION("unknown: --max-nodes 50 on a #4, exit 3") {
    const JsonRun r = run_json("solve --json --max-nodes 50 " + corpus_file("baird_0692_4.inp"), dir);
    CHECK(r.status == 3);
    CHECK(r.out.at("verdict") == "unknown");
    CHECK_THAT(r.out.at("reason").get<std::string>(), Catch::Contains("node limit"));
    CHECK(r.out.at("keys").empty());
  }
  SECTION("proved with --fen and --stipulation, exit 0") {
    const JsonRun r = run_json("solve --json --fen " + test::shell_quote("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1") +
                                   " --stipulation '#1'",
                               dir);
    CHECK(r.status == 0);
    CHECK(r.out.at("keys_uci") == json{"c1c8"});
    CHECK(r.out.at("keys") == json{"Qc8#"});
    CHECK(r.out.at("file") == "--fen");
  }
  SECTION("bad input: a missing file, exit 2") {
    const std::string missing = dir.path("absent.inp");
    const test::CliRun run = test::run_arbiter_command("solve --json " + test::shell_quote(missing), dir);
    CHECK(run.status == 2);
    CHECK(run.err == "arbiter solve: " + missing + ":1:1: cannot open the problem file\n");
    CHECK(run.out.empty());
  }
  SECTION("bad input: an illegal position, exit 2") {
    // The side not to move (Black) is in check.
    const test::CliRun run = test::run_arbiter_command(
        "solve --fen " + test::shell_quote("8/8/8/8/8/2Q5/8/k2K4 w - - 0 1") + " --stipulation '#2'", dir);
    CHECK(run.status == 2);
    CHECK(run.err ==
          "arbiter solve: --fen:1:22: the side not to move (Black) is in check; expected the other side to move\n");
    CHECK(run.out.empty());
  }
  SECTION("bad input: stipulation #0, exit 2") {
    const test::CliRun run = test::run_arbiter_command(
        "solve --fen " + test::shell_quote("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1") + " --stipulation '#0'", dir);
    CHECK(run.status == 2);
    CHECK(run.err ==
          "arbiter solve: --stipulation:1:2: mate length 0 in '#0': a direct mate needs at least one move ('#1' or "
          "more)\n");
    CHECK(run.out.empty());
  }
  SECTION("bad input: a malformed problem file, exit 2") {
    const std::string file = dir.write("bad.inp", "begin\npieces white kz9\nstipulation #2\nend\n");
    const test::CliRun run = test::run_arbiter_command("solve " + test::shell_quote(file), dir);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::StartsWith("arbiter solve: " + file + ":2:15: expected the square"));
    CHECK(run.out.empty());
  }
}

TEST_CASE("arbiter solve and verify and popeye: one result per problem, unsupported is exit 4, the worst status wins", "[prover][cli]") {
  test::ScratchDir dir;
  // Problem 1 plays (#1), 2 is malformed (a stipulation with no number), 3 needs a condition, 4
  // plays again: the malformed and the unsupported one do not stop it.
  const std::string file = dir.write("many.inp",
                                     "begin\npieces white kb6 rh1 black ka8\nstipulation #1\nnext\n"
                                     "pieces white kb6 rh1 black ka8\nstipulation h#\nnext\n"
                                     "condition circe\npieces white kb6 rh1 black ka8\nstipulation #1\nnext\n"
                                     "pieces white kb6 rh1 black ka8\nstipulation #1\nend\n");
  SECTION("solve: text") {
    const test::CliRun run = test::run_arbiter_command("solve " + test::shell_quote(file), dir);
    CHECK(run.status == 2);
    CHECK(run.err == "arbiter solve: " + file + ":6:15: expected the number of moves after 'h#', as in 'h#2'\n");
    CHECK_THAT(run.out, Catch::Contains("(problem 1)") && Catch::Contains("(problem 3)") && Catch::Contains("(problem 4)"));
    CHECK_THAT(run.out, Catch::Contains("unsupported: condition Circe"));
    CHECK_THAT(run.out, Catch::EndsWith("4 problems: 2 proved, 1 unsupported, 1 bad input\n"));
  }
  SECTION("solve --json: a verdict per problem") {
    const JsonRun r = run_json("solve --json " + test::shell_quote(file), dir);
    CHECK(r.status == 2);
    const json& list = r.out.at("problems");
    REQUIRE(list.size() == 4);
    CHECK(list[0].at("verdict") == "proved");
    CHECK(list[1].at("verdict") == "bad-input");
    CHECK(list[1].at("error").at("line") == 6);
    CHECK(list[1].at("error").at("column") == 15);
    CHECK(list[2].at("verdict") == "unsupported");
    CHECK(list[2].at("unsupported") == json::array({"condition Circe"}));
    CHECK(list[3].at("verdict") == "proved");
  }
  SECTION("unsupported alone: exit 4, named") {
    const std::string circe = dir.write("circe.inp", "begin\ncondition circe\npieces white kb6 rh1 black ka8\nstipulation #1\nend\n");
    const test::CliRun run = test::run_arbiter_command("solve " + test::shell_quote(circe), dir);
    CHECK(run.status == 4);
    CHECK(run.err.empty());
    CHECK_THAT(run.out, Catch::Contains("unsupported: condition Circe"));
    const test::CliRun verify = test::run_arbiter_command("verify " + test::shell_quote(circe), dir);
    CHECK(verify.status == 4);
    const test::CliRun series = test::run_arbiter_command(
        "solve --fen " + test::shell_quote("k7/8/1K6/8/8/8/8/7R w - - 0 1") + " --stipulation ser-hs#2", dir);
    CHECK(series.status == 4);
    CHECK_THAT(series.out, Catch::Contains("unsupported: stipulation ser-hs#2 (series help-selfmate)"));
  }
  SECTION("popeye and solve --format popeye: Popeye's layout, one result per problem") {
    const test::CliRun run = test::run_arbiter_command("popeye " + test::shell_quote(file), dir);
    CHECK(run.status == 2);
    CHECK_THAT(run.out, Catch::Contains("   1.Rh1-h8 # !\n"));
    CHECK_THAT(run.out, Catch::Contains("solution finished."));
    CHECK_THAT(run.out, Catch::Contains("unsupported: condition Circe"));
    const test::CliRun same = test::run_arbiter_command("solve --format popeye " + test::shell_quote(file), dir);
    CHECK(same.out == run.out);
    CHECK(same.status == 2);
  }
}

TEST_CASE("Popeye's Duplex: the exchanged roles are solved and reported on their own", "[prover][cli]") {
  test::ScratchDir dir;
  // M. Tomasevic, feenschach 1982 (Popeye's BEISPIEL/twin.inp, problem 1, without its twin):
  // h#2 Duplex, one solution each way, as REGRESSIONTESTS/twin.out prints them.
  const std::string file = dir.write("duplex.inp", "begin\npieces white kc8 pe7 black ka6 rf7\nstipulation h#2\noption duplex\nend\n");
  const JsonRun r = run_json("solve --json " + test::shell_quote(file), dir);
  CHECK(r.status == 0);
  const json& twins = r.out.at("twins");
  REQUIRE(twins.size() == 2);
  CHECK(twins[0].at("colours_exchanged") == false);
  CHECK(twins[0].at("solutions").size() == 1);
  CHECK(twins[1].at("colours_exchanged") == true);
  CHECK(twins[1].at("fen") == "2K5/4Pr2/k7/8/8/8/8/8 w - - 0 1");
  CHECK(twins[1].at("solutions").size() == 1);
  const test::CliRun text = test::run_arbiter_command("solve " + test::shell_quote(file), dir);
  CHECK_THAT(text.out, Catch::Contains("colours exchanged  h#2  2K5/4Pr2/k7/8/8/8/8/8 w - - 0 1\n"));
  const test::CliRun popeye = test::run_arbiter_command("popeye " + test::shell_quote(file), dir);
  CHECK(popeye.status == 0);
  CHECK_THAT(popeye.out, Catch::Contains("  h#2                         2 + 2\n               Duplex\n\n"
                                         "  1.Rf7-f6 e7-e8=Q   2.Rf6-b6 Qe8-a4 #\n\n"
                                         "  1.Kc8-b8 Rf7*e7   2.Kb8-a8 Re7-e8 #\n\nsolution finished."));
}

TEST_CASE("arbiter verify confirms every shipped problem file", "[prover][cli]") {
  test::ScratchDir dir;
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("problem-", 0) == 0 && entry.path().extension() == ".pgn") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  CHECK(files.size() >= 11);
  for (const auto& file : files) {
    INFO(file);
    const JsonRun r = run_json("verify --json " + test::shell_quote(file), dir);
    CHECK(r.status == 0);
    const json& j = r.out;
    CHECK(j.at("verdict") == "confirmed");
    CHECK(j.at("confirmed") == true);
    CHECK(j.at("sound") == true);
    CHECK(j.at("proof") == "proved");
    CHECK(j.at("published_key_is_key") == true);
    CHECK(j.at("keys_uci").size() == 1);
    CHECK(j.at("published_plies_checked").get<int>() > 1);
    CHECK(j.at("findings").empty());
    const std::string stipulation = j.at("stipulation");
    CHECK(j.at("shortest") == stipulation[1] - '0');
  }
}

TEST_CASE("arbiter verify: a wrong published key is refuted", "[prover][cli]") {
  test::ScratchDir dir;
  const auto p = test::orthodox_corpus_problem("baird_0001_2");
  // 1.Nc7 is legal but no key (Popeye's only key is 1.Sb5-d6).
  const std::string file = dir.write("wrong-key.pgn", problem_pgn(p.fen, "#2", "1. Nc7!"));
  const JsonRun r = run_json("verify --json " + test::shell_quote(file), dir);
  CHECK(r.status == 1);
  const json& j = r.out;
  CHECK(j.at("verdict") == "refuted");
  CHECK(j.at("published_key") == "Nc7");
  CHECK(j.at("published_key_is_key") == false);
  CHECK(j.at("confirmed") == false);
  CHECK(j.at("keys_uci") == json{"b5d6"});
  REQUIRE(count_kind(j, "not-a-key") == 1);
  for (const auto& f : j.at("findings")) {
    if (f.at("kind") != "not-a-key") continue;
    CHECK(f.at("message") == "the published key 1.Nc7 does not force mate in 2");
    CHECK(f.at("line") == 12);  // the movetext line after ten tags and a blank line
    CHECK(f.at("column") == 4);
  }
  // The real key is reported as the key the publication missed, not as a cook.
  CHECK(count_kind(j, "cook") == 0);
  REQUIRE(count_kind(j, "actual-key") == 1);
  for (const auto& f : j.at("findings"))
    if (f.at("kind") == "actual-key") CHECK(f.at("message") == "1.Nd6 forces mate in 2");

  const test::CliRun text = test::run_arbiter_command("verify " + test::shell_quote(file), dir);
  CHECK(text.status == 1);
  CHECK_THAT(text.out, Catch::Contains("published key 1.Nc7: NOT a key"));
  CHECK_THAT(text.out, Catch::Contains("verify: refuted"));
}

TEST_CASE("arbiter verify: a cooked problem is unsound", "[prover][cli]") {
  test::ScratchDir dir;
  // The KQK classic with its first Popeye key published: six other keys, one of them 1.Qb2#.
  const auto p = test::orthodox_corpus_problem("kqk_constructed_2");
  const std::string file = dir.write("cooked.pgn", problem_pgn(p.fen, "#2", "1. Qb8! Ka2 2. Qb2#"));
  const JsonRun r = run_json("verify --json " + test::shell_quote(file), dir);
  CHECK(r.status == 1);
  const json& j = r.out;
  CHECK(j.at("verdict") == "unsound");
  CHECK(j.at("confirmed") == true);
  CHECK(j.at("sound") == false);
  CHECK(j.at("published_key_is_key") == true);
  CHECK(j.at("keys").size() == 7);
  CHECK(count_kind(j, "cook") == 6);
  CHECK(count_kind(j, "short-solution") == 1);
  CHECK(count_kind(j, "not-a-key") == 0);
  bool qb2 = false;
  for (const auto& f : j.at("findings"))
    if (f.at("kind") == "cook" && f.at("message") == "1.Qb2# also forces mate in 1") qb2 = true;
  CHECK(qb2);

  // The same position as a #1 has a single key, 1.Qb2#: sound.
  const std::string sound = dir.write("sound.pgn", problem_pgn(p.fen, "#1", "1. Qb2#"));
  const JsonRun one = run_json("verify --json " + test::shell_quote(sound), dir);
  CHECK(one.status == 0);
  CHECK(one.out.at("verdict") == "confirmed");
  CHECK(one.out.at("keys_uci") == json{"h2b2"});
}

TEST_CASE("Popeye's CastlingMutuallyExclusive: solved in Popeye's layout and certified under the pinned pair", "[prover][cli]") {
  // BEISPIEL/castling.inp 44 (P. Vatarescu, Europe Echecs 1965), #2 with h1a8: 1.Rf1? is refuted
  // by 0-0-0, 1.0-0! takes Black's right away (REGRESSIONTESTS/castling.out).
  test::ScratchDir dir;
  const std::string input = dir.write(
      "p.inp", "begin\npieces white ke1 rb7h1 bh6 pa2a6b3c2d2d6\n       black ke8 ra8 pa7b6c6c4d7g6g5g3\n"
               "stipulation #2\noption try variation CastlingMutuallyExclusive h1a8\nend\n");
  const test::CliRun solved = test::run_arbiter_command("solve " + input + " --json --certificate " + dir.path("c.json"), dir);
  INFO(solved.out << solved.err);
  REQUIRE(solved.status == 0);
  const json j = json::parse(solved.out);
  CHECK(j["keys"] == json::array({"O-O"}));
  const test::CliRun popeye = test::run_arbiter_command("popeye " + input, dir);
  CHECK(popeye.out.find("CastlingMutuallyExclusive h1a8\n") != std::string::npos);
  CHECK(popeye.out.find("      1...0-0-0 !") != std::string::npos);  // the try's refutation
  // The certificate carries the pair; without it the key leaves 0-0-0 uncovered.
  const test::CliRun checked = test::run_arbiter_command("check-certificate " + dir.path("c.json") + " --json", dir);
  CHECK(checked.status == 0);
  CHECK(json::parse(checked.out)["verdict"] == "valid");
  json stripped = json::parse(test::read_text_file(dir.path("c.json")));
  REQUIRE(stripped.contains("interpretations"));
  stripped.erase("interpretations");
  const std::string bare = dir.write("bare.json", stripped.dump());
  const test::CliRun unpinned = test::run_arbiter_command("check-certificate " + bare + " --json", dir);
  CHECK(unpinned.status == 1);
  CHECK(json::parse(unpinned.out)["verdict"] == "invalid");
}

TEST_CASE("Popeye's Threat and MaxFlightsquares in reflex play and Threat where Popeye ignores it", "[prover][cli]") {
  // Expected values from Popeye 4.104 run on the same input (TESTS/battle_play.inp 40's r#3 and
  // BEISPIEL/selfref.inp 4, Bakke's r#3, with the options added).
  const std::string r40 = "pieces white ka1 bd1 sd8 pb4 black ka3 pa4a5\nstipulation r#3\n";
  const std::string bakke =
      "pieces white rb7a2 pc7b5 bg7d3 sb6c6 kh3 black sa8b1 ra7b2 kf7 bh7h2 pa6d6f6f5f4h4b3d2 qa5\nstipulation r#3\n";
  test::ScratchDir dir;
  const std::string input = dir.write(
      "t.inp", "begin\n" + r40 + "next\n" + r40 + "option threat 1\nnext\n" + r40 + "option threat 3\nnext\n" + bakke +
                   "option maxflight 0\nnext\n" + bakke + "option threat 0\nnext\n" + bakke +
                   "option threat 1\nnext\npieces white ka1 qb1 black kh8 ph7\nstipulation h#2\noption threat 1\nend\n");
  const test::CliRun run = test::run_arbiter_command("popeye " + input, dir);
  INFO(run.out << run.err);
  CHECK(run.status == 1);  // the worst of the problems': some have no solution
  // Each problem's stipulation line and its keys (or helpmate lines), in order.
  std::vector<std::string> seen;
  std::istringstream lines(run.out);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("  r#") || line.starts_with("  h#") || line.starts_with("   1.") || line.starts_with("Option"))
      seen.push_back(line.substr(0, line.find("  ", 3)));
  const std::vector<std::string> expected = {
      "  r#3", "   1.Sd8-c6 !",
      "  r#3/1",  // the key threatens no reflexmate in one: refuted
      "  r#3/3", "Option \"Threat\" not applicable or indicated maximum threat length too big", "   1.Sd8-c6 !",
      "  r#3//0",  // the key leaves the black king flights
      "  r#3/0",   // every white move must check: the second does not
      "  r#3/1", "   1.Sc6-d8 + !",
      "  h#2/1", "Option \"Threat\" not applicable or indicated maximum threat length too big"};
  CHECK(seen.size() == expected.size());
  for (std::size_t i = 0; i < expected.size() && i < seen.size(); ++i) CHECK(seen[i].starts_with(expected[i]));
  // The helpmate is solved without the option: Popeye's six lines (in its order of generation).
  std::size_t help_lines = 0;
  for (std::size_t at = run.out.find("\n  1.Kh8-"); at != std::string::npos; at = run.out.find("\n  1.Kh8-", at + 1)) ++help_lines;
  CHECK(help_lines == 6);
  CHECK(run.out.find("  1.Kh8-g8 Qb1-f5   2.Kg8-h8 Qf5-f8 #") != std::string::npos);
}

TEST_CASE("arbiter solve: a refuted help play still shows its set play", "[prover][cli]") {
  // REGRESSIONS/4_79_to_4_81.inp 2 of Popeye's suite: hx1 has no solution, but its set play, in
  // which White moves first right after Black's d7-d5, takes e.p. (Popeye: "1...e5*d6 ep. x").
  test::ScratchDir dir;
  const std::string file = dir.write("ep.inp", "begin\npieces white pe5 black pc7d5\noption enpassant d7d6d5 set\nstipulation hx1\nend\n");
  const test::CliRun run = test::run_arbiter_command("solve " + file, dir);
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  CHECK_THAT(run.out, Catch::Contains("verdict: refuted"));
  CHECK_THAT(run.out, Catch::Contains("set play: 1 line\n  1...exd6\n"));
  const JsonRun json_run = run_json("solve --json " + file, dir);
  CHECK(json_run.out.at("set_play").size() == 1);
  CHECK(json_run.out.at("set_play").at(0) == json::array({"e5d6"}));
}
