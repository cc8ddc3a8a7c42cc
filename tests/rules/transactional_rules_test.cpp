// Transactional Chess (rules/transactional): each rule of the text on a small position built
// for it, each named interpretation, the notation and the commit announcement, perft.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/notation/san.h"
#include "rules/transactional/game.h"
#include "solver/perft/perft.h"

using namespace arbiter;
using transactional::Game;

namespace {

const SourceLocation Where{"t", 1, 1};

Game game_of(const std::string& fen, const transactional::Options& options = {}) { return Game::from_fen(fen, Where, options); }

transactional::Options with(std::string_view id, std::string_view choice) {
  transactional::Options o;
  REQUIRE(transactional::apply_interpretation(o, id, choice));
  return o;
}

// The predicate rejecting a turn ("" when legal).
std::string rejection(const Game& g, const std::string& text) {
  try {
    g.parse_move(text, Where);
    return "";
  } catch (const IllegalMoveError& e) {
    return e.predicate().value_or("no-predicate");
  }
}

void play(Game& g, const std::vector<std::string>& turns) {
  for (const auto& t : turns) g.play(g.parse_move(t, Where));
}

}  // namespace

TEST_CASE("transactional: perft counts every move with each decision", "[transactional]") {
  Game g;
  CHECK(perft(g, 1) == 60);    // 20 moves x commit, rollback, neither: nothing is forced
  CHECK(perft(g, 2) == 3600);  // Black sees only White's committed position: the start
  CHECK(perft(g, 3) == 231860);  // regression
}

TEST_CASE("transactional: locks", "[transactional]") {
  // White's knight has moved c3-d5 in its pending transaction: c3 and d5 are locked.
  Game g = game_of("rnbqk1nr/pppp1ppp/8/4p3/1b6/2N5/PPPPPPPP/R1BQKBNR b KQkq - 0 3 T1,T2 w:c3d5");
  CHECK(rejection(g, "T2: Bxc3+(C)") == "destination-not-locked");
  CHECK(rejection(g, "T2: Ba5") == "");
  // Passing through a locked square is allowed; under no-pass-through it is not. White's
  // pending Nf3 locks f3, which Black sees empty on the long diagonal to g2.
  const std::string fen = "rn1qkbnr/pbpppppp/1p6/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2 T1,T2 w:g1f3";
  CHECK(rejection(game_of(fen), "T2: Bxg2(C)") == "");
  CHECK(rejection(game_of(fen, with("transactional.locked-squares", "no-pass-through")), "T2: Bxg2(C)") == "path-not-locked");
}

TEST_CASE("transactional: forced commits and the move limit", "[transactional]") {
  Game g = game_of("rn1qkbnr/pbpppppp/1p6/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2 T1,T2 w:g1f3");
  CHECK(rejection(g, "T2: Bxg2") == "commit-forced");     // a capture must commit
  CHECK(rejection(g, "T2: Bxg2(R)") == "commit-forced");
  CHECK(rejection(g, "T2: B:g2(C)") == "");                 // the old capture sign
  CHECK(rejection(g, "T4: Bxg2(C)") == "transaction-number");
  // Five moves at most: the fifth must end the transaction.
  Game five;
  play(five, {"T1: Nc3", "T2: Nc6", "T1: Nb1", "T2: Nb8", "T1: Nc3", "T2: Nc6", "T1: Nb1", "T2: Nb8"});
  CHECK(rejection(five, "T1: Nc3") == "transaction-ends-at-limit");
  CHECK(rejection(five, "T1: Nc3(C)") == "");
  CHECK(rejection(five, "T1: Nc3(R)") == "");
  Game implicit(transactional::Referee::start(), with("transactional.transaction-end", "implicit-commit"));
  play(implicit, {"T1: Nc3", "T2: Nc6", "T1: Nb1", "T2: Nb8", "T1: Nc3", "T2: Nc6", "T1: Nb1", "T2: Nb8"});
  CHECK(implicit.parse_move("T1: Nc3", Where).decision == transactional::Decision::Commit);
  Game one(transactional::Referee::start(), with("transactional.move-limit", "one"));
  CHECK(rejection(one, "T1: e4") == "transaction-ends-at-limit");
  Game three(transactional::Referee::start(), with("transactional.move-limit", "three"));
  play(three, {"T1: Nc3", "T2: Nc6", "T1: Nb1", "T2: Nb8"});
  CHECK(rejection(three, "T1: Nc3") == "transaction-ends-at-limit");
  Game unlimited(transactional::Referee::start(), with("transactional.move-limit", "unlimited"));
  for (int i = 0; i < 4; ++i) play(unlimited, {"T1: Nc3", "T2: Nc6", "T1: Nb1", "T2: Nb8"});
  CHECK(unlimited.referee().pending[White] == 8);
  CHECK(rejection(unlimited, "T1: Nc3") == "");
  // A piece may move twice, unless once-per-transaction.
  Game twice(transactional::Referee::start(), with("transactional.piece-moves", "once-per-transaction"));
  play(twice, {"T1: Nc3", "T2: a6"});
  CHECK(rejection(twice, "T1: Nb5") == "piece-moves-once");
  CHECK(rejection(twice, "T1: Nf3") == "");
}

TEST_CASE("transactional: rollback", "[transactional]") {
  // Black's king stepped away in its pending transaction, but the committed view shows it in
  // check: the turn must commit, and a rollback would return the king into that check.
  Game g = game_of("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1 T1,T2 b:e8d8");
  CHECK(rejection(g, "T2: Kc7(R)") == "rollback-not-into-apparent-check");
  CHECK(rejection(g, "T2: Kc7") == "commit-forced");
  CHECK(rejection(g, "T2: Kc7(C)") == "");
  // A rollback returns the pieces and releases the locks; the opponent is not told.
  Game r;
  play(r, {"T1: Nc3", "T2: a6", "T1: Nb5(R)"});
  CHECK(r.referee().current[White][sq::b1] == make_piece(White, Knight));
  CHECK(r.referee().locks[White] == 0);
  CHECK(r.referee().transaction[White] == 3);
  CHECK(r.last_announcement().empty());
}

TEST_CASE("transactional: en passant once the double step is committed, for one turn", "[transactional]") {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3 T1,T2";
  Game g = game_of(fen);
  play(g, {"T1: e4(C)"});
  CHECK(rejection(g, "T2: dxe3(C)") == "");
  play(g, {"T2: a6"});
  play(g, {"T3: Nf3"});
  CHECK(rejection(g, "T2: dxe3(C)") != "");  // the turn after the commit has passed
  // Eligibility starts when the double step is committed, not when it is made.
  Game late = game_of(fen);
  play(late, {"T1: e4", "T2: a6"});
  CHECK(rejection(late, "T1: Nf3(C)") == "");
  play(late, {"T1: Nf3(C)"});
  CHECK(rejection(late, "T2: dxe3(C)") == "");
}

TEST_CASE("transactional: committing into check", "[transactional]") {
  // Black's pending queen on g3 waits behind White's f-pawn.
  const std::string fen = "4k3/2q5/8/8/8/8/5P2/R3K3 w - - 0 1 T1,T2";
  // The same commit with the king already off the g3-e1 diagonal is no loss.
  Game safe = game_of(fen);
  play(safe, {"T1: Kd1", "T2: Qg3", "T1: f4(C)"});
  CHECK(safe.status() == GameStatus::Ongoing);
  Game lost = game_of(fen);
  play(lost, {"T1: Ra2", "T2: Qg3", "T1: f4(C)"});  // the f-pawn opens g3-e1: White committed into check
  CHECK(lost.status() == GameStatus::MoverLost);
  CHECK(result_of(lost.status(), lost.side_to_move()) == "0-1");
  // Unless Black is in check too and taking the king would not end that check.
  Game saved = game_of(fen);
  play(saved, {"T1: f4", "T2: Qg3", "T1: Ra8+(C)"});
  CHECK(saved.status() == GameStatus::Check);
}

TEST_CASE("transactional: the opponent's commit and a pending transaction", "[transactional]") {
  // White has moved its knight (pending); Black takes White's a2 pawn... built from a FEN.
  const std::string fen = "rnbqkbnr/1ppppppp/8/8/8/p7/PPPPPPPP/RNBQKBNR b KQkq - 0 3 T1,T2 w:g1f3";
  Game keep = game_of(fen);
  play(keep, {"T2: axb2(C)"});
  CHECK(keep.referee().pending[White] == 1);
  Game back = game_of(fen, with("transactional.opponent-commit", "rollback-on-capture"));
  play(back, {"T2: axb2(C)"});
  CHECK(back.referee().pending[White] == 0);
  CHECK(back.referee().current[White][sq::g1] == make_piece(White, Knight));
}

TEST_CASE("transactional: notation and the commit announcement", "[transactional]") {
  Game g;
  play(g, {"T1: Nc3", "T2: a5", "T1: Nf3", "T2: a4", "T1: Nb5", "T2: a3"});
  const auto a = g.parse_move("T1: Nxc7+(C)", Where);
  CHECK(g.move_text(a) == "T1: Nxc7+(C)");
  g.play(a);
  CHECK(g.last_announcement() == std::vector<std::string>{"Nb1-Nxc7+", "Ng1-Nf3"});
  CHECK(g.status() == GameStatus::Check);
  CHECK(rejection(g, "T2: Qxc7") == "commit-forced");
  play(g, {"T2: Qxc7(C)"});
  CHECK(g.last_announcement() == std::vector<std::string>{"a7-a3", "Qd8-Qxc7"});
  CHECK(g.fen() == "rnb1kbnr/1pqppppp/8/8/8/p4N2/PPPPPPPP/R1BQKB1R w KQkq - 0 5 T3,T4 -");
  // A pending transaction is part of the FEN and read back.
  play(g, {"T3: bxa3(C)", "T4: Nc6"});
  CHECK(g.fen() == "rnb1kbnr/1pqppppp/8/8/8/P4N2/P1PPPPPP/R1BQKB1R w KQkq - 0 6 T5,T4 b:b8c6");
  CHECK(game_of(g.fen()).fen() == g.fen());
  CHECK_THROWS_AS(game_of("8/8/8/8/8/8/8/4K2k w - - 0 1 T2,T1"), ParseError);
}

TEST_CASE("transactional: strict isolation hides the opponent's commits until the next transaction", "[transactional]") {
  const std::string fen = "rnbqk1nr/pppp1ppp/8/4p3/1b6/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2 T1,T2";
  Game seen = game_of(fen);
  play(seen, {"T2: a6", "T1: Nc3(C)"});
  CHECK(rejection(seen, "T2: Bxc3+(C)") == "");
  Game strict = game_of(fen, with("transactional.isolation", "strict"));
  play(strict, {"T2: a6", "T1: Nc3(C)"});
  // Black still sees c3 empty, but it is not: the referee refuses both spellings.
  CHECK(rejection(strict, "T2: Bxc3+(C)") == "referee-bounce");
  CHECK(rejection(strict, "T2: Bc3(C)") == "referee-bounce");
  CHECK(strict.referee().transactional_view(Black).piece_on(sq::c3) == NoPiece);
  play(strict, {"T2: h6(C)", "T3: a3"});
  CHECK(rejection(strict, "T4: Bxc3+(C)") == "");  // a new transaction sees the knight
}

// Found by fuzzing (tests/fuzz, reports/reliability.md): FENs that read but did not print back
// to the same game, or that the rules could not play.
TEST_CASE("transactional: the FEN keeps its en passant squares and refuses boards the rules cannot play", "[transactional][fen]") {
  // The committed view's en passant square is the referee's: written back, not dropped.
  Game g = game_of("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
  CHECK(g.fen() == "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1 T1,T2 -");
  CHECK(rejection(g, "T2: exd3(C)") == "");
  // A commit that makes two double steps visible leaves two squares.
  Game two = game_of("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
  play(two, {"T1: d4", "T2: Kd7", "T1: e4(C)"});
  CHECK(two.fen() == "4k3/8/8/8/3PP3/8/8/4K3 b - d3,e3 0 2 T3,T2 b:e8d7");
  CHECK(game_of(two.fen()).key() == two.key());
  CHECK(game_of(two.fen()).fen() == two.fen());
  // Boards the rules cannot play, though the committed view is read without the orthodox checks.
  const auto message = [](const std::string& fen) {
    try {
      game_of(fen);
    } catch (const ParseError& e) {
      return e.message();
    }
    return std::string("accepted");
  };
  CHECK(message("r3kr2/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1") == "castling right 'k' needs the king on e8 and a rook on h8");
  CHECK(message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQPPPR b kq - 0 1 T1,T2 w:b1c3") == "expected exactly one White king, found 0");
  CHECK(message("P3k3/8/8/8/8/8/8/4K3 w - - 0 1") == "pawn on a8: pawns cannot stand on the first or last rank");
  CHECK(message("4k3/8/8/8/8/8/8/4K3 b - e3 0 1").starts_with("en passant square e3 needs"));
  CHECK(message("4k3/8/8/8/4P3/8/8/4K3 b - e3,x9 0 1").starts_with("expected en passant squares"));
}
