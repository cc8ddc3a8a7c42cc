// Locusts, marine pieces, pawns of other walks and the lame riders in the fairy rule set
// (rules/fairy): every move list below is Popeye 4.104's, run live on the same position
// (stipulation ~1 for White's moves, h~1 for Black's first), square for square.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/fairy/game.h"
#include "solver/perft/perft.h"
#include "tests/support/legal_moves.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using test::by_uci;
using test::legal_uci;
using test::sorted;

using Moves = std::vector<std::string>;

TEST_CASE("fairy rule set: a locust captures over its prey onto the square behind it", "[fairy][locust]") {
  // Popeye: 1.Ld4*b4-a4, 1.Ld4*d6-d7; f6 has g7 (the knight) behind it, h4 nothing on the board.
  auto game = fairy::Game::from_fen("7k/6N1/3p1b2/8/1r1(L)3p/2B5/8/K7 w - - 0 1", {});
  CHECK(legal_uci(game) == sorted({"a1a2", "c3b2", "c3e1", "c3d2", "c3b4", "d4a4", "d4d7", "g7e6", "g7f5", "g7h5", "g7e8"}));
  const auto capture = game.parse_move("L_xd6-d7", {});
  CHECK(game.move_uci(capture) == "d4d7");
  CHECK(game.move_text(capture) == "L_xd6-d7");
  game.play(capture);
  CHECK(game.fen() == "7k/3(L)2N1/5b2/8/1r5p/2B5/8/K7 b - - 0 1");  // d6 taken, the locust on d7
  game.undo();
  CHECK(game.fen() == "7k/6N1/3p1b2/8/1r1(L)3p/2B5/8/K7 w - - 0 1");
  // A locust checks a king with an empty square behind it, and not one with a man there.
  CHECK(fairy::Game::from_fen("8/8/8/3k4/8/3(L)4/8/K7 b - - 0 1", {}).in_check());
  CHECK_FALSE(fairy::Game::from_fen("8/8/3p4/3k4/8/3(L)4/8/K7 b - - 0 1", {}).in_check());
  // Moving the man away from behind the king is self-check: d6-... leaves d6 empty.
  auto pinned = fairy::Game::from_fen("8/8/3n4/3k4/8/3(L)4/8/K7 b - - 0 1", {});
  for (const auto& m : legal_uci(pinned)) CHECK_FALSE(m.starts_with("d6"));
  // The same with a marine pawn's leap, whose capture needs e6 empty: Popeye (h~1) has only the
  // king's seven moves. The legality cut (movegen.h, CertainlyLegal) must not take the knight's
  // moves for safe: a leap's check depends on no other square, a locust's on its landing.
  CHECK(legal_uci(fairy::Game::from_fen("8/8/4n3/3k4/2(MP)5/8/8/K7 b - - 0 1", {})) ==
        sorted({"d5c4", "d5c5", "d5c6", "d5d4", "d5d6", "d5e4", "d5e5"}));
}

TEST_CASE("fairy rule set: marine pieces move as their rider or leaper and capture as locusts", "[fairy][locust]") {
  // Popeye: 1.MSa1-c2, 1.MSa1*b3-c5 and the king's three.
  auto knight = fairy::Game::from_fen("k7/8/8/3pp3/8/1p1r4/3n4/(MS)6K w - - 0 1", {});
  CHECK(legal_uci(knight) == sorted({"a1c2", "a1c5", "h1g1", "h1g2", "h1h2"}));
  // Sirene: the queen's moves up to the men, SIe1*d2-c3 and SIe1*e5-e6 over them.
  auto sirene = fairy::Game::from_fen("k7/8/8/3pp3/8/1p1r4/3n4/4(SI)2K w - - 0 1", {});
  CHECK(legal_uci(sirene) == sorted({"e1h4", "e1g3", "e1f2", "e1c3", "e1a1", "e1b1", "e1c1", "e1d1", "e1e6", "e1e4", "e1e3",
                                     "e1e2", "e1g1", "e1f1", "h1g2", "h1g1", "h1h2"}));
}

TEST_CASE("fairy rule set: berolina pawns and the marine pawn", "[fairy][pawns]") {
  // Popeye: 1.BPe2-g4, -f3, -c4, -d3 (the double step diagonally), 1.BPd4-e5 (c5 is taken and a
  // berolina pawn captures straight ahead only: d5 is empty), 1.MPg5*f6-e7, 1.MPg5-g6.
  auto game = fairy::Game::from_fen("k7/5(bp)1p/5n2/2p3(MP)1/3(BP)4/8/4(BP)3/7K w - - 0 1", {});
  CHECK(legal_uci(game) == sorted({"e2g4", "e2f3", "e2c4", "e2d3", "d4e5", "g5e7", "g5g6", "h1g2", "h1g1", "h1h2"}));
  CHECK(game.move_text(by_uci(game, "g5e7")) == "MP_xf6-e7");
  const auto double_step = by_uci(game, "e2c4");
  CHECK(game.move_text(double_step) == "BP_c4");
  game.play(double_step);
  CHECK(game.fen() == "k7/5(bp)1p/5n2/2p3(MP)1/2(BP)(BP)4/8/8/7K b - d3 0 1");  // it passed d3
}

TEST_CASE("fairy rule set: a marine pawn takes en passant over the square passed", "[fairy][pawns][locust]") {
  // Popeye, h~1: 1.b7-b5 MPc5*a7 ep. (over b6, taking the b5 pawn); 1.b7-b6 MPc5*b6-a7.
  auto game = fairy::Game::from_fen("k7/1p6/8/2(MP)5/8/8/8/7K b - - 0 1", {});
  game.play(by_uci(game, "b7b5"));
  CHECK(legal_uci(game) == sorted({"c5a7", "c5c6", "h1g1", "h1g2", "h1h2"}));
  game.play(by_uci(game, "c5a7"));
  CHECK(game.fen() == "k7/(MP)7/8/8/8/8/8/7K b - - 0 2");
  game.undo();
  game.undo();
  game.play(by_uci(game, "b7b6"));
  CHECK(legal_uci(game) == sorted({"c5a7", "c5c6", "h1g1", "h1g2", "h1h2"}));
}

TEST_CASE("fairy rule set: a marine pawn promotes to the marine pieces and the walks on the board", "[fairy][pawns]") {
  // Popeye: 1.MPd7-d8=S, =B, =L, =SI, =TR, =ND, =MS (no queen or rook on the board: its chain
  // has the marine four instead of the orthodox, and the walks the problem holds); the berolina
  // pawn beside it promotes to the orthodox four and the fairy walks on the board, not to the
  // nereide, which is not.
  auto game = fairy::Game::from_fen("8/1K1(MP)1(BP)2/6(l)1/6k1/4(ms)n2/8/4(TR)3/1b4(SI)1 w - - 0 1", {});
  Moves marine, berolina;
  for (const auto& m : legal_uci(game)) {
    if (m.starts_with("d7d8")) marine.push_back(m.substr(4));
    if (m.starts_with("f7g8")) berolina.push_back(m.substr(4));
  }
  CHECK(sorted(marine) == sorted({"n", "b", "l", "si", "tr", "nd", "ms"}));
  CHECK(sorted(berolina) == sorted({"q", "n", "r", "b", "l", "si", "tr", "ms"}));
}

TEST_CASE("fairy rule set: superpawns ride forward and capture along the diagonals", "[fairy][pawns]") {
  // Popeye: SPb2-b3 .. b7 and b8 promoting; BSd2 along both forward diagonals and *d5 straight.
  auto game = fairy::Game::from_fen("k7/8/8/3n1p2/8/8/1(SP)1(BS)4/7K w - - 0 1", {});
  CHECK(legal_uci(game) == sorted({"h1g1", "h1h2", "h1g2", "b2b3", "b2b4", "b2b5", "b2b6", "b2b7", "b2b8q", "b2b8r", "b2b8b",
                                   "b2b8n", "d2e3", "d2f4", "d2g5", "d2h6", "d2c3", "d2b4", "d2a5", "d2d5"}));
  game.play(by_uci(game, "b2b4"));
  CHECK(game.fen() == "k7/8/8/3n1p2/1(SP)6/8/3(BS)4/7K b - - 0 1");  // a ride, no en passant square
  // A superpawn takes no man en passant: after the berolina pawn's double step c7-a5 (passing b6)
  // the d4 superpawn's diagonal reaches b6, but Popeye (h~1, live) has no SPd4*b6.
  auto ep = fairy::Game::from_fen("2(l)5/2(bp)3K1/8/5B2/3(SP)3(po)/(bs)7/8/8 b - - 0 1", {});
  ep.play(by_uci(ep, "c7a5"));
  for (const auto& m : legal_uci(ep)) CHECK(m != "d4b6");
  CHECK(legal_uci(ep).size() == 25);
  // A superpawn may stand on its own first rank (it rides from there); an orthodox pawn may not.
  CHECK_NOTHROW(fairy::Game::from_fen("k7/8/8/8/8/8/8/1(SP)5K w - - 0 1", {}));
  CHECK_THROWS_AS(fairy::Game::from_fen("k7/8/8/8/8/8/8/1P5K w - - 0 1", {}), ParseError);
  CHECK_THROWS_AS(fairy::Game::from_fen("k(SP)6/8/8/8/8/8/8/7K w - - 0 1", {}), ParseError);
}

TEST_CASE("fairy rule set: the moa, the maorider and the moarider", "[fairy][lame]") {
  // Popeye: 1.MOb1*d2, -c3, -a3; 1.AOb2-d1, *d3; 1.OAd4*b3, -c2, -e2, -h2, -f3, -b8, -c6, -b5.
  auto game = fairy::Game::from_fen("k7/8/8/3pp3/3(OA)4/1p1r4/1(AO)1n4/1(MO)5K w - - 0 1", {});
  CHECK(legal_uci(game) == sorted({"b1d2", "b1c3", "b1a3", "h1g2", "h1g1", "h1h2", "b2d1", "b2d3", "d4b3", "d4c2", "d4e2", "d4h2",
                                   "d4f3", "d4b8", "d4c6", "d4b5"}));
}

TEST_CASE("fairy rule set: the marine ship, a triton with a marine pawn's captures from every rank", "[fairy][locust][pawned]") {
  // Popeye 4.104 live ("~1", "ser-h~1": every line listed; its marine.c): the triton's moves and
  // locust captures along the rook's lines, and the marine pawn's captures over a forward
  // diagonal neighbour from every rank, its own first too (e1 takes d2 and f2), en passant over
  // the square a pawn's double step passed (1.c7-c5 MHd5*b7 ep., 1.e7-e5 MHf5*d7 ep.).
  const auto moves = legal_uci(fairy::Game::from_fen("K6k/4p3/2r5/3(MH)4/8/8/3p1p2/1b2(MH)3 w - - 0 1", {}));
  CHECK(moves.size() == 31);
  CHECK(std::count(moves.begin(), moves.end(), "e1c3") == 1);  // over d2 onto c3
  CHECK(std::count(moves.begin(), moves.end(), "e1g3") == 1);  // over f2 onto g3
  CHECK(std::count(moves.begin(), moves.end(), "d5f7") == 0);  // e6 is empty: no locust capture
  auto en_passant = fairy::Game::from_fen("7k/2p1p3/8/3(MH)1(MH)2/8/8/4r3/K7 b - - 0 1", {});
  CHECK(perft(en_passant, 2) == 387);
  en_passant.play(by_uci(en_passant, "c7c5"));
  const auto replies = legal_uci(en_passant);
  CHECK(std::count(replies.begin(), replies.end(), "d5b7") == 1);
  en_passant.play(by_uci(en_passant, "d5b7"));
  CHECK(en_passant.fen().rfind("7k/1(MH)2p3/8/5(MH)2/", 0) == 0);  // the pawn on c5 taken
  auto black = fairy::Game::from_fen("3(mh)4/2P1P3/8/7k/8/6B1/p7/K(mh)6 b - - 0 1", {});
  CHECK(perft(black, 2) == 767);
}
