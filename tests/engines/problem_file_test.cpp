// Problem files (solver/problem/problem.h): the whole orthodox-problems corpus read as Popeye
// input against its MANIFEST, the PGN problem files shipped in puzzles/orthodox checked
// against the corpus outputs they were made from, the Popeye language's details, and bad
// problem files, each with its asserted line, column and message.

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/notation/san.h"
#include "solver/problem/popeye_output.h"
#include "solver/problem/problem.h"
#include "solver/problem/solve_units.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::problem;

namespace {


struct Row {
  std::string file, fen, stipulation, keys;
};

std::vector<Row> manifest_rows() {
  std::vector<Row> rows;
  auto text = test::read_text_file(test::shared_path("corpus/orthodox-problems/MANIFEST.tsv"));
  auto lines = test::split(text, '\n');
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    auto cols = test::split(lines[i], '\t');
    REQUIRE(cols.size() >= 4);
    rows.push_back({cols[0], cols[1], cols[2], cols[3]});
  }
  return rows;
}

std::string corpus(const std::string& name) { return test::shared_path("corpus/orthodox-problems/" + name); }

std::string first_fields(const std::string& fen, int n) {
  auto fields = test::split(fen, ' ');
  std::string out;
  for (int i = 0; i < n && i < int(fields.size()); ++i) out += (i ? " " : "") + fields[i];
  return out;
}

// The problem files among puzzles/orthodox/*.pgn (the folder also holds game records).
std::vector<std::string> shipped_problem_files() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/puzzles/orthodox")) {
    if (entry.path().extension() != ".pgn") continue;
    if (test::read_text_file(entry.path().string()).find("[Stipulation ") == std::string::npos) continue;
    files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

struct BadFile {
  std::string name;
  std::string text;
  int line, column;
  std::vector<std::string> words;  // each must appear in the message
};

void check_bad(const BadFile& bad) {
  INFO(bad.name);
  try {
    auto problems = read_problems(bad.text, "bad-problem");
    FAIL("read without an error: " << problems.size() << " problem(s)");
  } catch (const ParseError& e) {
    INFO(e.what());
    CHECK(e.where().file == "bad-problem");
    CHECK(e.where().line == bad.line);
    CHECK(e.where().column == bad.column);
    for (const auto& w : bad.words) CHECK_THAT(e.message(), Catch::Contains(w));
  }
}

const std::string PgnHead = "[Event \"Problem\"]\n[Site \"?\"]\n[Result \"*\"]\n";  // three lines

}  // namespace

TEST_CASE("every corpus .inp reads, with MANIFEST's FEN and stipulation", "[problem][corpus]") {
  const auto rows = manifest_rows();
  REQUIRE(rows.size() == 270);
  std::set<std::string> game_counters;  // files whose MANIFEST FEN has move counters from a game score
  int castling = 0;
  for (const auto& row : rows) {
    INFO(row.file);
    auto problems = read_problem_file(corpus(row.file));
    REQUIRE(problems.size() == 1);
    const Problem& p = problems.front();
    CHECK(p.number == 1);
    CHECK(p.variant == "orthodox");
    CHECK_FALSE(p.published);
    CHECK(p.stipulation.text == row.stipulation);
    CHECK(p.stipulation.kind == Stipulation::DirectMate);
    CHECK(p.stipulation.moves == row.stipulation[1] - '0');
    CHECK(p.stipulation_location.line == 5);  // begin, title, pieces, black ..., stipulation
    CHECK(p.stipulation_location.column == 13);
    CHECK(p.fen_location.line == 3);
    CHECK(p.fen_location.column == 1);
    // Placement, side, castling (Popeye's home-square rule minus NoCastling) and e.p. field
    // exactly; the move counters too, except where MANIFEST took them from a game score
    // (Popeye input has no move counters: a problem starts at "0 1").
    CHECK(first_fields(p.fen, 4) == first_fields(row.fen, 4));
    if (first_fields(p.fen, 6) != first_fields(row.fen, 6)) {
      CHECK(test::split(p.fen, ' ')[4] + " " + test::split(p.fen, ' ')[5] == "0 1");
      game_counters.insert(row.file);
    }
    castling += test::split(p.fen, ' ')[2] != "-";
    CHECK(p.tags.at("FEN") == p.fen);
    CHECK(p.tags.at("Stipulation") == row.stipulation);
    CHECK_FALSE(p.title.empty());
    CHECK((p.tags.at("PopeyeOptions") == "Variations" || p.tags.at("PopeyeOptions") == "Variations NoCastling h1"));
    // The title is what Popeye printed above the board.
    auto out = read_popeye_output_file(corpus(row.file.substr(0, row.file.size() - 4) + ".out"));
    REQUIRE(out.size() == 1);
    REQUIRE_FALSE(out[0].heading.empty());
    CHECK(out[0].heading[0] == p.title);
  }
  CHECK(game_counters == std::set<std::string>{"evergreen_anderssen_1852_5.inp", "immortal_anderssen_1851_3.inp",
                                               "opera_morphy_1858_2.inp", "reti_tartakower_1910_3.inp"});
  CHECK(castling == 20);
}

TEST_CASE("the PGN problem files in puzzles/orthodox match the corpus solutions they come from", "[problem][puzzles]") {
  const auto files = shipped_problem_files();
  CHECK(files.size() >= 8);
  CHECK(files.size() <= 12);
  std::map<std::string, Row> by_file;
  for (auto& r : manifest_rows()) by_file[r.file] = r;
  std::set<int> lengths;
  bool castling_key = false, promotion_key = false;
  for (const auto& path : files) {
    INFO(path);
    auto problems = read_problem_file(path);
    REQUIRE(problems.size() == 1);
    const Problem& p = problems.front();
    lengths.insert(p.stipulation.moves);
    CHECK(path.find("mate" + std::to_string(p.stipulation.moves)) != std::string::npos);
    CHECK_FALSE(p.author.empty());
    CHECK_FALSE(p.source.empty());
    CHECK_FALSE(p.date.empty());
    REQUIRE(p.published);
    REQUIRE_FALSE(p.published->moves.empty());

    // The published key is a legal move, marked "!".
    const PgnMove& key_move = p.published->moves.front();
    CHECK(key_move.nags == std::vector<int>{1});
    Position pos = read_fen(p.fen);
    const Move key = parse_san(pos, key_move.san, key_move.where);
    castling_key |= key.kind() == MoveKind::Castling;
    promotion_key |= key.is_promotion();

    // It is the corpus problem named by [Origin], with Popeye's key ...
    const std::string origin = p.tags.at("Origin");
    REQUIRE(origin.starts_with("orthodox-problems/"));
    const std::string inp = origin.substr(std::string("orthodox-problems/").size());
    REQUIRE(by_file.count(inp));
    const Row& row = by_file[inp];
    CHECK(p.fen == row.fen);
    CHECK(p.stipulation.text == row.stipulation);
    CHECK(to_popeye(pos, key, PopeyeMarks::With) == row.keys);
    // ... and its movetext is Popeye's whole printed tree under the README's convention.
    auto out = read_popeye_output_file(corpus(inp.substr(0, inp.size() - 4) + ".out"));
    REQUIRE(out.size() == 1);
    REQUIRE(out[0].keys.size() == 1);
    PgnGame expected = *p.published;
    expected.moves = solution_to_pgn(pos, out[0].keys[0]);
    CHECK(write_pgn(*p.published) == write_pgn(expected));
  }
  CHECK(lengths.count(2));
  CHECK(lengths.count(3));
  CHECK(lengths.count(4));
  CHECK(castling_key);
  CHECK(promotion_key);
}

TEST_CASE("Popeye input: keywords, abbreviations, piece lists, castling rights, several problems", "[problem][popeye]") {
  SECTION("long keywords, any case, options that only change the output") {
    auto p = read_problems(
        "BeginProblem\nTitle  A test  \nAuthor Someone\nOrigin Somewhere, 2024\nPieces White Kb1 Qc2\n  Black Ka8\n"
        "Stipulation #2\nOption NoThreat MaxSolutions 3 Variation Try\nEndProblem\n",
        "t.inp");
    REQUIRE(p.size() == 1);
    CHECK(p[0].fen == "k7/8/8/8/8/8/2Q5/1K6 w - - 0 1");
    CHECK(p[0].title == "A test");
    CHECK(p[0].author == "Someone");
    CHECK(p[0].source == "Somewhere, 2024");
    CHECK(p[0].tags.at("PopeyeOptions") == "NoThreat MaxSolutions 3 Variations Try");
    CHECK(p[0].stipulation.moves == 2);
  }
  SECTION("a carriage return inside a text line is a blank (found by fuzzing: it went into a PGN tag)") {
    auto p = read_problems("begin\nremark a\rb\r\ntitle c\r\npieces white kb1 black ka8\nstipulation #2\nend\n", "t.inp");
    REQUIRE(p.size() == 1);
    CHECK(p[0].tags.at("Remark") == "a b");
    CHECK(p[0].title == "c");
  }
  SECTION("unique prefixes; several squares for one piece letter") {
    auto p = read_problems("beg\npie wh ke1 pa2b2c2 bl ke8 pa7b7\nsti #3\nopt var\nendp\n", "t.inp");
    REQUIRE(p.size() == 1);
    CHECK(p[0].fen == "4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 1");
  }
  SECTION("castling rights from home squares, minus NoCastling") {
    auto rights = [](const std::string& pieces, const std::string& option) {
      auto p = read_problems("begin\npieces " + pieces + "\nstipulation #2\n" + option + "end\n", "t.inp");
      return test::split(p.at(0).fen, ' ')[2];
    };
    CHECK(rights("white ke1 ra1 rh1 black ke8 ra8 rh8", "") == "KQkq");
    CHECK(rights("white ke1 ra1 rh1 black ke8 ra8 rh8", "option NoCastling\n") == "-");
    CHECK(rights("white ke1 ra1 rh1 black ke8 ra8 rh8", "option NoCastling h1 a8\n") == "Qk");
    CHECK(rights("white ke1 ra1 rh1 black ke8 ra8 rh8", "option NoCastling e8\n") == "KQ");
    CHECK(rights("white ke1 ra1 rh1 black ke8 ra8 rh8", "option NoCastling e1h8\n") == "q");
    CHECK(rights("white kd1 ra1 rh1 black ke8 rb8 sh8", "") == "-");
    CHECK(rights("white ke1 ba1 sh1 black ke8 ra8", "") == "q");
  }
  SECTION("several problems, separated by next") {
    auto p = read_problems(
        "begin\npieces white kb1 qc2 black ka8\nstipulation #2\nnext\ntitle second\n"
        "pieces white ke1 rh1 black ke3\nstipulation #3\nend\n",
        "t.inp");
    REQUIRE(p.size() == 2);
    CHECK(p[0].number == 1);
    CHECK(p[1].number == 2);
    CHECK(p[1].where.line == 4);
    CHECK(p[1].title == "second");
    CHECK(p[1].fen == "8/8/8/8/8/4k3/8/4K2R w K - 0 1");
    CHECK(p[1].stipulation.text == "#3");
  }
  SECTION("text after 'end' is not read, as in Popeye") {
    auto p = read_problems("begin\npieces white kb1 qc2 black ka8\nstipulation #2\nend\nanything at all\n", "t.inp");
    CHECK(p.size() == 1);
  }
}

TEST_CASE("Popeye input in German and French: the first word chooses the language", "[problem][popeye]") {
  SECTION("German, as BEISPIEL/ writes it (B the pawn, L the bishop, T the rook, D the queen); protocol noted, not written") {
    test::ScratchDir dir;
    const std::string protocol = dir.path("postkey.out");
    auto p = read_problems("anfangproblem\n\nprotokoll       " + protocol +
                               "\n\nautor           Hans Peter Rehm\nquelle          harmonie 1990\nforderung       #3\n"
                               "steine          weiss   da7 le6 ta3 sc3 ka1 bb2\n\t\tschwarz sb8 td8 kc6 bc7\n"
                               "option          vari zugnummern piep 5\nendeproblem\n",
                           "postkey.inp");
    REQUIRE(p.size() == 1);
    CHECK(p[0].fen == "1n1r4/Q1p5/2k1B3/8/8/R1N5/1P6/K7 w - - 0 1");
    CHECK(p[0].author == "Hans Peter Rehm");
    CHECK(p[0].source == "harmonie 1990");
    CHECK(p[0].stipulation.text == "#3");
    CHECK(p[0].tags.at("PopeyeOptions") == "Variations MoveNumbers Beep 5");  // a number may follow Beep
    CHECK(p[0].tags.at("PopeyeProtocol") == protocol);
    CHECK_FALSE(std::filesystem::exists(protocol));
  }
  SECTION("German: abbreviations, several problems (weiteresproblem), ende") {
    auto p = read_problems("anfang\nford h#2\nsteine weiss ke1 bd2 schw kh8 lg8\nweiter\nford #2\nsteine w ka1 dd1 s ka8\nende\n",
                           "t.inp");
    REQUIRE(p.size() == 2);
    CHECK(p[0].fen == "6bk/8/8/8/8/8/3P4/4K3 b - - 0 1");
    CHECK(p[1].fen == "k7/8/8/8/8/8/8/K2Q4 w - - 0 1");
  }
  SECTION("German twins: zwilling versetze, ferner, hinzufuegen") {
    auto p = read_problems("anfang\nford h#2\nsteine weiss ke1 bd2 schw kh8 lg8\nzwilling versetze e1 f1\n"
                           "zwilling ferner hinzufuegen schwarz bh7\nende\n",
                           "t.inp");
    REQUIRE(p.size() == 1);
    REQUIRE(p[0].twins.size() == 3);
    CHECK(p[0].twins[1].fen == "6bk/8/8/8/8/8/3P4/5K2 b - - 0 1");
    CHECK(p[0].twins[1].description == "versetze e1 f1");
    CHECK(p[0].twins[2].fen == "6bk/7p/8/8/8/8/3P4/5K2 b - - 0 1");
  }
  SECTION("French: R the king, D the queen, T the rook, F the bishop, C the knight") {
    auto p = read_problems("DebutProbleme\nauteur Quelqu'un\nenonce #2\npieces blanc rb1 dc2 tf1 fg1 ch1 pa2 noir ra8\n"
                           "option variantes\nFinProbleme\n",
                           "t.inp");
    REQUIRE(p.size() == 1);
    CHECK(p[0].fen == "k7/8/8/8/8/8/P1Q5/1K3RBN w - - 0 1");
    CHECK(p[0].author == "Quelqu'un");
    CHECK(p[0].tags.at("PopeyeOptions") == "Variations");
  }
  SECTION("English keywords are not German ones: a German file's 'pieces' is unknown") {
    try {
      read_problems("anfangproblem\nforderung #2\npieces white ke1 black ke8\nende\n", "t.inp");
      FAIL("read");
    } catch (const ParseError& e) {
      CHECK(e.where().line == 3);
      CHECK(std::string(e.what()).find("unknown Popeye keyword 'pieces': expected one of Bemerkung") != std::string::npos);
    }
  }
}

TEST_CASE("PGN problem files: tags, published solution, threat comments", "[problem][pgn]") {
  const std::string text = PgnHead +
                           "[Author \"A. Composer\"]\n[Source \"Somewhere\"]\n[Date \"1900.??.??\"]\n[Title \"Test\"]\n"
                           "[Stipulation \"#2\"]\n[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n[Theme \"x\"]\n\n"
                           "1. Rh7! {zugzwang} 1... Kb8 2. Rh8# *\n";
  auto p = read_problems(text, "t.pgn");
  REQUIRE(p.size() == 1);
  CHECK(p[0].author == "A. Composer");
  CHECK(p[0].source == "Somewhere");
  CHECK(p[0].date == "1900.??.??");
  CHECK(p[0].title == "Test");
  CHECK(p[0].tags.at("Theme") == "x");
  CHECK(p[0].fen == "k7/8/1K6/8/8/8/8/7R w - - 0 1");
  CHECK(p[0].fen_location.line == 10);
  CHECK(p[0].fen_location.column == 7);
  CHECK(p[0].stipulation_location.line == 8);
  CHECK(p[0].stipulation_location.column == 15);
  REQUIRE(p[0].published);
  CHECK(p[0].published->moves.size() == 3);
  CHECK(prover::is_zugzwang_comment(p[0].published->moves[0].comments_after.at(0)));

  CHECK(prover::threat_moves("threat: 2. Ra7+, 2. Kd7") == std::vector<std::string>{"Ra7+", "Kd7"});
  CHECK(prover::threat_moves("Threat: 3.Rf8#") == std::vector<std::string>{"Rf8#"});
  CHECK_FALSE(prover::threat_moves("a nice key"));

  SECTION("a variant's FEN is kept for its own reader") {
    auto v = read_problems(PgnHead + "[Variant \"Option Chess\"]\n[Stipulation \"#3\"]\n[FEN \"whatever the variant says\"]\n\n*\n", "v.pgn");
    CHECK(v.at(0).variant == "Option Chess");
    CHECK(v.at(0).fen == "whatever the variant says");
  }
}

TEST_CASE("stipulations: '#N', 'h#N', 'h#N.5', 's#N', 1 <= N <= MaxMateMoves", "[problem]") {
  CHECK(parse_stipulation("#1", {}).moves == 1);
  CHECK(parse_stipulation("#30", {}).moves == MaxMateMoves);
  CHECK(parse_stipulation(" #5 ", {}).text == "#5");
  CHECK(parse_stipulation("h#2", {}).kind == Stipulation::HelpMate);  // more in problem_twin_test.cpp
  CHECK(parse_stipulation("s#3", {}).kind == Stipulation::SelfMate);
  CHECK(parse_stipulation("r#2", {}).kind == Stipulation::ReflexMate);  // battle play of any goal: stipulation_form_test.cpp
  CHECK(parse_stipulation("=2", {}).target.kind == Target::Stalemate);
  CHECK(parse_stipulation("hs#2", {}).help_end == HelpEnd::Self);
  CHECK(parse_stipulation("##2", {}).target.kind == Target::DoubleMate);
  for (std::string s : {"#2.5", "s##2", "ser-hs#5", "reci-h#0.5", "x#2"}) {
    INFO(s);
    CHECK_THROWS_WITH(parse_stipulation(s, {}), Catch::Contains("unsupported stipulation '" + s + "'"));
  }
  CHECK_THROWS_WITH(parse_stipulation("#31", {}), Catch::Contains("absurdly large"));
  CHECK_THROWS_WITH(parse_stipulation("#99999999999999999999", {}), Catch::Contains("absurdly large"));
  CHECK_THROWS_WITH(parse_stipulation("#", {}), Catch::Contains("number of moves"));
}

TEST_CASE("bad problem files: each error names line, column and what is wrong", "[problem][errors]") {
  const std::string pieces = "pieces white ke1 qd1\n       black ke8\n";  // lines 2-3
  const std::vector<BadFile> cases = {
      // --- PGN ---
      {"PGN without a stipulation", PgnHead + "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*\n", 1, 1,
       {"no [Stipulation] tag", "#N"}},
      {"PGN without a FEN", PgnHead + "[Stipulation \"#2\"]\n\n*\n", 1, 1, {"no [FEN] tag", "SetUp"}},
      {"mate length 0", PgnHead + "[Stipulation \"#0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*\n", 4, 16,
       {"mate length 0", "at least one move"}},
      {"illegal position in the FEN tag: two white kings",
       PgnHead + "[Stipulation \"#2\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3KK3 w - - 0 1\"]\n\n*\n", 6, 7,
       {"exactly one White king"}},
      {"illegal position in the FEN tag: side not to move in check",
       PgnHead + "[Stipulation \"#2\"]\n[FEN \"4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1\"]\n\n*\n", 5, 29, {"not to move", "in check"}},
      {"a Solutions tag that is no number (found by fuzzing: it overflowed before it was refused)",
       PgnHead + "[Stipulation \"h#2\"]\n[Solutions \"/3K4/p7/pk1N1p2/1p3P2\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 1\"]\n\n*\n", 5, 13,
       {"expected the number of solutions", "/3K4/p7/pk1N1p2/1p3P2"}},
      {"SetUp 0 with a FEN", PgnHead + "[Stipulation \"#2\"]\n[SetUp \"0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*\n", 5, 9,
       {"SetUp \"1\""}},
      {"illegal published key", PgnHead + "[Stipulation \"#2\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n1. Ra2! *\n", 7, 4,
       {"Ra2"}},
      {"illegal move in a threat comment",
       PgnHead + "[Stipulation \"#2\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n1. Rh7! {threat: 2. Rg8#} 1... Kb8 2. Rh8# *\n", 7, 4,
       {"threat comment after Rh7", "Rg8#"}},
      {"a bad move deep in a threat comment is placed at its move (found by fuzzing: the column ran past the line)",
       PgnHead + "[Stipulation \"#2\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n1. Rh7! {threat: 2. Rh8#,\n2. Rh8a1<-->h1#} 1... Kb8 2. Rh8# *\n", 7, 4,
       {"threat comment after Rh7"}},
      // --- Popeye ---
      {"Popeye: no stipulation", "begin\n" + pieces + "option Variation\nend\n", 5, 1, {"no stipulation", "stipulation #N", "'end'"}},
      {"Popeye: #0", "begin\n" + pieces + "stipulation #0\nend\n", 4, 14, {"mate length 0"}},
      {"Popeye: two white kings", "begin\npieces white ke1 qd1 kh1\n       black ke8\nstipulation #2\nend\n", 2, 22,
       {"second white king", "h1", "exactly one king", "e1"}},
      {"Popeye: a royal piece beside the king (one royal man a side, as Popeye allows)",
       "begin\npieces white ke1 royal gd4\n       black ke8\nstipulation h#2\nend\n", 2, 24,
       {"second royal white man (royal grasshopper (G) on d4)", "a king or a royal piece", "first is on e1"}},
      {"Popeye: the king after a royal piece", "begin\npieces white royal sb1 ke1\n       black ke8\nstipulation h#2\nend\n", 2, 24,
       {"a white king (on e1) beside a royal piece", "royal knight (S) is on b1"}},
      {"Popeye: pawn on the first rank", "begin\npieces white ke1 pa2b1\n       black ke8\nstipulation #2\nend\n", 2, 21,
       {"white pawn on b1", "first or last rank"}},
      {"Popeye: side not to move in check", "begin\npieces white ke1 qe7\n       black ke8\nstipulation #2\nend\n", 4, 13,
       {"Black (the side not to move) is in check", "White moves first"}},
      {"Popeye: unknown keyword", "begin\n" + pieces + "stipulation #2\nsolve fast\nend\n", 5, 1,
       {"unknown Popeye keyword 'solve'", "stipulation"}},
      {"Popeye: ambiguous keyword", "begin\n" + pieces + "s #2\nend\n", 4, 1, {"ambiguous Popeye keyword 's'", "stipulation", "sstipulation"}},
      {"Popeye: unknown piece code", "begin\npieces white ke1 yd4\n       black ke8\nstipulation #2\nend\n", 2, 18,
       {"unknown piece code 'y'", "pie-engl.txt"}},
      {"Popeye: a twin before any position", "begin\nstipulation #2\ntwin move e1 e2\n" + pieces + "end\n", 4, 1,
       {"'pieces' after the twins (a twin before any position)", "line 3, column 1"}},
      {"Popeye: a stipulation with no number", "begin\n" + pieces + "stipulation h#\nend\n", 4, 15, {"expected the number of moves"}},
      {"Popeye: an unknown goal", "begin\n" + pieces + "stipulation h?3\nend\n", 4, 13, {"expected a goal"}},
      {"Popeye: an unknown condition", "begin\ncondition circus\n" + pieces + "stipulation #2\nend\n", 2, 11,
       {"unknown condition 'circus'"}},
      {"Popeye: piece before a colour", "begin\npieces ke1 qd1 black ke8\nstipulation #2\nend\n", 2, 8, {"expected a colour"}},
      {"Popeye: missing end", "begin\n" + pieces + "stipulation #2\noption Variation\n", 6, 1,
       {"expected 'end' (EndProblem)", "line 1, column 1", "end of the file"}},
      {"Popeye: missing begin", "pieces white ke1 black ke8\nstipulation #2\nend\n", 1, 1, {"expected 'begin'", "'pieces'"}},
      {"Popeye: unknown option", "begin\n" + pieces + "stipulation #2\noption Fast\nend\n", 5, 8, {"unknown Popeye option 'Fast'", "Variation"}},
      {"Popeye: NoCastling is accepted but MaxSolutions needs a number",
       "begin\n" + pieces + "stipulation #2\noption NoCastling MaxSolutions x\nend\n", 5, 32, {"expected a number after option 'MaxSolutions'"}},
      // --- neither ---
      {"not a problem file", "\n\n  hello world\n", 3, 3, {"expected a problem file", "'hello'"}},
      {"empty file", "  \n", 2, 1, {"empty problem file"}},
  };
  CHECK(cases.size() >= 10);
  for (const auto& c : cases) check_bad(c);
}

namespace {

struct UnsupportedCase {
  std::string name;
  std::string text;
  std::vector<std::string> reasons;  // exactly the problem's unsupported list
};

}  // namespace

TEST_CASE("what Arbiter does not play yet is read, modelled and named: unsupported, not bad input", "[problem][popeye]") {
  const std::string pieces = "pieces white ke1 qd1\n       black ke8\n";
  const std::string fen = "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*\n";
  const std::vector<UnsupportedCase> cases = {
      {"PGN series help-selfmate", PgnHead + "[Stipulation \"ser-hs#2\"]\n" + fen, {"stipulation ser-hs#2 (series help-selfmate)"}},
      {"PGN mate in 999", PgnHead + "[Stipulation \"#999\"]\n" + fen,
       {"stipulation #999 (direct mate longer than the 30 moves Arbiter searches)"}},
      {"series help-self-stalemate", "begin\n" + pieces + "stipulation ser-hs=5\nend\n", {"stipulation ser-hs=5 (series help-self-stalemate)"}},
      // REGRESSIONS/4_63_to_4_65.inp 16 of Popeye's suite: the e.p. of an Einstein pawn's triple step.
      {"a fairy pawn's long step taken e.p.", "begin\npieces white pc6e5 black pd5\nstip ep1\noption enpassant d8d7d6d5 nowk nobk\nend\n",
       {"option EnPassant over 4 squares ('d8d7d6d5': a fairy pawn's long step)"}},
      {"series help-selfmate", "begin\n" + pieces + "stipulation ser-hs#3\nend\n", {"stipulation ser-hs#3 (series help-selfmate)"}},
      {"introductory moves", "begin\n" + pieces + "stipulation 2->ser-#3\nend\n",
       {"stipulation 2->ser-#3 (2 moves then series mate)"}},
      {"reciprocal parry series", "begin\n" + pieces + "stipulation pser-reci-h#2\nend\n",
       {"stipulation pser-reci-h#2 (parry series reciprocal helpmate)"}},
      {"target square", "begin\n" + pieces + "stipulation ser-hsze44\nend\n", {"stipulation ser-hsze44 (series help-self-target square e4)"}},
      {"proof game with the number apart", "begin\n" + pieces + "stipulation dia 15.5\nend\n",
       {"stipulation dia 15.5 (proof game)"}},
      {"structured stipulation", "begin\n" + pieces + "sstipulation white 3a[#]d | !4hh[#]\nend\n",
       {"structured stipulation 'white 3a[#]d | !4hh[#]': a root of '!', or of '&' or '|' with a part that is no branch (each "
        "part's play printed)"}},
      {"conditions with parameters", "begin\ncondition circe parrain madrasi rex\n" + pieces + "stipulation #2\nend\n",
       {"condition Circe parrain", "condition Madrasi rex"}},
      {"German: a condition and a piece list after it, then the next keyword on its own line",
       "anfang\nbedingung uwnur d t l s\nsteine weiss ke1 dd1 schwarz ke8\nforderung #2\nende\n", {"condition PromOnly d t l s"}},
      {"fairy pieces and attributes not played yet",
       "begin\npieces white ke1 gd4 hca2b2 neutral pe5 black magic ke8\nstipulation #2\nend\n",
       {"piece ContraHamster (HC)", "piece attribute Magic"}},
      {"a goal about the move itself with fairy pieces", "begin\npieces white ke1 gd4 black ke8 pe5\nstipulation x1\nend\n",
       {"goal 'x' with fairy pieces (a goal about the move itself needs orthodox moves)"}},
      {"forsyth with a fairy piece not played yet", "begin\nforsyth 48/5.hcPp/5K1k\nstipulation #6\nend\n", {"piece ContraHamster (HC)"}},
      {"a twin adding a fairy piece not played yet, and a magic one", "begin\npieces white ke1 gd4 black ke8\nstipulation #2\ntwin add white hcc3\ntwin add black magic gc3\nend\n",
       {"twin b): piece ContraHamster (HC)", "twin c): piece attribute Magic"}},
      {"options that change the problem", "begin\n" + pieces + "stipulation #2\noption Variation Search\nend\n",
       {"option Search (it changes how the solutions are searched)"}},
      {"GoalIsEnd in reflex play", "begin\n" + pieces + "stipulation r#2\noption GoalIsEnd\nend\n",
       {"option GoalIsEnd for 'r#2' (played in direct, self, help and series play so far)"}},
      {"GoalIsEnd in a twin's help-self play", "begin\n" + pieces + "stipulation hc813\noption GoalIsEnd\ntwin stipulation hs#2\nend\n",
       {"option GoalIsEnd for 'hs#2' (played in direct, self, help and series play so far)"}},
      {"null moves in battle play", "begin\n" + pieces + "stipulation #2\noption NullMoves\nend\n",
       {"option NullMoves for '#2' (null moves are built for help play only)"}},
      {"StopOnShortSolutions in battle play (Popeye refuses it)", "begin\n" + pieces + "stipulation #3\noption StopOnShortSolutions\nend\n",
       {"option StopOnShortSolutions for '#3' (Popeye refuses it in battle play)"}},
      {"null moves with set play (Popeye refuses the pair)", "begin\n" + pieces + "stipulation h#2\noption NullMoves SetPlay\nend\n",
       {"option NullMoves with option SetPlay (Popeye refuses the pair)"}},
      {"the play after the key of a direct mate with twins (Popeye's PostKeyPlay; ignored in help play)",
       "begin\n" + pieces + "stipulation #2\noption PostKeyPlay\ntwin stipulation #3\nend\n",
       {"option PostKeyPlay for '#2' with twins (each twin is the position after its key)"}},
      {"a twin with a condition and a fairy man", "begin\n" + pieces + "stipulation #2\ntwin condition madrasi\ntwin add white hcc3\nend\n",
       {"twin b): condition Madrasi", "twin c): piece ContraHamster (HC)"}},
      {"a twin with a stipulation Arbiter does not play", "begin\n" + pieces + "stipulation #2\ntwin stipulation ser-hs=2\nend\n",
       {"twin b): stipulation ser-hs=2 (series help-self-stalemate)"}},
      {"the same square twice: Popeye's underworld", "begin\npieces white ke1 qd1\n       black ke8 rd1\nstipulation #2\nend\n",
       {"a man under another on d1 (the white queen at line 2, column 18 below the black rook at line 3, column 18: Popeye's "
        "underworld)"}},
      {"a=>b: the men after the stipulation are the diagram to reach",
       "begin\npieces white ka2 black kh8\nstipulation a=>b2\npieces white ka4 black kh8\nend\n",
       {"stipulation a=>b2 (proof game from a diagram)"}},
      {"a hunter with a pawn's walk", "begin\npieces white ke1 p/ba4 black ke8\nstipulation #2\nend\n", {"piece hunter (P/B)"}},
      {"a stipulation with its number apart", "begin\n" + pieces + "stipulation ser-hs00 9\nend\n",
       {"stipulation ser-hs00 9 (series help-self-castling)"}},
      {"total invisible", "begin\npieces totalinvisible 2 white ke1 black ke8\nstipulation h#2\nend\n", {"total invisible pieces"}},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const auto problems = read_problem_entries(c.text, "t", PublishedLines::Checked);
    REQUIRE(problems.size() == 1);
    CHECK_FALSE(problems[0].malformed.has_value());
    CHECK(problems[0].unsupported == c.reasons);
    CHECK_FALSE(problems[0].playable());
    CHECK_THROWS_AS(read_problems(c.text, "t"), UnsupportedProblem);
  }
}

TEST_CASE("Popeye's attributes Royal and Chameleon: placed as '(r:G)' and '(c:Q)' for the fairy rule set", "[problem][popeye][royal]") {
  // Royal applies to the one piece word after it, as Popeye reads it: the pawn after the
  // grasshopper is a plain pawn; a royal king is a king.
  const auto p = read_problems("begin\npieces white royal ke1 black royal gd4 pe5\nstipulation h#2\nend\n", "t");
  REQUIRE(p.size() == 1);
  CHECK(p[0].unsupported.empty());
  CHECK(p[0].variant == "fairy");
  CHECK(p[0].fen == "8/8/8/4p3/3(r:g)4/8/8/4K3 b - - 0 1");
  // A royal orthodox man by its English code: Black's royal knight, in a German file ("springer").
  const auto g = read_problems("anfang\nsteine weiss ke1 schwarz koeniglich sb8\nforderung h#2\nende\n", "t");
  REQUIRE(g.size() == 1);
  CHECK(g[0].fen == "1(r:s)6/8/8/8/8/8/8/4K3 b - - 0 1");
  // A chameleon queen, knight, bishop or rook: "c:" before its code; a chameleon pawn is not
  // played (Popeye's cycle has no pawn).
  const auto c = read_problem_entries("begin\npieces white ke1 chameleon qd1 black ke8 chameleon pd7\nstipulation #2\nend\n", "t",
                                      PublishedLines::Checked);
  REQUIRE(c.size() == 1);
  CHECK(c[0].unsupported ==
        std::vector<std::string>{"piece attribute Chameleon on a pawn (P) (Popeye's cycle: queen, knight, bishop, rook)"});
  const auto cq = read_problems("begin\npieces white ke1 chameleon qd1 black ke8\nstipulation #2\nend\n", "t");
  CHECK(cq[0].fen == "4k3/8/8/8/8/8/8/3(c:Q)K3 w - - 0 1");
  // Neutral men: "n:" before the code, written upper case; a neutral king is each side's king, so
  // a side with a king of its own besides has two royal men.
  const auto n = read_problems("begin\npieces neutral ka4 pb4 black pe5\nstipulation h#2\nend\n", "t");
  CHECK(n[0].fen == "8/8/8/4p3/(n:K)(n:P)6/8/8/8 b - - 0 1");
  CHECK_THROWS_WITH(read_problems("begin\npieces white ke1 neutral ka4\nstipulation h#2\nend\n", "t"),
                    Catch::Contains("White has 2 royal men"));
  // A royal man in check from the side to move is an illegal diagram, as a king is.
  CHECK_THROWS_WITH(read_problems("begin\npieces white ke1 rd1 black royal gd4\nstipulation #2\nend\n", "t"),
                    Catch::Contains("expected the side not to move out of check"));
  // A twin adding a second royal man of a side: illegal, for that twin alone.
  const auto t = read_problems("begin\npieces white ke1 black royal gd4\nstipulation h#2\ntwin add black royal se5\nend\n", "t");
  REQUIRE(t[0].twins.size() == 2);
  REQUIRE(t[0].twins[1].illegal.has_value());
  CHECK_THAT(t[0].twins[1].illegal->message(), Catch::Contains("Black has 2 royal men"));
}

TEST_CASE("Popeye's CastlingMutuallyExclusive pins orthodox.castling-exclusive-* per pair", "[problem][popeye]") {
  const std::string board = "begin\npieces white ke1 ra1 rh1 black ke8 ra8 rh8\nstipulation #2\n";
  // Popeye's spelling, one pair per keyword (castling.inp 46), and the German abbreviation.
  const auto english = read_problems(board + "option CastlingMutuallyExclusive h1h8 Cast a1a8\nend\n", "t");
  REQUIRE(english.size() == 1);
  CHECK(english[0].interpretations.text() == "orthodox.castling-exclusive-h1h8=exclusive; orthodox.castling-exclusive-a1a8=exclusive");
  CHECK(english[0].tags.at("Interpret") == english[0].interpretations.text());
  const auto german = read_problems("anfang\nsteine weiss ke1 ta1 schwarz ke8 th8\nforderung #2\noption Roch a1h8\nende\n", "t");
  CHECK(german.at(0).interpretations.text() == "orthodox.castling-exclusive-a1h8=exclusive");
  // A pair that is not a white rook's square then a black rook's is malformed, at its text.
  const auto bad = read_problem_entries(board + "option CastlingMutuallyExclusive a8h1\nend\n", "t", PublishedLines::Checked);
  REQUIRE(bad.size() == 1);
  REQUIRE(bad[0].malformed.has_value());
  CHECK(bad[0].malformed->where().line == 4);
  CHECK(bad[0].malformed->where().column == 34);
  CHECK_THAT(bad[0].malformed->message(), Catch::Contains("a white rook's square (a1 or h1) and a black rook's (a8 or h8)"));
  const auto missing = read_problem_entries(board + "option CastlingMutuallyExclusive\nend\n", "t", PublishedLines::Checked);
  REQUIRE(missing.at(0).malformed.has_value());
}

TEST_CASE("Popeye's EnPassant for the set play only: played in help play of the diagram", "[problem][popeye]") {
  // REGRESSIONS/4_79_to_4_81.inp 2: hx1, Black to move, with Black's d7-d5 just played and
  // SetPlay: only the set play (White first) can take it e.p.: its square is the set play's, the
  // diagram has none. With a twin (which could move the pawn) it stays unsupported. Without
  // SetPlay the same option stays bad input: no e.p. capture could ever follow it.
  const std::string text = "begin\npieces white ke1 pe5 black ke8 pc7d5\noption enpassant d7d6d5";
  const auto set = read_problem_entries(text + " set\nstipulation hx1\nend\n", "t", PublishedLines::Checked);
  REQUIRE(set.size() == 1);
  REQUIRE(set[0].playable());
  CHECK(square_name(set[0].set_play_en_passant) == "d6");
  CHECK(set[0].fen.find(" b - - ") != std::string::npos);  // no e.p. square in the diagram
  const auto twinned = read_problem_entries(text + " set\nstipulation hx1\ntwin move e1 f1\nend\n", "t", PublishedLines::Checked);
  CHECK(twinned.at(0).unsupported ==
        std::vector<std::string>{"option EnPassant for the set play only ('d7d6d5', a double step of the side to move) outside help play of the diagram alone"});
  const auto plain = read_problem_entries(text + "\nstipulation hx1\nend\n", "t", PublishedLines::Checked);
  REQUIRE(plain.at(0).malformed.has_value());
  CHECK_THAT(plain[0].malformed->message(), Catch::Contains("double step of a white pawn"));
}

TEST_CASE("Popeye's NoWk and NoBk: a side without a king is played under orthodox.king-count=at-most-one", "[problem][popeye]") {
  // Popeye solves a diagram without a king with or without the options (without them it warns
  // first): the problem pins the rule that allows it, and only then.
  for (const std::string options : {"option nowk\n", ""}) {
    INFO(options);
    const auto problems =
        read_problems("begin\npieces white be8 pb7\n       black kb4 sa3 pa5b5\nstipulation h#2.5\n" + options + "end\n", "t");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].fen == "4B3/1P6/8/pp6/1k6/n7/8/8 w - - 0 1");
    CHECK(problems[0].interpretations.text() == "orthodox.king-count=at-most-one");
    CHECK(problems[0].tags.at("Interpret") == "orthodox.king-count=at-most-one");
  }
  const auto kings = read_problems("begin\npieces white ke1 qd1 black ke8\nstipulation #2\noption nowk nobk\nend\n", "t");
  CHECK(kings.at(0).interpretations.empty());  // both kings there: nothing to allow
  // A twin that removes a king pins it too; an empty board reads.
  const auto twin = read_problems("begin\npieces white ke1 qd1 black ke8 pa7\nstipulation #2\ntwin remove e8\nend\n", "t");
  REQUIRE(twin.at(0).twins.size() == 2);
  CHECK(twin[0].twins[1].fen == "8/p7/8/8/8/8/8/3QK3 w - - 0 1");
  CHECK(twin[0].interpretations.text() == "orthodox.king-count=at-most-one");
  const auto empty = read_problems("begin\nstipulation #2\noption nowk nobk\ntwin stipulation h#2\nend\n", "t");
  CHECK(empty.at(0).fen == "8/8/8/8/8/8/8/8 w - - 0 1");
  // In a PGN problem the file states it; without the pin the diagram is refused.
  const std::string pgn = "[Event \"t\"]\n[Stipulation \"h#2.5\"]\n[SetUp \"1\"]\n[FEN \"4B3/1P6/8/pp6/1k6/n7/8/8 w - - 0 1\"]\n";
  CHECK_THROWS_WITH(read_problems(pgn + "\n*\n", "t.pgn"), Catch::Contains("expected exactly one White king, found 0"));
  const auto pinned = read_problems(pgn + "[Interpret \"orthodox.king-count=at-most-one\"]\n\n*\n", "t.pgn");
  CHECK(pinned.at(0).interpretations.text() == "orthodox.king-count=at-most-one");
}

TEST_CASE("the model keeps what Popeye input states: men, conditions, options, stipulation", "[problem][popeye]") {
  const auto p = read_problem_entries("begin\ncondition imitator a1b2\npieces white ke1 royal gd4 black ke8\nstipulation ser-h#3\n"
                                      "option variation maxsolutions 2\nend\n",
                                      "t", PublishedLines::Checked)
                     .at(0);
  REQUIRE(p.popeye.men.size() == 3);
  CHECK(p.popeye.men[1].walk == "grashopper");
  CHECK(p.popeye.men[1].code == "G");
  CHECK(p.popeye.men[1].attributes == std::vector<std::string>{"Royal"});
  CHECK(p.popeye.men[1].square == parse_square("d4"));
  CHECK(p.popeye.men[0].orthodox == King);
  REQUIRE(p.popeye.conditions.size() == 1);
  CHECK(p.popeye.conditions[0].id == "Imitator");
  CHECK(p.popeye.conditions[0].parameters == std::vector<std::string>{"a1b2"});
  REQUIRE(p.popeye.options.size() == 2);
  CHECK(p.popeye.options[1].id == "MaxSolutions");
  CHECK(p.popeye.options[1].parameters == std::vector<std::string>{"2"});
  CHECK(p.popeye.stipulation == "ser-h#3");
  CHECK(p.stipulation.text == "ser-h#3");
}

TEST_CASE("one problem per result: a malformed or unsupported problem does not stop the others", "[problem][popeye]") {
  const std::string text =
      "begin\npieces white kb1 qc2 black ka8\nstipulation #2\nnext\n"               // 1: playable
      "title broken\npieces white kb1 xx9 black ka8\nstipulation #2\nnext\n"        // 2: malformed piece word
      "remark next is only a word here\npieces white kb1 black ka8\ncondition circe\nstipulation h#2\nnext\n"  // 3: unsupported
      "pieces white kb1 qc2 black ka8\nstipulation #2\n";                              // 4: no end
  const auto problems = read_problem_entries(text, "many.inp", PublishedLines::Checked);
  REQUIRE(problems.size() == 4);
  CHECK(problems[0].playable());
  CHECK(problems[0].number == 1);
  REQUIRE(problems[1].malformed.has_value());
  CHECK(problems[1].malformed->where().line == 6);
  CHECK(problems[1].number == 2);
  CHECK(problems[2].unsupported == std::vector<std::string>{"condition Circe"});
  CHECK(problems[2].number == 3);
  REQUIRE(problems[3].malformed.has_value());
  CHECK_THAT(problems[3].malformed->message(), Catch::Contains("expected 'end'"));
  CHECK_THROWS_AS(read_problems(text, "many.inp"), ParseError);
  // PGN: each game is a problem of its own.
  const std::string pgn = PgnHead + "[Stipulation \"#2\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n*\n\n" + PgnHead +
                          "[Stipulation \"#2\"]\n\n*\n\n" + PgnHead + "[Stipulation \"ser-hs#2\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n*\n";
  const auto games = read_problem_entries(pgn, "many.pgn", PublishedLines::Checked);
  REQUIRE(games.size() == 3);
  CHECK(games[0].playable());
  CHECK(games[1].malformed.has_value());
  CHECK(games[2].unsupported.size() == 1);
}

TEST_CASE("a zero position: the diagram is not solved, its changes are twin a)", "[problem][popeye]") {
  const auto p = read_problems("begin\npieces white kb1 qc2 black ka8\nstipulation #2\nzeroposition move c2 c3\ntwin move c2 d2\nend\n",
                               "t.inp")
                     .at(0);
  REQUIRE(p.twins.size() == 2);
  CHECK(p.twins[0].label == "a");
  CHECK(p.twins[0].description == "move c2 c3");
  CHECK(p.twins[0].fen.starts_with("k7/8/8/8/8/2Q5/8/1K6 w"));
  CHECK(p.twins[1].label == "b");
  CHECK(p.twins[1].fen.starts_with("k7/8/8/8/8/8/3Q4/1K6 w"));
  CHECK(p.fen == p.twins[0].fen);
}

TEST_CASE("options that change who plays: WhiteToPlay shortens a helpmate, Duplex and HalfDuplex exchange the roles", "[problem][popeye]") {
  const std::string pieces = "pieces white kf4 sf5 black ke8 qa8 rh8 pf6\n";
  SECTION("WhiteToPlay: h#4 is solved as h#3.5, White to move, and so is a twin's new stipulation") {
    const auto p = read_problems("begin\n" + pieces + "stipulation h#4\noption whitetoplay\ntwin stipulation h#2\nend\n", "t.inp").at(0);
    CHECK(p.stipulation.text == "h#3.5");
    CHECK(p.stipulation.moves == 3);
    CHECK(p.stipulation.half_move);
    REQUIRE(p.twins.size() == 2);
    CHECK(p.twins[0].fen.find(" w ") != std::string::npos);
    CHECK(p.twins[1].stipulation.text == "h#1.5");
    CHECK(p.twins[1].fen.find(" w ") != std::string::npos);
    CHECK(read_problems("begin\n" + pieces + "stipulation h#1\noption whitetoplay\nend\n", "t.inp").at(0).stipulation.text ==
          "h#0.5");
  }
  SECTION("WhiteToPlay where Popeye shortens nothing is named, not ignored, but in help play of N.5 moves") {
    const auto direct = read_problem_entries("begin\n" + pieces + "stipulation #2\noption whitetoplay\nend\n", "t.inp",
                                             PublishedLines::Checked).at(0);
    CHECK(direct.unsupported ==
          std::vector<std::string>{"option WhiteToPlay for '#2' (it shortens a helpmate of whole moves by White's starting)"});
    // Help play of N.5 moves, which White starts already, is played as it stands (Popeye's suite:
    // REGRESSIONS/4_47_to_4_49.inp 6, "option WhiteToPlay not applicable in help play").
    const auto half = read_problem_entries("begin\n" + pieces + "stipulation h#2.5\noption whitetoplay\nend\n", "t.inp",
                                           PublishedLines::Checked).at(0);
    CHECK(half.unsupported.empty());
    CHECK(half.stipulation.text == "h#2.5");
    const auto twin = read_problem_entries("begin\n" + pieces + "stipulation h#2\noption whitetoplay\ntwin stipulation s#2\nend\n",
                                           "t.inp", PublishedLines::Checked).at(0);
    CHECK(twin.unsupported ==
          std::vector<std::string>{"option WhiteToPlay for 's#2' (it shortens a helpmate of whole moves by White's starting)"});
  }
  SECTION("Duplex: each twin as stated, then with the other side to move; HalfDuplex: only the latter") {
    const std::string text = "begin\npieces white kc8 pe7 black ka6 rf7\nstipulation h#2\noption duplex\ntwin move f7 f6\nend\n";
    const auto p = read_problems(text, "t.inp").at(0);
    CHECK(p.duplex == Duplex::Also);
    CHECK_FALSE(single_unit(p));
    const auto units = solve_units(p);
    REQUIRE(units.size() == 4);
    CHECK(units[0].fen == "2K5/4Pr2/k7/8/8/8/8/8 b - - 0 1");
    CHECK_FALSE(units[0].colours_exchanged);
    CHECK(units[1].fen == "2K5/4Pr2/k7/8/8/8/8/8 w - - 0 1");
    CHECK(units[1].colours_exchanged);
    CHECK(units[1].twin == 0);
    CHECK(units[1].label == "a");
    CHECK(units[3].twin == 1);
    CHECK(units[3].colours_exchanged);
    CHECK(unit_heading(units[3]) == "b) move f7 f6, colours exchanged  h#2  2K5/4P3/k4r2/8/8/8/8/8 w - - 0 1\n");
    CHECK(unit_prefix(units[3]) == "b) colours exchanged: ");
    const auto half = read_problems("begin\npieces white kc8 pe7 black ka6 rf7\nstipulation h#2\noption halfduplex\nend\n", "t.inp").at(0);
    CHECK(half.duplex == Duplex::Only);
    const auto only = solve_units(half);
    REQUIRE(only.size() == 1);
    CHECK(only[0].colours_exchanged);
    CHECK(unit_heading(only[0]) == "colours exchanged  h#2  2K5/4Pr2/k7/8/8/8/8/8 w - - 0 1\n");
    // The e.p. capture belonged to the side that was to move.
    CHECK(with_other_side_to_move("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2") == "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 2");
  }
  SECTION("Quodlibet: a selfmate's goal, the diagram's and a twin's; named where there is no selfmate") {
    const auto p = read_problems("begin\n" + pieces + "stipulation s#2\noption quodlibet\ntwin stipulation s#3\nend\n", "t.inp").at(0);
    CHECK(p.stipulation.battle.quodlibet);
    CHECK(p.stipulation.text == "s#2");
    REQUIRE(p.twins.size() == 2);
    CHECK(p.twins[1].stipulation.battle.quodlibet);
    prover::SolveOptions options;
    set_stipulation(options, p.stipulation, false);
    CHECK(options.battle.quodlibet);
    const auto help = read_problem_entries("begin\n" + pieces + "stipulation h#2\noption quodlibet\nend\n", "t.inp",
                                           PublishedLines::Checked).at(0);
    CHECK(help.unsupported == std::vector<std::string>{"option Quodlibet for 'h#2' (it adds the direct goal to a selfmate's or reflexmate's)"});
  }
}

TEST_CASE("an unreadable problem file is a ParseError naming the file", "[problem][errors]") {
  try {
    read_problem_file("/nonexistent/problem.pgn");
    FAIL("no error");
  } catch (const ParseError& e) {
    CHECK(e.where().file == "/nonexistent/problem.pgn");
    CHECK_THAT(e.message(), Catch::Contains("cannot open"));
  }
}
