// The fairy rule set with orthodox pieces (rules/fairy/game.h, Variant::orthodox()) is orthodox
// chess: perft equal to the reference counts of corpus/perft-standard.epd, and move for move the
// same legal moves, SAN, check and key behaviour as rules/orthodox on sampled positions.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/fairy/game.h"
#include "rules/orthodox/game.h"
#include "solver/perft/perft.h"
#include "tests/support/legal_moves.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using test::by_uci;
using test::legal_uci;

namespace {

// The FEN's board, side and castling (the en passant field is written differently: orthodox
// names it only where a capture onto it is possible).
std::string placement(const std::string& fen) {
  const auto fields = test::split(fen, ' ');
  return fields[0] + " " + fields[1] + " " + fields[2];
}

// The column (from 0) where reading `fen` fails, or -1 when it reads.
int fen_error_column(const std::string& fen) {
  try {
    (void)fairy::Game::from_fen(fen, {"f", 1, 1});
  } catch (const ParseError& e) {
    return e.where().column - 1;
  }
  return -1;
}

}  // namespace

TEST_CASE("fairy rule set, orthodox pieces: perft equals the reference counts", "[fairy][perft]") {
  for (const auto& ref : test::standard_perft_suite()) {
    auto game = fairy::Game::from_fen(ref.fen, {"perft-standard.epd", ref.line, 1});
    for (const auto& [depth, nodes] : ref.counts) {
      if (nodes > 1'000'000) break;  // the deeper counts: bench territory for a mailbox generator
      INFO(ref.fen << " depth " << depth);
      CHECK(perft(game, depth) == nodes);
      CHECK(game.fen() == fairy::Game::from_fen(ref.fen, {}).fen());  // play and undo restore it
    }
  }
}

TEST_CASE("fairy rule set, orthodox pieces: the same moves, SAN, checks and keys as rules/orthodox", "[fairy][differential]") {
  // Random games from the sampled starts: at every position both rule sets list the same legal
  // moves, spell each alike, agree on check and status, and a repeated position has one key.
  test::Rng rng(20261129);
  int positions = 0;
  for (const auto& start : test::random_play_starts()) {
    auto fairy_game = fairy::Game::from_fen(start, {});
    auto ortho = orthodox::Game::from_fen(start, {});
    const std::uint64_t key0 = fairy_game.key();
    for (int ply = 0; ply < 60; ++ply) {
      INFO(ortho.fen());
      ++positions;
      const auto moves = legal_uci(ortho);
      REQUIRE(legal_uci(fairy_game) == moves);
      CHECK(placement(fairy_game.fen()) == placement(ortho.fen()));
      CHECK(fairy_game.in_check() == ortho.in_check());
      CHECK(fairy_game.status() == ortho.status());
      if (moves.empty()) break;
      const std::string pick = moves[rng.next() % moves.size()];
      const auto om = by_uci(ortho, pick);
      const auto fm = fairy_game.parse_move(pick, {});  // UCI read
      CHECK(fairy_game.move_text(fm) == ortho.move_text(om));
      CHECK(fairy_game.move_uci(fairy_game.parse_move(ortho.move_text(om), {})) == pick);  // SAN read back
      ortho.play(om);
      fairy_game.play(fm);
    }
    for (int k = 0; k < 60 && fairy_game.board().plies_played() > 0; ++k) fairy_game.undo();
    CHECK(fairy_game.key() == key0);
  }
  CHECK(positions > 300);
}

TEST_CASE("fairy rule set: bad FEN is an error at its column", "[fairy][errors]") {
  auto column = [](const std::string& fen) {
    try {
      (void)fairy::Game::from_fen(fen, {"f.pgn", 4, 10});
    } catch (const ParseError& e) {
      CHECK(e.where().line == 4);
      return e.where().column - 10;
    }
    FAIL("no error for " << fen);
    return -1;
  };
  CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1") == 42);  // X is no piece
  CHECK(column("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == 18);  // nine squares
  CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1") == 44);  // the side
  CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1") == 46);  // castling
  CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq j9 0 1") == 51);  // en passant
}

TEST_CASE("fairy rule set: a grasshopper checks over a hurdle, and moving the hurdle parries", "[fairy]") {
  auto v = std::make_shared<fairy::Variant>();
  v->kinds = {{"pawn", 'P', fairy::parse_walk("mfWcfF"), false, true},
              {"king", 'K', fairy::parse_walk("K"), true, false},
              {"grasshopper", 'G', fairy::parse_walk("gQ"), false, false}};
  v->promotions = {2};
  // Black's grasshopper on e4 hops over the e2 pawn onto e1: check. e3 moves the hurdle next to
  // the grasshopper, which then lands on e2: no check; the king's four side squares are free.
  auto game = fairy::Game::with(v, "4k3/8/8/8/4g3/8/4P3/4K3 w - - 0 1", {});
  CHECK(game.in_check());
  CHECK(legal_uci(game) == std::vector<std::string>{"e1d1", "e1d2", "e1f1", "e1f2", "e2e3"});
  game.play(game.parse_move("e3", {}));
  CHECK_FALSE(game.in_check());
  CHECK(game.fen() == "4k3/8/8/8/4g3/4P3/8/4K3 b - - 0 1");
  // The grasshopper cannot take the pawn next to it (nothing to hop over), but hops over it to e2.
  CHECK_THROWS_AS(game.parse_move("Gxe3", {}), ParseError);
  CHECK(game.move_text(game.parse_move("Ge2", {})) == "Ge2");
}

TEST_CASE("fairy rule set: Popeye's pieces by code in FEN, '(G)' and '(n)', and in SAN, G_ and N_", "[fairy]") {
  // A white nightrider (Popeye's "n") beside a white knight, a black grasshopper: the FEN reads
  // and writes them back; the nightrider's SAN is N_, the knight's N.
  const std::string fen = "7k/8/8/8/4(g)3/8/1(N)1P4/1N2K3 w - - 0 1";
  auto game = fairy::Game::from_fen(fen, {});
  CHECK(game.fen() == fen);
  CHECK(game.rank_rows()[6] == ".N.P....");  // a diagram's letter: the code's first
  const auto nightrider = game.parse_move("N_d6", {});  // b2 by c4 to d6
  CHECK(game.move_uci(nightrider) == "b2d6");
  CHECK(game.move_text(game.parse_move("b1c3", {})) == "Nc3");
  CHECK(game.move_text(game.parse_move("b2c4", {})) == "N_c4");
  CHECK_THROWS_AS(game.parse_move("Nd6", {}), ParseError);  // the knight cannot
  game.play(game.parse_move("d3", {}));
  CHECK(game.move_text(game.parse_move("e4c2", {})) == "G_c2");  // over the d3 pawn
  // Unknown or malformed codes: an error at the '('.
  CHECK(fen_error_column("4k3/8/8/8/4(zz)3/8/8/4K3 w - - 0 1") == 11);
  CHECK(fen_error_column("4k3/8/8/8/4(15)3/8/8/4K3 w - - 0 1") == 11);  // a code without letters: no colour
  CHECK(fen_error_column("4k3/8/8/8/4(g3/8/8/4K3 w - - 0 1") == 11);
}

TEST_CASE("fairy.castling-passage: the crossed square judged with the king on it, or at home", "[fairy][interpretations]") {
  // A black kinghopper on d1 hops over the white king on e1 to f1, the square O-O crosses. Popeye
  // plays the king's step to f1 first: then e1 is empty, nothing to hop over, and it castles
  // (Popeye 4.104 on "pieces white ke1 rh1 black ke8 khd1", stipulation ~1: "1.0-0 !").
  const std::string fen = "4k3/8/8/8/8/8/8/3(kh)K2R w K - 0 1";
  auto castles = [&](const fairy::Options& options) {
    const auto game = fairy::Game::from_fen(fen, {"test", 1, 1}, options);
    const auto moves = legal_uci(game);
    return std::find(moves.begin(), moves.end(), "e1g1") != moves.end();
  };
  fairy::Options options;
  CHECK(castles(options));  // king-moved, the default
  REQUIRE(fairy::apply_interpretation(options, "fairy.castling-passage", "king-at-home"));
  CHECK_FALSE(castles(options));
  auto game = fairy::Game::from_fen(fen, {"test", 1, 1}, options);
  CHECK(game.rejecting_predicate(by_uci(fairy::Game::from_fen(fen, {"test", 1, 1}), "e1g1")) == "castling-squares-unguarded");
  // Either way a square guarded without the king as hurdle stops it: a grasshopper on f3 hops
  // over the f2 pawn onto f1.
  for (const char* choice : {"king-moved", "king-at-home"}) {
    fairy::Options o;
    REQUIRE(fairy::apply_interpretation(o, "fairy.castling-passage", choice));
    const auto guarded = fairy::Game::from_fen("4k3/8/8/8/8/5(g)2/5P2/4K2R w K - 0 1", {"test", 1, 1}, o);
    const auto moves = legal_uci(guarded);
    CHECK(std::find(moves.begin(), moves.end(), "e1g1") == moves.end());
  }
}

TEST_CASE("fairy.promotion: to the fairy pieces of the problem, or to the orthodox four", "[fairy][interpretations]") {
  // A white pawn on g7 beside a black grasshopper: Popeye's promotee sequence holds the
  // grasshopper's walk, so g8 may be a white grasshopper too.
  const std::string fen = "k7/6P1/8/8/4(g)3/8/8/4K3 w - - 0 1";
  auto promotions = [&](const fairy::Options& options) {
    std::vector<std::string> out;
    for (const auto& m : legal_uci(fairy::Game::from_fen(fen, {"test", 1, 1}, options)))
      if (m.starts_with("g7g8")) out.push_back(m);
    return out;
  };
  fairy::Options options;
  CHECK(promotions(options) == std::vector<std::string>{"g7g8b", "g7g8g", "g7g8n", "g7g8q", "g7g8r"});
  auto game = fairy::Game::from_fen(fen, {"test", 1, 1});
  CHECK(game.move_text(game.parse_move("g8=G_", {})) == "g8=G_");
  REQUIRE(fairy::apply_interpretation(options, "fairy.promotion", "orthodox-four"));
  CHECK(promotions(options) == std::vector<std::string>{"g7g8b", "g7g8n", "g7g8q", "g7g8r"});
}

TEST_CASE("fairy rule set: a promotion to the nightrider is g7g8n_ in UCI, to the knight g7g8n", "[fairy]") {
  // Popeye's nightrider has the code "n", the knight's UCI letter: the nightrider's gets a '_'.
  auto game = fairy::Game::from_fen("k7/6P1/8/8/4(n)3/8/8/4K3 w - - 0 1", {"test", 1, 1});
  const auto knight = game.parse_move("g7g8n", {});
  const auto nightrider = game.parse_move("g7g8n_", {});
  CHECK_FALSE(knight == nightrider);
  CHECK(game.move_text(knight) == "g8=N");
  CHECK(game.move_text(nightrider) == "g8=N_");
  CHECK(game.move_uci(nightrider) == "g7g8n_");
}

namespace {

// The legal moves (UCI, sorted) of the man on `from` in the fairy position `fen`.
std::vector<std::string> legal_from(const std::string& fen, const std::string& from) {
  std::vector<std::string> out;
  for (const auto& m : legal_uci(fairy::Game::from_fen(fen, {"test", 1, 1})))
    if (m.starts_with(from)) out.push_back(m);
  return out;
}

}  // namespace

TEST_CASE("fairy rule set: an orphan moves as the enemy men that observe it, through chains of orphans", "[fairy][orphan]") {
  // Each position and move list as Popeye 4.104 gives them ("~1", live).
  const auto orphan_moves = legal_from;
  // Observed by the black pawn on d3: a white pawn's steps, the double step, its captures (f3 too,
  // though the rook there does not observe it).
  CHECK(orphan_moves("7k/8/8/8/8/3p1r2/4(O)3/7K w - - 0 1", "e2") == std::vector<std::string>{"e2d3", "e2e3", "e2e4", "e2f3"});
  // Observed by the bishop on b7: a bishop's moves, b7 captured, h7 a check.
  CHECK(orphan_moves("7k/1b6/8/8/4(O)3/8/K7/8 w - - 0 1", "e4").size() == 12);
  // A chain: the black orphan on f8 is observed by the white pawn on g7 as a pawn, and observes
  // the white orphan on e7 as a (black) pawn: e7 moves as a white pawn, to e8 without promoting,
  // and captures f8. The pawn promotes to an orphan too.
  const std::string chain = "k4(o)2/4(O)1P1/8/8/8/8/8/7K w - - 0 1";
  CHECK(orphan_moves(chain, "e7") == std::vector<std::string>{"e7e8", "e7f8"});
  CHECK(orphan_moves(chain, "g7").size() == 10);  // g8 and xf8, each to Q R B N and orphan
  // Nothing observes an orphan alone: it cannot move.
  CHECK(orphan_moves("k7/8/8/8/4(O)3/8/8/7K w - - 0 1", "e4").empty());
  // With the black rook on d8 beside the king on c8: e7xd8 as a pawn, and there the black king
  // observes it, so it checks the king as a king would.
  auto game = fairy::Game::from_fen("2kr1(o)2/4(O)1P1/8/8/8/8/8/7K w - - 0 1", {"test", 1, 1});
  game.play(by_uci(game, "e7d8"));
  CHECK(game.in_check());
}

TEST_CASE("fairy rule set: a friend moves as its own side's men that observe it, through chains of friends", "[fairy][orphan][friend]") {
  // Each position and move list as Popeye 4.104 gives them ("~1", live).
  const auto friend_moves = legal_from;
  // Observed by its own bishop on f8: a bishop's moves ("1.Fa3-b4 +"), never as the king on g8,
  // which does not observe it (REGRESSIONS/4_77_to_4_79.inp 4).
  CHECK(friend_moves("5BK1/8/8/8/8/(F)1k5/8/8 w - - 0 1", "a3") == std::vector<std::string>{"a3b2", "a3b4", "a3c1", "a3c5", "a3d6", "a3e7"});
  // A chain: the rook on h5 observes the friend on a5, which as a rook observes the friend on a1.
  CHECK(friend_moves("7K/8/8/(F)6R/8/4k3/8/(F)7 w - - 0 1", "a1").size() == 10);
  auto game = fairy::Game::from_fen("7K/8/8/(F)6R/8/4k3/8/(F)7 w - - 0 1", {"test", 1, 1});
  game.play(by_uci(game, "a1a3"));
  CHECK(game.in_check());  // "1.Fa1-a3 +": it checks as the rook it walks as
  // Observed by its own pawn on c3: a pawn's step; an enemy's observation gives it nothing.
  CHECK(friend_moves("7K/8/8/8/3(F)4/2P5/8/7k w - - 0 1", "d4") == std::vector<std::string>{"d4d5"});
  CHECK(friend_moves("7K/8/8/8/3(F)4/8/8/3r3k w - - 0 1", "d4").empty());  // the rook on d1 is the other side's
}

TEST_CASE("fairy.orphan-as-pawn: an orphan walking as a pawn double-steps, or makes single steps only", "[fairy][orphan][interpretations]") {
  // Observed by the black pawn on d3, the white orphan on e2 walks as a white pawn; on e7 (below)
  // it reaches the last rank and stays an orphan either way.
  auto moves = [](const std::string& fen, const std::string& from, const char* choice) {
    fairy::Options o;
    REQUIRE(fairy::apply_interpretation(o, "fairy.orphan-as-pawn", choice));
    std::vector<std::string> out;
    for (const auto& m : legal_uci(fairy::Game::from_fen(fen, {"test", 1, 1}, o)))
      if (m.starts_with(from)) out.push_back(m);
    return out;
  };
  const std::string e2 = "7k/8/8/8/8/3p1r2/4(O)3/7K w - - 0 1";
  CHECK(moves(e2, "e2", "double-step") == std::vector<std::string>{"e2d3", "e2e3", "e2e4", "e2f3"});  // Popeye's
  CHECK(moves(e2, "e2", "steps-only") == std::vector<std::string>{"e2d3", "e2e3", "e2f3"});
  const std::string e7 = "k4(o)2/4(O)1P1/8/8/8/8/8/7K w - - 0 1";
  CHECK(moves(e7, "e7", "double-step") == std::vector<std::string>{"e7e8", "e7f8"});
  CHECK(moves(e7, "e7", "steps-only") == std::vector<std::string>{"e7e8", "e7f8"});
}

TEST_CASE("fairy rule set: royal men by Popeye's attribute, '(r:G)', checked and mated like a king", "[fairy][royal]") {
  // A royal white grasshopper on d4, White's only royal man; a black rook on d8 behind a black
  // pawn on d6, which shields d4 from it. The FEN reads and writes back.
  const std::string fen = "3rk3/8/3p4/8/3(r:G)4/8/8/8 w - - 0 1";
  auto game = fairy::Game::from_fen(fen, {});
  CHECK(game.fen() == fen);
  CHECK_FALSE(game.in_check());
  CHECK(game.rank_rows()[4] == "...G....");
  // Its one move hops over d6 to d7, next to the rook: attacked, so illegal. No legal move and
  // not attacked: stalemate.
  CHECK(legal_uci(game).empty());
  CHECK(game.status() == GameStatus::Stalemate);
  // Take the pawn away: the rook checks, and the grasshopper cannot escape (no hurdle): mate.
  auto mated = fairy::Game::from_fen("3rk3/8/8/8/3(r:G)4/8/8/8 w - - 0 1", {});
  CHECK(mated.in_check());
  CHECK(mated.status() == GameStatus::Checkmate);
  // A royal orthodox man by Popeye's English code: (r:S) a royal white knight, (r:p) a royal black pawn.
  auto knight = fairy::Game::from_fen("4k3/8/8/8/8/8/8/(r:S)7 w - - 0 1", {});
  CHECK(legal_uci(knight) == std::vector<std::string>{"a1b3", "a1c2"});
  CHECK(knight.move_text(knight.parse_move("a1b3", {})) == "rNb3");
  CHECK(knight.fen() == "4k3/8/8/8/8/8/8/(r:S)7 w - - 0 1");
}

TEST_CASE("fairy rule set: a royal pawn is attacked by an en passant capture after its double step", "[fairy][royal]") {
  // REGRESSIONS/4_63_to_4_65.inp, "4.51 to 4.63 played 1.rPd7-d5 in spite of the self-check":
  // a black royal pawn on d7, a white pawn on e5. d6 is attacked by the pawn, d5 by its en
  // passant capture: Popeye's expected output has neither move (no solution of h~1).
  auto game = fairy::Game::from_fen("8/3(r:p)4/8/4P3/8/8/8/8 b - - 0 1", {});
  CHECK(legal_uci(game).empty());
  // The same double step with the white pawn on b4 instead: nothing reaches d6 or d5.
  auto free = fairy::Game::from_fen("8/3(r:p)4/8/8/1P6/8/8/8 b - - 0 1", {});
  CHECK(legal_uci(free) == std::vector<std::string>{"d7d5", "d7d6"});
}

TEST_CASE("fairy rule set: a royal pawn promotes to royal men (Popeye keeps the attribute)", "[fairy][royal]") {
  // BEISPIEL/h_alt.inp 6 of Popeye's suite: "7.kBh7-h8=kS", a royal knight. The promotions are
  // the royal copies of the four; the plain pawn beside it promotes to plain men.
  auto game = fairy::Game::from_fen("8/P6(r:P)/8/8/8/8/8/k7 w - - 0 1", {});
  CHECK(legal_uci(game) == std::vector<std::string>{"a7a8b", "a7a8n", "a7a8q", "a7a8r", "h7h8b", "h7h8n", "h7h8q", "h7h8r"});
  game.play(by_uci(game, "h7h8n"));
  CHECK(placement(game.fen()) == "7(r:S)/P7/8/8/8/8/8/k7 b -");
  game.undo();
  game.play(by_uci(game, "a7a8q"));
  CHECK(placement(game.fen()) == "Q7/7(r:P)/8/8/8/8/8/k7 b -");
}

TEST_CASE("fairy rule set: a chameleon, '(c:Q)', is the next of queen, knight, bishop, rook after each move", "[fairy][chameleon]") {
  // BEISPIEL/cham.out of Popeye's suite: "1.cTg5-g3=cD", "2.cDg3-d6=cS", "3...cSf5*d6=cL",
  // "1...cLc8-e6=cT": the cycle queen, knight, bishop, rook, queen.
  auto game = fairy::Game::from_fen("4k3/8/8/8/8/8/8/(c:Q)3K3 w - - 0 1", {});
  const auto q = game.parse_move("a1a4", {});
  CHECK(game.move_text(q) == "cQa4");
  game.play(q);
  CHECK(placement(game.fen()) == "4k3/8/8/8/(c:S)7/8/8/4K3 b -");
  game.undo();  // and back, a queen on a1
  CHECK(placement(game.fen()) == "4k3/8/8/8/8/8/8/(c:Q)3K3 w -");
  game.play(q);
  game.play(game.parse_move("Kd7", {}));
  game.play(game.parse_move("cNb6", {}));  // now a knight: b6 is one of its squares
  CHECK(game.fen().starts_with("8/3k4/1(c:B)6/8/8/8/8/4K3 b"));  // and then a bishop
  // The position after the move decides: a bishop on b6 does not attack d7, though the knight it
  // was would have.
  CHECK_FALSE(game.in_check());
  // Bad attributes: an unknown initial, a chameleon outside the cycle.
  CHECK(fen_error_column("4k3/8/8/8/4(x:G)3/8/8/4K3 w - - 0 1") == 11);
  CHECK(fen_error_column("4k3/8/8/8/4(c:G)3/8/8/4K3 w - - 0 1") == 11);
}

TEST_CASE("fairy rule set: the dummy never moves and observes nothing, and may be captured", "[fairy]") {
  // A black dummy beside the white king: no check, the king may take it; the white dummy on a1 has
  // no move. Black's king on e8 is not attacked by it either.
  auto game = fairy::Game::from_fen("4k3/8/8/8/8/8/3(du)4/(DU)3K3 w - - 0 1", {});
  CHECK_FALSE(game.in_check());
  CHECK(legal_uci(game) == std::vector<std::string>{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"});
}

TEST_CASE("fairy rule set: neutral men, '(n:P)', belong to both sides", "[fairy][neutral]") {
  // Popeye 4.104 run live on this position (White Ke1 Rd1, Black Ke8 Pf4, neutral pawns d4 b7 e2
  // and knight h6), its ~1 and h~1 listing every move: either side moves the neutral men (a pawn
  // in its own direction, double-stepping from its second rank, promoting on its last rank to a
  // neutral man) and captures them (Rxd4, Kxe2); they observe for both (Ke1-f1 is attacked by the
  // e2 pawn as Black's, Ke8-f7 by the knight).
  const std::string fen = "4k3/1(n:P)6/7(n:S)/8/3(n:P)1p2/8/4(n:P)3/3RK3 w - - 0 1";
  auto white = fairy::Game::from_fen(fen, {});
  CHECK(white.fen() == fen);
  CHECK(legal_uci(white) == std::vector<std::string>{"b7b8b", "b7b8n", "b7b8q", "b7b8r", "d1a1", "d1b1", "d1c1", "d1d2", "d1d3",
                                                     "d1d4", "d4d5", "e1d2", "e1e2", "e1f2", "e2e3", "e2e4", "h6f5", "h6f7",
                                                     "h6g4", "h6g8"});
  auto black = fairy::Game::from_fen("4k3/1(n:P)6/7(n:S)/8/3(n:P)1p2/8/4(n:P)3/3RK3 b - - 0 1", {});
  CHECK(legal_uci(black) == std::vector<std::string>{"b7b5", "b7b6", "d4d3", "e2d1b", "e2d1n", "e2d1q", "e2d1r", "e8d7", "e8d8",
                                                     "e8e7", "e8f8", "f4f3", "h6f5", "h6f7", "h6g4", "h6g8"});
  // The promotee is neutral; SAN writes a neutral man's moves with Popeye's 'n' first.
  white.play(by_uci(white, "b7b8q"));
  CHECK(placement(white.fen()) == "1(n:Q)2k3/8/7(n:S)/8/3(n:P)1p2/8/4(n:P)3/3RK3 b -");
  CHECK(white.in_check());  // the neutral queen checks Black's king
  CHECK(black.move_text(by_uci(black, "h6g8")) == "nNg8");
  // A neutral king is each side's king: a neutral bishop beside it on a diagonal checks it, so
  // 1.nKa4-a3 and a5 are self-checks (Popeye: both tried, neither listed); it may take the bishop.
  auto kings = fairy::Game::from_fen("8/8/8/8/(n:K)(n:B)6/8/8/8 w - - 0 1", {});
  const auto moves = legal_uci(kings);
  CHECK(std::count(moves.begin(), moves.end(), "a4a3") == 0);
  CHECK(std::count(moves.begin(), moves.end(), "a4b4") == 1);
  CHECK(moves.size() == 12);  // Popeye lists 12
  // A neutral rose on d1: its circle closes on its own square, no capture of itself.
  auto rose = fairy::Game::from_fen("8/8/8/8/8/8/8/3(n:RO)4 w - - 0 1", {});
  const auto rose_moves = legal_uci(rose);
  CHECK(std::count(rose_moves.begin(), rose_moves.end(), "d1d1") == 0);
}

TEST_CASE("fairy rule set: with chameleons present a pawn promotes plain or as a chameleon", "[fairy][chameleon]") {
  // BEISPIEL/cham.out: "2.nBg7-g8=nL=nc #", a promotee made a chameleon (Popeye tries each of its
  // cycle's promotees once more with the attribute). UCI writes the choice "g7g8cb".
  auto game = fairy::Game::from_fen("7k/1P6/8/8/8/8/8/K(c:Q)6 w - - 0 1", {});
  const auto moves = legal_uci(game);
  for (const char* m : {"b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7b8cq", "b7b8cr", "b7b8cb", "b7b8cn"})
    CHECK(std::count(moves.begin(), moves.end(), m) == 1);
  game.play(by_uci(game, "b7b8cb"));
  CHECK(placement(game.fen()) == "1(c:B)5k/8/8/8/8/8/8/K(c:Q)6 b -");
}

TEST_CASE("fairy rule set: a half-neutral man, '(h:R)', is neutral after its side's move and its side's after the next", "[fairy][neutral]") {
  // BEISPIEL/halbneut.inp 1 of Popeye's suite (P. A. Petkov, The Problemist 1996): "1...hnTa2-a1=nh
  // 2.nhnTa1-a8=wh #": the black half-neutral rook is neutral after its move, and White's once
  // White has moved it. The key 1.Kh6 is Popeye's one key (zugzwang).
  auto game = fairy::Game::from_fen("7k/7P/6K1/8/8/8/(h:r)4(h:b)2/8 b - - 0 1", {});
  game.play(by_uci(game, "a2a1"));
  CHECK(placement(game.fen()) == "7k/7P/6K1/8/8/8/5(h:b)2/(nh:R)7 w -");
  game.play(by_uci(game, "a1a8"));  // White moves it: White's now, and mate
  CHECK(placement(game.fen()) == "(h:R)6k/7P/6K1/8/8/8/5(h:b)2/8 b -");
  CHECK(game.status() == GameStatus::Checkmate);
  game.undo();
  game.undo();
  CHECK(placement(game.fen()) == "7k/7P/6K1/8/8/8/(h:r)4(h:b)2/8 b -");
  // A half-neutral man that becomes neutral observes both kings: a white rook moving along its
  // king's rank would check it, so it may not (the legality cut leaves half-neutral movers to the
  // test). Popeye 4.104, run live: the king's three moves and 1.hnTc1-c2 .. c8=nh, nothing on the rank.
  auto beside = fairy::Game::from_fen("7k/8/8/8/8/8/8/K1(h:R)5 w - - 0 1", {});
  CHECK(legal_uci(beside) == std::vector<std::string>{"a1a2", "a1b1", "a1b2", "c1c2", "c1c3", "c1c4", "c1c5", "c1c6", "c1c7", "c1c8"});
}

TEST_CASE("fairy rule set: a hurdle-colour-changing hopper, '(s:G)', turns its hurdle to the other side", "[fairy][hurdle-colour]") {
  // EXAMPLES/andmoose.inp of Popeye's suite (S. Emmerson), b): Popeye's expected output has
  // "1.hccEAf8-g7[g8=w] hccSWg8-f8[g7=w] ..." and the last move twice, over f8 ("[f8=w]") and
  // over the king e8 (no change): two moves to one square, each its own hurdle.
  auto game = fairy::Game::from_fen("3(s:g)k(s:ea)(s:sw)(s:m)/8/8/8/8/8/8/8 b - - 0 1", {});
  game.play(by_uci(game, "f8g7"));  // the eagle over the sparrow: the sparrow is White's now
  CHECK(placement(game.fen()) == "3(s:g)k1(s:SW)(s:m)/6(s:ea)1/8/8/8/8/8/8 w -");
  CHECK(game.move_text(by_uci(game, "g8f8")) == "sSW_f8/g7");
  game.play(by_uci(game, "g8f8"));  // over the eagle: White's too
  CHECK(placement(game.fen()) == "3(s:g)k(s:SW)1(s:m)/6(s:EA)1/8/8/8/8/8/8 b -");
  game.undo();
  game.undo();
  CHECK(placement(game.fen()) == "3(s:g)k(s:ea)(s:sw)(s:m)/8/8/8/8/8/8/8 b -");
  // The sparrow on f7 reaches e7 over f8 and over the king e8 (a king keeps its side).
  auto two = fairy::Game::from_fen("4k(s:G)2/5(s:SW)2/8/8/8/8/8/8 w - - 0 1", {});
  std::vector<std::string> to_e7;
  fairy::FairyMoveList moves;
  two.generate_legal(moves);
  for (const auto& m : moves)
    if (two.move_uci(m) == "f7e7") to_e7.push_back(two.move_text(m));
  std::sort(to_e7.begin(), to_e7.end());
  CHECK(to_e7 == std::vector<std::string>{"sSW_e7/e8+", "sSW_e7/f8+"});
  // Beside such men a pawn promotes to the four and to each kind as it stands on the board, plain
  // or hurdle colour changing (BEISPIEL/hurdlecc.inp 2: "=D =S =T =L =G =G=sfw =LI=sfw", no plain lion).
  auto promotion = fairy::Game::from_fen("8/7P/8/7P/5(s:g)2/8/6(g)1/1(s:li)6 w - - 0 1", {});
  CHECK(legal_uci(promotion) == std::vector<std::string>{"h5h6", "h7h8b", "h7h8g", "h7h8n", "h7h8q", "h7h8r", "h7h8sg", "h7h8sli"});
}

TEST_CASE("fairy rule set: a half-neutral king castles, and is neutral after it", "[fairy][neutral]") {
  // BEISPIEL/halbneut.inp 12 of Popeye's suite (V. Crisan, Quartz 1996/7): "1...Lf1-h3
  // 2.nSe3-g4 0-0=nh #": the white half-neutral king castles with the plain rook.
  auto game = fairy::Game::from_fen("8/8/8/8/8/8/8/4(h:K)2R w K - 0 1", {});
  const auto castling = by_uci(game, "e1g1");
  CHECK(game.move_text(castling) == "O-O+");  // the neutral king is Black's too, and the rook beside it White's
  game.play(castling);
  CHECK(placement(game.fen()) == "8/8/8/8/8/8/8/5R(nh:K)1 b -");  // the rook White's, the king neutral
}

TEST_CASE("fairy rule set: paralysing men, '(p:B)', freeze what they observe, capture and check nothing", "[fairy][paralysing]") {
  // Each list is Popeye 4.104's, run live on the same position with "stipulation ~1" (halfduplex
  // for Black): pieces white kh1 ra1, white paralysing bd4, black kb8 rb6, black paralysing ra5.
  // The rook a1 is paralysed by the a5 rook (no move); the bishop moves but does not take b6; the
  // b6 rook, which it observes, has no move either.
  const auto white = fairy::Game::from_fen("1k6/8/1r6/(p:r)7/3(p:B)4/8/8/R6K w - - 0 1", {});
  CHECK(legal_uci(white) == std::vector<std::string>{"d4b2", "d4c3", "d4c5", "d4e3", "d4e5", "d4f2", "d4f6", "d4g1", "d4g7",
                                                       "d4h8", "h1g1", "h1g2", "h1h2"});
  // pieces white kh1 ra1, black ka8, black paralysing bb2: the paralysed rook does not check a8,
  // nor guard the a-file or the seventh rank's a7 and b7 (Popeye: Ka8-b7, Ka8-a7, Ka8-b8 and the
  // bishop's seven moves, none onto a1); White has no mate in one (Popeye: no solution of #1).
  auto black = fairy::Game::from_fen("k7/8/8/8/8/8/1(p:b)6/R6K b - - 0 1", {});
  CHECK_FALSE(black.in_check());
  CHECK(legal_uci(black) == std::vector<std::string>{"a8a7", "a8b7", "a8b8", "b2a3", "b2c3", "b2d4", "b2e5", "b2f6", "b2g7", "b2h8"});
  // A paralysing man gives no check: the king it observes is paralysed, not attacked.
  auto frozen = fairy::Game::from_fen("7k/8/8/8/3(p:B)4/8/8/7K b - - 0 1", {});
  CHECK_FALSE(frozen.in_check());
  CHECK(frozen.status() == GameStatus::Stalemate);
  // The special stalemate (BEISPIEL/paralys.inp 6 of Popeye's suite, "Demonstrationsbeispiel für
  // die spezielle Patt-Regel", expected "1.pKa7-b7 = !"): the rook a1 attacks the king a8, whose
  // side's only moves are its paralysed men's (the king and the c6 pawn, observed by the
  // paralysing king b7): suffocated by paralysis, a stalemate and not a mate.
  auto demo = fairy::Game::from_fen("k7/(p:K)7/2p5/8/8/8/8/R7 w - - 0 1", {});
  demo.play(by_uci(demo, "a7b7"));
  CHECK(fairy::royal_attacked(demo.board(), Black));
  CHECK_FALSE(demo.in_check());
  CHECK(demo.status() == GameStatus::Stalemate);
  CHECK(legal_uci(demo).empty());
}

TEST_CASE("fairy.paralysed-guard: a paralysed man guards nothing, or guards as its walk", "[fairy][paralysing][interpretations]") {
  // The white rook a1 is paralysed by the black paralysing bishop b2. None (Popeye's): it does not
  // check a8 and the king may stay on the a-file. Walk: it checks a8, so the king leaves the file
  // or the bishop interposes on a3 (the bishop's other moves leave the check standing).
  const std::string fen = "k7/8/8/8/8/8/1(p:b)6/R6K b - - 0 1";
  auto moves = [&](const char* choice, bool& check) {
    fairy::Options o;
    REQUIRE(fairy::apply_interpretation(o, "fairy.paralysed-guard", choice));
    const auto game = fairy::Game::from_fen(fen, {"test", 1, 1}, o);
    check = game.in_check();
    return legal_uci(game);
  };
  bool check = true;
  CHECK(moves("none", check) == std::vector<std::string>{"a8a7", "a8b7", "a8b8", "b2a3", "b2c3", "b2d4", "b2e5", "b2f6", "b2g7", "b2h8"});
  CHECK_FALSE(check);
  CHECK(moves("walk", check) == std::vector<std::string>{"a8b7", "a8b8", "b2a3"});
  CHECK(check);
}

TEST_CASE("fairy.suffocation: a suffocated side with its king attacked is stalemated, or mated", "[fairy][paralysing][interpretations]") {
  // BEISPIEL/paralys.inp 6's special stalemate after 1.pKa7-b7: the rook a1 attacks a8, and
  // Black's only moves, were no man paralysed, are its paralysed men's.
  for (const auto& [choice, status] : {std::pair{"stalemate", GameStatus::Stalemate}, std::pair{"mate", GameStatus::Checkmate}}) {
    fairy::Options o;
    REQUIRE(fairy::apply_interpretation(o, "fairy.suffocation", choice));
    auto demo = fairy::Game::from_fen("k7/(p:K)7/2p5/8/8/8/8/R7 w - - 0 1", {"test", 1, 1}, o);
    demo.play(by_uci(demo, "a7b7"));
    INFO(choice);
    CHECK(demo.status() == status);
    CHECK(demo.in_check() == (status == GameStatus::Checkmate));
  }
}

TEST_CASE("fairy rule set: a kamikaze man, '(k:R)', vanishes with what it captures", "[fairy][kamikaze]") {
  // BEISPIEL/anystip.inp of Popeye's suite (expected output "1.kBa7*b8[-wkBb8] !" and
  // "1.kKa8-b7 !"): the kamikaze pawn's capture onto the last rank promotes nothing, the kamikaze
  // king captures nothing (its side would lose its king).
  auto game = fairy::Game::from_fen("(k:K)n6/(k:P)7/8/8/8/8/8/8 w - - 0 1", {});
  CHECK(legal_uci(game) == std::vector<std::string>{"a7b8", "a8b7"});
  game.play(by_uci(game, "a7b8"));
  CHECK(placement(game.fen()) == "(k:K)7/8/8/8/8/8/8/8 b -");
  game.undo();
  CHECK(placement(game.fen()) == "(k:K)n6/(k:P)7/8/8/8/8/8/8 w -");
  // A kamikaze rook takes the d7 knight and is gone: the black king is free of it (checked against
  // Popeye 4.104 live with random kamikaze positions, White's moves and Black's perft 2).
  auto rook = fairy::Game::from_fen("3k4/3n4/8/8/8/8/8/3(k:R)K3 w - - 0 1", {});
  rook.play(by_uci(rook, "d1d7"));
  CHECK(placement(rook.fen()) == "3k4/8/8/8/8/8/8/4K3 b -");
  CHECK_FALSE(rook.in_check());
}

TEST_CASE("fairy rule set: an uncapturable man, '(u:R)', is never taken, yet checks", "[fairy][uncapturable]") {
  // Popeye 4.104 live ("pieces white ka1 qb7 black kh8 black uncapturable ra8", ~1): the rook
  // checks the king a1; the queen may not take it, only block (Ka1-b2, Ka1-b1, Qb7-a6, Qb7-a7).
  const auto game = fairy::Game::from_fen("(u:r)6k/1Q6/8/8/8/8/8/K7 w - - 0 1", {});
  CHECK(game.in_check());
  CHECK(legal_uci(game) == std::vector<std::string>{"a1b1", "a1b2", "b7a6", "b7a7"});
}

TEST_CASE("fairy rule set: the sting is royal by its kind, a king's steps and a grasshopper's hops", "[fairy][royal]") {
  // Its moves as Popeye 4.104 lists them ("~1", live): the king's steps but e3 (the pawn on f4
  // guards it), over d6 to d7 and over f4 to g4.
  CHECK(legal_from("(st)7/8/3P4/8/3(ST)1p2/8/8/8 w - - 0 1", "d4") ==
        std::vector<std::string>{"d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4d7", "d4e4", "d4e5", "d4g4"});
  // A rook on the a-file checks the black sting like a king.
  CHECK(fairy::Game::from_fen("R7/8/8/8/8/8/8/(st)3(ST)3 b - - 0 1", {"test", 1, 1}).in_check());
}

TEST_CASE("fairy rule set: pawned pieces, a pawn's moves off their first rank beside a piece's", "[fairy][pawned]") {
  // Popeye 4.104 live ("~1": every move listed), its pawns/combined.c: the dragon a pawn and a
  // knight, the gryphon a pawn's steps and a bishop, the ship a pawn's captures and a rook.
  // From its first rank the dragon moves as a knight alone (b1); from its second a pawn's step,
  // double step and captures too (c2); the gryphon steps onto its last rank unpromoted (g7-g8);
  // the ship takes forward diagonally (e2xd3, e2xf3) and moves as a rook. 45 moves, as Popeye.
  const std::string fen = "k7/6(GY)1/8/8/8/1p1p1p2/2(DR)(GY)(SH)3/1(DR)5K w - - 0 1";
  CHECK(legal_from(fen, "b1") == std::vector<std::string>{"b1a3", "b1c3"});
  CHECK(legal_from(fen, "c2") ==
        std::vector<std::string>{"c2a1", "c2a3", "c2b3", "c2b4", "c2c3", "c2c4", "c2d3", "c2d4", "c2e1", "c2e3"});
  CHECK(legal_from(fen, "e2") == std::vector<std::string>{"e2d3", "e2e1", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8",
                                                          "e2f2", "e2f3", "e2g2", "e2h2"});
  auto game = fairy::Game::from_fen(fen, {});
  CHECK(perft(game, 1) == 45);
  const auto moves = legal_uci(game);
  CHECK(std::count(moves.begin(), moves.end(), "g7g8") == 1);  // no promotion
  // From its first rank the pawn part observes nothing either (Popeye's pawn captures reach the
  // third rank on): the black king may go to d2 and f2 beside the dragon on e1, not to the
  // knight's d3 and f3.
  auto king = fairy::Game::from_fen("K7/8/8/8/8/4k3/8/4(DR)3 b - - 0 1", {});
  CHECK(legal_uci(king) == std::vector<std::string>{"e3d2", "e3d4", "e3e2", "e3e4", "e3f2", "e3f4"});
  // En passant: a dragon and a ship take a pawn's double step so ("ser-h~1", live: 1.d7-d5
  // DRe5*d6 ep., 1.d7-d5 SHe5*d6 ep.; 186 and 1,065 lines, as perft 2 here); a pawned piece's
  // own double step leaves no en passant square (Popeye's en_passant_find_potential knows pawns
  // alone: after 1.DRd7-d5 no c5xd6, 138 lines).
  auto dragon_ep = fairy::Game::from_fen("k1b5/3p1p2/8/4(DR)3/8/4(SH)3/8/7K b - - 0 1", {});
  CHECK(perft(dragon_ep, 2) == 186);
  dragon_ep.play(by_uci(dragon_ep, "d7d5"));
  const auto replies = legal_uci(dragon_ep);
  CHECK(std::count(replies.begin(), replies.end(), "e5d6") == 1);
  auto ship_ep = fairy::Game::from_fen("5k2/1(dr)1p1p1r/8/4(SH)3/2p5/(sh)6(gy)/1(GY)1P2(DR)1/2K5 b - - 0 1", {});
  CHECK(perft(ship_ep, 2) == 1065);
  auto own_double_step = fairy::Game::from_fen("7k/1(sh)1(dr)1(gy)2/8/P1P1P1P1/8/8/8/K7 b - - 0 1", {});
  CHECK(perft(own_double_step, 2) == 138);
  own_double_step.play(by_uci(own_double_step, "d7d5"));
  CHECK(own_double_step.board().en_passant() == fairy::Board::NoSquare);
}

TEST_CASE("fairy rule set: the querquisite moves as the piece of the file it stands on", "[fairy][querquisite]") {
  // Popeye 4.104 live, its querquisite.c: a rook on the a- and h-files, a knight on b and g, a
  // bishop on c and f, a queen on d, a king's walk (no royalty) on e; it observes so too.
  const std::string fen = "7k/8/1(qq)1(qq)4/2p2(QQ)2/2(QQ)5/(QQ)(QQ)1(QQ)(QQ)1(QQ)1/K5(QQ)1/4r3 b - - 0 1";
  CHECK(legal_from("7k/8/8/8/8/(QQ)7/8/K7 w - - 0 1", "a3") ==
        std::vector<std::string>{"a3a2", "a3a4", "a3a5", "a3a6", "a3a7", "a3a8", "a3b3", "a3c3", "a3d3", "a3e3", "a3f3", "a3g3", "a3h3"});
  CHECK(legal_from("7k/8/8/8/8/8/8/K3(QQ)3 w - - 0 1", "e1") == std::vector<std::string>{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"});
  CHECK(legal_from("7k/8/8/8/8/8/8/K5(QQ)1 w - - 0 1", "g1") == std::vector<std::string>{"g1e2", "g1f3", "g1h3"});
  // Black's move and White's reply, every pair: "ser-h~1" lists 1,601, as perft 2 here.
  auto game = fairy::Game::from_fen(fen, {});
  CHECK(perft(game, 2) == 1601);
  // The white querquisite on d3 (a queen there) attacks e4, the one on c4 (a bishop there) d5;
  // nothing reaches h2 (the knights of g2 and g3 leap past it).
  CHECK(fairy::attacked(game.board(), game.board().square(4, 3), White));
  CHECK(fairy::attacked(game.board(), game.board().square(3, 4), White));
  CHECK_FALSE(fairy::attacked(game.board(), game.board().square(7, 1), White));  // h2: nothing reaches it
  // On a board of 10 files (a variant file's) the files say nothing: refused at its code, saying why.
  auto wide = std::make_shared<fairy::Variant>(*fairy::Variant::orthodox());
  wide->files = 10;
  const std::string fen10 = "9k/10/10/10/10/10/10/K1(QQ)7 w - - 0 1";
  try {
    (void)fairy::Game::from_fen(wide, fen10, {"f", 1, 1});
    FAIL("a querquisite on a board of 10 files was read");
  } catch (const ParseError& e) {
    CHECK(e.where().column - 1 == int(fen10.find('(')));
    CHECK(std::string(e.what()).find("a board of 8 files for the querquisite") != std::string::npos);
  }
}
