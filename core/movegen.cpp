#include "movegen.h"

#include <algorithm>
#include <bit>
#include <iterator>

#include "movement.h"

namespace dc {

namespace {

// The captures of the piece of colour us and type t on s, in three kinds: by a plain
// leap or step (its capture mask), along its rays (the first piece on each), and the
// special ones (through an intermediate square, or from afar). generate_captures asks
// each kind of the pieces that have it, so that the branches of each go the same way.
inline int plain_captures(const Tables& T, const Position& pos, Color us, PieceType t, Square s, Move* out) {
  int n = 0;
  const Bitboard caps = T.capture_mask(us, t, s) & pos.occupied(~us);
  if (caps.any()) {
    if (t == WARRIOR)
      caps.for_each([&](Square to) { out[n++] = Move(s, to, MoveKind::Capture, promotes(t, us, to)); });
    else
      caps.for_each([&](Square to) { out[n++] = Move(s, to, MoveKind::Capture); });
  }
  return n;
}

inline int slide_captures(const Tables& T, const Position& pos, Color us, PieceType t, Square s, Move* out) {
  const SquareMoves& sm = T.moves(us, t, s);
  const std::span<const RayMask> rays = T.ray_masks(sm);
  const Bitboard& occupied = pos.occupied();
  int n = 0;
  auto capture = [&](Square b) {  // kept if it is an enemy, without a branch on that
    const Square to = b == SQ_NONE ? s : b;  // s holds our own piece: not kept
    out[n] = Move(s, to, MoveKind::Capture);
    n += color_of(pos.at(to)) != us;
  };
  for (size_t i = 0; i < sm.up_ray_count; ++i) capture(ray_blocker_up(rays[i], occupied));
  for (size_t i = sm.up_ray_count; i < rays.size(); ++i) capture(ray_blocker_down(rays[i], occupied));
  return n;
}

inline int special_captures(const Tables& T, const Position& pos, Color us, PieceType t, Square s, Move* out) {
  int n = 0;
  for (const Target& tg : T.special_targets(T.moves(us, t, s))) {
    if (!(tg.mode & CAPTURE_ONLY) || (tg.via != SQ_NONE && !pos.empty(tg.via))) continue;
    const Piece q = pos.at(tg.to);
    if (q != NO_PIECE && color_of(q) != us)
      out[n++] = Move(s, tg.to, tg.afar ? MoveKind::Afar : MoveKind::Capture, promotes(t, us, tg.to));
  }
  return n;
}

// The moves of the piece of colour us and type t on s, captures, non-captures or both.
template <bool Quiets, bool Captures>
int generate_piece_moves(const Tables& T, const Position& pos, Color us, PieceType t, Square s, Move* out) {
  const SquareMoves& sm = T.moves(us, t, s);
  int n = 0;
  for (const Target& tg : T.targets(sm)) {
    if (tg.via != SQ_NONE && !pos.empty(tg.via)) continue;
    const Piece q = pos.at(tg.to);
    if (q == NO_PIECE) {
      if (Quiets && (tg.mode & MOVE_ONLY)) out[n++] = Move(s, tg.to, MoveKind::Normal, promotes(t, us, tg.to));
    } else if (Captures && color_of(q) != us && (tg.mode & CAPTURE_ONLY)) {
      out[n++] = Move(s, tg.to, tg.afar ? MoveKind::Afar : MoveKind::Capture, promotes(t, us, tg.to));
    }
  }
  for (const Ray& r : T.rays(sm)) {
    for (Square q : T.ray_squares(r)) {
      const Piece p = pos.at(q);
      if (p == NO_PIECE) {
        if (Quiets && (r.mode & MOVE_ONLY)) out[n++] = Move(s, q, MoveKind::Normal);
        continue;
      }
      if (Captures && color_of(p) != us && (r.mode & CAPTURE_ONLY)) out[n++] = Move(s, q, MoveKind::Capture);
      break;
    }
  }
  return n;
}

template <bool Quiets, bool Captures>
int generate_moves(const Position& pos, Move* out) {
  const Tables& T = tables();
  const Color us = pos.side_to_move();
  int n = 0;
  for (Square s : pos.pieces(us))
    if (!pos.frozen(s))  // Basilisk freezing: no moves at all
      n += generate_piece_moves<Quiets, Captures>(T, pos, us, type_of(pos.at(s)), s, out + n);
  return n;
}

// The plain captures of every unfrozen piece of type t at once, vector by vector.
int generate_shift_captures(const Tables& T, const Position& pos, Color us, PieceType t, const Bitboard& frozen,
                            Move* out) {
  const Bitboard pieces = pos.pieces_of(make_piece(us, t)).minus(frozen);
  if (!pieces.any()) return 0;
  const Bitboard& enemy = pos.occupied(~us);
  int n = 0;
  for (const CaptureShift& cs : T.capture_shifts(us, t)) {
    uint64_t lo = pieces.w[cs.from_word] & cs.from_lo, hi = pieces.w[cs.from_word + 1] & cs.from_hi;
    if (!(lo | hi)) continue;
    // The two words as one 128-bit number, shifted left and then right (one of the
    // two by 0; both under 64): no branch on the direction. (x >> 1 >> (63 - n) is
    // x >> (64 - n), defined for n = 0 too.)
    hi = hi << cs.left | lo >> 1 >> (63 - cs.left);
    lo <<= cs.left;
    lo = lo >> cs.right | hi << 1 << (63 - cs.right);
    hi >>= cs.right;
    lo &= enemy.w[cs.to_word];
    hi &= enemy.w[cs.to_word + 1];
    for (int k = 0; k < 2; ++k)
      for (uint64_t x = k ? hi : lo; x; x &= x - 1) {
        const Square to = Bitboard::square_at(cs.to_word + k, std::countr_zero(x));
        out[n++] = Move(Square(to - cs.square_delta), to, MoveKind::Capture, promotes(t, us, to));
      }
  }
  return n;
}

int generate_captures(const Position& pos, Move* out) {
  const Tables& T = tables();
  const Color us = pos.side_to_move();
  const Bitboard frozen = pos.frozen_pieces(us);  // Basilisk freezing: no moves at all
  int n = 0;
  for (PieceType t : T.shift_types()) n += generate_shift_captures(T, pos, us, t, frozen, out + n);
  // The other pieces one by one: plain captures, then the sliders' and the special
  // captures of the pieces that have them.
  pos.pieces_of(us, T.plain_types()).minus(frozen).for_each([&](Square s) {
    n += plain_captures(T, pos, us, type_of(pos.at(s)), s, out + n);
  });
  pos.pieces_of(us, T.slider_types()).minus(frozen).for_each([&](Square s) {
    n += slide_captures(T, pos, us, type_of(pos.at(s)), s, out + n);
  });
  pos.pieces_of(us, T.special_types()).minus(frozen).for_each([&](Square s) {
    n += special_captures(T, pos, us, type_of(pos.at(s)), s, out + n);
  });
  return n;
}

// Squares holding pieces of the side to move whose departure could expose its King:
// the first piece on a line from the King to an enemy slider, and a piece standing on
// the intermediate square of an enemy's level-changing or two-step attack.
// `at` (SQUARE_NB entries, all false on entry) is set true on those squares.
void find_blockers(const Position& pos, Color us, bool* at) {
  const Tables& T = tables();
  const Square k = pos.king_square(us);
  const Color them = ~us;
  const Bitboard sliders = pos.pieces_of(them, T.slider_types());
  const Bitboard& occupied = pos.occupied();
  for (const ReverseRay& rr : T.reverse_rays(them, k)) {
    const RayMask& r = rr.ray.bits;
    if (!((r.lo & sliders.w[r.word]) | (r.hi & sliders.w[r.word + 1]))) continue;  // no enemy slider on the line
    const Square first = ray_blocker(r, occupied);
    if (first == SQ_NONE || color_of(pos.at(first)) != us) continue;
    Bitboard rest = occupied;
    rest.toggle(first);
    const Square second = ray_blocker(r, rest);
    if (second == SQ_NONE) continue;
    const Piece p = pos.at(second);
    if (color_of(p) == them && (rr.types >> type_of(p) & 1)) at[first] = true;
  }
  for (const AttackEntry& e : T.via_attack_entries(them, k)) {
    Piece v = pos.at(e.via), a = pos.at(e.from);
    if (v != NO_PIECE && color_of(v) == us && a != NO_PIECE && color_of(a) == them &&
        (e.types >> type_of(a) & 1))
      at[e.via] = true;
  }
}

}  // namespace

int generate_pseudo(const Position& pos, Move* out) { return generate_moves<true, true>(pos, out); }
int generate_pseudo_quiets(const Position& pos, Move* out) { return generate_moves<true, false>(pos, out); }

bool pseudo_legal(const Position& pos, Move m) {
  const Square from = m.from();
  if (m.is_none() || !is_ok(from) || !is_ok(m.to())) return false;
  const Piece p = pos.at(from);
  const Color us = pos.side_to_move();
  if (p == NO_PIECE || color_of(p) != us || pos.frozen(from)) return false;
  Move buf[MAX_MOVES];
  const int n = generate_piece_moves<true, true>(tables(), pos, us, type_of(p), from, buf);
  for (int i = 0; i < n; ++i)
    if (buf[i] == m) return true;
  return false;
}
int generate_pseudo_captures(const Position& pos, Move* out) { return generate_captures(pos, out); }

bool attacked(const Position& pos, Square s, Color by) {
  const Tables& T = tables();
  // Plain leaps: the candidate squares, then whether the piece there reaches s.
  const bool by_leap = (T.leap_attackers(by, s) & pos.occupied(by)).any_of([&](Square q) {
    return T.capture_mask(by, type_of(pos.at(q)), q).test(s) && !pos.frozen(q);
  });
  if (by_leap) return true;
  // From afar: the same with the afar masks.
  const bool from_afar = (T.afar_attackers(by, s) & pos.occupied(by)).any_of([&](Square q) {
    return T.afar_mask(by, type_of(pos.at(q)), q).test(s) && !pos.frozen(q);
  });
  if (from_afar) return true;
  for (const AttackEntry& e : T.via_attack_entries(by, s)) {
    const Piece p = pos.at(e.from);
    if (p == NO_PIECE || color_of(p) != by || !(e.types >> type_of(p) & 1)) continue;
    if (!pos.empty(e.via) || pos.frozen(e.from)) continue;
    return true;
  }
  // Slides: the first piece on each line that holds a slider of `by`.
  const Bitboard sliders = pos.pieces_of(by, T.slider_types());
  const std::span<const ReverseRay> rays = T.reverse_rays(by, s);
  auto attacks = [&](const ReverseRay& rr, Square q) {
    if (q == SQ_NONE) return false;
    const Piece p = pos.at(q);
    return color_of(p) == by && (rr.types >> type_of(p) & 1) && !pos.frozen(q);
  };
  auto has_slider = [&](const RayMask& r) { return ((r.lo & sliders.w[r.word]) | (r.hi & sliders.w[r.word + 1])) != 0; };
  const size_t up = T.reverse_up_count(by, s);
  for (size_t i = 0; i < up; ++i)
    if (has_slider(rays[i].ray.bits) && attacks(rays[i], ray_blocker_up(rays[i].ray.bits, pos.occupied()))) return true;
  for (size_t i = up; i < rays.size(); ++i)
    if (has_slider(rays[i].ray.bits) && attacks(rays[i], ray_blocker_down(rays[i].ray.bits, pos.occupied()))) return true;
  return false;
}

Bitboard attackers(const Position& pos, Square s, Color by) {
  const Tables& T = tables();
  Bitboard out;
  (T.leap_attackers(by, s) & pos.occupied(by)).for_each([&](Square q) {
    if (T.capture_mask(by, type_of(pos.at(q)), q).test(s)) out.set(q);
  });
  (T.afar_attackers(by, s) & pos.occupied(by)).for_each([&](Square q) {
    if (T.afar_mask(by, type_of(pos.at(q)), q).test(s)) out.set(q);
  });
  for (const AttackEntry& e : T.via_attack_entries(by, s)) {
    const Piece p = pos.at(e.from);
    if (p != NO_PIECE && color_of(p) == by && (e.types >> type_of(p) & 1) && pos.empty(e.via)) out.set(e.from);
  }
  const std::span<const ReverseRay> rays = T.reverse_rays(by, s);
  const size_t up = T.reverse_up_count(by, s);
  for (size_t i = 0; i < rays.size(); ++i) {
    const Square q = i < up ? ray_blocker_up(rays[i].ray.bits, pos.occupied())
                            : ray_blocker_down(rays[i].ray.bits, pos.occupied());
    if (q == SQ_NONE) continue;
    const Piece p = pos.at(q);
    if (color_of(p) == by && (rays[i].types >> type_of(p) & 1)) out.set(q);
  }
  return out.minus(pos.frozen_pieces(by));
}

bool in_check_after_move(const Position& pos) {
  const Move m = pos.last_move();
  if (m.is_none()) return in_check(pos);
  const Color us = pos.side_to_move();
  // Before the move the side to move was not in check; the move changed its squares
  // (and thawed the piece above a captured Basilisk). Unless one of those can matter
  // to an attack on the King, nothing attacks it now either.
  const Bitboard& region = tables().attack_region(~us, pos.king_square(us));
  if (!region.test(m.from()) && !region.test(m.to()) && type_of(pos.last_captured()) != BASILISK) return false;
  return in_check(pos);
}

bool in_check(const Position& pos) {
  Color us = pos.side_to_move();
  return attacked(pos, pos.king_square(us), ~us);
}

bool leaves_king_safe(Position& pos, Move m) {
  Color us = pos.side_to_move();
  pos.make_move(m);
  bool safe = !attacked(pos, pos.king_square(us), ~us);
  pos.unmake_move();
  return safe;
}

int filter_legal(Position& pos, Move* moves, int n) { return filter_legal(pos, moves, n, in_check(pos)); }

int filter_legal(Position& pos, Move* moves, int n, bool checked) {
  const Color us = pos.side_to_move();
  const Square k = pos.king_square(us);
  int kept = 0;
  if (checked) {
    for (int i = 0; i < n; ++i)
      if (leaves_king_safe(pos, moves[i])) moves[kept++] = moves[i];
    return kept;
  }
  // Not in check: only a few kinds of move can expose the King; verify just those.
  bool blocker[SQUARE_NB] = {};
  find_blockers(pos, us, blocker);
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    const Square from = m.from();
    const bool risky = from == k || blocker[from] || m.is_afar() ||  // afar empties a square
                       type_of(pos.at(from)) == BASILISK;          // may unfreeze an enemy
    if (!risky || leaves_king_safe(pos, m)) moves[kept++] = m;
  }
  return kept;
}

LegalityCheck::LegalityCheck(const Position& pos, bool in_check)
    : in_check_(in_check), king_(pos.king_square(pos.side_to_move())) {}

bool LegalityCheck::legal(Position& pos, Move m) {
  if (in_check_) return leaves_king_safe(pos, m);
  if (!blockers_known_) {
    std::fill(std::begin(blocker_), std::end(blocker_), false);
    find_blockers(pos, pos.side_to_move(), blocker_);
    blockers_known_ = true;
  }
  const Square from = m.from();
  const bool risky = from == king_ || blocker_[from] || m.is_afar() || type_of(pos.at(from)) == BASILISK;
  return !risky || leaves_king_safe(pos, m);
}

int generate_legal(Position& pos, Move* out) {
  return filter_legal(pos, out, generate_pseudo(pos, out));
}

Move find_legal(Position& pos, Square from, Square to) {
  MoveList l = legal_moves(pos);
  for (Move m : l)
    if (m.from() == from && m.to() == to) return m;
  return Move::none();
}

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  Move moves[MAX_MOVES];
  int n = generate_legal(pos, moves);
  if (depth == 1) return uint64_t(n);
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    pos.make_move(moves[i]);
    total += perft(pos, depth - 1);
    pos.unmake_move();
  }
  return total;
}

namespace {

// perft that polls a stop flag at every inner node; `stopped` is set when it saw it.
uint64_t perft_until(Position& pos, int depth, const std::atomic<bool>& stop, bool& stopped) {
  if (depth <= 0) return 1;
  Move moves[MAX_MOVES];
  int n = generate_legal(pos, moves);
  if (depth == 1) return uint64_t(n);
  if (stop.load(std::memory_order_relaxed)) {
    stopped = true;
    return 0;
  }
  uint64_t total = 0;
  for (int i = 0; i < n && !stopped; ++i) {
    pos.make_move(moves[i]);
    total += perft_until(pos, depth - 1, stop, stopped);
    pos.unmake_move();
  }
  return total;
}

}  // namespace

PerftCount perft(Position& pos, int depth, const std::atomic<bool>& stop) {
  bool stopped = false;
  const uint64_t nodes = perft_until(pos, depth, stop, stopped);
  return {nodes, !stopped};
}

std::vector<std::pair<Move, uint64_t>> divide(Position& pos, int depth, const std::atomic<bool>* stop) {
  std::vector<std::pair<Move, uint64_t>> out;
  MoveList l = legal_moves(pos);
  for (Move m : l) {
    pos.make_move(m);
    uint64_t n = 1;
    bool stopped = false;
    if (depth > 1) n = stop ? perft_until(pos, depth - 1, *stop, stopped) : perft(pos, depth - 1);
    pos.unmake_move();
    if (stopped) break;  // this move's count is incomplete, and so is the list
    out.emplace_back(m, n);
  }
  return out;
}

}  // namespace dc
