#include "movepick.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "../movegen.h"
#include "see.h"

namespace dc::detail {

Move pick(uint64_t* keys, int n, int i) {
  constexpr int SELECT_FIRST = 4;
  if (i < SELECT_FIRST) {
    int best = i;
    uint64_t top = keys[i];
    for (int j = i + 1; j < n; ++j)
      if (keys[j] > top) top = keys[j], best = j;
    keys[best] = keys[i];
    keys[i] = top;
  } else if (i == SELECT_FIRST) {
    std::sort(keys + i, keys + n, std::greater<uint64_t>());
  }
  return key_move(keys[i]);
}

PrevMove prev_move(const Position& pos) {
  const Move m = pos.last_move();
  if (m.is_none()) return {};
  // A capture from afar leaves its piece where it was.
  return {pos.at(m.is_afar() ? m.from() : m.to()), m.to()};
}

// --- MoveOrder ---------------------------------------------------------------------

bool MoveOrder::clear(const std::atomic<bool>* stop) {
  std::memset(history_, 0, sizeof history_);
  std::memset(killers_, 0, sizeof killers_);
  std::memset(counter_, 0, sizeof counter_);
  return cont_.clear(stop);
}

int16_t* MoveOrder::cont_entry(const PrevMove& pm, Piece mover, Square to) {
  if (pm.piece == NO_PIECE) return nullptr;
  const uint64_t k = ((uint64_t(pm.piece) * SQUARE_NB + uint64_t(pm.to)) * PIECE_NB + mover) * SQUARE_NB + uint64_t(to);
  return &cont_[splitmix(k) & (CONT_SIZE - 1)];
}

int MoveOrder::quiet_score(const PrevMove& pm, Piece mover, Move m) const {
  int v = history_[mover][m.to()];
  if (use_cont_history) {
    if (const int16_t* c = cont_entry(pm, mover, m.to())) v += 2 * *c;
  }
  return v;
}

int MoveOrder::score(const Position& pos, Move m, Move tt_move, int ply) const {
  if (m == tt_move) return 1 << 30;
  const Piece mover = pos.at(m.from());
  if (m.is_capture()) {
    const int victim = GYGAX_VALUE_CP[type_of(pos.at(m.to()))];
    const int att = m.is_afar() ? 0 : GYGAX_VALUE_CP[type_of(mover)];
    return 100000000 + victim * 64 - att / 16 + (m.is_promotion() ? 350 * 64 : 0);
  }
  if (m.is_promotion()) return 99000000;
  if (m == killers_[ply][0]) return 90000000;
  if (m == killers_[ply][1]) return 89000000;
  const PrevMove pm = prev_move(pos);
  if (use_countermove && pm.piece != NO_PIECE && m == counter_[pm.piece][pm.to]) return 88000000;
  return quiet_score(pm, mover, m);
}

void MoveOrder::update_quiet_cutoff(const Position& pos, const PrevMove& pm, Move m, Piece mover, int depth, int ply,
                                    const Move* quiets, int nq) {
  if (killers_[ply][0] != m) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  if (use_countermove && pm.piece != NO_PIECE) counter_[pm.piece][pm.to] = m;
  const int bonus = std::min(depth * depth, 400);
  int& h = history_[mover][m.to()];
  h += bonus - h * bonus / 16384;
  int16_t* c = use_cont_history ? cont_entry(pm, mover, m.to()) : nullptr;
  if (c) *c = int16_t(*c + bonus - *c * bonus / 16384);
  for (int j = 0; j < nq; ++j) {
    const Move q = quiets[j];
    const Piece qp = pos.at(q.from());
    int& hq = history_[qp][q.to()];
    hq -= bonus + hq * bonus / 16384;
    if (int16_t* cq = use_cont_history ? cont_entry(pm, qp, q.to()) : nullptr)
      *cq = int16_t(*cq - bonus - *cq * bonus / 16384);
  }
}

// --- MovePicker --------------------------------------------------------------------

Move MovePicker::next(bool futile_quiets) {
  switch (stage_) {
    case Stage::Hash:
      stage_ = Stage::GenCaptures;
      if (!tt_.is_none() && !unseen(blind_, tt_) && pseudo_legal(pos_, tt_)) return tt_;
      tt_ = Move::none();
      [[fallthrough]];
    case Stage::GenCaptures:
      start_ = cur_ = 0;
      end_ = generate_pseudo_captures(pos_, moves_);
      end_ = without_unseen(moves_, end_, blind_);
      score();
      stage_ = Stage::Captures;
      [[fallthrough]];
    case Stage::Captures:
      while (true) {
        const Move m = from_list();
        if (m.is_none()) break;
        if (see_values_ && !see_ge(pos_, m, see_values_, 0)) {
          moves_[bad_++] = m;  // (the list is in keys_: its slots in moves_ are free)
          continue;
        }
        return m;
      }
      start_ = cur_ = end_;
      end_ += futile_quiets ? generate_pseudo_quiets_checking(pos_, moves_ + start_)
                            : generate_pseudo_quiets(pos_, moves_ + start_);
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
    case Stage::Done: break;
  }
  return Move::none();
}

void MovePicker::score() {
  for (int i = start_; i < end_; ++i)
    keys_[i] = order_key(order_.score(pos_, moves_[i], Move::none(), ply_), moves_[i]);
}

Move MovePicker::from_list() {
  while (cur_ < end_) {
    const Move m = pick(keys_ + start_, end_ - start_, cur_ - start_);
    ++cur_;
    if (m != tt_) return m;
  }
  return Move::none();
}

}  // namespace dc::detail
