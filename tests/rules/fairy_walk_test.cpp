// Walks as data (rules/fairy/walk.h, walk_moves.h): the notation read, and each family's squares
// pinned from a few squares of a board, edges and blocked lines included. Expected squares are
// counted by hand from the pieces' definitions (Popeye's pie-engl.txt names, its walks' vectors).

#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/fairy/piece_table.h"
#include "rules/fairy/walk.h"
#include "rules/fairy/walk_moves.h"

using namespace arbiter;
using namespace arbiter::fairy;

namespace {

// A board given as "own" and "other" square lists ("d4 e5"), 8 x 8 unless told.
struct TestBoard {
  std::set<std::string> own, other;
  int files = 8, ranks = 8;
};

std::set<std::string> squares(const std::string& list) {
  std::set<std::string> out;
  for (std::size_t i = 0; i + 1 < list.size(); i += 3) out.insert(list.substr(i, 2));
  return out;
}

std::string name(int f, int r) {
  std::string s(2, ' ');
  s[0] = char('a' + f);
  s[1] = char('1' + r);
  return s;
}

// The squares `walk` reaches from `from`: "d5" for a move, "xd5" for a capture.
std::set<std::string> landings(const std::string& walk, const std::string& from, const TestBoard& board = {}, bool black = false) {
  const Walk w = parse_walk(walk);
  std::set<std::string> out;
  auto at = [&](int f, int r) {
    const std::string s = name(f, r);
    return board.own.count(s) ? Occupant::Own : board.other.count(s) ? Occupant::Other : Occupant::Empty;
  };
  walk_landings(w, from[0] - 'a', from[1] - '1', black, board.files, board.ranks, at,
                [&](const Landing& l) {
                  std::string s = l.capture ? "x" : "";
                  if (l.locust) s += name(l.victim_file, l.victim_rank) + "-";  // "xd6-d7": d6 taken, landing on d7
                  s.push_back(char('a' + l.file));
                  s.push_back(char('1' + l.rank));
                  out.insert(s);
                });
  return out;
}

TestBoard with(const std::string& own, const std::string& other) { return {squares(own), squares(other)}; }

int error_column(const std::string& walk) {
  try {
    (void)parse_walk(walk, {"w.txt", 2, 10});
  } catch (const ParseError& e) {
    CHECK(e.where().line == 2);
    return e.where().column - 10;
  }
  FAIL("no error for " << walk);
  return -1;
}

using Set = std::set<std::string>;

}  // namespace

TEST_CASE("fairy walks: leapers of any size, at the edge and in the middle", "[fairy][walk]") {
  CHECK(landings("N", "a1") == Set{"b3", "c2"});
  CHECK(landings("N", "d4").size() == 8);
  CHECK(landings("W", "h8") == Set{"g8", "h7"});
  CHECK(landings("F", "a8") == Set{"b7"});
  CHECK(landings("C", "a1") == Set{"b4", "d2"});             // camel (1,3)
  CHECK(landings("Z", "a1") == Set{"c4", "d3"});             // zebra (2,3)
  CHECK(landings("(1,4)", "a1") == Set{"b5", "e2"});         // giraffe
  CHECK(landings("(3,4)(0,5)", "a1") == Set{"d5", "e4", "a6", "f1"});  // bucephale
  CHECK(landings("(1,7)(5,5)", "a1") == Set{"b8", "h2", "f6"});  // root-50-leaper
  CHECK(landings("D", "b2") == Set{"d2", "b4"});
  CHECK(landings("A", "c3") == Set{"a1", "a5", "e1", "e5"});
  CHECK(landings("K", "e1").size() == 5);
  // Own men block a leap's square, the other side's are captured; nothing in between matters.
  CHECK(landings("N", "a1", with("b3", "c2 b2 a2 b1")) == Set{"xc2"});
  // A leap off a larger board.
  TestBoard wide;
  wide.files = 10;
  CHECK(landings("(1,4)", "f1", wide) == Set{"e5", "g5", "b2", "j2"});
}

TEST_CASE("fairy walks: riders stop at the first man, capturing the other side's", "[fairy][walk]") {
  CHECK(landings("R", "a1").size() == 14);
  CHECK(landings("R", "d4", with("d6", "f4")) == Set{"d5", "e4", "xf4", "c4", "b4", "a4", "d3", "d2", "d1"});
  CHECK(landings("NN", "a1") == Set{"b3", "c5", "d7", "c2", "e3", "g4"});  // nightrider
  CHECK(landings("NN", "a1", with("e3", "c5")) == Set{"b3", "xc5", "c2"});
  CHECK(landings("CC", "a1") == Set{"b4", "c7", "d2", "g3"});  // camelrider
  CHECK(landings("W2", "a1") == Set{"a2", "a3", "b1", "c1"});  // a range
  CHECK(landings("N0", "a1") == landings("NN", "a1"));          // 0: no limit
  CHECK(landings("QN", "a1").size() == 21 + 2);                 // amazon: queen 21 and knight 2
  CHECK(landings("NNR", "a1").size() == 14 + 6);                // waran: rook and nightrider lines
}

TEST_CASE("fairy walks: hoppers land right behind the first man of the line", "[fairy][walk]") {
  // Grasshopper on d4: over e5 (own) to f6, over d6 (other) onto d7 (other: a capture), over
  // b4 to a4; the f4 hurdle has g4 beyond it, occupied by its own side: no move.
  const TestBoard b = with("e5 g4", "d6 d7 b4 f4");
  CHECK(landings("gQ", "d4", b) == Set{"f6", "xd7", "a4"});
  CHECK(landings("gQ", "d4").empty());  // no hurdle, no move
  CHECK(landings("gR", "d4", b) == Set{"xd7", "a4"});
  CHECK(landings("gB", "d4", b) == Set{"f6"});
  CHECK(landings("gQ", "a1", with("", "h8")).empty());  // the hurdle at the edge: nothing beyond
  // Knight hopper: the hurdle one knight's leap away, the landing one more (b3 over to c5).
  CHECK(landings("gN", "a1", with("", "b3 e3")) == Set{"c5"});
  // Nightrider hopper: the first man of the nightrider line, at any distance.
  CHECK(landings("gNN", "a1", with("", "c5 g4")) == Set{"d7"});
  CHECK(landings("gK", "d4", with("d5", "e4")) == Set{"d6", "f4"});  // kinghopper
}

TEST_CASE("fairy walks: lions and Chinese pieces go on beyond one man", "[fairy][walk]") {
  // Lion on a1: over a3 to a4 .. a6, capturing a7 (a8 beyond it unreached); over d4 to e5, f6,
  // g7 and h8; along the first rank no hurdle.
  const TestBoard b = with("d4", "a3 a7");
  CHECK(landings("pQ", "a1", b) == Set{"a4", "a5", "a6", "xa7", "e5", "f6", "g7", "h8"});
  CHECK(landings("pR", "a1", b) == Set{"a4", "a5", "a6", "xa7"});
  // Pao: a rook's moves, captures only over a screen (the first man beyond it).
  CHECK(landings("mRcpR", "a1", b) == Set{"a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "xa7"});
  CHECK(landings("mRcpR", "a1", with("a3 a5", "")) == Set{"a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1"});
  // Vao: the same on the bishop's lines, the screen own or not.
  CHECK(landings("mBcpB", "a1", with("c3", "f6")) == Set{"b2", "xf6"});
  // Mao: a knight blocked on its first, orthogonal, step (a2 blocks b3, b1 blocks c2).
  CHECK(landings("nN", "a1", with("a2", "")) == Set{"c2"});
  CHECK(landings("nN", "a1", with("", "b1")) == Set{"b3"});
  CHECK(landings("nN", "a1", with("b2", "")) == Set{"b3", "c2"});  // the diagonal does not block a mao
  CHECK(landings("nA", "c3", with("b2", "")) == Set{"a5", "e1", "e5"});
}

TEST_CASE("fairy walks: move-only, capture-only and directions, turned over for Black", "[fairy][walk]") {
  const TestBoard b = with("", "d5 c5 e5");
  CHECK(landings("mfWcfF", "d4", b) == Set{"xc5", "xe5"});                 // a pawn without the double step
  CHECK(landings("mfWcfF", "d4") == Set{"d5"});
  CHECK(landings("mfFcfW", "d4", with("", "d5")) == Set{"xd5", "c5", "e5"});  // a berolina pawn
  CHECK(landings("mfWcfF", "d5", with("", "c4"), true) == Set{"d4", "xc4"});  // Black's forward is down
  CHECK(landings("flF", "d4") == Set{"c5"});
  CHECK(landings("fbR", "d4").size() == 7);
  CHECK(landings("sR", "d4").size() == 7);
  CHECK(landings("vN", "d4") == Set{"c6", "e6", "c2", "e2"});
  CHECK(landings("fN", "d4") == Set{"c6", "e6", "b5", "f5"});
}

TEST_CASE("fairy walks: malformed walks name the column and what was expected", "[fairy][walk][errors]") {
  CHECK(error_column("") == 0);
  CHECK(error_column("N X") == 1);        // a blank is no atom
  CHECK(error_column("Nk") == 1);         // 'k' is no modifier
  CHECK(error_column("(1,") == 3);        // the second number
  CHECK(error_column("(1,2") == 4);       // the ')'
  CHECK(error_column("(0,0)") == 4);
  CHECK(error_column("pN") == 1);         // a lion needs a line
  CHECK(error_column("nC") == 1);         // no lame camel
  CHECK(error_column("nW") == 1);
  CHECK(error_column("RR") == 1);         // a rider doubled
  CHECK(error_column("mcR") == 1);
  CHECK(error_column("gpQ") == 1);
  CHECK(error_column("W123") == 1);
  CHECK(error_column("gggQ") == 2);      // two hurdles at most
  CHECK(error_column("qR") == 1);         // a circle needs eight vectors
  CHECK(error_column("qnN") == 2);
  CHECK(error_column("gN@45") == 2);      // a turned landing needs orthogonal or diagonal lines
  CHECK(error_column("gQ@60") == 2);
  CHECK(error_column("pQ@45") == 2);
  try {
    (void)parse_walk("Nk");
    FAIL("no error for Nk");
  } catch (const ParseError& e) {
    CHECK(std::string(e.what()).find("expected a modifier (m c f b l r v s g p n y j e u d t w a i h q x z o) or an atom, found 'k' in walk 'Nk'") != std::string::npos);
  }
}

// The families below were each checked square for square against Popeye 4.104 run live ("~1"
// listing every move, the kings put on h8 and h1), and on 2,000 random positions of them all.

TEST_CASE("fairy walks: kangaroos over two men, G2 and G3 farther, the contra-grasshopper from its hurdle", "[fairy][walk]") {
  // Kangaroo on d4: over e5 and g7 to h8; over d6 and d7 to d8; over e4 and f4 to g4 (h4 is
  // the kangaroo lion's too, a capture); b4 alone is no pair.
  const TestBoard b = with("e5 e4", "g7 d6 d7 f4 h4 b4");
  CHECK(landings("ggQ", "d4", b) == Set{"h8", "d8", "g4"});
  CHECK(landings("ppQ", "d4", b) == Set{"h8", "d8", "g4", "xh4"});
  // G2, G3: two or three squares beyond the hurdle, those between empty (f4's g4 is not).
  const TestBoard g = with("d5 f4", "e5 c4 g4");
  CHECK(landings("g2Q", "d4", g) == Set{"d7", "g7", "a4"});
  CHECK(landings("g3Q", "d4", g) == Set{"d8", "h8"});
  // Contra-grasshopper: the hurdle next to it, then as far as the line is empty.
  CHECK(landings("jQ", "d4", with("d5", "e4 c3 d7")) == Set{"d6", "xd7", "f4", "g4", "h4", "b2", "a1"});
  CHECK(landings("jQ", "d4", with("f6", "e5")).empty());  // its own man right behind: no square
  CHECK(landings("jQ", "d4", with("", "e5 f6")) == Set{"xf6"});
}

TEST_CASE("fairy walks: moose, eagle and sparrow turn at the hurdle", "[fairy][walk]") {
  // Over d6 (up), f6 (up-right) and b4 (left), one step turned 45, 90 or 135 degrees either way.
  const TestBoard b = with("d6", "f6 g6 b4");
  CHECK(landings("gQ@45", "d4", b) == Set{"e7", "c7", "xg6", "f7", "a5", "a3"});
  CHECK(landings("gQ@90", "d4", b) == Set{"e6", "c6", "e7", "g5", "b5", "b3"});
  CHECK(landings("gQ@135", "d4", b) == Set{"e5", "c5", "e6", "f5", "c3"});
  CHECK(landings("gR@45", "d4", b) == Set{"e7", "c7", "a5", "a3"});  // rook moose: no diagonal hurdle
  CHECK(landings("gB@90", "d4", b) == Set{"e7", "g5"});
}

TEST_CASE("fairy walks: equihoppers land as far beyond the hurdle as they stood before it", "[fairy][walk]") {
  // Equihopper on d4: d6 at two squares, d7 empty, so to d8; e5 and d3 and c5 next to it: f6, d2,
  // b6; f4 with g4 occupied: nothing; the knight's e6 to f8. The nonstop one goes over g4 to h4.
  const TestBoard b = with("f4 e5 d3", "d6 e6 g4 c5");
  CHECK(landings("eQeNe(1,3)eZ", "d4", b) == Set{"d8", "f6", "d2", "b6", "f8"});
  CHECK(landings("eWeDeHeFeAeGeNe(1,3)eZ", "d4", b) == Set{"d2", "d8", "h4", "f6", "b6", "f8"});
  CHECK(landings("eQ", "d4", b) == Set{"d8", "f6", "d2", "b6"});  // orix: queen lines only
  // The non-stop orix (queen lines, whatever stands between): over d5 onto d6, a capture, and
  // over d6 onto d8 past d5; the orix stops at d5.
  CHECK(landings("eWeDeHeFeAeG", "d4", with("d5", "d6")) == Set{"xd6", "d8"});
  CHECK(landings("eQ", "d4", with("d5", "d6")) == Set{"xd6"});
  // The (1,3) and (2,3) hurdles, uninterceptable: b4 to c7, d2 to g3, c4 to e7.
  CHECK(landings("eQeNe(1,3)eZ", "a1", with("", "b4 d2 c4")) == Set{"c7", "g3", "e7"});
}

TEST_CASE("fairy walks: the rose rides the knight's octagon, and so do its lion, its hopper and the rao", "[fairy][walk]") {
  // Rose on a1 (its own square is its own man: a circle closes there): c2 d4 c6 a7, c2 e1, b3 a5,
  // b3 d4 f3 g1.
  CHECK(landings("qN", "a1", with("a1", "")) == Set{"c2", "d4", "c6", "a7", "e1", "b3", "a5", "f3", "g1"});
  CHECK(landings("qN", "a1", with("a1 d4", "")) == Set{"c2", "e1", "b3", "a5"});
  CHECK(landings("qN", "a1", with("a1", "d4")) == Set{"c2", "xd4", "e1", "b3", "a5"});
  // A full circle from d4 returns to d4 after eight steps: seven squares a line, never d4 itself.
  CHECK(landings("qN", "d4", with("d4", "")).count("d4") == 0);
  // Rose lion on a1 over d4 (either way round) on to c6 and a7, f3 and g1; over c6 nothing beyond a7.
  CHECK(landings("qpN", "a1", with("a1", "d4")) == Set{"c6", "a7", "f3", "g1"});
  // Rose hopper: the square right after the hurdle on the circle.
  CHECK(landings("qgN", "a1", with("a1", "d4")) == Set{"c6", "f3"});
  // With no man on its circles, the mover itself is no hurdle: no move at all.
  CHECK(landings("qpN", "d4", with("d4", "")).empty());
  CHECK(landings("qgN", "d4", with("d4", "")).empty());
  // Kao (mNcgN): a knight's moves, captures over the man a knight's leap away onto the next
  // square of the nightrider's line (e6, either side's, to f8); no capture of e6 itself.
  CHECK(landings("mNcgN", "d4", with("", "e6 f8")) == Set{"f5", "f3", "e2", "c2", "b3", "b5", "c6", "xf8"});
  CHECK(landings("mNcgN", "d4", with("e6", "f8")).count("xf8") == 1);
  // Rao: a rose's moves, captures over a screen (a7 past c6).
  CHECK(landings("mqNcqpN", "a1", with("a1", "c6 a7")) == Set{"c2", "d4", "e1", "b3", "a5", "f3", "g1", "xa7"});
}

TEST_CASE("fairy walks: Popeye's pieces, each walk read, each code once", "[fairy][walk]") {
  std::set<std::string> codes;
  for (const auto& e : popeye_pieces()) {
    INFO(e.code);
    CHECK(codes.insert(std::string(e.code)).second);
    if (e.code.size() > 1 || std::string_view("kqrbs").find(e.code) == std::string_view::npos)
      CHECK_FALSE(popeye_glyph(e.code).empty());  // the diagrams draw each fairy piece as pie-engl.txt's LaTeX column says
    if (e.orphan) CHECK(e.walk.empty());  // its walks are the position's
    else if (e.code == "du") CHECK(e.walk.empty());  // the dummy never moves
    else CHECK_NOTHROW(parse_walk(e.walk));
  }
  CHECK(popeye_piece("GI")->walk == "(1,4)");
  CHECK(popeye_piece("Sq")->name == "squirrel");
  CHECK_FALSE(popeye_piece("xx"));
  // The squirrel: every square two steps away (knight, dabbaba, alfil), 16 from d4.
  CHECK(landings(std::string(popeye_piece("sq")->walk), "d4").size() == 16);
}

TEST_CASE("fairy walks: the line table names the one line that can land on a square", "[fairy][walk]") {
  // The attack test asks the table instead of walking every line: a careless table (a leap taken
  // for a line, an equihopper's leap at one vector) would miss or invent checks.
  auto line = [](const std::string& walk, int df, int dr) { return parse_walk(walk).atoms.front().line_towards(df, dr); };
  CHECK(line("N", 1, 2) >= 0);
  CHECK(line("N", 2, 4) == WalkAtom::NoLine);  // a knight is no nightrider
  CHECK(line("NN", 2, 4) == line("NN", 1, 2));
  CHECK(line("eN", 2, 4) >= 0);                // an equihopper's (1,2) hurdle: it lands at (2,4)
  CHECK(line("eN", 1, 2) == WalkAtom::NoLine);
  CHECK(line("gK", 0, 2) >= 0);                // a kinghopper lands two squares away
  CHECK(line("gK", 0, 1) >= 0);                // (its line, though it never lands next to it)
  CHECK(line("R", 0, 5) >= 0);
  CHECK(line("R", 1, 5) == WalkAtom::NoLine);
  CHECK(line("W3", 0, 3) >= 0);
  CHECK(line("qN", 3, 3) == WalkAtom::AnyLine);  // a circle's landings are off its first vector
  CHECK(line("gQ@45", 2, 1) == WalkAtom::AnyLine);
  CHECK(line("N", 16, 0) == WalkAtom::NoLine);  // beyond any board
}

TEST_CASE("fairy walks: regions, '/e' the edgehog's and '/h' the Chinese pawn's", "[fairy][walk]") {
  // The edgehog (Q/e): a queen's lines, only between an edge square and one off the edges. From
  // a1 (an edge) the squares off the edges it reaches: b2..g7 on the diagonal; none on the rank or
  // file (all edge squares).
  CHECK(landings("Q/e", "a1") == Set{"b2", "c3", "d4", "e5", "f6", "g7"});
  // From d4 (off the edges) only the edge squares at the ends of its lines, a blocker's capture too.
  CHECK(landings("Q/e", "d4") == Set{"a1", "a4", "a7", "d1", "d8", "g1", "h4", "h8"});
  CHECK(landings("Q/e", "d4", with("", "d6")) == Set{"a1", "a4", "a7", "d1", "g1", "h4", "h8"});  // d6 is no edge: no capture
  // The Chinese pawn (fWsW/h): one step forward, moving or capturing; past the river (White on the
  // ranks 5 to 8, Black on 1 to 4) one step sideways too.
  CHECK(landings("fWsW/h", "d4", with("", "d5")) == Set{"xd5"});
  CHECK(landings("fWsW/h", "d5", with("", "c5")) == Set{"d6", "xc5", "e5"});
  CHECK(landings("fWsW/h", "d5", {}, true) == Set{"d4"});             // Black's d5 is on its own half
  CHECK(landings("fWsW/h", "d4", {}, true) == Set{"d3", "c4", "e4"});  // and d4 past its river
  CHECK(error_column("Q/x") == 2);
}

TEST_CASE("fairy walks: locusts take the man they pass over, landing right behind it", "[fairy][walk]") {
  // Locust (xQ) on d4: over d6 (other) onto d7; over b4 onto a4; f6 is the other side's but g7
  // behind it is occupied; c3 is its own; h4 has nothing beyond it.
  const TestBoard b = with("c3 g7", "d6 b4 f6 h4");
  CHECK(landings("xQ", "d4", b) == Set{"xd6-d7", "xb4-a4"});  // h4: nothing beyond the edge
  CHECK(landings("xQ", "d4").empty());                        // a locust never moves without capturing
  CHECK(landings("xR", "d4", b) == Set{"xd6-d7", "xb4-a4"});
  CHECK(landings("xB", "d4", b).empty());  // f6: g7 is occupied
  // Nightrider locust: the first man of the knight line, at any distance (c5 past b3 empty).
  CHECK(landings("xNN", "a1", with("", "c5 g4")) == Set{"xc5-d7"});
  // Marine knight (mNxN): a knight's moves; captures over the man one leap away onto the next.
  CHECK(landings("mNxN", "a1", with("", "b3")) == Set{"c2", "xb3-c5"});
  CHECK(landings("mNxN", "a1", with("c5", "b3")) == Set{"c2"});  // the landing is not empty
  CHECK(landings("mNxN", "a1", with("b3", "")) == Set{"c2"});    // its own man is no prey
  // Poseidon (mKxK): a king's moves, captures over a neighbour.
  CHECK(landings("mKxK", "e1", with("d1", "e2 f2 g3")) == Set{"f1", "d2", "xe2-e3"});  // f2: g3 occupied
  // Sirene (mQxQ): a queen's moves up to the man, and the capture beyond it.
  CHECK(landings("mQxQ", "a1", with("", "a3 c3")) == Set{"a2", "xa3-a4", "b2", "xc3-d4", "b1", "c1", "d1", "e1", "f1", "g1", "h1"});
  // Marine pawn's walk (mfWxfF): a step forward, and the forward diagonal's locust capture; Black's turned over.
  CHECK(landings("mfWxfF", "d4", with("", "e5 c5")) == Set{"d5", "xe5-f6", "xc5-b6"});
  CHECK(landings("mfWxfF", "d5", with("", "e4"), true) == Set{"d4", "xe4-f3"});
  // Rose locust (xqN) on a1, an enemy on b3: the circles starting with the leap to b3 go on to d4
  // (turning right) or a5 (turning left); the circles through c2 never meet b3 on the board.
  CHECK(landings("xqN", "a1", with("", "b3")) == Set{"xb3-d4", "xb3-a5"});
  CHECK(error_column("mxQ") == 2);  // a locust only captures: no 'm'
  CHECK(error_column("xgQ") == 2);
}

TEST_CASE("fairy walks: the moa and the lame riders, blocked on each leg's first step", "[fairy][walk]") {
  // Moa (yN): the knight's leap with its diagonal step first: from a1 both leaps pass b2.
  CHECK(landings("yN", "a1") == Set{"b3", "c2"});
  CHECK(landings("yN", "a1", with("b2", "")).empty());
  CHECK(landings("yN", "a1", with("a2 b1", "")) == Set{"b3", "c2"});  // the mao's steps do not block it
  CHECK(landings("nN", "a1", with("b2", "")) == Set{"b3", "c2"});     // nor the moa's the mao
  // Maorider (nNN) from a1: b3 c5 d7 (passing a2 b4 c6) and c2 e3 g4 (passing b1 d2 f3).
  CHECK(landings("nNN", "a1") == Set{"b3", "c5", "d7", "c2", "e3", "g4"});
  CHECK(landings("nNN", "a1", with("d2", "c5")) == Set{"b3", "xc5", "c2"});  // d2 blocks the leg c2-e3
  // Moarider (yNN) from a1: b3 c5 d7 passing b2 c4 d6; c2 e3 g4 passing b2 d3 f4.
  CHECK(landings("yNN", "a1", with("c4", "")) == Set{"b3", "c2", "e3", "g4"});
  CHECK(landings("yNN", "a1", with("f4", "e3")) == Set{"b3", "c5", "d7", "c2", "xe3"});
  CHECK(error_column("yD") == 1);  // the moa's leg is a knight's
}

// Bouncers, double hoppers, crooked riders and hunters: each checked against Popeye 4.104 run live
// ("~1" and "h~1" listing every move) on 1,000 random positions of them all, square for square
// (Popeye lists some of a rose hunter's moves twice, reached round either way: one move here).

TEST_CASE("fairy walks: bouncers go as far as the opposite line runs to a man or the edge", "[fairy][walk]") {
  // Bouncer on d4, its own man on d6, the other side's on b4 and h8. Down: the line up runs two
  // squares to d6, so to d2. Right: two to b4, so to f4. Up-right: four to the edge past a1, so to
  // h8, a capture. Up: four to the edge, but d6 blocks; left: five, but b4 blocks; the other
  // diagonals run off the board first.
  const TestBoard b = with("d6", "b4 h8");
  CHECK(landings("uQ", "d4", b) == Set{"d2", "f4", "xh8"});
  CHECK(landings("uR", "d4", b) == Set{"d2", "f4"});
  CHECK(landings("uB", "d4", b) == Set{"xh8"});
  // From the edge a line one square long: one step the other way.
  CHECK(landings("uR", "a1") == Set{"b1", "a2"});
}

TEST_CASE("fairy walks: the double grasshopper hops twice, the square between empty", "[fairy][walk]") {
  // From a1 over a3 to a4, then over a3 back to a2 or over c2 to d1; nothing beyond the empty lines.
  CHECK(landings("dQ", "a1", with("a3", "c2")) == Set{"a2", "d1"});
  // The square after the first hurdle occupied: no first hop, so nothing.
  CHECK(landings("dQ", "a1", with("a3 a4", "")).empty());
  // Back over the same hurdle onto its own square is no move.
  CHECK(landings("dQ", "a1", with("", "a2")).empty());
  CHECK(landings("dR", "a1", with("a3", "c2")) == Set{"a2"});
}

TEST_CASE("fairy walks: crooked riders alternate a step and its mirror image", "[fairy][walk]") {
  // Spiral springer (zNN) from a1: b3 c1 d3 e1 f3 g1 h3, b3 a5 b7, c2 e1 g2, c2 a3 c4 a5 c6 a7 c8.
  CHECK(landings("zNN", "a1") == Set{"b3", "c1", "d3", "e1", "f3", "g1", "h3", "a5", "b7", "c2", "g2", "a3", "c4", "c6", "a7", "c8"});
  // Blocked at the first man, capturing the other side's: c1 taken, b3 own.
  CHECK(landings("zNN", "a1", with("b3", "c2")) == Set{"xc2"});
  // Diagonal spiral springer (zNN/d): b3 d4 e6 g7, c2 d4 f5 g7.
  CHECK(landings("zNN/d", "a1") == Set{"b3", "d4", "e6", "g7", "c2", "f5"});
  // Boyscout (zB) from a1: b2 c1 d2 e1 f2 g1 h2, b2 a3 b4 a5 b6 a7 b8.
  CHECK(landings("zB", "a1") == Set{"b2", "c1", "d2", "e1", "f2", "g1", "h2", "a3", "b4", "a5", "b6", "a7", "b8"});
  // Girlscout (zR/d) from a1: b1 b2 c2 c3 ... h7 h8 and a2 b2 b3 c3 ... g8 h8.
  CHECK(landings("zR/d", "a1") == Set{"b1", "b2", "c2", "c3", "d3", "d4", "e4", "e5", "f5", "f6", "g6", "g7", "h7", "h8",
                                       "a2", "b3", "c4", "d5", "e6", "f7", "g8"});
  CHECK(error_column("zN") == 1);   // a crooked leap is no line
  CHECK(error_column("zgQ") == 2);
  CHECK(error_column("N/d") == 2);  // '/d' mirrors a crooked line only
  CHECK(error_column("uN") == 1);   // a bouncer and a double hopper need lines
  CHECK(error_column("dW3") == 1);
}

TEST_CASE("fairy walks: hunters go away from home as one walk and towards it as the other", "[fairy][walk]") {
  // The B/S hunter ({B}/f{N}/b) on d4: forward as a bishop, backward as a knight, never sideways;
  // Black's forward is down the board.
  CHECK(landings("{B}/f{N}/b", "d4") == Set{"e5", "f6", "g7", "h8", "c5", "b6", "a7", "c2", "e2", "b3", "f3"});
  CHECK(landings("{B}/f{N}/b", "d4", {}, true) == Set{"c3", "b2", "a1", "e3", "f2", "g1", "c6", "e6", "b5", "f5"});
  // The absolute rook/bishop hunter ({R}/n{B}/s): up the board as a rook, down as a bishop, Black's too.
  CHECK(landings("{R}/n{B}/s", "d4", {}, true) == Set{"d5", "d6", "d7", "d8", "c3", "b2", "a1", "e3", "f2", "g1"});
  // Popeye's X/Y codes compose any two walks of its table; a pawn's is the rule set's, no walk.
  CHECK(popeye_piece("s/b")->walk == "{N}/f{B}/b");
  CHECK(popeye_piece("RO/S")->code == "ro/s");
  CHECK_FALSE(popeye_piece("p/s"));
  CHECK_FALSE(popeye_piece("s/xx"));
  CHECK(error_column("{N") == 0);     // the group is not closed
  CHECK(error_column("{N}/d") == 4);  // '/d' is an atom's
  CHECK(error_column("{}") == 0);
  CHECK(error_column("{N/f}/b") == 6);  // a second heading
}

TEST_CASE("fairy walks: tree and leaf hoppers leap within a group, the radial ones grouped by length", "[fairy][walk]") {
  // Tree hopper (tQ) on d4: onto d5 (the (1,0) group), then on by a wazir's step: e5 d6 c5 (d4 is
  // its own square); onto f6 (the (2,2) group), then h8 d8 h4. The hurdle's colour does not matter.
  CHECK(landings("tQ", "d4", with("d5", "f6")) == Set{"e5", "d6", "c5", "h8", "d8", "h4"});
  // The radial knight (aO) leaps over the other side's men only.
  CHECK(landings("aO", "d4", with("d5", "f6")) == Set{"h8", "d8", "h4"});
  // Greater tree hopper (tO): from a1 onto a6 by (0,5), then on by any leap of length 5, (3,4)
  // and (4,3) too: d2 e3 f6. Groups by leap alone would give f6 only.
  CHECK(landings("tO", "a1", with("", "a6")) == Set{"d2", "e3", "f6"});
  CHECK(landings("tO", "d4", with("", "e6")) == Set{"f8", "g7", "g5", "f4", "c5", "c7", "d8"});  // a knight's group
  // Leaf hopper (wQ): d5 holds a man, so the other squares of the (1,0) group; with e4 held too,
  // every square of it (e4 a capture, d5 its own man).
  CHECK(landings("wQ", "d4", with("d5", "")) == Set{"e4", "c4", "d3"});
  CHECK(landings("wQ", "d4", with("d5", "e4")) == Set{"xe4", "c4", "d3"});
  // Greater leaf hopper (wO) on a1, a man on a6: the other leaps of length 5, d5 e4 f1.
  CHECK(landings("wO", "a1", with("", "a6")) == Set{"d5", "e4", "f1"});
  CHECK(error_column("O") == 0);  // the radial atom is for t, w and a
  CHECK(error_column("tzQ") == 2);
  CHECK(error_column("qtN") == 2);
}

TEST_CASE("fairy walks: the maorider and moarider lions pass one man of their legs", "[fairy][walk]") {
  // Maorider lion (pnNN) from a1 along b3 c5 d7 (first steps a2 b4 c6): over a2, the first step,
  // onto b3 and on; over b3, a landing, onto c5 and on (the maorider takes b3); over a2 onto the
  // other side's man on b3, a capture, no farther.
  CHECK(landings("pnNN", "a1", with("a2", "")) == Set{"b3", "c5", "d7"});
  CHECK(landings("pnNN", "a1", with("", "b3")) == Set{"c5", "d7"});
  CHECK(landings("nNN", "a1", with("", "b3")) == Set{"xb3", "c2", "e3", "g4"});
  CHECK(landings("pnNN", "a1", with("a2", "b3")) == Set{"xb3"});
  // Moarider lion (pyNN): the diagonal first step, b2 for both lines from a1.
  CHECK(landings("pyNN", "a1", with("b2", "")) == Set{"b3", "c5", "d7", "c2", "e3", "g4"});
  CHECK(error_column("pnN") == 2);  // a lame rider lion needs a rider
  CHECK(error_column("pnpNN") == 2);
}

TEST_CASE("fairy walks: the reflecting bishop turns back into the board at its edge", "[fairy][walk]") {
  // From b1 (its own square its own man), c2 blocked: up the a2-g8 diagonal, at g8 reflected to
  // h7, at h7 to g6 ... d3 (c2 its own); the archbishop reflects once: a2 to g8 only.
  const TestBoard b = with("b1 c2", "");
  CHECK(landings("o4B", "b1", b) == Set{"a2", "b3", "c4", "d5", "e6", "f7", "g8", "h7", "g6", "f5", "e4", "d3"});
  CHECK(landings("o1B", "b1", b) == Set{"a2", "b3", "c4", "d5", "e6", "f7", "g8"});
  // A line that leaves the board at once is not reflected (a corner turns nowhere).
  CHECK(landings("o4B", "a1", with("a1", "")) == Set{"b2", "c3", "d4", "e5", "f6", "g7", "h8"});
  // A capture ends the line: f7 taken, no reflection beyond.
  CHECK(landings("o4B", "b1", with("b1 c2", "f7")) == Set{"a2", "b3", "c4", "d5", "e6", "xf7"});
  CHECK(error_column("oB") == 1);   // the number of reflections
  CHECK(error_column("o4N") == 2);  // a leap has no line to reflect
}

TEST_CASE("fairy walks: the ubiubi leaps again and again over empty squares", "[fairy][walk]") {
  // From a1 (its own square its own man) every other square of the empty board; the other
  // side's man on d4 a capture it does not pass through (the rest is reached around it).
  CHECK(landings("iN", "a1", with("a1", "")).size() == 63);
  const Set around = landings("iN", "a1", with("a1", "d4"));
  CHECK(around.size() == 63);
  CHECK(around.count("xd4") == 1);
  // Its own man on b3 and the other side's on c2: c2 taken, nothing beyond either.
  CHECK(landings("iN", "a1", with("a1 b3", "c2")) == Set{"xc2"});
  CHECK(error_column("iNN") == 1);  // a leap, not a rider
}

TEST_CASE("fairy walks: the hamster stops short of the first man, the bob passes four", "[fairy][walk]") {
  // Hamster (hQ) on d4: short of d7 (the other side's) on d6, short of g4 (its own) on f4; e5 is
  // next to it (no move); the lines without a man give nothing. It never captures.
  CHECK(landings("hQ", "d4", with("g4", "d7 e5")) == Set{"d6", "f4"});
  // Bob (ppppQ): over four men of the line, then on as a rider; the rabbit (ppQ) over two.
  CHECK(landings("ppppQ", "d1", with("d2", "d3 d5 d6 d7")) == Set{"xd7"});
  CHECK(landings("ppppQ", "d1", with("d2", "d3 d5 d6")) == Set{"d7", "d8"});
  CHECK(landings("ppQ", "d1", with("d2", "d3 d5 d6")) == Set{"d4", "xd5"});
  CHECK(error_column("pppppQ") == 4);  // five men
  CHECK(error_column("hN") == 1);       // a hamster's line
}

// Walk::plain: the generator's fast path (plain_walk_landings) gives what the general walker
// gives, landing for landing in the same order, for every plain walk of Popeye's table and of the
// notation's leaps, rides and locusts, on random boards; walks whose lines meet on a square, or with
// anything beyond leaps and rides, are not plain (the general walker would give such a square
// once, the fast path twice).
TEST_CASE("fairy walks: the fast path of leaps and rides gives the general walker's landings", "[fairy][walk]") {
  CHECK(parse_walk("QNN").plain);
  CHECK(parse_walk("mfWcfF").plain);
  CHECK(parse_walk("W3F").plain);
  CHECK(parse_walk("mNxN").plain);  // the marine knight: a locust's landings are moves of their own
  CHECK(parse_walk("xQ").plain);
  CHECK_FALSE(parse_walk("WR").plain);       // W's square is R's first
  CHECK_FALSE(parse_walk("DR").plain);       // (2,0) is the rook's second square
  CHECK_FALSE(parse_walk("mNcN").plain);     // one square, two atoms
  CHECK_FALSE(parse_walk("gQ").plain);
  CHECK_FALSE(parse_walk("nN").plain);
  CHECK_FALSE(parse_walk("qN").plain);
  CHECK(parse_walk("Q/e").plain);  // the edgehog: a region filters the landings, not the lines
  CHECK(parse_walk("{R}/f{B}/b").plain);  // a hunter: so does a heading
  CHECK_FALSE(parse_walk("{R}/f{R}/b").plain);  // two atoms along one line
  std::vector<std::string> walks = {"K",   "Q",   "NN",    "W2",   "mfWcfF",     "fRbB",       "(1,4)(2,5)", "ZZ",
                                    "NNR", "xR3", "mWxW",  "mfWxfF", "Q/e",      "N/e",        "Q/h",        "{R}/f{B}/b",
                                    "{N}/f{K}/b", "xQ/e", "{xR}/f{B}/b"};
  int plain_table_walks = 0;
  for (const auto& e : popeye_pieces())
    if (!e.walk.empty() && parse_walk(e.walk).plain) {
      walks.emplace_back(e.walk);
      ++plain_table_walks;
    }
  CHECK(plain_table_walks >= 30);
  std::uint64_t seed = 0x9e3779b97f4a7c15ULL;
  auto next = [&] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  int compared = 0;
  for (const std::string& text : walks) {
    const Walk w = parse_walk(text);
    REQUIRE(w.plain);
    for (int trial = 0; trial < 40; ++trial) {
      const int files = trial % 4 == 3 ? 10 : 8, ranks = trial % 5 == 4 ? 12 : 8;
      std::vector<Occupant> board(std::size_t(files * ranks));
      for (auto& o : board) {
        const auto roll = next() % 8;
        o = roll == 0 ? Occupant::Own : roll == 1 ? Occupant::Other : Occupant::Empty;
      }
      const int file = int(next() % std::uint64_t(files)), rank = int(next() % std::uint64_t(ranks));
      const bool black = trial % 2;
      auto at = [&](int f, int r) { return board[std::size_t(r * files + f)]; };
      std::vector<std::tuple<int, int, bool, bool, int, int>> general, fast;
      walk_landings(w, file, rank, black, files, ranks, at,
                    [&](const Landing& l) { general.emplace_back(l.file, l.rank, l.capture, l.locust, l.victim_file, l.victim_rank); });
      plain_walk_landings(w, file, rank, black, files, ranks, at, [&](const Landing& l) {
        CHECK(l.hurdle_file == -1);
        fast.emplace_back(l.file, l.rank, l.capture, l.locust, l.victim_file, l.victim_rank);
      });
      INFO(text << " from " << file << "," << rank << (black ? " black" : " white"));
      CHECK(fast == general);
      compared += int(general.size());
    }
  }
  CHECK(compared > 10000);
}
