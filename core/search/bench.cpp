// search_bench (a fixed-depth node-count signature) and the opening set of the matches.
#include <chrono>
#include <ctime>
#include <memory>
#include <set>

#include "../movegen.h"
#include "../status.h"
#include "search.h"

namespace dc {

std::vector<std::string> opening_positions(int count, int plies, uint64_t seed, const std::atomic<bool>* stop) {
  std::vector<std::string> out;
  std::set<uint64_t> seen;
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 12345;
  auto rnd = [&x]() {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  int attempts = 0;
  while (int(out.size()) < count && attempts < count * 100) {
    if (stop && stop->load(std::memory_order_relaxed)) break;
    ++attempts;
    Position pos = Position::start();
    bool ok = true;
    for (int p = 0; p < plies && ok; ++p) {
      MoveList l = legal_moves(pos);
      Move quiet[MAX_MOVES];
      int nq = 0;
      for (Move m : l)
        if (!m.is_capture()) quiet[nq++] = m;
      if (nq == 0) {
        ok = false;
        break;
      }
      pos.make_move(quiet[rnd() % uint64_t(nq)]);
    }
    if (!ok || game_status(pos).over() || in_check(pos)) continue;
    // Avoid openings where the side to move can already win material for free.
    Move caps[MAX_MOVES];
    int nc = filter_legal(pos, caps, generate_pseudo_captures(pos, caps));
    if (nc > 0) continue;
    if (!seen.insert(pos.key()).second) continue;
    out.push_back(pos.to_string());
  }
  return out;
}

uint64_t search_bench(std::ostream& out, int depth, Search* search, const std::atomic<bool>* stop) {
  if (depth <= 0) depth = 8;
  // Every step looks at the stop flag: making the positions (at each try), clearing the
  // tables (at each chunk), the searches (at each slice). A new Search costs nothing to
  // make: its tables are zeroed by the system as the search first touches them.
  auto stopped = [stop] { return stop && stop->load(std::memory_order_relaxed); };
  std::vector<std::string> fens;
  fens.emplace_back(START_POSITION);
  for (const std::string& f : opening_positions(7, 8, 2024, stop)) fens.push_back(f);
  if (stopped()) return 0;
  std::unique_ptr<Search> own = search ? nullptr : std::make_unique<Search>(16);
  Search& s = search ? *search : *own;
  uint64_t total = 0;
  // Only the searches are timed: clearing the tables between positions is not, nor the
  // system's zeroing of their pages as a program's first search touches them (an untimed
  // search of one ply touches some, new_game() then zeroes them all).
  {
    SearchLimits warm;
    warm.depth = 1;
    s.start(Position::start(), warm);
    while (!stopped() && !s.advance(SEARCH_SLICE_NODES)) {
    }
  }
  using Clock = std::chrono::steady_clock;
  Clock::duration wall{};
  std::clock_t cpu_ticks = 0;
  int i = 0;
  for (const std::string& f : fens) {
    auto r = Position::from_string(f);
    if (!r) continue;
    Position pos = r.value();
    if (!s.new_game(stop)) return total;
    SearchLimits lim;
    lim.depth = depth;
    const auto t0 = Clock::now();
    const std::clock_t c0 = std::clock();
    // As go(), in slices; a stop before start() is seen after it (start() clears stop()).
    s.start(pos, lim);
    while (!stopped() && !s.advance(SEARCH_SLICE_NODES)) {
    }
    if (stopped()) return total;
    const SearchResult res = s.result();
    cpu_ticks += std::clock() - c0;
    wall += Clock::now() - t0;
    out << "position " << ++i << ": nodes " << res.nodes << "  score " << res.score_cp << "\n";
    total += res.nodes;
  }
  const double sec = std::chrono::duration<double>(wall).count();
  const double cpu = double(cpu_ticks) / CLOCKS_PER_SEC;
  out << "signature " << total << "\n";
  out << "depth " << depth << "  time " << int(sec * 1000) << " ms  nps " << uint64_t(sec > 0 ? double(total) / sec : 0)
      << "  (cpu " << int(cpu * 1000) << " ms, nps/cpu " << uint64_t(cpu > 0 ? double(total) / cpu : 0) << ")\n";
  return total;
}

}  // namespace dc
