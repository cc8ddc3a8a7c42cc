#pragma once
// The restore benchmark (issue #17): sound problems damaged at random by 1 to 3 edits (seeded,
// correct/damage.h), each handed with its published key (and lines, for PGN problems) to the
// correction search, which looks for a sound version up to the damage's cost. A version need
// not be the original diagram. Counted: how often a version is found, at which cost, and the
// time to it.
//
// Problems: a corpus folder with a MANIFEST.tsv (file, fen, stipulation, popeye_keys: the
// orthodox direct mates of ../shared/corpus/orthodox-problems; rows with one key, #2 and #3) or
// a folder of PGN problem files (direct mates with a published solution, any rule set the
// correction search serves). Only problems whose original is sound by our own judgement are
// damaged: an unsound original has no sound version to restore.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter {

struct RestoreBenchOptions {
  int count = 100;                  // problems per damage size
  std::vector<int> sizes{1, 2, 3};  // damage sizes (edits)
  std::uint64_t seed = 1;
  double max_seconds = 60;          // per correction search
  std::uint64_t candidate_nodes = 2'000'000;
  int threads = 2;
};

struct RestoreBenchRow {
  std::string problem, stipulation, original_fen, damaged_fen, key;
  int size = 0;
  std::vector<std::string> damage;  // the edits that made the damage
  bool found = false;
  int cost = 0;                     // of the version found
  std::vector<std::string> version_changes;
  std::string version_fen;
  bool cheapest_proved = false;
  std::string limit;
  long long judged = 0;
  double seconds = 0;
};

struct RestoreBenchSummary {
  int size = 0, problems = 0, found = 0, still_sound = 0, stopped = 0;
  std::vector<int> by_cost;  // versions found at cost 0, 1, ...
  double median_seconds_found = 0, median_seconds_all = 0;
};

std::vector<RestoreBenchRow> run_restore_bench(const std::string& folder, const RestoreBenchOptions& options,
                                               const std::function<void(int done, int total, const std::string&)>& progress);
std::vector<RestoreBenchSummary> summarise_restore_bench(const std::vector<RestoreBenchRow>& rows);
nlohmann::ordered_json restore_row_json(const RestoreBenchRow& row);
nlohmann::ordered_json restore_summary_json(const RestoreBenchSummary& s);

}  // namespace arbiter
