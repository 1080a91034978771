// The tree search: principal variation search with a transposition table, null move,
// late-move reductions, futility and SEE pruning near the leaves, check extension; and
// quiescence (captures, captures from afar, check evasions). The root and its iterations
// are in root.cpp.
#include <algorithm>
#include <cmath>

#include "../movegen.h"
#include "../status.h"
#include "search_state.h"

namespace dc {

using namespace detail;

namespace {

// The quiescence's bounds (see qsearch).
constexpr int QS_EVASION_PLIES = 2;
constexpr int QS_TRADE_PLIES = 2;
constexpr int QS_MAX_PLIES = 6;

int LMR[64][64];
struct LmrInit {
  LmrInit() {
    for (int d = 0; d < 64; ++d)
      for (int i = 0; i < 64; ++i)
        LMR[d][i] = (d == 0 || i == 0) ? 0 : int(0.75 + std::log(double(d)) * std::log(double(i)) / 2.25);
  }
} lmr_init;

}  // namespace

int Search::State::eval(const Position& pos, int ply, int alpha, int beta) {
  const uint64_t key = pos.key() ^ ev_salt;
  EvalCacheEntry& ce = ecache[key & (ecache.size() - 1)];
  int v;
  if (ce.holds(key)) {
    v = ce.value();
  } else {
    const int g = table_terms[ply];
    v = (pos.side_to_move() == GOLD ? g : -g) + ev->tempo();
    constexpr int LAZY = 200;  // above the 99.9th percentile of |dynamic| in random games
    if (v + LAZY > alpha && v - LAZY < beta) {
      v += slider_dynamic(pos, ply);
      ce.store(key, v);
    }
  }
  if (ls.noise_cp > 0) {
    const uint64_t h = splitmix(pos.key() ^ noise_seed);
    v += int(h % uint64_t(2 * ls.noise_cp + 1)) - ls.noise_cp;
  }
  return v;
}

int Search::State::slider_dynamic(const Position& pos, int ply) {
  constexpr int REACH = 2;  // plies up the path
  Square changed[std::max(2 * REACH, 4 * NOTED_UP)];  // two squares a move, on one path or two
  int n = 0;
  const Evaluator::SliderTerms* base = nullptr;
  auto add = [&](const PathMove& pm) {
    if (pm.from != SQ_NONE) {
      changed[n++] = pm.from;
      changed[n++] = pm.to;
    }
  };
  // The terms of a position a few plies up the path,
  for (int a = ply - 1; a >= 0 && a >= ply - REACH; --a) {
    const PathMove& pm = path_move[a + 1];
    if (pm.resets) break;
    add(pm);
    if (noted_search[a] == search_count && noted_key[a] == (path_key[a] ^ ev_salt)) {
      base = &noted[a][noted_slot[a]];
      break;
    }
  }
  // or else those of the last position evaluated at this ply when its path and ours
  // part at most NOTED_UP plies up (a sibling: the same parent; a cousin: the same
  // grandparent): the two differ on the squares of the moves since.
  if (!base && noted_search[ply] == search_count)
    for (int k = 1; k <= NOTED_UP && k <= ply; ++k) {
      if (path_move[ply - k + 1].resets || noted_moves[ply][k - 1].resets) break;
      if (noted_up[ply][k - 1] == (path_key[ply - k] ^ ev_salt)) {
        n = 0;
        for (int i = 0; i < k; ++i) {
          add(path_move[ply - i]);
          add(noted_moves[ply][i]);
        }
        base = &noted[ply][noted_slot[ply]];
        break;
      }
    }
  const int slot = noted_slot[ply] ^= 1;
  noted_search[ply] = search_count;
  noted_key[ply] = path_key[ply] ^ ev_salt;
  for (int k = 1; k <= NOTED_UP; ++k) {
    noted_up[ply][k - 1] = k <= ply ? path_key[ply - k] ^ ev_salt : 0;
    noted_moves[ply][k - 1] = k <= ply ? path_move[ply - k + 1] : PathMove{};
  }
  return ev->dynamic(pos, base, std::span<const Square>(changed, size_t(n)), noted[ply][slot]);
}

bool Search::State::enough_material_for_null(const Position& pos) const {
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

// Every node of the tree keeps its state in node_[ply], not in locals, so that a slice
// can end anywhere: the nodes on the path return at once (halted), leaving the position
// where it is, and the next slice calls down the same path again, each node jumping to
// the child search it was in (Node::site) until the node where the slice ended, which
// starts afresh. A search therefore does not depend on its slices.

bool Search::State::repetition_draw(const Position& pos, int ply) const {
  const int reach = std::min(pos.quiet_plies(), ply + int(game_keys.size()));
  const uint64_t k = pos.key();
  int earlier = 0;
  for (int back = 4; back <= reach; back += 2) {
    const int at = ply - back;  // below 0: game_keys[-at - 1]
    if (at < after_pass[ply]) break;
    if ((at >= 0 ? path_key[at] : game_keys[size_t(-at - 1)]) != k) continue;
    if (at > 0 || ++earlier >= 2) return true;
  }
  return false;
}

// Quiescence: captures (from afar too) until the position is quiet. In check, every
// evasion is searched in the first QS_EVASION_PLIES plies of quiescence; deeper, a
// checked side gets only its captures and may stand pat, which bounds the chains of
// capturing checks that crowded positions produce across the levels (the constants
// are at the top of the file).
int Search::State::qsearch(Position& pos, int alpha, int beta, int ply, bool in_chk, int qply) {
  Node& n = node_[ply];
  Move* const moves = &move_buf[size_t(ply) * MAX_MOVES];
  uint64_t* const keys = &key_buf[size_t(ply) * MAX_MOVES];
  const bool bounded = opt.qsearch_bound;
  if (resume_ply > ply) goto resume;
  resume_ply = 0;
  pv_len[ply] = 0;
  if (poll(ply)) return 0;
  ++nodes;
  if (ply > seldepth) seldepth = ply;
  if (bare_kings(pos)) return 0;
  if (ply >= MAX_PLY - 1) return in_chk ? 0 : eval(pos, ply);

  n.alpha = alpha;
  n.stand = -INF;
  n.evasions = in_chk && (!bounded || qply < QS_EVASION_PLIES);
  if (n.evasions) {
    n.count = generate_pseudo(pos, moves);  // every evasion
    n.best = -INF;
  } else {
    n.stand = eval(pos, ply, alpha, beta);
    if (n.stand >= beta || (bounded && qply >= QS_MAX_PLIES) || (qs_horizon >= 0 && qply >= qs_horizon)) return n.stand;
    if (n.stand > n.alpha) n.alpha = n.stand;
    n.best = n.stand;
    n.count = generate_pseudo_captures(pos, moves);
    n.count = without_unseen(moves, n.count, blind);
  }
  n.legality.emplace(pos, in_chk);
  n.any_legal = false;
  for (int i = 0; i < n.count; ++i) {
    keys[i] = order_key(order.score(pos, moves[i], Move::none(), ply), moves[i]);
    prefetch_eval(pos.key_after(moves[i]));
  }
  for (n.index = 0; n.index < n.count; ++n.index) {
    n.m = pick(keys, n.count, n.index);
    if (!n.evasions && n.m.is_capture()) {
      const Move m = n.m;
      const int victim = opt.eval.value[type_of(pos.at(m.to()))];
      // Delta pruning: even winning the piece cannot raise alpha.
      if (!m.is_promotion() && n.stand + victim + 200 <= n.alpha) continue;
      if (opt.qsearch_prune && !m.is_afar()) {
        // A capture that loses material to a recapture; deeper in quiescence, an even
        // trade too (crowded positions hold dozens of them, and their chains explode).
        const bool deep = bounded && qply >= QS_TRADE_PLIES;
        if (opt.see_qsearch) {
          if (!see_ge(pos, m, deep ? 1 : 0)) continue;
        } else {
          const int att = opt.eval.value[type_of(pos.at(m.from()))];
          const int margin = deep ? -50 : 50;
          if (att > victim + margin && attacked(pos, m.to(), ~pos.side_to_move())) continue;
        }
      }
    }
    if (!n.legality->legal(pos, n.m)) continue;
    n.any_legal = true;
    make(pos, n.m, ply);
    n.gives_check = in_check_after_move(pos);
    n.site = Node::QS_CHILD;
  qs_child:
    n.score = -qsearch(pos, -beta, -n.alpha, ply + 1, n.gives_check, qply + 1);
    if (halted) return 0;
    pos.unmake_move();
    if (n.score > n.best) {
      n.best = n.score;
      if (n.score > n.alpha) {
        n.alpha = n.score;  // (the reported PV ends where quiescence starts)
        if (n.score >= beta) break;
      }
    }
  }
  if (n.evasions && !n.any_legal) return -MATE + ply;
  return n.best;

resume:
  if (n.site == Node::QS_CHILD) goto qs_child;
  return 0;  // (never: a node on the path of a paused search is in a child search)
}

int Search::State::negamax(Position& pos, int depth, int alpha, int beta, int ply, bool in_chk, bool allow_null) {
  if (depth <= 0) return qsearch(pos, alpha, beta, ply, in_chk);
  Node& n = node_[ply];
  if (resume_ply > ply) goto resume;
  resume_ply = 0;
  pv_len[ply] = 0;
  if (poll(ply)) return 0;
  ++nodes;
  if (ply > seldepth) seldepth = ply;
  n.pv_node = beta - alpha > 1;

  // Draws inside the search.
  if (bare_kings(pos) || repetition_draw(pos, ply)) return 0;
  if (pos.quiet_plies() >= QUIET_MOVE_LIMIT) {
    if (!in_chk) return 0;
    Move tmp[MAX_MOVES];
    return generate_legal(pos, tmp) == 0 ? -MATE + ply : 0;
  }
  if (ply >= MAX_PLY - 1) return in_chk ? 0 : eval(pos, ply);
  // Mate distance pruning.
  n.alpha = std::max(alpha, -MATE + ply);
  n.beta = std::min(beta, MATE - ply - 1);
  if (n.alpha >= n.beta) return n.alpha;

  n.key = pos.key() ^ tt_salt;
  n.tt_move = Move::none();
  if (const TTEntry* e = tt.probe(n.key)) {
    n.tt_move = e->move();
    const int ts = score_from_tt(e->score, ply, pos.quiet_plies());
    const int b = e->bound();
    if (!n.pv_node && e->depth >= depth &&
        ((b == BOUND_EXACT) || (b == BOUND_LOWER && ts >= n.beta) || (b == BOUND_UPPER && ts <= n.alpha)))
      return ts;
  }

  n.static_eval = in_chk ? -INF : eval(pos, ply, n.alpha, n.beta);

  // Reverse futility pruning.
  if (opt.futility && !n.pv_node && !in_chk && depth <= 3 && std::abs(n.beta) < MATE_BOUND &&
      n.static_eval - 150 * depth >= n.beta)
    return n.static_eval;

  // Null move.
  if (opt.null_move && allow_null && !n.pv_node && !in_chk && depth >= 3 && n.static_eval >= n.beta &&
      std::abs(n.beta) < MATE_BOUND && enough_material_for_null(pos)) {
    make_null(pos, ply);
    n.site = Node::NULL_MOVE;
  null_move:
    n.score = -negamax(pos, depth - 1 - (3 + depth / 4), -n.beta, -n.beta + 1, ply + 1, false, false);
    if (halted) return 0;
    pos.unmake_null();
    if (n.score >= n.beta) return n.score >= MATE_BOUND ? n.beta : n.score;
  }

  n.picker.emplace(order, pos, n.tt_move, ply, in_chk ? Blind::NONE : blind, opt.see_order ? opt.eval.value : nullptr,
                   &move_buf[size_t(ply) * MAX_MOVES], &key_buf[size_t(ply) * MAX_MOVES]);
  n.legality.emplace(pos, in_chk);
  n.alpha0 = n.alpha;
  n.best = -INF;
  n.best_move = Move::none();
  n.quiet_count = 0;
  n.can_futile = opt.futility && !n.pv_node && !in_chk && depth <= 2 && std::abs(n.alpha) < MATE_BOUND &&
                 n.static_eval + 200 * depth <= n.alpha;
  n.searched = n.legal = 0;
  n.prev = prev_move(pos);
  while (!(n.m = n.picker->next(n.can_futile && n.searched > 0)).is_none()) {
    prefetch(pos.key_after(n.m));  // while the legality test and the pruning run
    if (!n.legality->legal(pos, n.m)) continue;
    ++n.legal;
    n.quiet = !n.m.is_capture() && !n.m.is_promotion();
    // Futility: a quiet move that gives no check is not searched once some move has been
    // (decided here, before SEE and without making the move, when none of its squares
    // matters to the enemy King; else once it is made, below).
    if (n.can_futile && n.quiet && n.searched > 0 && !may_give_check(pos, n.m)) continue;
    // Near the leaves, a move that loses material by SEE (more for a capture, which
    // may still be worth a look) is not searched once some move has been.
    if (opt.see_prune && !n.pv_node && !in_chk && n.searched > 0 && depth <= 6 && n.best > -MATE_BOUND &&
        !see_ge(pos, n.m, n.quiet ? -20 * depth * depth : -100 * depth))
      continue;
    n.mover = pos.at(n.m.from());
    make(pos, n.m, ply);
    n.gives_check = in_check_after_move(pos);
    if (n.can_futile && n.quiet && !n.gives_check && n.searched > 0) {
      pos.unmake_move();
      continue;
    }
    n.child_depth = depth - 1 + ((opt.check_extension && n.gives_check && ply < 2 * root_depth) ? 1 : 0);
    if (n.searched == 0) {
      n.site = Node::FIRST;
    first:
      n.score = -negamax(pos, n.child_depth, -n.beta, -n.alpha, ply + 1, n.gives_check, true);
      if (halted) return 0;
    } else {
      n.reduction = 0;
      if (opt.lmr && depth >= 3 && n.searched >= (n.pv_node ? 4 : 3) && n.quiet && !in_chk && !n.gives_check &&
          !order.is_killer(n.m, ply)) {
        int r = LMR[std::min(depth, 63)][std::min(n.searched, 63)];
        if (n.pv_node) r -= 1;
        if (order.quiet_score(n.prev, n.mover, n.m) > 2000) r -= 1;
        n.reduction = std::clamp(r, 0, n.child_depth - 1);
      }
      n.site = Node::REDUCED;
    reduced:
      n.score = -negamax(pos, n.child_depth - n.reduction, -n.alpha - 1, -n.alpha, ply + 1, n.gives_check, true);
      if (halted) return 0;
      if (n.score > n.alpha && n.reduction > 0) {
        n.site = Node::UNREDUCED;
      unreduced:
        n.score = -negamax(pos, n.child_depth, -n.alpha - 1, -n.alpha, ply + 1, n.gives_check, true);
        if (halted) return 0;
      }
      if (n.score > n.alpha && n.score < n.beta) {
        n.site = Node::FULL_WINDOW;
      full_window:
        n.score = -negamax(pos, n.child_depth, -n.beta, -n.alpha, ply + 1, n.gives_check, true);
        if (halted) return 0;
      }
    }
    pos.unmake_move();
    ++n.searched;
    if (n.score > n.best) {
      n.best = n.score;
      if (n.score > n.alpha) {
        n.alpha = n.score;
        n.best_move = n.m;
        update_pv(ply, n.m);
        if (n.score >= n.beta) {
          if (n.quiet) order.update_quiet_cutoff(pos, n.prev, n.m, n.mover, depth, ply, n.quiets, n.quiet_count);
          break;
        }
      }
    }
    if (n.quiet && n.quiet_count < 64) n.quiets[n.quiet_count++] = n.m;
  }
  if (n.legal == 0) return in_chk ? -MATE + ply : 0;
  if (n.searched == 0) return n.static_eval;  // everything futile (never in check)
  tt.store(n.key, depth, n.best, n.best >= n.beta ? BOUND_LOWER : n.best > n.alpha0 ? BOUND_EXACT : BOUND_UPPER,
           n.best_move, ply);
  return n.best;

resume:
  switch (n.site) {
    case Node::NULL_MOVE: goto null_move;
    case Node::FIRST: goto first;
    case Node::REDUCED: goto reduced;
    case Node::UNREDUCED: goto unreduced;
    case Node::FULL_WINDOW: goto full_window;
    case Node::QS_CHILD: break;
  }
  return 0;  // (never: a node on the path of a paused search is in a child search)
}

}  // namespace dc
