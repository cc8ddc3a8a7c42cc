#pragma once
// The fuzz harnesses, one per reader. Each takes one input, reads it, and checks a property of
// what it read (see fuzz_support.h for the contract). The same functions run under libFuzzer
// (fuzz_entry.cpp, the fuzz build: tests/fuzz.sh) and in the Catch2 suite over the seed corpora
// and the saved regressions (tests/fuzz/fuzz_test.cpp), so the properties are checked in every build.

#include <string_view>
#include <vector>

namespace arbiter::fuzz {

// FEN of every rule set (orthodox, Option, Time Traveler's, Transactional, Conditional), and the
// board FEN without orthodox legality: what parses prints back to a FEN that parses to the same
// game (key, number of legal moves; of candidates in Time Traveler's Chess), and printing again
// changes nothing.
void fen_harness(std::string_view input);

// Move notation. Input: a notation name (orthodox, option, timetravel, transactional,
// conditional, popeye), a newline, a FEN of that rule set, a newline, the move text. A move that
// parses is legal, prints back to a text that parses to the same move, and playing and undoing
// it restores the game.
void move_harness(std::string_view input);

// PGN: read, write, read again gives the same games (the Seven Tag Roster filled in), and the
// written text is a fixed point of writing.
void pgn_harness(std::string_view input);

// Problem files (Popeye input with its twins, PGN problem files): every problem read is
// written as a PGN problem file that reads back to the same problem, twins included.
void problem_harness(std::string_view input);

// Conditional Chess statements: what parses prints back to an equal statement (with its mark).
void statement_harness(std::string_view input);

// Certificates (the check-certificate reader and checker): the check leaves the game as it
// found it, agrees with itself on a second run, and its counts are consistent.
void certificate_harness(std::string_view input);

// [Interpret] tag values: the settings print back to a text that reads to the same settings.
void interpret_harness(std::string_view input);

struct Harness {
  std::string_view name;  // the corpus folder: tests/fuzz/corpus/<name>/
  void (*run)(std::string_view input);
};
const std::vector<Harness>& harnesses();

}  // namespace arbiter::fuzz
