// Time Traveler's Chess (rules/timetravel): the generators and named predicates on positions
// built for them, check as the text defines it, every named interpretation changing what it
// should, the FEN extension, the notation, and perft regression counts.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/notation/san.h"
#include "rules/timetravel/game.h"
#include "solver/perft/perft.h"

using namespace arbiter;
using namespace arbiter::timetravel;

namespace {

const SourceLocation Where{"t", 1, 1};

Game game_of(const std::string& fen, const Options& options = {}) { return Game::from_fen(fen, Where, options); }

Options with(std::string_view id, std::string_view choice) {
  Options o;
  REQUIRE(apply_interpretation(o, id, choice));
  return o;
}

std::set<std::string> legal_moves(const Game& g) {
  timetravel::MoveList list;
  g.generate_legal(list);
  std::set<std::string> out;
  for (const timetravel::Move& m : list) out.insert(move_uci(m));
  return out;
}

bool legal(const Game& g, const std::string& uci) { return legal_moves(g).count(uci) > 0; }

// The predicate rejecting a move written in the game's notation ("" when legal).
std::string rejection(const Game& g, const std::string& text) {
  try {
    g.parse_move(text, Where);
    return "";
  } catch (const IllegalMoveError& e) {
    return e.predicate().value_or("no-such-move");
  }
}

Game after(std::vector<std::string> moves, const Options& options = {}) {
  Game g(Board::start(), options);
  for (const auto& m : moves) g.play(g.parse_move(m, Where));
  return g;
}

}  // namespace

TEST_CASE("timetravel: FEN with stages and the rules' memory round-trips", "[timetravel]") {
  const std::string fen = "rnbqB'bnr/ppp1pppp/3p4/1B~6/3p~P3/3B4/PPPP1PPP/RNBQK1NR b KQ - 0 3 wBb5=d3;bPd4=d6";
  CHECK(game_of(fen).fen() == fen);
  CHECK(after({"e4", "d6", "Bb5/e8", "d4/d3", "Bxd3"}).fen() == fen);
  CHECK(game_of(std::string(StartFen)).fen() == StartFen);
  CHECK_THROWS_AS(game_of("8/8/8/8/8/8/8/8 w - - 0 1 wNf3=g1"), ParseError);  // no untraveled man on g1
  CHECK_THROWS_AS(game_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1 lost=x"), ParseError);
  CHECK_THROWS_AS(game_of("4k3/8/8/8/8/8/8/4K2R w Q - 0 1"), ParseError);  // no rook on a1
  CHECK_THROWS_AS(game_of("4k3/8/8/8/8/8/8/4KP2 w - - 0 1"), ParseError);  // pawn on the first rank
}

TEST_CASE("timetravel: hand-counted perft of lone traveled kings", "[timetravel]") {
  // Traveled kings are no untraveled men: no explosions, no annihilations, only king steps.
  Game g = game_of("4k'3/8/8/8/8/8/8/4K'3 w - - 0 1");
  CHECK(perft(g, 1) == 5);
  CHECK(perft(g, 2) == 25);
  // Facing kings: with Black resolved, stepping next to the black king is stepping into check.
  CHECK(legal_moves(game_of("8/8/4k'3/8/4K'3/8/8/8 w - - 0 1")).size() == 5);
  // With Black unresolved (a traveling knight), White's king is not in check there: 8 moves.
  CHECK(legal_moves(game_of("n~7/8/4k'3/8/4K'3/8/8/n7 w - - 0 1")).size() == 8);
}

TEST_CASE("timetravel: start position perft 1 (regression baseline)", "[timetravel]") {
  Game g;
  CHECK(perft(g, 1) == 1078);
}

TEST_CASE("timetravel: start position perft 2 (regression baseline)", "[timetravel][long]") {
  Game g;
  CHECK(perft(g, 2) == 876360);
  // Depth 3 (424,513,394) takes six minutes: reports/analysis/timetravel-illustrative-games.md.
}

TEST_CASE("timetravel: the fast generator equals candidates minus rejected", "[timetravel]") {
  // Positions from the four games (every kind of move and state), under the defaults and under
  // every alternative interpretation.
  const std::vector<std::vector<std::string>> lines = {
      {},
      {"Nf6/e8"},
      {"e4", "d6", "Bb5/e8"},
      {"e4", "d6", "Bb5/e8", "d4/d3", "Bxd3"},
      {"e4", "e5", "d4/e5", "c5"},
      {"e4", "e5", "d4/e5", "c5", "b4/c5", "Nc6", "Bb5/c6", "dxc6"},
      {"e4", "e5", "Nf3/e5", "Nc6/e5", "d4/e5", "b8//c6", "d2//d4"},
      {"e4", "e5", "Nf3/e5", "Nc6/e5", "d4/e5", "b8//c6", "d2//d4", "Bb4/e1", "Qd6", "cxd6", "a3", "dxe5"},
  };
  std::vector<Options> all = {Options{}};
  for (const auto& i : interpretations())
    for (std::size_t k = 1; k < i.choices.size(); ++k) all.push_back(with(i.id, i.choices[k].name));
  for (const auto& line : lines) {
    const std::string fen = after(line).fen();
    for (const Options& o : all) {
      Game g = game_of(fen, o);
      timetravel::MoveList candidates;
      g.generate_candidates(candidates);
      std::set<std::string> accepted;
      for (const timetravel::Move& m : candidates)
        if (!g.rejecting_predicate(m)) accepted.insert(move_uci(m));
      INFO(fen);
      CHECK(accepted == legal_moves(g));
    }
  }
}

TEST_CASE("timetravel: game 1 explosion and its single support", "[timetravel]") {
  Game g;
  CHECK(legal(g, "f6/e8"));
  const timetravel::Move m = g.parse_move("Nf6/e8", Where);
  const auto ids = explosion_support_ids(const_cast<Board&>(g.board()), g.options(), Knight, sq::f6);
  REQUIRE(ids.size() == 1);
  CHECK(g.board().name_of_id(ids[0]) == "QN");
  g.play(m);
  CHECK(!g.in_check());  // Black lost his king but is not in check: White cannot resolve in one move
  g.play(g.parse_move("gf", Where));
  CHECK(g.status() == GameStatus::GrammaticallyIncorrect);
  CHECK(result_of(g.status(), g.side_to_move()) == "0-1");
}

TEST_CASE("timetravel: explosion predicates", "[timetravel]") {
  // Two explosions sharing their only support: the knight on g1 justified the f3 explosion.
  Game shared = game_of("4k'3/8/8/8/8/5N~2/8/4K'1N1 w - - 0 1 wNf3=g1");
  CHECK(rejection(shared, "Nh3/g5") == "explosion-supports-matched");
  // Without that history the same explosion is supported (grammar: per-piece would be needed
  // for two traveling knights and one resonator, so the joint grammar rejects it instead).
  Game no_history = game_of("4k'3/8/8/8/8/5N~2/8/4K'1N1 w - - 0 1");
  CHECK(rejection(no_history, "Nh3/g5") == "mover-grammatically-correct");
  CHECK(rejection(game_of("4k'3/8/8/8/8/5N~2/8/4K'1N1 w - - 0 1", with("timetravel.grammar-scope", "per-piece")), "Nh3/g5") == "");
  // An explosion square must be reachable: no knight reaches a8 in three moves from g1? It does
  // (g1-f3 is blocked by the traveling knight, g1-e2-c3-b5 ...); a8 is four knight moves away.
  CHECK(rejection(game_of("4k'3/8/8/8/8/8/8/4K'1N1 w - - 0 1"), "Na8/b6") == "explosion-supported");
  // The traveled man may not capture a resonator: Black's untraveled knight g8 resonates with
  // the traveling knight on f6; a White bishop explosion on h7 (from d3) cannot take it, the
  // rook's normal move can.
  Game resonator = game_of("4k'1n1/8/5n~2/8/8/3B4/8/2B1K'1R1 w - - 0 1");
  CHECK(rejection(resonator, "Bh7/g8") == "explosion-spares-resonators");
  CHECK(rejection(resonator, "Rxg8") == "");
  // ... nor a traveling man (the dark bishop c1 supports g5).
  CHECK(rejection(resonator, "Bg5/f6") == "explosion-spares-traveling");
  CHECK(rejection(resonator, "Bh7/f5") == "");
  // The explosion square must be empty.
  CHECK(rejection(resonator, "Bd3/e4") == "no-such-move");
}

TEST_CASE("timetravel: an explosion supported only by en passant", "[timetravel]") {
  // Black has just played d7-d5: e5xd6 e.p. brings the e5 pawn to d6 in one move (d2 is stuck
  // behind the knight d3 and the d5 pawn), so a pawn explosion on d6 is supported now, and not
  // when the en passant right is gone.
  const std::string fen = "4k'3/8/8/3pP3/8/3N4/3P4/4K'3 w - d6 0 1";
  CHECK(rejection(game_of(fen), "d6/d7") == "");
  CHECK(rejection(game_of("4k'3/8/8/3pP3/8/3N4/3P4/4K'3 w - - 0 1"), "d6/d7") == "explosion-supported");
  // After ...d7//d5 (an annihilation by the double step) the capture would undo it: still a
  // support, unless the double step gives no en passant right.
  const std::string before = "4k'3/3p4/8/3p~P3/8/3N4/3P4/4K'3 b - - 0 1";
  Game undo = game_of(before);
  undo.play(undo.parse_move("d7//d5", Where));
  CHECK(rejection(undo, "d6/d7") == "");
  Game no_right = game_of(before, with("timetravel.en-passant-annihilation", "no-right"));
  no_right.play(no_right.parse_move("d7//d5", Where));
  CHECK(rejection(no_right, "d6/d7") == "explosion-supported");
}

TEST_CASE("timetravel: annihilations, including the double step", "[timetravel]") {
  Game g = after({"e4", "e5", "d4/e5"});
  CHECK(!legal(g, "d2//d4"));  // Black to move
  g.play(g.parse_move("Nc6", Where));
  CHECK(legal(g, "d2//d4"));
  g.play(g.parse_move("d2//d4", Where));
  CHECK(g.board().resolved(White));
  CHECK(g.board().en_passant_square() == sq::d3);
  CHECK(legal_moves(game_of("4k'3/8/8/8/8/8/3P~4/4K'3 w - - 0 1")).count("d2//d4") == 0);  // no untraveled pawn
}

TEST_CASE("timetravel: check as the text defines it (game 2)", "[timetravel]") {
  Game g = after({"e4", "d6", "Bb5/e8"});
  CHECK(g.in_check());  // kingless, and White resolves with Bf1//b5
  CHECK(game_of(g.fen(), with("timetravel.check-resolution", "now")).in_check() == false);
  CHECK(game_of(g.fen(), with("timetravel.kingless-check", "never")).in_check() == false);
  g.play(g.parse_move("d4/d3", Where));  // blocks the resolving line
  CHECK(!g.in_check());
  g.play(g.parse_move("Bxd3", Where));
  CHECK(g.status() == GameStatus::Check);
  g.play(g.parse_move("Qe6/c4", Where));
  g.play(g.parse_move("Bxc4", Where));
  CHECK(g.status() == GameStatus::Checkmate);
}

TEST_CASE("timetravel: each interpretation changes what it should", "[timetravel]") {
  SECTION("resonator: one-move lets an explosion take a man three moves away") {
    // Black's knight b8 could annihilate the traveling knight on f6 in time, but is not one move away.
    const std::string fen = "1n2k'3/8/5n~2/8/8/8/8/2B1K'3 w - - 0 1";
    CHECK(rejection(game_of(fen), "Ba7/b8") == "explosion-spares-resonators");
    CHECK(rejection(game_of(fen, with("timetravel.resonator", "three-moves")), "Ba7/b8") == "explosion-spares-resonators");
    CHECK(rejection(game_of(fen, with("timetravel.resonator", "one-move")), "Ba7/b8") == "");
  }
  SECTION("resonator: theoretical-no-promotion drops pawns promoting to the type") {
    Game g = game_of("4k'3/8/8/8/8/3q~4/1p6/B3K'3 w - - 0 1");
    CHECK(is_resonator(g.board(), sq::b2, g.options()));
    CHECK(!is_resonator(g.board(), sq::b2, with("timetravel.resonator", "theoretical-no-promotion")));
  }
  SECTION("grammar-budget: the pawns' captures against the enemy men") {
    // The b2 pawn needs two captures to reach the traveling pawn on d5; Black has one man.
    const std::string fen = "4k'3/8/8/3P~4/8/8/1P6/4K'3 w - - 0 1";
    CHECK(grammatically_incorrect(game_of(fen).board(), White, Options{}));
    CHECK(!grammatically_incorrect(game_of(fen).board(), White, with("timetravel.grammar-budget", "unbounded")));
  }
  SECTION("grammar-enemy-blocker: an enemy traveling man on the pawn's file") {
    // d2 must pass d4, where Black's traveling knight stands; Black has that one man.
    const std::string fen = "8/8/8/3P~4/3n~4/8/3P4/4K'3 w - - 0 1";
    CHECK(!grammatically_incorrect(game_of(fen).board(), White, Options{}));
    CHECK(!grammatically_incorrect(game_of(fen).board(), White, with("timetravel.grammar-enemy-blocker", "free")));
    CHECK(grammatically_incorrect(game_of(fen).board(), White, with("timetravel.grammar-enemy-blocker", "permanent")));
  }
  SECTION("per-piece-annihilation-order: a cycle of blocked paths under per-piece scope") {
    // The traveling knight e8 is met only by c6 promoting on c8, where the traveling rook
    // stands; the rook only by e6 promoting on e8. Black has no men to capture.
    const std::string fen = "2R~1N~3/8/2P1P3/8/8/8/8/4K'3 w - - 0 1";
    Options per_piece = with("timetravel.grammar-scope", "per-piece");
    CHECK(grammatically_incorrect(game_of(fen).board(), White, per_piece));
    REQUIRE(apply_interpretation(per_piece, "timetravel.per-piece-annihilation-order", "ignored"));
    CHECK(!grammatically_incorrect(game_of(fen).board(), White, per_piece));
    // Joint scope does not read it.
    CHECK(grammatically_incorrect(game_of(fen).board(), White, with("timetravel.per-piece-annihilation-order", "ignored")));
  }
  SECTION("support-check: game 2's explosions are made in check") {
    // No Black normal move parries 2.Bb5/e8+ or 3.Bxd3+, so under each-move no support can
    // move at all: 2...d4/d3 and 3...Qe6/c4 are unsupported, and 3.Bxd3 is already mate.
    const Game first = after({"e4", "d6", "Bb5/e8"});
    CHECK(rejection(first, "d4/d3") == "");
    CHECK(rejection(game_of(first.fen(), with("timetravel.support-check", "each-move")), "d4/d3") == "explosion-supported");
    const Game g = after({"e4", "d6", "Bb5/e8", "d4/d3", "Bxd3"});
    CHECK(rejection(g, "Qe6/c4") == "");
    const Game each = game_of(g.fen(), with("timetravel.support-check", "each-move"));
    CHECK(rejection(each, "Qe6/c4") == "explosion-supported");
    CHECK(each.status() == GameStatus::Checkmate);
  }
  SECTION("support-set: live drops supports no longer on the board") {
    const std::string fen = "4k'3/8/8/8/8/5N~2/8/4K'1N1 w - - 0 1 wNf3=x";
    CHECK(rejection(game_of(fen, with("timetravel.grammar-scope", "per-piece")), "Nh3/g5") == "");
    CHECK(rejection(game_of(fen, with("timetravel.support-set", "live")), "Nh3/g5") == "explosion-supports-matched");
  }
  SECTION("support-choice: nearest keeps the supports needing fewest moves") {
    Game g;  // a knight explosion on e5: the g1 knight needs 2 moves (g1-f3-e5), b1 needs 3 (b1-a3-c4-e5)
    const auto any = explosion_support_ids(const_cast<Board&>(g.board()), g.options(), Knight, sq::e5);
    const Game nearest(Board::start(), with("timetravel.support-choice", "nearest"));
    const auto near = explosion_support_ids(const_cast<Board&>(nearest.board()), nearest.options(), Knight, sq::e5);
    CHECK(any.size() == 2);
    REQUIRE(near.size() == 1);
    CHECK(nearest.board().name_of_id(near[0]) == "KN");
  }
  SECTION("support-moves: capturing an enemy traveling man to open a line") {
    // The rook a1 reaches a8 in three moves only through the black traveling knight on a5 (the
    // king on b1 shuts the first rank).
    const std::string fen = "4k'1n1/8/8/n~7/8/8/8/RK'6 w - - 0 1";
    CHECK(rejection(game_of(fen), "Ra8/b8") == "");
    CHECK(rejection(game_of(fen, with("timetravel.support-moves", "no-traveling-capture")), "Ra8/b8") == "explosion-supported");
  }
  SECTION("pawn-annihilation: double step and diagonal") {
    const std::string fen = "4k'3/8/8/8/3P~4/8/3P4/4K'3 w - - 0 1";
    CHECK(legal(game_of(fen), "d2//d4"));
    CHECK(!legal(game_of(fen, with("timetravel.pawn-annihilation", "straight-only")), "d2//d4"));
    const std::string diagonal = "4k'3/8/8/8/8/4P~3/3P4/4K'3 w - - 0 1";
    CHECK(!legal(game_of(diagonal), "d2//e3"));
    CHECK(legal(game_of(diagonal, with("timetravel.pawn-annihilation", "with-diagonal")), "d2//e3"));
  }
  SECTION("self-check and winning-move (game 1's 1...gxf6)") {
    Game g = after({"Nf6/e8"});
    CHECK(rejection(g, "gxf6") == "");
    const Game strict = game_of(g.fen(), with("timetravel.winning-move", "not-exempt"));
    CHECK(rejection(strict, "gxf6") == "mover-not-in-check");
    // Traveled kings facing each other: stepping next to the other is legal under self-check=legal.
    CHECK(legal_moves(game_of("8/8/4k'3/8/4K'3/8/8/8 w - - 0 1", with("timetravel.self-check", "legal"))).size() == 8);
  }
  SECTION("traveled-pawn-first-move: en passant out of an explosion") {
    // White has just played e2-e4; a Black pawn explosion on d4 (supported by d6) may take e.p.
    const std::string fen = "4k'3/8/3p4/8/4P3/8/8/4K'3 b - e3 0 1";
    CHECK(legal(game_of(fen), "d4/e3"));
    CHECK(!legal(game_of(fen, with("timetravel.traveled-pawn-first-move", "single-step-only")), "d4/e3"));
    CHECK(legal(game_of(fen, with("timetravel.traveled-pawn-first-move", "single-step-only")), "d4/d3"));
  }
  SECTION("en-passant-annihilation: the capture undoes d2//d4") {
    const std::string fen = "4k'3/8/8/8/3P~p3/8/3P4/4K'3 w - - 0 1";
    Game g = game_of(fen);
    g.play(g.parse_move("d2//d4", Where));
    REQUIRE(legal(g, "e4d3"));
    g.play(g.parse_move("exd3", Where));
    CHECK(g.board().man_on(sq::d4).stage == Stage::Traveling);  // the traveling pawn is back
    CHECK(g.board().empty(sq::d2));                             // the annihilating pawn is captured
    Game no_right = game_of(fen, with("timetravel.en-passant-annihilation", "no-right"));
    no_right.play(no_right.parse_move("d2//d4", Where));
    CHECK(!legal(no_right, "e4d3"));
  }
  SECTION("castling-check: attacked squares only matter when resolved, under the text") {
    // A black rook attacks f1; Black is unresolved (a traveling knight), so f1 is no check.
    const std::string fen = "1n2k'r2/8/8/8/8/8/n~7/4K2R w K - 0 1";
    CHECK(legal(game_of(fen), "e1g1"));
    CHECK(!legal(game_of(fen, with("timetravel.castling-check", "attacked")), "e1g1"));
  }
}

TEST_CASE("timetravel: interpretations round-trip by name", "[timetravel]") {
  for (const auto& i : interpretations()) {
    Options o;
    CHECK(current_choice(o, i.id) == i.default_choice);
    for (const auto& c : i.choices) {
      REQUIRE(apply_interpretation(o, i.id, c.name));
      CHECK(current_choice(o, i.id) == c.name);
    }
  }
  Options o;
  CHECK(!apply_interpretation(o, "timetravel.resonator", "sometimes"));
  CHECK(!apply_interpretation(o, "timetravel.nothing", "any"));
}

TEST_CASE("timetravel: notation reads and writes the text's forms", "[timetravel]") {
  Game g;
  CHECK(g.move_text(g.parse_move("Nf6/e8", Where)) == "Nf6/e8");
  CHECK(g.move_text(g.parse_move("h3/h4", Where)) == "h3/h4");
  Game two = after({"e4", "d6"});
  CHECK(two.move_text(two.parse_move("Bb5/e8", Where)) == "Bb5/e8+");
  Game four = after({"e4", "d6", "Bb5/e8", "d4/d3", "Bxd3", "Qe6/c4"});
  CHECK(four.move_text(four.parse_move("Bxc4", Where)) == "Bxc4++");
  CHECK_THROWS_AS(g.parse_move("Nf6/", Where), ParseError);
  CHECK_THROWS_AS(g.parse_move("Ra8/a7", Where), IllegalMoveError);
  CHECK(rejection(g, "Nf6/e8") == "");
  // A move is disambiguated among the legal moves of its type to its square only: a pinned
  // rival does not count (judged one by one since fuzzing timed out on whole generations).
  Game free = Game::from_fen("4k3/8/8/8/8/5N2/8/1N1K4 w - - 0 1", Where);
  CHECK(free.move_text(free.parse_move("Nbd2", Where)) == "Nbd2");
  Game pinned = Game::from_fen("4k3/8/8/7b/8/5N2/8/1N1K4 w - - 0 1", Where);
  CHECK(pinned.move_text(pinned.parse_move("Nd2", Where)) == "Nd2");
}
