// Sets of squares as bits (288 squares, three levels of 96). Each level takes two
// 64-bit words: squares 0-63 of the level in the first, 64-95 in the low bits of the
// second. A slide never leaves its level, so the first piece on a ray is the lowest or
// highest set bit of two words (ray_blocker).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "types.h"

namespace dc {

// Where each square's bit is: its word and its place in the word.
struct SquareBit {
  uint8_t word, shift;
};
inline constexpr std::array<SquareBit, SQUARE_NB> SQUARE_BITS = [] {
  std::array<SquareBit, SQUARE_NB> a{};
  for (int s = 0; s < SQUARE_NB; ++s)
    a[s] = {uint8_t(2 * (s / SQUARES_PER_LEVEL) + (s % SQUARES_PER_LEVEL >= 64)), uint8_t(s % SQUARES_PER_LEVEL & 63)};
  return a;
}();

struct Bitboard {
  static constexpr int WORDS = 2 * LEVELS;
  uint64_t w[WORDS]{};

  static constexpr int word_of(Square s) { return SQUARE_BITS[s].word; }
  static constexpr uint64_t bit_of(Square s) { return uint64_t(1) << SQUARE_BITS[s].shift; }
  static constexpr Square square_at(int word, int bit) {
    return Square(word / 2 * SQUARES_PER_LEVEL + (word & 1) * 64 + bit);
  }

  constexpr void set(Square s) { w[word_of(s)] |= bit_of(s); }
  constexpr void reset(Square s) { w[word_of(s)] &= ~bit_of(s); }
  constexpr void toggle(Square s) { w[word_of(s)] ^= bit_of(s); }
  constexpr bool test(Square s) const { return (w[word_of(s)] & bit_of(s)) != 0; }

  constexpr bool any() const { return (w[0] | w[1] | w[2] | w[3] | w[4] | w[5]) != 0; }
  constexpr int count() const {
    int n = 0;
    for (uint64_t x : w) n += std::popcount(x);
    return n;
  }
  constexpr Bitboard operator&(const Bitboard& o) const {
    Bitboard r;
    for (int i = 0; i < WORDS; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  constexpr Bitboard operator|(const Bitboard& o) const {
    Bitboard r;
    for (int i = 0; i < WORDS; ++i) r.w[i] = w[i] | o.w[i];
    return r;
  }
  // The squares of this set that are not in o.
  constexpr Bitboard minus(const Bitboard& o) const {
    Bitboard r;
    for (int i = 0; i < WORDS; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  // Every square moved one level up (level 3 falls off) / down (level 1 falls off).
  constexpr Bitboard up() const { return Bitboard{{0, 0, w[0], w[1], w[2], w[3]}}; }
  constexpr Bitboard down() const { return Bitboard{{w[2], w[3], w[4], w[5], 0, 0}}; }

  // Whether pred(square) holds for some square of the set (tried in increasing order,
  // stopping at the first).
  template <class Pred>
  constexpr bool any_of(Pred&& pred) const {
    for (int i = 0; i < WORDS; ++i)
      for (uint64_t x = w[i]; x; x &= x - 1)
        if (pred(square_at(i, std::countr_zero(x)))) return true;
    return false;
  }
  // Calls f(square) for each square of the set, in increasing order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int i = 0; i < WORDS; ++i)
      for (uint64_t x = w[i]; x; x &= x - 1) f(square_at(i, std::countr_zero(x)));
  }
};

// Every square (the unused high bits of each level's second word clear).
inline constexpr Bitboard ALL_SQUARES{{~uint64_t(0), (uint64_t(1) << 32) - 1, ~uint64_t(0), (uint64_t(1) << 32) - 1,
                                       ~uint64_t(0), (uint64_t(1) << 32) - 1}};

// The two words of one level as one 128-bit number, shifted left by `left` and then
// right by `right` places (one of the two 0, both under 64): no branch on the direction.
// (x >> 1 >> (63 - n) is x >> (64 - n), defined for n = 0 too.)
inline void shift_level(uint64_t& lo, uint64_t& hi, unsigned left, unsigned right) {
  hi = hi << left | lo >> 1 >> (63 - left);
  lo <<= left;
  lo = lo >> right | hi << 1 << (63 - right);
  hi >>= right;
}

// Squares of one level: the two words of that level.
struct LevelSet {
  uint64_t lo = 0, hi = 0;
  uint8_t word = 0;  // the level's first word
  // Whether pred holds for a square of the set that is in `within`.
  template <class Pred>
  bool any_of(const Bitboard& within, Pred&& pred) const {
    for (int k = 0; k < 2; ++k)
      for (uint64_t x = (k ? hi : lo) & within.w[word + k]; x; x &= x - 1)
        if (pred(Bitboard::square_at(word + k, std::countr_zero(x)))) return true;
    return false;
  }
  template <class F>
  void for_each(const Bitboard& within, F&& f) const {
    any_of(within, [&](Square s) { return f(s), false; });
  }
};

// A slide line of one level as a bit mask: its squares (the two words of its level)
// and whether the squares run up (increasing square numbers) from the mover.
struct RayMask {
  uint64_t lo = 0, hi = 0;
  uint8_t word = 0;  // the level's first word
  bool up = true;
};

// The first occupied square of a ray that runs up / down, or SQ_NONE.
inline Square ray_blocker_up(const RayMask& r, const Bitboard& occupied) {
  const uint64_t lo = r.lo & occupied.w[r.word], hi = r.hi & occupied.w[r.word + 1];
  const int i = lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi);  // 128: none
  return i < SQUARES_PER_LEVEL ? Square(r.word / 2 * SQUARES_PER_LEVEL + i) : SQ_NONE;
}
inline Square ray_blocker_down(const RayMask& r, const Bitboard& occupied) {
  const uint64_t lo = r.lo & occupied.w[r.word], hi = r.hi & occupied.w[r.word + 1];
  const int i = hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(lo);  // -1: none
  return i >= 0 ? Square(r.word / 2 * SQUARES_PER_LEVEL + i) : SQ_NONE;
}

inline Square ray_blocker(const RayMask& r, const Bitboard& occupied) {
  return r.up ? ray_blocker_up(r, occupied) : ray_blocker_down(r, occupied);
}

// The squares of the ray up to and including its first occupied square (all of them
// when it is empty), as the two words of its level; for a ray that runs up, and one
// that runs down. (Selections rather than branches on the board: those would be
// unpredictable.)
struct RayReach {
  uint64_t lo, hi;
};
inline RayReach ray_reach_up(const RayMask& r, const Bitboard& occupied) {
  const uint64_t lo = r.lo & occupied.w[r.word], hi = r.hi & occupied.w[r.word + 1];
  // Up to the lowest set bit: (bit << 1) - 1 keeps it and everything below (and
  // everything when there is no bit).
  const uint64_t keep_lo = lo ? ((lo & (0 - lo)) << 1) - 1 : ~uint64_t(0);
  const uint64_t keep_hi = lo ? 0 : ((hi & (0 - hi)) << 1) - 1;
  return {r.lo & keep_lo, r.hi & keep_hi};
}
inline RayReach ray_reach_down(const RayMask& r, const Bitboard& occupied) {
  const uint64_t lo = r.lo & occupied.w[r.word], hi = r.hi & occupied.w[r.word + 1];
  // Down to the highest set bit (bit 0 of the level stands in when there is none).
  const uint64_t from = ~uint64_t(0) << (hi ? 63 - std::countl_zero(hi) : 63 - std::countl_zero(lo | 1));
  return {r.lo & (hi ? 0 : from), r.hi & (hi ? from : ~uint64_t(0))};
}

// The union of ray_reach over a piece's rays (the first up_count of them run up, the
// rest down), as the two words of their level: rays of one piece never leave its level.
inline RayReach rays_reach(std::span<const RayMask> rays, size_t up_count, const Bitboard& occupied) {
  uint64_t lo = 0, hi = 0;
  for (size_t i = 0; i < up_count; ++i) {
    const RayReach r = ray_reach_up(rays[i], occupied);
    lo |= r.lo;
    hi |= r.hi;
  }
  for (size_t i = up_count; i < rays.size(); ++i) {
    const RayReach r = ray_reach_down(rays[i], occupied);
    lo |= r.lo;
    hi |= r.hi;
  }
  return {lo, hi};
}

}  // namespace dc
