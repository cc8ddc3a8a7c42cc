#pragma once
// The part of a search table in use, grown as the searches fill it. A table allocates its
// largest size (table_memory.h: pages cost nothing until touched) and indexes only the low
// part given by a mask; the searches report their fills in batches, and once the fills since
// the last growth reach half of the entries in use, the mask widens by one bit (up to the size
// allocated). A short search so touches a few pages, a long one gets the whole table.
//
// Why widening is safe: a fact stored under the old mask is found again when the new bit of
// its key is 0 and is otherwise lost, which costs time and never a wrong answer, as long as
// the table matches an entry on the whole key (both tables do; see their headers).

#include <algorithm>
#include <atomic>
#include <cstddef>

namespace arbiter::prover {

class TableGrowth {
 public:
  // `slots` allocated (a power of two), of which min(slots, initial) are in use at first; a
  // slot holds `entries_per_slot` entries (a bucket of several), and fills count entries.
  TableGrowth(std::size_t slots, std::size_t initial, std::size_t entries_per_slot = 1)
      : slots_(slots), per_slot_(entries_per_slot), mask_(std::min(slots, initial) - 1) {}

  std::size_t mask() const { return mask_.load(std::memory_order_relaxed); }
  std::size_t in_use() const { return mask() + 1; }

  // `count` entries that were empty (or held another position) got a fact.
  void note_fills(std::size_t count) {
    const std::size_t filled = fills_.fetch_add(count, std::memory_order_relaxed) + count;
    std::size_t mask = mask_.load(std::memory_order_relaxed);
    if (filled > (mask + 1) * per_slot_ / 2 && mask + 1 < slots_) {
      if (mask_.compare_exchange_strong(mask, mask * 2 + 1, std::memory_order_relaxed)) fills_ = 0;
    }
  }

  // Back to the initial part, for a table cleared to start afresh.
  void reset(std::size_t initial) {
    mask_ = std::min(slots_, initial) - 1;
    fills_ = 0;
  }

  // Fills counted by one search before it reports them, so that threads do not touch the
  // shared counter at every store.
  static constexpr std::size_t Batch = 1024;

 private:
  std::size_t slots_;
  std::size_t per_slot_;
  std::atomic<std::size_t> mask_;
  std::atomic<std::size_t> fills_{0};
};

}  // namespace arbiter::prover
