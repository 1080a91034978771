#include "tt.h"

#include <algorithm>

namespace dc::detail {

void TranspositionTable::resize(size_t mb) {
  mb = std::clamp<size_t>(mb, 1, 1024);
  size_t n = 1;
  while (n * 2 * sizeof(TTEntry) <= mb * 1024 * 1024) n *= 2;
  table_.assign(n, TTEntry{});
  mask_ = n - 1;
}

void TranspositionTable::clear() {
  std::fill(table_.begin(), table_.end(), TTEntry{});
  gen_ = 0;
}

void TranspositionTable::store(uint64_t key, int depth, int score, Bound b, Move m, int ply) {
  TTEntry& e = table_[key & mask_];
  const uint8_t egen = e.bound_gen >> 2;
  if (e.key != key || depth >= e.depth - 2 || egen != gen_ || b == BOUND_EXACT) {
    if (m.is_none() && e.key == key) m = Move::from_raw(e.move);
    e.key = key;
    e.move = m.raw();
    e.score = int16_t(score_to_tt(score, ply));
    e.depth = int8_t(std::clamp(depth, -1, 127));
    e.bound_gen = uint8_t(b | (gen_ << 2));
  }
}

}  // namespace dc::detail
