// Conditional Chess rules (rules/conditional/): conditions of each kind, the branch played,
// the turn cycle with its check and illegal-C-move exceptions, each interpretation's choices,
// the notation, and the statement-counting perft.

#include <catch2/catch.hpp>

#include <string>

#include "rules/conditional/game.h"
#include "rules/notation/san.h"
#include "solver/perft/perft.h"

using namespace arbiter;
using namespace arbiter::conditional;

namespace {

Game game_at(const std::string& fen, Options options = {}) { return Game::from_fen(fen, {"<test>", 1, 1}, options); }

void play(Game& g, const std::string& text) { g.play(g.parse_move(text, {"<test>", 1, 1})); }

Condition condition_of(const std::string& statement) { return read_statement(statement, {"<test>", 1, 1}).condition; }

}  // namespace

TEST_CASE("conditional: each kind of condition, for the player who states it", "[conditional]") {
  const Position pos = Game::from_fen("4k3/8/8/6b1/8/8/8/4K3 w - - 0 1", {"<test>", 1, 1}).position();
  CHECK(holds(pos, White, condition_of("Bg5?Kd1/Kd2")));   // an enemy bishop on g5
  CHECK_FALSE(holds(pos, White, condition_of("Ng5?Kd1/Kd2")));
  CHECK(holds(pos, White, condition_of("Eg5?Kd1/Kd2")));   // any enemy man
  CHECK_FALSE(holds(pos, Black, condition_of("Eg5?Kd1/Kd2")));  // Black's own bishop is no enemy
  CHECK_FALSE(holds(pos, White, condition_of("g5?Kd1/Kd2")));  // not empty
  CHECK(holds(pos, White, condition_of("a8?Kd1/Kd2")));
  CHECK(holds(pos, White, condition_of("Ke8?Kd1/Kd2")));
  CHECK_FALSE(holds(pos, Black, condition_of("Ke8?Kd1/Kd2")));
}

TEST_CASE("conditional: the turn cycle and the branch the condition selects", "[conditional]") {
  Game g;
  CHECK(g.phase() == Phase::A);
  play(g, "e4");
  CHECK(g.phase() == Phase::B);
  CHECK(g.side_to_move() == Black);
  play(g, "d5");
  CHECK(g.phase() == Phase::C);
  CHECK(g.side_to_move() == White);
  play(g, "!d4");  // White's C-move
  CHECK(g.last_execution()->move.has_value());
  CHECK(g.phase() == Phase::A);
  CHECK(g.side_to_move() == Black);
  play(g, "dxe4");
  play(g, "Bg5");
  // Black asks for an enemy bishop on g5: true, so the then-move.
  CHECK_THROWS_MATCHES(g.parse_move("Bg5?Nf6/*c6*", {"<test>", 1, 1}), IllegalMoveError,
                       Catch::Predicate<IllegalMoveError>([](const IllegalMoveError& e) {
                         return e.predicate() == std::optional<std::string>("marked-branch-is-selected");
                       }));
  play(g, "Bg5?*Nf6*/c6");
  CHECK(g.last_execution()->branch == Branch::Then);
  CHECK(g.position().piece_on(sq::f6) == make_piece(Black, Knight));
  CHECK(g.side_to_move() == White);
  CHECK(g.phase() == Phase::A);
  // A condition that fails selects the else-move.
  play(g, "Nc3");
  play(g, "Nbd7");
  play(g, "Ec3?Nf3/Nh3");  // c3 holds White's own knight: no enemy man, the else-move
  CHECK(g.last_execution()->branch == Branch::Else);
  CHECK(g.position().piece_on(sq::h3) == make_piece(White, Knight));
  g.undo();
  CHECK(g.phase() == Phase::C);
  CHECK(g.position().piece_on(sq::g1) == make_piece(White, Knight));
}

TEST_CASE("conditional: an illegal C-move is skipped, or the opponent moves one of the C-mover's men", "[conditional]") {
  Game g;
  play(g, "e4");
  play(g, "e5");
  play(g, "!e5");  // the pawn on e4 is blocked: illegal, skipped
  CHECK_FALSE(g.last_execution()->move.has_value());
  CHECK(g.phase() == Phase::A);
  CHECK(g.side_to_move() == Black);  // Black's A-move right after his B-move
  play(g, "Nc6");
  CHECK(g.side_to_move() == White);

  Options variant;
  REQUIRE(apply_interpretation(variant, "conditional.illegal-c-move", "opponent-moves"));
  Game v(Position::start(), Phase::A, variant);
  play(v, "e4");
  play(v, "e5");
  play(v, "!e5");
  CHECK(v.phase() == Phase::Substitute);
  CHECK(v.side_to_move() == Black);  // Black chooses ...
  play(v, "Na3");                   // ... a move of a White man
  CHECK(v.position().piece_on(sq::a3) == make_piece(White, Knight));
  CHECK(v.phase() == Phase::A);
  CHECK(v.side_to_move() == Black);
}

TEST_CASE("conditional: a check in a B-move returns play to an A-move of the player in check", "[conditional]") {
  const std::string fen = "4k3/4r3/8/8/8/8/8/R2K4 b - - 0 1 B";
  {
    Game g = game_at(fen);
    play(g, "Rd7+");  // Black's B-move checks
    CHECK(g.phase() == Phase::C);
    play(g, "!Ra2");  // does not cancel the check: skipped
    CHECK_FALSE(g.last_execution()->move.has_value());
    CHECK(g.phase() == Phase::A);
    CHECK(g.side_to_move() == White);  // White again, in check
    CHECK(g.in_check());
  }
  {
    Game g = game_at(fen);
    play(g, "Rd7+");
    play(g, "!Kc2");  // the C-move itself cancels the check: played, the cycle goes on
    CHECK(g.last_execution()->move.has_value());
    CHECK(g.side_to_move() == Black);
  }
  {
    Options o;
    REQUIRE(apply_interpretation(o, "conditional.b-check-cancelled", "return-to-a-move"));
    Game g = game_at(fen, o);
    play(g, "Rd7+");
    play(g, "!Kc2");
    CHECK(g.side_to_move() == White);  // White makes an A-move as well
    CHECK(g.phase() == Phase::A);
    g.undo();
    CHECK(g.phase() == Phase::C);
    CHECK(g.position().piece_on(sq::d1) == make_piece(White, King));
  }
}

TEST_CASE("conditional: an A-move may check only with mate", "[conditional]") {
  Game g = game_at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  try {
    g.parse_move("Ra8+", {"<test>", 1, 1});
    FAIL("Ra8+ accepted as an A-move");
  } catch (const IllegalMoveError& e) {
    CHECK(e.predicate() == std::optional<std::string>("a-move-checks-only-with-mate"));
  }
  ActionList legal;
  g.generate_legal(legal);
  for (const Action& a : legal) CHECK(g.move_text(a).find('+') == std::string::npos);
  // The same check is fine as a B-move.
  Game b = game_at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 B");
  CHECK_NOTHROW(b.parse_move("Ra8+", {"<test>", 1, 1}));
  // A mating A-move is allowed.
  Game m = game_at("k7/8/1K6/8/8/8/8/7R w - - 0 1");
  play(m, "Rh8#");
  CHECK(m.status() == GameStatus::Checkmate);
}

TEST_CASE("conditional: every A-move gives check: drawn, or lost under the text's variant", "[conditional]") {
  const std::string fen = "6k1/8/5P2/4b3/6r1/8/8/7K w - - 0 1";  // only f7+, which does not mate
  Game g = game_at(fen);
  CHECK(g.status() == GameStatus::Drawn);
  CHECK(result_of(g.status(), g.side_to_move()) == "1/2-1/2");
  Options o;
  REQUIRE(apply_interpretation(o, "conditional.a-move-check-forced", "loss"));
  Game l = game_at(fen, o);
  CHECK(l.status() == GameStatus::Lost);
  CHECK(result_of(l.status(), l.side_to_move()) == "0-1");
  // As a B-move the check is simply played.
  Game b = game_at(fen + " B");
  CHECK(b.status() == GameStatus::Ongoing);
  // Stalemate draws.
  CHECK(game_at("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").status() == GameStatus::Stalemate);
}

TEST_CASE("conditional: statements read and written", "[conditional][notation]") {
  const Statement s = read_statement("Bg5?*Nf6*/c4", {"<test>", 1, 1});
  CHECK(s.condition.kind == ConditionKind::EnemyOfType);
  CHECK(s.condition.type == Bishop);
  CHECK(s.marked == Branch::Then);
  CHECK(statement_text(s) == "Bg5?Nf6/c4");
  CHECK(statement_text(s, Branch::Else) == "Bg5?Nf6/*c4*");
  CHECK(statement_text(read_statement("h5?Qe2/Qe2", {"<test>", 1, 1})) == "!Qe2");  // the text's example
  CHECK(read_statement("h5?Qe2/Qe2", {"<test>", 1, 1}) == read_statement("!Qe2", {"<test>", 1, 1}));
  // Both branches the same, either marked: the one move is starred (found by fuzzing: with the
  // else-branch marked, the mark was dropped).
  const Statement same = read_statement("Bg5?Nf6/*Nf6*", {"<test>", 1, 1});
  CHECK(same.marked == Branch::Else);
  CHECK(statement_text(same, same.marked) == "!*Nf6*");
  CHECK(statement_text(same, Branch::Then) == "!*Nf6*");
  CHECK(statement_text(same) == "!Nf6");
  CHECK(read_statement("Ea1?Ra1/Rxa1", {"<test>", 1, 1}).condition.kind == ConditionKind::Enemy);
  CHECK(read_statement("d2?Nh4/e6", {"<test>", 1, 1}).condition.kind == ConditionKind::Empty);
  auto column_of = [](const std::string& text) {
    try {
      read_statement(text, {"<test>", 3, 10});
    } catch (const ParseError& e) {
      return e.where().column;
    }
    return -1;
  };
  CHECK(column_of("Zg5?Nf6/c4") == 10);      // no such condition letter
  CHECK(column_of("Bg5?Nf6") == 14);          // no '/'
  CHECK(column_of("Bg5?*Nf6/c4") == 14);      // a star opened and not closed
  CHECK(column_of("Kg8?/*Rd1*/Nf3") == 20);   // a second '/'
  CHECK(column_of("Bz9?Nf6/c4") == 11);       // no square
  CHECK(column_of("Bg5?Nf6/c4") == -1);
}

TEST_CASE("conditional: statable moves and the statement-counting perft", "[conditional][perft]") {
  Game g;
  play(g, "e4");
  CHECK(statable_moves(g.position(), White) == 105);  // counted by hand: 29 pawn, 6 knight, 14 bishop, 28 rook, 21 queen, 7 king
  Game start;
  CHECK(start.perft_statements(1) == 20);
  CHECK(start.perft_statements(2) == 400);
  // Depth 3 counted another way: every statement White can make after his A-move, for every
  // B-move (a statement is executed or skipped, never both).
  std::uint64_t expected = 0;
  ActionList a_moves;
  start.generate_legal(a_moves);
  for (const Action& a : a_moves) {
    start.play(a);
    const std::uint64_t m = std::uint64_t(statable_moves(start.position(), White));
    const std::uint64_t statements = std::uint64_t(ConditionCount) * m * (m - 1) + m;
    expected += statements * std::uint64_t(start.count_legal());
    start.undo();
  }
  CHECK(start.perft_statements(3) == expected);
  // Counting each C-ply outcome once: legal moves of White after 1.e4 e5 plus the skip.
  Game line;
  play(line, "e4");
  play(line, "e5");
  ActionList outcomes;
  line.generate_legal(outcomes);
  CHECK(outcomes.size() == 29 + 1);
  CHECK(outcomes[outcomes.size() - 1].kind == ActionKind::Skip);
}

// Found with the colour-flip property test (tests/property/colour_flip_property_test.cpp), whose first
// mirror dropped the count in phase B as the FEN reader did: a game set up in phase B counted no
// statable moves, so the C-ply after its B-move could never be skipped (and perft_statements
// weighted each outcome once). Phase B is the position right after the A-move, where the
// statement is made: the FEN gives it whole.
TEST_CASE("conditional: a game set up in phase B counts the statement made there", "[conditional][fen]") {
  Game played = game_at("4k3/4r3/8/8/8/8/8/R3K3 w - - 0 1");
  play(played, "Kd1");  // White's A-move; White states now
  Game set_up = game_at(played.fen());
  CHECK(set_up.fen() == "4k3/4r3/8/8/8/8/8/R2K4 b - - 1 1 B");
  CHECK(set_up.statable() == statable_moves(set_up.position(), White));
  CHECK(set_up.statable() == played.statable());
  CHECK(set_up.statable() == 14 + 5);  // the rook's 14 squares, the king's 5
  play(set_up, "Kd7");                 // Black's B-move: the C-ply follows
  ActionList outcomes;
  set_up.generate_legal(outcomes);
  REQUIRE(outcomes.size() > 0);
  CHECK(outcomes[outcomes.size() - 1].kind == ActionKind::Skip);  // Rd1, say, is statable and illegal
  set_up.undo();
  CHECK(perft(set_up, 3) == perft(played, 3));
  CHECK(set_up.perft_statements(3) == played.perft_statements(3));
}

TEST_CASE("conditional: FEN with the phase, and bad input", "[conditional][fen]") {
  Game g;
  play(g, "e4");
  CHECK(g.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 B");
  CHECK(Game::from_fen(g.fen(), {"<test>", 1, 1}).fen() == g.fen());
  try {
    Game::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1 X", {"f.pgn", 4, 7});
    FAIL("phase X accepted");
  } catch (const ParseError& e) {
    CHECK(e.where().column == 7 + 28);
    CHECK(e.message().find("phase") != std::string::npos);
  }
  // A conditional move in an A-slot, a normal move in a C-slot.
  CHECK_THROWS_AS(Game().parse_move("Bg5?Nf6/c4", {"<test>", 1, 1}), IllegalMoveError);
  CHECK_THROWS_AS(game_at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C").parse_move("Ra2", {"<test>", 1, 1}), ParseError);
}

TEST_CASE("conditional: a stated move that names no single legal man is skipped", "[conditional]") {
  // Read as the text's "illegal move": "Nd2" fits both knights here, so it names no move.
  Game g = game_at("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 C");
  play(g, "!Nd2");
  CHECK_FALSE(g.last_execution()->move.has_value());
  CHECK(g.last_execution()->predicate == std::optional<std::string>("stated-move-names-one-legal-move"));
  Game h = game_at("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 C");
  play(h, "!Nbd2");
  CHECK(h.last_execution()->move.has_value());
}

// move_text is "the record's spelling": what it prints, parse_move must read back as the same
// outcome. A C-ply outcome printed as bare SAN ("Ng1") was refused by the reader, which wants
// a statement ("!Ng1"); the knight-shuffle record of the record-length benchmark found it.
TEST_CASE("conditional: every generated action's text reads back as the same action", "[conditional]") {
  Game g = game_at(std::string(Game::start_fen));
  for (int ply = 0; ply < 7; ++ply) {
    ActionList legal;
    g.generate_legal(legal);
    REQUIRE(legal.size() > 0);
    for (const Action& a : legal) {
      if (a.kind == ActionKind::Skip) continue;  // an outcome no record spells: its statement's move is illegal
      INFO(g.fen() << " " << g.move_text(a));
      CHECK(g.move_uci(g.parse_move(g.move_text(a), {"<test>", 1, 1})) == g.move_uci(a));
    }
    g.play(legal[0]);
  }
}
