#include "solver/variants/transactional_replay.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/reading/record_search.h"
#include "solver/replay/reading_summary.h"
#include "solver/variants/transactional_reading.h"

#include "rules/notation/san.h"
#include "rules/transactional/game.h"

namespace arbiter {

namespace {

using transactional::Action;
using transactional::Decision;
using transactional::Game;

// The assumptions of one attempt at the record.
struct Reading {
  std::map<int, Decision> ends;           // ply (0-based) -> how its unmarked transaction ended
  std::map<int, std::string> corrections;  // ply -> the move text used instead of the printed one
};

struct Outcome {
  enum Kind { Consistent, Gap, Failure } kind;
  int ply = -1;         // Gap: the unmarked ply; Failure: the failing ply
  std::string reason;   // Failure
  std::optional<std::string> predicate;
  std::optional<Game> game;  // Consistent: the final position
  std::vector<int> implied_commits;  // plies whose forced commit the record does not mark
};

using transactional_reading::Parts;
using transactional_reading::split;
using transactional_reading::with_mark;

Outcome run(const PgnGame& record, const Reading& reading, const transactional::Options& options, int& plies_ok) {
  Game game(transactional::Referee::start(), options);
  std::vector<int> last_ply_of(2, -1);
  std::vector<int> implied;
  plies_ok = 0;
  for (int i = 0; i < int(record.moves.size()); ++i) {
    const PgnMove& move = record.moves[std::size_t(i)];
    const Color side = game.side_to_move();
    std::string text = reading.corrections.count(i) ? reading.corrections.at(i) : move.san;
    const Parts parts = split(text);
    const int expected = game.referee().transaction[side];
    if (parts.transaction == expected + 2 && game.referee().pending[side] > 0 && last_ply_of[side] >= 0 &&
        !reading.ends.count(last_ply_of[side]))
      return {Outcome::Gap, last_ply_of[side], "", std::nullopt, std::nullopt, {}};
    if (auto end = reading.ends.find(i); end != reading.ends.end())
      text = fmt::format("T{}: {}", parts.transaction ? parts.transaction : expected, with_mark(parts.body, end->second));
    try {
      try {
        game.play(game.parse_move(text, move.where));
      } catch (const IllegalMoveError& e) {
        // A forced commit the record leaves unmarked (the final Q:f7++): the commit is implied.
        if (e.predicate() != "commit-forced" || text.ends_with("(C)") || text.ends_with("(R)")) throw;
        game.play(game.parse_move(text + "(C)", move.where));
        implied.push_back(i);
      }
    } catch (const IllegalMoveError& e) {
      return {Outcome::Failure, i, e.message(), e.predicate(), std::nullopt, {}};
    } catch (const ParseError& e) {
      return {Outcome::Failure, i, e.message(), std::nullopt, std::nullopt, {}};
    }
    game.forget_history();  // never undone here; a referee per ply would hold gigabytes on a long record
    last_ply_of[side] = i;
    ++plies_ok;
  }
  return {Outcome::Consistent, -1, "", std::nullopt, game, implied};
}

// The nearest legal moves at `ply` (those at the least distance), in the position the chosen
// reading's earlier plies reach.
std::vector<std::string> nearest_moves(const transactional_reading::Model& model, const reading::Reading& chosen, int ply) {
  auto state = model.start();
  std::vector<reading::Step<transactional_reading::State>> steps;
  for (int k = 0; k < ply; ++k) {
    steps.clear();
    model.steps(state, k, steps);
    for (auto& step : steps)
      if (step.text == chosen.texts[std::size_t(k)]) {
        state = std::move(step.next);
        break;
      }
  }
  std::vector<std::string> out;
  const auto near = model.nearest_texts(state.game, ply);
  for (const auto& c : near)
    if (c.cost == near.front().cost) out.push_back(c.text);
  return out;
}

std::string decision_name(Decision d) { return d == Decision::Commit ? "commit" : d == Decision::Rollback ? "rollback" : "neither"; }

}  // namespace

ReplayReport replay_transactional(const PgnGame& record, const transactional::Options& options) {
  ReplayReport report;
  report.result = record.result;
  report.variant = "transactional";
  if (record.tag("FEN")) throw ParseError(*record.tag_value_location("FEN"), "Transactional records start from the start position");

  // The whole record read at the least edit cost (solver/reading/record_search.h); its texts
  // become the corrections and gap endings the report explains below.
  const transactional_reading::Model model(record, options);
  const reading::Result found = reading::RecordSearch(model).run();
  Reading chosen;
  // Without a complete reading (the model has no last resort), the record is checked as
  // printed and its first illegal move is the error.
  if (found.complete && !found.readings.empty()) {
    const reading::Reading& texts = found.readings.front();
    for (int ply = 0; ply < int(texts.texts.size()); ++ply) {
      const std::string& printed = record.moves[std::size_t(ply)].san;
      const std::string& read = texts.texts[std::size_t(ply)];
      if (read == printed || (!model.gap_at(ply) && read == printed + "(C)")) continue;  // as printed, or a commit implied
      const auto body = split(read).body;
      const Decision d = body.ends_with("(C)") ? Decision::Commit : body.ends_with("(R)") ? Decision::Rollback : Decision::Continue;
      if (model.gap_at(ply)) {
        chosen.ends[ply] = d;
        if (with_mark(body, Decision::Continue) ==
            with_mark(split(printed).body, Decision::Continue))
          continue;  // the gap's ending is the only difference
      }
      chosen.corrections[ply] = read;
    }
  }
  if (found.complete && !found.readings.empty()) {
    std::vector<const reading::Reading*> order;
    for (const auto& r : found.readings) order.push_back(&r);
    report.reading = reading_summary(found, order);
  }

  // Errata: the printed move, why it fails, and every nearest legal move.
  for (const auto& [ply, fix] : chosen.corrections) {
    const PgnMove& move = record.moves[std::size_t(ply)];
    Reading before = chosen;
    before.corrections.erase(ply);
    for (auto it = before.corrections.begin(); it != before.corrections.end();)
      it = it->first > ply ? before.corrections.erase(it) : std::next(it);
    int ok = 0;
    const Outcome failing = run(record, before, options, ok);
    ReplayError e;
    e.ply = ply + 1;
    e.move = move.san;
    e.where = move.where;
    e.predicate = failing.predicate;
    e.erratum = true;
    e.suggestions = nearest_moves(model, found.readings.front(), ply);
    e.correction = fix;
    // Why the other nearest moves were not taken: each is followed until it fails.
    std::vector<std::string> fates;
    for (const std::string& s : e.suggestions) {
      if (s == fix) continue;
      Reading alt = chosen;
      alt.corrections[ply] = s;
      int n = 0;
      Outcome o = run(record, alt, options, n);
      while (o.kind == Outcome::Gap) {
        alt.ends[o.ply] = Decision::Commit;
        o = run(record, alt, options, n);
      }
      fates.push_back(o.kind == Outcome::Consistent ? fmt::format("{} is also consistent", s)
                                                    : fmt::format("{} fails at ply {} ({})", s, o.ply + 1, record.moves[std::size_t(o.ply)].san));
    }
    const std::string why =
        failing.kind == Outcome::Failure && failing.ply == ply
            ? fmt::format("is illegal under every reading ({})", failing.reason)
        : failing.kind == Outcome::Failure
            ? fmt::format("is legal here, but ply {} ({}) cannot be played after it", failing.ply + 1,
                          record.moves[std::size_t(failing.ply)].san)
            : std::string("is legal here, but the record read with it costs more");
    e.reason = fmt::format("erratum: {} {}; nearest legal moves: {}; checked on with {}{}{}", move.san, why,
                           fmt::join(e.suggestions, ", "), fix, fates.empty() ? "" : "; ", fmt::join(fates, "; "));
    report.errors.push_back(std::move(e));
  }
  // Gaps: the reading chosen, and where the other fails.
  for (const auto& [ply, decision] : chosen.ends) {
    const PgnMove& move = record.moves[std::size_t(ply)];
    ReplayFinding f;
    f.ply = ply + 1;
    f.move = move.san;
    f.kind = "gap";
    f.where = move.where;
    f.reading = decision_name(decision);
    for (Decision d : {Decision::Commit, Decision::Rollback}) {
      Reading alt = chosen;  // the errata corrected as chosen: only the gap's reading differs
      alt.ends[ply] = d;
      int ok = 0;
      Outcome o = run(record, alt, options, ok);
      while (o.kind == Outcome::Gap) {
        alt.ends[o.ply] = chosen.ends.count(o.ply) ? chosen.ends.at(o.ply) : Decision::Commit;
        o = run(record, alt, options, ok);
      }
      if (o.kind == Outcome::Consistent)
        f.details.push_back(fmt::format("{}: consistent{}", decision_name(d),
                                        chosen.corrections.empty() ? "" : " (with the errata corrected)"));
      else
        f.details.push_back(fmt::format("{}: fails at ply {} ({}): {}", decision_name(d), o.ply + 1,
                                        record.moves[std::size_t(o.ply)].san, o.reason));
    }
    f.reason = fmt::format("{} ends its transaction with neither (C) nor (R); the record is consistent only if it {}", move.san,
                           decision == Decision::Commit ? "committed" : "rolled back");
    report.findings.push_back(std::move(f));
  }

  // The final position under the chosen reading.
  int ok = 0;
  Outcome last = run(record, [&] {
    Reading r = chosen;
    return r;
  }(), options, ok);
  while (last.kind == Outcome::Gap) {
    Reading r = chosen;
    r.ends[last.ply] = Decision::Commit;
    last = run(record, r, options, ok);
  }
  report.plies = ok;
  if (last.kind == Outcome::Failure) {
    const PgnMove& move = record.moves[std::size_t(last.ply)];
    report.errors.push_back({last.ply + 1, move.san, last.reason, move.where, last.predicate, false, false, false, {}, {}});
    return report;
  }
  for (int ply : last.implied_commits) {
    const PgnMove& move = record.moves[std::size_t(ply)];
    report.findings.push_back({ply + 1, move.san, "implied-commit", "commit",
                               fmt::format("{} must commit (a capture, a promotion or a check) but is not marked (C): the commit "
                                           "is implied",
                                           move.san),
                               {}, move.where});
  }
  const Game& g = *last.game;
  record_end_of_replay(report, g, record);
  return report;
}

}  // namespace arbiter
