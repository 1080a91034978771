// Large tables of the search (internal to core/search) whose memory comes zeroed from the
// system and is cleared in chunks that look at a stop flag between them.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

namespace dc::detail {

// An array of n T, all bytes zero when made. calloc gives a large block as pages the system
// zeroes when they are first touched, so making a table costs nothing until the search
// writes to it; clear() zeroes it again one chunk (1 MB) at a time.
template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  ZeroedArray() = default;
  explicit ZeroedArray(size_t n) { resize(n); }
  // n zeroed elements (the old ones are dropped).
  void resize(size_t n) {
    p_.reset();
    p_.reset(static_cast<T*>(std::calloc(std::max<size_t>(n, 1), sizeof(T))));
    if (!p_) throw std::bad_alloc();
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
      if (T* fresh = static_cast<T*>(std::calloc(n_, sizeof(T)))) {
        p_.reset(fresh);
        return true;
      }
    }
#endif
    constexpr size_t CHUNK = std::max<size_t>(1, (size_t(1) << 20) / sizeof(T));
    for (size_t i = 0; i < n_; i += CHUNK) {
      if (stop && stop->load(std::memory_order_relaxed)) return false;
      std::memset(static_cast<void*>(p_.get() + i), 0, std::min(CHUNK, n_ - i) * sizeof(T));
    }
    return true;
  }
  size_t size() const { return n_; }
  T& operator[](size_t i) { return p_[i]; }
  const T& operator[](size_t i) const { return p_[i]; }

 private:
  static constexpr size_t FRESH_BYTES = size_t(64) << 20;  // above glibc's largest heap block: calloc maps new pages
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T[], Free> p_;
  size_t n_ = 0;
};

}  // namespace dc::detail
