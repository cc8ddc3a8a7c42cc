// Named interpretations of the orthodox rule text (rules/orthodox/options.h): each choice is
// tested, and the registry quotes the seed text verbatim.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <string>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "rules/orthodox/mirror.h"
#include "rules/orthodox/movegen.h"
#include "rules/orthodox/options.h"
#include "solver/perft/perft.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using orthodox::CastlingGuard;
using orthodox::Predicate;

namespace {

orthodox::Options guard(CastlingGuard g) {
  orthodox::Options o;
  o.castling_guard = g;
  return o;
}

bool legal(const std::string& fen, Move m, const orthodox::Options& options) {
  MoveList<> moves;
  orthodox::generate_legal(read_fen(fen), moves, options);
  return moves.contains(m);
}

std::optional<Predicate> verdict(const std::string& fen, Move m, const orthodox::Options& options) {
  Position pos = read_fen(fen);
  return orthodox::first_failed_predicate(pos, m, options);
}

std::string normalise_space(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
    } else {
      if (space) out += ' ';
      space = false;
      out += c;
    }
  }
  return out;
}

const Interpretation* find_interpretation(std::string_view id) {
  for (const auto& i : orthodox::interpretations())
    if (i.id == id) return &i;
  return nullptr;
}

const Move WhiteShort(sq::e1, sq::g1, MoveKind::Castling);
const Move WhiteLong(sq::e1, sq::c1, MoveKind::Castling);

}  // namespace

TEST_CASE("orthodox.castling-guarded-squares: king-path vs referee-text", "[interpretation]") {
  const auto king_path = guard(CastlingGuard::KingPath);
  const auto referee = guard(CastlingGuard::RefereeText);
  CHECK(orthodox::Options{}.castling_guard == CastlingGuard::KingPath);  // the default

  SECTION("only the rook's square h1 is guarded") {
    const std::string fen = "4k3/8/8/3b4/8/8/8/R3K2R w KQ - 0 1";  // bishop d5 sees h1, nothing else on rank 1
    CHECK(legal(fen, WhiteShort, king_path));
    CHECK_FALSE(verdict(fen, WhiteShort, king_path).has_value());
    CHECK_FALSE(legal(fen, WhiteShort, referee));
    CHECK(verdict(fen, WhiteShort, referee) == Predicate::CastlingSquaresUnguarded);
    // The queenside is untouched under both readings.
    CHECK(legal(fen, WhiteLong, king_path));
    CHECK(legal(fen, WhiteLong, referee));
    orthodox::Game game(read_fen(fen), referee);
    CHECK(game.rejecting_predicate(WhiteShort) == std::optional<std::string_view>("castling-squares-unguarded"));
    CHECK(game.count_legal() + 1 == orthodox::Game(read_fen(fen), king_path).count_legal());
  }
  SECTION("only b1 is guarded") {
    const std::string fen = "4k3/8/8/8/8/n7/8/R3K2R w KQ - 0 1";  // knight a3 sees b1 (and c2)
    CHECK(legal(fen, WhiteLong, king_path));
    CHECK_FALSE(verdict(fen, WhiteLong, king_path).has_value());
    CHECK_FALSE(legal(fen, WhiteLong, referee));
    CHECK(verdict(fen, WhiteLong, referee) == Predicate::CastlingSquaresUnguarded);
    CHECK(legal(fen, WhiteShort, referee));
  }
  SECTION("only the rook's square a1 is guarded") {
    const std::string fen = "4k3/8/8/r7/8/8/8/R3K2R w KQ - 0 1";
    CHECK(legal(fen, WhiteLong, king_path));
    CHECK_FALSE(legal(fen, WhiteLong, referee));
    CHECK(verdict(fen, WhiteLong, referee) == Predicate::CastlingSquaresUnguarded);
  }
  SECTION("Black, rook's square h8 guarded") {
    const std::string fen = "r3k2r/8/8/8/8/8/8/4K2R b k - 0 1";
    const Move black_short(sq::e8, sq::g8, MoveKind::Castling);
    // The white rook on h1 sees h8 along the open h-file.
    CHECK(legal(fen, black_short, king_path));
    CHECK(verdict(fen, black_short, referee) == Predicate::CastlingSquaresUnguarded);
  }
  SECTION("squares the king crosses are guarded under both readings") {
    const std::string fen = "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1";
    CHECK(verdict(fen, WhiteShort, king_path) == Predicate::CastlingSquaresUnguarded);
    CHECK(verdict(fen, WhiteShort, referee) == Predicate::CastlingSquaresUnguarded);
  }
  SECTION("perft references hold under king-path and not under referee-text") {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const std::uint64_t reference[] = {26, 568, 13744, 314346};
    for (int depth = 1; depth <= 4; ++depth) {
      orthodox::Game game(read_fen(fen), king_path);
      CHECK(perft(game, depth) == reference[depth - 1]);
    }
    orthodox::Game literal(read_fen(fen), referee);
    // Read literally, neither side may castle here: the rooks face each other on the open
    // a- and h-files, so a1, h1, a8 and h8 are all guarded. 26 - 2 castlings = 24.
    CHECK(perft(literal, 1) == 24);
    CHECK(perft(literal, 3) < 13744);
  }
}

TEST_CASE("orthodox.queenside-castling-distance: the king moves two squares", "[interpretation]") {
  Position pos = read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  CHECK(moves.contains(WhiteLong));
  CHECK_FALSE(moves.contains(Move(sq::e1, sq::b1, MoveKind::Castling)));  // not "[queen * 3]"
  CHECK(parse_uci(pos, "e1c1") == WhiteLong);
  CHECK_FALSE(parse_uci(pos, "e1b1").has_value());
  pos.make(WhiteLong);
  CHECK(pos.piece_on(sq::c1) == make_piece(White, King));
  CHECK(pos.piece_on(sq::d1) == make_piece(White, Rook));
  CHECK(pos.empty(sq::a1));
  CHECK(pos.empty(sq::b1));
  CHECK(pos.empty(sq::e1));
  // The rook on d1 now guards d8: Black may not castle long, but may castle short.
  CHECK_FALSE(parse_uci(pos, "e8c8").has_value());
  pos.make(Move(sq::e8, sq::g8, MoveKind::Castling));
  CHECK(write_fen(pos) == "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2");
  // Black's long castling: king to c8, rook to d8.
  Position b = read_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  const Move black_long(sq::e8, sq::c8, MoveKind::Castling);
  CHECK(parse_uci(b, "e8c8") == black_long);
  b.make(black_long);
  CHECK(write_fen(b) == "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
  // Kingside: king to g1, rook to f1.
  Position k = read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  k.make(WhiteShort);
  CHECK(write_fen(k) == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

TEST_CASE("orthodox.pawn-double-step-guard: a pawn may double-step across a guarded square", "[interpretation]") {
  // e3 is guarded by the knight on f5; the double step needs only unoccupied squares.
  const std::string fen = "4k3/8/8/5n2/8/8/4P3/4K3 w - - 0 1";
  Position pos = read_fen(fen);
  REQUIRE(pos.attacked_by(Black, sq::e3));
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  CHECK(moves.contains(Move(sq::e2, sq::e4)));
  CHECK(moves.contains(Move(sq::e2, sq::e3)));
  CHECK_FALSE(orthodox::first_failed_predicate(pos, Move(sq::e2, sq::e4)).has_value());
  // Both squares guarded (e3 by the knight, e4 by the pawn on d5): still legal.
  const std::string both = "4k3/8/8/3p1n2/8/8/4P3/4K3 w - - 0 1";
  MoveList<> more;
  orthodox::generate_legal(read_fen(both), more);
  CHECK(more.contains(Move(sq::e2, sq::e4)));
  // An occupied square in between still stops it.
  MoveList<> blocked;
  orthodox::generate_legal(read_fen("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1"), blocked);
  CHECK_FALSE(blocked.contains(Move(sq::e2, sq::e4)));
  CHECK_FALSE(blocked.contains(Move(sq::e2, sq::e3)));
}

TEST_CASE("orthodox.king-count: one-each vs at-most-one", "[interpretation]") {
  orthodox::Options kingless;
  CHECK(kingless.king_count == orthodox::KingCount::OneEach);  // the default
  REQUIRE(orthodox::apply_interpretation(kingless, "orthodox.king-count", "at-most-one"));
  CHECK(kingless.king_count == orthodox::KingCount::AtMostOne);
  const SourceLocation at{"t", 1, 1};

  SECTION("a position without a white king is refused by default, read under at-most-one") {
    const std::string fen = "4r2k/8/8/8/8/8/4B3/8 w - - 0 1";
    CHECK_THROWS_WITH(orthodox::Game::from_fen(fen, at), Catch::Contains("expected exactly one White king, found 0") &&
                                                             Catch::Contains("orthodox.king-count=at-most-one"));
    const orthodox::Game game = orthodox::Game::from_fen(fen, at, kingless);
    // No king to shield: the bishop on e2 is not pinned by the rook on e8 (with a king on e1 it
    // could not move at all), and every one of its 9 moves is legal.
    CHECK(game.count_legal() == 9);
    CHECK(orthodox::Game(read_fen("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1")).count_legal() == 4);  // the king's moves alone
    CHECK_FALSE(game.in_check());
  }
  SECTION("two kings of a colour stay illegal under at-most-one") {
    CHECK_THROWS_WITH(orthodox::Game::from_fen("4k3/8/8/8/8/8/8/K6K w - - 0 1", at, kingless),
                      Catch::Contains("expected exactly one White king, found 2"));
  }
  SECTION("a side without a king is never in check, so never mated; with no move it is stalemated") {
    // Black has a pawn on a7, blocked, and no king.
    orthodox::Game game = orthodox::Game::from_fen("8/p7/P7/8/8/8/8/1Q5K b - - 0 1", at, kingless);
    CHECK_FALSE(game.in_check());
    CHECK_FALSE(game.has_legal_move());
    CHECK(game.status() == GameStatus::Stalemate);
    // En passant needs no king test either.
    const orthodox::Game ep = orthodox::Game::from_fen("4r3/8/8/3pP3/8/8/8/7k w - d6 0 1", at, kingless);
    MoveList<> moves;
    ep.generate_legal(moves);
    CHECK(std::count(moves.begin(), moves.end(), Move(sq::e5, sq::d6, MoveKind::EnPassant)) == 1);
  }
  SECTION("perft with a king matches under both choices") {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    orthodox::Game a(read_fen(fen)), b(read_fen(fen), kingless);
    CHECK(perft(a, 3) == 13744);
    CHECK(perft(b, 3) == 13744);
  }
}

TEST_CASE("orthodox.castling-exclusive-*: independent vs exclusive", "[interpretation]") {
  const SourceLocation at{"t", 1, 1};
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  orthodox::Options a1h8;
  CHECK(a1h8.exclusive_a1h8 == orthodox::CastlingPair::Independent);  // the default
  REQUIRE(orthodox::apply_interpretation(a1h8, "orthodox.castling-exclusive-a1h8", "exclusive"));
  CHECK(std::string(orthodox::CastlingPairPrefix) + "a1h8" == "orthodox.castling-exclusive-a1h8");
  const auto has = [](const orthodox::Game& g, Move m) {
    MoveList<> moves;
    g.generate_legal(moves);
    return std::count(moves.begin(), moves.end(), m) == 1;
  };
  const Move black_short(sq::e8, sq::g8, MoveKind::Castling), black_long(sq::e8, sq::c8, MoveKind::Castling);

  SECTION("White's castling with the a1 rook cancels Black's with the h8 rook, only under exclusive") {
    orthodox::Game independent = orthodox::Game::from_fen(fen, at), exclusive = orthodox::Game::from_fen(fen, at, a1h8);
    for (auto* g : {&independent, &exclusive}) g->play(Move(sq::e1, sq::c1, MoveKind::Castling));
    CHECK(has(independent, black_short));
    CHECK_FALSE(has(exclusive, black_short));
    CHECK(exclusive.position().castling_rights() == BlackQueenside);  // the other black castling is not paired
    exclusive.undo();
    CHECK(exclusive.position().castling_rights() == AllCastling);
  }
  SECTION("the pair is mutual: Black's castling first cancels White's") {
    orthodox::Game g = orthodox::Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", at, a1h8);
    g.play(black_short);
    CHECK_FALSE(has(g, Move(sq::e1, sq::c1, MoveKind::Castling)));
    CHECK(g.position().castling_rights() == WhiteKingside);
  }
  SECTION("a rook move proves nothing: it cancels its own right only") {
    orthodox::Game g = orthodox::Game::from_fen(fen, at, a1h8);
    g.play(Move(sq::a1, sq::b1));
    CHECK(has(g, black_short));
    CHECK(g.position().castling_rights() == (WhiteKingside | BlackKingside | BlackQueenside));
  }
  SECTION("perft: the same at depth 1, fewer nodes where a castling was played") {
    orthodox::Options all;
    for (std::string_view pair : {"a1a8", "a1h8", "h1a8", "h1h8"})
      REQUIRE(orthodox::apply_interpretation(all, "orthodox.castling-exclusive-" + std::string(pair), "exclusive"));
    orthodox::Game independent = orthodox::Game::from_fen(fen, at), exclusive = orthodox::Game::from_fen(fen, at, all);
    CHECK(perft(independent, 1) == perft(exclusive, 1));
    CHECK(perft(independent, 2) == 568);  // CPW's "r3k2r/8/8/8/8/8/8/R3K2R w KQkq": 26, 568, 13744
    // After 0-0-0 Black may castle short only (d8 is guarded), after 0-0 long only (f8 is):
    // under the four pairs neither, 2 fewer.
    CHECK(perft(exclusive, 2) == 568 - 2);
  }
  SECTION("the colour flip turns a1h8 into h1a8") {
    const orthodox::Game flipped = orthodox::colour_flip(orthodox::Game::from_fen(fen, at, a1h8));
    CHECK(flipped.options().exclusive_h1a8 == orthodox::CastlingPair::Exclusive);
    CHECK(flipped.options().exclusive_a1h8 == orthodox::CastlingPair::Independent);
  }
}

TEST_CASE("interpretation registry quotes the referee text verbatim", "[interpretation]") {
  const auto& all = orthodox::interpretations();
  const std::string seed_text = test::read_text_file(test::shared_path("seeds/chess-rules-referee.txt"));
  const std::string seed = normalise_space(seed_text);
  REQUIRE(seed.size() > 10000);

  for (std::string_view id :
       {"orthodox.castling-guarded-squares", "orthodox.queenside-castling-distance", "orthodox.pawn-double-step-guard",
        "orthodox.king-count", "orthodox.castling-exclusive-a1a8", "orthodox.castling-exclusive-a1h8",
        "orthodox.castling-exclusive-h1a8", "orthodox.castling-exclusive-h1h8"}) {
    INFO(id);
    const auto* i = find_interpretation(id);
    REQUIRE(i != nullptr);
    CHECK(i->variant == "orthodox");
    CHECK(i->source == "chess-rules-referee.txt");
    REQUIRE_FALSE(i->quote.empty());
    CHECK(seed.find(normalise_space(i->quote)) != std::string::npos);
    REQUIRE_FALSE(i->choices.empty());
    CHECK(i->choices.front().name == i->default_choice);
    for (const auto& c : i->choices) {
      CHECK_FALSE(c.meaning.empty());
      // Phrases a choice cites in double quotes are also from the seed.
      std::string_view m = c.meaning;
      for (auto open = m.find('"'); open != std::string_view::npos; open = m.find('"', open + 1)) {
        auto close = m.find('"', open + 1);
        REQUIRE(close != std::string_view::npos);
        const std::string cited = normalise_space(m.substr(open + 1, close - open - 1));
        INFO("cited: " << cited);
        CHECK(seed.find(cited) != std::string::npos);
        open = close;
      }
    }
  }
  // Ids are unique and follow "<variant>.<topic>".
  for (std::size_t a = 0; a < all.size(); ++a) {
    CHECK(all[a].id.substr(0, all[a].variant.size() + 1) == std::string(all[a].variant) + ".");
    for (std::size_t b = a + 1; b < all.size(); ++b) CHECK(all[a].id != all[b].id);
  }
  // The castling choice offers both readings tested above.
  const auto* castling = find_interpretation("orthodox.castling-guarded-squares");
  REQUIRE(castling != nullptr);
  REQUIRE(castling->choices.size() == 2);
  CHECK(castling->choices[0].name == "king-path");
  CHECK(castling->choices[1].name == "referee-text");
  // The normaliser does what the test relies on.
  CHECK(normalise_space("  a \n\t b  c ") == "a b c");
}
