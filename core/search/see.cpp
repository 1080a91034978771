#include "see.h"

#include "../movegen.h"
#include "../movement.h"

namespace dc {

namespace {

// The exchange on one square played out on square sets, without making the moves: the
// occupied squares, the pieces of each side still standing where the position has them
// (those that went to the square left theirs), each side's Basilisks (movegen's
// attackers() follows their freezing and gaze) and the piece on the square.
class Exchange {
 public:
  Exchange(const Position& pos, Square s)
      : pos_(pos),
        s_(s),
        occupied_(pos.occupied()),
        standing_{pos.occupied(GOLD), pos.occupied(SCARLET)},
        basilisks_{pos.pieces_of(make_piece(GOLD, BASILISK)), pos.pieces_of(make_piece(SCARLET, BASILISK))} {}

  // The piece of colour c on `from` goes to the square (capturing what stands there);
  // it becomes `type` there (a Hero when a Warrior is promoted).
  void arrive(Color c, Square from, PieceType type) {
    occupied_.reset(from);
    occupied_.set(s_);
    standing_[c].reset(from);
    standing_[~c].reset(s_);
    basilisks_[~c].reset(s_);
    if (basilisks_[c].test(from)) basilisks_[c].reset(from), basilisks_[c].set(s_);
    on_square_ = type;
  }
  PieceType on_square() const { return on_square_; }

  // The pieces of colour `by` that could capture on the square now.
  Bitboard attackers(Color by) const { return dc::attackers(pos_, s_, by, occupied_, standing_[by], basilisks_[~by]); }

  // The next capture of the exchange by colour `by`: its least valuable attacker's (the
  // King's only when nothing could take it back); Move::none() when it has none.
  Move next_capture(Color by, const int* value) const {
    const Move c = least_valuable_capture(pos_, s_, by, attackers(by), value);
    if (c.is_none() || type_of(pos_.at(c.from())) != KING) return c;
    Exchange after = *this;
    after.arrive(by, c.from(), KING);
    return after.attackers(~by).any() ? Move::none() : c;
  }

 private:
  const Position& pos_;
  Square s_;
  Bitboard occupied_, standing_[COLOR_NB], basilisks_[COLOR_NB];
  PieceType on_square_ = NO_PIECE_TYPE;
};

PieceType arriving_type(const Position& pos, Move m) { return m.is_promotion() ? HERO : type_of(pos.at(m.from())); }

// What a capture gains beyond its victim: a promotion's Hero instead of its Warrior.
int promotion_gain(Move m, const int* value) { return m.is_promotion() ? value[HERO] - value[WARRIOR] : 0; }

}  // namespace

Move least_valuable_capture(const Position& pos, Square s, Color by, const Bitboard& att, const int* value) {
  const Tables& T = tables(pos.rules());
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

int see(const Position& pos, Move m, const int* value) {
  const Square s = m.to();
  // gain[d]: what the side making capture d wins if the exchange stopped after it.
  int gain[64];
  int d = 0;
  gain[0] = (m.is_capture() ? value[type_of(pos.at(s))] : 0) + promotion_gain(m, value);
  if (m.is_afar()) return gain[0];                      // the capturer stays put: nothing to take back
  if (!attacked_after_move(pos, m, s)) return gain[0];  // nothing can take back (most often)
  Color side = pos.side_to_move();
  Exchange ex(pos, s);
  ex.arrive(side, m.from(), arriving_type(pos, m));
  while (d + 1 < 64) {
    side = ~side;
    const Move c = ex.next_capture(side, value);
    if (c.is_none()) break;
    ++d;
    gain[d] = value[ex.on_square()] + promotion_gain(c, value) - gain[d - 1];
    if (c.is_afar()) break;  // the square is empty now
    ex.arrive(side, c.from(), arriving_type(pos, c));
  }
  // Each side chooses between stopping and going on.
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

bool see_ge(const Position& pos, Move m, const int* value, int threshold) {
  // The exchange never wins more than the first capture, and never loses more than
  // the piece that made it and what a promoting recapture adds (its side may stop
  // after the first recapture).
  const Square s = m.to();
  const Color us = pos.side_to_move();
  int balance = (m.is_capture() ? value[type_of(pos.at(s))] : 0) + promotion_gain(m, value);
  if (balance < threshold) return false;
  if (m.is_afar()) return true;
  // What a capture on s by `side` can win at most beyond its victim: a Warrior's
  // promotion on its side's last rank.
  const int promotion = std::max(0, value[HERO] - value[WARRIOR]);
  auto promotion_by = [&](Color side) { return promotes(WARRIOR, side, s) ? promotion : 0; };
  const PieceType arriving = arriving_type(pos, m);
  if (balance - value[arriving] - promotion_by(~us) >= threshold) return true;
  if (!attacked_after_move(pos, m, s)) return true;
  // The exchange as see() plays it, ended as soon as its answer is known. `balance` is
  // the mover's if the exchange stopped after the last capture; the side to capture
  // next may stop it instead. When the mover's side is to capture and even the best it
  // can take (the piece on the square, promoted) leaves it below the threshold, the
  // answer is no whether it captures or stops; when the other side is to capture and the
  // mover stays at the threshold even after losing that, the answer is yes.
  Exchange ex(pos, s);
  ex.arrive(us, m.from(), arriving);
  Color side = us;
  for (int d = 1; d < 64; ++d) {
    side = ~side;
    const int can_win = value[ex.on_square()] + promotion_by(side);
    if (side == us ? balance + can_win < threshold : balance - can_win >= threshold) return side != us;
    const Move c = ex.next_capture(side, value);
    if (c.is_none()) break;
    const int won = value[ex.on_square()] + promotion_gain(c, value);
    balance += side == us ? won : -won;
    // After the mover's capture, its opponent may stop below the threshold; after the
    // opponent's, the mover may stop at it.
    if (side == us ? balance < threshold : balance >= threshold) return side != us;
    if (c.is_afar()) break;  // the square is empty now
    ex.arrive(side, c.from(), arriving_type(pos, c));
  }
  return balance >= threshold;
}

}  // namespace dc
