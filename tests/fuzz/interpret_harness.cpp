// [Interpret] tag values ("ID=CHOICE; ID=CHOICE"): read, print, read again; the value in a
// record's tag reads the same as alone.

#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/notation/pgn.h"
#include "rules/registry/interpretations.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"

namespace arbiter::fuzz {

namespace {

bool same_entries(const InterpretationSettings& a, const InterpretationSettings& b) {
  if (a.entries().size() != b.entries().size()) return false;
  for (std::size_t i = 0; i < a.entries().size(); ++i)
    if (a.entries()[i].id != b.entries()[i].id || a.entries()[i].choice != b.entries()[i].choice) return false;
  return true;
}

}  // namespace

void interpret_harness(std::string_view input) {
  const std::string file = "interpret";
  InterpretationSettings settings;
  bool read = true;
  try {
    settings.set_list(input, {file, 1, 1});
  } catch (const ParseError& e) {
    check_location(e, input, file, Layout::OneLine);
    read = false;
  }

  // The same value in a record's [Interpret] tag (a tag value is one line): the same settings,
  // or an error inside the record.
  if (input.find_first_of("\r\n") == std::string_view::npos) {
    PgnGame record;
    record.set_tag("Interpret", std::string(input));
    const std::string text = write_pgn(record);
    std::vector<PgnGame> games;
    try {
      games = read_pgn(text, "record");
    } catch (const ParseError& e) {
      violated(fmt::format("a record with [Interpret] '{}' does not read back: {}", input, e.what()));
    }
    require(games.size() == 1 && games[0].tag("Interpret") == input,
            fmt::format("a record with [Interpret] '{}' reads back with another tag value", input));
    try {
      const InterpretationSettings pinned = pinned_interpretations(games[0]);
      require(read && same_entries(pinned, settings),
              fmt::format("'{}' in an [Interpret] tag reads to other settings than the text alone", input));
    } catch (const ParseError& e) {
      check_location(e, text, "record", Layout::Lines);
      require(!read, fmt::format("'{}' reads alone but not in an [Interpret] tag: {}", input, e.what()));
    }
  }
  if (!read) return;

  for (const auto& e : settings.entries()) {
    require(find_interpretation(e.id) != nullptr, fmt::format("'{}' is read with the unknown id '{}'", input, e.id));
    require(choice_index(all_interpretations(), e.id, e.choice).has_value(),
            fmt::format("'{}' is read with the unknown choice '{}' of {}", input, e.choice, e.id));
  }
  const std::string printed = settings.text();
  InterpretationSettings again;
  try {
    again.set_list(printed, {file, 1, 1});
  } catch (const ParseError& e) {
    violated(fmt::format("'{}' is printed as '{}', which does not read back: {}", input, printed, e.what()));
  }
  require(same_entries(settings, again), fmt::format("'{}' is printed as '{}', which reads back to other settings", input, printed));
  require(again.text() == printed, fmt::format("'{}' is printed as '{}', then as '{}'", input, printed, again.text()));
}

}  // namespace arbiter::fuzz
