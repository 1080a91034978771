// Move ordering of the search (internal to core/search): the tables that learn which quiet
// moves refute (killers, history, countermoves, continuation history), the ordering score
// of a move, and the staged move picker of a node.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "../position.h"
#include "score.h"
#include "zeroed.h"

namespace dc::detail {

// The captures a search does not see (a level's weaknesses, docs/search.md): none, those
// from afar, or every capture from one level to another (those from afar among them).
enum class Blind : uint8_t { NONE, AFAR, LEVELS };
constexpr bool unseen(Blind b, Move m) {
  return b == Blind::AFAR ? m.is_afar()
                          : b == Blind::LEVELS && m.is_capture() && level_of(m.from()) != level_of(m.to());
}
// Removes the moves a search blind that way does not see; returns the new count.
inline int without_unseen(Move* moves, int n, Blind b) {
  if (b == Blind::NONE) return n;
  return int(std::remove_if(moves, moves + n, [b](Move m) { return unseen(b, m); }) - moves);
}

// A move and its ordering score as one number that orders them: a higher score first,
// and of equal scores the smaller move code, so that the order does not depend on the
// piece lists, which make/unmake may permute.
inline uint64_t order_key(int score, Move m) {
  return uint64_t(uint32_t(score) ^ 0x80000000u) << 32 | uint32_t(~m.raw());
}
inline Move key_move(uint64_t key) { return Move::from_raw(~uint32_t(key)); }
inline int key_score(uint64_t key) { return int(uint32_t(key >> 32) ^ 0x80000000u); }

// The move of the greatest remaining key of keys[0, n), put at index i (keys[0, i) are
// the moves already handed out). The first few are selected one at a time (a cut-off
// usually comes early); after that the rest is sorted once.
Move pick(uint64_t* keys, int n, int i);

// The previous move (the opponent's), as the piece that made it and its square;
// NO_PIECE after a null move or at the start.
struct PrevMove {
  Piece piece = NO_PIECE;
  Square to = SQ_NONE;
};
PrevMove prev_move(const Position& pos);

class MoveOrder {
 public:
  bool use_countermove = false;
  bool use_cont_history = false;

  // Forgets what it learnt (all tables zero, as made); false when `stop` was set before
  // the continuation history was cleared whole.
  bool clear(const std::atomic<bool>* stop = nullptr);
  // Captures by MVV/LVA (promotions added), then promotions, killers, the countermove,
  // then quiet moves by history; the hash move first of all.
  int score(const Position& pos, Move m, Move tt_move, int ply) const;
  int quiet_score(const PrevMove& pm, Piece mover, Move m) const;
  bool is_killer(Move m, int ply) const { return m == killers_[ply][0] || m == killers_[ply][1]; }
  // A quiet move caused a cut-off at this depth; the quiet moves searched before it
  // (quiets[0, nq)) did not.
  void update_quiet_cutoff(const Position& pos, const PrevMove& pm, Move m, Piece mover, int depth, int ply,
                           const Move* quiets, int nq);

 private:
  int history_[PIECE_NB][SQUARE_NB] = {};
  Move killers_[MAX_PLY][2] = {};
  Move counter_[PIECE_NB][SQUARE_NB] = {};  // by the previous move's piece and square
  // Continuation history by (previous move's piece and square, piece and square),
  // hashed into a table of CONT_SIZE.
  static constexpr size_t CONT_SIZE = size_t(1) << 20;
  ZeroedArray<int16_t> cont_{CONT_SIZE};
  int16_t* cont_entry(const PrevMove& pm, Piece mover, Square to);
  const int16_t* cont_entry(const PrevMove& pm, Piece mover, Square to) const {
    return const_cast<MoveOrder*>(this)->cont_entry(pm, mover, to);
  }
};

// The moves of a node in the order they are searched, generated in stages so that a
// cut-off by the hash move or a capture spares generating the quiet moves: the hash
// move (when it is pseudo-legal here), then the captures by MVV/LVA (with SEE
// ordering, those that lose material by SEE are put aside), then the quiet moves
// (promotions, killers, then by history), then the losing captures.
class MovePicker {
 public:
  // moves/keys: the node's buffers of MAX_MOVES. blind: the captures the level does not
  // see (never in check: every evasion is seen). see_values: SEE's piece values, or nullptr
  // for no SEE ordering.
  MovePicker(const MoveOrder& order, Position& pos, Move tt_move, int ply, Blind blind, const int* see_values,
             Move* moves, uint64_t* keys)
      : order_(order),
        pos_(pos),
        tt_(tt_move),
        ply_(ply),
        blind_(blind),
        see_values_(see_values),
        moves_(moves),
        keys_(keys) {}

  // futile_quiets: the node skips every quiet move (not a capture or a promotion) that
  // cannot give check (futility, once a move has been searched); when it holds as the
  // quiet moves are generated, those are left out of the list instead of being scored,
  // sorted and handed out (the order of the rest is the same).
  Move next(bool futile_quiets = false);

 private:
  enum class Stage { Hash, GenCaptures, Captures, Quiets, BadCaptures, Done };
  void score();
  Move from_list();  // the next move of the current list in order, skipping the hash move

  const MoveOrder& order_;
  Position& pos_;
  Move tt_;
  int ply_;
  Blind blind_;
  const int* see_values_;
  Move* moves_;
  uint64_t* keys_;
  Stage stage_ = Stage::Hash;
  int start_ = 0, cur_ = 0, end_ = 0;
  int bad_ = 0;  // losing captures, kept in moves_[0, bad_)
};

}  // namespace dc::detail
