// The state of one Search object (internal to core/search): its tables, its settings and
// the search in progress. The tree search (search.cpp: negamax, quiescence) and the root
// with its iterations (root.cpp) work on it; search_api.cpp is the public class.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <vector>

#include "../position.h"
#include "eval.h"
#include "movepick.h"
#include "score.h"
#include "search.h"
#include "see.h"
#include "tt.h"

namespace dc {

using detail::INF;
using detail::MATE;
using detail::MATE_BOUND;
using detail::MAX_PLY;

struct Search::State {
  using Clock = std::chrono::steady_clock;

  detail::TranspositionTable tt;

  int level = 10;
  LevelSettings ls = level_settings(10);
  SearchOptions opt;
  Evaluator evaluator;
  Evaluator frozen_blind_evaluator;  // the same weights without the freezing terms
  uint64_t rng = 0x2545F4914F6CDD1Dull;
  uint64_t noise_seed = 0;

  detail::MoveOrder order;
  Move pv[MAX_PLY + 1][MAX_PLY + 1];
  int pv_len[MAX_PLY + 1];
  std::vector<Move> move_buf;  // MAX_PLY * MAX_MOVES
  std::vector<int> score_buf;

  // Per search.
  std::atomic<bool>* stop = nullptr;
  uint64_t nodes = 0;
  uint64_t node_limit = 0;
  bool use_time = false;
  Clock::time_point start, deadline, hard_deadline;  // hard_deadline: with min_nodes
  uint64_t min_nodes = 0;  // searched before the (soft) deadline can stop the search
  uint64_t slice_end = 0;       // the current advance() stops here
  bool aborted = false;
  int seldepth = 0;
  int root_depth = 0;

  // The search in progress (start() .. done()).
  Position root_pos = Position::start();
  SearchLimits limits;
  int max_depth = 0;
  bool multi = false;             // the level's exact_root: exact scores for every root move
  int blunder_roll = 100;         // drawn in start(): < blunder_pct plays a non-best move
  uint64_t blunder_pick = 0;      // ... this one among the candidates
  // The level's weaknesses in this search (drawn in start()).
  bool afar_blind = false;        // no captures from afar beyond the root
  const Evaluator* ev = nullptr;  // &evaluator, or &frozen_blind_evaluator
  uint64_t ev_salt = 0;           // keeps the two evaluators' cache entries apart
  int qs_horizon = -1;            // the level's quiescence plies (-1: the engine's own bound)
  bool finished = true;
  Move root[MAX_MOVES];
  int root_score[MAX_MOVES];
  int exact[MAX_MOVES];
  int n_root = 0;
  int multipv = 1;                // lines wanted: min(limits.multipv, n_root)
  // MultiPV (multipv > 1): per root move of the iteration in progress, whether its score
  // is exact (else an upper bound) and its principal variation.
  bool line_exact[MAX_MOVES];
  std::vector<std::vector<Move>> line_pv;
  // The iteration in progress.
  int depth = 0;                  // being searched
  int next_root = 0;              // next root move to search
  int it_alpha = 0, it_best = 0;
  int asp_lo = -INF, asp_hi = INF, asp_delta = 0;  // the root's window in this iteration
  Move prev_best;                 // the time manager: the last iteration's best move,
  int prev_score = 0, stable = 0; // its score, and for how many iterations it has been best
  Move it_best_move;
  std::vector<Move> it_best_pv;
  SearchResult res;               // the last completed iteration's answer
  int last_info_ms = 0;

  static EvalWeights without_freezing(EvalWeights w) {
    w.use_frozen = false;
    return w;
  }

  explicit State(size_t hash_mb)
      : frozen_blind_evaluator(without_freezing(EvalWeights::defaults())),
        move_buf(size_t(MAX_PLY + 1) * MAX_MOVES), score_buf(size_t(MAX_PLY + 1) * MAX_MOVES) {
    tt.resize(hash_mb);
    clear();
  }

  void clear() {
    tt.clear();
    order.clear();
    std::fill(ecache.begin(), ecache.end(), EvalCacheEntry{});
  }
  uint64_t next_rand() { return rng = detail::splitmix(rng); }

  struct EvalCacheEntry {
    uint64_t key;
    int32_t value;
  };
  std::vector<EvalCacheEntry> ecache = std::vector<EvalCacheEntry>(1 << 18);

  // The table terms of the evaluation (material, piece-square, frozen pieces) from
  // Gold's point of view, by ply, updated incrementally by make().
  int table_terms[MAX_PLY + 2];

  void make(Position& pos, Move m, int ply) {
    const int before = ev->local_terms(pos, m.from(), m.to());
    pos.make_move(m);
    table_terms[ply + 1] = table_terms[ply] - before + ev->local_terms(pos, m.from(), m.to());
  }
  void make_null(Position& pos, int ply) {
    pos.make_null();
    table_terms[ply + 1] = table_terms[ply];
  }

  // Static evaluation; the per-piece part alone when it is far outside (alpha, beta).
  int eval(const Position& pos, int ply, int alpha = -INF, int beta = INF);

  // Every limit applies from the very first node: the slice's end (which includes the
  // node limit) at every node, stop() and the clock every 256 nodes.
  void poll() {
    if (nodes >= slice_end) {
      aborted = true;
      return;
    }
    if ((nodes & 255) == 0) {
      if (stop->load(std::memory_order_relaxed)) aborted = true;
      else if (use_time && time_up()) aborted = true;
    }
  }
  // The clock: past the move's time once min_nodes are searched, or past the hard limit.
  bool time_up() const {
    const Clock::time_point now = Clock::now();
    return now >= hard_deadline || (now >= deadline && nodes >= min_nodes);
  }
  // Whether the search as a whole is over (not merely this slice).
  bool limit_reached() const {
    return (node_limit && nodes >= node_limit) || stop->load(std::memory_order_relaxed) || (use_time && time_up());
  }

  bool see_ge(Position& pos, Move m, int threshold) const { return dc::see_ge(pos, m, opt.eval.value, threshold); }
  bool enough_material_for_null(const Position& pos) const;

  void update_pv(int ply, Move m) {
    pv[ply][0] = m;
    const int n = pv_len[ply + 1];
    for (int i = 0; i < n; ++i) pv[ply][i + 1] = pv[ply + 1][i];
    pv_len[ply] = n + 1;
  }

  int qsearch(Position& pos, int alpha, int beta, int ply, bool in_chk, int qply = 0);
  int negamax(Position& pos, int depth, int alpha, int beta, int ply, bool in_chk, bool allow_null);

  void begin(const Position& pos, const SearchLimits& lim);
  bool run(uint64_t budget, const std::function<void(const SearchInfo&)>& on_info);
  int multipv_floor(int searched) const;
  void collect_lines();
  void finish();
  int elapsed_ms() const {
    return int(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
  }
};

}  // namespace dc
