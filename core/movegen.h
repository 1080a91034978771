// Move generation into a caller-supplied buffer, attacks, check and perft.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "position.h"

namespace dc {

// Every move the movement rules allow the side to move (frozen pieces have none),
// ignoring the safety of its own King. Returns the number written to `out`, which
// must hold MAX_MOVES moves.
int generate_pseudo(const Position& pos, Move* out);

// Only the captures (including captures from afar) among the pseudo-legal moves.
int generate_pseudo_captures(const Position& pos, Move* out);

// Only the moves that capture nothing (promotions included), generated on square sets
// (the same moves as generate_pseudo's, in another order).
int generate_pseudo_quiets(const Position& pos, Move* out);

// Of those, only the promotions and the moves that may give check (may_give_check):
// what a node that skips quiet moves unable to give check (futility) searches.
int generate_pseudo_quiets_checking(const Position& pos, Move* out);

// Whether m is one of the pseudo-legal moves of pos (for a move remembered from
// elsewhere, such as the search's hash table, before it is played).
bool pseudo_legal(const Position& pos, Move m);

// The legal moves. `pos` is used as scratch space and restored exactly.
int generate_legal(Position& pos, Move* out);

// Keeps only the legal moves of a pseudo-legal list; returns the new count.
int filter_legal(Position& pos, Move* moves, int n);

// The same when the caller already knows whether the side to move is in check.
int filter_legal(Position& pos, Move* moves, int n, bool in_check);

// Legality of single pseudo-legal moves of one position, for searches that test only
// the moves they actually play: not in check, only moves of a pinned or line-blocking
// piece, King moves, captures from afar of a piece that blocks an enemy's line to the
// King, and moves of a Basilisk that holds an enemy piece frozen are verified (on square
// sets, without making them), the blockers being found on the first question. pos must
// not change in between (make/unmake pairs are fine).
class LegalityCheck {
 public:
  LegalityCheck(const Position& pos, bool in_check);
  bool legal(const Position& pos, Move m);

 private:
  void find_risky(const Position& pos);  // the blockers and the risky Basilisks, on the first question
  bool in_check_;
  bool blockers_known_ = false;
  Square king_;
  Bitboard risky_;   // moves from these squares are verified
  Bitboard theirs_;  // captures from afar on these squares are verified
};

// The number of legal moves, counted without writing or making them where square sets
// tell (perft's last ply).
int count_legal(const Position& pos);

// Whether a pseudo-legal move leaves the mover's King safe: the enemy's attacks on the
// King's square after the move, decided on square sets without making it.
bool leaves_king_safe(const Position& pos, Move m);

// Whether the enemy of the side to move attacks square s once the pseudo-legal move m is
// made (s a square of the position after it), decided on square sets without making it.
bool attacked_after_move(const Position& pos, Move m, Square s);

// Whether colour `by` attacks square s: some unfrozen piece of `by` could capture
// there under the movement rules (a Dragon's capture from afar counts).
bool attacked(const Position& pos, Square s, Color by);

// Every unfrozen piece of colour `by` that could capture on s now, by any rule (a
// leap or step, a slide, through an empty square, from afar), whether or not the
// capture would be legal. s must hold a piece of the other colour or be empty.
Bitboard attackers(const Position& pos, Square s, Color by);

// The same in a position that differs from pos only by pieces gone from their squares
// or arrived on s (an exchange on s played out on square sets): the pieces of `by` on
// `standing` (each where pos has it) that could capture on s when the occupied squares
// are `occupied` and the other colour's Basilisks stand on `basilisks` (the freezing,
// and under Board Game Arena's rules the gaze, follow from them).
Bitboard attackers(const Position& pos, Square s, Color by, const Bitboard& occupied, const Bitboard& standing,
                   const Bitboard& basilisks);

// --- Board Game Arena's Basilisk gaze ---------------------------------------------------
// Under Board Game Arena's rules a slide, or a move through an intermediate square, may
// not pass over a square directly above an enemy Basilisk (Position::gaze): it may stop
// short of it, or end on it. The code that follows slides or intermediate squares
// (movegen.cpp, the evaluation) is instantiated per rule set and asks a Passage what
// the pieces of one colour may pass over: a slide stops on the first `blocked` square
// (capturing there if it holds an enemy, moving there if it is empty); an intermediate
// square must be empty and not `gazed`. Under Gygax's rules nothing is gazed.
template <Rules R>
struct Passage;

template <>
struct Passage<Rules::Gygax> {
  const Bitboard& blocked;  // the squares that stop a slide: the occupied ones
  Passage(const Position& pos, Color) : blocked(pos.occupied()) {}
  static constexpr bool gazed(Square) { return false; }
};

template <>
struct Passage<Rules::Bga> {
  Bitboard gaze;     // the squares directly above the enemy Basilisks
  Bitboard blocked;  // the squares that stop a slide: the occupied ones and the gazed ones
  Passage(const Position& pos, Color c) : gaze(pos.gaze(c)), blocked(pos.occupied() | gaze) {}
  bool gazed(Square s) const { return gaze.test(s); }
};

// Promotion (docs/rules.md §4.20): a Warrior reaching its last rank becomes a Hero.
constexpr bool promotes(PieceType t, Color c, Square to) {
  return t == WARRIOR && rank_of(to) == (c == GOLD ? RANK_8 : RANK_1);
}

// Is the side to move in check?
bool in_check(const Position& pos);

// The same, faster, right after a move (or a null move) made in a position where the
// side now to move was not in check, as in every legal position: only a move whose
// squares can matter to an attack on its King is looked at, and of it only the piece
// that moved and the lines and moves through the square it emptied (after a captured
// Basilisk, which thaws the piece above it, the full test).
bool in_check_after_move(const Position& pos);

// Before a pseudo-legal move, whether it may give check: false when none of its squares
// can matter to an attack on the enemy King (then in_check_after_move() is false after it).
bool may_give_check(const Position& pos, Move m);

// Looks up a move by its two squares among the legal moves; Move::none() if illegal.
Move find_legal(Position& pos, Square from, Square to);

// Legal-move path counts.
uint64_t perft(Position& pos, int depth);
// The same, interruptible: the stop flag is polled at every inner node; once it is
// seen the count ends, incomplete (complete = false, nodes = the leaves counted so far).
struct PerftCount {
  uint64_t nodes;
  bool complete;
};
PerftCount perft(Position& pos, int depth, const std::atomic<bool>& stop);
// Per root move: the count of each. With a stop flag, the list ends at the first root
// move whose count the flag interrupted (so it is complete only when it has every
// legal move).
std::vector<std::pair<Move, uint64_t>> divide(Position& pos, int depth, const std::atomic<bool>* stop = nullptr);

// Room for N moves on the stack, left uninitialised (an array of Move is zeroed first,
// which costs more than generating into it).
template <int N>
struct MoveBuffer {
  union {
    Move moves[N];
  };
  MoveBuffer() {}
  operator Move*() { return moves; }
};

// A list of moves on the heap-free stack, for convenience.
struct MoveList {
  union {
    Move moves[MAX_MOVES];  // the first `size` are set
  };
  int size = 0;
  MoveList() {}
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  Move operator[](int i) const { return moves[i]; }
};

inline MoveList legal_moves(Position& pos) {
  MoveList l;
  l.size = generate_legal(pos, l.moves);
  return l;
}

}  // namespace dc
