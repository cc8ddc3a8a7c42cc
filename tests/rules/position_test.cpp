// Position: make/unmake and null moves restore everything; the incremental Zobrist key always
// equals a key computed from scratch; en passant squares are hashed only when usable.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/movegen.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

// The key from the board alone, written independently of Position's incremental updates.
zobrist::Key scratch_key(const Position& pos) {
  zobrist::Key k = 0;
  for (Square s = 0; s < 64; ++s)
    if (pos.piece_on(s) != NoPiece) k ^= zobrist::piece_square[pos.piece_on(s)][s];
  k ^= zobrist::castling[pos.castling_rights()];
  if (pos.side_to_move() == Black) k ^= zobrist::black_to_move;
  const Square ep = pos.en_passant_square();
  const Color us = pos.side_to_move();
  if (ep != NoSquare && (pawn_attacks(~us, ep) & pos.pieces(us, Pawn))) k ^= zobrist::en_passant_file[file_of(ep)];
  return k;
}

// Every way of recomputing the key agrees with the incremental one.
void check_key(const Position& pos) {
  INFO(write_fen(pos));
  CHECK(pos.key() == scratch_key(pos));
  CHECK(pos.key() == read_fen(write_fen(pos)).key());
}

void play(Position& pos, std::string_view uci) {
  auto m = parse_uci(pos, uci);
  INFO("move " << uci << " in " << write_fen(pos));
  REQUIRE(m.has_value());
  pos.make(*m);
}

Position after(std::string_view fen, std::initializer_list<std::string_view> moves) {
  Position pos = read_fen(fen);
  for (auto m : moves) play(pos, m);
  return pos;
}

}  // namespace

TEST_CASE("make/unmake restores FEN and key, and the incremental key equals the scratch key", "[position]") {
  const auto starts = test::random_play_starts();
  test::Rng rng(0x5EED0001);
  test::MoveBias bias;
  bias.capture = 1;
  bias.pawn = 1;
  int plies = 0, trial_moves = 0;
  for (int game = 0; game < 24; ++game) {
    Position pos = read_fen(starts[game % starts.size()]);
    check_key(pos);
    struct Snapshot {
      std::string fen;
      zobrist::Key key;
      Position copy;
    };
    std::vector<Snapshot> history;
    for (int ply = 0; ply < 160; ++ply) {
      MoveList<> moves;
      orthodox::generate_legal(pos, moves);
      if (moves.empty()) break;
      const std::string fen = write_fen(pos);
      const zobrist::Key key = pos.key();
      const Position copy = pos;
      // Every legal move: played, key checked, taken back exactly.
      for (Move m : moves) {
        pos.make(m);
        CHECK(pos.last_move() == m);
        CHECK(pos.key_before(1) == key);
        check_key(pos);
        pos.unmake();
        INFO("after undoing " << to_uci(m) << " in " << fen);
        CHECK(write_fen(pos) == fen);
        CHECK(pos.key() == key);
        CHECK(pos == copy);
        ++trial_moves;
      }
      history.push_back({fen, key, copy});
      pos.make(test::pick_move(pos, rng, bias));
      ++plies;
    }
    CHECK(pos.plies_played() == int(history.size()));
    // Take the whole game back, checking every position on the way.
    while (!history.empty()) {
      pos.unmake();
      const Snapshot& snap = history.back();
      INFO("game " << game << ", ply " << history.size());
      CHECK(write_fen(pos) == snap.fen);
      CHECK(pos.key() == snap.key);
      CHECK(pos == snap.copy);
      CHECK(pos.king_square(White) == snap.copy.king_square(White));
      CHECK(pos.king_square(Black) == snap.copy.king_square(Black));
      CHECK(pos.occupied() == snap.copy.occupied());
      CHECK(pos.pieces(White) == snap.copy.pieces(White));
      for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King}) CHECK(pos.pieces(t) == snap.copy.pieces(t));
      history.pop_back();
    }
    CHECK(pos.plies_played() == 0);
  }
  CHECK(plies >= 2000);
  CHECK(trial_moves >= 40000);
}

TEST_CASE("captures, promotions, castling and en passant are undone exactly", "[position]") {
  // One position with every special move available to White.
  const std::string fen = "r3k2r/1P4P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
  Position pos = read_fen(fen);
  const zobrist::Key key = pos.key();
  for (std::string_view uci : {"e5d6", "b7b8q", "b7a8n", "g7h8r", "g7g8b", "e1g1", "e1c1", "a1a8", "h1h8"}) {
    INFO(uci);
    auto m = parse_uci(pos, uci);
    REQUIRE(m.has_value());
    pos.make(*m);
    check_key(pos);
    pos.unmake();
    CHECK(write_fen(pos) == fen);
    CHECK(pos.key() == key);
  }
  // Spot checks of the resulting boards.
  play(pos, "e5d6");
  CHECK(pos.last_captured() == make_piece(Black, Pawn));
  CHECK(pos.empty(sq::d5));
  CHECK(pos.piece_on(sq::d6) == make_piece(White, Pawn));
  pos.unmake();
  play(pos, "b7a8n");
  CHECK(pos.piece_on(sq::a8) == make_piece(White, Knight));
  CHECK(pos.last_captured() == make_piece(Black, Rook));
  CHECK(pos.castling_rights() == (WhiteKingside | WhiteQueenside | BlackKingside));
  pos.unmake();
  play(pos, "e1c1");
  CHECK(pos.piece_on(sq::c1) == make_piece(White, King));
  CHECK(pos.piece_on(sq::d1) == make_piece(White, Rook));
  CHECK(pos.empty(sq::a1));
  CHECK(pos.castling_rights() == (BlackKingside | BlackQueenside));
  pos.unmake();
  CHECK(write_fen(pos) == fen);
}

TEST_CASE("null move: passes the turn and is undone exactly", "[position]") {
  int nulls = 0;
  for (const auto& fen : test::random_game_positions(0x0411, 8, 100)) {
    Position pos = read_fen(fen);
    if (pos.in_check()) continue;  // passing while in check would leave an impossible position
    const zobrist::Key key = pos.key();
    const Color side = pos.side_to_move();
    pos.make_null();
    INFO(fen);
    CHECK(pos.side_to_move() == ~side);
    CHECK(pos.en_passant_square() == NoSquare);
    CHECK(pos.halfmove_clock() == read_fen(fen).halfmove_clock() + 1);
    CHECK(pos.key() != key);
    check_key(pos);
    // A move after the null move, and both undone.
    MoveList<> replies;
    orthodox::generate_legal(pos, replies);
    if (!replies.empty()) {
      pos.make(replies[0]);
      check_key(pos);
      pos.unmake();
    }
    pos.unmake_null();
    CHECK(write_fen(pos) == fen);
    CHECK(pos.key() == key);
    CHECK(pos == read_fen(fen));
    ++nulls;
  }
  CHECK(nulls >= 500);

  // Null move from a position with a usable en passant square drops it from the key.
  Position pos = read_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  const zobrist::Key with_ep = pos.key();
  pos.make_null();
  pos.make_null();
  CHECK(pos.en_passant_square() == NoSquare);
  CHECK(pos.key() == read_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").key());
  CHECK(pos.key() != with_ep);
  pos.unmake_null();
  pos.unmake_null();
  CHECK(pos.key() == with_ep);
  CHECK(pos.en_passant_square() == sq::e3);
}

TEST_CASE("en passant hashing: only a usable square changes the key", "[position]") {
  SECTION("useless: no enemy pawn beside the pawn that double-stepped") {
    const Position pos = after(StartFen, {"e2e4"});
    CHECK(pos.en_passant_square() == sq::e3);
    const auto without = read_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    const auto with = read_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(pos.key() == without.key());
    CHECK(pos.key() == with.key());
    CHECK_FALSE(pos == without);  // the positions still differ as records
  }
  SECTION("useful: an enemy pawn can capture en passant") {
    const Position pos = after("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"e2e4"});
    CHECK(pos.en_passant_square() == sq::e3);
    const auto without = read_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    const auto with = read_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(pos.key() != without.key());
    CHECK(pos.key() == with.key());
    CHECK(pos.key() == (without.key() ^ zobrist::en_passant_file[4]));
    // One ply later the right has lapsed: the key no longer carries it.
    Position later = pos;
    play(later, "g8f6");
    const Position same = after("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", {"g8f6"});
    CHECK(later.key() == same.key());
  }
  SECTION("an own pawn beside the square does not make it usable") {
    const Position a = read_fen("4k3/8/8/8/3PP3/8/8/4K3 b - e3 0 1");
    const Position b = read_fen("4k3/8/8/8/3PP3/8/8/4K3 b - - 0 1");
    CHECK(a.key() == b.key());
  }
  SECTION("move orders reaching one position with different en passant squares") {
    const Position a = after(StartFen, {"e2e4", "e7e6", "d2d4"});
    const Position b = after(StartFen, {"d2d4", "e7e6", "e2e4"});
    CHECK(a.en_passant_square() == sq::d3);
    CHECK(b.en_passant_square() == sq::e3);
    CHECK(a.key() == b.key());
  }
}

TEST_CASE("transpositions give the same key, and different states do not", "[position]") {
  const Position a = after(StartFen, {"g1f3", "g8f6", "b1c3", "b8c6"});
  const Position b = after(StartFen, {"b1c3", "b8c6", "g1f3", "g8f6"});
  CHECK(a.key() == b.key());
  CHECK(write_fen(a) == write_fen(b));

  // Knights out and back: the start position again (the key ignores the move counters).
  const Position back = after(StartFen, {"g1f3", "g8f6", "f3g1", "f6g8"});
  CHECK(back.key() == Position::start().key());
  CHECK(back.halfmove_clock() == 4);

  // King out and back: same placement, but the castling rights are gone.
  const Position king = after(StartFen, {"e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"});
  const Position pawns = after(StartFen, {"e2e4", "e7e5"});
  CHECK(king.castling_rights() == NoCastling);
  CHECK(king.key() != pawns.key());
  CHECK(king.key() == read_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1").key());

  // Side to move is part of the key.
  CHECK(read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key() != read_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").key());

  // Rook moves drop only their own side's right.
  const Position rook = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"h1h2", "a8a7"});
  CHECK(rook.castling_rights() == (WhiteQueenside | BlackKingside));
  CHECK(rook.key() == read_fen("4k2r/r7/8/8/8/8/7R/R3K3 w Qk - 2 2").key());
  CHECK(rook.key_before(2) == read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").key());
}

TEST_CASE("the shipped magic numbers are all valid (no search at start-up)", "[bitboard]") {
  CHECK_FALSE(magics_needed_search());
  // Spot-check the tables they index against ray-walked attacks.
  CHECK(rook_attacks(sq::a1, square_bb(sq::a4) | square_bb(sq::d1)) ==
        (square_bb(sq::a2) | square_bb(sq::a3) | square_bb(sq::a4) | square_bb(sq::b1) | square_bb(sq::c1) | square_bb(sq::d1)));
  CHECK(bishop_attacks(sq::d4, square_bb(sq::f6)) ==
        (square_bb(sq::e5) | square_bb(sq::f6) | square_bb(sq::c5) | square_bb(sq::b6) | square_bb(sq::a7) |
         square_bb(sq::c3) | square_bb(sq::b2) | square_bb(sq::a1) | square_bb(sq::e3) | square_bb(sq::f2) | square_bb(sq::g1)));
}
