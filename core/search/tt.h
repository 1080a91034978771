// The transposition table of the search (internal to core/search): one entry per index,
// replaced unless it holds a deeper result of the same position from this search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../types.h"
#include "score.h"

namespace dc::detail {

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTEntry {
  uint64_t key;
  uint32_t move;
  int16_t score;
  int8_t depth;
  uint8_t bound_gen;  // bits 0-1 bound, 2-7 generation
  Bound bound() const { return Bound(bound_gen & 3); }
};
static_assert(sizeof(TTEntry) == 16);

// Mate scores are stored as the distance from the node, not from the root.
inline int score_to_tt(int s, int ply) { return s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s; }
inline int score_from_tt(int s, int ply) { return s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s; }

class TranspositionTable {
 public:
  void resize(size_t mb);  // 1..1024 MB (a power of two entries)
  void clear();
  void new_search() { gen_ = uint8_t((gen_ + 1) & 63); }
  // The entry of this key, or nullptr.
  const TTEntry* probe(uint64_t key) const {
    const TTEntry& e = table_[key & mask_];
    return e.key == key ? &e : nullptr;
  }
  void store(uint64_t key, int depth, int score, Bound b, Move m, int ply);

 private:
  std::vector<TTEntry> table_;
  uint64_t mask_ = 0;
  uint8_t gen_ = 0;
};

}  // namespace dc::detail
