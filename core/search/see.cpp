#include "see.h"

#include "../movegen.h"
#include "../movement.h"

namespace dc {

namespace {

// The least valuable piece of colour `by` that captures on s, as the move it makes;
// an attacker that captures from afar is preferred to all others (it wins the piece
// and ends the exchange). Ties go to the lower square. Move::none() if there is none.
Move least_valuable_capture(const Position& pos, Square s, Color by, const int* value) {
  const Tables& T = tables(pos.rules());
  const Bitboard att = attackers(pos, s, by);
  Square best = SQ_NONE;
  bool best_afar = false;
  int best_value = 0;
  att.for_each([&](Square q) {
    const PieceType t = type_of(pos.at(q));
    const bool afar = T.afar_mask(by, t, q).test(s);
    // The King last: it may capture only onto a square nobody defends.
    const int v = t == KING ? 1 << 20 : value[t];
    if (best == SQ_NONE || (afar && !best_afar) || (afar == best_afar && v < best_value)) {
      best = q;
      best_afar = afar;
      best_value = v;
    }
  });
  if (best == SQ_NONE) return Move::none();
  const PieceType t = type_of(pos.at(best));
  return Move(best, s, best_afar ? MoveKind::Afar : MoveKind::Capture, promotes(t, by, s));
}

}  // namespace

int see(Position& pos, Move m, const int* value) {
  const Square s = m.to();
  // gain[d]: what the side making capture d wins if the exchange stopped after it.
  int gain[64];
  int d = 0;
  gain[0] = m.is_capture() ? value[type_of(pos.at(s))] : 0;
  if (m.is_promotion()) gain[0] += value[HERO] - value[WARRIOR];
  if (m.is_afar()) return gain[0];  // the capturer stays put: nothing to take back
  if (!attacked_after_move(pos, m, s)) return gain[0];  // nothing can take back (most often)
  pos.make_move(m);
  int made = 1;
  while (d + 1 < 64) {
    if (pos.empty(s)) break;
    const Color us = pos.side_to_move();
    const Move c = least_valuable_capture(pos, s, us, value);
    if (c.is_none()) break;
    const PieceType mover = type_of(pos.at(c.from()));
    const int victim = value[type_of(pos.at(s))];
    if (mover == KING) {
      // Only if nothing could take the King back.
      pos.make_move(c);
      const bool defended = attackers(pos, s, ~us).any();
      pos.unmake_move();
      if (defended) break;
    }
    ++d;
    gain[d] = victim + (c.is_promotion() ? value[HERO] - value[WARRIOR] : 0) - gain[d - 1];
    if (c.is_afar()) break;  // the square is empty now
    pos.make_move(c);
    ++made;
  }
  for (int i = 0; i < made; ++i) pos.unmake_move();
  // Each side chooses between stopping and going on.
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

bool see_ge(Position& pos, Move m, const int* value, int threshold) {
  // The exchange never wins more than the first capture, and never loses more than
  // the piece that made it (its side may stop after the first recapture).
  int first = m.is_capture() ? value[type_of(pos.at(m.to()))] : 0;
  PieceType mover = type_of(pos.at(m.from()));
  if (m.is_promotion()) first += value[HERO] - value[WARRIOR], mover = HERO;
  if (first < threshold) return false;
  if (m.is_afar() || first - (mover == KING ? 0 : value[mover]) >= threshold) return true;
  return see(pos, m, value) >= threshold;
}

}  // namespace dc
