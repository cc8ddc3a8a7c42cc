#include "solver/variants/orthodox_replay.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "solver/variants/orthodox_reading.h"
#include "solver/replay/reading_summary.h"

namespace arbiter {

namespace {

// A main line with a move the rules forbid: the whole record read at the least edit cost,
// each ply it reads otherwise reported as a finding (the illegal move stays the error).
void read_whole_record(const PgnGame& record, orthodox::Game start, ReplayReport& report) {
  const orthodox_reading::Model model(record, std::move(start));
  const reading::Result found = reading::RecordSearch(model).run();
  if (found.readings.empty()) {
    report.findings.push_back({0, "", "reading", "", "no reading within two edits a move makes the record legal and end as it says",
                               {}, record.where});
    return;
  }
  const reading::Reading& chosen = found.readings.front();
  for (std::size_t ply = 0; ply < chosen.texts.size(); ++ply) {
    const PgnMove& move = record.moves[ply];
    if (chosen.texts[ply] == move.san) continue;
    const double edits = chosen.costs[ply] / double(reading::Edit);
    report.findings.push_back({int(ply) + 1, move.san, "reading", chosen.texts[ply],
                               fmt::format("read as {} ({:g} edit{}) in the least-cost reading of the whole record", chosen.texts[ply],
                                           edits, edits == 1 ? "" : "s"),
                               {}, move.where});
  }
  std::vector<const reading::Reading*> order;
  for (const auto& r : found.readings) order.push_back(&r);
  report.reading = reading_summary(found, order);

}

}  // namespace

ReplayReport replay_orthodox(const PgnGame& game, const orthodox::Options& options) {
  auto make = [&options](std::string_view fen, const SourceLocation& where) { return orthodox::Game(read_fen(fen, where), options); };
  ReplayReport report = replay_game<orthodox::Game>(game, make);
  const bool main_line_illegal = std::any_of(report.errors.begin(), report.errors.end(),
                                             [](const ReplayError& e) { return !e.in_variation && !e.result_claim; });
  if (main_line_illegal) {
    orthodox::Game start = game.tag("FEN") ? make(*game.tag("FEN"), *game.tag_value_location("FEN"))
                                           : make(orthodox::Game::start_fen, {"<start position>", 1, 1});
    read_whole_record(game, std::move(start), report);
  }
  return report;
}

}  // namespace arbiter
