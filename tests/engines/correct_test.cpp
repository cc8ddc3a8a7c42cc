// The correction search (solver/correct/): the edit space, damage with a known answer, each
// pruning rule against a case where it must not skip the answer, the rule we do not use (it
// would skip an answer), limits that give a partial answer, and every version the restore
// benchmark reports re-solved by a fresh `arbiter solve`.

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "solver/problem/popeye_key.h"
#include "solver/correct/correction_search.h"
#include "solver/correct/damage.h"
#include "tests/support/test_support.h"

namespace arbiter {
namespace {

using correct::Diagram;
using correct::Edit;
using correct::EditKind;

// A corpus problem with Popeye's one key as the published solution.
struct Published {
  std::string fen;
  int n = 0;
  PgnLine line;
};

Published corpus_problem(const std::string& file) {
  const auto row = test::orthodox_corpus_problem(file);
  REQUIRE(row.popeye_keys.size() == 1);
  PgnMove key;
  key.san = popeye_key_san(row.fen, row.popeye_keys[0]);
  REQUIRE(!key.san.empty());
  return {row.fen, row.moves, {key}};
}

correct::Report search(const Published& p, const std::string& fen, correct::EditSpaceOptions space, int max_versions = 0) {
  correct::Options o;
  o.space = std::move(space);
  o.max_versions = max_versions;
  return correct::CorrectionSearch<orthodox::Game>(fen, {"<test>", 1, 1}, p.n, p.line, std::nullopt, o).run();
}

correct::EditSpaceOptions only(EditKind kind, int cost = 1) {
  correct::EditSpaceOptions s;
  s.max_units = s.max_removals = s.max_moves = s.max_changes = s.max_tokens = 0;
  switch (kind) {
    case EditKind::Add: s.max_units = cost; break;
    case EditKind::Remove: s.max_removals = cost; break;
    case EditKind::Move: s.max_moves = cost; break;
    case EditKind::Change: s.max_changes = cost; break;
    case EditKind::Tokens: s.max_tokens = cost; break;
  }
  s.max_cost = cost;
  return s;
}

correct::EditSpaceOptions every_kind(int cost) {
  correct::EditSpaceOptions s;
  s.max_units = s.max_removals = s.max_moves = s.max_changes = s.max_tokens = s.max_cost = cost;
  return s;
}

std::string edited(const std::string& fen, const std::vector<Edit>& edits) {
  Diagram d = Diagram::from_fen(fen);
  for (const auto& e : edits) d.apply(e);
  return d.fen();
}

}  // namespace

TEST_CASE("correct: edits, their texts and the fields that follow the board", "[correct]") {
  Diagram d = Diagram::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(correct::edit_text({.kind = EditKind::Add, .to = sq::f4, .piece = 'P'}) == "+wPf4");
  CHECK(correct::edit_text({.kind = EditKind::Remove, .from = sq::c6, .piece = 'p'}) == "-bPc6");
  CHECK(correct::edit_text({.kind = EditKind::Move, .from = sq::f6, .to = sq::f8, .piece = 'Q'}) == "Qf6->f8");
  CHECK(correct::edit_text({.kind = EditKind::Change, .from = sq::c6, .piece = 'p', .becomes = 'P'}) == "bPc6=wP");
  CHECK(correct::edit_text({.kind = EditKind::Tokens, .side = Black, .tokens_from = 3, .tokens_to = 1}) == "bTokens:3->1");
  // A rook moved off its corner takes its castling right with it.
  d.apply({.kind = EditKind::Move, .from = sq::h1, .to = sq::h4, .piece = 'R'});
  CHECK(d.fen() == "r3k2r/8/8/8/7R/8/8/R3K3 w Qkq - 0 1");
  // Option tokens are the seventh field.
  Diagram o = Diagram::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 30 3/2");
  o.apply({.kind = EditKind::Tokens, .side = White, .tokens_from = 3, .tokens_to = 0});
  CHECK(o.fen() == "7k/8/8/8/8/8/8/K7 w - - 0 30 0/2");
  // The space counts: kings are never edited, pawns never reach ranks 1 and 8.
  const auto edits = correct::single_edits(Diagram::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1"), every_kind(1));
  const auto counts = correct::count_by_kind(edits);
  CHECK(counts.at("add") == 62 * 8 + 48 * 2);  // 8 piece units on 62 empty squares, 2 pawns on ranks 2 to 7
  CHECK(counts.count("remove") == 0);
}

TEST_CASE("correct: a known damage of each kind is restored at cost 1, cheapest proved", "[correct]") {
  // Alekhine 1914 #3 (corpus alekhine_0002_3), key 1.Qf5.
  const Published p = corpus_problem("alekhine_0002_3.inp");
  const std::vector<std::pair<Edit, std::string>> damages = {
      {{.kind = EditKind::Remove, .from = sq::c6, .piece = 'p'}, "+bPc6"},
      {{.kind = EditKind::Add, .to = sq::d1, .piece = 'r'}, "-bRd1"},
      {{.kind = EditKind::Change, .from = sq::c6, .piece = 'p', .becomes = 'b'}, "bBc6=bP"},
  };
  for (const auto& [damage, repair] : damages) {
    INFO(correct::edit_text(damage));
    const auto r = search(p, edited(p.fen, {damage}), every_kind(1));
    REQUIRE(!r.kept.empty());
    CHECK(r.cheapest_proved);
    CHECK(r.kept.front().cost <= 1);
    bool original = false;
    for (const auto& v : r.kept) original = original || v.fen == p.fen;
    CHECK(original);  // the original is among the cheapest versions
    CHECK(r.levels.size() == 2);
    CHECK(r.levels[1].complete);
    for (const auto& v : r.kept) {
      CHECK(v.keys == std::vector<std::string>{"Qf5"});
      CHECK(v.certificate.contains("keys"));
    }
  }
}

TEST_CASE("correct: one-edit-per-square keeps a replaced unit (remove and add on one square is a change)", "[correct]") {
  // The damage replaced the pawn c6 by a bishop. Removing and adding on c6 is two edits on one
  // square, which the rule never builds; the change bBc6=bP reaches the same diagram at cost 1.
  // A careless space without changes (or that dropped a set for touching a square twice without
  // offering the change) would find nothing at cost 1.
  const Published p = corpus_problem("alekhine_0002_3.inp");
  const std::string damaged = edited(p.fen, {{.kind = EditKind::Change, .from = sq::c6, .piece = 'p', .becomes = 'b'}});
  auto r = search(p, damaged, every_kind(1));
  bool change = false;
  for (const auto& v : r.kept) change = change || v.changes == std::vector<std::string>{"bBc6=bP"};
  CHECK(change);
  // Without changes the same diagram needs two edits on other squares or none: at cost 1 the
  // remove-then-add pair is not available, so the change is what the rule relies on.
  r = search(p, damaged, only(EditKind::Remove));
  for (const auto& v : r.kept) CHECK(v.fen != p.fen);
}

TEST_CASE("correct: same-position judges a diagram once yet keeps its set as a parent", "[correct]") {
  // A #1 whose queen was lost and a rook put in: White Kg6, Rd1; Black Kh8; published 1.Qa8#.
  // Up to cost 2 (one addition, one removal, one move) a removal plus an addition often
  // rebuilds a diagram that a move made at cost 1: judged once, yet the search still reaches
  // the versions at cost 2 and covers the level.
  PgnMove key;
  key.san = "Qa8#";
  const Published p{"7k/8/6K1/8/8/8/8/3R4 w - - 0 1", 1, {key}};
  correct::EditSpaceOptions space;
  space.max_units = space.max_removals = space.max_moves = 1;
  space.max_changes = space.max_tokens = 0;
  space.max_cost = 2;
  const auto r = search(p, p.fen, space);
  REQUIRE(r.levels.size() == 3);
  CHECK(r.levels[2].complete);
  CHECK(r.space_covered);
  CHECK(r.levels[2].pruned.at("same-position") > 0);
  REQUIRE(!r.kept.empty());
  CHECK(r.cheapest_proved);
  bool queen_for_rook = false;
  for (const auto& v : r.kept) {
    CHECK(v.cost == 2);
    CHECK(v.keys == std::vector<std::string>{"Qa8#"});
    queen_for_rook = queen_for_rook || v.changes == std::vector<std::string>{"+wQa2", "-wRd1"};
  }
  CHECK(queen_for_rook);
}

TEST_CASE("correct: standing-check extends a position in check only through the checking line", "[correct]") {
  // The damage moved the knight e6 to d4... here: a white rook put where it checks the king on
  // the side not to move makes the diagram illegal. The repair must touch the checker, the
  // king or a square between: the rule skips every other edit, and the answer is among those
  // it keeps (a careless rule that kept only edits on the king's square would lose it).
  const Published p = corpus_problem("alekhine_0002_3.inp");
  // Black to move would be illegal; with White to move, a white unit checking the black king
  // is what "the side not to move is in check" means.
  const std::string damaged = edited(p.fen, {{.kind = EditKind::Move, .from = sq::a8, .to = sq::f8, .piece = 'R'}});
  const auto r = search(p, damaged, every_kind(1));
  REQUIRE(r.levels.size() == 2);
  CHECK(r.levels[0].judged == 1);
  CHECK(r.levels[1].pruned.at("standing-check") > 0);
  REQUIRE(!r.kept.empty());
  bool back = false;
  for (const auto& v : r.kept) back = back || v.fen == p.fen;
  CHECK(back);  // Rf8->a8 touches the checker's square
}

TEST_CASE("correct: the rule 'additions away from the refutation's lines cannot matter' would skip answers", "[correct]") {
  // Damage: one White unit removed from a sound #2. Where the search restores the problem by an
  // addition that neither stands on the key's refutation (its squares, those between) nor
  // attacks one of them, the careless rule would have skipped that answer.
  int shown = 0;
  for (const auto& row : test::orthodox_corpus()) {
    if (row.moves != 2 || row.popeye_keys.size() != 1 || shown > 0) continue;
    const Published p = corpus_problem(row.file);
    const Diagram original = Diagram::from_fen(p.fen);
    for (Square s = 0; s < 64 && shown == 0; ++s) {
      const char u = original.board[std::size_t(s)];
      if (u == '.' || u == 'K' || u < 'A' || u > 'Z') continue;
      const std::string damaged = edited(p.fen, {{.kind = EditKind::Remove, .from = s, .piece = u}});
      const auto r = search(p, damaged, only(EditKind::Add), 1);
      if (r.kept.empty() || r.kept.front().cost != 1) continue;
      // The refutation in the damaged diagram.
      correct::Options o;
      o.space = only(EditKind::Add, 0);
      const auto root = search(p, damaged, o.space);
      if (!root.best || root.best->stage != correct::Stage::KeyRefuted) continue;
      const Bitboard path = correct::line_squares(root.best->refutation_uci);
      const Diagram d = Diagram::from_fen(damaged);
      const Diagram v = Diagram::from_fen(r.kept.front().fen);
      Square added = NoSquare;
      for (Square t = 0; t < 64; ++t)
        if (d.board[std::size_t(t)] == '.' && v.board[std::size_t(t)] != '.') added = t;
      REQUIRE(added != NoSquare);
      const bool on_path = path & square_bb(added);
      const bool guards = correct::unit_attacks(v.board[std::size_t(added)], added, d.occupied()) & path;
      if (!on_path && !guards) {
        INFO(row.file << " restored by " << r.kept.front().changes.front() << " against " << root.best->refutation_uci);
        CHECK(r.kept.front().keys.size() == 1);
        ++shown;
      }
    }
  }
  CHECK(shown == 1);
}

TEST_CASE("correct: limits give a partial answer that never says none exists", "[correct][cli]") {
  int status = -1;
  const auto j = test::run_arbiter_json("correct --json --max-cost 2 --max-nodes 200000 " +
                                            test::shell_quote(std::string(ARBITER_SOURCE_DIR) + "/puzzles/option/bonham-2014.pgn"),
                                        status);
  CHECK(status == 3);
  const auto& p = j;  // one problem: the object itself
  CHECK(p["sound"].empty());
  CHECK(p["space_covered"] == false);
  CHECK(p["limit"] == "--max-nodes 200000");
  CHECK(p["levels"].back()["complete"] == false);
}

TEST_CASE("correct: every version the restore benchmark reports is confirmed by a fresh solve", "[correct][cli]") {
  int status = -1;
  const auto j = test::run_arbiter_json("bench --json --restore " + test::shell_quote(test::shared_path("corpus/orthodox-problems")) +
                                            " --count 4 --sizes 1,2 --max-seconds 30 --threads 1 --seed 7",
                                        status);
  REQUIRE(status == 0);
  REQUIRE(j["rows"].size() == 8);
  int found = 0;
  for (const auto& row : j["rows"]) {
    if (!row["found"].get<bool>()) continue;
    ++found;
    int s = -1;
    const auto solved = test::run_arbiter_json("solve --json --fen " + test::shell_quote(row["version_fen"].get<std::string>()) +
                                                   " --stipulation " + test::shell_quote(row["stipulation"].get<std::string>()),
                                               s);
    INFO(row["problem"].get<std::string>() << " " << row["version_fen"].get<std::string>());
    CHECK(s == 0);
    REQUIRE(solved["keys"].size() == 1);
    CHECK(solved["keys"][0] == row["key"]);
    CHECK(solved["shortest"] == row["stipulation"].get<std::string>()[1] - '0');
  }
  CHECK(found >= 7);
}

}  // namespace arbiter

namespace arbiter {

TEST_CASE("correct: a damaged helpmate and a damaged selfmate are restored through the CLI", "[correct][cli]") {
  test::ScratchDir dir;
  auto damaged_copy = [&](const std::string& puzzle, const std::string& from, const std::string& to) {
    std::string text = test::read_text_file(std::string(ARBITER_SOURCE_DIR) + "/" + puzzle);
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    return dir.write("damaged.pgn", text);
  };
  // h#2 (composed): the white knight c2 lost; its line 1.Kc1 Na3 2.Qd2 Rb1# needs it back.
  int status = -1;
  auto j = test::run_arbiter_json(
      "correct --json --max-cost 1 " +
          test::shell_quote(damaged_copy("puzzles/composed/help/orthodox-help2-s12-49.pgn", "1qN5/3k4", "1q6/3k4")),
      status);
  CHECK(status == 0);
  REQUIRE(j["sound"].size() >= 1);
  bool knight = false;
  for (const auto& v : j["sound"]) knight = knight || v["changes"] == nlohmann::json{"+wNc2"};
  CHECK(knight);
  // s#2 (Baird 1902): the black pawn b7 lost; without it 1...Bb7 refutes 1.Qe8.
  j = test::run_arbiter_json(
      "correct --json --max-cost 1 " +
          test::shell_quote(damaged_copy("puzzles/orthodox/help-self/selfmate-baird-1902-s2.pgn", "8/1p1RQ3", "8/3RQ3")),
      status);
  CHECK(status == 0);
  CHECK(j["key_refutations"]["Bb7"] > 0);
  bool pawn = false;
  for (const auto& v : j["sound"]) pawn = pawn || v["changes"] == nlohmann::json{"+bPb7"};
  CHECK(pawn);
}

}  // namespace arbiter
