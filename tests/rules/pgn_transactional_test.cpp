// PGN reading of Transactional Chess movetext: the transaction identifier "T<n>:" and the
// commit/rollback marks "(C)"/"(R)" belong to their move (rules/notation/pgn.h), next to real
// variations; and the two records of the rule text in puzzles/transactional/.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/notation/pgn.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

std::vector<std::string> sans(const PgnLine& line) {
  std::vector<std::string> out;
  for (const PgnMove& m : line) out.push_back(m.san);
  return out;
}

std::string transactional_puzzle(const std::string& name) {
  return std::string(ARBITER_SOURCE_DIR) + "/puzzles/transactional/" + name;
}

// The error read_pgn gives for `text` (the test fails if it reads).
ParseError parse_error(const std::string& text) {
  try {
    read_pgn(text, "t.pgn");
  } catch (const ParseError& e) {
    return e;
  }
  FAIL("no ParseError for: " << text);
  return ParseError({}, "");
}

}  // namespace

TEST_CASE("PGN Transactional: T<n>: joins its move, (C)/(R) are suffixes, ':' and '++' stay", "[pgn]") {
  const std::string text =
      "1. T1: Nc3 T2: a5 2. T1: Nf3 T2: a4 3. T1: Nb5 T2: a3 4. T1: Nxc7+(C) T2: Qxc7(C)\n"
      "5. T1: Bg5 (C) T2: e:d4 (C)   6. T3: f:d4 (C) T4: Nb4(R) 7. T17: Q:f7++ 1-0\n";
  auto games = read_pgn(text, "t.pgn");
  REQUIRE(games.size() == 1);
  const PgnGame& g = games[0];
  CHECK(sans(g.moves) == std::vector<std::string>{"T1: Nc3", "T2: a5", "T1: Nf3", "T2: a4", "T1: Nb5", "T2: a3",
                                                  "T1: Nxc7+(C)", "T2: Qxc7(C)", "T1: Bg5(C)", "T2: e:d4(C)",
                                                  "T3: f:d4(C)", "T4: Nb4(R)", "T17: Q:f7++"});
  CHECK(g.result == "1-0");
  for (const PgnMove& m : g.moves) {
    CHECK(m.variations.empty());
    CHECK(m.comments_after.empty());
    CHECK(m.nags.empty());
  }
  // Each move is located at its "T<n>:".
  CHECK(g.moves[0].where.file == "t.pgn");
  CHECK(g.moves[0].where.line == 1);
  CHECK(g.moves[0].where.column == 4);
  CHECK(g.moves[1].where.column == 12);
  CHECK(g.moves[6].where.column == 58);
  CHECK(g.moves[7].where.column == 71);
  CHECK(g.moves[8].where.line == 2);
  CHECK(g.moves[8].where.column == 4);
  CHECK(g.moves[9].where.column == 16);
  CHECK(g.moves[10].where.column == 34);
  CHECK(g.moves[12].where.column == 61);
  CHECK(g.result_location.line == 2);
  CHECK(g.result_location.column == 73);
}

TEST_CASE("PGN Transactional: glued and line-broken identifiers, glyphs and NAGs before a mark", "[pgn]") {
  auto g = read_pgn("1. T1:Nc3 T2:\n  a5 2. T1:O-O!? (C) T2: Qh3, Re1+ 3. T3: 0-0 $1 (R) *", "t.pgn")[0];
  CHECK(sans(g.moves) == std::vector<std::string>{"T1: Nc3", "T2: a5", "T1: O-O(C)", "T2: Qh3,Re1+", "T3: 0-0(R)"});
  CHECK(g.moves[0].where.column == 4);
  CHECK(g.moves[1].where.line == 1);  // the identifier's place, not the move's
  CHECK(g.moves[1].where.column == 11);
  CHECK(g.moves[2].nags == std::vector<int>{5});
  CHECK(g.moves[4].nags == std::vector<int>{1});
  // Multi-digit transaction numbers.
  CHECK(read_pgn("17. T123:e:e4 (C) *")[0].moves[0].san == "T123: e:e4(C)");
}

TEST_CASE("PGN Transactional: a real variation next to a (C), and (C) inside a variation", "[pgn]") {
  const std::string text = "5. T1: Bg5 (C) (5. T1: Bf4(C) T2: d5 (5... T2: Nf6 (R)) 6. T3: e3) T2: e:d4 (C) {fine} 6. T3: Nxd4 *";
  const PgnGame g = read_pgn(text, "t.pgn")[0];
  CHECK(sans(g.moves) == std::vector<std::string>{"T1: Bg5(C)", "T2: e:d4(C)", "T3: Nxd4"});
  REQUIRE(g.moves[0].variations.size() == 1);
  const PgnLine& v = g.moves[0].variations[0];
  CHECK(sans(v) == std::vector<std::string>{"T1: Bf4(C)", "T2: d5", "T3: e3"});
  CHECK(v[0].where.column == 20);
  REQUIRE(v[1].variations.size() == 1);
  CHECK(sans(v[1].variations[0]) == std::vector<std::string>{"T2: Nf6(R)"});
  CHECK(g.moves[1].where.column == 68);
  CHECK(g.moves[1].comments_after == std::vector<std::string>{"fine"});

  // Round trip: the writer keeps "T1: Bg5(C)" as one word and reading it back gives the same game.
  const std::string written = write_pgn(g);
  CHECK_THAT(written, Catch::EndsWith("\n1. T1: Bg5(C) (1. T1: Bf4(C) T2: d5 (1... T2: Nf6(R)) 2. T3: e3)\n1... T2: e:d4(C) {fine} 2. T3: Nxd4 *\n"));
  auto again = read_pgn(written);
  REQUIRE(again.size() == 1);
  PgnGame expected = g;
  expected.tags = again[0].tags;
  CHECK(same_game(again[0], expected));
}

TEST_CASE("PGN Transactional: records without these forms read as before", "[pgn]") {
  // "(C" starting a longer variation, or a move merely beginning with T, is not a mark.
  auto g = read_pgn("1. e4 (1. d4 d5) (1. c4) e5 2. Nf3 (2. Nc3 (2. Bc4)) *")[0];
  CHECK(sans(g.moves) == std::vector<std::string>{"e4", "e5", "Nf3"});
  CHECK(g.moves[0].variations.size() == 2);
  CHECK(g.moves[2].variations.size() == 1);
  CHECK(read_pgn("1. Te4 T1 *")[0].moves[1].san == "T1");  // no colon: an ordinary (fairy) symbol
}

TEST_CASE("PGN Transactional: errors name the place", "[pgn]") {
  SECTION("T1: at the end of the movetext") {
    auto e = parse_error("1. T1: Nc3 T2: a5\n2. T1: 1-0");
    CHECK(e.where().file == "t.pgn");
    CHECK(e.where().line == 2);
    CHECK(e.where().column == 4);
    CHECK(e.message() == "expected a move after T1:, found '1-0'");
    CHECK_THAT(std::string(e.what()), Catch::StartsWith("t.pgn:2:4: expected a move after T1:"));
  }
  SECTION("T2: before '*'") {
    auto e = parse_error("1. T1: Nc3 T2: *");
    CHECK(e.where().column == 12);
    CHECK(e.message() == "expected a move after T2:, found '*'");
  }
  SECTION("T1: at the end of the file") {
    auto e = parse_error("1. e4 e5\n 2. T1:");
    CHECK(e.where().line == 2);
    CHECK(e.where().column == 5);
    CHECK(e.message() == "expected a move after T1:, found the end of the file");
  }
  SECTION("T1: before a move number, another identifier, a comment") {
    CHECK(parse_error("1. T1: 2. Nc3 *").message() == "expected a move after T1:, found '2'");
    CHECK(parse_error("1. T1: T2: a5 *").message() == "expected a move after T1:, found 'T2:'");
    CHECK(parse_error("1. T1: {x} Nc3 *").message() == "expected a move after T1:, found '{'");
  }
  SECTION("a mark not directly after its move") {
    auto e = parse_error("(C) 1. e4 *");
    CHECK(e.where().column == 1);
    CHECK(e.message() == "a commit or rollback mark (C) must directly follow its move");
    auto after_comment = parse_error("1. T1: e4 {c} (C) *");
    CHECK(after_comment.where().column == 15);
    CHECK(after_comment.message() == "a commit or rollback mark (C) must directly follow its move, before any comment or variation");
    CHECK(parse_error("1. T1: e4 (1. T1: d4) (R) *").message() ==
          "a commit or rollback mark (R) must directly follow its move, before any comment or variation");
    CHECK(parse_error("1. T1: e4 ( (C) *").message() == "a commit or rollback mark (C) must directly follow its move");
    CHECK(parse_error("1. T1: e4(C)(R) *").message() == "the move T1: e4(C) already has a commit or rollback mark");
  }
}

TEST_CASE("PGN Transactional: the rule text's notation example", "[pgn]") {
  auto games = read_pgn(test::read_text_file(transactional_puzzle("notation-example.pgn")), "n.pgn");
  REQUIRE(games.size() == 1);
  const PgnGame& g = games[0];
  CHECK(g.tag("Variant") == std::optional<std::string_view>("Transactional"));
  CHECK(sans(g.moves) == std::vector<std::string>{"T1: Nc3", "T2: a5", "T1: Nf3", "T2: a4", "T1: Nb5", "T2: a3",
                                                  "T1: Nxc7+(C)", "T2: Qxc7(C)", "T3: bxa3(C)", "T4: Nc6", "T5: Ne5",
                                                  "T4: Nb4(R)", "T5: Nc6", "T6: Kd1"});
  CHECK(g.result == "*");
}

TEST_CASE("PGN Transactional: the rule text's Example Game, Quintanilla - Aronson", "[pgn]") {
  auto games = read_pgn(test::read_text_file(transactional_puzzle("quintanilla-aronson.pgn")), "q.pgn");
  REQUIRE(games.size() == 1);
  const PgnGame& g = games[0];
  CHECK(g.tag("White") == std::optional<std::string_view>("Tony Quintanilla"));
  CHECK(g.tag("Black") == std::optional<std::string_view>("Peter Aronson"));
  CHECK(g.tag("Referee") == std::optional<std::string_view>("David Howe"));
  CHECK(g.tag("Variant") == std::optional<std::string_view>("Transactional"));
  CHECK(g.result == "1-0");
  REQUIRE(g.moves.size() == 45);
  CHECK(g.moves[0].san == "T1: e4");
  CHECK(g.moves[7].san == "T2: O-O");
  CHECK(g.moves[8].san == "T1: Bg5(C)");
  CHECK(g.moves[9].san == "T2: e:d4(C)");
  CHECK(g.moves[10].san == "T3: f:d4(C)");
  CHECK(g.moves[30].san == "T9: a3");  // no mark printed: the transaction's end is not recorded
  CHECK(g.moves[32].san == "T11: c:d3(C)");
  CHECK(g.moves[34].san == "T13: e:e4(C)");
  CHECK(g.moves[42].san == "T15: Q:h7+(C)");
  CHECK(g.moves[44].san == "T17: Q:f7++");
  CHECK(g.moves[44].where.line == 20);
  CHECK(g.moves[44].where.column == 5);
  for (const PgnMove& m : g.moves) CHECK(m.variations.empty());
  // Round trip through the writer.
  auto again = read_pgn(write_pgn(g));
  REQUIRE(again.size() == 1);
  CHECK(same_game(again[0], g));
}
