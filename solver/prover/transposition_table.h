#pragma once
// Transposition table for mate search: mate-distance bounds, shared by every thread.
//
// For a position (attacker or defender to move; the keys differ by the side to move) it
// records the two facts that are monotone in the remaining depth n:
//   win_at  - the smallest n for which a forced mate in <= n moves is proved (so any n >= win_at wins),
//   loss_at - the largest n for which no forced mate in <= n exists (so any n <= loss_at fails).
// A bound proved at one depth answers every other depth it covers: "mate in 3" answers the
// searches for 3, 4, 5...; "no mate in 4" answers 1..4. Both bounds live in one entry, so a
// position proved lost at 2 and won at 5 answers 1, 2 and 5+ and is searched only at 3 and 4.
//
// Threads share one table without locks. An entry is two 64-bit words, the key XOR the data
// and the data, each written atomically: a torn entry (two threads storing at once) fails the
// key check and reads as empty. Every stored fact is proved, so a lost update only costs time.
//
// Memory: at most the size given (table_memory.h), of which a part in use that starts at 1 MB
// and doubles as the searches fill it (table_growth.h); within it, a store replaces whatever
// was there.

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "solver/prover/table_growth.h"
#include "solver/prover/table_memory.h"

namespace arbiter::prover {

// The table's largest size when none is given: a sixteenth of the machine's memory, between 64
// MB and 4 GB. The table starts small and grows towards it as the search fills it (see grow()),
// so a short search touches little memory: first touches of fresh pages are what a large
// table costs (zeroing them), and on the problems of the corpus they cost more than a bigger
// table saves.
inline std::size_t default_hash_megabytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 64;
  const std::size_t machine = std::size_t(pages) / 1024 * std::size_t(page) / 1024;  // MB
  std::size_t mb = 64;
  while (mb * 2 <= std::min<std::size_t>(4096, machine / 16)) mb *= 2;
  return mb;
}

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes)
      : memory_(table_bytes(megabytes)), table_(memory_.as<Entry>()), growth_(memory_.bytes() / sizeof(Entry), InitialEntries) {}

  enum class Probe { Unknown, Win, Loss };

  Probe probe(std::uint64_t key, int n) const {
    const Data d = load(key);
    if (d.win_at && d.win_at <= n) return Probe::Win;
    if (d.loss_at >= n) return Probe::Loss;
    return Probe::Unknown;
  }

  // Returns true when the entry was empty or held another position (a fill: see note_fills).
  bool store(std::uint64_t key, int n, bool win) {
    Data d = load(key);
    const bool fill = !d.win_at && !d.loss_at;
    if (win) d.win_at = std::uint8_t(d.win_at ? std::min<int>(d.win_at, n) : n);
    else d.loss_at = std::uint8_t(std::max<int>(d.loss_at, n));
    const std::uint64_t data = std::uint64_t(d.win_at) | std::uint64_t(d.loss_at) << 8;
    Entry& e = table_[key & growth_.mask()];
    std::atomic_ref<std::uint64_t>(e.data).store(data, std::memory_order_relaxed);
    std::atomic_ref<std::uint64_t>(e.check).store(key ^ data, std::memory_order_relaxed);
    return fill;
  }

  // Fills (see store) reported in batches of TableGrowth::Batch; the part in use grows by them.
  void note_fills(std::size_t count) { growth_.note_fills(count); }
  std::size_t entries_in_use() const { return growth_.in_use(); }

  std::size_t bytes() const { return memory_.bytes(); }

 private:
  static std::size_t table_bytes(std::size_t megabytes) {
    std::size_t entries = 1;
    while (entries * 2 * sizeof(Entry) <= megabytes * 1024 * 1024) entries *= 2;
    return entries * sizeof(Entry);
  }

  struct Entry {  // all-zero means empty, which is what fresh pages give
    std::uint64_t check;  // key ^ data
    std::uint64_t data;   // win_at | loss_at << 8
  };
  struct Data {
    std::uint8_t win_at = 0;   // 0: no win proved
    std::uint8_t loss_at = 0;  // 0: no loss proved
  };

  // The entry's bounds when it holds `key` (and was not torn by two writers), else none.
  Data load(std::uint64_t key) const {
    Entry& e = table_[key & growth_.mask()];
    const std::uint64_t data = std::atomic_ref<std::uint64_t>(e.data).load(std::memory_order_relaxed);
    const std::uint64_t check = std::atomic_ref<std::uint64_t>(e.check).load(std::memory_order_relaxed);
    if ((check ^ data) != key) return {};
    return {std::uint8_t(data & 0xFF), std::uint8_t(data >> 8 & 0xFF)};
  }

  static constexpr std::size_t InitialEntries = std::size_t(1) << 16;  // 1 MB

  TableMemory memory_;
  Entry* table_;
  TableGrowth growth_;
};

}  // namespace arbiter::prover
