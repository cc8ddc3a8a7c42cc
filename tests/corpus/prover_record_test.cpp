// The prover's record of the whole orthodox corpus (../shared/corpus/orthodox-problems): for
// every problem the verdict, the key set and the node count of a complete one-thread solve
// without the tree (64 MB table), in tests/corpus/prover_record.tsv. A change that loses a key or
// changes a verdict fails here whatever it does to speed; a change of search order shows as
// changed node counts, to be looked at and recorded on purpose:
//
//   ARBITER_UPDATE_RECORD=1 ./build/tests/arbiter_tests_corpus "[record]"
//
// rewrites the file (then read the diff: keys and verdicts must not move). The sanitizer build
// checks the rows under SanitizerNodeCap nodes only: instrumented, the rest takes minutes.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "solver/prover/solve.h"
#include "tests/support/test_support.h"

using namespace arbiter;
using namespace arbiter::test;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t SanitizerNodeCap = 300'000;
#else
constexpr std::uint64_t SanitizerNodeCap = 0;  // no cap
#endif

std::string record_path() { return std::string(ARBITER_SOURCE_DIR) + "/tests/corpus/prover_record.tsv"; }

struct RecordRow {
  std::string file, stipulation, verdict, keys;
  std::uint64_t nodes = 0;
};

std::vector<RecordRow> read_record() {
  std::vector<RecordRow> rows;
  std::istringstream in(read_text_file(record_path()));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("file\t", 0) == 0) continue;
    const auto cells = split(line, '\t');
    if (cells.size() != 5) throw std::runtime_error("prover_record.tsv: malformed row: " + line);
    rows.push_back({cells[0], cells[1], cells[2], cells[3], std::stoull(cells[4])});
  }
  return rows;
}

RecordRow solve_row(const CorpusProblem& p) {
  orthodox::Game game(read_fen(p.fen));
  prover::SolveOptions options;
  options.n = p.moves;
  options.build_tree = false;
  options.threads = 1;
  options.limits.hash_megabytes = 64;
  options.limits.max_nodes = 100'000'000;  // a guard: a runaway search shows as "unknown"
  const prover::Solution s = prover::solve(game, options);
  std::vector<std::string> keys;
  for (const auto& k : s.keys) keys.push_back(fmt::format("{}:{}", k.uci, k.mate_in));
  std::sort(keys.begin(), keys.end());
  std::string joined;
  for (const auto& k : keys) joined += (joined.empty() ? "" : ";") + k;
  return {p.file, p.stipulation, std::string(prover::verdict_name(s.verdict)), joined.empty() ? "-" : joined, s.nodes};
}

}  // namespace

TEST_CASE("the prover's verdicts, keys and node counts on the whole corpus equal the record", "[record][prover][corpus]") {
  const auto corpus = orthodox_corpus();
  if (std::getenv("ARBITER_UPDATE_RECORD")) {
    std::ofstream out(record_path());
    out << "# written by ARBITER_UPDATE_RECORD=1 arbiter_tests_corpus \"[record]\" (tests/corpus/prover_record_test.cpp)\n"
           "file\tstipulation\tverdict\tkeys (uci:length)\tnodes\n";
    for (const auto& p : corpus) {
      const RecordRow r = solve_row(p);
      out << r.file << '\t' << r.stipulation << '\t' << r.verdict << '\t' << r.keys << '\t' << r.nodes << '\n';
    }
    REQUIRE(out.good());
  }
  const auto record = read_record();
  REQUIRE(record.size() == corpus.size());
  std::size_t checked = 0;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    const RecordRow& want = record[i];
    REQUIRE(want.file == corpus[i].file);
    if (SanitizerNodeCap && want.nodes > SanitizerNodeCap) continue;
    const RecordRow got = solve_row(corpus[i]);
    INFO(want.file);
    CHECK(got.verdict == want.verdict);
    CHECK(got.keys == want.keys);
    CHECK(got.nodes == want.nodes);
    ++checked;
  }
  CHECK(checked >= (SanitizerNodeCap ? 200u : corpus.size()));
}

TEST_CASE("the record's key sets are Popeye's", "[record][prover][corpus]") {
  // The record is only worth checking against if it is right: its keys must be the keys
  // Popeye printed (the corpus's MANIFEST), the problems without a solution refuted.
  const auto corpus = orthodox_corpus();
  const auto record = read_record();
  REQUIRE(record.size() == corpus.size());
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    INFO(record[i].file);
    CHECK(record[i].verdict == (corpus[i].popeye_keys.empty() ? "refuted" : "proved"));
    const std::size_t recorded = record[i].keys == "-" ? 0 : split(record[i].keys, ';').size();
    CHECK(recorded == corpus[i].popeye_keys.size());
  }
}
