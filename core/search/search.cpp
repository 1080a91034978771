// The tree search: principal variation search with a transposition table, null move,
// late-move reductions, futility and SEE pruning near the leaves, check extension; and
// quiescence (captures, captures from afar, check evasions). The root and its iterations
// are in root.cpp.
#include <algorithm>
#include <cmath>
#include <optional>

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
// The margins of the pruning, in centipawns, and the depths it works at.
// Quiescence: delta pruning skips a capture that cannot raise alpha even with this much
// more than the piece it takes; without SEE, a capture by a piece worth this much more
// than its victim is skipped when the square is defended (deeper, an even one too).
constexpr int QS_DELTA_MARGIN = 200;
constexpr int QS_TRADE_MARGIN = 50;
// Reverse futility: near the leaves a static evaluation this much a ply above beta
// stands for the node.
constexpr int REVERSE_FUTILITY_MAX_DEPTH = 3, REVERSE_FUTILITY_MARGIN = 150;
// Null move: from this depth, reduced by NULL_MOVE_R plus a ply every
// NULL_MOVE_DEPTH_PER_PLY plies of depth.
constexpr int NULL_MOVE_MIN_DEPTH = 3, NULL_MOVE_R = 3, NULL_MOVE_DEPTH_PER_PLY = 4;
// ... and not with few pieces (zugzwang danger): the side to move needs at least
// NULL_MOVE_MIN_PIECES pieces, NULL_MOVE_MIN_BIG of them neither King, Warrior, Sylph nor
// Dwarf.
constexpr int NULL_MOVE_MIN_PIECES = 5, NULL_MOVE_MIN_BIG = 2;
// Futility: near the leaves, with a static evaluation this much a ply below alpha, quiet
// moves that give no check are not searched once some move has been.
constexpr int FUTILITY_MAX_DEPTH = 2, FUTILITY_MARGIN = 200;
// SEE pruning near the leaves: a quiet move that loses more than
// SEE_QUIET_MARGIN x depth^2 by SEE, a capture more than SEE_CAPTURE_MARGIN x depth.
constexpr int SEE_PRUNE_MAX_DEPTH = 6, SEE_QUIET_MARGIN = 20, SEE_CAPTURE_MARGIN = 100;
// Check extension: a move that gives check is searched a ply deeper, in the first
// CHECK_EXTENSION_REACH x the root's depth plies only (chains of checks end).
constexpr int CHECK_EXTENSION_REACH = 2;
// Late-move reductions: from this depth, once this many moves are searched (more at a PV
// node); a ply less for a quiet move whose history is above LMR_GOOD_HISTORY.
constexpr int LMR_MIN_DEPTH = 3, LMR_AFTER_MOVES = 3, LMR_AFTER_MOVES_PV = 4, LMR_GOOD_HISTORY = 2000;
// The reduction at depth d after i moves searched: LMR_BASE + ln d x ln i / LMR_DIVISOR
// plies.
constexpr double LMR_BASE = 0.75, LMR_DIVISOR = 2.25;
// The static evaluation's lazy margin: the per-piece part alone stands when it is this far
// outside (alpha, beta), as the sliders' terms (the dynamic part) seldom move it as much.
constexpr int LAZY_EVAL_MARGIN = 200;

int LMR[64][64];
struct LmrInit {
  LmrInit() {
    for (int d = 0; d < 64; ++d)
      for (int i = 0; i < 64; ++i)
        LMR[d][i] = (d == 0 || i == 0) ? 0 : int(LMR_BASE + std::log(double(d)) * std::log(double(i)) / LMR_DIVISOR);
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
    if (v + LAZY_EVAL_MARGIN > alpha && v - LAZY_EVAL_MARGIN < beta) {
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
  constexpr int REACH = 2;                            // plies up the path
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
  const Color us = pos.side_to_move();
  if (pos.piece_count(us) < NULL_MOVE_MIN_PIECES) return false;
  int big = 0;
  for (Square s : pos.pieces(us)) {
    const PieceType t = type_of(pos.at(s));
    if (t != KING && t != WARRIOR && t != SYLPH && t != DWARF) ++big;
  }
  return big >= NULL_MOVE_MIN_BIG;
}

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

// Every node of the tree keeps its state in node_[ply], not in locals, so that a slice
// can end anywhere: the nodes on the path return at once (halted), leaving the position
// where it is, and the next slice calls down the same path again. A node works in
// phases, each with one child search: resumed (resume_ply deeper than the node), it
// goes straight back into the child search of the phase it was in, until the node where
// the slice ended, which starts afresh. A search therefore does not depend on its
// slices.

// Quiescence: captures (from afar too) until the position is quiet. In check, every
// evasion is searched in the first QS_EVASION_PLIES plies of quiescence; deeper, a
// checked side gets only its captures and may stand pat, which bounds the chains of
// capturing checks that crowded positions produce across the levels (the constants
// are at the top of the file). Its one phase is the captures' (or evasions') loop.
int Search::State::qsearch(Position& pos, int alpha, int beta, int ply, bool in_chk, int qply) {
  Node& n = node_[ply];
  bool resuming = resume_ply > ply;  // halted in the child search of its current move
  if (!resuming) {
    resume_ply = 0;
    pv_len[ply] = 0;
    if (poll(ply)) return 0;
    ++nodes;
    if (ply > seldepth) seldepth = ply;
    if (bare_kings(pos)) return 0;
    if (ply >= MAX_PLY - 1) return in_chk ? 0 : eval(pos, ply);
    Move* const moves = &move_buf[size_t(ply) * MAX_MOVES];
    n.alpha = alpha;
    n.stand_pat = -INF;
    n.evasions = in_chk && (!opt.qsearch_bound || qply < QS_EVASION_PLIES);
    if (n.evasions) {
      n.move_count = generate_pseudo(pos, moves);  // every evasion
      n.best = -INF;
    } else {
      n.stand_pat = eval(pos, ply, alpha, beta);
      if (n.stand_pat >= beta || (opt.qsearch_bound && qply >= QS_MAX_PLIES) || (qs_horizon >= 0 && qply >= qs_horizon))
        return n.stand_pat;
      if (n.stand_pat > n.alpha) n.alpha = n.stand_pat;
      n.best = n.stand_pat;
      n.move_count = generate_pseudo_captures(pos, moves);
      n.move_count = without_unseen(moves, n.move_count, blind);
    }
    n.legality.emplace(pos, in_chk);
    n.any_legal = false;
    uint64_t* const keys = &key_buf[size_t(ply) * MAX_MOVES];
    for (int i = 0; i < n.move_count; ++i) {
      keys[i] = order_key(order.score(pos, moves[i], Move::none(), ply), moves[i]);
      prefetch_eval(pos.key_after(moves[i]));
    }
    n.next_index = 0;
  }
  for (;;) {
    if (!resuming && !next_capture(pos, ply, qply)) break;
    resuming = false;
    n.child_score = -qsearch(pos, -beta, -n.alpha, ply + 1, n.gives_check, qply + 1);
    if (halted) return 0;
    pos.unmake_move();
    if (n.child_score > n.best) {
      n.best = n.child_score;
      if (n.child_score > n.alpha) {
        n.alpha = n.child_score;  // (the reported PV ends where quiescence starts)
        if (n.child_score >= beta) break;
      }
    }
  }
  if (n.evasions && !n.any_legal) return -MATE + ply;
  return n.best;
}

// Quiescence's next move worth searching, made on pos (n.move, n.gives_check); false when
// none is left.
bool Search::State::next_capture(Position& pos, int ply, int qply) {
  Node& n = node_[ply];
  uint64_t* const keys = &key_buf[size_t(ply) * MAX_MOVES];
  while (n.next_index < n.move_count) {
    const Move m = pick(keys, n.move_count, n.next_index++);
    if (!n.evasions && m.is_capture()) {
      const int victim = opt.eval.value[type_of(pos.at(m.to()))];
      // Delta pruning: even winning the piece cannot raise alpha.
      if (!m.is_promotion() && n.stand_pat + victim + QS_DELTA_MARGIN <= n.alpha) continue;
      if (opt.qsearch_prune && !m.is_afar()) {
        // A capture that loses material to a recapture; deeper in quiescence, an even
        // trade too (crowded positions hold dozens of them, and their chains explode).
        const bool deep = opt.qsearch_bound && qply >= QS_TRADE_PLIES;
        if (opt.see_qsearch) {
          if (!see_ge(pos, m, deep ? 1 : 0)) continue;
        } else {
          const int att = opt.eval.value[type_of(pos.at(m.from()))];
          const int margin = deep ? -QS_TRADE_MARGIN : QS_TRADE_MARGIN;
          if (att > victim + margin && attacked(pos, m.to(), ~pos.side_to_move())) continue;
        }
      }
    }
    if (!n.legality->legal(pos, m)) continue;
    n.any_legal = true;
    n.move = m;
    make(pos, m, ply);
    n.gives_check = in_check_after_move(pos);
    return true;
  }
  return false;
}

// The principal variation search of one node, in three phases: entering it (draws, the
// table, the static evaluation and the pruning that needs no search), the null move
// (one child search), and its moves (each one to four child searches: see
// next_search()).
int Search::State::negamax(Position& pos, int depth, int alpha, int beta, int ply, bool in_chk, bool allow_null) {
  if (depth <= 0) return qsearch(pos, alpha, beta, ply, in_chk);
  Node& n = node_[ply];
  bool resuming = resume_ply > ply;  // halted in the child search of its current phase
  if (!resuming) {
    resume_ply = 0;
    if (const std::optional<int> score = enter(pos, depth, alpha, beta, ply, in_chk, allow_null)) return *score;
  }
  if (n.phase == Node::Phase::NullMove) {
    // A pass: when the opponent, moving twice, still cannot bring the score below beta, the
    // node fails high without a move searched.
    n.child_score = -negamax(pos, depth - 1 - (NULL_MOVE_R + depth / NULL_MOVE_DEPTH_PER_PLY), -n.beta, -n.beta + 1,
                             ply + 1, false, false);
    if (halted) return 0;
    pos.unmake_null();
    if (n.child_score >= n.beta) return n.child_score >= MATE_BOUND ? n.beta : n.child_score;
    resuming = false;
    n.phase = Node::Phase::Moves;
  }
  if (!resuming) begin_moves(pos, depth, ply, in_chk);  // (then no move is being searched)
  for (;;) {
    // A move whose searches are done: the next one. (Resumed, the node is still in one.)
    if (n.move_search == Node::MoveSearch::Done && !next_move(pos, depth, ply, in_chk)) break;
    const bool full_window = n.move_search == Node::MoveSearch::First || n.move_search == Node::MoveSearch::FullWindow;
    const int reduction = n.move_search == Node::MoveSearch::Reduced ? n.reduction : 0;
    n.child_score = -negamax(pos, n.child_depth - reduction, full_window ? -n.beta : -n.alpha - 1, -n.alpha, ply + 1,
                             n.gives_check, true);
    if (halted) return 0;
    n.move_search = next_search(n);
    if (n.move_search != Node::MoveSearch::Done) continue;
    pos.unmake_move();
    ++n.searched;
    if (n.child_score > n.best) {
      n.best = n.child_score;
      if (n.child_score > n.alpha) {
        n.alpha = n.child_score;
        n.best_move = n.move;
        update_pv(ply, n.move);
        if (n.child_score >= n.beta) {
          if (n.quiet) order.update_quiet_cutoff(pos, n.prev, n.move, n.mover, depth, ply, n.quiets, n.quiet_count);
          break;
        }
      }
    }
    if (n.quiet && n.quiet_count < Node::MAX_QUIETS) n.quiets[n.quiet_count++] = n.move;
  }
  // (The first legal move is always searched: every pruning above waits for one.)
  if (n.legal == 0) return in_chk ? -MATE + ply : 0;
  tt.store(n.key, depth, n.best,
           n.best >= n.beta                ? BOUND_LOWER
           : n.best > n.alpha_before_moves ? BOUND_EXACT
                                           : BOUND_UPPER,
           n.best_move, ply);
  return n.best;
}

// Entering a node: its score when it needs no move searched (a draw, a table hit, mate
// distance, reverse futility); else its first phase, the null move (made) or the moves.
std::optional<int> Search::State::enter(Position& pos, int depth, int alpha, int beta, int ply, bool in_chk,
                                        bool allow_null) {
  Node& n = node_[ply];
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
  if (opt.futility && !n.pv_node && !in_chk && depth <= REVERSE_FUTILITY_MAX_DEPTH && std::abs(n.beta) < MATE_BOUND &&
      n.static_eval - REVERSE_FUTILITY_MARGIN * depth >= n.beta)
    return n.static_eval;

  if (opt.null_move && allow_null && !n.pv_node && !in_chk && depth >= NULL_MOVE_MIN_DEPTH && n.static_eval >= n.beta &&
      std::abs(n.beta) < MATE_BOUND && enough_material_for_null(pos)) {
    make_null(pos, ply);
    n.phase = Node::Phase::NullMove;
  } else {
    n.phase = Node::Phase::Moves;
  }
  return std::nullopt;
}

// The moves' phase begins: the move picker, the legality test, the node's best so far.
void Search::State::begin_moves(Position& pos, int depth, int ply, bool in_chk) {
  Node& n = node_[ply];
  n.picker.emplace(order, pos, n.tt_move, ply, in_chk ? Blind::NONE : blind, opt.see_order ? opt.eval.value : nullptr,
                   &move_buf[size_t(ply) * MAX_MOVES], &key_buf[size_t(ply) * MAX_MOVES]);
  n.legality.emplace(pos, in_chk);
  n.alpha_before_moves = n.alpha;
  n.best = -INF;
  n.best_move = Move::none();
  n.quiet_count = 0;
  n.can_futile = opt.futility && !n.pv_node && !in_chk && depth <= FUTILITY_MAX_DEPTH &&
                 std::abs(n.alpha) < MATE_BOUND && n.static_eval + FUTILITY_MARGIN * depth <= n.alpha;
  n.searched = n.legal = 0;
  n.prev = prev_move(pos);
  n.move_search = Node::MoveSearch::Done;
}

// The node's next move worth searching, made on pos, with the first search it gets
// (n.move_search: the first move with the full window, the others reduced by LMR with a
// null window); false when none is left.
bool Search::State::next_move(Position& pos, int depth, int ply, bool in_chk) {
  Node& n = node_[ply];
  while (!(n.move = n.picker->next(n.can_futile && n.searched > 0)).is_none()) {
    const Move m = n.move;
    prefetch(pos.key_after(m));  // while the legality test and the pruning run
    if (!n.legality->legal(pos, m)) continue;
    ++n.legal;
    n.quiet = !m.is_capture() && !m.is_promotion();
    // Futility: a quiet move that gives no check is not searched once some move has been
    // (decided here, before SEE and without making the move, when none of its squares
    // matters to the enemy King; else once it is made, below).
    if (n.can_futile && n.quiet && n.searched > 0 && !may_give_check(pos, m)) continue;
    // Near the leaves, a move that loses material by SEE (more for a capture, which
    // may still be worth a look) is not searched once some move has been.
    if (opt.see_prune && !n.pv_node && !in_chk && n.searched > 0 && depth <= SEE_PRUNE_MAX_DEPTH &&
        n.best > -MATE_BOUND &&
        !see_ge(pos, m, n.quiet ? -SEE_QUIET_MARGIN * depth * depth : -SEE_CAPTURE_MARGIN * depth))
      continue;
    n.mover = pos.at(m.from());
    make(pos, m, ply);
    n.gives_check = in_check_after_move(pos);
    if (n.can_futile && n.quiet && !n.gives_check && n.searched > 0) {
      pos.unmake_move();
      continue;
    }
    n.child_depth =
        depth - 1 + ((opt.check_extension && n.gives_check && ply < CHECK_EXTENSION_REACH * root_depth) ? 1 : 0);
    if (n.searched == 0) {
      n.move_search = Node::MoveSearch::First;
      return true;
    }
    n.reduction = 0;
    if (opt.lmr && depth >= LMR_MIN_DEPTH && n.searched >= (n.pv_node ? LMR_AFTER_MOVES_PV : LMR_AFTER_MOVES) &&
        n.quiet && !in_chk && !n.gives_check && !order.is_killer(m, ply)) {
      int r = LMR[std::min(depth, 63)][std::min(n.searched, 63)];
      if (n.pv_node) r -= 1;
      if (order.quiet_score(n.prev, n.mover, m) > LMR_GOOD_HISTORY) r -= 1;
      n.reduction = std::clamp(r, 0, n.child_depth - 1);
    }
    n.move_search = Node::MoveSearch::Reduced;
    return true;
  }
  return false;
}

// After a child search of the node's move: the search the move needs next, or Done. A
// reduced search that beats alpha is searched again unreduced; a null-window one that
// lands inside the window, again with the full window.
Search::State::Node::MoveSearch Search::State::next_search(const Node& n) {
  using S = Node::MoveSearch;
  switch (n.move_search) {
    case S::Reduced:
      if (n.child_score > n.alpha && n.reduction > 0) return S::Unreduced;
      [[fallthrough]];
    case S::Unreduced: return n.child_score > n.alpha && n.child_score < n.beta ? S::FullWindow : S::Done;
    case S::First:
    case S::FullWindow:
    case S::Done: break;
  }
  return S::Done;
}

}  // namespace dc
