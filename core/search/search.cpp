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
  for (int i = 0; i < n; ++i) scores[i] = order.score(pos, moves[i], Move::none(), ply);
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
  Move tt_move = Move::none();
  if (const TTEntry* e = tt.probe(key)) {
    tt_move = Move::from_raw(e->move);
    const int ts = score_from_tt(e->score, ply);
    const int b = e->bound();
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

  MovePicker picker(order, pos, tt_move, ply, afar_blind && !in_chk, opt.see_order ? opt.eval.value : nullptr,
                    &move_buf[size_t(ply) * MAX_MOVES], &score_buf[size_t(ply) * MAX_MOVES]);
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
          !order.is_killer(m, ply)) {
        r = LMR[std::min(depth, 63)][std::min(searched, 63)];
        if (pv_node) r -= 1;
        if (order.quiet_score(pm, mover, m) > 2000) r -= 1;
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
          if (quiet) order.update_quiet_cutoff(pos, pm, m, mover, depth, ply, quiets, nq);
          break;
        }
      }
    }
    if (quiet && nq < 64) quiets[nq++] = m;
  }
  if (legal == 0) return in_chk ? -MATE + ply : 0;
  if (searched == 0) return static_eval;  // everything futile (never in check)
  const Bound b = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
  tt.store(key, depth, best, b, best_move, ply);
  return best;
}

}  // namespace dc
