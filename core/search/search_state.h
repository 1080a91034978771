// The state of one Search object (internal to core/search): its tables, its settings and
// the search in progress. The tree search (search.cpp: negamax, quiescence) and the root
// with its iterations (root.cpp) work on it; search_api.cpp is the public class.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "../movegen.h"
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

namespace detail {

// One evaluation in one 64-bit word (half the cache lines of a key and a value apart):
// the salted key's top 40 bits (its low bits choose the entry) and the value in the
// low 24 bits (evaluations stay far inside +-2^23).
struct EvalCacheEntry {
  static constexpr int VALUE_BITS = 24;
  uint64_t word;
  constexpr bool holds(uint64_t key) const { return (word ^ key) >> VALUE_BITS == 0; }
  constexpr int value() const { return int(int64_t(word << (64 - VALUE_BITS)) >> (64 - VALUE_BITS)); }
  constexpr void store(uint64_t key, int v) {
    word = (key >> VALUE_BITS << VALUE_BITS) | (uint64_t(uint32_t(v)) & ((uint64_t(1) << VALUE_BITS) - 1));
  }
};
static_assert([] {
  EvalCacheEntry e{};
  bool ok = !e.holds(0xABCDEF0123456789);
  for (int v : {0, 1, -1, -31999, 31999, (1 << 23) - 1, -(1 << 23)}) {
    e.store(0xABCDEF0123456789, v);
    ok = ok && e.holds(0xABCDEF0123456789) && !e.holds(0xABCDEF1123456789) && e.value() == v;
  }
  return ok;
}());

}  // namespace detail

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
  std::vector<Move> move_buf;     // MAX_PLY * MAX_MOVES
  std::vector<uint64_t> key_buf;  // the moves' ordering keys (order_key)

  // Per search.
  const std::atomic<int>* run_state = nullptr;  // Search::STOPPING once stop() is called
  bool stop_requested() const { return run_state->load(std::memory_order_relaxed) == Search::STOPPING; }
  uint64_t nodes = 0;
  uint64_t node_limit = 0;
  bool use_time = false;
  Clock::time_point start, deadline, hard_deadline;  // hard_deadline: with min_nodes
  uint64_t min_nodes = 0;                            // searched before the (soft) deadline can stop the search
  // Whether the node limit and the clock hold yet: once depth 1 is complete, so that the
  // move played is always a searched one. With the unbounded quiescence (an ablation)
  // depth 1 may never end: then they hold from the first node.
  bool limits_hold = true;
  uint64_t slice_end = 0;  // the current advance() stops here
  // A search halts at a node (poll()) when its slice ends (a pause: the next slice goes on
  // from there) or when it is over (a limit or stop()).
  bool halted = false;
  int halt_ply = 0;           // the node where it halted
  int resume_ply = 0;         // > 0 while the next slice calls down to that node again
  bool in_root_move = false;  // halted inside a root move's search
  int root_plies = 0;         // root_pos.plies_played() at the root
  int seldepth = 0;
  int root_depth = 0;

  // The search in progress (start() .. done()).
  Position root_pos = Position::start();
  SearchLimits limits;
  int max_depth = 0;
  bool exact_root = false;    // the level's: every root move searched with a full window
  int blunder_roll = 100;     // drawn in start(): < blunder_pct plays a non-best move
  uint64_t blunder_pick = 0;  // ... this one among the candidates
  // The level's weaknesses in this search (drawn in start()).
  detail::Blind blind = detail::Blind::NONE;  // the captures it does not see (from afar,
                                              // or between levels), beyond the root too
  const Evaluator* ev = nullptr;              // &evaluator, or &frozen_blind_evaluator
  uint64_t ev_salt = 0;                       // keeps the two evaluators' cache entries apart
  // Non-zero when this search is a weakened one (noise, blindness, a capture horizon):
  // its keys in the transposition table are apart from every other search's, so that
  // its errors reach no other search and no full-strength result reaches it.
  uint64_t tt_salt = 0;
  int qs_horizon = -1;  // the level's quiescence plies (-1: the engine's own bound)
  bool finished = true;
  Move root[MAX_MOVES];
  int root_score[MAX_MOVES];       // the iteration in progress: each root move's score (or bound)
  int completed_score[MAX_MOVES];  // the last completed iteration's scores (exact with exact_root)
  int n_root = 0;
  int multipv = 1;  // lines wanted: min(limits.multipv, n_root)
  // MultiPV (multipv > 1): per root move of the iteration in progress, whether its score
  // is exact (else an upper bound) and its principal variation.
  bool line_exact[MAX_MOVES];
  std::vector<std::vector<Move>> line_pv;
  // The iteration in progress.
  int depth = 0;      // being searched
  int next_root = 0;  // next root move to search
  int it_alpha = 0, it_best = 0;
  int asp_lo = -INF, asp_hi = INF, asp_delta = 0;  // the root's window in this iteration
  Move prev_best;                                  // the time manager: the last iteration's best move,
  int prev_score = 0, stable = 0;                  // its score, and for how many iterations it has been best
  Move it_best_move;
  std::vector<Move> it_best_pv;
  SearchResult res;  // the last completed iteration's answer
  int last_info_ms = 0;

  static EvalWeights without_freezing(EvalWeights w) {
    w.use_frozen = false;
    return w;
  }

  explicit State(size_t hash_mb)
      : frozen_blind_evaluator(without_freezing(EvalWeights::defaults())),
        move_buf(size_t(MAX_PLY + 1) * MAX_MOVES),
        key_buf(size_t(MAX_PLY + 1) * MAX_MOVES) {
    tt.resize(hash_mb);  // its tables come empty: nothing to clear
  }

  // Whether a search has written to the tables since they were made or last cleared.
  bool tables_used = false;
  // Empties the tables (the transposition table, move ordering, evaluation cache) one
  // chunk at a time; false when `stop` was set first (then they are partly cleared, and
  // the next clear() clears them whole).
  bool clear(const std::atomic<bool>* stop = nullptr) {
    if (!tables_used) return true;
    if (!tt.clear(stop) || !order.clear(stop) || !ecache.clear(stop)) return false;
    tables_used = false;
    return true;
  }
  uint64_t next_rand() { return rng = detail::splitmix(rng); }

  // 64k entries, 512 KB: small enough for WebAssembly, which cannot fetch entries ahead,
  // to read it faster than a larger one, and as strong (docs/figures.md).
  detail::ZeroedArray<detail::EvalCacheEntry> ecache{size_t(1) << 16};

  // The table terms of the evaluation (material, piece-square, frozen pieces) from
  // Gold's point of view, by ply, updated incrementally by make().
  int table_terms[MAX_PLY + 2];

  // The keys of the positions on the path from the root (path_key[0]) and of the game's
  // reversible positions before it (game_keys, the latest first), and the first ply
  // after the last pass on the path (repetitions do not count across a pass).
  uint64_t path_key[MAX_PLY + 2];
  int after_pass[MAX_PLY + 2];
  std::vector<uint64_t> game_keys;

  // A child position's table and evaluation-cache entries fetched as soon as its move is
  // chosen (both are nearly always read next and are rarely in the cache); quiescence
  // reads no table entry, only the evaluation cache, and fetches those of all its
  // captures as they are generated.
  void prefetch(uint64_t key) const {
    tt.prefetch(key ^ tt_salt);
    prefetch_eval(key);
  }
  void prefetch_eval(uint64_t key) const { __builtin_prefetch(&ecache[(key ^ ev_salt) & (ecache.size() - 1)]); }
  // The sliders' evaluation terms by ply (valid when noted_key[ply] is the key of the
  // path's position there, salted by the evaluator, in this search), and the squares the
  // move to each ply changed: an evaluation reuses those of a position a few plies up,
  // or of a sibling or cousin (below), when no King or Basilisk has moved or been
  // captured in between (slider_dynamic()).
  struct PathMove {
    Square from = SQ_NONE, to = SQ_NONE;  // SQ_NONE: a pass
    bool resets = true;                   // a King or a Basilisk moved or was captured
  };
  PathMove path_move[MAX_PLY + 2];
  // Two buffers a ply: the terms noted last (noted_slot) and room for the next, which may
  // reuse them. The position they belong to is noted_key's; noted_up[ply][k - 1] is the
  // position k plies above it on its path and noted_moves[ply][k - 1] the move from the
  // ply below that (keys salted by the evaluator).
  static constexpr int NOTED_UP = 2;
  Evaluator::SliderTerms noted[MAX_PLY + 2][2];
  uint8_t noted_slot[MAX_PLY + 2] = {};
  uint64_t noted_key[MAX_PLY + 2] = {};
  uint64_t noted_up[MAX_PLY + 2][NOTED_UP] = {};
  PathMove noted_moves[MAX_PLY + 2][NOTED_UP];
  uint32_t noted_search[MAX_PLY + 2] = {};
  uint32_t search_count = 0;  // this search's number (begin() counts them)
  int slider_dynamic(const Position& pos, int ply);
  void make(Position& pos, Move m, int ply) {
    const int before = ev->local_terms(pos, m.from(), m.to());
    const PieceType mover = type_of(pos.at(m.from())), captured = type_of(pos.at(m.to()));
    path_move[ply + 1] = {m.from(), m.to(), !Evaluator::keeps_slider_terms(mover, captured)};
    pos.make_move(m);
    table_terms[ply + 1] = table_terms[ply] - before + ev->local_terms(pos, m.from(), m.to());
    path_key[ply + 1] = pos.key();
    after_pass[ply + 1] = after_pass[ply];
  }
  void make_null(Position& pos, int ply) {
    pos.make_null();
    path_move[ply + 1] = {SQ_NONE, SQ_NONE, false};
    prefetch(pos.key());
    table_terms[ply + 1] = table_terms[ply];
    path_key[ply + 1] = pos.key();
    after_pass[ply + 1] = ply + 1;
  }
  // A draw by repetition inside the search (as Stockfish counts): the position occurred
  // before on the path after the root (a 2-fold in the tree: whoever can repeat it, can
  // repeat it again), or twice at or before the root (a 3-fold with the game's history).
  bool repetition_draw(const Position& pos, int ply) const;

  // Static evaluation; the per-piece part alone when it is far outside (alpha, beta).
  int eval(const Position& pos, int ply, int alpha = -INF, int beta = INF);

  // The slice's end (which includes the node limit once it holds) is looked at every
  // node, stop() and the clock (once it holds) every 256 nodes. Returns whether the
  // search halts at this node (before counting it).
  bool poll(int ply) {
    if (nodes >= slice_end || ((nodes & 255) == 0 && (stop_requested() || (use_time && limits_hold && time_up())))) {
      halted = true;
      halt_ply = ply;
      return true;
    }
    return false;
  }
  // The clock: past the move's time once min_nodes are searched, or past the hard limit.
  bool time_up() const {
    const Clock::time_point now = Clock::now();
    return now >= hard_deadline || (now >= deadline && nodes >= min_nodes);
  }
  // Whether the search as a whole is over (not merely this slice).
  bool limit_reached() const {
    return stop_requested() || (limits_hold && ((node_limit && nodes >= node_limit) || (use_time && time_up())));
  }

  bool see_ge(const Position& pos, Move m, int threshold) const {
    return dc::see_ge(pos, m, opt.eval.value, threshold);
  }
  bool enough_material_for_null(const Position& pos) const;

  void update_pv(int ply, Move m) {
    pv[ply][0] = m;
    const int n = pv_len[ply + 1];
    for (int i = 0; i < n; ++i) pv[ply][i + 1] = pv[ply + 1][i];
    pv_len[ply] = n + 1;
  }

  // A node of the tree search in progress (see search.cpp): its phase, the child search
  // it is in, and everything it needs to go on.
  struct Node {
    // negamax's phases that search a child: a node halted inside one goes back into it.
    enum class Phase : uint8_t { NullMove, Moves };
    // The searches of one move, in the order they may come (next_search()).
    enum class MoveSearch : uint8_t { First, Reduced, Unreduced, FullWindow, Done };
    Phase phase = Phase::Moves;
    MoveSearch move_search = MoveSearch::Done;
    bool pv_node = false, can_futile = false, quiet = false, gives_check = false;
    // The window (alpha raised as moves beat it) and alpha as the moves began (a best
    // score above it is exact, else an upper bound), the best score so far, the static
    // evaluation, and the score of the last child search.
    int alpha = 0, beta = 0, alpha_before_moves = 0, best = 0, static_eval = 0, child_score = 0;
    // The moves whose searches are done, the legal moves met (searched or pruned), the
    // current move's depth and its late-move reduction, the quiet moves kept (quiets).
    int searched = 0, legal = 0, child_depth = 0, reduction = 0, quiet_count = 0;
    // Quiescence (beside the fields it shares, in the node's first cache lines): whether
    // every evasion is searched (else captures only), whether one was legal, the static
    // evaluation it stands on, its generated moves and the next to pick.
    bool evasions = false, any_legal = false;
    int stand_pat = 0, move_count = 0, next_index = 0;
    uint64_t key = 0;
    Move tt_move, best_move;
    Move move;  // the move being searched
    Piece mover = NO_PIECE;
    detail::PrevMove prev;
    std::optional<detail::MovePicker> picker;
    std::optional<LegalityCheck> legality;
    static constexpr int MAX_QUIETS = 64;
    Move quiets[MAX_QUIETS];  // the quiet moves searched (the first MAX_QUIETS), for the history
  };
  Node node_[MAX_PLY + 1];
  // The root move being searched (see search_root_move): its searches, in the order
  // they may come.
  struct RootMove {
    enum class Step : uint8_t { Full, LineNullWindow, LineFull, NullWindow, Window, Done };
    Step step = Step::Full;
    bool gives_check = false;
    // floor: with MultiPV, the score the move must beat to be one of the lines.
    int child_depth = 0, floor = 0, score = 0;
  };
  RootMove root_move_;

  // The tree search (search.cpp). Its phases' helpers are inlined into it: they are
  // parts of one node's work, run at every node.
  int qsearch(Position& pos, int alpha, int beta, int ply, bool in_chk, int qply = 0);
  [[gnu::always_inline]] inline bool next_capture(Position& pos, int ply, int qply);
  int negamax(Position& pos, int depth, int alpha, int beta, int ply, bool in_chk, bool allow_null);
  [[gnu::always_inline]] inline std::optional<int> enter(Position& pos, int depth, int alpha, int beta, int ply,
                                                         bool in_chk, bool allow_null);
  [[gnu::always_inline]] inline void begin_moves(Position& pos, int depth, int ply, bool in_chk);
  [[gnu::always_inline]] inline bool next_move(Position& pos, int depth, int ply, bool in_chk);
  static Node::MoveSearch next_search(const Node& n);

  void begin(const Position& pos, const SearchLimits& lim, Clock::time_point started);
  bool run(uint64_t budget, const std::function<void(const SearchInfo&)>& on_info);
  void begin_iteration();
  void search_root_moves(Position& pos);
  void complete_iteration();
  void reorder_root_moves();
  void report_iteration(const std::function<void(const SearchInfo&)>& on_info, int ms) const;
  bool iteration_ends_search(int ms);
  int search_root_move(Position& pos, int i);
  RootMove::Step next_root_step(int i);
  void end_inside_iteration();
  int multipv_floor(int searched) const;
  void collect_lines();
  void finish();
  int elapsed_ms() const {
    return int(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
  }
};

}  // namespace dc
