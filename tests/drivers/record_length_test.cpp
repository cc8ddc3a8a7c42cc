// Long records: replay must be linear in the record's length (issue #20). Timing is the
// benchmark's business (`arbiter bench --record-length`); these tests check the structure that
// makes it linear and the benchmark's own arithmetic.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "rules/notation/pgn.h"
#include "rules/orthodox/game.h"
#include "solver/bench/record_length_bench.h"
#include "solver/variants/registry.h"

using namespace arbiter;

TEST_CASE("record length: a position copy keeps only the current state, so copying does not grow with the game",
          "[record-length]") {
  // Replay copies the position for every SAN it writes; a copy that carried the whole undo
  // stack made a 200,000-ply replay quadratic (38 s).
  Position p = Position::start();
  const Move cycle[4] = {Move(sq::g1, sq::f3), Move(sq::g8, sq::f6), Move(sq::f3, sq::g1), Move(sq::f6, sq::g8)};
  for (int i = 0; i < 10000; ++i) p.make(cycle[i % 4]);
  Position copy = p;
  CHECK(copy == p);
  CHECK(copy.key() == p.key());
  CHECK_THROWS_AS(copy.unmake(), std::logic_error);  // nothing before the copy to go back to
  copy.make(cycle[0]);
  copy.unmake();  // a move made on the copy is undone on it
  CHECK(copy == p);
  CHECK(copy.key() == p.key());
  p.unmake();  // the original keeps its own history
  CHECK(p.piece_on(sq::g8) == NoPiece);
  Position assigned = Position::start();
  assigned = p;
  CHECK(assigned == p);
  CHECK_THROWS_AS(assigned.unmake(), std::logic_error);
}

TEST_CASE("record length: every rule set replays its knight-shuffle record whole", "[record-length]") {
  for (const auto& rules : variants()) {
    INFO(rules.name);
    const auto games = read_pgn(rules.shuffle_record(402), "<shuffle>");
    REQUIRE(games.size() == 1);
    CHECK(games[0].moves.size() == 402);
    const ReplayReport report = rules.replay(games[0], {});
    CHECK(report.legal());
    CHECK(report.plies == 402);
    CHECK(report.fen.substr(0, 47) == "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R");  // 402 = 4k + 2: both knights out
  }
}

TEST_CASE("record length: the growth exponent is the slope of log time on log plies", "[record-length]") {
  std::vector<RecordLengthRow> rows;
  for (int n : {1000, 10000, 100000}) {
    RecordLengthRow linear{"orthodox", n, 0, 1e-6 * n, 2e-6 * n, 3e-7 * n, true};
    RecordLengthRow quadratic{"option", n, 0, 1e-9 * n * double(n), 1e-9 * n * double(n), -1, true};
    rows.push_back(linear);
    rows.push_back(quadratic);
  }
  CHECK(growth_exponent(rows, "orthodox", TimeField::Replay) == Approx(1.0));
  CHECK(growth_exponent(rows, "orthodox", TimeField::Peer) == Approx(1.0));
  CHECK(growth_exponent(rows, "option", TimeField::Replay) == Approx(2.0));
  CHECK(growth_exponent(rows, "option", TimeField::Peer) == 0);  // no peer rows: no slope
  const std::string svg = record_length_chart_svg(rows);
  CHECK(svg.rfind("<svg", 0) == 0);
  CHECK(svg.find("orthodox replay") != std::string::npos);
  CHECK(svg.find("Stockfish (peer, orthodox)") != std::string::npos);
  CHECK(svg.find("slope 1 (linear)") != std::string::npos);
}
