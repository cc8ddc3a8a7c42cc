#pragma once
// Transposition table for mate search. For a position with the attacker to move it records
// the two facts that are monotone in the remaining depth n:
//   win_at  - the smallest n for which a forced mate in <= n moves is proved (so any n >= win_at wins),
//   loss_at - the largest n for which no forced mate in <= n exists (so any n <= loss_at fails).
// Memory is fixed at construction: the table replaces entries, it never grows.

#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>

namespace arbiter::prover {

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes) {
    std::size_t entries = 1;
    while (entries * 2 * sizeof(Entry) <= megabytes * 1024 * 1024) entries *= 2;
    // calloc hands out zero pages lazily, so a small search never pays for a large table.
    table_.reset(static_cast<Entry*>(std::calloc(entries, sizeof(Entry))));
    if (!table_) throw std::bad_alloc();
    size_ = entries;
    mask_ = entries - 1;
  }

  enum class Probe { Unknown, Win, Loss };

  Probe probe(std::uint64_t key, int n) const {
    const Entry& e = table_[key & mask_];
    if (e.key != key) return Probe::Unknown;
    if (e.win_at && e.win_at <= n) return Probe::Win;
    if (e.loss_at >= n) return Probe::Loss;
    return Probe::Unknown;
  }

  void store(std::uint64_t key, int n, bool win) {
    Entry& e = table_[key & mask_];
    if (e.key != key) e = Entry{key, 0, 0};
    if (win) e.win_at = std::uint8_t(e.win_at ? std::min<int>(e.win_at, n) : n);
    else e.loss_at = std::uint8_t(std::max<int>(e.loss_at, n));
  }

  std::size_t bytes() const { return size_ * sizeof(Entry); }

 private:
  struct Entry {  // all-zero means empty, which is what calloc gives
    std::uint64_t key;
    std::uint8_t win_at;   // 0: no win proved
    std::uint8_t loss_at;  // 0: no loss proved
  };
  struct Free {
    void operator()(Entry* p) const { std::free(p); }
  };
  std::unique_ptr<Entry[], Free> table_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
};

}  // namespace arbiter::prover
