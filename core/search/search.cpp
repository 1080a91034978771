#include "search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "../movegen.h"
#include "../status.h"
#include "see.h"
#include "timeman.h"

namespace dc {

namespace {

constexpr int INF = 32500;
constexpr int MATE = 32000;
constexpr int MAX_PLY = 128;
constexpr int MATE_BOUND = MATE - 2 * MAX_PLY;

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTEntry {
  uint64_t key;
  uint32_t move;
  int16_t score;
  int8_t depth;
  uint8_t bound_gen;  // bits 0-1 bound, 2-7 generation
};
static_assert(sizeof(TTEntry) == 16);

inline int score_to_tt(int s, int ply) { return s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s; }
inline int score_from_tt(int s, int ply) { return s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s; }

inline uint64_t splitmix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

using Clock = std::chrono::steady_clock;

// The quiescence's bounds (see qsearch).
constexpr int QS_EVASION_PLIES = 2;
constexpr int QS_TRADE_PLIES = 2;
constexpr int QS_MAX_PLIES = 6;

// Removes the captures from afar of a move list; returns the new count.
int without_afar(Move* moves, int n) { return int(std::remove_if(moves, moves + n, [](Move m) { return m.is_afar(); }) - moves); }

int LMR[64][64];
struct LmrInit {
  LmrInit() {
    for (int d = 0; d < 64; ++d)
      for (int i = 0; i < 64; ++i)
        LMR[d][i] = (d == 0 || i == 0) ? 0 : int(0.75 + std::log(double(d)) * std::log(double(i)) / 2.25);
  }
} lmr_init;

}  // namespace

LevelSettings level_settings(int level) {
  static const LevelSettings L[11] = {
      // time  depth  nodes  noise  blunder  margin  afar-blind%  frozen-blind%  horizon  horizon%  exact-root
      {0, 1, 0, 0, 0, 0, 0, 0, -1, 0, false},
      {900, 4, 80000, 25, 5, 90, 12, 12, 1, 8, true},     // 1: sometimes blind, misses recaptures
      {1200, 5, 160000, 15, 4, 60, 7, 7, -1, 0, true},    // 2
      {1500, 6, 250000, 11, 3, 45, 5, 5, -1, 0, true},    // 3
      {2000, 7, 550000, 6, 2, 25, 2, 2, -1, 0, true},     // 4
      {2500, 8, 1000000, 0, 0, 0, 0, 0, -1, 0, true},     // 5: no weakness; every root move exact
      {2500, MAX_DEPTH, 220000, 0, 0, 0, 0, 0, -1, 0, false},    // 6: the top level's search, by nodes
      {2500, MAX_DEPTH, 500000, 0, 0, 0, 0, 0, -1, 0, false},    // 7
      {2500, MAX_DEPTH, 1100000, 0, 0, 0, 0, 0, -1, 0, false},   // 8
      {3000, MAX_DEPTH, 2400000, 0, 0, 0, 0, 0, -1, 0, false},   // 9
      // 10: full strength; at least 4,000,000 nodes (1.67 times level 9: a floor of
      // 2.2 times, as each of levels 6-9 over the one below, scored 87.5%), thinking
      // up to 10 s for them on a slow machine.
      {3000, MAX_DEPTH, 0, 0, 0, 0, 0, 0, -1, 0, false, 4000000, 10000},
  };
  return L[std::clamp(level, 1, 10)];
}

SearchLimits level_limits(int level) { return level_limits(level_settings(level)); }

SearchLimits level_limits(const LevelSettings& ls) {
  SearchLimits l;
  l.movetime_ms = ls.movetime_ms;
  l.nodes = ls.max_nodes;
  l.min_nodes = ls.min_nodes;
  l.max_movetime_ms = ls.max_movetime_ms;
  return l;
}

struct Search::State {
  std::vector<TTEntry> tt;
  uint64_t tt_mask = 0;
  uint8_t gen = 0;

  int level = 10;
  LevelSettings ls = level_settings(10);
  SearchOptions opt;
  Evaluator evaluator;
  Evaluator frozen_blind_evaluator;  // the same weights without the freezing terms
  uint64_t rng = 0x2545F4914F6CDD1Dull;
  uint64_t noise_seed = 0;

  int history[PIECE_NB][SQUARE_NB];
  Move killers[MAX_PLY][2];
  Move counter[PIECE_NB][SQUARE_NB];  // by the previous move's piece and square
  // Continuation history by (previous move's piece and square, piece and square),
  // hashed into a table of CONT_SIZE.
  static constexpr size_t CONT_SIZE = size_t(1) << 20;
  std::vector<int16_t> cont = std::vector<int16_t>(CONT_SIZE);
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
    resize(hash_mb);
    clear();
  }

  void resize(size_t mb) {
    mb = std::clamp<size_t>(mb, 1, 1024);
    size_t n = 1;
    while (n * 2 * sizeof(TTEntry) <= mb * 1024 * 1024) n *= 2;
    tt.assign(n, TTEntry{});
    tt_mask = n - 1;
  }
  void clear() {
    std::fill(tt.begin(), tt.end(), TTEntry{});
    std::memset(history, 0, sizeof history);
    std::memset(killers, 0, sizeof killers);
    std::memset(counter, 0, sizeof counter);
    std::fill(cont.begin(), cont.end(), int16_t(0));
    std::fill(ecache.begin(), ecache.end(), EvalCacheEntry{});
    gen = 0;
  }
  uint64_t next_rand() { return rng = splitmix(rng); }

  TTEntry* probe(uint64_t key) { return &tt[key & tt_mask]; }
  void store(uint64_t key, int depth, int score, Bound b, Move m, int ply) {
    TTEntry& e = tt[key & tt_mask];
    const uint8_t egen = e.bound_gen >> 2;
    if (e.key != key || depth >= e.depth - 2 || egen != gen || b == BOUND_EXACT) {
      if (m.is_none() && e.key == key) m = Move::from_raw(e.move);
      e.key = key;
      e.move = m.raw();
      e.score = int16_t(score_to_tt(score, ply));
      e.depth = int8_t(std::clamp(depth, -1, 127));
      e.bound_gen = uint8_t(b | (gen << 2));
    }
  }

  struct EvalCacheEntry {
    uint64_t key;
    int32_t value;
  };
  std::vector<EvalCacheEntry> ecache = std::vector<EvalCacheEntry>(1 << 18);

  // Static evaluation; the per-piece part alone when it is far outside (alpha, beta).
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

  int eval(const Position& pos, int ply, int alpha = -INF, int beta = INF) {
    const uint64_t key = pos.key() ^ ev_salt;
    EvalCacheEntry& ce = ecache[key & (ecache.size() - 1)];
    int v;
    if (ce.key == key) {
      v = ce.value;
    } else {
      const int g = table_terms[ply];
      v = (pos.side_to_move() == GOLD ? g : -g) + ev->tempo();
      constexpr int LAZY = 200;  // above the 99.9th percentile of |dynamic| in random games
      if (v + LAZY > alpha && v - LAZY < beta) {
        v += ev->dynamic(pos);
        ce.key = key;
        ce.value = v;
      }
    }
    if (ls.noise_cp > 0) {
      const uint64_t h = splitmix(pos.key() ^ noise_seed);
      v += int(h % uint64_t(2 * ls.noise_cp + 1)) - ls.noise_cp;
    }
    return v;
  }

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
    return (node_limit && nodes >= node_limit) || stop->load(std::memory_order_relaxed) ||
           (use_time && time_up());
  }

  int order_score(const Position& pos, Move m, Move tt_move, int ply) const {
    if (m == tt_move) return 1 << 30;
    const Piece mover = pos.at(m.from());
    if (m.is_capture()) {
      const int victim = GYGAX_VALUE_CP[type_of(pos.at(m.to()))];
      const int att = m.is_afar() ? 0 : GYGAX_VALUE_CP[type_of(mover)];
      return 100000000 + victim * 64 - att / 16 + (m.is_promotion() ? 350 * 64 : 0);
    }
    if (m.is_promotion()) return 99000000;
    if (m == killers[ply][0]) return 90000000;
    if (m == killers[ply][1]) return 89000000;
    const PrevMove pm = prev_move(pos);
    if (opt.countermove && pm.piece != NO_PIECE && m == counter[pm.piece][pm.to]) return 88000000;
    return quiet_score(pm, mover, m);
  }

  // The previous move (the opponent's), as the piece that made it and its square;
  // NO_PIECE after a null move or at the start.
  struct PrevMove {
    Piece piece = NO_PIECE;
    Square to = SQ_NONE;
  };
  static PrevMove prev_move(const Position& pos) {
    const Move m = pos.last_move();
    if (m.is_none()) return {};
    // A capture from afar leaves its piece where it was.
    return {pos.at(m.is_afar() ? m.from() : m.to()), m.to()};
  }
  int16_t* cont_entry(const PrevMove& pm, Piece mover, Square to) {
    if (pm.piece == NO_PIECE) return nullptr;
    const uint64_t k = ((uint64_t(pm.piece) * SQUARE_NB + uint64_t(pm.to)) * PIECE_NB + mover) * SQUARE_NB + uint64_t(to);
    return &cont[splitmix(k) & (CONT_SIZE - 1)];
  }
  int quiet_score(const PrevMove& pm, Piece mover, Move m) const {
    int v = history[mover][m.to()];
    if (opt.cont_history) {
      if (const int16_t* c = const_cast<State*>(this)->cont_entry(pm, mover, m.to())) v += 2 * *c;
    }
    return v;
  }

  // Puts the best remaining move at index i. The first few are selected one at a time
  // (a cut-off usually comes early); after that the rest is sorted once.
  static void pick(Move* moves, int* scores, int n, int i) {
    constexpr int SELECT_FIRST = 4;
    if (i == SELECT_FIRST && n - i > 1) {
      sort_rest(moves, scores, n, i);
      return;
    }
    if (i > SELECT_FIRST) return;
    // Ties go to the smaller move code, so that the search does not depend on the
    // order of the piece lists (which make/unmake may permute).
    int best = i;
    for (int j = i + 1; j < n; ++j)
      if (scores[j] > scores[best] || (scores[j] == scores[best] && moves[j].raw() < moves[best].raw())) best = j;
    if (best != i) {
      std::swap(moves[i], moves[best]);
      std::swap(scores[i], scores[best]);
    }
  }

  static void sort_rest(Move* moves, int* scores, int n, int i) {
    // One key per move: score descending, then move code ascending.
    uint64_t keys[MAX_MOVES];
    for (int j = i; j < n; ++j)
      keys[j] = uint64_t(uint32_t(scores[j]) ^ 0x80000000u) << 32 | uint32_t(~moves[j].raw());
    std::sort(keys + i, keys + n, std::greater<uint64_t>());
    for (int j = i; j < n; ++j) {
      scores[j] = int(uint32_t(keys[j] >> 32) ^ 0x80000000u);
      moves[j] = Move::from_raw(~uint32_t(keys[j]));
    }
  }

  bool see_ge(Position& pos, Move m, int threshold) const { return dc::see_ge(pos, m, opt.eval.value, threshold); }

  bool enough_material_for_null(const Position& pos) const {
    // Not with only a King and a few pieces (zugzwang danger).
    const Color us = pos.side_to_move();
    if (pos.piece_count(us) <= 4) return false;
    int big = 0;
    for (Square s : pos.pieces(us)) {
      const PieceType t = type_of(pos.at(s));
      if (t != KING && t != WARRIOR && t != SYLPH && t != DWARF) ++big;
    }
    return big >= 2;
  }

  void update_pv(int ply, Move m) {
    pv[ply][0] = m;
    const int n = pv_len[ply + 1];
    for (int i = 0; i < n; ++i) pv[ply][i + 1] = pv[ply + 1][i];
    pv_len[ply] = n + 1;
  }

  class MovePicker;
  int qsearch(Position& pos, int alpha, int beta, int ply, bool in_chk, int qply = 0);
  void begin(const Position& pos, const SearchLimits& lim);
  bool run(uint64_t budget, const std::function<void(const SearchInfo&)>& on_info);
  int multipv_floor(int searched) const;
  void collect_lines();
  void finish();
  int elapsed_ms() const {
    return int(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
  }
  int negamax(Position& pos, int depth, int alpha, int beta, int ply, bool in_chk, bool allow_null);
};

// The moves of a node in the order they are searched, generated in stages so that a
// cut-off by the hash move or a capture spares generating the quiet moves: the hash
// move (when it is pseudo-legal here), then the captures by MVV/LVA (with SEE
// ordering, those that lose material by SEE are put aside), then the quiet moves
// (promotions, killers, then by history), then the losing captures.
class Search::State::MovePicker {
 public:
  MovePicker(State& S, Position& pos, Move tt_move, int ply, bool in_chk)
      : S_(S), pos_(pos), tt_(tt_move), ply_(ply), afar_blind_(S.afar_blind && !in_chk),
        moves_(&S.move_buf[size_t(ply) * MAX_MOVES]), scores_(&S.score_buf[size_t(ply) * MAX_MOVES]) {}

  Move next() {
    switch (stage_) {
      case Stage::Hash:
        stage_ = Stage::GenCaptures;
        if (!tt_.is_none() && !(afar_blind_ && tt_.is_afar()) && pseudo_legal(pos_, tt_)) return tt_;
        tt_ = Move::none();
        [[fallthrough]];
      case Stage::GenCaptures:
        start_ = cur_ = 0;
        end_ = generate_pseudo_captures(pos_, moves_);
        if (afar_blind_) end_ = without_afar(moves_, end_);
        score();
        stage_ = Stage::Captures;
        [[fallthrough]];
      case Stage::Captures:
        while (true) {
          const Move m = from_list();
          if (m.is_none()) break;
          if (S_.opt.see_order && !S_.see_ge(pos_, m, 0)) {
            moves_[bad_++] = m;  // (a slot already handed out)
            continue;
          }
          return m;
        }
        start_ = cur_ = end_;
        end_ += generate_pseudo_quiets(pos_, moves_ + start_);
        score();
        stage_ = Stage::Quiets;
        [[fallthrough]];
      case Stage::Quiets:
        if (Move m = from_list(); !m.is_none()) return m;
        stage_ = Stage::BadCaptures;
        cur_ = 0;
        [[fallthrough]];
      case Stage::BadCaptures:
        if (cur_ < bad_) return moves_[cur_++];
        stage_ = Stage::Done;
        [[fallthrough]];
      case Stage::Done:
        break;
    }
    return Move::none();
  }

 private:
  enum class Stage { Hash, GenCaptures, Captures, Quiets, BadCaptures, Done };
  void score() {
    for (int i = start_; i < end_; ++i) scores_[i] = S_.order_score(pos_, moves_[i], Move::none(), ply_);
  }
  // The next move of the current list in order, skipping the hash move.
  Move from_list() {
    while (cur_ < end_) {
      pick(moves_ + start_, scores_ + start_, end_ - start_, cur_ - start_);
      const Move m = moves_[cur_++];
      if (m != tt_) return m;
    }
    return Move::none();
  }

  State& S_;
  Position& pos_;
  Move tt_;
  int ply_;
  bool afar_blind_;  // the level's weakness (never in check: every evasion is seen)
  Move* moves_;
  int* scores_;
  Stage stage_ = Stage::Hash;
  int start_ = 0, cur_ = 0, end_ = 0;
  int bad_ = 0;  // losing captures, kept in moves_[0, bad_)
};

// Quiescence: captures (from afar too) until the position is quiet. In check, every
// evasion is searched in the first QS_EVASION_PLIES plies of quiescence; deeper, a
// checked side gets only its captures and may stand pat, which bounds the chains of
// capturing checks that crowded positions produce across the levels (the constants
// are at the top of the file).

int Search::State::qsearch(Position& pos, int alpha, int beta, int ply, bool in_chk, int qply) {
  pv_len[ply] = 0;
  poll();
  if (aborted) return 0;
  ++nodes;
  if (ply > seldepth) seldepth = ply;
  if (bare_kings(pos)) return 0;
  if (ply >= MAX_PLY - 1) return in_chk ? 0 : eval(pos, ply);

  Move* moves = &move_buf[size_t(ply) * MAX_MOVES];
  int* scores = &score_buf[size_t(ply) * MAX_MOVES];
  int best;
  int n;
  int stand = -INF;
  const bool bounded = opt.qsearch_bound;
  const bool evasions = in_chk && (!bounded || qply < QS_EVASION_PLIES);
  if (evasions) {
    n = generate_pseudo(pos, moves);  // every evasion
    best = -INF;
  } else {
    stand = eval(pos, ply, alpha, beta);
    if (stand >= beta || (bounded && qply >= QS_MAX_PLIES) || (qs_horizon >= 0 && qply >= qs_horizon)) return stand;
    if (stand > alpha) alpha = stand;
    best = stand;
    n = generate_pseudo_captures(pos, moves);
    if (afar_blind) n = without_afar(moves, n);
  }
  LegalityCheck legality(pos, in_chk);
  bool any_legal = false;
  const Color them = ~pos.side_to_move();
  for (int i = 0; i < n; ++i) scores[i] = order_score(pos, moves[i], Move::none(), ply);
  for (int i = 0; i < n; ++i) {
    pick(moves, scores, n, i);
    const Move m = moves[i];
    if (!evasions && m.is_capture()) {
      const int victim = opt.eval.value[type_of(pos.at(m.to()))];
      // Delta pruning: even winning the piece cannot raise alpha.
      if (!m.is_promotion() && stand + victim + 200 <= alpha) continue;
      if (opt.qsearch_prune && !m.is_afar()) {
        // A capture that loses material to a recapture; deeper in quiescence, an even
        // trade too (crowded positions hold dozens of them, and their chains explode).
        const bool deep = bounded && qply >= QS_TRADE_PLIES;
        if (opt.see_qsearch) {
          if (!see_ge(pos, m, deep ? 1 : 0)) continue;
        } else {
          const int att = opt.eval.value[type_of(pos.at(m.from()))];
          const int margin = deep ? -50 : 50;
          if (att > victim + margin && attacked(pos, m.to(), them)) continue;
        }
      }
    }
    if (!legality.legal(pos, m)) continue;
    any_legal = true;
    make(pos, m, ply);
    const bool gc = in_check_after_move(pos);
    const int score = -qsearch(pos, -beta, -alpha, ply + 1, gc, qply + 1);
    pos.unmake_move();
    if (aborted) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;  // (the reported PV ends where quiescence starts)
        if (score >= beta) break;
      }
    }
  }
  if (evasions && !any_legal) return -MATE + ply;
  return best;
}

int Search::State::negamax(Position& pos, int depth, int alpha, int beta, int ply, bool in_chk,
                           bool allow_null) {
  if (depth <= 0) return qsearch(pos, alpha, beta, ply, in_chk);
  pv_len[ply] = 0;
  poll();
  if (aborted) return 0;
  ++nodes;
  if (ply > seldepth) seldepth = ply;
  const bool pv_node = beta - alpha > 1;

  // Draws inside the search.
  if (bare_kings(pos) || pos.repetitions() >= 1) return 0;
  if (pos.quiet_plies() >= QUIET_MOVE_LIMIT) {
    if (!in_chk) return 0;
    Move tmp[MAX_MOVES];
    return generate_legal(pos, tmp) == 0 ? -MATE + ply : 0;
  }
  if (ply >= MAX_PLY - 1) return in_chk ? 0 : eval(pos, ply);
  // Mate distance pruning.
  alpha = std::max(alpha, -MATE + ply);
  beta = std::min(beta, MATE - ply - 1);
  if (alpha >= beta) return alpha;

  const uint64_t key = pos.key();
  TTEntry* e = probe(key);
  Move tt_move = Move::none();
  if (e->key == key) {
    tt_move = Move::from_raw(e->move);
    const int ts = score_from_tt(e->score, ply);
    const int b = e->bound_gen & 3;
    if (!pv_node && e->depth >= depth &&
        ((b == BOUND_EXACT) || (b == BOUND_LOWER && ts >= beta) || (b == BOUND_UPPER && ts <= alpha)))
      return ts;
  }

  const int static_eval = in_chk ? -INF : eval(pos, ply, alpha, beta);

  // Reverse futility pruning.
  if (opt.futility && !pv_node && !in_chk && depth <= 3 && std::abs(beta) < MATE_BOUND &&
      static_eval - 150 * depth >= beta)
    return static_eval;

  // Null move.
  if (opt.null_move && allow_null && !pv_node && !in_chk && depth >= 3 && static_eval >= beta &&
      std::abs(beta) < MATE_BOUND && enough_material_for_null(pos)) {
    const int R = 3 + depth / 4;
    make_null(pos, ply);
    const int score = -negamax(pos, depth - 1 - R, -beta, -beta + 1, ply + 1, false, false);
    pos.unmake_null();
    if (aborted) return 0;
    if (score >= beta) return score >= MATE_BOUND ? beta : score;
  }

  MovePicker picker(*this, pos, tt_move, ply, in_chk);
  LegalityCheck legality(pos, in_chk);

  const int alpha0 = alpha;
  int best = -INF;
  Move best_move = Move::none();
  Move quiets[64];
  int nq = 0;
  const bool can_futile = opt.futility && !pv_node && !in_chk && depth <= 2 &&
                          std::abs(alpha) < MATE_BOUND && static_eval + 200 * depth <= alpha;
  int searched = 0, legal = 0;
  const PrevMove pm = prev_move(pos);
  for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
    if (!legality.legal(pos, m)) continue;
    ++legal;
    const bool quiet = !m.is_capture() && !m.is_promotion();
    // Near the leaves, a move that loses material by SEE (more for a capture, which
    // may still be worth a look) is not searched once some move has been.
    if (opt.see_prune && !pv_node && !in_chk && searched > 0 && depth <= 6 && best > -MATE_BOUND &&
        !see_ge(pos, m, quiet ? -20 * depth * depth : -100 * depth))
      continue;
    const Piece mover = pos.at(m.from());
    make(pos, m, ply);
    const bool gc = in_check_after_move(pos);
    if (can_futile && quiet && !gc && searched > 0) {
      pos.unmake_move();
      continue;
    }
    int ext = (opt.check_extension && gc && ply < 2 * root_depth) ? 1 : 0;
    const int nd = depth - 1 + ext;
    int score;
    if (searched == 0) {
      score = -negamax(pos, nd, -beta, -alpha, ply + 1, gc, true);
    } else {
      int r = 0;
      if (opt.lmr && depth >= 3 && searched >= (pv_node ? 4 : 3) && quiet && !in_chk && !gc &&
          m != killers[ply][0] && m != killers[ply][1]) {
        r = LMR[std::min(depth, 63)][std::min(searched, 63)];
        if (pv_node) r -= 1;
        if (quiet_score(pm, mover, m) > 2000) r -= 1;
        r = std::clamp(r, 0, nd - 1);
      }
      score = -negamax(pos, nd - r, -alpha - 1, -alpha, ply + 1, gc, true);
      if (score > alpha && r > 0) score = -negamax(pos, nd, -alpha - 1, -alpha, ply + 1, gc, true);
      if (score > alpha && score < beta) score = -negamax(pos, nd, -beta, -alpha, ply + 1, gc, true);
    }
    pos.unmake_move();
    if (aborted) return 0;
    ++searched;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        update_pv(ply, m);
        if (score >= beta) {
          if (quiet) {
            if (killers[ply][0] != m) {
              killers[ply][1] = killers[ply][0];
              killers[ply][0] = m;
            }
            if (opt.countermove && pm.piece != NO_PIECE) counter[pm.piece][pm.to] = m;
            const int bonus = std::min(depth * depth, 400);
            int& h = history[mover][m.to()];
            h += bonus - h * bonus / 16384;
            int16_t* c = opt.cont_history ? cont_entry(pm, mover, m.to()) : nullptr;
            if (c) *c = int16_t(*c + bonus - *c * bonus / 16384);
            for (int j = 0; j < nq; ++j) {
              const Move q = quiets[j];
              const Piece qp = pos.at(q.from());
              int& hq = history[qp][q.to()];
              hq -= bonus + hq * bonus / 16384;
              if (int16_t* cq = opt.cont_history ? cont_entry(pm, qp, q.to()) : nullptr)
                *cq = int16_t(*cq - bonus - *cq * bonus / 16384);
            }
          }
          break;
        }
      }
    }
    if (quiet && nq < 64) quiets[nq++] = m;
  }
  if (legal == 0) return in_chk ? -MATE + ply : 0;
  if (searched == 0) return static_eval;  // everything futile (never in check)
  const Bound b = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
  store(key, depth, best, b, best_move, ply);
  return best;
}

// --- The public class -----------------------------------------------------------------

Search::Search(size_t hash_mb) : s_(std::make_unique<State>(hash_mb)) {}
Search::~Search() = default;

void Search::set_hash_mb(size_t mb) { s_->resize(mb); }
void Search::set_level(int level) {
  s_->level = std::clamp(level, 1, 10);
  s_->ls = level_settings(s_->level);
}
void Search::set_level_settings(const LevelSettings& ls) {
  s_->level = 0;
  s_->ls = ls;
}
int Search::level() const { return s_->level; }
void Search::set_options(const SearchOptions& o) {
  s_->opt = o;
  s_->evaluator = Evaluator(o.eval);
  s_->frozen_blind_evaluator = Evaluator(State::without_freezing(o.eval));
  std::fill(s_->ecache.begin(), s_->ecache.end(), State::EvalCacheEntry{});
}
const SearchOptions& Search::options() const { return s_->opt; }
void Search::set_seed(uint64_t seed) { s_->rng = splitmix(seed ^ 0x1234567ull); }
void Search::new_game() { s_->clear(); }
void Search::stop() { stop_.store(true); }

namespace {
void fill_score(int score, int& cp, bool& is_mate, int& mate_in) {
  cp = score;
  is_mate = std::abs(score) >= MATE_BOUND;
  mate_in = 0;
  if (is_mate) mate_in = score > 0 ? (MATE - score + 1) / 2 : -((MATE + score) / 2);
}

// The principal variation as reported: the moves of the triangular PV array, kept while
// each is legal in the position reached so far, ending at a repetition or a finished
// game. pos is restored.
std::vector<Move> checked_pv(Position& pos, const Move* pv, int len) {
  std::vector<Move> out;
  for (int i = 0; i < len; ++i) {
    const Move m = pv[i];
    if (m.is_none() || find_legal(pos, m.from(), m.to()) != m) break;
    pos.make_move(m);
    out.push_back(m);
    if (pos.repetitions() >= 1 || game_status(pos).over()) break;
  }
  for (size_t i = 0; i < out.size(); ++i) pos.unmake_move();
  return out;
}
}  // namespace

void Search::State::begin(const Position& pos, const SearchLimits& lim) {
  root_pos = pos;
  limits = lim;
  nodes = 0;
  aborted = false;
  seldepth = 0;
  start = Clock::now();
  use_time = lim.movetime_ms > 0 && !lim.infinite;
  deadline = start + std::chrono::milliseconds(std::max(1, lim.movetime_ms - 3));
  const bool has_floor = lim.min_nodes > 0 && lim.max_movetime_ms > lim.movetime_ms;
  min_nodes = has_floor ? lim.min_nodes : 0;
  hard_deadline = has_floor ? start + std::chrono::milliseconds(lim.max_movetime_ms - 3) : deadline;
  node_limit = lim.infinite ? 0 : lim.nodes;
  // Below the top level the node cap holds whatever the limits (the top level's is only
  // in level_limits(): asked for more, it searches more).
  if (level < 10 && ls.max_nodes && !lim.infinite)
    node_limit = node_limit ? std::min(node_limit, ls.max_nodes) : ls.max_nodes;
  max_depth = lim.depth > 0 && !lim.infinite ? std::min(lim.depth, MAX_DEPTH) : MAX_DEPTH;
  max_depth = std::min(max_depth, ls.max_depth);
  gen = uint8_t((gen + 1) & 63);
  // The level's randomness, once per search.
  noise_seed = level < 10 ? next_rand() : 0;
  blunder_roll = level < 10 ? int(next_rand() % 100) : 100;
  blunder_pick = level < 10 ? next_rand() : 0;
  multi = level < 10 && ls.exact_root;
  // The weaknesses (drawn after the above, so that a level without them keeps its
  // earlier randomness).
  afar_blind = level < 10 && ls.afar_blind_pct > 0 && int(next_rand() % 100) < ls.afar_blind_pct;
  const bool frozen_blind = level < 10 && ls.frozen_blind_pct > 0 && int(next_rand() % 100) < ls.frozen_blind_pct;
  ev = frozen_blind ? &frozen_blind_evaluator : &evaluator;
  ev_salt = frozen_blind ? 0x5bd1e9955bd1e995ull : 0;
  // The capture horizon holds always (100%) or in a share of the searches (drawn only
  // then, after the above).
  const bool horizon = level < 10 && ls.capture_horizon >= 0 && ls.horizon_pct > 0 &&
                       (ls.horizon_pct >= 100 || int(next_rand() % 100) < ls.horizon_pct);
  qs_horizon = horizon ? ls.capture_horizon : -1;

  res = SearchResult{};
  n_root = generate_legal(root_pos, root);
  if (!lim.root_moves.empty()) {
    int k = 0;
    for (int i = 0; i < n_root; ++i)
      for (Move m : lim.root_moves)
        if (m.same_squares(root[i])) { root[k++] = root[i]; break; }
    n_root = k;
  }
  if (afar_blind && std::any_of(root, root + n_root, [](Move m) { return !m.is_afar(); }))
    n_root = without_afar(root, n_root);
  multipv = std::clamp(std::min(lim.multipv, n_root), 1, MAX_MULTIPV);
  line_pv.assign(multipv > 1 ? size_t(n_root) : 0, {});
  finished = n_root == 0;
  if (n_root == 0) {
    fill_score(in_check(root_pos) ? -MATE : 0, res.score_cp, res.is_mate, res.mate_in);
    return;
  }
  // Initial order: the hash move, then captures by MVV/LVA, then the quiet order.
  Move tt_move = Move::none();
  const TTEntry* e = probe(root_pos.key());
  if (e->key == root_pos.key()) tt_move = Move::from_raw(e->move);
  for (int i = 0; i < n_root; ++i) root_score[i] = order_score(root_pos, root[i], tt_move, 0);
  for (int i = 0; i < n_root; ++i) pick(root, root_score, n_root, i);
  for (int i = 0; i < n_root; ++i) exact[i] = -INF;
  res.best = root[0];
  table_terms[0] = ev->gold_terms(root_pos);
  depth = 0;
  next_root = n_root;  // no iteration in progress
  prev_best = Move::none();
  prev_score = 0;
  stable = 0;
}

// Searches until the budget, a limit or the end of the search. Returns whether the
// search is over.
bool Search::State::run(uint64_t budget, const std::function<void(const SearchInfo&)>& on_info) {
  if (finished) return true;
  slice_end = nodes + std::max<uint64_t>(budget, 1);
  if (node_limit) slice_end = std::min(slice_end, node_limit);
  aborted = false;
  if (limit_reached()) {
    finish();
    return true;
  }
  Position& pos = root_pos;
  for (;;) {
    if (next_root >= n_root) {  // a new iteration
      if (depth >= max_depth) {
        finish();
        return true;
      }
      ++depth;
      root_depth = depth;
      next_root = 0;
      it_alpha = -INF;
      it_best = -INF;
      it_best_move = Move::none();
      it_best_pv.clear();
      // The aspiration window around the last iteration's score.
      asp_lo = -INF;
      asp_hi = INF;
      asp_delta = 25;
      if (opt.aspiration && depth >= 4 && std::abs(res.score_cp) < MATE_BOUND && !res.is_mate) {
        asp_lo = std::max(-INF, res.score_cp - asp_delta);
        asp_hi = std::min(INF, res.score_cp + asp_delta);
      }
      for (int i = 0; i < n_root; ++i) root_score[i] = -INF - 1;
    }
    for (; next_root < n_root; ++next_root) {
      const int i = next_root;
      const Move m = root[i];
      make(pos, m, 0);
      const bool gc = in_check_after_move(pos);
      const int nd = depth - 1 + ((opt.check_extension && gc) ? 1 : 0);
      int score = -INF;
      // MultiPV: a move must beat the multipv-th best exact score so far to be a line.
      const int floor = multipv > 1 ? multipv_floor(i) : -INF;
      if (multi || (multipv > 1 && i == 0)) {
        score = -negamax(pos, nd, -INF, INF, 1, gc, true);
      } else if (multipv > 1) {
        if (floor == -INF) {
          score = -negamax(pos, nd, -INF, INF, 1, gc, true);
        } else {
          score = -negamax(pos, nd, -floor - 1, -floor, 1, gc, true);
          if (score > floor && !aborted) score = -negamax(pos, nd, -INF, -floor, 1, gc, true);
        }
      } else {
        // The first move in the aspiration window (or the full one), the others with a
        // null window first; a score outside the window widens it and searches again.
        if (i > 0) score = -negamax(pos, nd, -it_alpha - 1, -it_alpha, 1, gc, true);
        if (i == 0 || (score > it_alpha && !aborted)) {
          for (;;) {
            const int lo = i == 0 ? asp_lo : it_alpha;
            score = -negamax(pos, nd, -asp_hi, -lo, 1, gc, true);
            if (aborted) break;
            if (i == 0 && score <= asp_lo && asp_lo > -INF) {
              asp_lo = std::max(-INF, asp_lo - asp_delta);
            } else if (score >= asp_hi && asp_hi < INF) {
              asp_hi = std::min(INF, asp_hi + asp_delta);
            } else {
              break;
            }
            asp_delta *= 2;
          }
        }
      }
      pos.unmake_move();
      if (aborted) break;
      root_score[i] = score;
      if (multipv > 1) {
        line_exact[i] = multi || score > floor;
        if (line_exact[i]) {
          update_pv(0, m);
          line_pv[size_t(i)] = checked_pv(pos, pv[0], pv_len[0]);
        }
      }
      if (score > it_best) {
        it_best = score;
        it_best_move = m;
        update_pv(0, m);
        it_best_pv = checked_pv(pos, pv[0], pv_len[0]);
        if (score > it_alpha) it_alpha = score;
      }
    }
    if (aborted) {
      if (!limit_reached()) return false;  // the slice is used up: resume here next time
      // The search is over inside an iteration.
      if (!it_best_move.is_none()) {
        if (depth == 1) {
          // Depth 1 was never completed: the best root move searched so far.
          res.best = it_best_move;
          res.pv = it_best_pv;
          fill_score(it_best, res.score_cp, res.is_mate, res.mate_in);
        } else if (!multi && multipv == 1 && it_best_move != res.best && it_best > res.score_cp && root_score[0] > -INF - 1) {
          // A root move searched completely that beats the previous iteration's best
          // (searched first) is trustworthy.
          res.best = it_best_move;
          res.pv = it_best_pv;
        }
      }
      finish();
      return true;
    }

    // The iteration is complete.
    for (int i = 0; i < n_root; ++i) exact[i] = root_score[i];
    if (multipv > 1) collect_lines();
    {  // Reorder: best first, then by score (stable keeps the previous order on ties).
      struct Entry { int key; Move m; int exact; };
      std::vector<Entry> v(static_cast<size_t>(n_root));
      for (int i = 0; i < n_root; ++i) v[size_t(i)] = {root[i] == it_best_move ? INF + 1 : root_score[i], root[i], exact[i]};
      std::stable_sort(v.begin(), v.end(), [](const Entry& a, const Entry& b) { return a.key > b.key; });
      for (int i = 0; i < n_root; ++i) root[i] = v[size_t(i)].m, exact[i] = v[size_t(i)].exact;
    }
    res.best = it_best_move;
    res.depth = depth;
    res.pv = it_best_pv;
    fill_score(it_best, res.score_cp, res.is_mate, res.mate_in);
    if (multipv == 1) res.lines.assign(1, SearchLine{res.best, res.score_cp, res.is_mate, res.mate_in, res.pv});
    const int ms = elapsed_ms();
    if (on_info) {
      SearchInfo info;
      info.depth = depth;
      info.seldepth = seldepth;
      info.score_cp = res.score_cp;
      info.is_mate = res.is_mate;
      info.mate_in = res.mate_in;
      info.nodes = nodes;
      info.time_ms = ms;
      info.nps = ms > 0 ? nodes * 1000 / uint64_t(ms) : nodes * 1000;
      info.pv = res.pv;
      info.lines = res.lines;
      on_info(info);
    }
    // Time: no new iteration once it would likely not finish in time (timeman.h: half
    // the move's time; on a clock the soft limit, which the time manager moves with how
    // clear the position is: later when the best move just changed or its score fell,
    // sooner when the same move has come out best for several iterations).
    const bool changed = depth > 1 && it_best_move != prev_best;
    const bool fell = depth > 1 && prev_score - it_best > 30;
    stable = changed ? 0 : stable + 1;
    prev_best = it_best_move;
    prev_score = it_best;
    bool over = depth >= max_depth;
    if (use_time && ms > iteration_deadline_ms(limits, {changed, fell, stable}, opt.time_manager) && nodes >= min_nodes)
      over = true;
    if (use_time && min_nodes && int64_t(ms) * 2 > int64_t(limits.max_movetime_ms)) over = true;
    if (n_root == 1 && use_time) over = true;
    if (limit_reached()) over = true;
    // A forced mate found and proven at this depth: deeper search changes nothing.
    if (!limits.infinite && res.is_mate && depth >= 2 * std::abs(res.mate_in) + 2 && limits.depth == 0) over = true;
    if (over) {
      finish();
      return true;
    }
    if (nodes >= slice_end) return false;
  }
}

// The multipv-th best exact score among the first `searched` root moves of the
// iteration, or -INF while fewer than multipv have exact scores.
int Search::State::multipv_floor(int searched) const {
  int top[MAX_MULTIPV];  // the best exact scores so far, descending
  int n = 0;
  for (int j = 0; j < searched; ++j) {
    if (!line_exact[j]) continue;
    const int v = root_score[j];
    if (n == multipv && v <= top[n - 1]) continue;
    int k = n < multipv ? n++ : n - 1;  // when full, the last one drops out
    while (k > 0 && top[k - 1] < v) {
      top[k] = top[k - 1];
      --k;
    }
    top[k] = v;
  }
  return n < multipv ? -INF : top[multipv - 1];
}

// The completed iteration's best lines: the root moves with exact scores, best first
// (a move that failed low scored at most the floor it was searched against, which is
// at most the final multipv-th score, so the exact ones are a true top multipv).
void Search::State::collect_lines() {
  std::vector<int> idx;
  for (int i = 0; i < n_root; ++i)
    if (line_exact[i]) idx.push_back(i);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
    if (root[a] == it_best_move) return root[b] != it_best_move;
    if (root[b] == it_best_move) return false;
    return root_score[a] > root_score[b];
  });
  res.lines.clear();
  for (int i : idx) {
    if (int(res.lines.size()) == multipv) break;
    SearchLine l;
    l.move = root[i];
    fill_score(root_score[i], l.score_cp, l.is_mate, l.mate_in);
    l.pv = line_pv[size_t(i)];
    if (l.pv.empty() || l.pv[0] != l.move) l.pv.assign(1, l.move);
    res.lines.push_back(std::move(l));
  }
}

void Search::State::finish() {
  finished = true;
  // Lower levels: sometimes a reasonable but not the best move (drawn in begin()).
  if (multi && ls.blunder_pct > 0 && res.depth > 0 && n_root > 1 && blunder_roll < ls.blunder_pct &&
      std::abs(exact[0]) < MATE_BOUND) {
    const int top = exact[0];
    std::vector<Move> cands;
    for (int i = 1; i < n_root; ++i)
      if (exact[i] > -INF && exact[i] >= top - ls.blunder_margin) cands.push_back(root[i]);
    if (!cands.empty()) {
      res.best = cands[blunder_pick % cands.size()];
      res.pv.assign(1, res.best);
    }
  }
  res.nodes = nodes;
  if (!res.best.is_none() && (res.pv.empty() || res.pv[0] != res.best)) res.pv.assign(1, res.best);
}

void Search::start(const Position& pos, const SearchLimits& limits) {
  stop_.store(false);
  s_->stop = &stop_;
  s_->begin(pos, limits);
}

bool Search::advance(uint64_t node_budget, const InfoFn& on_info) { return s_->run(node_budget, on_info); }

bool Search::done() const { return s_->finished; }

SearchResult Search::result() const {
  SearchResult r = s_->res;
  r.nodes = s_->nodes;
  if (!r.best.is_none() && (r.pv.empty() || r.pv[0] != r.best)) r.pv.assign(1, r.best);
  // No iteration completed, or a lower level's deliberate other move: the answer alone.
  if (!r.best.is_none() && (r.lines.empty() || (s_->multipv == 1 && r.lines[0].move != r.best)))
    r.lines.assign(1, SearchLine{r.best, r.score_cp, r.is_mate, r.mate_in, r.pv});
  return r;
}

Result<Position> threat_position(const Position& pos) {
  if (in_check(pos))
    return make_error(std::string(color_name(pos.side_to_move())) +
                      " is in check: a pass would leave its King to be captured, so there is no threat to show");
  Position p = pos;
  p.make_null();
  return p;
}

SearchProgress Search::progress() const {
  SearchProgress p;
  p.depth = s_->res.depth;
  p.seldepth = s_->seldepth;
  p.nodes = s_->nodes;
  p.elapsed_ms = s_->elapsed_ms();
  p.done = s_->finished;
  return p;
}

SearchResult Search::go(Position& pos, const SearchLimits& limits, const InfoFn& on_info) {
  // A stop() that arrives between start() and the first advance() still counts.
  const bool stopped_early = stop_.load();
  start(pos, limits);
  if (stopped_early) stop_.store(true);
  while (!advance(SEARCH_SLICE_NODES, on_info)) {
  }
  stop_.store(false);
  return result();
}

}  // namespace dc
