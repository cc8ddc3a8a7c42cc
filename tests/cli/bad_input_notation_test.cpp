// Malformed SAN and PGN: each case is reported at its line and column with a message saying
// what was wrong or expected; the arbiter binary turns bad input into exit status 2 with
// FILE:LINE:COL on stderr, and illegal moves or false claims into exit status 1.

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/notation/pgn.h"
#include "rules/notation/san.h"
#include "solver/variants/orthodox_replay.h"
#include "solver/replay/replay.h"
#include "solver/variants/registry.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

enum class Expect { BadInput, Illegal };

struct Malformed {
  std::string what;
  std::string pgn;
  int line;
  int column;
  std::vector<std::string> words;  // each must occur in the message
  Expect expect = Expect::BadInput;
};

// Every case goes through the whole pipeline: read the PGN, then replay it.
const std::vector<Malformed>& malformed_records() {
  static const std::vector<Malformed> cases = {
      // --- SAN ------------------------------------------------------------------------------
      {"ambiguous knight move", "[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *", 3, 4,
       {"ambiguous move Nd2", "could be Nbd2 or Nfd2"}},
      {"garbled destination square", "1. e4 e5 2. Nf9 *", 1, 15, {"expected a destination square", "'9'"}},
      {"lower-case piece letter", "1. e4 e5\n2. nf3 *", 2, 4, {"expected a piece letter", "'n'"}},
      {"promotion piece missing after '='", "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8= *", 3, 7,
       {"expected a promotion piece", "after '='"}},
      {"promotion left out", "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8 *", 3, 6, {"must promote", "=Q"}},
      {"promotion to a king", "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8=K *", 3, 7,
       {"expected a promotion piece (Q, R, B or N)", "'K'"}},
      {"misspelt castling", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O-O-O *", 1, 35, {"expected castling O-O or O-O-O"}},
      {"two action signs", "1. e2-xe4 *", 1, 7, {"only one of '-', 'x' or ':'"}},
      {"trailing junk after a move", "1. e4 e5 2. Nf3Z *", 1, 16, {"unexpected 'Z' after the destination square"}},
      // --- illegal moves (well-formed, so a verdict rather than bad input) --------------------
      {"no piece can reach the square", "1. e4 e5\n2. Nd4 *", 2, 4, {"illegal move Nd4", "no white knight can move to d4"},
       Expect::Illegal},
      {"king onto a guarded square (the referee text's example)",
       "[FEN \"k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1\"]\n\n1. Ke1-d1 *", 3, 4,
       {"illegal move Ke1-d1", "guarded square", "predicate king-not-left-guarded"}, Expect::Illegal},
      {"castling through a piece", "1. e4 e5 2. O-O *", 1, 13, {"illegal move O-O", "predicate castling-path-empty"},
       Expect::Illegal},
      {"impossible move deep in a variation", "1. e4 e5 2. Nf3 (2. Bc4 Nc6 3. Bxf7 Ke7 4. Bxg8 Rxg8 5. Qh5 Rh8 6. Qxh8) *", 1,
       68, {"illegal move Qxh8", "no white queen can capture on h8"}, Expect::Illegal},
      {"false result claim after mate", "1. f3 e5 2. g4 Qh4# 1-0", 1, 21,
       {"false result claim", "White is checkmated", "result is 0-1"}, Expect::Illegal},
      // --- PGN structure -----------------------------------------------------------------------
      {"unterminated comment", "[Event \"e\"]\n\n1. e4 {a comment\nthat never ends\n2. Nf3 *", 3, 7,
       {"unterminated comment", "'{'"}},
      {"unterminated variation", "1. e4 e5\n2. Nf3 (2. f4 exf4 3. Nf3 *", 2, 8, {"unterminated variation", "'('"}},
      {"unbalanced ')'", "1. e4 e5 2. Nf3) *", 1, 16, {"unbalanced ')'"}},
      {"variation before any move", "(1. d4) 1. e4 *", 1, 1, {"variation", "must follow a move"}},
      {"empty variation", "1. e4 () e5 *", 1, 7, {"empty variation"}},
      {"tag value without closing quote", "[Event \"Paris]\n\n1. e4 *", 1, 8, {"unterminated value of tag Event"}},
      {"tag without closing bracket", "[Event \"Paris\"\n[Site \"x\"]\n\n1. e4 *", 1, 15, {"expected ']'", "tag Event"}},
      {"tag name starting with a digit", "[1Event \"Paris\"]\n\n1. e4 *", 1, 2, {"expected a tag name"}},
      {"tag value without opening quote", "[Event Paris\"]\n\n1. e4 *", 1, 8, {"expected '\"' to open the value", "'P'"}},
      {"tag given twice", "[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *", 2, 2, {"tag Event is given twice"}},
      {"result differs from the Result tag", "[Result \"1-0\"]\n\n1. e4 e5 0-1", 3, 10,
       {"movetext ends in 0-1", "[Result] tag says \"1-0\""}},
      {"no result at the end", "[Event \"e\"]\n\n1. e4 e5", 3, 9, {"expected a game result"}},
      {"tags before the previous game's result", "1. e4 e5\n[Event \"next\"]\n1. d4 *", 2, 1,
       {"expected a game result", "before the next tag section"}},
      {"unknown token", "1. e4 & e5 *", 1, 7, {"unknown token '&'"}},
      {"half a result", "1. e4 e5 1/2 *", 1, 10, {"unknown token '1/2'"}},
      {"NAG without a number", "1. e4 $ e5 *", 1, 8, {"expected a number after '$'"}},
      {"NAG before any move", "$1 1. e4 *", 1, 1, {"NAG must follow a move"}},
      {"unknown annotation glyph", "1. e4 ??? *", 1, 7, {"unknown annotation", "expected !, ?, !!"}},
      // --- set-up --------------------------------------------------------------------------------
      {"FEN tag without a white king", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", 2, 7,
       {"expected exactly one White king"}},
      {"FEN tag with a bad side to move", "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n*", 2, 27,
       {"side to move", "'x'"}},
      {"SetUp without FEN", "[SetUp \"1\"]\n\n1. e4 *", 1, 9, {"needs a [FEN] tag"}},
      {"variant not implemented", "[Variant \"Crazyhouse\"]\n\n1. e4 *", 1, 11, {"unknown variant 'Crazyhouse'", "expected one of: orthodox"}},
  };
  return cases;
}

struct Outcome {
  bool thrown_illegal = false;  // an IllegalMoveError escaped (must never happen: replay records those)
  bool bad_input = false;
  SourceLocation where;
  std::string message;
};

Outcome run_case(const Malformed& c) {
  Outcome out;
  try {
    for (const PgnGame& game : read_pgn(c.pgn, "bad.pgn")) {
      // As the replay command does: the [Variant] tag picks the rules through the registry.
      const auto variant_at = game.tag_value_location("Variant").value_or(game.where);
      ReplayReport report = find_variant(game.tag("Variant").value_or(""), variant_at).replay(game, {});
      if (const ReplayError* e = report.first_error()) {
        out.where = e->where;
        out.message = e->reason;
        return out;
      }
    }
  } catch (const IllegalMoveError& e) {
    out.thrown_illegal = true;
    out.where = e.where();
    out.message = e.message();
  } catch (const ParseError& e) {
    out.bad_input = true;
    out.where = e.where();
    out.message = e.message();
  }
  return out;
}

// A scratch directory under the system temp dir, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "arbiter-notation-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string write(const std::string& name, const std::string& text) const {
    const std::string file = (path_ / name).string();
    std::ofstream(file) << text;
    return file;
  }
  std::string path(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

struct Run {
  int status = -1;
  std::string out;
  std::string err;
};

Run run_arbiter(const TempDir& dir, const std::string& args) {
  const std::string out = dir.path("stdout.txt"), err = dir.path("stderr.txt");
  const std::string command = std::string(ARBITER_BINARY) + " " + args + " >" + out + " 2>" + err;
  const int raw = std::system(command.c_str());
  Run run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.out = test::read_text_file(out);
  run.err = test::read_text_file(err);
  return run;
}

}  // namespace

TEST_CASE("malformed SAN and PGN are reported at their line and column", "[notation][bad-input]") {
  REQUIRE(malformed_records().size() >= 18);
  for (const auto& c : malformed_records()) {
    INFO(c.what << "\n" << c.pgn);
    const Outcome out = run_case(c);
    INFO("message: " << out.message);
    CHECK_FALSE(out.thrown_illegal);
    CHECK(out.bad_input == (c.expect == Expect::BadInput));
    CHECK(out.where.file == "bad.pgn");
    CHECK(out.where.line == c.line);
    CHECK(out.where.column == c.column);
    for (const auto& word : c.words) CHECK_THAT(out.message, Catch::Contains(word));
  }
}

TEST_CASE("the replay command: bad input is exit 2 with FILE:LINE:COL on stderr", "[notation][bad-input][cli]") {
  TempDir dir;
  SECTION("missing file") {
    const Run run = run_arbiter(dir, "replay " + dir.path("absent.pgn"));
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains("absent.pgn:1:1: cannot read the file"));
    CHECK(run.out.empty());
  }
  SECTION("garbled SAN, JSON mode prints nothing") {
    const std::string file = dir.write("garbled.pgn", "[Event \"e\"]\n\n1. e4 e5 2. Nf9 *\n");
    const Run run = run_arbiter(dir, "replay --json " + file);
    CHECK(run.status == 2);
    CHECK(run.err == file + ":3:15: expected a destination square (file a-h then rank 1-8), found '9'\n");
    CHECK(run.out.empty());
  }
  SECTION("unterminated comment") {
    const std::string file = dir.write("comment.pgn", "1. e4 {never closed\n1-0\n");
    const Run run = run_arbiter(dir, "replay " + file);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::StartsWith(file + ":1:7: unterminated comment"));
  }
  SECTION("illegal FEN in a FEN tag") {
    const std::string file = dir.write("fen.pgn", "[Event \"e\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n*\n");
    const Run run = run_arbiter(dir, "replay " + file);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::StartsWith(file + ":2:27: expected side to move"));
  }
  SECTION("a bad game later in the file spoils the whole run") {
    const std::string file = dir.write("later.pgn", "1. e4 e5 1-0\n\n1. e4 e5 2. Ke2 Ke7 3. Kd3 Kd6 4. Kc4 (4. Kc3 Kc7 *\n");
    const Run run = run_arbiter(dir, "replay --json " + file);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::StartsWith(file + ":3:39: unterminated variation"));
    CHECK(run.out.empty());
  }
  SECTION("--game beyond the file") {
    const std::string file = dir.write("one.pgn", "1. e4 *\n");
    const Run run = run_arbiter(dir, "replay --game 3 " + file);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains("--game 3"));
  }
}

TEST_CASE("the replay command: illegal moves and false claims are exit 1, legal games exit 0", "[notation][cli]") {
  TempDir dir;
  SECTION("illegal move, JSON contract") {
    const std::string file =
        dir.write("pin.pgn", "[SetUp \"1\"]\n[FEN \"k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1\"]\n\n1. Ke1-d1 *\n");
    const Run run = run_arbiter(dir, "replay --json " + file);
    CHECK(run.status == 1);
    CHECK(run.err.empty());
    const auto j = nlohmann::json::parse(run.out);
    CHECK(j["verdict"] == "illegal");
    CHECK(j["plies"] == 0);
    CHECK(j["error"]["ply"] == 1);
    CHECK(j["error"]["move"] == "Ke1-d1");
    CHECK(j["error"]["line"] == 4);
    CHECK(j["error"]["column"] == 4);
    CHECK(j["error"]["predicate"] == "king-not-left-guarded");
    CHECK_THAT(j["error"]["reason"].get<std::string>(), Catch::Contains("guarded square"));
    CHECK(j["fen"] == "k2q3R/8/8/8/8/8/8/B3K3 w - - 0 1");
    CHECK(j["status"] == "ongoing");
  }
  SECTION("false result claim") {
    const std::string file = dir.write("claim.pgn", "1. f3 e5 2. g4 Qh4# 1-0\n");
    const Run run = run_arbiter(dir, "replay --json " + file);
    CHECK(run.status == 1);
    const auto j = nlohmann::json::parse(run.out);
    CHECK(j["verdict"] == "illegal");
    CHECK(j["status"] == "checkmate");
    CHECK(j["error"]["kind"] == "false-result-claim");
    CHECK(j["error"]["move"] == "1-0");
  }
  SECTION("several games: the first illegal one is described at the top level") {
    const std::string file = dir.write("three.pgn",
                                       "1. e4 e5 *\n\n1. e4 e5 2. Ke3 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    const Run run = run_arbiter(dir, "replay --json " + file);
    CHECK(run.status == 1);
    const auto j = nlohmann::json::parse(run.out);
    CHECK(j["game"] == 2);
    CHECK(j["verdict"] == "illegal");
    CHECK(j["error"]["move"] == "Ke3");
    CHECK(j["error"]["line"] == 3);
    CHECK(j["games_checked"] == 3);
    CHECK(j["illegal_games"] == 1);
    REQUIRE(j["games"].size() == 3);
    CHECK(j["games"][2]["status"] == "checkmate");
    CHECK(j["games"][2]["verdict"] == "legal");

    const Run only_last = run_arbiter(dir, "replay --json --game 3 " + file);
    CHECK(only_last.status == 0);
    const auto k = nlohmann::json::parse(only_last.out);
    CHECK(k["game"] == 3);
    CHECK(k["verdict"] == "legal");
    CHECK(k["games"].size() == 1);
  }
  SECTION("legal game, text report with the final board") {
    const std::string file = std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox/opera-game-1858.pgn";
    const Run run = run_arbiter(dir, "replay " + file);
    CHECK(run.status == 0);
    CHECK(run.err.empty());
    CHECK_THAT(run.out, Catch::Contains("verdict  legal"));
    CHECK_THAT(run.out, Catch::Contains("plies    33"));
    CHECK_THAT(run.out, Catch::Contains("status   checkmate"));
    CHECK_THAT(run.out, Catch::Contains("8 | . n . R k b . r | 8"));
    CHECK_THAT(run.out, Catch::Contains("1 | . . K . . . . . | 1"));
  }
  SECTION("every record in puzzles/orthodox replays legal; the real games end in checkmate") {
    const std::set<std::string> games = {"scholars-mate-referee.pgn", "opera-game-1858.pgn", "immortal-game-1851.pgn",
                                         "evergreen-game-1852.pgn"};
    int mates = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox")) {
      if (entry.path().extension() != ".pgn") continue;
      INFO(entry.path());
      const Run run = run_arbiter(dir, "replay --json " + entry.path().string());
      CHECK(run.status == 0);
      const auto j = nlohmann::json::parse(run.out);
      CHECK(j["verdict"] == "legal");
      if (games.count(entry.path().filename().string())) {
        CHECK(j["status"] == "checkmate");
        ++mates;
      }
    }
    CHECK(mates == 4);
  }
}

TEST_CASE("mangled records never crash the reader or the replay: a report or a ParseError", "[notation][bad-input]") {
  const std::string original =
      test::read_text_file(std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox/scholars-mate-referee.pgn") +
      "\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8=Q+ {c} (1. a8=N $2) Kd7 2. Qb7+ Ke6 *\n";
  const std::string alphabet = "[]{}()\"\\;$!?.*-=+#x0123456789abcdefghKQRBNPO \n%e";
  test::Rng rng(77);
  int reports = 0, errors = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = original;
    for (int edits = 1 + rng.below(3); edits > 0; --edits) {
      const std::size_t at = std::size_t(rng.below(int(text.size())));
      switch (rng.below(3)) {
        case 0: text.erase(at, 1); break;
        case 1: text.insert(at, 1, alphabet[std::size_t(rng.below(int(alphabet.size())))]); break;
        default: text[at] = alphabet[std::size_t(rng.below(int(alphabet.size())))]; break;
      }
    }
    try {
      for (const PgnGame& game : read_pgn(text, "m.pgn")) {
        ReplayReport report = replay_orthodox(game);
        (void)write_pgn(game);
        if (const ReplayError* e = report.first_error()) CHECK(e->where.line >= 1);
      }
      ++reports;
    } catch (const ParseError& e) {
      CHECK(e.where().line >= 1);
      CHECK(e.where().column >= 1);
      CHECK_FALSE(e.message().empty());
      ++errors;
    }
  }
  CHECK(reports > 100);
  CHECK(errors > 100);
}
