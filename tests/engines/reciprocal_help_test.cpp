// Reciprocal help play ("reci-h#n", "reci-h(=)#n": solver/prover/help_search.h with
// set_help_end(Reciprocal); help_solve.h): Popeye's expected lines for a problem of its suite,
// the search against a plain walk of the definition on random positions, the stipulation's
// reading, and its certificate with the tamperings the checker refuses.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/orthodox/game.h"
#include "solver/prover/help_search.h"
#include "solver/problem/solve_units.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solve.h"
#include "solver/stipulation/stipulation_form.h"
#include "solver/stipulation/target_reached.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

using Lines = std::set<std::string>;

Stipulation stipulation(const std::string& text) { return parse_stipulation(text, {"test", 1, 1}); }

prover::Solution solved(const std::string& fen, const std::string& text) {
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  prover::SolveOptions o;
  problem::set_stipulation(o, stipulation(text), false);
  o.limits.hash_megabytes = 1;
  return prover::solve(game, o);
}

Lines lines_of(const prover::Solution& s) {
  Lines out;
  for (const auto& line : s.solutions) {
    std::string text;
    for (const auto& m : line.moves) text.append(text.empty() ? "" : " ").append(m.uci);
    out.insert(text);
  }
  return out;
}

// The definition, walked without table or cut: Black starts (reci-h#N.5: after White's first
// move); at every position with Black to move (the diagram and after each White move) where
// Black can reach its own goal at once and can play a move after which White reaches the goal,
// each such help line and each such goal move is a solution. The help play goes on from there
// too while plies are left (an open end stops no line: Popeye's lines pass through them).
struct Walk {
  Target goal, own;
  Lines out;

  static std::vector<Move> moves(orthodox::Game& game) {
    MoveList<> list;
    game.generate_legal(list);
    return {list.begin(), list.end()};
  }
  bool reaches(orthodox::Game& game, Move m, const Target& t) {
    const MoveFacts facts = move_facts(game, m);
    game.play(m);
    const bool r = target_reached(game, t, facts);
    game.undo();
    return r;
  }
  std::string text(orthodox::Game game, const std::vector<Move>& line) {
    std::string s;
    for (const Move m : line) {
      s.append(s.empty() ? "" : " ").append(game.move_uci(m));
      game.play(m);
    }
    return s;
  }
  // Black to move with `p` help plies left.
  void walk(orthodox::Game& game, int p, std::vector<Move>& path) {
    std::vector<std::vector<Move>> help, direct;
    for (const Move m : moves(game)) {
      if (reaches(game, m, own)) direct.push_back({m});
      game.play(m);
      for (const Move w : moves(game))
        if (reaches(game, w, goal)) help.push_back({m, w});
      game.undo();
    }
    if (!help.empty() && !direct.empty()) {
      for (const auto& tail : help) {
        auto line = path;
        line.insert(line.end(), tail.begin(), tail.end());
        out.insert(text_from_start(line));
      }
      for (const auto& tail : direct) {
        auto line = path;
        line.insert(line.end(), tail.begin(), tail.end());
        out.insert(text_from_start(line));
      }
    }
    if (p < 2) return;
    for (const Move b : moves(game)) {
      game.play(b);
      path.push_back(b);
      for (const Move w : moves(game)) {
        game.play(w);
        path.push_back(w);
        walk(game, p - 2, path);
        path.pop_back();
        game.undo();
      }
      path.pop_back();
      game.undo();
    }
  }
  std::string start_fen;
  std::string text_from_start(const std::vector<Move>& line) {
    return text(orthodox::Game::from_fen(start_fen, {"test", 1, 1}), line);
  }
};

Lines walked(const std::string& fen, const std::string& text) {
  const Stipulation s = stipulation(text);
  auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
  Walk w{s.target, s.reci_target, {}, fen};
  std::vector<Move> path;
  if (!s.half_move) {
    w.walk(game, 2 * s.moves - 2, path);
    return w.out;
  }
  for (const Move first : Walk::moves(game)) {
    game.play(first);
    path.push_back(first);
    w.walk(game, 2 * s.moves - 2, path);
    path.pop_back();
    game.undo();
  }
  return w.out;
}

// BEISPIEL/intell.inp of Popeye's suite (TLi, Probleemblad 1994), reci-h#3, and its twin b)
// wKc3-->b7, with the lines of REGRESSIONTESTS/intell.out.
constexpr const char* Probleemblad = "8/5p2/4Rnk1/3p1n2/1P1PB3/2K1P1q1/3P1p2/2Q5 b - - 0 1";
constexpr const char* ProbleembladB = "8/1K3p2/4Rnk1/3p1n2/1P1PB3/4P1q1/3P1p2/2Q5 b - - 0 1";
// BEISPIEL/intell.inp (TLi, StrateGems 92, 2020), reci-h#8, after its five moves 1.Ra2 Kg1 2.Qb2
// Kf1 3.Kc2 Ke2 4.Kc1+ Kd3 5.Qe2+ Kc3: the reci-h#3 that is left.
constexpr const char* StrateGems = "8/8/8/4B3/8/n1K5/r3q3/2k5 b - - 0 1";

}  // namespace

TEST_CASE("reciprocal help play: Popeye's expected lines", "[help][reciprocal][popeye]") {
  const auto a = solved(Probleemblad, "reci-h#3");
  REQUIRE(a.verdict == prover::Verdict::Proved);
  CHECK(a.stipulation == "reci-h#3");
  // 1.Kg6-h6 Le4-b1 2.Sf5*e3 Dc1-c2 3.Dg3-g5 Dc2-h7 #  and  3.Se3-d1 #
  CHECK(prover::format_solution_line(a, a.solutions[0]) == "1.Kh6 Bb1 2.Nxe3 Qc2 3.Qg5 Qh7#");
  CHECK(prover::format_solution_line(a, a.solutions[1]) == "1.Kh6 Bb1 2.Nxe3 Qc2 3.Nd1#");
  CHECK(a.solutions.size() == 2);
  const auto b = solved(ProbleembladB, "reci-h#3");
  REQUIRE(b.solutions.size() == 2);
  // 1.Kg6-h7 Te6-a6 2.Sf6-d7 Dc1-c6 3.Dg3-g8 Dc6-h6 #  and  3.Dg3-b8 #
  CHECK(prover::format_solution_line(b, b.solutions[0]) == "1.Kh7 Ra6 2.Nd7 Qc6 3.Qg8 Qh6#");
  CHECK(prover::format_solution_line(b, b.solutions[1]) == "1.Kh7 Ra6 2.Nd7 Qc6 3.Qb8#");
  CHECK(walked(Probleemblad, "reci-h#2").empty() == solved(Probleemblad, "reci-h#2").solutions.empty());
}

TEST_CASE("reciprocal help play: the search lists what the definition's walk lists", "[help][reciprocal]") {
  const std::vector<std::string> forms = {"reci-h#2",   "reci-h(+)+1",   "reci-h(+)#2",  "reci-h(#=)#=2",
                                          "reci-h(+)=2", "reci-h(+)#1.5", "reci-h(+)+1.5"};
  std::vector<int> with_lines(forms.size(), 0);
  for (const auto& fen : test::sparse_positions(30, 3401)) {
    for (std::size_t i = 0; i < forms.size(); ++i) {
      INFO(forms[i] << "  " << fen);
      // Black starts (reci-h#N.5: White): the random position with that side to move.
      std::string start = fen;
      start[start.find(' ') + 1] = stipulation(forms[i]).first_mover() == White ? 'w' : 'b';
      Lines walk;
      try {
        walk = walked(start, forms[i]);
      } catch (const ParseError&) {
        continue;  // the other side in check: no position
      }
      CHECK(lines_of(solved(start, forms[i])) == walk);
      with_lines[i] += walk.empty() ? 0 : 1;
    }
  }
  for (std::size_t i = 0; i < forms.size(); ++i) {
    INFO(forms[i]);
    CHECK(with_lines[i] > 0);
  }
}

TEST_CASE("reciprocal help play: an open end stops no line (Popeye's lines pass through it)", "[help][reciprocal][popeye]") {
  // Black to move can already mate (1.Qg3#, 1.Bg4#) and help White mate (1.Bg3 Qe4#): the
  // diagram is an end, a short solution of reci-h#2. Popeye 4.104 (its source at 122c7d0, run
  // live on this position) lists those 9 lines and 1,412 more of full length through it, 1,421
  // in all, e.g. 1.Qf2-g1 Re1-e8 2.Qg1-f2 Qa4-e4 #. A search that stopped a line at the first
  // open end lists the 9 alone.
  constexpr const char* Open = "8/8/8/7b/Q4P1b/5k1K/5q2/4R3 b - - 0 1";
  const auto s = solved(Open, "reci-h#2");
  const Lines lines = lines_of(s);
  CHECK(lines.size() == 1421);
  CHECK(lines.count("h4g3 a4e4") == 1);  // 1.Bg3 Qe4#, short
  CHECK(lines.count("f2g3") == 1);       // 1.Qg3#, Black's own, short
  CHECK(lines.count("f2g1 e1e8 g1f2 a4e4") == 1);
  CHECK(lines == walked(Open, "reci-h#2"));
  // reci-h#2.5 from the position before with White's queen on d4 (Popeye: 37,743 lines, the
  // first move 1...Qd4-a4 among them, after which the end is open at once).
  constexpr const char* Half = "8/8/8/7b/3Q1P1b/5k1K/5q2/4R3 w - - 0 1";
  const auto h = solved(Half, "reci-h#2.5");
  CHECK(h.solutions.size() == 37743);
  CHECK(lines_of(h).count("d4a4 h4d8 a4a6 h5g4") == 1);  // 1...Qd4-a4 2.Bh4-d8 Qa4-a6 3.Bh5-g4 #
}

TEST_CASE("reciprocal help play with a half move: White's move first", "[help][reciprocal][popeye]") {
  // Probleemblad's reci-h#3 after 1.Kh6 (White to move) as reci-h#2.5, and after 1.Kh6 Bb1
  // 2.Nxe3 as reci-h#1.5: Popeye 4.104 run live prints "1...Be4-b1 2.Sf5*e3 Qc1-c2 3.Qg3-g5
  // Qc2-h7 #" and "... 3.Se3-d1 #", and "1...Qc1-c2 2.Qg3-g5 Qc2-h7 #", "1...Qc1-c2 2.Se3-d1 #".
  const auto a = solved("8/5p2/4Rn1k/3p1n2/1P1PB3/2K1P1q1/3P1p2/2Q5 w - - 0 1", "reci-h#2.5");
  REQUIRE(a.verdict == prover::Verdict::Proved);
  CHECK(a.stipulation == "reci-h#2.5");
  CHECK(lines_of(a) == Lines{"e4b1 f5e3 c1c2 g3g5 c2h7", "e4b1 f5e3 c1c2 e3d1"});
  CHECK(prover::format_solution_line(a, a.solutions[0]) == "1...Bb1 2.Nxe3 Qc2 3.Qg5 Qh7#");
  const auto b = solved("8/5p2/4Rn1k/3p4/1P1P4/2K1n1q1/3P1p2/1BQ5 w - - 0 1", "reci-h#1.5");
  CHECK(lines_of(b) == Lines{"c1c2 g3g5 c2h7", "c1c2 e3d1"});
  const Stipulation s = stipulation("reci-h#2.5");
  CHECK(s.first_mover() == White);
  CHECK(s.half_move);
  CHECK(s.text == "reci-h#2.5");
  // The diagram, White to move, is no end: reci-h#1.5 from a position where Black could end at
  // once lists only lines after a White move.
  for (const auto& line : b.solutions) CHECK(line.moves.size() >= 2);
}

TEST_CASE("reciprocal help play: the skeleton cut keeps every line", "[help][reciprocal]") {
  // From three moves on (four help plies) the search keeps only positions from which a mating
  // skeleton is still reachable: of the help line, Black's move and White's mate, so each side's
  // budget is one move more than the help play's (a budget without it loses the lines). After
  // each White move the end itself (Black's goal move; Black's moves, then White's mate) is
  // tried only when a skeleton is reachable within one move each (may_end_here): that needs the
  // skeletons of White's last help ply in full, not just the first reachable one (a search that
  // stops at the first loses both lines below). Compared with the same search without the cut
  // and with the definition's walk; the cut must be on and must save nodes.
  const auto lines = [](const char* fen, bool skeletons, std::uint64_t& nodes) {
    auto game = orthodox::Game::from_fen(fen, {"test", 1, 1});
    prover::Limits limits;
    limits.hash_megabytes = 1;
    prover::HelpSearch<orthodox::Game> search(game, limits);
    prover::HelpCuts cuts;
    cuts.mate_skeletons = skeletons;
    search.set_cuts(cuts);
    search.set_target(Target{Target::Mate});
    search.set_reci_target(Target{Target::Mate});
    search.set_help_end(HelpEnd::Reciprocal);
    CHECK((search.skeleton_set(4) != nullptr) == skeletons);
    std::set<std::vector<std::uint16_t>> out;  // raw moves
    for (const auto& line : search.solutions(4)) {
      std::vector<std::uint16_t> raw;
      for (const Move m : line) raw.push_back(m.raw());
      out.insert(raw);
    }
    nodes = search.nodes();
    return out;
  };
  std::uint64_t plain_nodes = 0, cut_nodes = 0;
  const auto plain = lines(StrateGems, false, plain_nodes);
  CHECK(plain.size() == 2);
  CHECK(lines(StrateGems, true, cut_nodes) == plain);
  CHECK(cut_nodes < plain_nodes);
  const auto found = solved(StrateGems, "reci-h#3");
  CHECK(lines_of(found) == walked(StrateGems, "reci-h#3"));
  REQUIRE(found.solutions.size() == 2);
  // The last three moves of Popeye's lines for the whole problem (REGRESSIONTESTS/intell.out).
  CHECK(prover::format_solution_line(found, found.solutions[0]) == "1.Rd2 Kb3 2.Nc2 Ka2 3.Qd1 Bb2#");
  CHECK(prover::format_solution_line(found, found.solutions[1]) == "1.Rd2 Kb3 2.Nc2 Ka2 3.Qc4#");
}

TEST_CASE("reciprocal help play: the stipulation read and named", "[help][reciprocal][stipulation]") {
  const Stipulation s = stipulation("reci-h(=)#2");
  CHECK(s.kind == Stipulation::HelpMate);
  CHECK(s.help_end == HelpEnd::Reciprocal);
  CHECK(s.target.kind == Target::Mate);
  CHECK(s.reci_target.kind == Target::Stalemate);
  CHECK(s.text == "reci-h(=)#2");
  CHECK(s.first_mover() == Black);
  CHECK(stipulation("RECI-H#3").text == "reci-h#3");
  // No reci-h#0.5 (Popeye refuses it too), no half move in series play, no parry series, no goal
  // of a move's facts yet: named, not played.
  for (const char* text : {"reci-h#0.5", "ser-reci-h#2.5", "pser-reci-h#2", "reci-s#2", "reci-hx2", "ser-reci-hx2"}) {
    INFO(text);
    CHECK_FALSE(parse_stipulation_form(text, {}).playable({}).has_value());
  }
}

TEST_CASE("reciprocal help play: the certificate replays, and tamperings are refused", "[help][reciprocal][certificate]") {
  const prover::Solution a = solved(Probleemblad, "reci-h#3");
  const json good = json::parse(prover::make_certificate(a).dump());
  const auto check = [](const json& c, const std::string& text) {
    auto game = orthodox::Game::from_fen(c.at("fen").get<std::string>(), {"test", 1, 1});
    return prover::check_certificate(game, c, prover::certificate_goal_of(stipulation(text), {"test", 1, 1}));
  };
  const auto first_error = [](const prover::CertificateCheck& r) { return r.errors.empty() ? std::string() : r.errors[0]; };
  CHECK(check(good, "reci-h#3").valid);
  CHECK(check(good, "reci-h#3").solutions_replayed == 2);
  {  // Black's own mate replaced by a move that does not mate
    json c = good;
    c["solutions"][1][4] = "e3c2";
    CHECK(first_error(check(c, "reci-h#3")) == "g6h6 e4b1 f5e3 c1c2 e3c2: the line ends but this move does not reach the goal (mate)");
  }
  {  // an illegal move
    json c = good;
    c["solutions"][0][1] = "e4a1";
    CHECK(first_error(check(c, "reci-h#3")) == "g6h6 e4a1: 'e4a1' is not a legal move here");
  }
  {  // the help line cut before White's mate: an odd line, whose last move is no own goal
    json c = good;
    c["solutions"][0].erase(5);
    CHECK_FALSE(check(c, "reci-h#3").valid);
  }
  // Too long for reci-h#2; no own stalemate for reci-h(=)#3.
  CHECK(first_error(check(good, "reci-h#2")) == "g6h6 e4b1 f5e3 c1c2 g3g5: the line is longer than the stipulation allows");
  CHECK(first_error(check(good, "reci-h(=)#3")) ==
        "g6h6 e4b1 f5e3 c1c2: not both ends open here: Black cannot both reach its own goal and help reach the goal at once");
  // reci-h#2.5: the end after White's moves (an own goal line even); lines through an open end
  // replay (1.Qf2-g1 Re1-e8 2.Qg1-f2 Qa4-e4 # passes the diagram's).
  const json half = json::parse(prover::make_certificate(solved("8/5p2/4Rn1k/3p1n2/1P1PB3/2K1P1q1/3P1p2/2Q5 w - - 0 1", "reci-h#2.5")).dump());
  CHECK(check(half, "reci-h#2.5").solutions_replayed == 2);
  CHECK_FALSE(check(half, "reci-h#2").valid);
  const json open = json::parse(prover::make_certificate(solved("8/8/8/7b/Q4P1b/5k1K/5q2/4R3 b - - 0 1", "reci-h#2")).dump());
  CHECK(check(open, "reci-h#2").valid);
  CHECK(check(open, "reci-h#2").solutions_replayed == 1421);
  // A solution listed twice.
  json twice = good;
  twice["solutions"].push_back(twice["solutions"][0]);
  CHECK(first_error(check(twice, "reci-h#3")) == "g6h6 e4b1 f5e3 c1c2 g3g5 c2h7: duplicate solution: this line is listed twice");
}

TEST_CASE("reciprocal series play: Popeye's expected lines", "[help][reciprocal][series][popeye]") {
  // ser-reci-h(=)#7 and its twin ser-reci-h(#)=7 (Azemard and Munoz, RIFACE 1991: BEISPIEL/h_alt.inp
  // 7 of Popeye's suite, REGRESSIONTESTS/h_alt.out): Black's series, then at once a move after
  // which White reaches the goal ("7.Td7-d8 Dh7-b7 #") and Black's own goal move ("7.Td7*h7 =").
  const std::string a = "h5h4 h4h3 h3h2 h2h1r h1d1 d1d7 ";
  const auto first = solved("K1k5/7Q/8/7p/8/8/8/8 b - - 0 1", "ser-reci-h(=)#7");
  CHECK(first.series);
  CHECK(lines_of(first) == Lines{a + "d7d8 h7b7", a + "d7h7"});
  const std::string b = "d7d5 d5d4 d4d3 d3d2 d2d1q d1d6 ";
  CHECK(lines_of(solved("K1k5/3p3Q/8/8/8/8/8/8 b - - 0 1", "ser-reci-h(#)=7")) == Lines{b + "d6e7 h7e7", b + "d6b8"});
  // One end alone is no solution: reci-h#7 with the own goal mate as well has none here.
  CHECK(lines_of(solved("K1k5/7Q/8/7p/8/8/8/8 b - - 0 1", "ser-reci-h#7")).empty());
  CHECK(stipulation("Ser-Reci-H(=)#7").text == "ser-reci-h(=)#7");
}

TEST_CASE("reciprocal series play: an end open at the diagram is a short solution (where Popeye differs)", "[help][reciprocal][series][popeye]") {
  // Black to move can mate at once (1.Qg3#, 1.Bg4#) and help White mate (1.Bg3 Qe4#, six more):
  // in ser-reci-h#3 those nine one-move lines are short solutions, as 1.Bg3 Qe4# is one of
  // ser-h#3, which Popeye 4.104 (source 122c7d0, run live) lists with six more among its 1,382
  // lines. For ser-reci-h#3 Popeye lists 1,431 lines, ours less those nine: its series branch
  // for N >= 2 starts at one series move before the end (input/plaintext/stipulation.c,
  // alloc_series_branch(length-1, min_length+1)), so the diagram's end is never tried, though
  // its ser-reci-h#1 is exactly that end. Each of the nine replays as a solution (the checker
  // below), so they are kept: a composer must see them.
  constexpr const char* Open = "8/8/8/7b/Q4P1b/5k1K/5q2/4R3 b - - 0 1";
  const auto s = solved(Open, "ser-reci-h#3");
  const Lines lines = lines_of(s);
  CHECK(lines.size() == 1431 + 9);
  for (const char* line : {"h4g3 a4e4", "h4d8 a4e4", "h5e8 a4e4", "h5f7 a4e4", "f2g3", "h5g4"}) {
    INFO(line);
    CHECK(lines.count(line) == 1);
  }
  const Lines plain = lines_of(solved(Open, "ser-h#3"));
  CHECK(plain.size() == 1382);
  CHECK(plain.count("h4g3 a4e4") == 1);
}
