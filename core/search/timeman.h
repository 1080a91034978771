// The search's time control on a clock. Core owns it: the command-line engine's
// `go wtime ...`, the match runner's --tc and the browser's computer playing on its clock
// all take their limits from here.
//
// From the side's time left, its increment, the moves to the next time control, the
// game's ply and the move overhead, two limits for one move:
//   soft  no new iteration is started past it (later when the best move has just changed
//         or its score fell, sooner when the same move has held for several iterations);
//   hard  the search is cut there, whatever it is doing.
// The hard limit never reaches the time left less the move overhead. With little time
// left (panic) the move is a short search that spends less than the increment, so that
// the clock grows back, and never more than a small share of what is left.
#pragma once

#include <cstdint>

#include "search.h"

namespace dc {

// Time lost by each move outside the search (the reply's way to the clock, a loaded
// machine's scheduling): the UCI option Move Overhead, in ms.
inline constexpr int DEFAULT_MOVE_OVERHEAD_MS = 30;
inline constexpr int MAX_MOVE_OVERHEAD_MS = 5000;

// One move's clock, from the side to move's point of view.
struct MoveClock {
  int64_t time_ms = 0;  // its time left (0 or less: none)
  int64_t inc_ms = 0;   // its increment, added after each of its moves
  int movestogo = 0;    // its moves to the next time control; 0: none (the rest of the game)
  int ply = 0;          // plies played in the game before this move (0: Gold's first move)
  int overhead_ms = DEFAULT_MOVE_OVERHEAD_MS;
};

struct TimeBudget {
  int soft_ms = 1;
  int hard_ms = 1;     // soft_ms <= hard_ms; both at least 1
  bool panic = false;  // little time left: see above
};

// The limits of one move. A pure function of its inputs.
TimeBudget time_budget(const MoveClock& c);

// The search limits of one move on the clock: movetime_ms is the hard limit, soft_ms the
// soft one. At full strength (level 10) the clock alone; below it (a level 1..9, or a
// level of one's own) never longer than the level's own limits (level_limits: its thinking
// time, and half of it for a new iteration, and its node budget).
SearchLimits clock_limits(const MoveClock& c, int level);
SearchLimits clock_limits(const MoveClock& c, const LevelSettings& below_top);

// How the best move of the completed iterations has behaved (the search keeps it).
struct IterationTrend {
  bool changed = false;  // the best move of the last iteration is not the one before
  bool fell = false;     // its score fell (by more than SCORE_FELL_CP, root.cpp)
  int stable = 0;        // iterations in a row with the same best move
};

// The elapsed time up to which a timed search (movetime_ms > 0) starts another iteration:
// with a soft limit (on a clock), the soft limit, scaled by the trend when by_trend (the
// search option time_manager) and never past the hard limit; without one (a fixed
// movetime, a level's thinking time), half the move's time.
int iteration_deadline_ms(const SearchLimits& l, const IterationTrend& t, bool by_trend);

}  // namespace dc
