// `arbiter diagram` draws each variant's stages (solver/variants/variant_marks.h): Transactional
// Chess's locks, pending moves, transaction badges and committed ghosts with a caption naming
// the view and whose transaction it is; Conditional Chess's phase in the caption and, for a
// conditional move stated with --show in phase C, its condition square and then/else arrows;
// Time Traveler's Chess's two stage badge colours. Run through the CLI, the output checked
// for the legend entries and element kinds it holds, and for being the same bytes each time.

#include <catch2/catch.hpp>

#include <cstddef>
#include <string>

#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// The SVG `arbiter diagram ARGS` writes to stdout; fails the test on a non-zero exit.
std::string diagram(const std::string& args) {
  test::ScratchDir dir;
  const test::CliRun run = test::run_arbiter_command("diagram " + args, dir);
  INFO(run.err);
  REQUIRE(run.status == 0);
  return run.out;
}

// The caption's text: its lines in order, joined with spaces (so where a line wraps does not
// matter).
std::string captions(const std::string& svg) {
  std::string out;
  for (std::size_t at = svg.find("<text class=\"caption\""); at != std::string::npos;
       at = svg.find("<text class=\"caption\"", at + 1)) {
    const std::size_t start = svg.find('>', at) + 1;
    if (!out.empty()) out += ' ';
    out.append(svg, start, svg.find('<', start) - start);
  }
  return out;
}

// The Notation example of rules/transactional/RULES.md after 3. T1: Nb5: White's T1 holds
// Nb1-c3, Ng1-f3, Nc3-b5, Black's T2 a7-a5, a5-a4, nothing committed.
const std::string TransactionalArgs =
    "--variant transactional --play 'T1: Nc3' --play 'T2: a5' --play 'T1: Nf3' --play 'T2: a4' --play 'T1: Nb5' "
    "--caption 'Notation example'";

}  // namespace

TEST_CASE("transactional diagram: locks, pending moves, transaction badges, committed ghosts", "[svg][transactional][cli]") {
  const std::string svg = diagram(TransactionalArgs);
  // Locks: White's b1 c3 b5 g1 f3, Black's a7 a5 a4.
  CHECK(count(svg, "class=\"mark mark-lock-white\"") == 5);
  CHECK(count(svg, "class=\"mark mark-lock-black\"") == 3);
  CHECK(count(svg, "class=\"padlock\"") == 8 + 2);  // and one in each of the two legend entries
  CHECK(count(svg, "class=\"arrow arrow-pending\"") == 5);
  CHECK(count(svg, "class=\"arrow arrow-move\"") == 0);
  // Badges on b5 and f3 (White's T1) and a4 (Black's T2), one colour per side.
  CHECK(count(svg, "class=\"badge\"") == 3);
  CHECK(count(svg, "fill=\"#1c71d8\"") == 2 + 1);
  CHECK(count(svg, "fill=\"#a51d2d\"") == 1 + 1);
  // Ghosts of Nb1, Ng1 and the a7 pawn where they were committed.
  CHECK(count(svg, "class=\"ghost\"") == 3 + 2);
  for (const char* entry : {"legend-mark-lock-white", "legend-mark-lock-black", "legend-arrow-pending", "legend-ghost",
                            "legend-badge"})
    CHECK(has(svg, std::string("class=\"legend-entry ") + entry + "\""));
  CHECK(has(svg, ">T1: moved in White&apos;s pending transaction T1, not yet committed<"));
  CHECK(has(svg, ">T2: moved in Black&apos;s pending transaction T2, not yet committed<"));
  CHECK(has(svg, ">ghost: White man where it was last committed (where Black sees it)<"));
  CHECK(has(svg, ">ghost: Black man where it was last committed (where White sees it)<"));
  // The caller's caption first, then the view and whose transaction it is.
  CHECK(captions(svg) ==
        "Notation example True board (potential view: both sides&apos; pending moves applied) Black to move, in "
        "transaction T2 (pending a5 a4); White&apos;s T1: pending Nc3 Nf3 Nb5");
  CHECK(diagram(TransactionalArgs) == svg);  // the same bytes each time
}

TEST_CASE("transactional diagram: nothing pending, and --show keeps its move arrow", "[svg][transactional][cli]") {
  const std::string svg = diagram("--variant transactional --show 'T1: e4'");
  CHECK(count(svg, "class=\"arrow arrow-move\"") == 1);
  CHECK_FALSE(has(svg, "lock-white"));
  CHECK_FALSE(has(svg, "arrow-pending"));
  CHECK_FALSE(has(svg, "class=\"ghost\""));
  CHECK(captions(svg) ==
        "True board (potential view; nothing is pending, so every view is this one) White to move, in transaction T1 "
        "(nothing pending); Black&apos;s T2: nothing pending");
}

TEST_CASE("conditional diagram: a stated move in phase C draws its condition and both branches", "[svg][conditional][cli]") {
  const std::string args = "--variant conditional --fen 'rnbqk1nr/pppp1ppp/8/4p3/1b1PP3/8/PPPQ1PPP/RNB1KBNR w KQkq - 0 1 C' "
                           "--show 'Bb4?Qxb4/Bb5'";
  const std::string svg = diagram(args);
  CHECK(count(svg, "class=\"mark mark-condition\"") == 1);
  CHECK(count(svg, "class=\"arrow arrow-then\"") == 1);
  CHECK(count(svg, "class=\"arrow arrow-else\"") == 1);
  CHECK(count(svg, "class=\"arrow arrow-move\"") == 0);
  for (const char* entry : {"legend-mark-condition", "legend-arrow-then", "legend-arrow-else"})
    CHECK(has(svg, std::string("class=\"legend-entry ") + entry + "\""));
  CHECK(has(svg, ">condition: square the stated conditional move asks about<"));
  CHECK(captions(svg) ==
        "phase C: White&apos;s stated conditional move is executed White states Bb4?Qxb4/Bb5: is there an enemy "
        "bishop on b4? yes: the then-move Qxb4 is played");
  CHECK(diagram(args) == svg);
}

TEST_CASE("conditional diagram: an unplayable branch gets no arrow and the caption says so", "[svg][conditional][cli]") {
  // The Matos-Neto game (puzzles/conditional/) before 3...Bg5?*Nf6*/c4: c7-c4 is no move.
  const std::string svg = diagram(
      "--variant conditional --play e4 --play d5 --play '!d4' --play dxe4 --play Bg5 --show 'Bg5?Nf6/c4' "
      "--caption 'Matos-Neto 1996'");
  CHECK(count(svg, "class=\"mark mark-condition\"") == 1);
  CHECK(count(svg, "class=\"arrow arrow-then\"") == 1);
  CHECK_FALSE(has(svg, "arrow-else"));
  CHECK(captions(svg) ==
        "Matos-Neto 1996 phase C: Black&apos;s stated conditional move is executed Black states Bg5?Nf6/c4: is there "
        "an enemy bishop on g5? yes: the then-move Nf6 is played (the else-move c4 could not have been)");
}

TEST_CASE("conditional diagram: ordinary moves stay move arrows, the caption gives the phase", "[svg][conditional][cli]") {
  const std::string a = diagram("--variant conditional --show e4");
  CHECK(count(a, "class=\"arrow arrow-move\"") == 1);
  CHECK_FALSE(has(a, "mark-condition"));
  CHECK(captions(a) == "phase A: White&apos;s A-move (then he states a conditional move)");

  const std::string b = diagram("--variant conditional --play e4 --show d5");
  CHECK(captions(b) == "phase B: Black&apos;s B-move (White&apos;s stated conditional move follows)");

  // "!d4" states no condition: its one move is drawn as any move is.
  const std::string c = diagram("--variant conditional --play e4 --play d5 --show '!d4'");
  CHECK(count(c, "class=\"arrow arrow-move\"") == 1);
  CHECK_FALSE(has(c, "mark-condition"));
  CHECK_FALSE(has(c, "arrow-then"));
  CHECK(captions(c) == "phase C: White&apos;s stated conditional move is executed");
}

TEST_CASE("conditional diagram: a statement outside phase C is refused", "[svg][conditional][cli]") {
  test::ScratchDir dir;
  const test::CliRun run = test::run_arbiter_command("diagram --variant conditional --show 'Bg5?Nf6/c4'", dir);
  CHECK(run.status != 0);
}

TEST_CASE("time traveler's diagram: traveling and traveled badges in their own colours", "[svg][timetravel][cli]") {
  const std::string svg = diagram("--variant timetravel --fen \"rnbqk1nr/pppp1ppp/8/4p3/1b~2P3/5N~2/PPPP1PPP/RNBQb'B1R w kq - 0 1\"");
  CHECK(count(svg, "class=\"badge\"") == 3);
  CHECK(count(svg, "fill=\"#1c71d8\"") == 2 + 1);  // b4 and f3, and the legend
  CHECK(count(svg, "fill=\"#813d9c\"") == 1 + 1);  // e1, and the legend
  CHECK(has(svg, ">~: traveling (never moves)<"));
  CHECK(has(svg, ">&apos;: traveled<"));
}
