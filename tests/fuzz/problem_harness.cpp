// Problem files: Popeye input (twins included) and PGN problem files. Every problem read is
// written as a PGN problem file, which must read back to the same problem.

#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/notation/pgn.h"
#include "solver/problem/problem.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"

namespace arbiter::fuzz {

namespace {

using problem::Problem;

std::string describe(const Stipulation& s) {
  return fmt::format("{} (kind {}, {} moves{}, {} solutions)", s.text, int(s.kind), s.moves, s.half_move ? ".5" : "",
                     s.solutions);
}

bool same_stipulation(const Stipulation& a, const Stipulation& b) {
  return a.kind == b.kind && a.moves == b.moves && a.half_move == b.half_move && a.solutions == b.solutions && a.text == b.text;
}

// The problem as a PGN problem file: its own record (PGN input), or its tags (Popeye input,
// which gives the PGN tags it stands for).
PgnGame as_record(const Problem& p) {
  if (p.published) return *p.published;
  PgnGame record;
  for (const auto& [name, value] : p.tags) record.set_tag(name, value);
  return record;
}

void compare(const Problem& p, const Problem& q, const std::string& written) {
  const auto context = [&] { return fmt::format("problem {} is written as\n{}\nwhich reads back with", p.number, written); };
  require(q.variant == p.variant, fmt::format("{} variant '{}' for '{}'", context(), q.variant, p.variant));
  require(q.fen == p.fen, fmt::format("{} FEN '{}' for '{}'", context(), q.fen, p.fen));
  require(same_stipulation(q.stipulation, p.stipulation),
          fmt::format("{} stipulation {} for {}", context(), describe(q.stipulation), describe(p.stipulation)));
  require(q.author == p.author && q.source == p.source && q.title == p.title, context() + " another author, source or title");
  // The writer fills in a missing [Date] (one of the Seven Tag Roster).
  require(q.date == (p.tags.count("Date") ? p.date : "????.??.??"), context() + " another date");
  require(q.set_play == p.set_play, context() + " another set play");
  require(q.interpretations.text() == p.interpretations.text(),
          fmt::format("{} interpretations '{}' for '{}'", context(), q.interpretations.text(), p.interpretations.text()));
  require(q.twins.size() == p.twins.size(), fmt::format("{} {} twins for {}", context(), q.twins.size(), p.twins.size()));
  for (std::size_t i = 0; i < p.twins.size(); ++i) {
    const problem::Twin &a = p.twins[i], &b = q.twins[i];
    require(a.label == b.label && a.description == b.description && a.fen == b.fen && same_stipulation(a.stipulation, b.stipulation),
            fmt::format("{} twin {}) '{}' {} {} for '{}' {} {}", context(), a.label, b.description, b.fen, b.stipulation.text,
                        a.description, a.fen, a.stipulation.text));
  }
  if (p.published) require(q.published && same_game(*q.published, as_written(*p.published)), context() + " another record");
}

}  // namespace

void problem_harness(std::string_view input) {
  const std::string file = "problem";
  std::vector<Problem> problems;
  try {
    problems = problem::read_problem_entries(input, file, problem::PublishedLines::Checked);
  } catch (const ParseError& e) {
    check_location(e, input, file, Layout::Lines);
    return;
  }
  require(!problems.empty(), "a problem file read without error holds no problem");
  for (const Problem& p : problems) {
    // One problem's error is placed in the text like a whole file's; an unsupported problem
    // names what it needs.
    if (p.malformed) {
      check_location(*p.malformed, input, file, Layout::Lines);
      continue;
    }
    if (!p.unsupported.empty()) {
      require(p.fen.empty() && p.twins.empty(), fmt::format("problem {}: unsupported, yet it has a position", p.number));
      continue;
    }
    // PGN has no zero position (a diagram that is not solved): such a problem is not written back.
    if (p.popeye.zero_position) continue;
    if (p.variant == "orthodox") {
      // Under the rules the problem pins: a side without a king needs orthodox.king-count=at-most-one.
      FenOptions rules;
      rules.kings_optional = p.interpretations.choice("orthodox.king-count") == "at-most-one";
      try {
        require(write_fen(read_fen(p.fen, {"<fen>", 1, 1}, rules)) == p.fen,
                fmt::format("problem {}: its FEN '{}' is not written as read", p.number, p.fen));
        // An illegal twin keeps its position for display only (Twin::illegal): it need not read.
        for (const auto& twin : p.twins)
          if (!twin.illegal) (void)read_fen(twin.fen, {"<fen>", 1, 1}, rules);
      } catch (const ParseError& e) {
        violated(fmt::format("problem {}: a FEN it gives does not read: {}", p.number, e.what()));
      }
    }
    const std::string written = write_pgn(as_record(p));
    std::vector<Problem> back;
    try {
      back = problem::read_problems(written, "written");
    } catch (const ParseError& e) {
      violated(fmt::format("problem {} is written as\n{}\nwhich does not read back: {}", p.number, written, e.what()));
    }
    require(back.size() == 1, fmt::format("problem {} is written as\n{}\nwhich reads back as {} problems", p.number, written, back.size()));
    compare(p, back[0], written);
  }
}

}  // namespace arbiter::fuzz
