#include "tt.h"

#include <algorithm>

namespace dc::detail {

void TranspositionTable::resize(size_t mb) {
  mb = std::clamp<size_t>(mb, 1, 1024);
  size_t n = 1;
  while (n * 2 * sizeof(Cluster) <= mb * 1024 * 1024) n *= 2;
  table_.resize(n);
  mask_ = n - 1;
}

bool TranspositionTable::clear(const std::atomic<bool>* stop) {
  if (!table_.clear(stop)) return false;
  gen_ = 0;
  return true;
}

void TranspositionTable::store(uint64_t key, int depth, int score, Bound b, Move m, int ply) {
  Cluster& c = table_[key & mask_];
  const uint16_t k = uint16_t(key >> 48);
  // This key's entry if it has one, else the least worth keeping: an empty one, else
  // the shallowest, 8 plies of depth counting as one search of age.
  TTEntry* e = &c.entry[0];
  int worst = 1 << 30;
  for (TTEntry& x : c.entry) {
    if (x.key16 == k || x.bound() == BOUND_NONE) {
      e = &x;
      break;
    }
    const int age = ((gen_ - (x.gen_bound >> 2)) & 63);
    const int worth = x.depth - 8 * age;
    if (worth < worst) {
      worst = worth;
      e = &x;
    }
  }
  const bool same = e->key16 == k && e->bound() != BOUND_NONE;
  // The same position: kept when it is deeper by more than 2 plies from this search,
  // unless this result is exact; its move kept when this one has none.
  if (same && b != BOUND_EXACT && depth < e->depth - 2 && (e->gen_bound >> 2) == gen_) return;
  if (m.is_none() && same) m = e->move();
  e->key16 = k;
  e->move_lo = uint16_t(m.raw());
  e->move_hi = uint16_t(m.raw() >> 16);
  e->score = int16_t(score_to_tt(score, ply));
  e->depth = int8_t(std::clamp(depth, -1, 127));
  e->gen_bound = uint8_t(b | (gen_ << 2));
}

}  // namespace dc::detail
