// Certificates of every genre family (solver/prover/certificate.h, issue #34): direct play of
// another goal, self and reflex play, help play of another goal, help-self and help-reflex
// play, direct and help series. Each family: a solved problem's certificate replays valid, and
// five kinds of tampering are refused, each with its own error at the line where it fails. On
// random positions every proved stipulation of each family gives a certificate that replays
// valid (the checker and the engines read the definitions alike).
//
// The chosen positions and their solutions: TESTS/battle_play.inp, REGRESSIONS/4_51_to_4_53.inp
// and TESTS/help_play.inp of Popeye's suite (the lines as Popeye 4.104 prints them), and
// positions built here for the others.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/orthodox/game.h"
#include "solver/problem/solve_units.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solve.h"
#include "tests/support/certificate_checks.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

prover::SolveOptions options_of(const Stipulation& s) {
  prover::SolveOptions o;
  problem::set_stipulation(o, s, false);
  o.limits.hash_megabytes = 1;
  return o;
}

Stipulation stipulation(const std::string& text) { return parse_stipulation(text, {"test", 1, 1}); }

prover::Solution solved(const std::string& fen, const std::string& text) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  return prover::solve(game, options_of(stipulation(text)));
}

json certificate(const std::string& fen, const std::string& text) {
  const prover::Solution s = solved(fen, text);
  REQUIRE(s.verdict == prover::Verdict::Proved);
  return json::parse(prover::make_certificate(s).dump());
}

// Checked as `text` says (not as the certificate's own stipulation).
prover::CertificateCheck check(const json& c, const std::string& text) {
  auto game = orthodox::Game::from_fen(c.at("fen").get<std::string>(), {"test", 1, 1});
  return prover::check_certificate(game, c, prover::certificate_goal_of(stipulation(text), {"test", 1, 1}));
}

using test::errors_of;
using test::rejected;
using test::valid;

constexpr const char* Stalemate2 = "7k/5K1p/8/6PP/8/8/8/8 w - - 0 1";      // =2: 1.h6 =, 1.Kf8, 1.g6
constexpr const char* Reflex2 = "8/7B/8/8/pp6/k7/8/K7 w - - 0 1";          // r#2: 1.Bc2 (battle_play.inp 35)
constexpr const char* ReflexForced = "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1";   // r#1: none; semi-r#1: 1.Bh6 (45)
constexpr const char* ReflexStale = "8/8/8/8/8/k7/p7/1K2n3 w - - 0 1";     // r=1: 1.Ka1
constexpr const char* HelpSelf2 = "1B5N/6Pr/8/R4pp1/4kP1b/3R2pK/1N4PP/8 w - - 0 1";  // hs#2, six lines
constexpr const char* HelpReflex2 = "7k/5B1p/8/7K/8/8/1R6/b7 w - - 0 1";   // hr#2 (4_51_to_4_53.inp 8)
constexpr const char* HelpStale1 = "7k/5K1p/8/6PP/8/8/8/8 b - - 0 1";      // h=1: 1.h6 g6 =
constexpr const char* SeriesMate2 = "k7/8/1K6/8/8/8/8/7R w - - 0 1";       // ser-#2
constexpr const char* SeriesCapture3 = "7k/pp6/8/8/8/8/8/3R3K w - - 0 1";  // ser-x3
constexpr const char* SeriesHelp2 = "k7/7p/1K6/8/8/8/8/3R4 b - - 0 1";     // ser-h#2, ten lines

}  // namespace

TEST_CASE("certificates of every genre family state their stipulation and replay valid", "[prover][certificate][genres]") {
  struct Case {
    const char* fen;
    const char* stipulation;
    int keys_or_solutions;
  };
  const std::vector<Case> cases = {
      {Stalemate2, "=2", 3},     {Reflex2, "r#2", 1},         {ReflexForced, "semi-r#1", 1}, {ReflexStale, "r=1", 1},
      {HelpSelf2, "hs#2", 6},    {HelpReflex2, "hr#2", 1},    {HelpStale1, "h=1", 1},        {SeriesMate2, "ser-#2", 14},
      {SeriesHelp2, "ser-h#2", 10},
  };
  for (const auto& c : cases) {
    INFO(c.stipulation << "  " << c.fen);
    const json cert = certificate(c.fen, c.stipulation);
    CHECK(cert.at("stipulation") == c.stipulation);
    const bool lines = cert.contains("solutions");
    CHECK(lines == !cert.contains("keys"));
    CHECK(int(cert.at(lines ? "solutions" : "keys").size()) == c.keys_or_solutions);
    CHECK(cert.at("certifies").at("completeness").at("certified") == false);
    // Checked as the certificate's own stipulation says, in the registry's way.
    auto game = orthodox::Game::from_fen(c.fen, {"test", 1, 1});
    const auto result = prover::check_certificate(game, cert, stipulation(c.stipulation).moves);
    valid(result);
    CHECK((lines ? result.solutions_replayed : result.keys) == c.keys_or_solutions);
  }
  // The goal's own words: a stalemate is not called a mate.
  const json stale = certificate(Stalemate2, "=2");
  CHECK_THAT(stale.at("certifies").at("each_key").at("text").get<std::string>(), Catch::Contains("the goal (stalemate)"));
  // Self play of another goal marks its leaves {"goal": true}.
  CHECK(certificate(ReflexStale, "r=1").at("keys")[0].at("defences").at("a3b3") == json{{"goal", true}});
}

TEST_CASE("tampered certificates of direct play towards another goal are refused", "[prover][certificate][genres]") {
  const json good = certificate(Stalemate2, "=2");  // keys f7f8, g5g6, h5h6 (h5h6 stalemates at once)
  valid(check(good, "=2"));
  SECTION("a defence removed") {
    json c = good;
    c["keys"][0]["defences"].erase("h7h6");
    rejected(check(c, "=2"), "f7f8 h7h6: defence not covered");
  }
  SECTION("a move that reaches the goal replaced by one that does not") {
    json c = good;
    c["keys"][2]["move"] = "f7e6";
    rejected(check(c, "=2"), "f7e6: the line ends but this move does not reach the goal (stalemate)");
  }
  SECTION("an illegal key") {
    json c = good;
    c["keys"][0]["move"] = "a1a2";
    rejected(check(c, "=2"), "a1a2: 'a1a2' is not a legal move here");
  }
  SECTION("a line longer than the stipulation") {
    rejected(check(good, "=1"), "f7f8 h7h6 g5g6: the line is longer than the stipulation allows");
  }
  SECTION("defences after a move that already reaches the goal") {
    json c = good;
    c["keys"][2]["defences"] = json::object();
    rejected(check(c, "=2"), "h5h6: this move already reaches the goal (stalemate): the line ends here");
  }
}

TEST_CASE("tampered certificates of reflex play are refused", "[prover][certificate][genres]") {
  const json good = certificate(Reflex2, "r#2");  // 1.Bc2 b3 2.Bb1 b2#
  valid(check(good, "r#2"));
  SECTION("a defence removed") {
    json c = good;
    c["keys"][0]["defences"].erase("b4b3");
    rejected(check(c, "r#2"), "h7c2 b4b3: defence not covered");
  }
  SECTION("a defender's forced mate given an answer") {
    json c = good;
    c["keys"][0]["defences"]["b4b3"]["defences"]["b3b2"] = json{{"move", "a1b1"}};
    rejected(check(c, "r#2"), "h7c2 b4b3 c2b1 b3b2: this defence mates the attacker: it is a leaf, {\"mates\": true}, with no answer");
  }
  SECTION("a defence that does not mate added where the defender must mate") {
    json c = good;
    c["keys"][0]["defences"]["b4b3"]["defences"]["a3b4"] = json{{"mates", true}};
    rejected(check(c, "r#2"), "h7c2 b4b3 c2b1 a3b4: not a legal defence: the defender can reach the goal here, and in reflex play must");
  }
  SECTION("an illegal key") {
    json c = good;
    c["keys"][0]["move"] = "h7a1";
    rejected(check(c, "r#2"), "h7a1: 'h7a1' is not a legal move here");
  }
  SECTION("a semi-reflexmate checked as a reflexmate: the attacker could mate, so it must") {
    const json semi = certificate(ReflexForced, "semi-r#1");
    valid(check(semi, "semi-r#1"));
    rejected(check(semi, "r#1"), "the attacker could reach the goal here, and in reflex play it must: no strategy passes here");
  }
  SECTION("a leaf of self play towards another goal that does not reach it") {
    json c = certificate(ReflexStale, "r=1");
    valid(check(c, "r=1"));
    rejected(check(c, "r#1"), "b1a1 a3b3: not a legal defence: the defender can reach the goal here, and in reflex play must");
  }
}

TEST_CASE("tampered certificates of help play towards another goal, help-self and help-reflex play are refused",
          "[prover][certificate][genres]") {
  const json stale = certificate(HelpStale1, "h=1");  // 1.h6 g6 =
  const json self = certificate(HelpSelf2, "hs#2");
  const json reflex = certificate(HelpReflex2, "hr#2");  // 1.Kh6 Bb2 2.Bh5 Bc1#
  valid(check(stale, "h=1"));
  valid(check(self, "hs#2"));
  valid(check(reflex, "hr#2"));
  SECTION("an illegal move") {
    json c = reflex;
    c["solutions"][0][1] = "a1a8";
    rejected(check(c, "hr#2"), "h5h6 a1a8: 'a1a8' is not a legal move here");
  }
  SECTION("the last move replaced by one that does not reach the goal") {
    json c = stale;
    c["solutions"][0][1] = "f7e7";
    rejected(check(c, "h=1"), "h7h6 f7e7: the line ends but this move does not reach the goal (stalemate)");
  }
  SECTION("a help-selfmate cut before the forced mate") {
    json c = self;
    c["solutions"][0].erase(3);
    rejected(check(c, "hs#2"), "b2d1 g3h2 d1f2: the line ends but this move is not checkmate");
  }
  SECTION("a line longer than the stipulation") {
    rejected(check(reflex, "hr#1"), "h5h6 a1b2 f7h5: the line is longer than the stipulation allows");
  }
  SECTION("the wrong side reaches the goal") {
    rejected(check(stale, "h=1.5"),
             "h7h6 g5g6: the wrong side reaches the goal: the line ends with the move of the side the stipulation names");
  }
  SECTION("a solution listed twice") {
    json c = self;
    c["solutions"].push_back(c["solutions"][0]);
    rejected(check(c, "hs#2"), "b2d1 g3h2 d1f2 h4f2: duplicate solution: this line is listed twice");
  }
  SECTION("a help-reflexmate checked as a help-selfmate: the replying side was not bound to mate") {
    rejected(check(reflex, "hs#2"),
             "h5h6 a1b2 f7h5: the side to move has a move that does not reach the goal: it is not bound to (help-self play)");
  }
}

TEST_CASE("tampered certificates of series play are refused", "[prover][certificate][genres]") {
  const json direct = certificate(SeriesMate2, "ser-#2");
  const json capture = certificate(SeriesCapture3, "ser-x3");
  const json help = certificate(SeriesHelp2, "ser-h#2");
  valid(check(direct, "ser-#2"));
  valid(check(capture, "ser-x3"));
  valid(check(help, "ser-h#2"));
  SECTION("an illegal move") {
    json c = help;
    c["solutions"][0] = json{"a8a7", "d1d8"};
    rejected(check(c, "ser-h#2"), "a8a7: 'a8a7' is not a legal move here");
  }
  SECTION("the last move replaced by one that does not reach the goal") {
    json c = direct;
    c["solutions"][0] = json{"h1h7"};
    rejected(check(c, "ser-#2"), "h1h7: the line ends but this move is not checkmate");
  }
  SECTION("a line longer than the stipulation") {
    rejected(check(help, "ser-h#1"), "a8b8 b8a8 d1d8: the line is longer than the stipulation allows");
    rejected(check(capture, "ser-x2"), "h1g1 d1a1 a1a7: the line is longer than the stipulation allows");
  }
  SECTION("a series move that gives check before the last") {
    json c = direct;
    c["solutions"][0] = json{"h1a1", "a1a2"};
    rejected(check(c, "ser-#2"), "h1a1: a series move gives check before the last: the other side would have to answer it");
  }
  SECTION("a direct series line that goes on past its goal") {
    json c = capture;
    c["solutions"][0] = json{"d1a1", "a1a7", "a7b7"};
    rejected(check(c, "ser-x3"), "d1a1 a1a7: the goal (capture) is reached here: a direct series line ends at its goal");
  }
  SECTION("a help series checked as a direct series") {
    rejected(check(help, "ser-#2"), "a8b8 d1d8: 'd1d8' is not a legal move here");  // White passed: Black moves
  }
}

TEST_CASE("auto-stalemate certifies: its goal move is a legal one, judged on the board", "[prover][certificate][genres]") {
  // !=1: 1.h3 leaves White, the mover, without a move and gives no check (a position built here).
  const std::string fen = "8/8/8/8/7p/p7/P1k4P/K7 w - - 0 1";
  const json cert = certificate(fen, "!=1");
  REQUIRE(cert.at("keys").size() == 1);
  CHECK(cert.at("keys")[0].at("move") == "h2h3");
  valid(check(cert, "!=1"));
  // Checked as a stalemate of the other side, the same key fails: Black has moves.
  rejected(check(cert, "=1"), "h2h3: the line ends but this move does not reach the goal (stalemate)");
}

TEST_CASE("random positions: every proved stipulation of each family certifies and replays valid",
          "[prover][certificate][genres]") {
  const std::vector<std::string> forms = {"=2",   "+1",  "x2",  "sx2", "sx1",    "r#2",   "semi-r#2", "r=1",
                                          "h=2",  "hx2", "h+1.5", "hsx1", "hr#2", "ser-#3", "ser-=3", "ser-x2",
                                          "ser-h#3", "ser-h=2", "!=1", "h!=2", "ser-!=1"};
  std::vector<int> certified(forms.size(), 0);
  // Auto-stalemate in direct play is rare among them: 1.h3 leaves White, the mover, no move.
  auto positions = test::sparse_positions(30, 2034);
  positions.push_back("8/8/8/8/7p/p7/P1k4P/K7 w - - 0 1");
  for (const auto& fen : positions) {
    for (std::size_t i = 0; i < forms.size(); ++i) {
      INFO(forms[i] << "  " << fen);
      const prover::Solution s = solved(fen, forms[i]);
      if (s.verdict != prover::Verdict::Proved || !s.tree_complete) continue;
      const json cert = json::parse(prover::make_certificate(s).dump());
      valid(check(cert, forms[i]));
      ++certified[i];
    }
  }
  // The sample exercises each form (a check that never runs would pass).
  for (std::size_t i = 0; i < forms.size(); ++i) {
    INFO(forms[i]);
    CHECK(certified[i] > 0);
  }
}

TEST_CASE("double mate and counter-mate lines certify: their goal move is looked up among the goal's own",
          "[prover][certificate][genres]") {
  // TESTS/help_play.inp 6 and 5, TESTS/series_play.inp 3 of Popeye's suite, with the lines Popeye
  // 4.104 prints: the last move leaves the mover's own king attacked (no legal move does).
  constexpr const char* DoubleMate2 = "8/8/8/6p1/4K1kN/6P1/4p1pq/7R b - - 0 1";  // h##2
  const json cert = certificate(DoubleMate2, "h##2");
  REQUIRE(cert.at("solutions").size() == 1);
  CHECK(cert.at("solutions")[0] == json({"g4h3", "e4f3", "g5g4", "f3g2"}));
  valid(check(cert, "h##2"));
  const json counter = certificate("7q/6rB/8/8/8/K7/8/k7 b - - 0 1", "h##!2");
  CHECK(counter.at("solutions")[0] == json({"g7g4", "h7b1", "h8c3", "a3a2"}));
  valid(check(counter, "h##!2"));
  const json series = certificate("7q/6r1/8/8/8/K7/8/kB6 b - - 0 1", "ser-h##!2");
  CHECK(series.at("solutions")[0] == json({"g7g4", "h8c3", "a3a2"}));
  valid(check(series, "ser-h##!2"));
  SECTION("checked as a helpmate, the goal move is no legal move") {
    rejected(check(cert, "h#2"), "g4h3 e4f3 g5g4 f3g2: 'f3g2' is not a legal move here");
  }
  SECTION("only the line's last move may be a goal move") {
    json c = cert;
    c["solutions"][0] = json({"g4h3", "e4f3", "g5g4", "f3g2", "h3h4"});
    rejected(check(c, "h##2"), "g4h3 e4f3 g5g4 f3g2: 'f3g2' is not a legal move here");
  }
  SECTION("another last move") {
    json c = cert;
    c["solutions"][0][3] = "f3e3";
    rejected(check(c, "h##2"), "g4h3 e4f3 g5g4 f3e3: the line ends but this move does not reach the goal (double mate)");
  }
  SECTION("a line cut short") {
    json c = cert;
    c["solutions"][0] = json({"g4h3", "e4f3", "g5g4"});
    CHECK_FALSE(check(c, "h##2").valid);
  }
  SECTION("selfmate play of them is played by no engine, nor read in a certificate: named") {
    CHECK_THROWS_WITH(prover::certificate_goal(json{{"stipulation", "s##!2"}}, {"test", 1, 1}),
                      Catch::Contains("unsupported stipulation 's##!2' (self-counter-mate)"));
  }
}

TEST_CASE("battle play towards double mate and counter-mate certifies: a direct strategy's leaf and a reflex "
          "defence are looked up among the goal's own moves",
          "[prover][certificate][genres]") {
  // TESTS/battle_play.inp 7 and REGRESSIONS/4_55_to_4_57.inp 5 of Popeye's suite (Popeye 4.104:
  // 1.Ra8! zugzwang 1...Bxg7+ 2.Rxa4 ##!; 1.Kh7 ##), and a reflex counter-mate built here.
  constexpr const char* CounterMate2 = "7b/6P1/8/R7/np6/kP6/P7/KB6 w - - 0 1";
  const json good = certificate(CounterMate2, "##!2");
  REQUIRE(good.at("keys").size() == 1);
  CHECK(good.at("keys")[0] == json::parse(R"({"move": "a5a8", "defences": {"h8g7": {"move": "a8a4"}}})"));
  valid(check(good, "##!2"));
  const json twin = certificate("7k/6b1/6PK/8/8/8/8/8 w - - 0 1", "##1");
  CHECK(twin.at("keys") == json::parse(R"([{"move": "h6h7"}])"));
  valid(check(twin, "##1"));
  SECTION("checked as a direct mate, the goal move is no legal move") {
    rejected(check(good, "#2"), "a5a8 h8g7 a8a4: 'a8a4' is not a legal move here");
  }
  SECTION("a goal move only as the line's leaf") {
    json c = good;
    c["keys"][0]["defences"]["h8g7"]["defences"] = json::object();
    rejected(check(c, "##!2"), "a5a8 h8g7 a8a4: 'a8a4' is not a legal move here");
  }
  SECTION("another leaf, leaving the king attacked without counter-mating") {
    json c = good;
    c["keys"][0]["defences"]["h8g7"]["move"] = "a8b8";
    rejected(check(c, "##!2"), "a5a8 h8g7 a8b8: 'a8b8' is not a legal move here");
  }
  SECTION("a defence removed") {
    json c = good;
    c["keys"][0]["defences"] = json::object();
    rejected(check(c, "##!2"), "a5a8 h8g7: defence not covered");
  }
  SECTION("a line longer than the stipulation") {
    rejected(check(good, "##!1"), "a5a8 h8g7 a8a4: the line is longer than the stipulation allows");
  }
  SECTION("reflex play: the mated defender's only defence is its counter-mate") {
    const json reflex = certificate("8/8/8/1Q6/2R5/k7/8/K1b5 w - - 0 1", "r##!1");  // 1.Qa4#! 1...Kb2 ##!
    CHECK(reflex.at("keys") == json::parse(R"([{"move": "b5a4", "defences": {"a3b2": {"goal": true}}}])"));
    valid(check(reflex, "r##!1"));
    json c = reflex;
    c["keys"][0]["defences"] = json::object();
    rejected(check(c, "r##!1"), "b5a4 a3b2: defence not covered");
    CHECK_FALSE(check(reflex, "r#1").valid);
  }
}

TEST_CASE("option GoalIsEnd certifies: no move of the side not to reach the goal reaches it for itself",
          "[prover][certificate][genres]") {
  // BEISPIEL/chess81.inp 2 of Popeye's suite (c813, GoalIsEnd: 1.0-0 alone, as Popeye 4.104 has
  // it; without the option 1.Ke2 works too, its play passing through Black's 2...Be1, which
  // reaches Black's own last rank), and a help play built here (hc812: Black's 1.b1=Q ends the
  // play under the option).
  const auto solved_with = [](const std::string& fen, const std::string& text, bool goal_is_end) {
    prover::SolveOptions o = options_of(stipulation(text));
    o.target.ends_play = goal_is_end;
    auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
    const prover::Solution s = prover::solve(game, o);
    REQUIRE(s.verdict == prover::Verdict::Proved);
    return json::parse(prover::make_certificate(s).dump());
  };
  const auto check_as = [](const json& c) {
    auto game = orthodox::Game::from_fen(c.at("fen").get<std::string>(), {"test", 1, 1});
    return prover::check_certificate(game, c, prover::certificate_goal(c, {"test", 1, 1}));
  };
  // A certificate of the play without the option, read with it: refused where `error` says.
  const auto refused_with_option = [&](json c, const std::string& error) {
    c["goal_is_end"] = true;
    const auto check = check_as(c);
    CHECK_FALSE(check.valid);
    CHECK_THAT(errors_of(check), Catch::Contains(error));
  };
  constexpr const char* Direct = "8/8/8/8/7b/6k1/8/4K2R w K - 0 1";
  const json good = solved_with(Direct, "c813", true);
  CHECK(good.at("goal_is_end") == true);
  REQUIRE(good.at("keys").size() == 1);
  CHECK(good.at("keys")[0].at("move") == "e1g1");
  CHECK_THAT(good.at("certifies").at("each_key").at("text").get<std::string>(), Catch::Contains("option GoalIsEnd"));
  valid(check_as(good));
  SECTION("the play without the option, checked with it: the defence that ends the play") {
    json c = solved_with(Direct, "c813", false);
    CHECK_FALSE(c.contains("goal_is_end"));
    valid(check_as(c));
    refused_with_option(c, "h4e1: this defence reaches the goal (reaching the last rank) for its own side, which ends the play "
                           "unfulfilled (option GoalIsEnd)");
  }
  SECTION("help play: a line through the other side's own goal") {
    constexpr const char* Help = "2k5/8/K5P1/8/8/8/1p6/8 b - - 0 1";
    const json with = solved_with(Help, "hc812", true);
    valid(check_as(with));
    json c = solved_with(Help, "hc812", false);
    CHECK(c.at("solutions").size() > with.at("solutions").size());
    refused_with_option(c, "b2b1q: this move reaches the goal (reaching the last rank) for its own side, which ends the play unfulfilled");
  }
  SECTION("a malformed option") {
    json c = good;
    c["goal_is_end"] = "yes";
    CHECK_THROWS_WITH(prover::certificate_goal(c, {"test", 1, 1}), Catch::Contains("expected \"goal_is_end\" to be true or false"));
  }
  SECTION("a form no engine plays under the option: refused as Popeye's reader refuses it") {
    for (const char* text : {"r#2", "semi-r#2", "hs#2", "hr#2", "reci-h#2"}) {
      INFO(text);
      json c = good;
      c.erase("goal_is_end");
      c["stipulation"] = text;
      CHECK_NOTHROW(prover::certificate_goal(c, {"test", 1, 1}));
      c["goal_is_end"] = true;
      CHECK_THROWS_WITH(prover::certificate_goal(c, {"test", 1, 1}), Catch::Contains("with option GoalIsEnd: it is played in direct"));
    }
    json c = good;
    c["stipulation"] = "s#2";  // self play takes it
    CHECK_NOTHROW(prover::certificate_goal(c, {"test", 1, 1}));
  }
}

