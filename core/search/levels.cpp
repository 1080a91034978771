// The playing levels: their settings and the limits of one move at each (search.h).
// Their words are in level_words.cpp.
#include <algorithm>

#include "search.h"

namespace dc {

LevelSettings level_settings(int level) {
  static const LevelSettings L[11] = {
      // time  depth  nodes  noise  blunder  margin  afar-blind%  frozen-blind%  horizon  horizon%
      // level-blind%  careless%  exact-root
      {0, 1, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, false},
      // 1 and 2 lose the way beginners lose (against the match runner's newcomer model,
      // docs/figures.md): blind to every capture between levels, their own moves' risks
      // unseen (1 always: one ply and no capture after it; 2 in most searches), and
      // often a move up to 3 pawns worse than the best.
      {900, 1, 120000, 0, 60, 300, 0, 0, 0, 100, 100, 0, true},   // 1
      {1200, 2, 200000, 0, 50, 300, 0, 0, -1, 0, 100, 70, true},  // 2
      // 3-5 climb from the beginners the way people do: they see more of the board and
      // look further, and miss captures between levels and what their move allows less
      // and less often. A level blind that way in a third of its searches loses to one
      // blind in a tenth, and that one to any that sees the whole board: the blindness
      // falls in steps that keep 4 and 5 between 3 and 6 (docs/figures.md).
      {1500, 2, 220000, 0, 40, 250, 0, 0, -1, 0, 85, 50, true},  // 3
      {2000, 3, 250000, 0, 25, 175, 0, 5, 0, 20, 45, 30, true},  // 4
      {2000, 5, 300000, 8, 8, 100, 0, 5, -1, 0, 12, 6, true},    // 5
      // 6: no weakness but its exact root, which costs it depth; its budget is below
      // level 7's, so that 7, without it, looks further.
      {2500, 8, 400000, 0, 0, 0, 0, 0, -1, 0, 0, 0, true},
      {2500, MAX_DEPTH, 500000, 0, 0, 0, 0, 0, -1, 0, 0, 0, false},   // 7: the top level's search, by nodes
      {2500, MAX_DEPTH, 1100000, 0, 0, 0, 0, 0, -1, 0, 0, 0, false},  // 8
      {3000, MAX_DEPTH, 2400000, 0, 0, 0, 0, 0, -1, 0, 0, 0, false},  // 9
      // 10: full strength; at least 4,000,000 nodes (1.67 times level 9: a floor of
      // 2.2 times, as between levels 7, 8 and 9, made the top step steeper than the
      // others, docs/figures.md), thinking up to 10 s for them on a slow machine.
      {3000, MAX_DEPTH, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, false, 4000000, 10000},
  };
  return L[std::clamp(level, 1, 10)];
}

SearchLimits level_limits(int level) { return level_limits(level_settings(level)); }

SearchLimits level_limits(const LevelSettings& ls) {
  SearchLimits l;
  l.movetime_ms = ls.movetime_ms;
  l.nodes = ls.max_nodes;
  l.min_nodes = ls.min_nodes;
  l.max_movetime_ms = ls.max_movetime_ms;
  return l;
}

}  // namespace dc
