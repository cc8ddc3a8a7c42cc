// Popeye's structured stipulations (solver/stipulation/structured_stipulation.h): every form
// Popeye's manual (py-engl.txt, "sstipulation") and its suite write is read; the synonyms of a
// plain stipulation become it (the manual's table); malformed text is an error at the column
// where it goes wrong, mapped back through the words to the file.

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "solver/stipulation/structured_stipulation.h"

using namespace arbiter;

namespace {

// The structure's words as a reader finds them, from column 20 of line 3 of "f.inp".
std::vector<LocatedWord> words(const std::string& text) {
  std::vector<LocatedWord> out;
  std::istringstream in(text);
  std::string w;
  std::size_t from = 0;
  while (in >> w) {
    const std::size_t at = text.find(w, from);
    out.push_back({w, {"f.inp", 3, 20 + int(at)}});
    from = at + w.size();
  }
  return out;
}

StructuredStipulation read(const std::string& text, Color side = White) { return read_structured_stipulation(side, words(text)); }

int error_column(const std::string& text) {
  try {
    (void)read(text);
  } catch (const ParseError& e) {
    CHECK(e.where().line == 3);
    return e.where().column;
  }
  FAIL("no error for " << text);
  return 0;
}

}  // namespace

TEST_CASE("structured stipulations: the manual's and the suite's forms are read", "[stipulation][structured]") {
  for (const char* text :
       {"5s[#]", "3a[+]d", "4ad[x]", "3d[==]a", "5h[=]h", "3a[1a[#]d]d", "4hh[1a[#]d]", "6s[1d[#]a]", "4a[#=]d[#=]",
        "3a[#][1a[#]d]d", "!#", "!3a[#]d", "4ad[#] | 3h[#]h", "1h[#]h & 2hh[#]", "3a[#]d & 4hh[#] & 4ad[#]",
        "4hh[#] & ( 4ad[#] | 4hh[=] )", "3a[1a[#]d]d{!1a[#]d}", "4:4hh[#]", "3:5s[#]", "3h[1a[x]d]h", "3h[>1a[x]d]h",
        "- 5h[/1d[x]a{!+}]h", "- 7h[#]h", "3h[- 4hh[#]]h", "7h[#]?+?h", "15a[#]?+?d", "15a[>1a[#]d]?+?d{!1a[#]d}",
        "black 4hh[x&=]" + 6, "13h[1h[#]h]?+?h", "10:12hh[#]", "1a[!x&#]d", "13h[00]?+?h", "8s[1a[/1d[+]a{!+}]d]",
        "4hh[1s[1s[#]]{+}]", "3s[1s[-1s[+]]{x}]", "4hh[2da[#]]", "6hh[/2da[#]{!+}]", "3h[3a[#]d]h", "1a[za7]d"}) {
    INFO(text);
    CHECK_NOTHROW(read(text));
  }
}

TEST_CASE("structured stipulations: the synonyms of plain stipulations", "[stipulation][structured]") {
  struct Case {
    const char* text;
    Color side;
    const char* plain;  // "" when none
  };
  for (const Case& c : {Case{"5s[#]", White, "ser-#5"}, Case{"3a[+]d", White, "+2"}, Case{"4ad[x]", White, "sx2"},
                        Case{"4hh[#]", Black, "h#2"}, Case{"5h[=]h", White, "h=2.5"}, Case{"1a[za7]d", White, "za71"},
                        Case{"3a[#]d", White, "#2"},
                        // Not synonyms: the side does not start the plain form, or more than one branch or goal.
                        Case{"4hh[#]", White, ""}, Case{"3d[==]a", White, ""}, Case{"3a[1a[#]d]d", White, ""},
                        Case{"4a[#=]d[#=]", White, ""}, Case{"4:4hh[#]", Black, ""}, Case{"- 7h[#]h", White, ""},
                        Case{"4ad[#] | 3h[#]h", White, ""}, Case{"4hh[2da[#]]", Black, ""}}) {
    INFO(c.text);
    const auto s = read(c.text, c.side);
    CHECK((s.plain ? s.plain->canonical_text() : std::string()) == c.plain);
  }
  CHECK(read("- 7h[#]h", Black).side == White);  // '-' at the root hands the move to the other side
  // A battle branch that starts with the defence: the plain play after its key (PostKeyPlay), the
  // defender to move (py-engl.txt "3d[==]a  s==2 option postkeyplay"; BEISPIEL/sford.inp 2, 3, 4, 31).
  for (const Case& c : {Case{"3d[==]a", Black, "s==2"}, Case{"- 6da[#]", White, "#4"}, Case{"1d[#]a", Black, "s#1"},
                        Case{"- 5d[#]a", White, "s#3"}}) {
    INFO(c.text);
    const auto s = read(c.text, c.side);
    CHECK((s.plain ? s.plain->canonical_text() : std::string()) == c.plain);
    CHECK(s.post_key);
  }
  CHECK_FALSE(read("6da[#]", White).plain);  // White would be the defender: no #4 after White's key
  CHECK_FALSE(read("3a[#]d", White).post_key);
}

TEST_CASE("structured stipulations: which battle play a published line can be followed through", "[stipulation][structured]") {
  // battle_play_followed: each published move after the key must have one place in the tree.
  for (const char* text : {"3a[#]d", "3:3a[1a[#]d]d{!1a[#]d}", "4:4ad[#]", "3a[/1d[+]a{!+}]d", "1a[!x&#]d", "3a[#]d{!+}"}) {
    INFO(text);
    CHECK(battle_play_followed(*read(text).tree));
  }
  // Help play, parry series ('?+?'), a side change, a nested help branch, a branch part of '|'
  // (the same moves could belong to either), and a root that starts with the defence.
  for (const char* text : {"4hh[#]", "15a[#]?+?d", "- 6da[#]", "3a[2hh[#]]d", "3a[# | 1a[#]d]d", "2da[#]"}) {
    INFO(text);
    CHECK_FALSE(battle_play_followed(*read(text).tree));
  }
}

TEST_CASE("structured stipulations: malformed text is bad input at its column", "[stipulation][structured][errors]") {
  CHECK(error_column("4hh[2da[#]") == 30);      // the fork's '[' is not closed
  CHECK(error_column("3q[#]d") == 21);          // no such move letter
  CHECK(error_column("3a[#]d |") == 28);        // an operator with nothing after it
  CHECK(error_column("0s[#]") == 20);           // a branch of no half-move
  CHECK(error_column("3a[?]d") == 23);          // no such goal
  CHECK(error_column("5:3hh[#]") == 20);        // least length above greatest
  CHECK(error_column("3ah[#]") == 22);          // battle and help moves in one branch
  CHECK(error_column("3a[#]d{!+") == 29);       // the constraint's '{' is not closed
  CHECK(error_column("3a[#]d ) ") == 27);       // a ')' without '('
  CHECK(error_column("3a[zi9]d") == 24);        // z without its square
  CHECK(error_column("7h[#]?x?h") == 26);       // the only requirement is '?+?'
  // The words are joined by single blanks: a column past the first word is the word's own.
  std::vector<LocatedWord> spread = {{"4ad[#]", {"f.inp", 3, 20}}, {"|", {"f.inp", 3, 40}}, {"3h[#]hx", {"f.inp", 4, 5}}};
  try {
    (void)read_structured_stipulation(White, spread);
    FAIL("no error");
  } catch (const ParseError& e) {
    CHECK(e.where().line == 4);
    CHECK(e.where().column == 11);  // the 'x' after the branch
  }
  CHECK_THROWS_WITH(read("4hh[2da[#]"), Catch::Contains("expected ']' to close the fork's '['"));
  CHECK_THROWS_WITH(read("3ah[#]"), Catch::Contains("'h' cannot follow 'a'"));
}
