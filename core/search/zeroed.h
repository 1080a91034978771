// Large tables of the search (internal to core/search) whose memory comes zeroed from the
// system and is cleared in chunks that look at a stop flag between them.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#define DC_ZEROED_MMAP 1
#endif

namespace dc::detail {

// An array of n T, all bytes zero when made. The system gives a large block as pages it
// zeroes when they are first touched, so making a table costs nothing until the search
// writes to it; clear() zeroes it again one chunk (1 MB) at a time. On Linux a table of
// 2 MB or more is mapped on 2 MB boundaries and offered huge pages (the search reads it
// at random: with 4 KB pages nearly every read would also miss the address cache).
template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  ZeroedArray() = default;
  explicit ZeroedArray(size_t n) { resize(n); }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { release(block_); }
  // n zeroed elements (the old ones are dropped).
  void resize(size_t n) {
    release(std::exchange(block_, Block{}));
    n_ = 0;
    block_ = allocate(std::max<size_t>(n, 1) * sizeof(T));
    if (!block_.p) throw std::bad_alloc();
    n_ = n;
  }
  // Zeroes every element; false when `stop` was set before the last chunk (the rest is
  // then left as it was). A large table (a hash of hundreds of MB) is given back to the
  // system and taken anew, zeroed by it page by page as the search touches it: clearing it
  // costs nothing then (memset would touch every page at once: seconds for 1 GB). The
  // WebAssembly heap keeps freed memory, so there it is always zeroed in chunks.
  bool clear(const std::atomic<bool>* stop = nullptr) {
#ifndef __EMSCRIPTEN__
    if (n_ * sizeof(T) >= FRESH_BYTES) {
      if (const Block fresh = allocate(n_ * sizeof(T)); fresh.p) {
        release(std::exchange(block_, fresh));
        return true;
      }
    }
#endif
    constexpr size_t CHUNK = std::max<size_t>(1, (size_t(1) << 20) / sizeof(T));
    for (size_t i = 0; i < n_; i += CHUNK) {
      if (stop && stop->load(std::memory_order_relaxed)) return false;
      std::memset(static_cast<void*>(block_.p + i), 0, std::min(CHUNK, n_ - i) * sizeof(T));
    }
    return true;
  }
  size_t size() const { return n_; }
  T& operator[](size_t i) { return block_.p[i]; }
  const T& operator[](size_t i) const { return block_.p[i]; }

 private:
  static constexpr size_t FRESH_BYTES = size_t(64) << 20;  // above glibc's largest heap block: calloc maps new pages
  static constexpr size_t HUGE_PAGE = size_t(2) << 20;
  // The elements, and the mapping they lie in when they were mapped (else from calloc).
  struct Block {
    T* p = nullptr;
    void* map = nullptr;
    size_t map_bytes = 0;
  };
  // bytes zeroed bytes; p is nullptr when the system has no room.
  static Block allocate(size_t bytes) {
#ifdef DC_ZEROED_MMAP
    if (bytes >= HUGE_PAGE) {
      const size_t map_bytes = bytes + HUGE_PAGE;  // room to start on a 2 MB boundary
      void* map = mmap(nullptr, map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (map == MAP_FAILED) return {};
      T* p = reinterpret_cast<T*>((reinterpret_cast<uintptr_t>(map) + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1));
      madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without huge pages it works the same
      return {p, map, map_bytes};
    }
#endif
    return {static_cast<T*>(std::calloc(1, bytes))};
  }
  static void release(const Block& b) {
#ifdef DC_ZEROED_MMAP
    if (b.map) {
      munmap(b.map, b.map_bytes);
      return;
    }
#endif
    std::free(b.p);
  }
  Block block_;
  size_t n_ = 0;
};

}  // namespace dc::detail
