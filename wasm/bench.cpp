// The benchmark of scripts/bench-wasm, compiled both natively and to wasm (Node) from
// this one source: perft from the start position (depth 4, perft_runs times), perft of
// three varied positions (24 plies into seeded openings, depth 4, once) and the core's
// search_bench.
// Usage: bench [perft_runs] [search_depth]   prints "start <nodes> <ms> <cpu_ms>",
// "varied ..." and "search ..." lines: wall-clock and CPU time (on a machine shared
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
// JavaScript inside: clang-format would break its operators.
// clang-format off
EM_JS(double, cpu_ms, (), {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
});
// clang-format on
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
  const int depth = argc > 2 ? std::atoi(argv[2]) : 6;
  {  // warm-up (caches, and in wasm the optimising compiler's tier-up)
    Position p = Position::start();
    perft(p, 3);
    std::ostringstream ignored;
    search_bench(ignored, 3);
  }
  // Perft of `positions` at depth 4, each `times` times; prints one line.
  const auto perft_line = [](const char* name, const std::vector<std::string>& positions, int times) {
    uint64_t total = 0;
    const double c0 = cpu_ms();
    const auto t0 = Clock::now();
    for (int r = 0; r < times; ++r)
      for (const std::string& fen : positions) {
        Position p = std::move(Position::from_string(fen).value());
        total += perft(p, 4);
      }
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    std::printf("%s %llu %.1f %.1f\n", name, (unsigned long long)total, ms, cpu_ms() - c0);
    std::fflush(stdout);
  };
  perft_line("start", {std::string(START_POSITION)}, runs);
  perft_line("varied", opening_positions(3, 24, 7), 1);
  std::ostringstream report;
  const double c1 = cpu_ms();
  const auto t1 = Clock::now();
  const uint64_t n = search_bench(report, depth);
  const double sms = std::chrono::duration<double, std::milli>(Clock::now() - t1).count();
  std::printf("search %llu %.1f %.1f\n", (unsigned long long)n, sms, cpu_ms() - c1);
  return 0;
}
