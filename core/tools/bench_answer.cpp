// How long the engine takes to answer, over positions of long self-play games:
//   bench_answer [--games N] [--every K]
// Plays N self-play games to their end (a few hundred nodes a move, a random move now
// and then, so that they are long and crowded), takes every K-th position, and times
// `go movetime 100` and `go nodes 2000` on each (the search object the CLI and the
// browser drive). Then the stop latency: an infinite search stopped 0, 1 or 10 ms after
// it began, time from stop() to the answer; and the node count of a depth-1 search with
// and without the bounded quiescence. Prints worst, p99 and median of each.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "movegen.h"
#include "numbers.h"
#include "position.h"
#include "search/search.h"
#include "status.h"

using namespace dc;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

void report(const char* what, std::vector<double> v, const char* unit) {
  std::sort(v.begin(), v.end());
  auto at = [&](double q) { return v[std::min(v.size() - 1, size_t(q * double(v.size())))]; };
  std::printf("%-34s n=%zu  median %.2f  p99 %.2f  worst %.2f %s\n", what, v.size(), at(0.5), at(0.99), v.back(), unit);
}

}  // namespace

int main(int argc, char** argv) {
  int games = 20, every = 10;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--games" || a == "--every") && i + 1 < argc) {
      long long v = 0;
      if (!dc::parse_whole(argv[++i], 1, 1000000, v)) {
        std::cerr << a << " needs a whole number from 1 to 1000000, not '" << argv[i] << "'\n";
        return 1;
      }
      (a == "--games" ? games : every) = int(v);
    } else {
      std::cerr << "usage: bench_answer [--games N] [--every K]\n";
      return a == "--help" || a == "-h" ? 0 : 1;
    }
  }
  std::mt19937_64 rng(12345);
  std::vector<std::string> positions;
  size_t longest = 0;
  {
    Search play(16);
    for (int g = 0; g < games; ++g) {
      Position pos = Position::start();
      play.new_game();
      while (!game_status(pos).over()) {
        if (pos.plies_played() % every == 0) positions.push_back(pos.to_string());
        MoveList legal = legal_moves(pos);
        SearchLimits lim;
        lim.nodes = 300;
        Move m = play.go(pos, lim).best;
        if (rng() % 8 == 0) m = legal[int(rng() % uint64_t(legal.size))];
        pos.make_move(m);
      }
      longest = std::max(longest, size_t(pos.plies_played()));
    }
  }
  std::printf("%d games (longest %zu plies), %zu positions (every %d-th)\n", games, longest, positions.size(), every);

  Search s(16);
  std::vector<double> t_movetime, t_nodes, over_nodes;
  for (const std::string& f : positions) {
    Position pos = std::move(Position::from_string(f).value());
    SearchLimits a;
    a.movetime_ms = 100;
    auto t0 = Clock::now();
    s.go(pos, a);
    t_movetime.push_back(ms_since(t0));
    SearchLimits b;
    b.nodes = 2000;
    t0 = Clock::now();
    const SearchResult r = s.go(pos, b);
    t_nodes.push_back(ms_since(t0));
    over_nodes.push_back(double(r.nodes) - 2000.0);
  }
  report("go movetime 100: answer time", t_movetime, "ms");
  report("go nodes 2000: answer time", t_nodes, "ms");
  report("go nodes 2000: nodes over the limit", over_nodes, "nodes");

  // The size of a depth-1 search, with the bounded quiescence and without it (capped at
  // 5 million nodes: without the bound some positions never finish depth 1).
  for (bool bounded : {true, false}) {
    Search d1(16);
    SearchOptions o;
    o.qsearch_bound = bounded;
    d1.set_options(o);
    std::vector<double> n1;
    int capped = 0;
    for (const std::string& f : positions) {
      Position pos = std::move(Position::from_string(f).value());
      SearchLimits lim;
      lim.depth = 1;
      lim.nodes = 5000000;
      d1.new_game();
      const SearchResult r = d1.go(pos, lim);
      if (r.depth < 1) ++capped;
      n1.push_back(double(r.nodes));
    }
    const std::string what = std::string("depth 1, quiescence ") + (bounded ? "bounded" : "unbounded") + ": nodes";
    report(what.c_str(), n1, "nodes");
    std::printf("%-34s %d of %zu positions hit the 5,000,000-node cap\n", "", capped, positions.size());
  }

  for (int delay : {0, 1, 10}) {
    std::vector<double> lat;
    for (size_t i = 0; i < positions.size(); i += std::max<size_t>(1, positions.size() / 40)) {
      Position pos = std::move(Position::from_string(positions[i]).value());
      SearchLimits inf;
      inf.infinite = true;
      std::atomic<bool> started{false};
      Clock::time_point t_stop;
      std::thread th([&] {
        s.start(pos, inf);
        started = true;
        while (!s.advance(SEARCH_SLICE_NODES)) {
        }
      });
      while (!started) std::this_thread::yield();
      std::this_thread::sleep_for(std::chrono::milliseconds(delay));
      t_stop = Clock::now();
      s.stop();
      th.join();
      lat.push_back(ms_since(t_stop));
    }
    const std::string what = "stop " + std::to_string(delay) + " ms after start: latency";
    report(what.c_str(), lat, "ms");
  }
  return 0;
}
