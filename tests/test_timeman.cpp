// The time manager (core/search/timeman.h): a move's soft and hard limits as a pure
// function of the clock, the panic mode, the level's caps, and where a timed search
// stops starting iterations. No wall clock: games on the clock are simulated.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>

#include "search/search.h"
#include "search/timeman.h"

using dc::MoveClock;
using dc::time_budget;

namespace {

MoveClock clock_of(int64_t time, int64_t inc = 0, int movestogo = 0, int ply = 0, int overhead = 30) {
  MoveClock c;
  c.time_ms = time;
  c.inc_ms = inc;
  c.movestogo = movestogo;
  c.ply = ply;
  c.overhead_ms = overhead;
  return c;
}

}  // namespace

TEST_CASE("the limits are at least 1 ms, soft within hard, hard within the time left less the overhead", "[timeman]") {
  for (int64_t time :
       {0LL, 1LL, 29LL, 30LL, 31LL, 50LL, 100LL, 250LL, 500LL, 1000LL, 3000LL, 10000LL, 60000LL, 600000LL, 86400000LL})
    for (int64_t inc : {0LL, 10LL, 100LL, 2000LL, 30000LL})
      for (int mtg : {0, 1, 2, 5, 40})
        for (int ply : {0, 1, 60, 250})
          for (int ov : {0, 30, 200}) {
            const auto b = time_budget(clock_of(time, inc, mtg, ply, ov));
            INFO("time " << time << " inc " << inc << " movestogo " << mtg << " ply " << ply << " overhead " << ov);
            CHECK(b.soft_ms >= 1);
            CHECK(b.soft_ms <= b.hard_ms);
            CHECK(b.hard_ms <= std::max<int64_t>(1, time - ov));
          }
}

TEST_CASE("more time, a larger increment or fewer moves to go never give less time", "[timeman]") {
  for (int mtg : {0, 1, 3, 20}) {
    int soft = 0, hard = 0;
    for (int64_t time = 0; time <= 120000; time += 250) {
      const auto b = time_budget(clock_of(time, 100, mtg, 40));
      INFO("time " << time << " movestogo " << mtg);
      CHECK(b.soft_ms >= soft);
      CHECK(b.hard_ms >= hard);
      soft = b.soft_ms, hard = b.hard_ms;
    }
  }
  int soft = 0;
  for (int64_t inc = 0; inc <= 5000; inc += 50) {
    const auto b = time_budget(clock_of(60000, inc));
    CHECK(b.soft_ms >= soft);
    soft = b.soft_ms;
  }
  // Fewer moves to the control: more for this one.
  for (int mtg = 40; mtg > 1; --mtg)
    CHECK(time_budget(clock_of(60000, 0, mtg - 1)).soft_ms >= time_budget(clock_of(60000, 0, mtg)).soft_ms);
  // Later in a game without controls the horizon shrinks: more for each move.
  CHECK(time_budget(clock_of(60000, 0, 0, 200)).soft_ms > time_budget(clock_of(60000, 0, 0, 0)).soft_ms);
}

TEST_CASE("the limits at familiar clocks", "[timeman]") {
  // 10+0.1 at the start: half of a fiftieth of the time and the increment, the hard
  // limit four times that.
  auto b = time_budget(clock_of(10000, 100));
  const double even = (9970.0 + 100 * 49) / 50;
  CHECK_FALSE(b.panic);
  CHECK(b.soft_ms == int(even * 0.5));
  CHECK(b.hard_ms == int(even * 0.5 * 4));
  // 40 moves in 60 s, the last move before the control: most of what is left, never all.
  b = time_budget(clock_of(5000, 0, 1));
  CHECK(b.hard_ms == int(4970 * 0.85));
  CHECK(b.soft_ms == int(4970 * 0.5));
  // An increment larger than the time left: at most a quarter of the time left for the
  // soft limit, 60% for the hard one.
  b = time_budget(clock_of(2000, 5000));
  CHECK(b.soft_ms == int(1970 * 0.25));
  CHECK(b.hard_ms == int(1970 * 0.6));
}

TEST_CASE("panic: with little time left the move spends under the increment and a small share of the rest",
          "[timeman]") {
  // Below max(200 ms, 15 overheads) left after the overhead.
  CHECK_FALSE(time_budget(clock_of(481, 10)).panic);
  CHECK(time_budget(clock_of(479, 10)).panic);
  CHECK(time_budget(clock_of(199, 10, 0, 0, 0)).panic);
  CHECK_FALSE(time_budget(clock_of(201, 10, 0, 0, 0)).panic);
  for (int64_t time = 0; time < 480; ++time)
    for (int64_t inc : {0LL, 10LL, 100LL, 1000LL}) {
      const auto b = time_budget(clock_of(time, inc));
      INFO("time " << time << " inc " << inc);
      REQUIRE(b.panic);
      const double avail = double(time - 30);
      CHECK(b.hard_ms <= std::max(1.0, avail / 8));
      CHECK(b.hard_ms <= std::max(1.0, (double(inc) / 2 + avail / 40) * avail / 450));
      CHECK(b.soft_ms <= std::max(1, b.hard_ms / 3 + 1));
    }
  // No time at all, or less than the overhead: the quickest answer.
  CHECK(time_budget(clock_of(0, 0)).hard_ms == 1);
  CHECK(time_budget(clock_of(-500, 100)).hard_ms == 1);
  CHECK(time_budget(clock_of(20, 1000)).hard_ms == 1);
}

TEST_CASE("a simulated game where every move takes its hard limit and the overhead never flags", "[timeman]") {
  // The worst the search does: it runs to its hard limit every move, and every move also
  // loses the whole overhead outside the search. 300 plies (150 moves a side).
  struct Tc {
    int64_t base, inc;
    int moves;  // per control
  };
  for (const Tc tc : {Tc{10000, 100, 0}, Tc{1000, 10, 0}, Tc{1000, 0, 0}, Tc{60000, 0, 40}, Tc{180000, 2000, 0},
                      Tc{500, 0, 0}, Tc{100, 50, 0}}) {
    for (int ov : {0, 10, 30}) {
      int64_t left = tc.base;
      INFO("base " << tc.base << " inc " << tc.inc << " moves " << tc.moves << " overhead " << ov);
      for (int move = 0; move < 150; ++move) {
        const int mtg = tc.moves ? tc.moves - move % tc.moves : 0;
        const auto b = time_budget(clock_of(left, tc.inc, mtg, 2 * move, ov));
        const int64_t used = b.hard_ms + ov;
        // A flag needs more than the time left; the shortest answer (1 ms) fits in any
        // time left above the overhead.
        if (left > ov) REQUIRE(used <= left);
        left += tc.inc - used;
        if (tc.moves && (move + 1) % tc.moves == 0) left += tc.base;
      }
    }
  }
}

TEST_CASE("a simulated game at the soft limit keeps time in hand and uses a fair share of it", "[timeman]") {
  // A move that takes two soft limits (an iteration started before the soft limit ends
  // after it) and 2 ms outside the search.
  for (const auto& [base, inc] : {std::pair<int64_t, int64_t>{10000, 100}, {1000, 10}, {300000, 3000}}) {
    int64_t left = base, lowest = base;
    int64_t used_first_40 = 0;
    for (int move = 0; move < 150; ++move) {
      const auto b = time_budget(clock_of(left, inc, 0, 2 * move));
      const int64_t used = std::min<int64_t>(b.hard_ms, b.soft_ms * 2) + 2;
      if (move < 40) used_first_40 += used;
      left += inc - used;
      lowest = std::min(lowest, left);
    }
    INFO("base " << base << " inc " << inc);
    CHECK(lowest > 0);
    // The first 40 moves take between a quarter and three quarters of the base time and
    // their increments.
    CHECK(used_first_40 > (base + 40 * inc) / 4);
    CHECK(used_first_40 < (base + 40 * inc) * 3 / 4);
  }
}

TEST_CASE("on a clock a level below the top never thinks longer than its own limits", "[timeman]") {
  for (int level = 1; level <= 9; ++level) {
    const dc::SearchLimits own = dc::level_limits(level);
    for (int64_t time : {100LL, 1000LL, 10000LL, 600000LL, 86400000LL}) {
      const MoveClock c = clock_of(time, 1000);
      const dc::SearchLimits l = dc::clock_limits(c, level);
      const auto b = time_budget(c);
      INFO("level " << level << " time " << time);
      CHECK(l.movetime_ms == std::min(own.movetime_ms, b.hard_ms));
      CHECK(l.soft_ms == std::min(own.movetime_ms / 2, b.soft_ms));
      CHECK(l.nodes == own.nodes);
      CHECK(l.min_nodes == 0);
    }
  }
  // The top level: the clock alone (no node floor, no thinking time of its own).
  const MoveClock c = clock_of(600000, 5000);
  const dc::SearchLimits top = dc::clock_limits(c, 10);
  CHECK(top.movetime_ms == time_budget(c).hard_ms);
  CHECK(top.soft_ms == time_budget(c).soft_ms);
  CHECK(top.nodes == 0);
  CHECK(top.min_nodes == 0);
  CHECK(top.movetime_ms > dc::level_limits(10).max_movetime_ms);
  // A level of one's own (the match runner's) is capped like a level below the top.
  dc::LevelSettings own = dc::level_settings(4);
  own.movetime_ms = 700;
  CHECK(dc::clock_limits(c, own).movetime_ms == 700);
  CHECK(dc::clock_limits(c, own).soft_ms == 350);
}

TEST_CASE("a timed search starts no iteration past half its time, or past the soft limit on a clock", "[timeman]") {
  dc::SearchLimits fixed;
  fixed.movetime_ms = 801;
  const dc::IterationTrend settled{false, false, 6}, changed{true, false, 0}, fell{false, true, 2},
      plain{false, false, 1};
  for (const auto& t : {settled, changed, plain})
    for (bool by_trend : {false, true}) CHECK(dc::iteration_deadline_ms(fixed, t, by_trend) == 400);
  dc::SearchLimits clock;
  clock.movetime_ms = 1000;
  clock.soft_ms = 250;
  CHECK(dc::iteration_deadline_ms(clock, changed, false) == 250);
  CHECK(dc::iteration_deadline_ms(clock, plain, true) == 250);
  CHECK(dc::iteration_deadline_ms(clock, changed, true) == 400);
  CHECK(dc::iteration_deadline_ms(clock, fell, true) == 400);
  CHECK(dc::iteration_deadline_ms(clock, settled, true) == 175);
  clock.movetime_ms = 300;  // never past the hard limit
  CHECK(dc::iteration_deadline_ms(clock, changed, true) == 300);
}
