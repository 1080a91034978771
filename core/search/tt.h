// The transposition table of the search (internal to core/search): clusters of three
// 10-byte entries (32 bytes with padding, two to a cache line), replaced by depth and age,
// with a generation per search (as Stockfish's).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "../status.h"
#include "../types.h"
#include "score.h"
#include "zeroed.h"

namespace dc::detail {

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTEntry {
  uint16_t key16;  // the key's top 16 bits (its low bits chose the cluster)
  uint16_t move_lo, move_hi;
  int16_t score;  // mate scores as the distance from this node
  int8_t depth;
  uint8_t gen_bound;  // bits 0-1 bound, 2-7 the search's generation
  Bound bound() const { return Bound(gen_bound & 3); }
  Move move() const { return Move::from_raw(uint32_t(move_lo) | uint32_t(move_hi) << 16); }
};
static_assert(sizeof(TTEntry) == 10);

// Mate scores are stored as the distance from the node, not from the root.
inline int score_to_tt(int s, int ply) { return s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s; }
// ... and read back at `ply` in a position whose quiet-move counter is `quiet`: a mate
// that needs more plies than the quiet-move rule leaves (its moves may all be quiet) is
// no sure mate there, only a big advantage (Stockfish's value_from_tt).
inline int score_from_tt(int s, int ply, int quiet) {
  if (s >= MATE_BOUND) return MATE - s > QUIET_MOVE_LIMIT - quiet ? MATE_BOUND - 1 : s - ply;
  if (s <= -MATE_BOUND) return MATE + s > QUIET_MOVE_LIMIT - quiet ? -MATE_BOUND + 1 : s + ply;
  return s;
}

class TranspositionTable {
 public:
  void resize(size_t mb);  // 1..1024 MB (a power of two clusters), all empty
  // Empties every entry, one chunk at a time; false when `stop` was set first (then part
  // of the table is left as it was).
  bool clear(const std::atomic<bool>* stop = nullptr);
  void new_search() { gen_ = uint8_t((gen_ + 1) & 63); }
  // The entry of this key, or nullptr.
  const TTEntry* probe(uint64_t key) const {
    const Cluster& c = table_[key & mask_];
    const uint16_t k = uint16_t(key >> 48);
    for (const TTEntry& e : c.entry)
      if (e.key16 == k && e.bound() != BOUND_NONE) return &e;
    return nullptr;
  }
  void store(uint64_t key, int depth, int score, Bound b, Move m, int ply);
  // Asks the processor to fetch this key's cluster ahead of its probe (a hint only).
  void prefetch(uint64_t key) const { __builtin_prefetch(&table_[key & mask_]); }

 private:
  struct Cluster {
    TTEntry entry[3];
    char padding[2];
  };
  static_assert(sizeof(Cluster) == 32);
  ZeroedArray<Cluster> table_;  // all-zero bytes: an empty cluster
  uint64_t mask_ = 0;
  uint8_t gen_ = 0;
};

}  // namespace dc::detail
