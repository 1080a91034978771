// Scores of the search (internal to core/search): the bounds, mate scores and how a mate
// score reads as "mate in N".
#pragma once

#include <cstdint>
#include <cstdlib>

namespace dc::detail {

constexpr int INF = 32500;
constexpr int MATE = 32000;
constexpr int MAX_PLY = 128;
constexpr int MATE_BOUND = MATE - 2 * MAX_PLY;  // scores beyond this are mates

// A score as reported: centipawns, and whether it is a mate and in how many moves
// (negative: the side to move is mated).
inline void fill_score(int score, int& cp, bool& is_mate, int& mate_in) {
  cp = score;
  is_mate = std::abs(score) >= MATE_BOUND;
  mate_in = 0;
  if (is_mate) mate_in = score > 0 ? (MATE - score + 1) / 2 : -((MATE + score) / 2);
}

inline uint64_t splitmix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace dc::detail
