// The benchmark of scripts/bench-wasm, compiled both natively and to wasm (Node) from
// this one source: perft on fixed positions and the core's search_bench.
// Usage: bench [perft_runs] [search_depth]   prints "perft <nodes> <ms>" and
// "search <nodes> <ms>" lines (plus search_bench's own report).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "movegen.h"
#include "position.h"
#include "search/search.h"

int main(int argc, char** argv) {
  using namespace dc;
  using Clock = std::chrono::steady_clock;
  const int runs = argc > 1 ? std::atoi(argv[1]) : 3;
  const int depth = argc > 2 ? std::atoi(argv[2]) : 5;
  std::vector<std::pair<std::string, int>> positions;
  positions.push_back({std::string(START_POSITION), 3});
  for (const std::string& f : opening_positions(3, 24, 7)) positions.push_back({f, 3});
  uint64_t total = 0;
  const auto t0 = Clock::now();
  for (int r = 0; r < runs; ++r)
    for (auto& [fen, d] : positions) {
      Position p = std::move(Position::from_string(fen).value());
      total += perft(p, d);
    }
  const double pms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  std::printf("perft %llu %.1f\n", (unsigned long long)total, pms);
  std::fflush(stdout);
  std::ostringstream report;
  const auto t1 = Clock::now();
  const uint64_t n = search_bench(report, depth);
  const double sms = std::chrono::duration<double, std::milli>(Clock::now() - t1).count();
  std::printf("search %llu %.1f\n", (unsigned long long)n, sms);
  return 0;
}
