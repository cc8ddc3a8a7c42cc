// Time Traveler's Chess explosion supports: hypothetical reach in at most three moves (values
// worked out by hand), the pruned search against the exhaustive one, and the pairing of past
// explosions with distinct supports.

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/orthodox/movegen.h"
#include "rules/timetravel/support.h"
#include "rules/timetravel/support_matching.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::timetravel;

namespace {

// The side's men from a FEN; `traveling` and `traveled` mark men of either colour. The FEN's
// en passant square is the side's when it is to move.
SupportBoard board_of(std::string_view fen, Color side, Bitboard traveling = 0, Bitboard traveled = 0,
                      SupportCheck check = SupportCheck::Ignored) {
  FenOptions options;
  options.orthodox_legality = false;
  const Position pos = read_fen(fen, {"<test>", 1, 1}, options);
  SupportBoard b;
  b.side = side;
  for (int t = Pawn; t <= King; ++t) b.own[t] = pos.pieces(side, PieceType(t));
  b.own_traveling = pos.pieces(side) & traveling;
  b.own_untraveled = pos.pieces(side) & ~traveling & ~traveled;
  b.enemy = pos.pieces(~side);
  b.enemy_traveling = b.enemy & traveling;
  b.castling = pos.castling_rights();
  if (side == pos.side_to_move()) b.en_passant = pos.en_passant_square();
  b.check = check;
  for (int t = Pawn; t <= King; ++t) b.enemy_type[t] = pos.pieces(~side, PieceType(t));
  b.enemy_untraveled = b.enemy & ~traveling & ~traveled;
  return b;
}

Bitboard squares(std::initializer_list<int> list) {
  Bitboard b = 0;
  for (int s : list) b |= square_bb(s);
  return b;
}

const std::string Start(StartFen);

}  // namespace

TEST_CASE("support: knights in the start position (game 1: Nf6/e8)", "[timetravel-support]") {
  const SupportBoard b = board_of(Start, White);
  // b1-c3-e4-f6 (or -d5-f6): three moves, the text's support of 1.Nf6/e8.
  const SupportReach b1 = support_reach(b, sq::b1, Knight, SupportMoves::Plain);
  CHECK(b1.moves[sq::f6] == 3);
  // g1 and f6 are both dark: a knight needs an even number of moves, and two do not reach
  // (a distance of one file and five ranks); helper moves cannot change that. So g1 is no
  // support of f6 even with e2 cleared.
  const SupportReach g1 = support_reach(b, sq::g1, Knight, SupportMoves::Plain);
  CHECK_FALSE(g1.squares & square_bb(sq::f6));
  CHECK(support_distance(b, sq::g1, Knight, sq::f6, SupportMoves::Plain) == 0);
  CHECK(explosion_supports(b, Knight, sq::f6, SupportMoves::Plain, SupportChoice::Any) == square_bb(sq::b1));
  // g1's first moves; e2 only once the pawn has left it.
  CHECK(g1.moves[sq::f3] == 1);
  CHECK(g1.moves[sq::h3] == 1);
  CHECK(g1.moves[sq::e2] == 2);
  // c3: b1 in one move; g1 through e2 once the e-pawn has moved (e2-e4, Ne2, Nc3), three.
  CHECK(b1.moves[sq::c3] == 1);
  CHECK(g1.moves[sq::c3] == 3);
  CHECK(support_distance(b, sq::g1, Knight, sq::c3, SupportMoves::Plain) == 3);
  CHECK(explosion_supports(b, Knight, sq::c3, SupportMoves::Plain, SupportChoice::Any) == squares({sq::b1, sq::g1}));
  CHECK(explosion_supports(b, Knight, sq::c3, SupportMoves::Plain, SupportChoice::Nearest) == square_bb(sq::b1));
  // Occupied squares are never explosion squares.
  CHECK(explosion_supports(b, Knight, sq::e2, SupportMoves::Plain, SupportChoice::Any) == 0);
}

TEST_CASE("support: rook, bishop and pawn in the start position", "[timetravel-support]") {
  const SupportBoard b = board_of(Start, White);
  // Rook a1: a2-a4 then Ra2/Ra3; Nb1 away then Rb1 (2). a2-a4-a5 then Ra4; Ra3 then along the
  // empty third rank (3). Nothing in one move.
  const SupportReach a1 = support_reach(b, sq::a1, Rook, SupportMoves::Plain);
  CHECK(a1.squares == squares({sq::a2, sq::a3, sq::b1, sq::a4, sq::b3, sq::c3, sq::d3, sq::e3, sq::f3, sq::g3, sq::h3}));
  CHECK(a1.moves[sq::a3] == 2);
  CHECK(a1.moves[sq::a2] == 2);
  CHECK(a1.moves[sq::b1] == 2);
  CHECK(a1.moves[sq::a4] == 3);
  CHECK(a1.moves[sq::e3] == 3);
  CHECK(support_distance(b, sq::a1, Rook, sq::a3, SupportMoves::Plain, 1) == 0);
  CHECK(support_distance(b, sq::a1, Rook, sq::a3, SupportMoves::Plain) == 2);
  // Bishop c1: only the d-pawn frees c1-h6 (d2-d3 or d2-d4, then Bf4): two. Bh6xg7: three.
  const SupportReach c1 = support_reach(b, sq::c1, Bishop, SupportMoves::Plain);
  CHECK(c1.moves[sq::f4] == 2);
  CHECK(c1.moves[sq::d2] == 2);
  CHECK(c1.moves[sq::a3] == 2);
  CHECK(c1.moves[sq::g7] == 3);
  CHECK_FALSE(c1.squares & square_bb(sq::h7));
  // Pawn e2 as a pawn: e3, e4 at once; e5 then e6. No enemy to take on the way.
  const SupportReach e2 = support_reach(b, sq::e2, Pawn, SupportMoves::Plain);
  CHECK(e2.squares == squares({sq::e3, sq::e4, sq::e5, sq::e6}));
  CHECK(e2.moves[sq::e3] == 1);
  CHECK(e2.moves[sq::e4] == 1);
  CHECK(e2.moves[sq::e5] == 2);
  CHECK(e2.moves[sq::e6] == 3);
  // A pawn on its second rank cannot promote within three moves; a rook supports no bishop.
  CHECK(support_reach(b, sq::e2, Queen, SupportMoves::Plain).squares == 0);
  CHECK(support_reach(b, sq::a1, Bishop, SupportMoves::Plain).squares == 0);
  CHECK(support_reach(b, sq::e1, Queen, SupportMoves::Plain).squares == 0);
  // Black's side, mirrored: b8-c6-e5-f3 reaches f3 in three, g8 does not.
  const SupportBoard black = board_of(Start, Black);
  CHECK(support_distance(black, sq::b8, Knight, sq::f3, SupportMoves::Plain) == 3);
  CHECK(support_distance(black, sq::g8, Knight, sq::f3, SupportMoves::Plain) == 0);
}

TEST_CASE("support: pawns by promotion", "[timetravel-support]") {
  // b7-b8=Q (1) then Qb4 (2).
  const SupportBoard b7 = board_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", White);
  const SupportReach q = support_reach(b7, sq::b7, Queen, SupportMoves::Plain);
  CHECK(q.moves[sq::b8] == 1);
  CHECK(q.moves[sq::b4] == 2);
  CHECK(q.moves[sq::h2] == 2);  // b8-h2 diagonal
  CHECK(explosion_supports(b7, Queen, sq::b4, SupportMoves::Plain, SupportChoice::Any) == square_bb(sq::b7));
  // As a knight: b8=N then Nd7.
  CHECK(support_reach(b7, sq::b7, Knight, SupportMoves::Plain).moves[sq::d7] == 2);
  // As a pawn it cannot move at all (b8 would promote it); a pawn never becomes a king.
  CHECK(support_reach(b7, sq::b7, Pawn, SupportMoves::Plain).squares == 0);
  CHECK(support_reach(b7, sq::b7, King, SupportMoves::Plain).squares == 0);
  // A pawn on b5 needs all three moves to promote: as a rook it stands only on b8, never a1.
  const SupportBoard b5 = board_of("4k3/8/8/1P6/8/8/8/4K3 w - - 0 1", White);
  const SupportReach r = support_reach(b5, sq::b5, Rook, SupportMoves::Plain);
  CHECK(r.squares == square_bb(sq::b8));
  CHECK(r.moves[sq::b8] == 3);
  CHECK(explosion_supports(b5, Rook, sq::a1, SupportMoves::Plain, SupportChoice::Any) == 0);
  // Black promotes on the first rank: b2-b1=Q then Qb5.
  const SupportBoard black = board_of("4k3/8/8/8/8/8/1p6/4K3 b - - 0 1", Black);
  CHECK(support_distance(black, sq::b2, Queen, sq::b5, SupportMoves::Plain) == 2);
}

TEST_CASE("support: captures and NoTravelingCapture", "[timetravel-support]") {
  // Rook a1, enemy knight a5: Rxa5 (1) then Ra8 (2).
  const std::string fen = "7k/8/8/n7/8/8/8/R3K3 w - - 0 1";
  const SupportReach plain = support_reach(board_of(fen, White), sq::a1, Rook, SupportMoves::Plain);
  CHECK(plain.moves[sq::a5] == 1);
  CHECK(plain.moves[sq::a6] == 2);
  CHECK(plain.moves[sq::a8] == 2);
  // The knight traveling: it may not be taken under NoTravelingCapture (Plain still may), so
  // the rook goes round: Rb1-b6-a6 and Rb1-b8-a8, three.
  const SupportBoard traveling = board_of(fen, White, square_bb(sq::a5));
  CHECK(support_reach(traveling, sq::a1, Rook, SupportMoves::Plain).moves[sq::a8] == 2);
  const SupportReach no_take = support_reach(traveling, sq::a1, Rook, SupportMoves::NoTravelingCapture);
  CHECK_FALSE(no_take.squares & square_bb(sq::a5));
  CHECK(no_take.moves[sq::a6] == 3);
  CHECK(no_take.moves[sq::a8] == 3);
  CHECK(no_take.moves[sq::a4] == 1);
  // A helper takes the blocker of a pawn and steps away: Nxe3, N away, then e2-e3 or e2-e4.
  const std::string blocked = "4k3/8/8/8/8/4n3/2N1P3/4K3 w - - 0 1";
  const SupportReach e2 = support_reach(board_of(blocked, White), sq::e2, Pawn, SupportMoves::Plain);
  CHECK(e2.squares == squares({sq::e3, sq::e4}));
  CHECK(e2.moves[sq::e3] == 3);
  CHECK(e2.moves[sq::e4] == 3);
  CHECK(support_reach(board_of(blocked, White, square_bb(sq::e3)), sq::e2, Pawn, SupportMoves::NoTravelingCapture)
            .squares == 0);
}

TEST_CASE("support: annihilation and castling under SupportMoves::All", "[timetravel-support]") {
  // An own traveling rook on a4 blocks the a-file; the untraveled rook h4 can annihilate it
  // (Rh4//a4), freeing the file: Ra6 in two. Without annihilation: Rb1-b6-a6, three.
  const SupportBoard b = board_of("7k/8/8/8/R6R/8/8/R3K3 w - - 0 1", White, square_bb(sq::a4));
  CHECK(support_reach(b, sq::a1, Rook, SupportMoves::Plain).moves[sq::a6] == 3);
  CHECK(support_reach(b, sq::a1, Rook, SupportMoves::All).moves[sq::a6] == 2);
  CHECK(support_distance(b, sq::a1, Rook, sq::a6, SupportMoves::All) == 2);
  // The traveling rook itself supports nothing: only untraveled men do.
  CHECK(support_reach(b, sq::a4, Rook, SupportMoves::All).squares == 0);
  // A pawn annihilation clears a file: e2//e3 (the traveling pawn), then Re5. Without it the
  // e-pawn is stuck and the rook goes round (Rf1-f5-e5).
  const SupportBoard p = board_of("7k/8/8/8/8/4P3/4P3/K3R3 w - - 0 1", White, square_bb(sq::e3));
  CHECK(support_reach(p, sq::e1, Rook, SupportMoves::Plain).moves[sq::e5] == 3);
  CHECK(support_reach(p, sq::e1, Rook, SupportMoves::All).moves[sq::e5] == 2);
  // By the double step (game 4's d2//d4) when the interpretation allows it; with the straight
  // step only the pawn needs two moves (e2-e3, e3//e4).
  SupportBoard d = board_of("7k/8/8/8/4P3/8/4P3/K3R3 w - - 0 1", White, square_bb(sq::e4));
  CHECK(support_reach(d, sq::e1, Rook, SupportMoves::All).moves[sq::e5] == 2);
  d.pawn_annihilation = PawnAnnihilation::StraightOnly;
  CHECK(support_reach(d, sq::e1, Rook, SupportMoves::All).moves[sq::e5] == 3);

  // A helper promotes to a rook just to annihilate: bxa8=R, Ra8//a5, then Ra1-a7 (three). No
  // queen would do, and without annihilation the rook (walled in by Kb1) needs four.
  const SupportBoard r = board_of("n6k/1P6/8/R7/8/8/8/RK6 w - - 0 1", White, square_bb(sq::a5));
  CHECK(support_reach(r, sq::a1, Rook, SupportMoves::All).moves[sq::a7] == 3);
  CHECK_FALSE(support_reach(r, sq::a1, Rook, SupportMoves::Plain).squares & square_bb(sq::a7));
  // Two helpers, the first only enabling the second: Na6 away, Ra8//a3 (the traveling rook that
  // holds a3), then Nb1-a3. a6 and every square Na6 could go to are off the knight's own paths.
  const SupportBoard n = board_of("R6k/8/N7/8/8/R7/8/1N2K3 w - - 0 1", White, square_bb(sq::a3));
  CHECK(support_reach(n, sq::b1, Knight, SupportMoves::All).moves[sq::a3] == 3);
  CHECK_FALSE(support_reach(n, sq::b1, Knight, SupportMoves::Plain).squares & square_bb(sq::a3));

  // Castling: Ke1 reaches g1 in one by O-O (All), two otherwise (Kf1, Kg1).
  const SupportBoard c = board_of("7k/8/8/8/8/8/8/4K2R w K - 0 1", White);
  CHECK(support_reach(c, sq::e1, King, SupportMoves::All).moves[sq::g1] == 1);
  CHECK(support_reach(c, sq::e1, King, SupportMoves::Plain).moves[sq::g1] == 2);
  // A knight on g1 must leave first (1), then O-O (2); by king steps Kf1, N away, Kg1 (3).
  const SupportBoard g = board_of("7k/8/8/8/8/8/8/4K1NR w K - 0 1", White);
  CHECK(support_reach(g, sq::e1, King, SupportMoves::All).moves[sq::g1] == 2);
  CHECK(support_reach(g, sq::e1, King, SupportMoves::Plain).moves[sq::g1] == 3);
  // Without the right, castling is out.
  const SupportBoard no_right = board_of("7k/8/8/8/8/8/8/4K2R w - - 0 1", White);
  CHECK(support_reach(no_right, sq::e1, King, SupportMoves::All).moves[sq::g1] == 2);
}

TEST_CASE("support: en passant as the first hypothetical move", "[timetravel-support]") {
  // Black has just played d7-d5: the e5 pawn may take en passant, and only now.
  const std::string fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  const SupportBoard b = board_of(fen, White);
  REQUIRE(b.en_passant == sq::d6);
  const SupportReach e5 = support_reach(b, sq::e5, Pawn, SupportMoves::Plain);
  CHECK(e5.moves[sq::d6] == 1);
  CHECK(e5.moves[sq::d7] == 2);
  CHECK(e5.moves[sq::e6] == 1);
  // Without the right (Black to move, or the move before was another) d6 is out of reach.
  SupportBoard no_right = b;
  no_right.en_passant = NoSquare;
  const SupportReach plain = support_reach(no_right, sq::e5, Pawn, SupportMoves::Plain);
  CHECK_FALSE(plain.squares & square_bb(sq::d6));
  CHECK(plain.moves[sq::e6] == 1);
  CHECK(board_of(fen, Black).en_passant == NoSquare);

  // A helper's capture clears two men off a line: exd6 e.p. takes d5 and leaves e5, so the
  // rook a5 reaches h5 in two. Without it: Rxd5, e6, Rh5 (or round by a4 or a6), three.
  const std::string rook = "4k3/8/8/R2pP3/8/8/8/4K3 w - d6 0 1";
  const SupportBoard r = board_of(rook, White);
  CHECK(support_reach(r, sq::a5, Rook, SupportMoves::Plain).moves[sq::h5] == 2);
  CHECK(support_distance(r, sq::a5, Rook, sq::h5, SupportMoves::Plain) == 2);
  SupportBoard r_no_right = r;
  r_no_right.en_passant = NoSquare;
  CHECK(support_reach(r_no_right, sq::a5, Rook, SupportMoves::Plain).moves[sq::h5] == 3);

  // After an annihilation by a double step (...d7//d5) no pawn stands on d5: the capture undoes
  // the annihilation and the traveling pawn returns there, blocking the rank again. The knight
  // e6 keeps the e-pawn from advancing, so the rook needs three either way (exd6 e.p. and Rxd5,
  // or round by a4 or a6); a capture that brought nothing back would give two.
  SupportBoard undo = board_of("4k3/8/4N3/R3P3/8/8/8/4K3 w - - 0 1", White);
  undo.en_passant = sq::d6;
  undo.en_passant_restores = sq::d5;
  CHECK(support_reach(undo, sq::e5, Pawn, SupportMoves::Plain).moves[sq::d6] == 1);
  CHECK(support_reach(undo, sq::a5, Rook, SupportMoves::Plain).moves[sq::h5] == 3);
  CHECK(support_reach_exhaustive(undo, sq::a5, Rook, SupportMoves::Plain).moves[sq::h5] == 3);
  undo.en_passant_restores = NoSquare;
  CHECK(support_reach(undo, sq::a5, Rook, SupportMoves::Plain).moves[sq::h5] == 2);
}

TEST_CASE("support: check in the hypothesis (timetravel.support-check)", "[timetravel-support]") {
  // The bishop e2 is pinned: Black's rook e8 would take the king, Black being resolved. Ignored:
  // Bb5 in one. Each-move: the king must step aside first (Kd1, Bb5): two.
  const std::string fen = "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1";
  const SupportBoard ignored = board_of(fen, White);
  CHECK(support_reach(ignored, sq::e2, Bishop, SupportMoves::Plain).moves[sq::b5] == 1);
  const SupportBoard each = board_of(fen, White, 0, 0, SupportCheck::EachMove);
  CHECK(support_reach(each, sq::e2, Bishop, SupportMoves::Plain).moves[sq::b5] == 2);
  CHECK(support_distance(each, sq::e2, Bishop, sq::b5, SupportMoves::Plain) == 2);
  // The king itself steps off the file as before.
  CHECK(support_reach(each, sq::e1, King, SupportMoves::Plain).moves[sq::d1] == 1);
  CHECK(support_reach(each, sq::e1, King, SupportMoves::Plain).moves[sq::f2] == 1);
  // With Black unresolved (a traveling knight on a8) the rook's threat is no check: one again.
  const SupportBoard unresolved = board_of("n3r2k/8/8/8/8/8/4B3/4K3 w - - 0 1", White, square_bb(sq::a8), 0,
                                           SupportCheck::EachMove);
  CHECK(support_reach(unresolved, sq::e2, Bishop, SupportMoves::Plain).moves[sq::b5] == 1);
}

namespace {

// Every untraveled man of either side, as every type it may support, under every SupportMoves:
// the pruned search must find exactly what the exhaustive one finds. Returns the comparisons.
int compare_with_exhaustive(const std::string& fen, Bitboard traveling, Bitboard traveled,
                            SupportCheck check = SupportCheck::Ignored) {
  FenOptions options;
  options.orthodox_legality = false;
  const Position pos = read_fen(fen, {"<test>", 1, 1}, options);
  int compared = 0;
  for (Color side : {White, Black}) {
    const SupportBoard b = board_of(fen, side, traveling, traveled, check);
    for (SupportMoves rules : {SupportMoves::Plain, SupportMoves::NoTravelingCapture, SupportMoves::All})
      for (Bitboard men = b.own_untraveled; men;) {
        const Square from = pop_lsb(men);
        for (int t = Pawn; t <= King; ++t) {
          const bool pawn = b.own[Pawn] & square_bb(from);
          if (!(b.own[t] & square_bb(from)) && !(pawn && can_support(Pawn, PieceType(t)))) continue;
          const SupportReach fast = support_reach(b, from, PieceType(t), rules);
          const SupportReach slow = support_reach_exhaustive(b, from, PieceType(t), rules);
          INFO(fmt::format("{} traveling {:#x} traveled {:#x} side {} from {} as {} rules {} check {}", fen, traveling,
                           traveled, int(side), square_name(from), t, int(rules), int(check)));
          REQUIRE(fast.squares == slow.squares);
          REQUIRE(fast.moves == slow.moves);
          // The one-target search agrees, on every empty square.
          for (Bitboard probe = ~pos.occupied(); probe;) {
            const Square target = pop_lsb(probe);
            REQUIRE(support_distance(b, from, PieceType(t), target, rules) == slow.moves[target]);
          }
          ++compared;
        }
      }
  }
  return compared;
}

}  // namespace

TEST_CASE("support: pruned search equals the exhaustive one", "[timetravel-support]") {
  std::vector<std::string> fens = {Start};
  for (const auto& ref : test::standard_perft_suite()) fens.push_back(ref.fen);
  // Promotions near and castling rights on both wings.
  fens.push_back("r3k2r/1P4P1/8/3p4/8/8/1p4p1/R3K2R w KQkq - 0 1");
  fens.push_back("r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R b KQkq - 0 1");
  // Random games from the start, keeping castling rights and reaching promotions.
  test::Rng rng(20240611);
  test::MoveBias bias;
  bias.pawn = 2;
  bias.capture = 2;
  bias.promotion = 20;
  bias.keep_rights = 3;
  for (int game = 0; game < 12; ++game) {
    Position pos = Position::start();
    const int plies = 10 + 8 * game;
    for (int ply = 0; ply < plies; ++ply) {
      MoveList<> moves;
      orthodox::generate_legal(pos, moves);
      if (moves.empty()) break;
      pos.make(test::pick_move(pos, rng, bias));
    }
    fens.push_back(write_fen(pos));
  }
  int compared = 0;
  for (const std::string& fen : fens) {
    FenOptions options;
    options.orthodox_legality = false;
    const Bitboard occupied = read_fen(fen, {"<test>", 1, 1}, options).occupied();
    // Everything untraveled; then some men of either side traveling or traveled.
    compared += compare_with_exhaustive(fen, 0, 0);
    Bitboard traveling = 0, traveled = 0;
    for (Bitboard men = occupied; men;) {
      const Square s = pop_lsb(men);
      const int roll = rng.below(100);
      if (roll < 15) traveling |= square_bb(s);
      else if (roll < 25) traveled |= square_bb(s);
    }
    compared += compare_with_exhaustive(fen, traveling, traveled);
  }
  // The hand-made positions above, where annihilation, castling and helper captures matter.
  compared += compare_with_exhaustive("n6k/1P6/8/R7/8/8/8/RK6 w - - 0 1", square_bb(sq::a5), 0);
  compared += compare_with_exhaustive("R6k/8/N7/8/8/R7/8/1N2K3 w - - 0 1", square_bb(sq::a3), 0);
  compared += compare_with_exhaustive("7k/8/8/8/4P3/8/4P3/K3R3 w - - 0 1", square_bb(sq::e4), 0);
  compared += compare_with_exhaustive("4k3/8/8/8/8/4n3/2N1P3/4K3 w - - 0 1", square_bb(sq::e3), 0);
  compared += compare_with_exhaustive("7k/8/8/8/8/8/8/4K1NR w K - 0 1", 0, 0);
  compared += compare_with_exhaustive("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", squares({sq::d1, sq::f8}), 0);
  // En passant as the first move, by the support and by a helper.
  compared += compare_with_exhaustive("4k3/8/8/R2pP3/8/8/8/4K3 w - d6 0 1", 0, 0);
  compared += compare_with_exhaustive("r3k3/8/8/1PpP4/8/8/8/R3K3 w Qq c6 0 1", squares({sq::a8}), 0);
  // Check in the hypothesis (each-move: the ball cut alone against no cut), with kings of
  // every stage, resolved and unresolved opponents, castling through attacked squares.
  for (const char* fen : {"4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1",
                          "4k3/8/8/R2pP3/8/8/8/4K3 w - d6 0 1", "1n2k3/8/8/3b4/8/8/3P4/R1B1K2R w KQ - 0 1"}) {
    compared += compare_with_exhaustive(fen, 0, 0, SupportCheck::EachMove);
    compared += compare_with_exhaustive(fen, squares({sq::b8, sq::d5}), squares({sq::e1}), SupportCheck::EachMove);
  }
  CHECK(compared > 2000);
}

TEST_CASE("support: all reaches of one side in the start position are fast", "[timetravel-support]") {
  const auto time_side = [](const SupportBoard& b, int reps) {
    std::uint64_t sink = 0;
    const auto begin = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
      for (Bitboard men = b.own_untraveled; men;) {
        const Square from = pop_lsb(men);
        for (int t = Pawn; t <= King; ++t)
          if ((b.own[t] & square_bb(from)) || ((b.own[Pawn] & square_bb(from)) && can_support(Pawn, PieceType(t))))
            sink += support_reach(b, from, PieceType(t), SupportMoves::Plain).squares;
      }
    const auto end = std::chrono::steady_clock::now();
    CHECK(sink != 0);
    return std::chrono::duration<double, std::micro>(end - begin).count() / reps;
  };
  const double start_us = time_side(board_of(Start, White), 200);
  const double kiwi_us =
      time_side(board_of("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", White), 50);
  WARN(fmt::format("support_reach, all men and types of one side: start position {:.1f} us, kiwipete {:.1f} us",
                   start_us, kiwi_us));
  CHECK(start_us < 1000.0);
}

TEST_CASE("support matching: explosions paired with distinct supports", "[timetravel-support]") {
  std::vector<int> assignment;
  // Two explosions sharing their only support.
  CHECK_FALSE(supports_can_be_matched({{7}, {7}}, &assignment));
  CHECK(assignment.empty());
  // {a, b}, {a}: the first must take b.
  REQUIRE(supports_can_be_matched({{1, 2}, {1}}, &assignment));
  CHECK(assignment == std::vector<int>{2, 1});
  // Needs an augmenting path: {a,b}, {b,c}, {a} -> c... the only perfect pairing is b, c, a.
  REQUIRE(supports_can_be_matched({{10, 20}, {20, 30}, {10}}, &assignment));
  CHECK(assignment == std::vector<int>{20, 30, 10});
  // Three explosions, two supports between them.
  CHECK_FALSE(supports_can_be_matched({{1, 2}, {1, 2}, {2, 1}}));
  // An explosion with no support, and no explosions at all.
  CHECK_FALSE(supports_can_be_matched({{1}, {}}));
  CHECK(supports_can_be_matched({}));
  // Repeated ids in a set are harmless.
  REQUIRE(supports_can_be_matched({{5, 5, 6}, {5}}, &assignment));
  CHECK(assignment == std::vector<int>{6, 5});
}
