// Large tables of the search (internal to core/search) whose memory comes zeroed from the
// system and is cleared in chunks that look at a stop flag between them.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#define DC_ZEROED_MMAP 1
#endif

namespace dc::detail {

// An array of n T, all bytes zero when made. The system gives a large block as pages it
// zeroes when they are first touched, so making a table costs nothing until the search
// writes to it; clear() zeroes it again one chunk (1 MB) at a time. On Linux a large
// table is mapped on 2 MB boundaries and offered huge pages (the search reads it at
// random: with 4 KB pages nearly every probe would also miss the address cache).
template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  ZeroedArray() = default;
  explicit ZeroedArray(size_t n) { resize(n); }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { release(); }
  // n zeroed elements (the old ones are dropped).
  void resize(size_t n) {
    release();
    allocate(std::max<size_t>(n, 1) * sizeof(T));
    n_ = n;
  }
  // Zeroes every element; false when `stop` was set before the last chunk (the rest is
  // then left as it was).
  bool clear(const std::atomic<bool>* stop = nullptr) {
    constexpr size_t CHUNK = std::max<size_t>(1, (size_t(1) << 20) / sizeof(T));
    for (size_t i = 0; i < n_; i += CHUNK) {
      if (stop && stop->load(std::memory_order_relaxed)) return false;
      std::memset(static_cast<void*>(p_ + i), 0, std::min(CHUNK, n_ - i) * sizeof(T));
    }
    return true;
  }
  size_t size() const { return n_; }
  T& operator[](size_t i) { return p_[i]; }
  const T& operator[](size_t i) const { return p_[i]; }

 private:
  static constexpr size_t HUGE_PAGE = size_t(2) << 20;
  void allocate(size_t bytes) {
#ifdef DC_ZEROED_MMAP
    if (bytes >= HUGE_PAGE) {
      map_bytes_ = bytes + HUGE_PAGE;  // room to start on a 2 MB boundary
      map_ = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (map_ == MAP_FAILED) {
        map_ = nullptr;
        throw std::bad_alloc();
      }
      const uintptr_t start = (reinterpret_cast<uintptr_t>(map_) + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
      p_ = reinterpret_cast<T*>(start);
      madvise(p_, bytes, MADV_HUGEPAGE);  // a hint: without huge pages it works the same
      return;
    }
#endif
    p_ = static_cast<T*>(std::calloc(1, bytes));
    if (!p_) throw std::bad_alloc();
  }
  void release() {
#ifdef DC_ZEROED_MMAP
    if (map_) {
      munmap(map_, map_bytes_);
      map_ = nullptr;
      p_ = nullptr;
    }
#endif
    std::free(p_);
    p_ = nullptr;
    n_ = 0;
  }
  T* p_ = nullptr;
  size_t n_ = 0;
#ifdef DC_ZEROED_MMAP
  void* map_ = nullptr;  // the mapping p_ lies in, when it is one
  size_t map_bytes_ = 0;
#endif
};

}  // namespace dc::detail
