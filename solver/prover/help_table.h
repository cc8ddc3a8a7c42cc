#pragma once
// The helpmate search's transposition table: "no solution within p plies from this position"
// (the only fact the search caches; see help_search.h), one 64-bit word per entry.
//
// Layout: buckets of 8 words, one 64-byte cache line each, so a probe costs one cache miss.
// A word holds the key's bits 8..63 and p in its low 8 bits (p >= 1, so a used word is never
// 0); the bucket index is the key's low bits, at least 10 of them (a table has at least 1024
// buckets), so index and word together hold the whole 64-bit key: a hit is a match of the
// full key, as in a table that stores the key itself.
// Replacement is depth-preferred: a store goes to the entry of the same key (keeping the
// larger p: "none within p" implies "none within p' <= p"), else to an empty word, else over
// the entry with the smallest p, the cheapest to recompute.
// Memory: at most the size given (table_memory.h), of which a part in use that starts at 1 MB
// and doubles as the searches fill it (table_growth.h; the bucket index is the key under the
// growing mask, and a match is still on the whole key since the mask never has fewer than 10
// bits).

#include <atomic>
#include <cstdint>

#include "solver/prover/table_growth.h"
#include "solver/prover/table_memory.h"

namespace arbiter::prover {

class HelpTable {
 public:
  explicit HelpTable(std::size_t megabytes)
      : memory_(table_bytes(megabytes)), words_(memory_.as<std::uint64_t>()), growth_(memory_.bytes() / 64, InitialBuckets, 4) {}
  void clear() {
    memory_.clear();
    growth_.reset(InitialBuckets);
  }
  // Word fills (see store_loss) reported in batches; the part in use grows by them.
  void note_fills(std::size_t words) { growth_.note_fills(words); }
  std::size_t buckets_in_use() const { return growth_.in_use(); }

  // Is "no solution within p plies" known for this key (for some p' >= p)?
  // A hint that `key` will be probed soon (no effect on results).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(bucket(key)); }

  bool loss(std::uint64_t key, int p) const {
    std::uint64_t* b = bucket(key);
    const std::uint64_t tag = key & ~std::uint64_t(0xFF);
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t w = word(b[i]).load(std::memory_order_relaxed);
      if ((w & ~std::uint64_t(0xFF)) == tag && w != 0) return int(w & 0xFF) >= p;
    }
    return false;
  }

  // Returns true when the fact went into an empty word (a fill).
  bool store_loss(std::uint64_t key, int p) {
    if (p < 1 || p > 255) return false;
    std::uint64_t* b = bucket(key);
    const std::uint64_t tag = key & ~std::uint64_t(0xFF);
    int victim = 0, victim_p = 256;
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t w = word(b[i]).load(std::memory_order_relaxed);
      if (w == 0) {
        if (victim_p > -1) victim = i, victim_p = -1;  // an empty word beats any entry
        continue;
      }
      if ((w & ~std::uint64_t(0xFF)) == tag) {
        if (int(w & 0xFF) < p) word(b[i]).store(tag | std::uint64_t(p), std::memory_order_relaxed);
        return false;
      }
      const int q = int(w & 0xFF);
      if (q < victim_p) victim = i, victim_p = q;
    }
    word(b[victim]).store(tag | std::uint64_t(p), std::memory_order_relaxed);
    return victim_p == -1;
  }

 private:
  std::uint64_t* bucket(std::uint64_t key) const { return words_ + (key & growth_.mask()) * 8; }
  // Threads share a table: each word is read and written whole (a word is a complete entry,
  // so a race can lose a store but never mix two).
  static std::atomic_ref<std::uint64_t> word(std::uint64_t& w) { return std::atomic_ref<std::uint64_t>(w); }

  static std::size_t table_bytes(std::size_t megabytes) {
    std::size_t bytes = std::size_t(64) * 1024;  // at least 1024 buckets
    while (bytes * 2 <= megabytes * 1024 * 1024) bytes *= 2;
    return bytes;
  }

  static constexpr std::size_t InitialBuckets = std::size_t(1) << 14;  // 1 MB

  TableMemory memory_;
  std::uint64_t* words_;
  TableGrowth growth_;
};

}  // namespace arbiter::prover
