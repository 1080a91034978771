#include "timeman.h"

#include <algorithm>
#include <climits>

namespace dc {

namespace {

// The moves planned for without a time control's count: 50 at the start, one fewer
// every 8 plies, at least 25 (Dragonchess games between engines last 70 to 300 plies).
constexpr double HORIZON_MOVES = 50, HORIZON_MIN_MOVES = 25, HORIZON_PLIES_PER_MOVE = 8;
// The soft limit's share of the move's even part of the time. An iteration started
// before the soft limit ends after it: a move takes about two soft limits
// (docs/figures.md), so about its even part. In a long game the clock settles where that
// part is about the increment, near the panic reserve below, whose limits keep the rest;
// a smaller share left seconds unused at the end of most games (docs/figures.md, "The
// time on the clock").
constexpr double SOFT_SHARE = 0.5;
// The soft limit's cap as a share of the time left (less the overhead): a quarter, or a
// half in the last three moves before a time control.
constexpr double SOFT_CAP = 0.25, SOFT_CAP_LAST_MOVES = 0.5;
// The hard limit: at most this many soft limits, and at most this share of the time left
// (less the overhead; 0.85 in the last move before a time control).
constexpr double HARD_RATIO = 4, HARD_CAP = 0.6, HARD_CAP_LAST_MOVE = 0.85;
// Panic below P = max(PANIC_MIN_MS, PANIC_OVERHEADS x overhead) left after the
// overhead: the hard limit is at most half the increment and a fortieth of what is left,
// both scaled by the share of P that is left, and at most an eighth of what is left; the
// soft limit at most a third of that. Near nothing left the hard limit is 1 ms (the
// move is depth 1: the search's limits wait for it), and the increment builds the clock
// up again. At 1+0.01 the clock settles near P (450 ms with the default overhead): the
// reserve against a loaded machine's stalls, which can hold a move past its hard limit
// for hundreds of milliseconds (docs/figures.md, "The engine on a clock").
constexpr int64_t PANIC_MIN_MS = 200, PANIC_OVERHEADS = 15;
// The trend (SearchOptions::time_manager): the soft limit in percent when the best move
// has just changed or its score fell, and when the same move has come out best
// TREND_STABLE_ITERATIONS iterations running.
constexpr int64_t TREND_UNCLEAR_PERCENT = 160, TREND_STABLE_PERCENT = 70;
constexpr int TREND_STABLE_ITERATIONS = 4;

int to_ms(double v) { return int(std::clamp(v, 1.0, double(INT_MAX / 2))); }

}  // namespace

TimeBudget time_budget(const MoveClock& c) {
  const int64_t ov = std::clamp<int64_t>(c.overhead_ms, 0, MAX_MOVE_OVERHEAD_MS);
  const int64_t time = std::max<int64_t>(c.time_ms, 0), inc = std::max<int64_t>(c.inc_ms, 0);
  const double avail = double(time - ov);  // the most this move may take
  const double moves = c.movestogo > 0 ? std::min<double>(c.movestogo, HORIZON_MOVES)
                                       : std::clamp(HORIZON_MOVES - std::max(c.ply, 0) / HORIZON_PLIES_PER_MOVE,
                                                    HORIZON_MIN_MOVES, HORIZON_MOVES);
  // What this move and the ones planned after it can spend, evenly shared.
  const double even = (avail + double(inc) * (moves - 1)) / moves;
  const bool last_moves = c.movestogo > 0 && c.movestogo <= 3;
  const double soft = std::min(even * SOFT_SHARE, avail * (last_moves ? SOFT_CAP_LAST_MOVES : SOFT_CAP));
  const double hard = std::min(soft * HARD_RATIO, avail * (c.movestogo == 1 ? HARD_CAP_LAST_MOVE : HARD_CAP));
  TimeBudget b;
  b.hard_ms = to_ms(hard);
  b.soft_ms = std::min(to_ms(soft), b.hard_ms);
  if (avail < double(std::max(PANIC_MIN_MS, PANIC_OVERHEADS * ov))) {  // never more than the above
    b.panic = true;
    const double share = avail / double(std::max(PANIC_MIN_MS, PANIC_OVERHEADS * ov));
    b.hard_ms = std::min(b.hard_ms, to_ms(std::min(avail / 8, (double(inc) / 2 + avail / 40) * share)));
    b.soft_ms = std::min(b.soft_ms, to_ms(b.hard_ms / 3.0));
  }
  return b;
}

SearchLimits clock_limits(const MoveClock& c, int level) {
  if (level < 10) return clock_limits(c, level_settings(level));
  const TimeBudget b = time_budget(c);
  SearchLimits l;
  l.movetime_ms = b.hard_ms;
  l.soft_ms = b.soft_ms;
  return l;
}

SearchLimits clock_limits(const MoveClock& c, const LevelSettings& below_top) {
  const TimeBudget b = time_budget(c);
  SearchLimits l = level_limits(below_top);
  l.min_nodes = 0;  // a floor is the top level's, and the clock comes first
  l.max_movetime_ms = 0;
  if (l.movetime_ms > 0) {
    l.soft_ms = std::min(b.soft_ms, std::max(1, l.movetime_ms / 2));
    l.movetime_ms = std::min(b.hard_ms, l.movetime_ms);
  } else {
    l.soft_ms = b.soft_ms;
    l.movetime_ms = b.hard_ms;
  }
  return l;
}

int iteration_deadline_ms(const SearchLimits& l, const IterationTrend& t, bool by_trend) {
  if (l.soft_ms <= 0) return l.movetime_ms / 2;
  int64_t s = l.soft_ms;
  if (by_trend)
    s = t.changed || t.fell                   ? s * TREND_UNCLEAR_PERCENT / 100
        : t.stable >= TREND_STABLE_ITERATIONS ? s * TREND_STABLE_PERCENT / 100
                                              : s;
  return int(std::min<int64_t>(s, l.movetime_ms));
}

}  // namespace dc
