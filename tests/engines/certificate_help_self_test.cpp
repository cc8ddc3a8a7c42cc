// Certificates of selfmates and helpmates (solver/prover/certificate.h, issue #16): solve ->
// make_certificate -> check_certificate holds for a corpus s#2, h#2 and h#2.5; the certificate
// says what it certifies (each key or solution, not completeness); each kind of tampering is
// rejected with its own error at the line where it fails; and the same through `arbiter solve
// --certificate` and `arbiter check-certificate`, twins included (one certificate per twin).

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solve.h"
#include "solver/variants/registry.h"
#include "tests/support/certificate_checks.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

constexpr const char* SelfMate2 = "olv_baird_0305_s2.inp";              // s#2, 1.Qe8!
constexpr const char* HelpMate2 = "py_beispiel_castling_19_h2.inp";     // h#2, two solutions
constexpr const char* HelpMate2_5 = "olv_loyd_0790_h2_5.inp";           // h#2.5, one solution
constexpr const char* HelpMateTwins = "py_beispiel_castling_21_h2.inp";  // h#2, twins a) and b)

test::HelpSelfProblem corpus(const std::string& file) {
  for (auto& p : test::help_self_corpus())
    if (p.file == file) return p;
  throw std::runtime_error("no corpus row " + file);
}

prover::Solution solve_fen(const std::string& fen, prover::Goal goal, int n, bool half_move = false) {
  orthodox::Game game(read_fen(fen));
  prover::SolveOptions options;
  options.goal = goal;
  options.n = n;
  options.half_move = half_move;
  return prover::solve(game, options);
}

json certificate_of(const prover::Solution& s) { return json::parse(prover::make_certificate(s).dump()); }

// As its own stipulation says, or as `goal` in n moves.
prover::CertificateCheck check(const json& certificate, int n) {
  orthodox::Game game(read_fen(certificate.at("fen").get<std::string>()));
  return prover::check_certificate(game, certificate, n);
}
prover::CertificateCheck check(const json& certificate, prover::Goal goal, int n, bool half_move) {
  orthodox::Game game(read_fen(certificate.at("fen").get<std::string>()));
  return prover::check_certificate(game, certificate, goal, n, half_move);
}

using test::errors_of;

void rejected(const prover::CertificateCheck& result, const std::string& error) {
  INFO(errors_of(result));
  CHECK_FALSE(result.valid);
  REQUIRE(result.errors.size() == 1);
  CHECK(result.errors[0] == error);
}

std::string joined(const json& line) {
  std::string out;
  for (const auto& m : line) {
    if (!out.empty()) out += ' ';
    out += m.get<std::string>();
  }
  return out;
}

// The legal moves after `line`, split by whether they mate.
std::vector<std::string> moves_after(const std::string& fen, const std::vector<std::string>& line, bool mating) {
  Position pos = read_fen(fen);
  for (const auto& m : line) pos.make(*parse_uci(pos, m));
  orthodox::Game game(pos);
  MoveList<> moves;
  game.generate_legal(moves);
  std::vector<std::string> out;
  for (const Move m : moves) {
    game.play(m);
    const bool mate = game.in_check() && !game.has_legal_move();
    game.undo();
    if (mate == mating) out.push_back(to_uci(m));
  }
  return out;
}

// The solutions of a helpmate certificate as joined lines.
std::set<std::string> lines_of(const json& cert) {
  std::set<std::string> out;
  for (const auto& line : cert.at("solutions")) out.insert(joined(line));
  return out;
}

}  // namespace

TEST_CASE("selfmate certificate: the tree ends in the defender's forced mates", "[prover][certificate]") {
  const auto p = corpus(SelfMate2);
  const prover::Solution s = solve_fen(p.fen, prover::Goal::SelfMate, 2);
  REQUIRE(s.verdict == prover::Verdict::Proved);
  REQUIRE(s.tree_complete);
  const json cert = certificate_of(s);
  CHECK(cert.at("format") == "arbiter-certificate");
  CHECK(cert.at("version") == 1);
  CHECK(cert.at("stipulation") == "s#2");
  CHECK(cert.at("fen") == s.fen);
  CHECK_FALSE(cert.contains("solutions"));
  CHECK(cert.at("certifies").at("each_key").at("certified") == true);
  CHECK(cert.at("certifies").at("completeness").at("certified") == false);
  CHECK_THAT(cert["certifies"]["completeness"].at("text").get<std::string>(), Catch::Contains("no other key"));
  REQUIRE(cert.at("keys").size() == 1);
  const json& key = cert["keys"][0];
  CHECK(key.at("move") == "e7e8");
  // Every defence is covered: the leaves are {"mates": true}, every other defence is answered by
  // an attacker move after which every defence mates.
  REQUIRE(key.at("defences").is_object());
  CHECK(key["defences"].size() == moves_after(p.fen, {"e7e8"}, false).size() + moves_after(p.fen, {"e7e8"}, true).size());
  std::uint64_t leaves = 0;
  for (const auto& [d, answer] : key["defences"].items()) {
    INFO(d);
    if (answer.contains("mates")) {
      CHECK(answer == json{{"mates", true}});
      ++leaves;
      continue;
    }
    REQUIRE(answer.contains("defences"));
    for (const auto& [d2, last] : answer["defences"].items()) {
      CHECK(last == json{{"mates", true}});
      ++leaves;
    }
  }

  const auto result = check(cert, 2);
  INFO(errors_of(result));
  CHECK(result.valid);
  CHECK(result.goal == prover::Goal::SelfMate);
  CHECK(result.keys == 1);
  CHECK(result.lines == leaves);
  CHECK(prover::certified_by_check(result) == prover::certifies(prover::Goal::SelfMate));
  // Explicit goal, and the registry's entry point (what the CLI calls), agree.
  CHECK(check(cert, prover::Goal::SelfMate, 2, false).lines == leaves);
  const auto via_registry = find_variant("orthodox").check_certificate(p.fen, {"<test>", 1, 1}, cert, 2, {});
  CHECK(via_registry.valid);
  CHECK(via_registry.lines == leaves);
  // In one move less, some defence after the key does not mate and nothing follows it.
  const auto shorter = check(cert, 1);
  CHECK_FALSE(shorter.valid);
  CHECK_THAT(errors_of(shorter), Catch::Contains(": this defence does not mate, and the attacker has no move left"));
  // Read as a direct mate, the tree proves nothing.
  CHECK_FALSE(check(cert, prover::Goal::DirectMate, 2, false).valid);
}

TEST_CASE("tampered selfmate certificates are rejected, each with its error", "[prover][certificate]") {
  const auto p = corpus(SelfMate2);
  const json good = certificate_of(solve_fen(p.fen, prover::Goal::SelfMate, 2));
  REQUIRE(check(good, 2).valid);
  const json& defences = good["keys"][0]["defences"];
  // A defence answered by the attacker.
  std::string answered;
  for (const auto& [d, answer] : defences.items())
    if (answer.contains("move") && answered.empty()) answered = d;
  REQUIRE(!answered.empty());
  const std::string answer = defences[answered]["move"];
  const std::string last_defence = defences[answered]["defences"].begin().key();

  SECTION("a defence removed") {
    json cert = good;
    cert["keys"][0]["defences"].erase(answered);
    rejected(check(cert, 2), "e7e8 " + answered + ": defence not covered");
  }
  SECTION("a final mating defence removed") {
    json cert = good;
    cert["keys"][0]["defences"][answered]["defences"].erase(last_defence);
    rejected(check(cert, 2), "e7e8 " + answered + " " + answer + " " + last_defence + ": defence not covered");
  }
  SECTION("a defence that does not mate marked as a leaf") {
    json cert = good;
    cert["keys"][0]["defences"][answered] = json{{"mates", true}};
    rejected(check(cert, 2), "e7e8 " + answered + ": this defence does not mate the attacker");
  }
  SECTION("the line stops after the attacker's move") {
    json cert = good;
    cert["keys"][0]["defences"][answered].erase("defences");
    rejected(check(cert, 2), "e7e8 " + answered + " " + answer +
                                 ": a selfmate line cannot end with the attacker's move: every defence must be covered");
  }
  SECTION("a mating defence given an answer") {
    json cert = good;
    cert["keys"][0]["defences"][answered]["defences"][last_defence] = json{{"move", "e8e7"}};
    rejected(check(cert, 2), "e7e8 " + answered + " " + answer + " " + last_defence +
                                 ": this defence mates the attacker: it is a leaf, {\"mates\": true}, with no answer");
  }
  SECTION("an illegal defence added") {
    json cert = good;
    cert["keys"][0]["defences"]["a1a8"] = json{{"mates", true}};
    rejected(check(cert, 2), "e7e8 a1a8: not a legal defence");
  }
  SECTION("no keys") {
    json cert = good;
    cert["keys"] = json::array();
    rejected(check(cert, 2), "the certificate has no keys");
  }
}

TEST_CASE("helpmate certificates list every solution and check valid by replay", "[prover][certificate]") {
  struct Case {
    std::string file;
    int n;
    bool half_move;
  };
  for (const Case& c : {Case{HelpMate2, 2, false}, Case{HelpMate2_5, 2, true}}) {
    const auto p = corpus(c.file);
    INFO(p.file << "  " << p.stipulation << "  " << p.fen);
    const prover::Solution s = solve_fen(p.fen, prover::Goal::HelpMate, c.n, c.half_move);
    REQUIRE(s.verdict == prover::Verdict::Proved);
    const json cert = certificate_of(s);
    CHECK(cert.at("format") == "arbiter-certificate");
    CHECK(cert.at("version") == 1);
    CHECK(cert.at("stipulation") == p.stipulation);
    CHECK_FALSE(cert.contains("keys"));
    CHECK(cert.at("certifies").at("each_solution").at("certified") == true);
    CHECK(cert.at("certifies").at("completeness").at("certified") == false);
    CHECK_THAT(cert["certifies"]["completeness"].at("text").get<std::string>(), Catch::Contains("no other solution"));
    // Popeye's solutions, as the MANIFEST writes them ("line | line").
    std::set<std::string> popeye;
    for (auto line : test::split(p.popeye_solutions, '|')) {
      while (!line.empty() && line.front() == ' ') line.erase(0, 1);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      popeye.insert(line);
    }
    CHECK(lines_of(cert) == popeye);

    const auto result = check(cert, c.n);
    INFO(errors_of(result));
    CHECK(result.valid);
    CHECK(result.goal == prover::Goal::HelpMate);
    CHECK(result.keys == 0);
    CHECK(result.solutions == p.solution_count);
    CHECK(result.solutions_replayed == p.solution_count);
    CHECK(result.lines == std::uint64_t(p.solution_count));
    CHECK(prover::certified_by_check(result) == prover::certifies(prover::Goal::HelpMate));
    const auto via_registry = find_variant("orthodox").check_certificate(p.fen, {"<test>", 1, 1}, cert, c.n, {});
    CHECK(via_registry.valid);
    CHECK(via_registry.solutions_replayed == p.solution_count);
  }
}

TEST_CASE("tampered helpmate certificates are rejected, each with its error", "[prover][certificate]") {
  const auto p = corpus(HelpMate2);
  const json good = certificate_of(solve_fen(p.fen, prover::Goal::HelpMate, 2));
  REQUIRE(check(good, 2).valid);
  REQUIRE(good.at("solutions").size() == 2);
  const json first = good["solutions"][0];
  REQUIRE(first.size() == 4);
  std::vector<std::string> moves;
  for (const auto& m : first) moves.push_back(m);
  const std::string line = joined(first);

  auto with_first = [&](const json& replacement) {
    json cert = good;
    cert["solutions"][0] = replacement;
    return cert;
  };

  SECTION("a move replaced by an illegal one") {
    json tampered = first;
    tampered[1] = "e1e3";  // the white king two squares up
    const auto result = check(with_first(tampered), 2);
    rejected(result, moves[0] + " e1e3: 'e1e3' is not a legal move here");
    CHECK(result.solutions == 2);
    CHECK(result.solutions_replayed == 1);
  }
  SECTION("the last move replaced by a legal move that does not mate") {
    const auto quiet = moves_after(p.fen, {moves[0], moves[1], moves[2]}, false);
    REQUIRE(!quiet.empty());
    json tampered = first;
    tampered[3] = quiet[0];
    rejected(check(with_first(tampered), 2),
             moves[0] + " " + moves[1] + " " + moves[2] + " " + quiet[0] + ": the line ends but this move is not checkmate");
  }
  SECTION("the line cut before its mate") {
    json tampered = first;
    tampered.erase(3);
    rejected(check(with_first(tampered), 2),
             moves[0] + " " + moves[1] + " " + moves[2] + ": the line ends but this move is not checkmate");
  }
  SECTION("a line longer than the stipulation") {
    // As h#1 (two plies) every four-ply solution is too long at its third move.
    const auto result = check(good, prover::Goal::HelpMate, 1, false);
    CHECK_FALSE(result.valid);
    REQUIRE(result.errors.size() == 2);
    CHECK(result.errors[0] == moves[0] + " " + moves[1] + " " + moves[2] + ": the line is longer than the stipulation allows");
    CHECK(result.solutions_replayed == 0);
  }
  SECTION("a move after the mate") {
    json tampered = first;
    tampered.push_back("a2a3");
    // h#3 allows six plies; the fourth already mates, so the line cannot go on.
    rejected(check(with_first(tampered), prover::Goal::HelpMate, 3, false),
             line + ": this move mates before the end of the line");
  }
  SECTION("the wrong side mated") {
    // As h#2.5 from this diagram the side to move (Black) would mate, in an odd number of plies.
    const auto result = check(good, prover::Goal::HelpMate, 2, true);
    CHECK_FALSE(result.valid);
    REQUIRE(result.errors.size() == 2);
    CHECK(result.errors[0] == line + ": this mates the wrong side: a helpmate line ends with the mating side's move");
  }
  SECTION("a solution listed twice") {
    json cert = good;
    cert["solutions"].push_back(first);
    const auto result = check(cert, 2);
    rejected(result, line + ": duplicate solution: this line is listed twice");
    CHECK(result.solutions == 3);
    CHECK(result.solutions_replayed == 2);
    CHECK(prover::certified_by_check(result).at("each_solution").at("certified") == false);
  }
  SECTION("a malformed solution") {
    rejected(check(with_first(json::array()), 2), "solution 1: expected a solution as a non-empty array of moves (UCI strings)");
    rejected(check(with_first(json{"d3c2", 7}), 2),
             "solution 1: expected a solution as a non-empty array of moves (UCI strings)");
  }
  SECTION("no solutions") {
    json cert = good;
    cert["solutions"] = json::array();
    rejected(check(cert, 2), "the certificate has no solutions");
    cert.erase("solutions");
    rejected(check(cert, 2), "the certificate has no solutions");
  }
  SECTION("a stipulation that does not parse") {
    json cert = good;
    cert["stipulation"] = "x#2";
    const auto result = check(cert, 2);
    CHECK_FALSE(result.valid);
    REQUIRE(result.errors.size() == 1);
    CHECK_THAT(result.errors[0], Catch::StartsWith("the certificate's stipulation: unsupported stipulation 'x#2'"));
  }
}

TEST_CASE("arbiter solve --certificate and check-certificate: selfmates and helpmates", "[prover][certificate][cli]") {
  test::ScratchDir dir;

  SECTION("a selfmate") {
    const std::string cert_file = dir.path("self.json");
    const test::CliRun solved = test::run_arbiter_command(
        "solve " + test::shell_quote(test::help_self_corpus_path(SelfMate2)) + " --certificate " + test::shell_quote(cert_file),
        dir);
    INFO(solved.out << solved.err);
    REQUIRE(solved.status == 0);
    const json cert = json::parse(test::read_text_file(cert_file));
    CHECK(cert.at("stipulation") == "s#2");
    CHECK(cert.at("keys").size() == 1);
    const test::CliRun valid = test::run_arbiter_command("check-certificate " + test::shell_quote(cert_file), dir);
    INFO(valid.out << valid.err);
    CHECK(valid.status == 0);
    CHECK_THAT(valid.out, Catch::Contains("s#2  "));
    CHECK_THAT(valid.out, Catch::Contains("valid: 1 key(s), "));
    int status = -1;
    const json report = test::run_arbiter_json("check-certificate --json " + test::shell_quote(cert_file), status);
    CHECK(status == 0);
    CHECK(report.at("verdict") == "valid");
    CHECK(report.at("stipulation") == "s#2");
    CHECK(report.at("keys") == 1);
    CHECK(report.at("lines").get<int>() >= 1);
    CHECK_FALSE(report.contains("solutions_replayed"));
    CHECK(report.at("certifies").at("each_key").at("certified") == true);
    CHECK(report.at("certifies").at("completeness").at("certified") == false);
    CHECK(report.at("errors").empty());

    json tampered = cert;
    auto& defences = tampered["keys"][0]["defences"];
    const std::string removed = defences.begin().key();
    defences.erase(removed);
    const std::string file = dir.write("self-tampered.json", tampered.dump());
    const test::CliRun run = test::run_arbiter_command("check-certificate " + test::shell_quote(file), dir);
    CHECK(run.status == 1);
    CHECK_THAT(run.out, Catch::Contains("INVALID: 1 key(s)"));
    CHECK_THAT(run.out, Catch::Contains("e7e8 " + removed + ": defence not covered"));
  }

  SECTION("a helpmate") {
    const std::string cert_file = dir.path("help.json");
    const test::CliRun solved = test::run_arbiter_command(
        "solve " + test::shell_quote(test::help_self_corpus_path(HelpMate2)) + " --certificate " + test::shell_quote(cert_file),
        dir);
    INFO(solved.out << solved.err);
    REQUIRE(solved.status == 0);
    const json cert = json::parse(test::read_text_file(cert_file));
    CHECK(cert.at("stipulation") == "h#2");
    CHECK(cert.at("solutions").size() == 2);
    CHECK(cert.at("certifies").at("completeness").at("certified") == false);
    const test::CliRun valid = test::run_arbiter_command("check-certificate " + test::shell_quote(cert_file), dir);
    INFO(valid.out << valid.err);
    CHECK(valid.status == 0);
    CHECK_THAT(valid.out, Catch::Contains("valid: 2 solution(s) replayed; completeness not certified (found by search)\n"));
    int status = -1;
    const json report = test::run_arbiter_json("check-certificate --json " + test::shell_quote(cert_file), status);
    CHECK(status == 0);
    CHECK(report.at("verdict") == "valid");
    CHECK(report.at("stipulation") == "h#2");
    CHECK(report.at("solutions_replayed") == 2);
    CHECK(report.at("lines") == 2);
    CHECK(report.at("keys") == 0);
    CHECK(report.at("certifies").at("each_solution").at("certified") == true);
    CHECK(report.at("certifies").at("completeness").at("certified") == false);
    CHECK(report.at("errors").empty());

    // A line that is too long for the stipulation the certificate is changed to.
    json tampered = cert;
    tampered["stipulation"] = "h#1";
    const std::string file = dir.write("help-short.json", tampered.dump());
    const test::CliRun run = test::run_arbiter_command("check-certificate " + test::shell_quote(file), dir);
    CHECK(run.status == 1);
    CHECK_THAT(run.out, Catch::Contains("INVALID: 0 of 2 solution(s) replayed\n"));
    CHECK_THAT(run.out, Catch::Contains(": the line is longer than the stipulation allows"));
    const json bad = test::run_arbiter_json("check-certificate --json " + test::shell_quote(file), status);
    CHECK(status == 1);
    CHECK(bad.at("verdict") == "invalid");
    CHECK(bad.at("solutions_replayed") == 0);
    CHECK(bad.at("certifies").at("each_solution").at("certified") == false);
    CHECK(bad.at("errors").size() == 2);
  }

  SECTION("twins: one certificate per twin") {
    const auto p = corpus(HelpMateTwins);
    REQUIRE(p.twin_fens.size() == 2);
    const std::string cert_file = dir.path("twins.json");
    const test::CliRun solved = test::run_arbiter_command(
        "solve " + test::shell_quote(test::help_self_corpus_path(HelpMateTwins)) + " --certificate " +
            test::shell_quote(cert_file),
        dir);
    INFO(solved.out << solved.err);
    REQUIRE(solved.status == 0);
    const json doc = json::parse(test::read_text_file(cert_file));
    REQUIRE(doc.at("certificates").size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
      const json& c = doc["certificates"][i];
      CHECK(c.at("twin") == p.twin_fens[i].first);
      CHECK(c.at("fen") == p.twin_fens[i].second);
      CHECK(c.at("stipulation") == "h#2");
      CHECK(c.at("solutions").size() == 1);
    }
    const test::CliRun valid = test::run_arbiter_command("check-certificate " + test::shell_quote(cert_file), dir);
    INFO(valid.out << valid.err);
    CHECK(valid.status == 0);
    CHECK_THAT(valid.out, Catch::Contains("twin a  h#2  "));
    CHECK_THAT(valid.out, Catch::Contains("twin b  h#2  "));
    int status = -1;
    const json report = test::run_arbiter_json("check-certificate --json " + test::shell_quote(cert_file), status);
    CHECK(status == 0);
    REQUIRE(report.at("certificates").size() == 2);
    CHECK(report["certificates"][0].at("twin") == "a");
    CHECK(report["certificates"][1].at("twin") == "b");
    for (const auto& r : report["certificates"]) CHECK(r.at("verdict") == "valid");

    // One twin's certificate tampered: that twin is invalid, so the file is.
    json tampered = doc;
    tampered["certificates"][1]["solutions"].push_back(tampered["certificates"][1]["solutions"][0]);
    const std::string file = dir.write("twins-tampered.json", tampered.dump());
    const json bad = test::run_arbiter_json("check-certificate --json " + test::shell_quote(file), status);
    CHECK(status == 1);
    REQUIRE(bad.at("certificates").size() == 2);
    CHECK(bad["certificates"][0].at("verdict") == "valid");
    CHECK(bad["certificates"][1].at("verdict") == "invalid");
    CHECK_THAT(bad["certificates"][1].at("errors")[0].get<std::string>(),
               Catch::EndsWith(": duplicate solution: this line is listed twice"));
  }
}
