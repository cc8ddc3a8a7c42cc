// PGN reading (tags, comments, NAGs, variations, several games, locations) and writing
// (Seven Tag Roster, move numbers, 80-column wrapping), and the round trip between them.

#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <string>

#include "rules/notation/pgn.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

const std::string Annotated = R"(% an escape line: ignored
[Event "Test \"quoted\" and \\ backslash"]
[Site "Here"]
[Date "2024.01.02"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "0-1"]
[Variant "Standard"]
[Annotator "X"]

{Opening
   comment} 1. e4 $1 e5 2.Nf3!? ; rest of the line
Nc6 (2... d6 {Philidor} (2... Nf6 3. Nxe5) 3. d4) 3. Bb5 a6 {The Morphy defence}
4. Ba4 ?! Nf6 5. O-O $14 $32 Be7 0-1

[Event "Second"]
[Result "*"]

1. d4 ... d5 2. c4 *
)";

std::string puzzle(const std::string& name) { return std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox/" + name; }

}  // namespace

TEST_CASE("PGN reader: tags, in order, with escapes and locations", "[pgn]") {
  auto games = read_pgn(Annotated, "a.pgn");
  REQUIRE(games.size() == 2);
  const PgnGame& g = games[0];
  REQUIRE(g.tags.size() == 9);
  CHECK(g.tags[0] == std::pair<std::string, std::string>("Event", "Test \"quoted\" and \\ backslash"));
  CHECK(g.tags[8].first == "Annotator");
  CHECK(g.tag("Variant") == std::optional<std::string_view>("Standard"));
  CHECK_FALSE(g.tag("FEN").has_value());
  auto site = g.tag_value_location("Site");
  REQUIRE(site.has_value());
  CHECK(site->file == "a.pgn");
  CHECK(site->line == 3);
  CHECK(site->column == 8);
  CHECK(g.result == "0-1");
  CHECK(g.result_location.line == 15);
  CHECK(g.result_location.column == 34);
  CHECK(g.where.line == 2);  // the escape line is not part of it
  CHECK(games[1].tag("Event") == std::optional<std::string_view>("Second"));
  CHECK(games[1].where.line == 17);
}

TEST_CASE("PGN reader: moves, comments, NAGs and nested variations", "[pgn]") {
  const PgnGame g = read_pgn(Annotated, "a.pgn")[0];
  REQUIRE(g.moves.size() == 10);
  CHECK(g.moves[0].san == "e4");
  CHECK(g.moves[0].where.line == 13);
  CHECK(g.moves[0].where.column == 16);
  CHECK(g.moves[0].comments_before == std::vector<std::string>{"Opening comment"});
  CHECK(g.moves[0].nags == std::vector<int>{1});
  CHECK(g.moves[2].san == "Nf3");
  CHECK(g.moves[2].where.column == 27);
  CHECK(g.moves[2].nags == std::vector<int>{5});  // "!?"
  CHECK(g.moves[2].comments_after == std::vector<std::string>{"rest of the line"});
  CHECK(g.moves[3].san == "Nc6");
  REQUIRE(g.moves[3].variations.size() == 1);
  const PgnLine& v = g.moves[3].variations[0];
  REQUIRE(v.size() == 2);
  CHECK(v[0].san == "d6");
  CHECK(v[0].comments_after == std::vector<std::string>{"Philidor"});
  REQUIRE(v[0].variations.size() == 1);
  CHECK(v[0].variations[0].size() == 2);
  CHECK(v[0].variations[0][1].san == "Nxe5");
  CHECK(v[1].san == "d4");
  CHECK(g.moves[5].comments_after == std::vector<std::string>{"The Morphy defence"});
  CHECK(g.moves[6].nags == std::vector<int>{6});  // "?!" standing apart
  CHECK(g.moves[8].san == "O-O");
  CHECK(g.moves[8].nags == std::vector<int>{14, 32});
  CHECK(g.moves[9].san == "Be7");

  const PgnGame second = read_pgn(Annotated)[1];
  REQUIRE(second.moves.size() == 3);  // "1. d4 ... d5": the elided-ply dots are skipped
  CHECK(second.moves[1].san == "d5");
  CHECK(second.result == "*");
}

TEST_CASE("PGN reader: the referee text's notation elements", "[pgn]") {
  // Long algebraic with the occupy sign, the seed's "3. ..." ellipsis and its glyphs.
  auto g = read_pgn("1. e2-e4 e7-e5 2. Bf1-c4 h7-h6? 3. Qd1-h5 ... 3. ... a7-a5?? 4. Qh5xf7# 1-0")[0];
  REQUIRE(g.moves.size() == 7);
  CHECK(g.moves[0].san == "e2-e4");
  CHECK(g.moves[3].nags == std::vector<int>{2});
  CHECK(g.moves[5].nags == std::vector<int>{4});
  CHECK(g.moves[6].san == "Qh5xf7#");
  CHECK(g.result == "1-0");
}

TEST_CASE("PGN reader: results, castling with zeros, e.p., and games without tags", "[pgn]") {
  auto games = read_pgn("1. e4 0-0 2. exd6 e.p. 0-0-0+ 1/2-1/2\n1. d4 1-0 0-1 *");
  REQUIRE(games.size() == 4);
  CHECK(games[0].moves.size() == 4);
  CHECK(games[0].moves[1].san == "0-0");
  CHECK(games[0].moves[2].san == "exd6 e.p.");  // the qualifier is kept: variants tell captures apart by it
  CHECK(games[0].moves[3].san == "0-0-0+");
  CHECK(games[0].result == "1/2-1/2");
  CHECK(games[1].result == "1-0");
  CHECK(games[2].moves.empty());
  CHECK(games[2].result == "0-1");
  CHECK(games[3].result == "*");
  CHECK(read_pgn("").empty());
  // A double move (Option Chess) with a blank after its comma is one move; so is e.p. glued on.
  auto doubles = read_pgn("1... Qh3, Re1+ 2. Nxh3e.p. Qh3,Bxf2 *");
  REQUIRE(doubles[0].moves.size() == 3);
  CHECK(doubles[0].moves[0].san == "Qh3,Re1+");
  CHECK(doubles[0].moves[1].san == "Nxh3 e.p.");
  CHECK(doubles[0].moves[2].san == "Qh3,Bxf2");
  // "ep" glued to "e.p." is two qualifiers of the move before (found by fuzzing: it was read as
  // a move "ep e.p.", written "ep e.p.", and read back as two qualifiers of the move before).
  auto glued = read_pgn("1. e4 epe.p. *");
  REQUIRE(glued[0].moves.size() == 1);
  CHECK(glued[0].moves[0].san == "e4 e.p. e.p.");
  CHECK(read_pgn(write_pgn(glued[0]))[0].moves[0].san == "e4 e.p. e.p.");
  CHECK(read_pgn("\xEF\xBB\xBF[Event \"bom\"]\r\n\r\n1. e4 *\r\n")[0].moves[0].where.column == 4);
  CHECK(read_pgn("  \n% only an escape line\n").empty());
}

TEST_CASE("PGN reader: a game of comments only keeps them", "[pgn]") {
  auto g = read_pgn("[Event \"E\"]\n{no moves were recorded} *")[0];
  CHECK(g.moves.empty());
  CHECK(g.comments == std::vector<std::string>{"no moves were recorded"});
}

TEST_CASE("PGN writer: Seven Tag Roster first, defaults for missing ones, other tags after", "[pgn]") {
  PgnGame g = read_pgn("[Annotator \"Z\"]\n[White \"W\"]\n\n1. e4 *")[0];
  CHECK(write_pgn(g) ==
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"?\"]\n"
        "[Result \"*\"]\n[Annotator \"Z\"]\n\n1. e4 *\n");
}

TEST_CASE("PGN writer: move numbers, glyphs, comments and variations", "[pgn]") {
  PgnGame g = read_pgn("1. e4 e5 2. Bc4 h6? 3. Qh5 ({Also} 3. Qf3 {would also serve.}) a5?? 4. Qxf7# $18 1-0")[0];
  const std::string text = write_pgn(g);
  CHECK(text.substr(text.find("\n\n") + 2) ==
        "1. e4 e5 2. Bc4 h6? 3. Qh5 ({Also} 3. Qf3 {would also serve.}) 3... a5??\n4. Qxf7# $18 1-0\n");
}

TEST_CASE("PGN writer: a comment with a '}' (from a semicolon comment) is written as a semicolon comment", "[pgn]") {
  // Found by fuzzing: braced, the '}' ended the comment early and the rest read as moves.
  const PgnGame g = read_pgn("1. e4 ; a } b\n(1. d4 ; c}\n) 1... e5 *")[0];
  REQUIRE(g.moves[0].comments_after == std::vector<std::string>{"a } b"});
  const std::string text = write_pgn(g);
  CHECK(text.substr(text.find("\n\n") + 2) == "1. e4 ; a } b\n(1. d4 ; c}\n) 1... e5 *\n");
  const auto back = read_pgn(text);
  REQUIRE(back.size() == 1);
  PgnGame expected = g;
  expected.tags = back[0].tags;  // the Seven Tag Roster the writer fills in
  CHECK(same_game(back[0], expected));
}

TEST_CASE("PGN writer: a Conditional Chess statement takes its NAGs as $n, never a glued glyph", "[pgn]") {
  // Found by fuzzing: "Bg5?*Nf6*/c4!" reads as one statement, the '!' part of it.
  const PgnGame g = read_pgn("1. e4 d5 2. Bg5?*Nf6*/c4 $1 (2. !Qe7 !) 2... Qd7 ! *")[0];
  REQUIRE(g.moves[2].nags == std::vector<int>{1});
  const std::string text = write_pgn(g);
  CHECK(text.substr(text.find("\n\n") + 2) == "1. e4 d5 2. Bg5?*Nf6*/c4 $1 (2. !Qe7 $1) 2... Qd7! *\n");
  const auto back = read_pgn(text);
  REQUIRE(back.size() == 1);
  CHECK(back[0].moves[2].san == "Bg5?*Nf6*/c4");
  CHECK(back[0].moves[2].nags == std::vector<int>{1});
  CHECK(back[0].moves[2].variations[0][0].nags == std::vector<int>{1});
}

TEST_CASE("PGN writer: a game from a FEN with Black to move starts with \"12...\"", "[pgn]") {
  PgnGame g = read_pgn("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 12\"]\n[SetUp \"1\"]\n\n12... Kd7 13. e4 Kd6 *")[0];
  CHECK(g.first_ply() == 23);
  const std::string text = write_pgn(g);
  CHECK(text.find("\n12... Kd7 13. e4 Kd6 *\n") != std::string::npos);
  CHECK(move_number_text(0) == "1.");
  CHECK(move_number_text(1) == "1...");
  CHECK(move_number_text(23) == "12...");
}

TEST_CASE("PGN writer: lines wrap at 80 columns, comments word by word", "[pgn]") {
  PgnGame g;
  const std::string words = "a long comment that has to be wrapped over several lines because it is long";
  const std::string knight_moves[2] = {"Nf3", "Nf6"};
  for (int i = 0; i < 60; ++i) {
    PgnMove m;
    m.san = knight_moves[i % 2];
    if (i % 7 == 0) m.comments_after.push_back(words);
    g.moves.push_back(m);
  }
  const std::string text = write_pgn(g);
  std::istringstream lines(text);
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) CHECK(line.size() <= 79);
  CHECK(count > 20);
  auto back = read_pgn(text);
  REQUIRE(back.size() == 1);
  CHECK(back[0].moves.size() == 60);
  CHECK(back[0].moves[7].comments_after == std::vector<std::string>{words});
}

TEST_CASE("PGN round trip: read, write, read gives the same game, and writing is stable", "[pgn]") {
  std::vector<std::string> texts = {Annotated};
  for (const auto& entry : std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox"))
    if (entry.path().extension() == ".pgn") texts.push_back(test::read_text_file(entry.path().string()));
  REQUIRE(texts.size() >= 5);
  int games = 0;
  for (const auto& text : texts) {
    for (const PgnGame& g : read_pgn(text)) {
      const std::string written = write_pgn(g);
      INFO(written);
      auto again = read_pgn(written);
      REQUIRE(again.size() == 1);
      // Tags the writer had to add (a missing Seven Tag Roster) aside, nothing changes.
      for (const auto& [name, value] : g.tags) CHECK(again[0].tag(name) == std::optional<std::string_view>(value));
      PgnGame expected = g;
      expected.tags = again[0].tags;
      CHECK(same_game(again[0], expected));
      CHECK(write_pgn(again[0]) == written);
      ++games;
    }
  }
  CHECK(games >= 6);
}

TEST_CASE("PGN: the seed's scholar's mate file keeps its variation and comment", "[pgn]") {
  auto games = read_pgn(test::read_text_file(puzzle("scholars-mate-referee.pgn")), "s.pgn");
  REQUIRE(games.size() == 1);
  const PgnGame& g = games[0];
  REQUIRE(g.moves.size() == 7);
  REQUIRE(g.moves[4].variations.size() == 1);
  CHECK(g.moves[4].variations[0][0].san == "Qf3");
  CHECK(g.moves[4].variations[0][0].comments_after == std::vector<std::string>{"would also serve."});
  CHECK(g.moves[3].nags == std::vector<int>{2});
  CHECK(g.moves[5].nags == std::vector<int>{4});
  CHECK(g.tag("Source").has_value());
}

TEST_CASE("PGN: the Variant tag is kept and written back, and set_tag replaces or appends", "[pgn]") {
  PgnGame g = read_pgn(Annotated)[0];
  CHECK_THAT(write_pgn(g), Catch::Contains("[Variant \"Standard\"]\n"));
  g.set_tag("Variant", "Atomic");
  g.set_tag("PlyCount", "19");
  CHECK(g.tag("Variant") == std::optional<std::string_view>("Atomic"));
  CHECK(g.tags.back() == std::pair<std::string, std::string>("PlyCount", "19"));
  CHECK(g.tags.size() == g.tag_value_locations.size());
  const std::string text = write_pgn(g);
  CHECK(text.find("[Variant \"Atomic\"]") < text.find("[PlyCount \"19\"]"));
  CHECK(text.find("[Event \"Test \\\"quoted\\\" and \\\\ backslash\"]\n") == 0);  // escapes written back
}
