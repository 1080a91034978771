// The soak: whole self-play games, to their end, with small limits on every search.
// The limits hold once depth 1 is complete (search.h): past depth 1 no search may
// overshoot its node limit, and no time-limited search its time by more than a safety
// margin (the answer times themselves are measured by bench_answer).
// The time is the searching thread's user CPU time: the search runs on this thread, so that
// is the work it did before it stopped; the wall clock also counts the time a loaded machine
// (the tests run side by side) did not run the thread at all, and the thread's system time
// the kernel's work for it (the first touch of a table's pages, huge pages compacted under
// memory pressure: once 71 ms in a fresh-clone run beside a match), which no search can help.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <chrono>
#include <random>

#include <sys/resource.h>

#include "movegen.h"
#include "position.h"
#include "search/search.h"
#include "status.h"

using namespace dc;

namespace {
double thread_user_ms() {
  rusage u{};
  getrusage(RUSAGE_THREAD, &u);
  return double(u.ru_utime.tv_sec) * 1e3 + double(u.ru_utime.tv_usec) / 1e3;
}
}  // namespace

TEST_CASE("soak: 200 self-play games to their end, every search within its limits", "[slow][soak]") {
  constexpr int GAMES = 200;
  constexpr int MOVETIME_MS = 3;
  constexpr int TIME_MARGIN_MS = 50;  // a safety net for a loaded machine
  std::mt19937_64 rng(20261122);
  Search search(4);
  int finished = 0, past_300 = 0, timed = 0;
  size_t longest = 0;
  uint64_t searches = 0;
  for (int game = 0; game < GAMES; ++game) {
    Position pos = Position::start();
    search.new_game();
    search.set_seed(rng());
    for (;;) {
      const Status st = game_status(pos);
      if (st.over()) {
        ++finished;
        break;
      }
      REQUIRE(pos.plies_played() < 3000);  // the draw rules end every game long before
      MoveList legal = legal_moves(pos);
      // Levels and limits vary, and a random move now and then keeps the games apart
      // and crowded with captures.
      search.set_level(1 + int(rng() % 10));
      SearchLimits lim;
      const bool by_time = rng() % 8 == 0;
      if (by_time)
        lim.movetime_ms = MOVETIME_MS;
      else
        lim.nodes = 200 + rng() % 1800;
      const double c0 = thread_user_ms();
      const SearchResult r = search.go(pos, lim);
      const double ms = thread_user_ms() - c0;
      ++searches;
      INFO(pos.to_string() << " level " << search.level());
      REQUIRE(find_legal(pos, r.best.from(), r.best.to()) == r.best);
      // Over a limit only when it came during depth 1: then the search ended with it.
      REQUIRE(r.depth >= 1);
      if (by_time) {
        ++timed;
        REQUIRE((ms <= MOVETIME_MS + TIME_MARGIN_MS || r.depth == 1));
      } else {
        REQUIRE((r.nodes <= lim.nodes || r.depth == 1));
      }
      const Move m = rng() % 10 == 0 ? legal[int(rng() % uint64_t(legal.size))] : r.best;
      pos.make_move(m);
    }
    longest = std::max(longest, size_t(pos.plies_played()));
    if (pos.plies_played() > 300) ++past_300;
  }
  INFO("searches " << searches << ", timed " << timed << ", longest game " << longest << " plies");
  CHECK(finished == GAMES);
  CHECK(past_300 >= 10);  // long games are covered (about 20 of 200 with today's weights; the timed searches vary it)
  CHECK(timed > 1000);
}
