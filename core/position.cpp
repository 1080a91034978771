#include "position.h"

#include <array>

#include "movegen.h"

namespace dc {

namespace zobrist {
namespace {
struct Keys {
  uint64_t psq[PIECE_NB][SQUARE_NB]{};
  uint64_t side = 0;
  uint64_t bga = 0;
  Keys() {
    uint64_t x = 0x9E3779B97F4A7C15ull;  // splitmix64, fixed seed: keys are reproducible
    auto next = [&] {
      uint64_t z = (x += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    for (auto& row : psq)
      for (auto& k : row) k = next();
    side = next();
    bga = next();
  }
};
// Filled in when the program starts (not at compile time: 74 KB of random numbers would
// not compress in the wasm download); no initialisation guard on the make/unmake path.
const Keys KEYS;
const Keys& keys() { return KEYS; }
}  // namespace
uint64_t piece_square(Piece p, Square s) { return keys().psq[p][s]; }
uint64_t side() { return keys().side; }
uint64_t rule_set(Rules r) { return r == Rules::Bga ? keys().bga : 0; }
}  // namespace zobrist

// --- Placement bookkeeping -------------------------------------------------------------

void Position::put(Square s, Piece p) {
  Color c = color_of(p);
  board_[s] = p;
  pindex_[s] = pcount_[c];
  plist_[c][pcount_[c]++] = s;
  key_ ^= zobrist::piece_square(p, s);
  toggle_bits(s, p);
  if (type_of(p) == KING) king_[c] = s;
}

void Position::remove(Square s) {
  Piece p = board_[s];
  Color c = color_of(p);
  Square last = plist_[c][--pcount_[c]];
  plist_[c][pindex_[s]] = last;
  pindex_[last] = pindex_[s];
  board_[s] = NO_PIECE;
  toggle_bits(s, p);
}

void Position::restore(Square s, Piece p, int index) {
  Color c = color_of(p);
  Square moved = plist_[c][index];  // remove() moved the last piece into this slot
  if (index < pcount_[c]) {
    plist_[c][pcount_[c]] = moved;
    pindex_[moved] = pcount_[c];
  }
  ++pcount_[c];
  plist_[c][index] = s;
  pindex_[s] = int16_t(index);
  board_[s] = p;
  toggle_bits(s, p);
  if (type_of(p) == KING) king_[c] = s;
}

void Position::replace(Square s, Piece p) {
  by_piece_[board_[s]].toggle(s);
  by_piece_[p].toggle(s);
  board_[s] = p;
}

void Position::relocate(Square from, Square to) {
  Piece p = board_[from];
  board_[to] = p;
  board_[from] = NO_PIECE;
  pindex_[to] = pindex_[from];
  plist_[color_of(p)][pindex_[to]] = to;
  toggle_bits(from, p);
  toggle_bits(to, p);
  if (type_of(p) == KING) king_[color_of(p)] = to;
}

// --- Make and unmake ------------------------------------------------------------------

uint64_t Position::key_after(Move m) const {
  const Square from = m.from(), to = m.to();
  uint64_t k = key_ ^ zobrist::side();
  if (board_[to] != NO_PIECE) k ^= zobrist::piece_square(board_[to], to);
  if (!m.is_afar()) {
    const Piece p = board_[from];
    k ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(m.is_promotion() ? make_piece(stm_, HERO) : p, to);
  }
  return k;
}

void Position::make_move(Move m) {
  Square from = m.from(), to = m.to();
  Undo u{m, board_[from], board_[to], 0, int16_t(quiet_), key_};
  key_ = key_after(m);
  if (u.captured != NO_PIECE) {
    u.captured_index = pindex_[to];
    remove(to);
  }
  if (!m.is_afar()) {
    relocate(from, to);
    // Promotion: a Warrior reaching its last rank becomes a Hero (docs/rules.md §4.20).
    if (m.is_promotion()) replace(to, make_piece(stm_, HERO));
  }
  quiet_ = (u.captured != NO_PIECE || type_of(u.moved) == WARRIOR) ? 0 : quiet_ + 1;
  if (stm_ == SCARLET) ++move_number_;
  stm_ = ~stm_;
  history_.push_back(u);
}

void Position::unmake_move() {
  Undo u = history_.back();
  history_.pop_back();
  stm_ = ~stm_;
  if (stm_ == SCARLET) --move_number_;
  Square from = u.move.from(), to = u.move.to();
  if (!u.move.is_afar()) {
    if (u.move.is_promotion()) replace(to, u.moved);
    relocate(to, from);
  }
  if (u.captured != NO_PIECE) restore(to, u.captured, u.captured_index);
  quiet_ = u.quiet;
  key_ = u.key;
}

void Position::make_null() {
  history_.push_back({Move::none(), NO_PIECE, NO_PIECE, 0, int16_t(quiet_), key_});
  ++quiet_;
  if (stm_ == SCARLET) ++move_number_;
  stm_ = ~stm_;
  key_ ^= zobrist::side();
}

void Position::unmake_null() {
  Undo u = history_.back();
  history_.pop_back();
  stm_ = ~stm_;
  if (stm_ == SCARLET) --move_number_;
  quiet_ = u.quiet;
  key_ = u.key;
}

int Position::repetitions() const {
  // Only positions since the last capture or Warrior move can repeat; a null move
  // breaks the chain too (the search never counts repetitions across a pass).
  int n = 0;
  int limit = std::min<int>(quiet_, int(history_.size()));
  size_t h = history_.size();
  for (int i = 2; i <= limit; i += 2) {
    if (history_[h - i].move.is_none() || history_[h - i + 1].move.is_none()) break;
    if (history_[h - i].key == key_) ++n;
  }
  return n;
}

uint64_t Position::compute_key() const {
  uint64_t k = (stm_ == SCARLET ? zobrist::side() : 0) ^ zobrist::rule_set(rules_);
  for (int s = 0; s < SQUARE_NB; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::piece_square(board_[s], Square(s));
  return k;
}

}  // namespace dc
