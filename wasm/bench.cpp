// The benchmark of scripts/bench-wasm, compiled both natively and to wasm (Node) from
// this one source: perft on fixed positions and the core's search_bench.
// Usage: bench [perft_runs] [search_depth]   prints "perft <nodes> <ms> <cpu_ms>" and
// "search <nodes> <ms> <cpu_ms>" lines: wall-clock and CPU time (on a machine shared
// with other work the CPU time is the steadier figure; in Node it counts the engine's
// own thread and V8's, which have finished compiling after the warm-up).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#include <ctime>
#endif

#include "movegen.h"
#include "position.h"
#include "search/search.h"

#ifdef __EMSCRIPTEN__
EM_JS(double, cpu_ms, (), {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
});
#else
double cpu_ms() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
#endif

int main(int argc, char** argv) {
  using namespace dc;
  using Clock = std::chrono::steady_clock;
  const int runs = argc > 1 ? std::atoi(argv[1]) : 3;
  const int depth = argc > 2 ? std::atoi(argv[2]) : 5;
  std::vector<std::pair<std::string, int>> positions;
  positions.push_back({std::string(START_POSITION), 4});
  for (const std::string& f : opening_positions(3, 24, 7)) positions.push_back({f, 3});
  {  // warm-up (caches, and in wasm the optimising compiler's tier-up)
    Position p = Position::start();
    perft(p, 3);
    std::ostringstream ignored;
    search_bench(ignored, 3);
  }
  uint64_t total = 0;
  const double c0 = cpu_ms();
  const auto t0 = Clock::now();
  for (int r = 0; r < runs; ++r)
    for (auto& [fen, d] : positions) {
      Position p = std::move(Position::from_string(fen).value());
      total += perft(p, d);
    }
  const double pms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  std::printf("perft %llu %.1f %.1f\n", (unsigned long long)total, pms, cpu_ms() - c0);
  std::fflush(stdout);
  std::ostringstream report;
  const double c1 = cpu_ms();
  const auto t1 = Clock::now();
  const uint64_t n = search_bench(report, depth);
  const double sms = std::chrono::duration<double, std::milli>(Clock::now() - t1).count();
  std::printf("search %llu %.1f %.1f\n", (unsigned long long)n, sms, cpu_ms() - c1);
  return 0;
}
