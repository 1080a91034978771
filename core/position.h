// A Dragonchess position: placement, side to move, quiet-move counter, move number, the
// rule set it is played under (core/rule_set.h), an incrementally updated Zobrist key and
// the history needed for unmake and repetition.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bitboard.h"
#include "result.h"
#include "types.h"

namespace dc {

constexpr std::string_view START_POSITION =
    "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1/"
    "ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO/"
    "2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1";

namespace zobrist {
uint64_t piece_square(Piece p, Square s);
uint64_t side();
uint64_t rule_set(Rules r);  // 0 for Gygax's rules: their keys are those of a plain position
}  // namespace zobrist

class Position {
 public:
  // Reads a position string (docs/rules.md §6.1), to be played under `rules` (the string
  // does not name them: a game record's Variant tag or the caller does). Every kind of
  // bad input gives an Error whose message names the problem.
  static Result<Position> from_string(std::string_view text, Rules rules = Rules::Gygax);
  // A position from a board of SQUARE_NB characters indexed by square ('.' empty, a piece
  // letter otherwise: the board a position editor holds) and the side to move (quiet-move
  // counter 0, move number 1). It is written as a position string and read back, so every
  // check of the reader applies and an error names the problem in its words.
  static Result<Position> from_board(std::string_view board, Color side_to_move, Rules rules = Rules::Gygax);
  static Position start(Rules rules = Rules::Gygax);
  std::string to_string() const;
  Rules rules() const { return rules_; }

  Piece at(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Color side_to_move() const { return stm_; }
  int quiet_plies() const { return quiet_; }
  int move_number() const { return move_number_; }
  uint64_t key() const { return key_; }
  // The key the position will have once move m (pseudo-legal) is made, without making it.
  uint64_t key_after(Move m) const;
  Square king_square(Color c) const { return king_[c]; }
  std::span<const Square> pieces(Color c) const { return {plist_[c], size_t(pcount_[c])}; }
  int piece_count(Color c) const { return pcount_[c]; }
  // The same placement as square sets, kept in step with the board.
  const Bitboard& occupied(Color c) const { return occ_[c]; }
  const Bitboard& occupied() const { return all_; }
  const Bitboard& pieces_of(Piece p) const { return by_piece_[p]; }
  // The pieces of colour c of any of the given types.
  Bitboard pieces_of(Color c, std::span<const PieceType> types) const {
    Bitboard b;
    for (PieceType t : types) b = b | by_piece_[make_piece(c, t)];
    return b;
  }

  // Basilisk freezing (docs/rules.md §4.19): a piece on level 2 is frozen while an enemy
  // Basilisk stands directly below it.
  bool frozen(Square s) const {
    return level_of(s) == LEVEL_2 && board_[s] != NO_PIECE &&
           board_[below(s)] == make_piece(~color_of(board_[s]), BASILISK);
  }
  // The same for all pieces of colour c at once (Basilisks stand on level 1 only, so
  // the squares above them are on level 2).
  Bitboard frozen_pieces(Color c) const {
    const Bitboard& below = by_piece_[make_piece(~c, BASILISK)];
    return Bitboard{{0, 0, occ_[c].w[2] & below.w[0], occ_[c].w[3] & below.w[1], 0, 0}};
  }
  // The pieces of colour c that are not frozen (those that move and attack).
  Bitboard unfrozen(Color c) const {
    const Bitboard frozen = frozen_pieces(c);  // (on level 2's words only)
    Bitboard b = occ_[c];
    b.w[2] &= ~frozen.w[2];
    b.w[3] &= ~frozen.w[3];
    return b;
  }
  // Board Game Arena's Basilisk gaze (Rules::Bga): it freezes an enemy piece "on or
  // passing through" the square directly above it, so a piece of colour c may not pass
  // over a square directly above an enemy Basilisk (a slide, or a move through an
  // intermediate square, may stop short of it or end on it). Those squares, on level 2;
  // none under Gygax's rules.
  Bitboard gaze(Color c) const { return rules_ == Rules::Bga ? by_piece_[make_piece(~c, BASILISK)].up() : Bitboard{}; }

  // Make a legal move / take back the last one. Unmake restores the exact position.
  void make_move(Move m);
  void unmake_move();
  // A "pass" for null-move pruning in the search.
  void make_null();
  void unmake_null();

  int plies_played() const { return int(history_.size()); }
  Move last_move() const { return history_.empty() ? Move::none() : history_.back().move; }
  Piece last_captured() const { return history_.empty() ? NO_PIECE : history_.back().captured; }
  // How many earlier positions of this game (since it was loaded) equal this one.
  int repetitions() const;
  // True if this position occurred at least once before within the reversible part.
  bool repeated_once() const { return repetitions() >= 1; }
  // The key computed from scratch (tests compare it with the incremental key()). It
  // depends on the placement, the side to move and the rule set.
  uint64_t compute_key() const;

 private:
  struct Undo {
    Move move;
    Piece moved;
    Piece captured;
    int16_t captured_index;  // where the captured piece was in its side's piece list
    int16_t quiet;
    uint64_t key;
  };

  Position() = default;
  void put(Square s, Piece p);  // (keyed: it builds positions)
  // The placement changes of make/unmake, which leave the key alone: make sets it from
  // key_after(), unmake puts back the one it saved.
  void remove(Square s);
  void restore(Square s, Piece p, int index);  // undoes remove(s) exactly
  void relocate(Square from, Square to);
  void replace(Square s, Piece p);  // same colour, other type, same list slot

  Piece board_[SQUARE_NB]{};
  Square plist_[COLOR_NB][SQUARE_NB]{};
  int16_t pindex_[SQUARE_NB]{};
  int16_t pcount_[COLOR_NB]{};
  Square king_[COLOR_NB]{SQ_NONE, SQ_NONE};
  Bitboard occ_[COLOR_NB]{}, all_{}, by_piece_[PIECE_NB]{};
  void toggle_bits(Square s, Piece p) {
    occ_[color_of(p)].toggle(s);
    all_.toggle(s);
    by_piece_[p].toggle(s);
  }
  Color stm_ = GOLD;
  Rules rules_ = Rules::Gygax;
  int quiet_ = 0;
  int move_number_ = 1;
  uint64_t key_ = 0;
  std::vector<Undo> history_;
};

}  // namespace dc
