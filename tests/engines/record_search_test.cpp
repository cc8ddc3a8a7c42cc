// The whole-record reading (solver/reading/record_search.h) on Conditional Chess records whose
// least-cost reading is known: planted misprints found and proven least-cost, and a record
// where repairing each ply on its own, cheapest first, reads it worse.

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "rules/notation/pgn.h"
#include "solver/variants/orthodox_replay.h"
#include "solver/reading/record_search.h"
#include "solver/variants/conditional_reading.h"
#include "solver/variants/conditional_replay.h"
#include "solver/variants/transactional_reading.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

PgnGame record_of(const std::string& text) { return read_pgn(text, "test.pgn").at(0); }

// Each ply on its own: the printed text when the rules accept it, else the cheapest repair.
reading::Cost greedy_cost(const conditional_reading::Model& model, std::vector<std::string>& texts) {
  auto state = model.start();
  reading::Cost total = 0;
  std::vector<reading::Step<conditional_reading::State>> steps;
  for (int ply = 0; ply < model.plies(); ++ply) {
    steps.clear();
    model.steps(state, ply, steps);
    REQUIRE_FALSE(steps.empty());
    std::size_t cheapest = 0;
    for (std::size_t i = 1; i < steps.size(); ++i)
      if (steps[i].cost < steps[cheapest].cost) cheapest = i;
    total += steps[cheapest].cost;
    texts.push_back(steps[cheapest].text);
    state = steps[cheapest].next;
  }
  return total;
}

}  // namespace

TEST_CASE("record search: two planted misprints, found and proven least-cost", "[reading][conditional]") {
  // The fool's mate in the turn cycle (1. f3 e5 2. !g4 Qh4++), printed with 2. !g5 and Qh5++.
  // As printed, !g5 is a legal statement (skipped: the pawn cannot go there), but then no
  // reading of Qh5++ mates, and the record claims the mate and Black's win.
  const PgnGame record = record_of("[Variant \"Conditional\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. !g5 Qh5++ 0-1\n");
  const conditional_reading::Model model(record, {});
  const reading::Result r = reading::RecordSearch(model).run();
  REQUIRE(r.complete);
  CHECK(r.proven);
  CHECK(r.ties == 1);
  REQUIRE(r.readings.size() == 1);
  CHECK(r.readings[0].total == 2 * reading::Edit);
  CHECK(r.readings[0].texts == std::vector<std::string>{"f3", "e5", "!g4", "Qh4++"});
  CHECK(r.readings[0].costs == std::vector<reading::Cost>{0, 0, reading::Edit, reading::Edit});

  // The replay reports it: two errata, the mate confirmed, the reading proven.
  const ReplayReport report = replay_conditional(record);
  REQUIRE(report.reading);
  CHECK(report.reading->cost == 2);
  CHECK(report.reading->proven);
  CHECK(report.status == GameStatus::Checkmate);
  REQUIRE(report.errors.size() == 2);
  CHECK(report.errors[0].correction == "!g4");
  CHECK(report.errors[0].predicate == "earlier-move-read-differently");  // !g5 itself is legal
  CHECK(report.errors[1].correction == "Qh4++");

  // Without the closing mate sign and the result the ending claims nothing: the printed
  // statement (skipped) and the nearest queen move cost less.
  const PgnGame loose = record_of("[Variant \"Conditional\"]\n\n1. f3 e5 2. !g5 Qh5 *\n");
  const reading::Result l = reading::RecordSearch(conditional_reading::Model(loose, {})).run();
  REQUIRE(l.complete);
  CHECK(l.proven);
  CHECK(l.readings[0].total == reading::Edit);
  CHECK(l.readings[0].texts[2] == "!g5");
}

TEST_CASE("record search: repairing each ply on its own reads the record worse", "[reading][conditional]") {
  // 3. Bd5 is a misprint of Bc4 (two edits); Bd3 and Bb5 are one edit away, but only from c4
  // can the bishop take on f7 (5. !Bxf7+), where the king takes it back.
  const PgnGame record =
      record_of("[Variant \"Conditional\"]\n\n1. e4 e5 2. !Nf3 Nc6 3. Bd5 !Nf6 4. d3 h6 5. !Bxf7+ Kxf7 *\n");
  const conditional_reading::Model model(record, {});
  std::vector<std::string> greedy_texts;
  const reading::Cost greedy = greedy_cost(model, greedy_texts);
  const reading::Result r = reading::RecordSearch(model).run();
  REQUIRE(r.complete);
  CHECK(r.proven);
  REQUIRE(r.readings.size() == 1);
  CHECK(r.readings[0].texts[4] == "Bc4");
  CHECK(r.readings[0].total == 2 * reading::Edit);
  CHECK(greedy_texts[4] != "Bc4");  // the nearest text first: one edit
  CHECK(greedy > r.readings[0].total);
}

TEST_CASE("record search: ties are all listed, and a state limit is reported, not a proof", "[reading][conditional]") {
  // 1...d9 is no move: d5 and d6 (and others) are one edit away and the rest of the record
  // does not tell them apart.
  const PgnGame record = record_of("[Variant \"Conditional\"]\n\n1. e4 d9 2. !Nf3 *\n");
  const conditional_reading::Model model(record, {});
  const reading::Result r = reading::RecordSearch(model).run();
  REQUIRE(r.complete);
  CHECK(r.proven);
  CHECK(r.ties >= 2);
  CHECK(r.ties == r.readings.size());
  for (const auto& reading : r.readings) CHECK(reading.total == reading::Edit);
  // A search stopped by its state limit says so and claims no proof.
  reading::Limits tight;
  tight.max_states = 3;
  tight.last_beam = 0;  // no beam pass either: nothing complete is found
  const reading::Result cut = reading::RecordSearch(model, tight).run();
  CHECK_FALSE(cut.proven);
  CHECK(cut.limit == "the limit of 3 game states");
}

TEST_CASE("record search: an orthodox record with a misprint is read whole", "[reading][replay]") {
  // The scholar's mate printed with 4. Qxf8#: the illegal move stays the error; the whole
  // record is read with Qxf7#, the mate the result claims, proven the only reading at 1 edit.
  const PgnGame record = record_of("[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf8# 1-0\n");
  const ReplayReport report = replay_orthodox(record);
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors[0].ply == 7);
  CHECK_FALSE(report.errors[0].erratum);
  REQUIRE(report.reading);
  CHECK(report.reading->cost == 1);
  CHECK(report.reading->proven);
  CHECK(report.reading->all_ties);
  CHECK(report.reading->ties == 1);
  REQUIRE(report.findings.size() == 1);
  CHECK(report.findings[0].kind == "reading");
  CHECK(report.findings[0].ply == 7);
  CHECK(report.findings[0].reading == "Qxf7#");
  // A legal record is not searched.
  CHECK_FALSE(replay_orthodox(record_of("1. e4 e5 *\n")).reading);
}

namespace {

// Along the record's least-cost reading (misprinted plies included), the zero-cost steps
// `steps` gives at each ply are exactly those `printed_steps` gives: the zero-cost pass may use
// the cheaper one. Returns the plies compared.
template <class M>
int compare_printed_steps(const M& model) {
  using State = typename M::State;
  const reading::Result r = reading::RecordSearch(model).run();
  REQUIRE(!r.readings.empty());
  const std::vector<std::string>& texts = r.readings[0].texts;
  State state = model.start();
  int compared = 0;
  for (int ply = 0; ply < model.plies(); ++ply) {
    std::vector<reading::Step<State>> all, printed;
    model.steps(state, ply, all);
    model.printed_steps(state, ply, printed);
    std::multiset<std::string> from_all, from_printed;
    for (const auto& step : all)
      if (step.cost == 0) from_all.insert(step.text);
    for (const auto& step : printed)
      if (step.cost == 0) from_printed.insert(step.text);
    INFO("ply " << ply);
    CHECK(from_all == from_printed);
    ++compared;
    const auto read = std::find_if(all.begin(), all.end(), [&](const auto& step) { return step.text == texts[std::size_t(ply)]; });
    REQUIRE(read != all.end());
    state = read->next;
  }
  return compared;
}

PgnGame shipped(const std::string& path) {
  return read_pgn(test::read_text_file(std::string(ARBITER_SOURCE_DIR) + "/puzzles/" + path), path).at(0);
}

}  // namespace

TEST_CASE("record search: the zero-cost pass's printed steps are all the zero-cost steps", "[reading]") {
  // The shipped Conditional and Transactional records (misprints among them; a transaction end
  // left unmarked reads both ways at no cost), and the planted misprints above.
  const PgnGame matos = shipped("conditional/matos-neto-1996.pgn");
  CHECK(compare_printed_steps(conditional_reading::Model(matos, {})) == int(matos.moves.size()));
  const PgnGame planted = record_of("[Variant \"Conditional\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. !g5 Qh5++ 0-1\n");
  CHECK(compare_printed_steps(conditional_reading::Model(planted, {})) == 4);
  for (const char* file : {"transactional/notation-example.pgn", "transactional/quintanilla-aronson.pgn"}) {
    const PgnGame record = shipped(file);
    INFO(file);
    CHECK(compare_printed_steps(transactional_reading::Model(record, {})) == int(record.moves.size()));
  }
}
