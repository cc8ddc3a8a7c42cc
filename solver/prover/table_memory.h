#pragma once
// Memory for the search tables: anonymous pages that the system zeroes on first touch (a small
// search never pays for a large table; a zero word is an empty entry), advised as transparent
// huge pages where the system has them: probes are random, and with 4 KiB pages nearly every
// probe of a large search would also fault and miss the TLB.

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::prover {

class TableMemory {
 public:
  explicit TableMemory(std::size_t bytes) : bytes_(bytes) {
#if defined(__linux__)
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
#else
    void* p = std::calloc(bytes, 1);
    if (!p) throw std::bad_alloc();
#endif
    data_ = p;
  }
  ~TableMemory() {
#if defined(__linux__)
    munmap(data_, bytes_);
#else
    std::free(data_);
#endif
  }
  TableMemory(const TableMemory&) = delete;
  TableMemory& operator=(const TableMemory&) = delete;

  // Every byte zero again (the pages are handed back and fault in fresh).
  void clear() {
#if defined(__linux__) && defined(MADV_DONTNEED)
    madvise(data_, bytes_, MADV_DONTNEED);
#else
    std::memset(data_, 0, bytes_);
#endif
  }

  template <class T>
  T* as() const { return static_cast<T*>(data_); }
  std::size_t bytes() const { return bytes_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace arbiter::prover
