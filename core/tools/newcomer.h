// The newcomer model (the match runner's `newcomer`, the bottom of the level ladder in
// docs/figures.md): a player that knows the moves and nothing else. It takes the most
// valuable piece it can, with the cheapest of its pieces that can take it; with nothing
// to take it plays a random legal move. Ties are drawn at random from its seed, so the
// same seed plays the same moves. Values are Gygax's (GYGAX_VALUE_CP); a capture from
// afar is the Dragon's.
//
// The runner's `greedy` is the same without the cheapest taker (any piece that takes the
// most valuable one), kept for the figures measured against it.
#pragma once

#include <cstdint>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "search/score.h"

namespace dc {

class Newcomer {
 public:
  explicit Newcomer(uint64_t seed, bool cheapest_taker = true) : rng_(seed), cheapest_taker_(cheapest_taker) {}

  // Its move in pos (Move::none() when there is no legal move).
  Move choose(Position& pos) {
    const MoveList l = legal_moves(pos);
    if (l.size == 0) return Move::none();
    // The captures of the most valuable victim, and of those the cheapest takers.
    int best_victim = -1, best_taker = 0;
    std::vector<Move> picks;
    for (Move m : l) {
      if (!m.is_capture()) continue;
      const int victim = GYGAX_VALUE_CP[type_of(pos.at(m.to()))];
      const int taker = cheapest_taker_ ? -GYGAX_VALUE_CP[type_of(pos.at(m.from()))] : 0;
      if (victim > best_victim || (victim == best_victim && taker > best_taker)) {
        best_victim = victim, best_taker = taker;
        picks.clear();
      }
      if (victim == best_victim && taker == best_taker) picks.push_back(m);
    }
    if (picks.empty()) return l[int(next() % uint64_t(l.size))];
    return picks[size_t(next() % picks.size())];
  }

 private:
  uint64_t next() { return rng_ = detail::splitmix(rng_); }
  uint64_t rng_;
  bool cheapest_taker_;
};

}  // namespace dc
