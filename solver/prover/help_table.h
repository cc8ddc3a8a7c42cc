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
// Memory: anonymous pages that the system zeroes on first touch (a small search never pays
// for a large table), asked for as transparent huge pages where the system has them: probes
// are random, and with 4 KiB pages nearly every probe would also miss the TLB.

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::prover {

class HelpTable {
 public:
  explicit HelpTable(std::size_t megabytes) {
    std::size_t bytes = std::size_t(64) * 1024;  // at least 1024 buckets
    while (bytes * 2 <= megabytes * 1024 * 1024) bytes *= 2;
    bytes_ = bytes;
#if defined(__linux__)
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
#else
    void* p = std::calloc(bytes / 64, 64);
    if (!p) throw std::bad_alloc();
#endif
    words_ = static_cast<std::uint64_t*>(p);
    buckets_ = bytes / 64;
    mask_ = buckets_ - 1;
  }
  void clear() {
#if defined(__linux__) && defined(MADV_DONTNEED)
    madvise(words_, bytes_, MADV_DONTNEED);  // private anonymous pages read as zero again
#else
    std::memset(words_, 0, bytes_);
#endif
  }

  ~HelpTable() {
#if defined(__linux__)
    munmap(words_, bytes_);
#else
    std::free(words_);
#endif
  }
  HelpTable(const HelpTable&) = delete;
  HelpTable& operator=(const HelpTable&) = delete;

  // Is "no solution within p plies" known for this key (for some p' >= p)?
  // A hint that `key` will be probed soon (no effect on results).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(bucket(key)); }

  bool loss(std::uint64_t key, int p) const {
    const std::uint64_t* b = bucket(key);
    const std::uint64_t tag = key & ~std::uint64_t(0xFF);
    for (int i = 0; i < 8; ++i)
      if ((b[i] & ~std::uint64_t(0xFF)) == tag && b[i] != 0) return int(b[i] & 0xFF) >= p;
    return false;
  }

  void store_loss(std::uint64_t key, int p) {
    if (p < 1 || p > 255) return;
    std::uint64_t* b = bucket(key);
    const std::uint64_t tag = key & ~std::uint64_t(0xFF);
    int victim = 0, victim_p = 256;
    for (int i = 0; i < 8; ++i) {
      if (b[i] == 0) {
        if (victim_p > -1) victim = i, victim_p = -1;  // an empty word beats any entry
        continue;
      }
      if ((b[i] & ~std::uint64_t(0xFF)) == tag) {
        if (int(b[i] & 0xFF) < p) b[i] = tag | std::uint64_t(p);
        return;
      }
      const int q = int(b[i] & 0xFF);
      if (q < victim_p) victim = i, victim_p = q;
    }
    b[victim] = tag | std::uint64_t(p);
  }

 private:
  const std::uint64_t* bucket(std::uint64_t key) const { return words_ + (key & mask_) * 8; }
  std::uint64_t* bucket(std::uint64_t key) { return words_ + (key & mask_) * 8; }

  std::uint64_t* words_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t buckets_ = 0;
  std::size_t mask_ = 0;
};

}  // namespace arbiter::prover
