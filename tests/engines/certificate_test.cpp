// Proof certificates (solver/prover/certificate.h): solve -> make_certificate ->
// check_certificate holds for #2..#4, castling and promotion keys, several keys and the
// Lasker–Thomas first-key proof; each kind of tampering is rejected with its own error, at the
// line of moves where it fails; and the same through `arbiter solve --certificate` and
// `arbiter check-certificate`.

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/prover/certificate.h"
#include "solver/prover/certificate_reader.h"
#include "solver/prover/solve.h"
#include "solver/variants/registry.h"
#include "tests/support/certificate_checks.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

constexpr const char* LaskerThomas = "rn3rk1/pbppq1pp/1p2pb2/4N2Q/3PN3/3B4/PPP2PPP/R3K2R w KQ - 6 11";

prover::Solution solve_fen(const std::string& fen, int n, bool first_key_only = false) {
  orthodox::Game game(read_fen(fen));
  prover::SolveOptions options;
  options.n = n;
  options.first_key_only = first_key_only;
  return prover::solve(game, options);
}

json certificate_of(const prover::Solution& s) { return json::parse(prover::make_certificate(s).dump()); }

prover::CertificateCheck check(const json& certificate, int n) {
  orthodox::Game game(read_fen(certificate.at("fen").get<std::string>()));
  return prover::check_certificate(game, certificate, n);
}

using test::errors_of;

// The first legal move (generation order) after `line` that is not checkmate.
std::string non_mating_move(const std::string& fen, const std::vector<std::string>& line) {
  Position pos = read_fen(fen);
  for (const auto& m : line) pos.make(*parse_uci(pos, m));
  orthodox::Game game(pos);
  MoveList<> moves;
  game.generate_legal(moves);
  for (const Move m : moves) {
    game.play(m);
    const bool mate = game.in_check() && !game.has_legal_move();
    game.undo();
    if (!mate) return to_uci(m);
  }
  throw std::runtime_error("every move mates");
}

struct Case {
  std::string name;
  std::string fen;
  int n;
  bool first_key_only = false;
  std::vector<std::string> keys;  // UCI
};

}  // namespace

TEST_CASE("certificates of solved problems check valid", "[prover][certificate]") {
  auto corpus = [](const std::string& name, std::vector<std::string> keys) {
    const auto p = test::orthodox_corpus_problem(name);
    return Case{name, p.fen, p.moves, false, std::move(keys)};
  };
  const std::vector<Case> cases = {
      corpus("baird_0001_2", {"b5d6"}),
      corpus("alekhine_0002_3", {"f4f5"}),
      corpus("horwitz_0002_4", {"a2a3"}),
      corpus("baird_0692_4", {"a3b2"}),
      corpus("dawson_0039_2", {"e1g1"}),     // 1.O-O!
      corpus("dawson_0215_2", {"e1c1"}),     // 1.O-O-O!
      corpus("loyd_0031_2", {"b7b8n"}),      // 1.b8=N!
      corpus("repo_4_57_to_4_59_00_2", {"f7f8r"}),  // 1.f8=R!
      corpus("kqk_constructed_2", {"h2b8", "h2b2", "h2d2", "h2e2", "h2f2", "h2g2", "c3b3"}),
      Case{"Lasker-Thomas, first key", LaskerThomas, 8, true, {"h5h7"}},
  };
  for (const auto& c : cases) {
    INFO(c.name << "  #" << c.n << "  " << c.fen);
    const prover::Solution s = solve_fen(c.fen, c.n, c.first_key_only);
    REQUIRE(s.verdict == prover::Verdict::Proved);
    REQUIRE(s.tree_complete);
    const json cert = certificate_of(s);
    CHECK(cert.at("format") == "arbiter-certificate");
    CHECK(cert.at("version") == 1);
    CHECK(cert.at("variant") == "orthodox");
    CHECK(cert.at("fen") == s.fen);
    CHECK(cert.at("stipulation") == s.stipulation);
    CHECK(s.stipulation == std::string(1, '#') + char('0' + c.n));
    std::set<std::string> keys;
    for (const auto& k : cert.at("keys")) keys.insert(k.at("move").get<std::string>());
    CHECK(keys == std::set<std::string>(c.keys.begin(), c.keys.end()));

    const prover::CertificateCheck result = check(cert, c.n);
    INFO(errors_of(result));
    CHECK(result.valid);
    CHECK(result.errors.empty());
    CHECK(result.keys == int(c.keys.size()));
    CHECK(result.lines >= c.keys.size());
    // The registry's entry point (what the CLI calls) agrees.
    const auto via_registry = find_variant("orthodox").check_certificate(c.fen, {"<test>", 1, 1}, cert, c.n, {});
    CHECK(via_registry.valid);
    CHECK(via_registry.lines == result.lines);
    // One move less is too short for a proof of exactly n moves.
    if (s.shortest == c.n) {
      const auto shorter = check(cert, c.n - 1);
      CHECK_FALSE(shorter.valid);
      CHECK_THAT(errors_of(shorter), Catch::Contains("the line is longer than the stipulation allows"));
    }
  }
}

TEST_CASE("the certificate of a #2 has one mating line per defence", "[prover][certificate]") {
  const auto p = test::orthodox_corpus_problem("baird_0001_2");
  const json cert = certificate_of(solve_fen(p.fen, 2));
  REQUIRE(cert.at("keys").size() == 1);
  const json& key = cert["keys"][0];
  CHECK(key.at("move") == "b5d6");
  CHECK(key.at("defences").size() == 16);
  CHECK(key["defences"].at("c4a3") == json{{"move", "d6f7"}});
  CHECK(key["defences"].at("e5d6") == json{{"move", "a7b8"}});
  const auto result = check(cert, 2);
  CHECK(result.valid);
  CHECK(result.lines == 16);
  // Lasker–Thomas: the first-key proof is also a mate in 7.
  const prover::Solution lasker = solve_fen(LaskerThomas, 8, true);
  const json lasker_cert = certificate_of(lasker);
  CHECK(check(lasker_cert, 7).valid);
  CHECK_FALSE(check(lasker_cert, 6).valid);
}

TEST_CASE("the certificate reader reports bad JSON as a ParseError with its place", "[prover][certificate]") {
  const auto error_of = [](const std::string& text) {
    try {
      prover::read_certificates(text, "c.json");
    } catch (const ParseError& e) {
      return fmt::format("{}:{}: {}", e.where().line, e.where().column, e.message());
    }
    return std::string("read");
  };
  CHECK_THAT(error_of("{\n  \"format\": ]"), Catch::StartsWith("2:13: expected a JSON certificate: [json.exception.parse_error"));
  // Well-formed, but beyond a double (found by fuzzing: the library's out_of_range escaped).
  CHECK_THAT(error_of("{\"keys\": 1e999}"), Catch::StartsWith("1:1: expected a JSON certificate: [json.exception.out_of_range"));
  CHECK(error_of("{\"format\": \"arbiter-certificate\"}") == "1:1: expected a certificate with a \"variant\" string");
  // An error inside a string: at the file's start, with the column in the string's text (found
  // by fuzzing: the column was counted as if the string began the file).
  CHECK(error_of("{\n \"format\": \"arbiter-certificate\", \"variant\": \"orthodox\", \"fen\": \"\", \"stipulation\": \"s#0\"}") ==
        "1:1: in the \"stipulation\" string, column 3: mate length 0 in 's#0': a selfmate needs at least one move ('s#1' or more)");
  CHECK(error_of("{\"certificates\": []}") == "1:1: expected \"certificates\" to be a non-empty array of certificates");
}

TEST_CASE("tampered certificates are rejected, each with its error", "[prover][certificate]") {
  const auto p = test::orthodox_corpus_problem("baird_0001_2");
  const json good = certificate_of(solve_fen(p.fen, 2));
  REQUIRE(check(good, 2).valid);

  auto rejected = [](const json& cert, int n, const std::string& error) {
    const auto result = check(cert, n);
    INFO(errors_of(result));
    CHECK_FALSE(result.valid);
    REQUIRE(result.errors.size() == 1);
    CHECK(result.errors[0] == error);
  };

  SECTION("a defence removed") {
    json cert = good;
    cert["keys"][0]["defences"].erase("c4a3");
    rejected(cert, 2, "b5d6 c4a3: defence not covered");
  }
  SECTION("a mating move replaced by a legal move that does not mate") {
    json cert = good;
    const std::string quiet = non_mating_move(p.fen, {"b5d6", "c4a3"});
    cert["keys"][0]["defences"]["c4a3"]["move"] = quiet;
    rejected(cert, 2, "b5d6 c4a3 " + quiet + ": the line ends but this move is not checkmate");
  }
  SECTION("an illegal answer") {
    json cert = good;
    cert["keys"][0]["defences"]["c4a3"]["move"] = "d6d8";  // onto White's own knight
    rejected(cert, 2, "b5d6 c4a3 d6d8: 'd6d8' is not a legal move here");
  }
  SECTION("an illegal key") {
    json cert = good;
    cert["keys"][0]["move"] = "b5d5";  // a knight step the knight cannot make
    rejected(cert, 2, "b5d5: 'b5d5' is not a legal move here");
  }
  SECTION("an extra defence that is not legal") {
    json cert = good;
    cert["keys"][0]["defences"]["e5e7"] = json{{"move", "d6f7"}};
    rejected(cert, 2, "b5d6 e5e7: not a legal defence");
  }
  SECTION("a line longer than the stipulation") {
    const auto result = check(good, 1);
    CHECK_FALSE(result.valid);
    CHECK(result.errors.size() == 16);  // every line: the mate is the second move
    for (const auto& e : result.errors) CHECK_THAT(e, Catch::EndsWith(": the line is longer than the stipulation allows"));
    CHECK_THAT(errors_of(result), Catch::Contains("b5d6 c4a3 d6f7: the line is longer than the stipulation allows\n"));
    CHECK(result.lines == 0);
  }
  SECTION("defences after a move that already mates") {
    json cert = good;
    cert["keys"][0]["defences"]["c4a3"]["defences"] = json::object();
    rejected(cert, 2, "b5d6 c4a3 d6f7: this move already mates: nothing to defend");
  }
  SECTION("a node without a move") {
    json cert = good;
    cert["keys"][0]["defences"]["c4a3"] = json{{"mate", "d6f7"}};
    rejected(cert, 2, "b5d6 c4a3: expected an object with a \"move\" string");
  }
  SECTION("no keys") {
    json cert = good;
    cert["keys"] = json::array();
    rejected(cert, 2, "the certificate has no keys");
  }
}

TEST_CASE("arbiter solve --certificate and arbiter check-certificate", "[prover][certificate][cli]") {
  test::ScratchDir dir;
  const std::string cert_file = dir.path("cert.json");
  const test::CliRun solved = test::run_arbiter_command(
      "solve " + test::shell_quote(test::orthodox_corpus_path("loyd_0615_4.inp")) + " --no-tree --json --certificate " +
          test::shell_quote(cert_file),
      dir);
  INFO(solved.err);
  REQUIRE(solved.status == 0);
  CHECK(json::parse(solved.out).at("keys_uci") == json{"e1c1"});  // 1.O-O-O!
  const json cert = json::parse(test::read_text_file(cert_file));
  CHECK(cert.at("format") == "arbiter-certificate");
  CHECK(cert.at("stipulation") == "#4");
  CHECK(cert.at("keys").size() == 1);
  CHECK(cert["keys"][0].at("move") == "e1c1");

  const test::CliRun valid = test::run_arbiter_command("check-certificate " + test::shell_quote(cert_file), dir);
  INFO(valid.out << valid.err);
  CHECK(valid.status == 0);
  CHECK_THAT(valid.out, Catch::Contains("valid: 1 key(s), "));
  CHECK_THAT(valid.out, Catch::Contains(" mating lines replayed"));
  const test::CliRun valid_json =
      test::run_arbiter_command("check-certificate --json " + test::shell_quote(cert_file), dir);
  CHECK(valid_json.status == 0);
  const json report = json::parse(valid_json.out);
  CHECK(report.at("verdict") == "valid");
  CHECK(report.at("keys") == 1);
  CHECK(report.at("lines").get<int>() >= 1);
  CHECK(report.at("errors").empty());

  SECTION("a removed defence: exit 1") {
    json tampered = cert;
    auto& defences = tampered["keys"][0]["defences"];
    REQUIRE(!defences.empty());
    const std::string removed = defences.begin().key();
    defences.erase(removed);
    const std::string file = dir.write("tampered.json", tampered.dump());
    const test::CliRun run = test::run_arbiter_command("check-certificate " + test::shell_quote(file), dir);
    CHECK(run.status == 1);
    CHECK_THAT(run.out, Catch::Contains("INVALID: 1 key(s)"));
    CHECK_THAT(run.out, Catch::Contains("e1c1 " + removed + ": defence not covered"));
    const test::CliRun as_json = test::run_arbiter_command("check-certificate --json " + test::shell_quote(file), dir);
    CHECK(as_json.status == 1);
    const json r = json::parse(as_json.out);
    CHECK(r.at("verdict") == "invalid");
    CHECK(r.at("errors") == json{"e1c1 " + removed + ": defence not covered"});
  }
  SECTION("a wrong format string: bad input, exit 2") {
    json tampered = cert;
    tampered["format"] = "popeye-output";
    const std::string file = dir.write("format.json", tampered.dump());
    const test::CliRun run = test::run_arbiter_command("check-certificate " + test::shell_quote(file), dir);
    CHECK(run.status == 2);
    CHECK(run.err == "arbiter check-certificate: " + file + ":1:1: expected \"format\": \"arbiter-certificate\"\n");
    CHECK(run.out.empty());
  }
  SECTION("a malformed FEN: bad input at the file's start, naming the column in the FEN (found by fuzzing)") {
    json tampered = cert;
    tampered["fen"] = "4k3/8/8/8/8/8/8/4K3 w X - 0 1";
    const std::string file = dir.write("fen.json", tampered.dump(1));
    const test::CliRun run = test::run_arbiter_command("check-certificate " + test::shell_quote(file), dir);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::StartsWith("arbiter check-certificate: " + file + ":1:1: in the \"fen\" string, column 23: "));
  }
  SECTION("a certificate checked against a shorter stipulation: exit 1") {
    json tampered = cert;
    tampered["stipulation"] = "#3";
    const std::string file = dir.write("short.json", tampered.dump());
    const test::CliRun run = test::run_arbiter_command("check-certificate " + test::shell_quote(file), dir);
    CHECK(run.status == 1);
    CHECK_THAT(run.out, Catch::Contains(": the line is longer than the stipulation allows"));
  }
  SECTION("no certificate for a problem without solution: exit 2, no file") {
    const std::string neg = dir.path("neg.json");
    const test::CliRun run = test::run_arbiter_command(
        "solve " + test::shell_quote(test::orthodox_corpus_path("neg_baird_0409_3_as2.inp")) + " --certificate " +
            test::shell_quote(neg),
        dir);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains("no certificate: nothing was proved"));
    CHECK_FALSE(std::filesystem::exists(neg));
  }
}
