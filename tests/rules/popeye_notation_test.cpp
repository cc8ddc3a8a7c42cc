// Popeye's long algebraic notation (rules/notation/popeye.h) and the Popeye output reader
// (solver/problem/popeye_output.h), checked against the whole orthodox-problems corpus:
// every MANIFEST key round-trips, every .out file yields exactly MANIFEST's keys, and every
// move of every printed solution tree is spelled by to_popeye() exactly as Popeye printed it.

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/orthodox/movegen.h"
#include "solver/problem/popeye_output.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::problem;

namespace {

struct ManifestRow {
  std::string file, fen, stipulation;
  std::vector<std::string> keys;
};


const std::vector<ManifestRow>& manifest() {
  static const std::vector<ManifestRow> rows = [] {
    std::vector<ManifestRow> out;
    auto text = test::read_text_file(test::shared_path("corpus/orthodox-problems/MANIFEST.tsv"));
    bool header = true;
    for (auto& line : test::split(text, '\n')) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) continue;
      if (header) {
        header = false;
        continue;
      }
      auto cols = test::split(line, '\t');
      REQUIRE(cols.size() >= 4);
      ManifestRow row{cols[0], cols[1], cols[2], {}};
      if (!cols[3].empty()) row.keys = test::split(cols[3], ';');
      out.push_back(std::move(row));
    }
    return out;
  }();
  return rows;
}

std::string out_path(const std::string& inp) {
  return test::shared_path("corpus/orthodox-problems/" + inp.substr(0, inp.size() - 4) + ".out");
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ";") + x;
  return s;
}

}  // namespace

TEST_CASE("to_popeye spells moves as Popeye prints them", "[popeye]") {
  SECTION("piece moves, captures and pawn moves") {
    Position pos = read_fen("R1K5/5k2/2ppNpNp/7p/3P1Q2/8/2b4P/b7 w - - 0 1");
    CHECK(to_popeye(pos, *parse_popeye(pos, "Qf4-f5")) == "Qf4-f5");
    auto m = parse_popeye(pos, "Se6-g7");
    REQUIRE(m);
    CHECK(m->from() == sq::e6);
    CHECK(m->to() == sq::g7);
    CHECK(to_popeye(pos, *m, PopeyeMarks::With) == "Se6-g7");
    CHECK(to_popeye(pos, *parse_popeye(pos, "Qf4*f6")) == "Qf4*f6");
    CHECK(to_popeye(pos, *parse_popeye(pos, "h2-h4")) == "h2-h4");
    CHECK(to_popeye(pos, *parse_popeye(pos, "Ra8-a7"), PopeyeMarks::With) == "Ra8-a7 +");
  }
  SECTION("en passant is followed by ' ep.'") {
    // kubbel_0014_2 after 1.c2-c4: Black's 1...d4*c3 ep.
    Position pos = read_fen("3r4/8/6nB/bQn4p/2Ppp3/RB3k2/5NNP/6K1 b - c3 0 1");
    auto m = parse_popeye(pos, "d4*c3 ep.");
    REQUIRE(m);
    CHECK(m->kind() == MoveKind::EnPassant);
    CHECK(to_popeye(pos, *m) == "d4*c3 ep.");
    CHECK(parse_popeye(pos, "d4*c3") == m);  // " ep." may be left out on input
    CHECK(normalize_popeye("d4*c3 ep.") == "d4*c3 ep.");
  }
  SECTION("castling, promotion, marks") {
    Position castle = read_fen("6Rb/6n1/5B2/5n2/5Np1/6k1/4P1N1/4K2R w K - 0 1");
    auto oo = parse_popeye(castle, "0-0");
    REQUIRE(oo);
    CHECK(oo->kind() == MoveKind::Castling);
    CHECK(to_popeye(castle, *oo) == "0-0");
    CHECK(parse_popeye(castle, "O-O") == oo);
    Position promo = read_fen("n3k2r/1Pb1p3/1p2Q3/1K1B4/8/8/8/8 w k - 0 1");
    auto b8s = parse_popeye(promo, "b7-b8=S");
    REQUIRE(b8s);
    CHECK(b8s->promotion() == Knight);
    CHECK(to_popeye(promo, *b8s) == "b7-b8=S");
    auto a8q = parse_popeye(promo, "b7*a8=Q +");
    REQUIRE(a8q);
    CHECK(to_popeye(promo, *a8q) == "b7*a8=Q");
    CHECK(to_popeye(promo, *a8q, PopeyeMarks::With) == "b7*a8=Q +");  // the new queen checks along the 8th rank
  }
  SECTION("strict about what the text says") {
    Position pos = read_fen("R1K5/5k2/2ppNpNp/7p/3P1Q2/8/2b4P/b7 w - - 0 1");
    CHECK_FALSE(parse_popeye(pos, "Ne6-g7"));  // the knight is S in Popeye
    CHECK_FALSE(parse_popeye(pos, "Qf4*f5"));  // f5 is empty: '-'
    CHECK_FALSE(parse_popeye(pos, "Qf4-f6"));  // f6 holds a pawn: '*'
    CHECK_FALSE(parse_popeye(pos, "Rf4-f5"));  // wrong piece
    CHECK_FALSE(parse_popeye(pos, "Qf4-f3 ep."));
    CHECK_FALSE(parse_popeye(pos, ""));
    CHECK_FALSE(parse_popeye(pos, "Qf4-f8"));  // not legal: the pawn f6 blocks the file
  }
  SECTION("normalize_popeye drops check, mate, key and try marks") {
    CHECK(normalize_popeye("Qh5*h7 +") == "Qh5*h7");
    CHECK(normalize_popeye("  Se8-c7 #  ") == "Se8-c7");
    CHECK(normalize_popeye("Qh2-b2 # !") == "Qh2-b2");
    CHECK(normalize_popeye("Sd4-e6 ?") == "Sd4-e6");
    CHECK(normalize_popeye("c5*d6 ep. #") == "c5*d6 ep.");
    CHECK(normalize_popeye("0-0 #") == "0-0");
    CHECK(normalize_popeye("Qh7+") == "Qh7");
  }
}

TEST_CASE("every MANIFEST key round-trips through parse_popeye and to_popeye", "[popeye][corpus]") {
  int keys = 0;
  for (const auto& row : manifest()) {
    INFO(row.file);
    Position pos = read_fen(row.fen);
    for (const auto& key : row.keys) {
      INFO(key);
      auto m = parse_popeye(pos, key);
      REQUIRE(m);
      CHECK(to_popeye(pos, *m) == normalize_popeye(key));
      CHECK(to_popeye(pos, *m, PopeyeMarks::With) == key);  // the manifest keeps Popeye's marks
      CHECK(parse_popeye(pos, to_popeye(pos, *m)) == m);
      ++keys;
    }
  }
  CHECK(manifest().size() == 270);
  CHECK(keys >= 250);
}

TEST_CASE("the Popeye output reader finds exactly MANIFEST's keys in all 270 .out files", "[popeye][corpus]") {
  int files = 0, with_keys = 0;
  for (const auto& row : manifest()) {
    INFO(row.file);
    auto solutions = read_popeye_output_file(out_path(row.file));
    REQUIRE(solutions.size() == 1);
    const auto& s = solutions.front();
    CHECK(s.finished);
    CHECK(s.stipulation == row.stipulation);
    CHECK(joined(s.key_texts()) == joined(row.keys));
    CHECK(s.tries.empty());  // the corpus runs have no option Try
    ++files;
    with_keys += !s.keys.empty();
  }
  CHECK(files == 270);
  CHECK(with_keys == 248);  // 270 minus the 20 negatives, evergreen_anderssen_1852_5 and repo_4_75_to_4_77_00_3
}

TEST_CASE("every move of every Popeye solution tree is spelled exactly as to_popeye spells it", "[popeye][corpus]") {
  long moves = 0, threats = 0, en_passant = 0;
  std::function<void(Position&, const PopeyeNode&)> walk = [&](Position& pos, const PopeyeNode& node) {
    INFO(node.where.file << ":" << node.where.line << " " << node.move);
    auto m = parse_popeye(pos, node.move);
    REQUIRE(m);
    CHECK(to_popeye(pos, *m, PopeyeMarks::With) == node.move);
    ++moves;
    en_passant += m->kind() == MoveKind::EnPassant;
    pos.make(*m);
    if (node.threat) {
      CHECK_FALSE(node.threats.empty());
      CHECK_FALSE(pos.in_check());
      pos.make_null();
      for (const auto& t : node.threats) {
        walk(pos, t);
        ++threats;
      }
      pos.unmake_null();
    } else {
      CHECK(node.threats.empty());
    }
    for (const auto& r : node.replies) walk(pos, r);
    pos.unmake();
  };
  for (const auto& row : manifest()) {
    auto solutions = read_popeye_output_file(out_path(row.file));
    Position pos = read_fen(row.fen);
    for (const auto& key : solutions.front().keys) walk(pos, key);
  }
  CHECK(moves > 8000);
  CHECK(threats > 500);
  CHECK(en_passant == 8);  // the corpus outputs print 8 en passant captures ("ep.")
}

TEST_CASE("the Popeye output reader builds the tree: threats, zugzwang, duals, tries and 'but'", "[popeye]") {
  const std::string out =
      "Popeye Linux-6.1 v4.104 (1024 MB)\n"
      "\n"
      "first problem\n"
      "\n"
      "+---a---b---c---d---e---f---g---h---+\n"
      "|                                   |\n"
      "+---a---b---c---d---e---f---g---h---+\n"
      "  #2                          2 + 1\n"
      "\n"
      "   1.Qh2-b8 ! threat:\n"
      "          2.Qb8-b2 #\n"
      "\n"
      "   1.Qh2-b2 # !\n"
      "\n"
      "   1.Kc3-b3 ? threat:\n"
      "          2.Qh2-g1 #\n"
      "          2.Qh2-b2 #\n"
      "      1...Ka1-b1\n"
      "          2.Qh2-g1 #\n"
      "          2.Qh2-b2 #\n"
      "      but\n"
      "      1...Ka1-a2 !\n"
      "\n"
      "solution finished. Time = 0.012 s\n"
      "\n"
      "second problem\n"
      "+---a---b---c---d---e---f---g---h---+\n"
      "+---a---b---c---d---e---f---g---h---+\n"
      "  #3                          3 + 1\n"
      "   1.Rh1-h3 + !\n"
      "      1...Kc3-c2\n"
      "          2.Ra4-a2 + zugzwang.\n"
      "\n"
      "solution finished. Time = 0.01 s\n";
  auto s = read_popeye_output(out, "x.out");
  REQUIRE(s.size() == 2);
  CHECK(s[0].heading == std::vector<std::string>{"first problem"});
  CHECK(s[0].stipulation == "#2");
  CHECK(s[0].piece_counts == "2 + 1");
  CHECK(s[0].key_texts() == std::vector<std::string>{"Qh2-b8", "Qh2-b2 #"});
  REQUIRE(s[0].keys[0].threats.size() == 1);
  CHECK(s[0].keys[0].threats[0].move == "Qb8-b2 #");
  CHECK(s[0].keys[0].threats[0].number == 2);
  REQUIRE(s[0].tries.size() == 1);
  const auto& tr = s[0].tries[0];
  CHECK(tr.move == "Kc3-b3");
  CHECK(tr.threats.size() == 2);
  REQUIRE(tr.replies.size() == 1);
  CHECK(tr.replies[0].side == Black);
  CHECK(tr.replies[0].replies.size() == 2);  // a dual
  REQUIRE(tr.refutations.size() == 1);
  CHECK(tr.refutations[0].move == "Ka1-a2");
  CHECK(tr.refutations[0].where.line == 22);
  CHECK(s[1].heading == std::vector<std::string>{"second problem"});
  CHECK(s[1].key_texts() == std::vector<std::string>{"Rh1-h3 +"});
  CHECK(s[1].keys[0].replies[0].replies[0].zugzwang);

  SECTION("malformed output is an error with its line") {
    try {
      read_popeye_output("+---a---b\n+---a---b\n  #2\n   1.Qh2-b8 threat:\n", "bad.out");
      FAIL("no error");
    } catch (const ParseError& e) {
      CHECK(e.where().line == 4);
      CHECK(e.where().column == 4);
      CHECK_THAT(e.message(), Catch::Contains("without '!' (key) or '?' (try)"));
    }
    try {
      read_popeye_output("+---a---b\n+---a---b\n  #2\n   1.Qh2-b8 !\n                  3.Qb8-b2 #\n", "bad.out");
      FAIL("no error");
    } catch (const ParseError& e) {
      CHECK(e.where().line == 5);
      CHECK_THAT(e.message(), Catch::Contains("does not continue the line above it"));
    }
  }
}
