// The root of the search and its iterations: the root moves and their order, iterative
// deepening (aspiration windows, MultiPV, a level's exact root), the end of an iteration
// or of the search (time, nodes, a found mate) and a lower level's deliberate other move.
// The search runs in slices: run() returns when its budget is used up and goes on from
// there at the next call.
#include <algorithm>

#include "../movegen.h"
#include "../status.h"
#include "search_state.h"
#include "timeman.h"

namespace dc {

using namespace detail;

namespace {
// The root's aspiration window: from this depth, its first half-width, doubled at each
// widening.
constexpr int ASPIRATION_MIN_DEPTH = 4, ASPIRATION_DELTA = 25;
// The time manager's trend: the best move's score fell by more than this.
constexpr int SCORE_FELL_CP = 30;
// The search stops this long before the move's time (and the hard limit of a node
// floor): the clock is read only every 256 nodes, and the answer still has to be sent.
constexpr int DEADLINE_MARGIN_MS = 3;

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

void Search::State::begin(const Position& pos, const SearchLimits& lim, Clock::time_point started) {
  root_pos = pos;
  limits = lim;
  nodes = 0;
  halted = false;
  resume_ply = 0;
  in_root_move = false;
  root_plies = pos.plies_played();
  seldepth = 0;
  start = started;
  limits_hold = !opt.qsearch_bound;
  use_time = lim.movetime_ms > 0 && !lim.infinite;
  deadline = start + std::chrono::milliseconds(std::max(1, lim.movetime_ms - DEADLINE_MARGIN_MS));
  const bool has_floor = lim.min_nodes > 0 && lim.max_movetime_ms > lim.movetime_ms;
  min_nodes = has_floor ? lim.min_nodes : 0;
  hard_deadline = has_floor ? start + std::chrono::milliseconds(lim.max_movetime_ms - DEADLINE_MARGIN_MS) : deadline;
  node_limit = lim.infinite ? 0 : lim.nodes;
  // Below the top level the node cap holds whatever the limits (the top level's is only
  // in level_limits(): asked for more, it searches more).
  if (level < 10 && ls.max_nodes && !lim.infinite)
    node_limit = node_limit ? std::min(node_limit, ls.max_nodes) : ls.max_nodes;
  max_depth = lim.depth > 0 && !lim.infinite ? std::min(lim.depth, MAX_DEPTH) : MAX_DEPTH;
  max_depth = std::min(max_depth, ls.max_depth);
  tt.new_search();
  tables_used = true;
  // The level's randomness, once per search.
  noise_seed = level < 10 ? next_rand() : 0;
  blunder_roll = level < 10 ? int(next_rand() % 100) : 100;
  blunder_pick = level < 10 ? next_rand() : 0;
  exact_root = level < 10 && ls.exact_root;
  // The weaknesses (drawn after the above, so that a level without them keeps its
  // earlier randomness).
  const bool afar_blind = level < 10 && ls.afar_blind_pct > 0 && int(next_rand() % 100) < ls.afar_blind_pct;
  const bool frozen_blind = level < 10 && ls.frozen_blind_pct > 0 && int(next_rand() % 100) < ls.frozen_blind_pct;
  ev = frozen_blind ? &frozen_blind_evaluator : &evaluator;
  ev_salt = frozen_blind ? 0x5bd1e9955bd1e995ull : 0;
  ++search_count;  // the sliders' terms noted by earlier searches are not reused
  // The capture horizon holds always (100%) or in a share of the searches (drawn only
  // then, after the above).
  const bool horizon = level < 10 && ls.capture_horizon >= 0 && ls.horizon_pct > 0 &&
                       (ls.horizon_pct >= 100 || int(next_rand() % 100) < ls.horizon_pct);
  qs_horizon = horizon ? ls.capture_horizon : -1;
  // The beginner's weaknesses (drawn only when the level has them, after the above).
  const bool level_blind = level < 10 && ls.level_blind_pct > 0 && int(next_rand() % 100) < ls.level_blind_pct;
  blind = level_blind ? Blind::LEVELS : afar_blind ? Blind::AFAR : Blind::NONE;
  if (level < 10 && ls.careless_pct > 0 && int(next_rand() % 100) < ls.careless_pct) {
    max_depth = 1;  // its own move, and no capture after it
    qs_horizon = 0;
  }
  const bool weakened = ls.noise_cp > 0 || blind != Blind::NONE || frozen_blind || qs_horizon >= 0;
  tt_salt = level < 10 && weakened ? splitmix(noise_seed ^ (afar_blind ? 0x100 : 0) ^ (frozen_blind ? 0x200 : 0) ^
                                              (level_blind ? 0x400 : 0) ^ uint64_t(qs_horizon + 2)) |
                                         1
                                   : 0;
  // The path's keys and the game's reversible positions before the root (a pass ends
  // them: no repetition counts across it).
  path_key[0] = root_pos.key();
  after_pass[0] = -MAX_PLY * 4;
  game_keys.clear();
  {
    Position p = root_pos;
    const int reversible = std::min(p.quiet_plies(), p.plies_played());
    for (int i = 0; i < reversible; ++i) {
      if (p.last_move().is_none()) {
        after_pass[0] = -i;
        break;
      }
      p.unmake_move();
      game_keys.push_back(p.key());
    }
  }

  res = SearchResult{};
  n_root = generate_legal(root_pos, root);
  if (!lim.root_moves.empty()) {
    int k = 0;
    for (int i = 0; i < n_root; ++i)
      for (Move m : lim.root_moves)
        if (m.same_squares(root[i])) {
          root[k++] = root[i];
          break;
        }
    n_root = k;
  }
  // A blind level does not see some of its own captures either (unless it sees nothing
  // else to play).
  if (blind != Blind::NONE && std::any_of(root, root + n_root, [this](Move m) { return !unseen(blind, m); }))
    n_root = without_unseen(root, n_root, blind);
  multipv = std::clamp(std::min(lim.multipv, n_root), 1, MAX_MULTIPV);
  line_pv.assign(multipv > 1 ? size_t(n_root) : 0, {});
  finished = n_root == 0;
  if (n_root == 0) {
    fill_score(in_check(root_pos) ? -MATE : 0, res.score_cp, res.is_mate, res.mate_in);
    return;
  }
  // Initial order: the hash move, then captures by MVV/LVA, then the quiet order.
  Move tt_move = Move::none();
  if (const TTEntry* e = tt.probe(root_pos.key() ^ tt_salt)) tt_move = e->move();
  uint64_t keys[MAX_MOVES];
  for (int i = 0; i < n_root; ++i) keys[i] = order_key(order.score(root_pos, root[i], tt_move, 0), root[i]);
  std::sort(keys, keys + n_root, std::greater<uint64_t>());
  for (int i = 0; i < n_root; ++i) root[i] = key_move(keys[i]), root_score[i] = key_score(keys[i]);
  for (int i = 0; i < n_root; ++i) completed_score[i] = -INF;
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
  if (node_limit && limits_hold) slice_end = std::min(slice_end, node_limit);
  halted = false;
  // Halted inside a root move by the end of the last slice: back down to that node.
  if (in_root_move) resume_ply = halt_ply;
  if (limit_reached()) {
    end_inside_iteration();
    return true;
  }
  for (;;) {
    if (next_root >= n_root) {  // a new iteration
      if (depth >= max_depth) {
        finish();
        return true;
      }
      begin_iteration();
    }
    search_root_moves(root_pos);
    if (halted) {
      if (!limit_reached()) return false;  // the slice is used up: go on from here next time
      end_inside_iteration();
      return true;
    }
    complete_iteration();
    const int ms = elapsed_ms();
    report_iteration(on_info, ms);
    if (iteration_ends_search(ms)) {
      finish();
      return true;
    }
    if (nodes >= slice_end) return false;
  }
}

void Search::State::begin_iteration() {
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
  asp_delta = ASPIRATION_DELTA;
  if (opt.aspiration && depth >= ASPIRATION_MIN_DEPTH && std::abs(res.score_cp) < MATE_BOUND && !res.is_mate) {
    asp_lo = std::max(-INF, res.score_cp - asp_delta);
    asp_hi = std::min(INF, res.score_cp + asp_delta);
  }
  for (int i = 0; i < n_root; ++i) root_score[i] = -INF - 1;
}

// The iteration's root moves from next_root on, until the last or a halt (then
// next_root is the move halted in, to go on with).
void Search::State::search_root_moves(Position& pos) {
  for (; next_root < n_root; ++next_root) {
    const int i = next_root;
    const Move m = root[i];
    in_root_move = true;
    const int score = search_root_move(pos, i);
    if (halted) return;
    in_root_move = false;
    root_score[i] = score;
    if (multipv > 1) {
      // A move must beat the multipv-th best exact score so far to be a line.
      line_exact[i] = exact_root || score > root_move_.floor;
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
}

// The iteration is complete: its scores and lines, the root moves reordered, the answer.
void Search::State::complete_iteration() {
  for (int i = 0; i < n_root; ++i) completed_score[i] = root_score[i];
  if (multipv > 1) collect_lines();
  reorder_root_moves();
  res.best = it_best_move;
  res.depth = depth;
  res.score_depth = depth;
  res.pv = it_best_pv;
  fill_score(it_best, res.score_cp, res.is_mate, res.mate_in);
  if (multipv == 1) res.lines.assign(1, SearchLine{res.best, res.score_cp, res.is_mate, res.mate_in, res.pv});
}

// The next iteration's order: the best first, then by score (stable: the previous order
// on ties).
void Search::State::reorder_root_moves() {
  struct Entry {
    int key;
    Move m;
    int completed_score;
  };
  std::vector<Entry> v(static_cast<size_t>(n_root));
  for (int i = 0; i < n_root; ++i)
    v[size_t(i)] = {root[i] == it_best_move ? INF + 1 : root_score[i], root[i], completed_score[i]};
  std::stable_sort(v.begin(), v.end(), [](const Entry& a, const Entry& b) { return a.key > b.key; });
  for (int i = 0; i < n_root; ++i) root[i] = v[size_t(i)].m, completed_score[i] = v[size_t(i)].completed_score;
}

void Search::State::report_iteration(const std::function<void(const SearchInfo&)>& on_info, int ms) const {
  if (!on_info) return;
  SearchInfo info;
  info.depth = depth;
  info.seldepth = seldepth;
  info.score_cp = res.score_cp;
  info.is_mate = res.is_mate;
  info.mate_in = res.mate_in;
  info.nodes = nodes;
  info.time_ms = ms;
  info.nps = nodes_per_second(nodes, ms);
  info.pv = res.pv;
  info.lines = res.lines;
  on_info(info);
}

// Whether the search ends with the iteration just completed: its depth, the limits
// (which hold from here on when it was depth 1), and time: no new iteration once it would
// likely not finish in time (timeman.h: half the move's time; on a clock the soft limit,
// which the time manager moves with how clear the position is: later when the best move
// just changed or its score fell, sooner when the same move has come out best for several
// iterations).
bool Search::State::iteration_ends_search(int ms) {
  const bool changed = depth > 1 && it_best_move != prev_best;
  const bool fell = depth > 1 && prev_score - it_best > SCORE_FELL_CP;
  stable = changed ? 0 : stable + 1;
  prev_best = it_best_move;
  prev_score = it_best;
  bool over = depth >= max_depth;
  if (use_time && ms > iteration_deadline_ms(limits, {changed, fell, stable}, opt.time_manager) && nodes >= min_nodes)
    over = true;
  if (use_time && min_nodes && int64_t(ms) * 2 > int64_t(limits.max_movetime_ms)) over = true;
  if (n_root == 1 && use_time) over = true;
  if (!limits_hold) {  // depth 1 is complete: the node limit and the clock hold from here
    limits_hold = true;
    if (node_limit) slice_end = std::min(slice_end, std::max(node_limit, nodes));
  }
  if (limit_reached()) over = true;
  // A forced mate found and proven at this depth: deeper search changes nothing.
  if (!limits.infinite && res.is_mate && depth >= 2 * std::abs(res.mate_in) + 2 && limits.depth == 0) over = true;
  return over;
}

// Searches root move i at the iteration's depth in the windows its kind of search asks
// for (root_move_.step) and returns its score. When the search halts inside (halted), it
// returns 0, the position left where the tree halted; called again with resume_ply set,
// it goes back into the child search it was in (as the nodes of the tree do, search.cpp).
int Search::State::search_root_move(Position& pos, int i) {
  RootMove& r = root_move_;
  using Step = RootMove::Step;
  if (resume_ply == 0) {
    make(pos, root[i], 0);
    r.gives_check = in_check_after_move(pos);
    r.child_depth = depth - 1 + ((opt.check_extension && r.gives_check) ? 1 : 0);
    r.score = -INF;
    // MultiPV: a move must beat the multipv-th best exact score so far to be a line.
    r.floor = multipv > 1 ? multipv_floor(i) : -INF;
    // Exact scores: the full window. MultiPV: a null window at the floor, then above it.
    // Else the first move in the aspiration window (or the full one), the others with a
    // null window first.
    r.step = exact_root || (multipv > 1 && (i == 0 || r.floor == -INF)) ? Step::Full
             : multipv > 1                                              ? Step::LineNullWindow
             : i > 0                                                    ? Step::NullWindow
                                                                        : Step::Window;
  }
  while (r.step != Step::Done) {
    int alpha = -INF, beta = INF;  // the window, the root's view
    switch (r.step) {
      case Step::Full: break;
      case Step::LineNullWindow: alpha = r.floor, beta = r.floor + 1; break;
      case Step::LineFull: alpha = r.floor; break;
      case Step::NullWindow: alpha = it_alpha, beta = it_alpha + 1; break;
      case Step::Window: alpha = i == 0 ? asp_lo : it_alpha, beta = asp_hi; break;
      case Step::Done: break;
    }
    r.score = -negamax(pos, r.child_depth, -beta, -alpha, 1, r.gives_check, true);
    if (halted) return 0;
    r.step = next_root_step(i);
  }
  pos.unmake_move();
  return r.score;
}

// After a child search of root move i: the next one it needs, or Done. Above the floor,
// a line's null window gets the full one above the floor; above alpha, a null window
// gets the aspiration window; outside the aspiration window, the window is widened
// (doubling its step) and the move searched again.
Search::State::RootMove::Step Search::State::next_root_step(int i) {
  RootMove& r = root_move_;
  using Step = RootMove::Step;
  switch (r.step) {
    case Step::LineNullWindow: return r.score > r.floor ? Step::LineFull : Step::Done;
    case Step::NullWindow: return r.score > it_alpha ? Step::Window : Step::Done;
    case Step::Window:
      if (i == 0 && r.score <= asp_lo && asp_lo > -INF) {
        asp_lo = std::max(-INF, asp_lo - asp_delta);
      } else if (r.score >= asp_hi && asp_hi < INF) {
        asp_hi = std::min(INF, asp_hi + asp_delta);
      } else {
        return Step::Done;
      }
      asp_delta *= 2;
      return Step::Window;
    case Step::Full:
    case Step::LineFull:
    case Step::Done: break;
  }
  return Step::Done;
}

// The search is over inside an iteration (a limit, or stop()). The root moves searched
// completely in it have scores of its depth, and the previous best, searched first, is
// among them once any is: then the best of them is the answer, even when it scores below
// the last iteration (a refuted best move is not played), as Stockfish sorts its root
// moves by the partial iteration. Before that, the last completed iteration's answer
// stands (or, with none, the first root move).
void Search::State::end_inside_iteration() {
  while (root_pos.plies_played() > root_plies) {
    if (root_pos.last_move().is_none())
      root_pos.unmake_null();
    else
      root_pos.unmake_move();
  }
  in_root_move = false;
  resume_ply = 0;
  if (next_root < n_root && !it_best_move.is_none() && (depth == 1 || multipv == 1)) {
    res.best = it_best_move;
    res.score_depth = depth;
    res.pv = it_best_pv;
    fill_score(it_best, res.score_cp, res.is_mate, res.mate_in);
    if (multipv == 1) res.lines.assign(1, SearchLine{res.best, res.score_cp, res.is_mate, res.mate_in, res.pv});
  }
  finish();
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
  if (exact_root && ls.blunder_pct > 0 && res.depth > 0 && n_root > 1 && blunder_roll < ls.blunder_pct &&
      std::abs(completed_score[0]) < MATE_BOUND) {
    const int top = completed_score[0];
    std::vector<Move> cands;
    for (int i = 1; i < n_root; ++i)
      if (completed_score[i] > -INF && completed_score[i] >= top - ls.blunder_margin) cands.push_back(root[i]);
    if (!cands.empty()) {
      res.best = cands[blunder_pick % cands.size()];
      res.score_depth = res.depth;
      res.pv.assign(1, res.best);
    }
  }
  res.nodes = nodes;
  if (!res.best.is_none() && (res.pv.empty() || res.pv[0] != res.best)) res.pv.assign(1, res.best);
}

}  // namespace dc
