#include "movegen.h"

#include <algorithm>
#include <bit>
#include <iterator>

#include "movement.h"

namespace dc {

namespace {

// The squares that can matter to an attack by `mover` on the enemy King (a move that
// changes none of them gives no check): may_check below, and the futile nodes' quiet moves.
inline const Bitboard& check_region(const Position& pos, Color mover) {
  return tables(pos.rules()).attack_region(mover, pos.king_square(~mover));
}

// --- Board Game Arena's Basilisk gaze ---------------------------------------------------
// The paths below that follow a slide or need an empty intermediate square take the rule
// set as a template parameter and ask a Passage (movegen.h) what may be passed over.
// Gygax's instantiation is the plain code, with nothing more computed or tested; the
// public functions choose the instantiation from the position once.

// The captures of the piece of colour us and type t on s, in three kinds: by a plain
// leap or step (its capture mask), along its rays (the first piece on each), and the
// special ones (through an intermediate square, or from afar). generate_captures asks
// each piece for the kinds its type has (Tables::capture_kinds). (The order of the moves
// does not matter to the search: its move picker orders them by score, then by code.)
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

template <Rules R>
inline int slide_captures(const Tables& T, const Position& pos, Color us, PieceType t, Square s, const Passage<R>& P,
                          Move* out) {
  const SquareMoves& sm = T.moves(us, t, s);
  const std::span<const RayMask> rays = T.ray_masks(sm);
  int n = 0;
  auto capture = [&](Square b) {             // kept if it is an enemy, without a branch on that
    const Square to = b == SQ_NONE ? s : b;  // s holds our own piece: not kept
    out[n] = Move(s, to, MoveKind::Capture);
    if constexpr (R == Rules::Bga)
      n += !pos.empty(to) && color_of(pos.at(to)) != us;  // a slide may stop on an empty gazed square
    else
      n += color_of(pos.at(to)) != us;
  };
  for (size_t i = 0; i < sm.up_ray_count; ++i) capture(ray_blocker_up(rays[i], P.blocked));
  for (size_t i = sm.up_ray_count; i < rays.size(); ++i) capture(ray_blocker_down(rays[i], P.blocked));
  return n;
}

template <Rules R>
inline int special_captures(const Tables& T, const Position& pos, Color us, PieceType t, Square s, const Passage<R>& P,
                            Move* out) {
  int n = 0;
  for (const Target& tg : T.special_targets(T.moves(us, t, s))) {
    if (!(tg.mode & CAPTURE_ONLY) || (tg.via != SQ_NONE && (!pos.empty(tg.via) || P.gazed(tg.via)))) continue;
    const Piece q = pos.at(tg.to);
    if (q != NO_PIECE && color_of(q) != us)
      out[n++] = Move(s, tg.to, tg.afar ? MoveKind::Afar : MoveKind::Capture, promotes(t, us, tg.to));
  }
  return n;
}

// Every move of the piece of colour us and type t on s, from its lists of targets and
// rays, in their order (the order of generate_pseudo, which the move lists of the game
// and the openings of the matches and the bench follow).
template <Rules R>
int generate_piece_moves(const Tables& T, const Position& pos, Color us, PieceType t, Square s, const Passage<R>& P,
                         Move* out) {
  const SquareMoves& sm = T.moves(us, t, s);
  int n = 0;
  for (const Target& tg : T.targets(sm)) {
    if (tg.via != SQ_NONE && (!pos.empty(tg.via) || P.gazed(tg.via))) continue;
    const Piece q = pos.at(tg.to);
    if (q == NO_PIECE) {
      if (tg.mode & MOVE_ONLY) out[n++] = Move(s, tg.to, MoveKind::Normal, promotes(t, us, tg.to));
    } else if (color_of(q) != us && (tg.mode & CAPTURE_ONLY)) {
      out[n++] = Move(s, tg.to, tg.afar ? MoveKind::Afar : MoveKind::Capture, promotes(t, us, tg.to));
    }
  }
  for (const Ray& r : T.rays(sm)) {
    for (Square q : T.ray_squares(r)) {
      const Piece p = pos.at(q);
      if (p == NO_PIECE) {
        if (r.mode & MOVE_ONLY) out[n++] = Move(s, q, MoveKind::Normal);
        if (P.gazed(q)) break;  // it may end on a gazed square, not pass over it
        continue;
      }
      if (color_of(p) != us && (r.mode & CAPTURE_ONLY)) out[n++] = Move(s, q, MoveKind::Capture);
      break;
    }
  }
  return n;
}

// Every pseudo-legal move of the piece of the side to move on s.
template <Rules R>
int all_piece_moves(const Position& pos, Square s, Move* out) {
  const Color us = pos.side_to_move();
  return generate_piece_moves<R>(tables(R), pos, us, type_of(pos.at(s)), s, Passage<R>(pos, us), out);
}

template <Rules R>
int generate_moves(const Position& pos, Move* out) {
  const Tables& T = tables(R);
  const Color us = pos.side_to_move();
  const Passage<R> P(pos, us);
  int n = 0;
  for (Square s : pos.pieces(us))
    if (!pos.frozen(s))  // Basilisk freezing: no moves at all
      n += generate_piece_moves<R>(T, pos, us, type_of(pos.at(s)), s, P, out + n);
  return n;
}

// The moves of the pieces of type t on `pieces` (standing on their shift squares, for
// targets) along `shifts` onto `dest`, all pieces at once, vector by vector: captures
// along the capture shifts, or the steps (the targets' shifts that move) onto empty
// squares. (Always inlined: as calls they cost the search 0.5% more instructions.)
template <MoveKind Kind>
[[gnu::always_inline]] inline int shift_moves(std::span<const TargetShift> shifts, Color us, PieceType t,
                                              const Bitboard& pieces, const Bitboard& dest, Move* out) {
  int n = 0;
  for (const TargetShift& ts : shifts) {
    if (Kind == MoveKind::Normal && !(ts.mode & MOVE_ONLY)) continue;
    uint64_t lo = pieces.w[ts.from_word] & ts.from_lo, hi = pieces.w[ts.from_word + 1] & ts.from_hi;
    if (!(lo | hi)) continue;
    shift_level(lo, hi, ts.left, ts.right);
    lo &= dest.w[ts.to_word];
    hi &= dest.w[ts.to_word + 1];
    for (int k = 0; k < 2; ++k)
      for (uint64_t x = k ? hi : lo; x; x &= x - 1) {
        const Square to = Bitboard::square_at(ts.to_word + k, std::countr_zero(x));
        out[n++] = Move(Square(to - ts.square_delta), to, Kind, promotes(t, us, to));
      }
  }
  return n;
}

// --- Quiet moves on square sets ---------------------------------------------------------
// The search's quiet moves (no capture; promotions included) taken from square sets, as
// count_legal counts them: the shift types' steps all at once where their shifts hold,
// every other piece's plain targets, moves through a square and slides, each kept when
// its destination is in `dest`. (generate_pseudo lists the same moves, in another order.)

// The quiet moves of the piece of colour us and type t on s onto `dest` (empty squares).
template <Rules R>
int piece_quiets(const Tables& T, const Position& pos, Color us, PieceType t, Square s, const Bitboard& dest,
                 const Passage<R>& P, Move* out) {
  const SquareMoves& sm = T.moves(us, t, s);
  int n = 0;
  if (sm.target_count) {
    const Bitboard& moves = T.move_mask(us, t, s);
    for (int w = sm.plain_word, end = w + sm.plain_words; w < end; ++w)
      for (uint64_t x = moves.w[w] & dest.w[w]; x; x &= x - 1) {
        const Square to = Bitboard::square_at(w, std::countr_zero(x));
        out[n++] = Move(s, to, MoveKind::Normal, promotes(t, us, to));
      }
    for (const Target& tg : T.via_targets(sm))
      if ((tg.mode & MOVE_ONLY) && dest.test(tg.to) && pos.empty(tg.via) && !P.gazed(tg.via))
        out[n++] = Move(s, tg.to, MoveKind::Normal, promotes(t, us, tg.to));
  }
  if (sm.ray_count) {  // every slide may end on an empty square (or gazed: it stops there)
    const std::span<const RayMask> rays = T.ray_masks(sm);
    const auto [lo, hi] = rays_reach(rays, sm.up_ray_count, P.blocked);
    const int w = rays[0].word;
    for (int k = 0; k < 2; ++k)
      for (uint64_t x = (k ? hi : lo) & dest.w[w + k]; x; x &= x - 1)
        out[n++] = Move(s, Bitboard::square_at(w + k, std::countr_zero(x)));
  }
  return n;
}

// The last rank of colour c (where a Warrior is promoted), on every level.
constexpr Bitboard last_rank(Color c) {
  Bitboard b;
  for (int s = 0; s < SQUARE_NB; ++s)
    if (promotes(WARRIOR, c, Square(s))) b.set(Square(s));
  return b;
}
inline constexpr Bitboard LAST_RANK[COLOR_NB] = {last_rank(GOLD), last_rank(SCARLET)};

// All the quiet moves (region == nullptr), or only those that may give check or promote:
// those of the pieces on `region` (the squares that matter to an attack on the enemy
// King, Tables::attack_region), the other pieces' moves into it, and promotions.
template <Rules R>
int generate_quiets(const Position& pos, Move* out, const Bitboard* region) {
  const Tables& T = tables(R);
  const Color us = pos.side_to_move();
  const Bitboard movable = pos.unfrozen(us);  // Basilisk freezing: no moves
  const Bitboard empty = ALL_SQUARES.minus(pos.occupied());
  const Passage<R> P(pos, us);
  // Where a piece off the region may go.
  auto limited = [&](PieceType t) { return empty & (t == WARRIOR ? *region | LAST_RANK[us] : *region); };
  int n = 0;
  Bitboard rest = movable;
  for (PieceType t : T.shift_types()) {
    const Bitboard shifted = movable & pos.pieces_of(make_piece(us, t)) & T.shift_squares(us, t);
    if (!shifted.any()) continue;
    rest = rest.minus(shifted);
    const std::span<const TargetShift> steps = T.target_shifts(us, t);
    if (!region) {
      n += shift_moves<MoveKind::Normal>(steps, us, t, shifted, empty, out + n);
    } else {
      n += shift_moves<MoveKind::Normal>(steps, us, t, shifted & *region, empty, out + n);
      n += shift_moves<MoveKind::Normal>(steps, us, t, shifted.minus(*region), limited(t), out + n);
    }
  }
  rest.for_each([&](Square s) {
    const PieceType t = type_of(pos.at(s));
    n += piece_quiets<R>(T, pos, us, t, s, !region || region->test(s) ? empty : limited(t), P, out + n);
  });
  return n;
}

// The plain captures of every unfrozen piece of type t at once, vector by vector.
inline int generate_shift_captures(const Tables& T, const Position& pos, Color us, PieceType t, const Bitboard& frozen,
                                   Move* out) {
  const Bitboard pieces = pos.pieces_of(make_piece(us, t)).minus(frozen);
  if (!pieces.any()) return 0;
  return shift_moves<MoveKind::Capture>(T.capture_shifts(us, t), us, t, pieces, pos.occupied(~us), out);
}

template <Rules R>
int generate_captures(const Position& pos, Move* out) {
  const Tables& T = tables(R);
  const Color us = pos.side_to_move();
  const Bitboard frozen = pos.frozen_pieces(us);  // Basilisk freezing: no moves at all
  const Passage<R> P(pos, us);
  int n = 0;
  for (PieceType t : T.shift_types()) n += generate_shift_captures(T, pos, us, t, frozen, out + n);
  // The other pieces one by one: their plain, sliders' and special captures.
  pos.occupied(us).minus(pos.pieces_of(us, T.shift_types()) | frozen).for_each([&](Square s) {
    const PieceType t = type_of(pos.at(s));
    const uint8_t kinds = T.capture_kinds(t);
    if (kinds & Tables::CAPTURE_PLAIN) n += plain_captures(T, pos, us, t, s, out + n);
    if (kinds & Tables::CAPTURE_SLIDE) n += slide_captures<R>(T, pos, us, t, s, P, out + n);
    if (kinds & Tables::CAPTURE_SPECIAL) n += special_captures<R>(T, pos, us, t, s, P, out + n);
  });
  return n;
}

// The squares whose emptying could expose the King of `us` (not in check): `ours`, the
// pieces of `us` first on a line from the King to an enemy slider behind them, or on
// the intermediate square of an enemy's two-step or level-changing attack; `theirs`,
// the same squares holding enemy pieces (a capture from afar empties its square
// without filling it). Under Board Game Arena's rules a square above a Basilisk of `us`
// stops the enemy's lines whoever stands on it: no piece there is a blocker (the
// Basilisk is: its moves are verified, see count_legal).
struct Blockers {
  Bitboard ours, theirs;
};
template <Rules R>
Blockers find_blockers(const Position& pos, Color us) {
  const Tables& T = tables(R);
  const Square k = pos.king_square(us);
  const Color them = ~us;
  const Bitboard sliders = pos.pieces_of(them, T.slider_types());
  const Passage<R> P(pos, them);
  Blockers b;
  for (const ReverseRay& rr : T.reverse_rays(them, k)) {
    const RayMask& r = rr.ray.bits;
    if (!((r.lo & sliders.w[r.word]) | (r.hi & sliders.w[r.word + 1]))) continue;  // no enemy slider on the line
    const Square first = ray_blocker(r, P.blocked);
    if (first == SQ_NONE || P.gazed(first)) continue;
    Bitboard rest = P.blocked;
    rest.toggle(first);
    const Square second = ray_blocker(r, rest);
    if (second == SQ_NONE) continue;
    const Piece p = pos.at(second);
    if (color_of(p) == them && (rr.types >> type_of(p) & 1))
      (color_of(pos.at(first)) == us ? b.ours : b.theirs).set(first);
  }
  for (const AttackEntry& e : T.via_attack_entries(them, k)) {
    const Piece v = pos.at(e.via), a = pos.at(e.from);
    if (v != NO_PIECE && a != NO_PIECE && color_of(a) == them && (e.types >> type_of(a) & 1) && !P.gazed(e.via))
      (color_of(v) == us ? b.ours : b.theirs).set(e.via);
  }
  return b;
}

// Whether the pieces of colour `by` on the squares of `active` (the unfrozen ones) can
// capture on s when the squares that stop their slides and moves through a square are
// `blocked` (the occupied ones, and under Board Game Arena's rules the gazed ones):
// attacked() in a position that differs from pos only by a move about to be made (its
// squares, the piece it captures, a Basilisk's freezing and gaze), the pieces of `by`
// still standing where pos has them.
template <Rules R>
bool attacked_by(const Position& pos, Square s, Color by, const Bitboard& blocked, const Bitboard& active) {
  const Tables& T = tables(R);
  // Plain leaps: the candidate squares, then whether the piece there reaches s.
  const bool by_leap = (T.leap_attackers(by, s) & active).any_of([&](Square q) {
    return T.capture_mask(by, type_of(pos.at(q)), q).test(s);
  });
  if (by_leap) return true;
  // From afar: the same with the afar masks.
  const bool from_afar =
      T.afar_attackers(by, s).any_of(active, [&](Square q) { return T.afar_mask(by, type_of(pos.at(q)), q).test(s); });
  if (from_afar) return true;
  for (const AttackEntry& e : T.via_attack_entries(by, s))
    if (active.test(e.from) && (e.types >> type_of(pos.at(e.from)) & 1) && !blocked.test(e.via)) return true;
  // Slides: the first piece on each line that holds an active piece of `by`, when it is
  // one of the types that slide along that line (a ray's types are sliders only).
  const std::span<const ReverseRay> rays = T.reverse_rays(by, s);
  auto attacks = [&](const ReverseRay& rr, Square q) {
    return q != SQ_NONE && active.test(q) && (rr.types >> type_of(pos.at(q)) & 1);
  };
  auto has_piece = [&](const RayMask& r) { return ((r.lo & active.w[r.word]) | (r.hi & active.w[r.word + 1])) != 0; };
  const size_t up = T.reverse_up_count(by, s);
  for (size_t i = 0; i < up; ++i)
    if (has_piece(rays[i].ray.bits) && attacks(rays[i], ray_blocker_up(rays[i].ray.bits, blocked))) return true;
  for (size_t i = up; i < rays.size(); ++i)
    if (has_piece(rays[i].ray.bits) && attacks(rays[i], ray_blocker_down(rays[i].ray.bits, blocked))) return true;
  return false;
}

// What the pieces of one colour standing on `standing` may attack when the occupied
// squares are `occupied` and the other colour's Basilisks stand on `basilisks`: the
// piece above an enemy Basilisk is frozen (it attacks nothing), and under Board Game
// Arena's rules no line passes over that square (Position::frozen_pieces and gaze, for
// a position about to change).
template <Rules R>
struct Sight {
  Bitboard blocked, active;
  Sight(const Bitboard& occupied, const Bitboard& standing, const Bitboard& basilisks) {
    const Bitboard above = basilisks.up();
    blocked = R == Rules::Bga ? occupied | above : occupied;
    active = standing.minus(above);
  }
};

// Whether the enemy of the side to move attacks square s once the pseudo-legal move m is
// made, decided without making it: with the move's squares changed, the captured piece
// gone and the Basilisks' freezing (and under Board Game Arena's rules their gaze) as it
// will be. s is a square of the position after m (not the captured piece's).
template <Rules R>
bool attacked_after(const Position& pos, Move m, Square s) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square from = m.from(), to = m.to();
  Bitboard occupied = pos.occupied(), enemy = pos.occupied(them);
  Bitboard basilisks = pos.pieces_of(make_piece(us, BASILISK));  // they freeze the enemy above them
  enemy.reset(to);
  if (m.is_afar()) {
    occupied.reset(to);
  } else {
    occupied.reset(from);
    occupied.set(to);
    if (basilisks.test(from)) {
      basilisks.reset(from);
      basilisks.set(to);
    }
  }
  const Sight<R> sight(occupied, enemy, basilisks);
  return attacked_by<R>(pos, s, them, sight.blocked, sight.active);
}

// Whether a pseudo-legal move leaves the mover's King safe (the same without making it).
template <Rules R>
bool safe_after(const Position& pos, Move m) {
  const Square k = pos.king_square(pos.side_to_move());
  return !attacked_after<R>(pos, m, !m.is_afar() && m.from() == k ? m.to() : k);
}

bool safe_after(const Position& pos, Move m) {
  return pos.rules() == Rules::Gygax ? safe_after<Rules::Gygax>(pos, m) : safe_after<Rules::Bga>(pos, m);
}

// The number of legal moves of the piece of colour us and type t on s that cannot expose
// its King (the side to move is not in check, the piece is no blocker, not the King, not
// a Basilisk that holds an enemy frozen), counted on square sets: its plain targets, its
// slides, its targets through a square and its captures from afar (each of those
// verified if it empties a square of `theirs`).
template <Rules R>
int count_piece_moves(const Tables& T, const Position& pos, Color us, PieceType t, Square s, const Bitboard& empty,
                      const Bitboard& enemy, const Bitboard& theirs, const Passage<R>& P) {
  const SquareMoves& sm = T.moves(us, t, s);
  const Bitboard &moves = T.move_mask(us, t, s), &captures = T.capture_mask(us, t, s);
  int n = 0;
  for (int w = sm.plain_word, end = w + sm.plain_words; w < end; ++w)
    n += std::popcount((moves.w[w] & empty.w[w]) | (captures.w[w] & enemy.w[w]));
  if (sm.ray_count) {
    const std::span<const RayMask> rays = T.ray_masks(sm);
    const auto [lo, hi] = rays_reach(rays, sm.up_ray_count, P.blocked);  // every slide stays on the piece's level
    // The reach ends on the first piece (or gazed square): keep it unless it is ours.
    const int w = rays[0].word;
    n += std::popcount(lo & ~pos.occupied(us).w[w]) + std::popcount(hi & ~pos.occupied(us).w[w + 1]);
  }
  for (const Target& tg : T.special_targets(sm)) {
    if (tg.afar) {
      if (enemy.test(tg.to) && (!theirs.test(tg.to) || safe_after<R>(pos, Move(s, tg.to, MoveKind::Afar)))) ++n;
    } else if (empty.test(tg.via) && !P.gazed(tg.via)) {
      n += empty.test(tg.to) ? (tg.mode & MOVE_ONLY) != 0 : enemy.test(tg.to) && (tg.mode & CAPTURE_ONLY);
    }
  }
  return n;
}

// The same for all pieces of one of the types moved by shifts, on shift squares.
inline int count_shift_moves(const Tables& T, Color us, PieceType t, const Bitboard& pieces, const Bitboard* dest) {
  int n = 0;
  for (const TargetShift& ts : T.target_shifts(us, t)) {
    uint64_t lo = pieces.w[ts.from_word] & ts.from_lo, hi = pieces.w[ts.from_word + 1] & ts.from_hi;
    if (!(lo | hi)) continue;
    shift_level(lo, hi, ts.left, ts.right);
    const Bitboard& d = dest[ts.mode];
    n += std::popcount(lo & d.w[ts.to_word]) + std::popcount(hi & d.w[ts.to_word + 1]);
  }
  return n;
}

}  // namespace

int generate_pseudo(const Position& pos, Move* out) {
  return pos.rules() == Rules::Gygax ? generate_moves<Rules::Gygax>(pos, out) : generate_moves<Rules::Bga>(pos, out);
}
int generate_pseudo_quiets(const Position& pos, Move* out) {
  return pos.rules() == Rules::Gygax ? generate_quiets<Rules::Gygax>(pos, out, nullptr)
                                     : generate_quiets<Rules::Bga>(pos, out, nullptr);
}

int generate_pseudo_quiets_checking(const Position& pos, Move* out) {
  const Bitboard& region = check_region(pos, pos.side_to_move());
  return pos.rules() == Rules::Gygax ? generate_quiets<Rules::Gygax>(pos, out, &region)
                                     : generate_quiets<Rules::Bga>(pos, out, &region);
}

bool pseudo_legal(const Position& pos, Move m) {
  const Square from = m.from();
  if (m.is_none() || !is_ok(from) || !is_ok(m.to())) return false;
  const Piece p = pos.at(from);
  const Color us = pos.side_to_move();
  if (p == NO_PIECE || color_of(p) != us || pos.frozen(from)) return false;
  MoveBuffer<MAX_PIECE_MOVES> buf;
  const int n = pos.rules() == Rules::Gygax ? all_piece_moves<Rules::Gygax>(pos, from, buf)
                                            : all_piece_moves<Rules::Bga>(pos, from, buf);
  for (int i = 0; i < n; ++i)
    if (buf[i] == m) return true;
  return false;
}
int generate_pseudo_captures(const Position& pos, Move* out) {
  return pos.rules() == Rules::Gygax ? generate_captures<Rules::Gygax>(pos, out)
                                     : generate_captures<Rules::Bga>(pos, out);
}

bool attacked(const Position& pos, Square s, Color by) {
  const Bitboard active = pos.unfrozen(by);
  if (pos.rules() == Rules::Gygax) return attacked_by<Rules::Gygax>(pos, s, by, pos.occupied(), active);
  return attacked_by<Rules::Bga>(pos, s, by, Passage<Rules::Bga>(pos, by).blocked, active);
}

namespace {

// The pieces of colour `by` on the squares of `active` (unfrozen ones) that can capture
// on s when the squares that stop their slides and moves through a square are `blocked`
// (the occupied ones, and under Board Game Arena's rules the gazed ones): the set that
// attacked_by() asks about, in a position that differs from pos only by pieces gone from
// their squares or arrived on s, the pieces of `active` standing where pos has them.
template <Rules R>
Bitboard attackers(const Position& pos, Square s, Color by, const Bitboard& blocked, const Bitboard& active) {
  const Tables& T = tables(R);
  Bitboard out;
  (T.leap_attackers(by, s) & active).for_each([&](Square q) {
    if (T.capture_mask(by, type_of(pos.at(q)), q).test(s)) out.set(q);
  });
  T.afar_attackers(by, s).for_each(active, [&](Square q) {
    if (T.afar_mask(by, type_of(pos.at(q)), q).test(s)) out.set(q);
  });
  for (const AttackEntry& e : T.via_attack_entries(by, s))
    if (active.test(e.from) && (e.types >> type_of(pos.at(e.from)) & 1) && !blocked.test(e.via)) out.set(e.from);
  const std::span<const ReverseRay> rays = T.reverse_rays(by, s);
  const size_t up = T.reverse_up_count(by, s);
  for (size_t i = 0; i < rays.size(); ++i) {
    const Square q = i < up ? ray_blocker_up(rays[i].ray.bits, blocked) : ray_blocker_down(rays[i].ray.bits, blocked);
    if (q != SQ_NONE && active.test(q) && (rays[i].types >> type_of(pos.at(q)) & 1)) out.set(q);
  }
  return out;
}

template <Rules R>
Bitboard attackers(const Position& pos, Square s, Color by) {
  return attackers<R>(pos, s, by, Passage<R>(pos, by).blocked, pos.unfrozen(by));
}

}  // namespace

Bitboard attackers(const Position& pos, Square s, Color by) {
  return pos.rules() == Rules::Gygax ? attackers<Rules::Gygax>(pos, s, by) : attackers<Rules::Bga>(pos, s, by);
}

Bitboard attackers(const Position& pos, Square s, Color by, const Bitboard& occupied, const Bitboard& standing,
                   const Bitboard& basilisks) {
  if (pos.rules() == Rules::Gygax) {
    const Sight<Rules::Gygax> sight(occupied, standing, basilisks);
    return attackers<Rules::Gygax>(pos, s, by, sight.blocked, sight.active);
  }
  const Sight<Rules::Bga> sight(occupied, standing, basilisks);
  return attackers<Rules::Bga>(pos, s, by, sight.blocked, sight.active);
}

namespace {

// Whether move m of colour `mover`, capturing `captured`, can give check to the enemy King:
// before it that King was not in check; the move changes its squares (and thaws the
// piece above a captured Basilisk, and under Board Game Arena's rules lifts its gaze), so
// unless one of those matters to an attack on the King nothing attacks it after it either.
inline bool may_check(const Position& pos, Color mover, Move m, Piece captured) {
  const Bitboard& region = check_region(pos, mover);
  return region.test(m.from()) || region.test(m.to()) || type_of(captured) == BASILISK;
}

// Whether the piece of colour c on q (not frozen) could capture on s by its movement
// rules: a leap or step, a move through a square, from afar, a slide. (attacked_by() asks
// the same of every piece from s's side.)
template <Rules R>
bool piece_attacks(const Tables& T, const Position& pos, Color c, Square q, Square s, const Passage<R>& P) {
  const PieceType t = type_of(pos.at(q));
  if (T.capture_mask(c, t, q).test(s) || T.afar_mask(c, t, q).test(s)) return true;
  const SquareMoves& sm = T.moves(c, t, q);
  for (const Target& tg : T.via_targets(sm))
    if (tg.to == s && (tg.mode & CAPTURE_ONLY) && pos.empty(tg.via) && !P.gazed(tg.via)) return true;
  for (const RayMask& r : T.ray_masks(sm))
    if (ray_blocker(r, P.blocked) == s) return true;
  return false;
}

// Whether an unfrozen piece of `by` attacks s along the line from s through e, or by a
// move through e (what emptying e can open).
template <Rules R>
bool attacks_over(const Tables& T, const Position& pos, Square s, Color by, Square e, const Bitboard& blocked) {
  auto attacker = [&](Square q, uint16_t types) {
    const Piece p = pos.at(q);
    return p != NO_PIECE && color_of(p) == by && (types >> type_of(p) & 1) && !pos.frozen(q);
  };
  if (level_of(e) == level_of(s)) {  // a line never leaves its level
    const bool high = Bitboard::word_of(e) & 1;
    const uint64_t bit = Bitboard::bit_of(e);
    for (const ReverseRay& rr : T.reverse_rays(by, s)) {  // (the rays from s are apart: one at most holds e)
      if (!((high ? rr.ray.bits.hi : rr.ray.bits.lo) & bit)) continue;
      const Square q = ray_blocker(rr.ray.bits, blocked);
      if (q != SQ_NONE && attacker(q, rr.types)) return true;
      break;
    }
  }
  if (blocked.test(e)) return false;
  for (const AttackEntry& a : T.via_attack_entries(by, s))
    if (a.via == e && attacker(a.from, a.types)) return true;
  return false;
}

// Whether the move just made, m by colour `mover`, checks the enemy King, which was not in
// check before it (as in every legal position) and whose attackers it changes only by
// its squares (a captured Basilisk aside): the piece that moved, where it stands now,
// and the lines and moves through the square it emptied.
template <Rules R>
bool checks_by_move(const Position& pos, Move m, Color mover) {
  const Tables& T = tables(R);
  const Square k = pos.king_square(~mover);
  const Passage<R> P(pos, mover);
  const Square at = m.is_afar() ? m.from() : m.to();    // where the moved piece stands
  const Square left = m.is_afar() ? m.to() : m.from();  // the square the move emptied
  if (!pos.frozen(at) && piece_attacks<R>(T, pos, mover, at, k, P)) return true;
  return attacks_over<R>(T, pos, k, mover, left, P.blocked);
}

}  // namespace

bool in_check_after_move(const Position& pos) {
  const Move m = pos.last_move();
  if (m.is_none()) return in_check(pos);
  const Color mover = ~pos.side_to_move();
  const Piece captured = pos.last_captured();
  if (!may_check(pos, mover, m, captured)) return false;
  // A captured Basilisk thaws the piece above it (and lifts its gaze): the whole test.
  if (type_of(captured) == BASILISK) return in_check(pos);
  return pos.rules() == Rules::Gygax ? checks_by_move<Rules::Gygax>(pos, m, mover)
                                     : checks_by_move<Rules::Bga>(pos, m, mover);
}

bool may_give_check(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  return may_check(pos, us, m, pos.at(m.to()));
}

bool in_check(const Position& pos) {
  Color us = pos.side_to_move();
  return attacked(pos, pos.king_square(us), ~us);
}

bool leaves_king_safe(const Position& pos, Move m) { return safe_after(pos, m); }

bool attacked_after_move(const Position& pos, Move m, Square s) {
  return pos.rules() == Rules::Gygax ? attacked_after<Rules::Gygax>(pos, m, s) : attacked_after<Rules::Bga>(pos, m, s);
}

namespace {

// In check, whether a pseudo-legal move may be legal at all: only a move of the King, of a
// Basilisk (it may freeze an attacker, or under Board Game Arena's rules stop a line with
// its gaze) or onto a square that matters to the attacks on the King (`region`:
// capturing or blocking an attacker) can end the check. Emptying a square only opens
// lines, so no other move can.
inline bool may_evade(const Position& pos, Move m, const Bitboard& region) {
  return region.test(m.to()) || m.from() == pos.king_square(pos.side_to_move()) ||
         type_of(pos.at(m.from())) == BASILISK;
}

// The Basilisks of `us` whose moves may expose its King (verified like a blocker's): one
// that holds an enemy piece frozen lets it go; under Board Game Arena's rules any one,
// as it lifts its gaze from a square that may stop an enemy's line to the King.
template <Rules R>
Bitboard risky_basilisks(const Position& pos, Color us) {
  const Bitboard& basilisks = pos.pieces_of(make_piece(us, BASILISK));
  if constexpr (R == Rules::Bga) return basilisks;
  return basilisks & pos.occupied(~us).down();
}

template <Rules R>
int count_legal(const Position& pos) {
  const Tables& T = tables(R);
  const Color us = pos.side_to_move(), them = ~us;
  const Square k = pos.king_square(us);
  const Bitboard movable = pos.unfrozen(us);  // Basilisk freezing: no moves
  MoveBuffer<MAX_PIECE_MOVES> buf;
  int n = 0;
  // The moves of the pieces on these squares generated, and each that may be legal verified.
  auto count_verified = [&](const Bitboard& pieces, auto&& may_be_legal) {
    pieces.for_each([&](Square s) {
      const int moves = all_piece_moves<R>(pos, s, buf);
      for (int i = 0; i < moves; ++i) n += may_be_legal(buf[i]) && safe_after<R>(pos, buf[i]);
    });
  };
  if (in_check_after_move(pos)) {
    const Bitboard& region = T.attack_region(them, k);
    count_verified(movable, [&](Move m) { return may_evade(pos, m, region); });
    return n;
  }
  const Blockers b = find_blockers<R>(pos, us);
  // Moves that may expose the King: those of a blocker, of the King, of a risky Basilisk.
  Bitboard risky = b.ours | risky_basilisks<R>(pos, us);
  risky.set(k);
  const Bitboard& enemy = pos.occupied(them);
  const Bitboard empty = ALL_SQUARES.minus(pos.occupied());
  const Bitboard dest[4] = {{}, empty, enemy, empty | enemy};  // by Mode
  const Passage<R> P(pos, us);
  const Bitboard easy = movable.minus(risky);
  Bitboard rest = easy;
  for (PieceType t : T.shift_types()) {
    const Bitboard shifted = easy & pos.pieces_of(make_piece(us, t)) & T.shift_squares(us, t);
    n += count_shift_moves(T, us, t, shifted, dest);
    rest = rest.minus(shifted);
  }
  rest.for_each(
      [&](Square s) { n += count_piece_moves<R>(T, pos, us, type_of(pos.at(s)), s, empty, enemy, b.theirs, P); });
  count_verified(movable & risky, [](Move) { return true; });
  return n;
}

}  // namespace

int filter_legal(Position& pos, Move* moves, int n) { return filter_legal(pos, moves, n, in_check(pos)); }

int filter_legal(Position& pos, Move* moves, int n, bool checked) {
  int kept = 0;
  if (checked) {
    const Bitboard& region =
        tables(pos.rules()).attack_region(~pos.side_to_move(), pos.king_square(pos.side_to_move()));
    for (int i = 0; i < n; ++i)
      if (may_evade(pos, moves[i], region) && safe_after(pos, moves[i])) moves[kept++] = moves[i];
    return kept;
  }
  // Not in check: only a few kinds of move can expose the King; verify just those.
  LegalityCheck legality(pos, false);
  for (int i = 0; i < n; ++i)
    if (legality.legal(pos, moves[i])) moves[kept++] = moves[i];
  return kept;
}

LegalityCheck::LegalityCheck(const Position& pos, bool in_check)
    : in_check_(in_check), king_(pos.king_square(pos.side_to_move())) {}

void LegalityCheck::find_risky(const Position& pos) {
  const Color us = pos.side_to_move();
  // The blockers, and the risky Basilisks.
  if (pos.rules() == Rules::Gygax) {
    const Blockers b = find_blockers<Rules::Gygax>(pos, us);
    risky_ = b.ours | risky_basilisks<Rules::Gygax>(pos, us);
    theirs_ = b.theirs;
  } else {
    const Blockers b = find_blockers<Rules::Bga>(pos, us);
    risky_ = b.ours | risky_basilisks<Rules::Bga>(pos, us);
    theirs_ = b.theirs;
  }
  risky_.set(king_);
  blockers_known_ = true;
}

bool LegalityCheck::legal(const Position& pos, Move m) {
  if (in_check_)
    return may_evade(pos, m, tables(pos.rules()).attack_region(~pos.side_to_move(), king_)) && safe_after(pos, m);
  if (!blockers_known_) find_risky(pos);
  const bool risky = m.is_afar() ? theirs_.test(m.to()) : risky_.test(m.from());
  return !risky || safe_after(pos, m);
}

int count_legal(const Position& pos) {
  return pos.rules() == Rules::Gygax ? count_legal<Rules::Gygax>(pos) : count_legal<Rules::Bga>(pos);
}

int generate_legal(Position& pos, Move* out) { return filter_legal(pos, out, generate_pseudo(pos, out)); }

Move find_legal(Position& pos, Square from, Square to) {
  MoveList l = legal_moves(pos);
  for (Move m : l)
    if (m.from() == from && m.to() == to) return m;
  return Move::none();
}

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return uint64_t(count_legal(pos));
  MoveBuffer<MAX_MOVES> moves;
  int n = generate_legal(pos, moves);
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
  if (depth == 1) return uint64_t(count_legal(pos));
  MoveBuffer<MAX_MOVES> moves;
  int n = generate_legal(pos, moves);
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
