// The two paths of orthodox move generation agree: generate_legal() equals the candidates that
// no predicate rejects. And each predicate rejects exactly the moves the referee text names.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "rules/orthodox/movegen.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using orthodox::CastlingGuard;
using orthodox::Predicate;

namespace {


std::string names(const std::vector<std::uint16_t>& raw) {
  std::string out;
  for (auto r : raw) {
    // Rebuild the move from its bits through the public constructor.
    Move m(r & 63, (r >> 6) & 63, MoveKind((r >> 12) & 3), PieceType(((r >> 14) & 3) + Knight));
    out += to_uci(m) + " ";
  }
  return out;
}

orthodox::Options with_guard(CastlingGuard g) {
  orthodox::Options o;
  o.castling_guard = g;
  return o;
}

// The first predicate rejecting candidate `m` in `fen`, checking that the position is restored.
std::optional<Predicate> verdict(const std::string& fen, Move m, const orthodox::Options& options = {}) {
  Position pos = read_fen(fen);
  const std::string before = write_fen(pos);
  auto p = orthodox::first_failed_predicate(pos, m, options);
  CHECK(write_fen(pos) == before);  // the position is restored
  return p;
}

bool legal(const std::string& fen, Move m, const orthodox::Options& options = {}) {
  MoveList<> moves;
  orthodox::generate_legal(read_fen(fen), moves, options);
  return moves.contains(m);
}

bool candidate(const std::string& fen, Move m) {
  MoveList<> moves;
  orthodox::generate_candidates(read_fen(fen), moves);
  return moves.contains(m);
}

const Move WhiteShort(sq::e1, sq::g1, MoveKind::Castling);
const Move WhiteLong(sq::e1, sq::c1, MoveKind::Castling);
const Move BlackShort(sq::e8, sq::g8, MoveKind::Castling);

}  // namespace

TEST_CASE("generate_legal equals the candidates no predicate rejects", "[movegen]") {
  std::vector<std::string> fens;
  for (const auto& ref : test::standard_perft_suite()) fens.push_back(ref.fen);
  for (const auto& fen : test::random_game_positions(0xC0FFEE, 40, 150)) fens.push_back(fen);
  for (const auto& fen : test::sample_positions(0xBADC0DE, 300)) fens.push_back(fen);
  REQUIRE(fens.size() >= 4000);

  int positions = 0, rejected = 0, castling_candidates = 0, in_check = 0, ep_moves = 0;
  int rejected_by[5] = {};
  for (CastlingGuard guard : {CastlingGuard::KingPath, CastlingGuard::RefereeText}) {
    const auto options = with_guard(guard);
    for (const auto& fen : fens) {
      Position pos = read_fen(fen);
      MoveList<> legal, candidates, accepted;
      orthodox::generate_legal(pos, legal, options);
      orthodox::generate_candidates(pos, candidates);
      for (Move m : candidates) {
        if (m.kind() == MoveKind::Castling) ++castling_candidates;
        if (auto p = orthodox::first_failed_predicate(pos, m, options)) {
          ++rejected;
          ++rejected_by[int(*p)];
        } else {
          accepted.push(m);
        }
      }
      // Castling the generators did not propose (no right) is rejected by castling-right-held.
      const Square home = pos.side_to_move() == White ? sq::e1 : sq::e8;
      for (Square to : {home + 2, home - 2}) {
        const Move castle(home, to, MoveKind::Castling);
        if (candidates.contains(castle)) continue;
        auto p = orthodox::first_failed_predicate(pos, castle, options);
        INFO(fen << " " << to_uci(castle));
        REQUIRE(p.has_value());
        CHECK(*p == Predicate::CastlingRightHeld);
        ++rejected_by[int(*p)];
      }
      const auto fast = test::sorted_raw(legal), slow = test::sorted_raw(accepted);
      INFO(fen << (guard == CastlingGuard::KingPath ? " (king-path)" : " (referee-text)"));
      INFO("generate_legal: " << names(fast));
      INFO("candidates accepted: " << names(slow));
      CHECK(fast == slow);
      CHECK(std::adjacent_find(fast.begin(), fast.end()) == fast.end());  // no duplicates
      CHECK(orthodox::count_legal(pos, options) == legal.size());
      orthodox::Game game(pos, options);
      CHECK(game.count_legal() == legal.size());
      if (pos.in_check()) ++in_check;
      for (Move m : legal) ep_moves += m.kind() == MoveKind::EnPassant;
      ++positions;
    }
  }
  CHECK(positions >= 8000);
  CHECK(rejected > 1000);
  CHECK(castling_candidates > 500);
  CHECK(in_check > 200);
  CHECK(ep_moves > 20);
  // Every predicate has been exercised on this sample.
  for (int p = 0; p < 5; ++p) {
    INFO("predicate " << orthodox::predicate_name(Predicate(p)));
    CHECK(rejected_by[p] > 0);
  }
}

TEST_CASE("predicate names and rule texts", "[movegen]") {
  CHECK(orthodox::predicate_name(Predicate::KingNotLeftGuarded) == "king-not-left-guarded");
  CHECK(orthodox::predicate_name(Predicate::CastlingRightHeld) == "castling-right-held");
  CHECK(orthodox::predicate_name(Predicate::CastlingPathEmpty) == "castling-path-empty");
  CHECK(orthodox::predicate_name(Predicate::CastlingNotOutOfCheck) == "castling-not-out-of-check");
  CHECK(orthodox::predicate_name(Predicate::CastlingSquaresUnguarded) == "castling-squares-unguarded");
  for (int p = 0; p < 5; ++p) CHECK(orthodox::predicate_rule(Predicate(p)).size() > 10);
}

TEST_CASE("referee example: the king may not step onto a square guarded by a pinned queen", "[movegen]") {
  // "Global Considerations": black king a8, black queen d8 pinned by the white rook h8, white
  // bishop a1, white king e1. "the move 1. Ke1-d1 is not legal ... It is sufficient that the
  // queen is guarding the square d1". (The diagram prints the queen in upper case; the text
  // makes it Black's.)
  const std::string fen = "k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1";
  const Move kd1(sq::e1, sq::d1);
  CHECK(candidate(fen, kd1));
  CHECK_FALSE(legal(fen, kd1));
  auto p = verdict(fen, kd1);
  REQUIRE(p.has_value());
  CHECK(*p == Predicate::KingNotLeftGuarded);
  orthodox::Game game(read_fen(fen));
  CHECK(game.rejecting_predicate(kd1) == std::optional<std::string_view>("king-not-left-guarded"));
  // The other king steps off the d-file are fine; e2 and f-squares are unguarded.
  CHECK(legal(fen, Move(sq::e1, sq::e2)));
  CHECK(legal(fen, Move(sq::e1, sq::f1)));
  CHECK_FALSE(verdict(fen, Move(sq::e1, sq::f2)).has_value());
  CHECK_FALSE(legal(fen, Move(sq::e1, sq::d2)));  // d2 is guarded by the queen as well
  // The pinned queen really is pinned: Black cannot play Qd8xd1-style moves off the rank.
  const std::string black = "k2q3R/8/8/8/8/8/8/B3K3 b - - 1 1";
  CHECK_FALSE(legal(black, Move(sq::d8, sq::d1)));
  CHECK(verdict(black, Move(sq::d8, sq::d1)) == Predicate::KingNotLeftGuarded);
  CHECK(legal(black, Move(sq::d8, sq::h8)));  // capturing the pinner along the pin line
}

TEST_CASE("castling is rejected by the predicate that names the reason", "[movegen]") {
  SECTION("through a guarded square") {
    const std::string fen = "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1";  // f1 guarded by the rook on f2
    CHECK(candidate(fen, WhiteShort));
    CHECK(verdict(fen, WhiteShort) == Predicate::CastlingSquaresUnguarded);
    CHECK_FALSE(legal(fen, WhiteShort));
    CHECK(legal(fen, WhiteLong));
    CHECK_FALSE(verdict(fen, WhiteLong).has_value());
  }
  SECTION("onto a guarded square") {
    const std::string fen = "4k3/8/8/8/8/8/2r5/R3K2R w KQ - 0 1";  // c1 guarded by the rook on c2
    CHECK(verdict(fen, WhiteLong) == Predicate::CastlingSquaresUnguarded);
    CHECK_FALSE(legal(fen, WhiteLong));
    CHECK(legal(fen, WhiteShort));
  }
  SECTION("out of check") {
    const std::string fen = "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1";
    CHECK(verdict(fen, WhiteShort) == Predicate::CastlingNotOutOfCheck);
    CHECK(verdict(fen, WhiteLong) == Predicate::CastlingNotOutOfCheck);
    CHECK_FALSE(legal(fen, WhiteShort));
    CHECK_FALSE(legal(fen, WhiteLong));
  }
  SECTION("path blocked") {
    const std::string fen = "4k3/8/8/8/8/8/8/RN2KB1R w KQ - 0 1";
    CHECK(verdict(fen, WhiteShort) == Predicate::CastlingPathEmpty);
    CHECK(verdict(fen, WhiteLong) == Predicate::CastlingPathEmpty);  // b1 blocks though the king never crosses it
    CHECK_FALSE(legal(fen, WhiteShort));
    CHECK_FALSE(legal(fen, WhiteLong));
    // A blocked path wins over being in check: the predicates are tried in the text's order.
    CHECK(verdict("4k3/8/8/8/8/8/4r3/R3KB1R w KQ - 0 1", WhiteShort) == Predicate::CastlingPathEmpty);
  }
  SECTION("no right") {
    const std::string fen = "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1";
    CHECK_FALSE(candidate(fen, WhiteShort));
    CHECK(verdict(fen, WhiteShort) == Predicate::CastlingRightHeld);
    CHECK_FALSE(legal(fen, WhiteShort));
    CHECK(legal(fen, WhiteLong));
    // Rights lost by moving the king out and back.
    Position pos = read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    pos.make(Move(sq::e1, sq::e2));
    pos.make(Move(sq::e8, sq::e7));
    pos.make(Move(sq::e2, sq::e1));
    pos.make(Move(sq::e7, sq::e8));
    CHECK(orthodox::first_failed_predicate(pos, WhiteShort) == Predicate::CastlingRightHeld);
    CHECK(orthodox::first_failed_predicate(pos, WhiteLong) == Predicate::CastlingRightHeld);
  }
  SECTION("black castles by the same predicates") {
    const std::string fen = "r3k2r/8/8/8/8/8/8/4K1R1 b kq - 0 1";  // g8 guarded by the rook on g1
    CHECK(verdict(fen, BlackShort) == Predicate::CastlingSquaresUnguarded);
    CHECK(legal(fen, Move(sq::e8, sq::c8, MoveKind::Castling)));
  }
  SECTION("legal castling passes every predicate") {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    CHECK_FALSE(verdict(fen, WhiteShort).has_value());
    CHECK_FALSE(verdict(fen, WhiteLong).has_value());
    CHECK(legal(fen, WhiteShort));
    CHECK(legal(fen, WhiteLong));
  }
}

TEST_CASE("en passant that uncovers the king along the rank is illegal", "[movegen]") {
  const std::string fen = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1";
  const Move ep(sq::b5, sq::c6, MoveKind::EnPassant);
  CHECK(candidate(fen, ep));
  CHECK_FALSE(legal(fen, ep));
  CHECK(verdict(fen, ep) == Predicate::KingNotLeftGuarded);
  CHECK(legal(fen, Move(sq::b5, sq::b6)));  // the plain push keeps the rank closed

  // Without the rook the capture is legal.
  const std::string free = "8/8/8/KPp5/8/8/8/4k3 w - c6 0 1";
  CHECK(legal(free, ep));
  CHECK_FALSE(verdict(free, ep).has_value());

  // The capture that removes a checking pawn is legal; one that leaves a diagonal check is not.
  const std::string check_by_pawn = "8/8/8/2pP4/1K6/8/8/4k3 w - c6 0 1";
  CHECK(legal(check_by_pawn, Move(sq::d5, sq::c6, MoveKind::EnPassant)));
  // The captured pawn was shielding the king on a diagonal (FEN-only, but the rule holds).
  const Move dxe3(sq::d4, sq::e3, MoveKind::EnPassant);
  const std::string shield = "8/1k6/8/8/3pP3/8/8/4K2B b - e3 0 1";
  CHECK(candidate(shield, dxe3));
  CHECK_FALSE(legal(shield, dxe3));
  CHECK(verdict(shield, dxe3) == Predicate::KingNotLeftGuarded);
  // A pawn pinned on a diagonal may capture en passant along its pin line ...
  const std::string along = "8/k7/8/8/3pP3/8/8/4K1B1 b - e3 0 1";
  CHECK(legal(along, dxe3));
  CHECK_FALSE(verdict(along, dxe3).has_value());
  // ... but a pawn pinned on its file may not leave it.
  const std::string file_pin = "3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1";
  CHECK_FALSE(legal(file_pin, dxe3));
  CHECK(verdict(file_pin, dxe3) == Predicate::KingNotLeftGuarded);
  CHECK(legal(file_pin, Move(sq::d4, sq::d3)));
}
