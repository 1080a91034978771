// Reference Dragonchess move generator, used ONLY by tests to cross-check the
// fast engine. Deliberately simple and slow: every piece is coded literally from
// docs/rules.md §4 (and, for the second rule set, from Board Game Arena's rules page,
// docs/rules.md §7.2 and §7.3), legality is brute force. It shares no code with core/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ref {

// Which rules the moves follow: Gygax's article as docs/rules.md reads it, or Board Game
// Arena's page, where (1) a Griffon on the Ground "MOVES / CAPTURES like a chess king"
// and (2) a Basilisk "freezes any enemy on or passing through the square directly
// above it": no slide and no move through an intermediate square may pass over that
// square (it may stop on it).
enum class Rules { Gygax, Bga };

// board[level][rank][file]: level 0..2 = levels 1..3, rank 0..7 = ranks 1..8,
// file 0..11 = files a..l. '.' is empty; letters as in docs/rules.md §2.1,
// upper-case Gold, lower-case Scarlet.
struct Pos {
  char board[3][8][12];
  char side;   // 'g' or 's'
  int quiet;   // plies since the last capture or Warrior move
  int moveno;  // starts at 1, increased after Scarlet moves
  Rules rules = Rules::Gygax;
};

// The start position string of docs/rules.md §3.1.
extern const char* const kStartFen;

// Parses a position string (docs/rules.md §6.1; or "startpos"), to be played under
// `rules`. Minimal validation: 24 ranks of 12 squares, known letters, side g/s, numeric
// counters (the two counters may be omitted: 0 and 1 are assumed). On failure returns
// false and sets err.
bool parse(const std::string& fen, Pos& out, std::string& err, Rules rules = Rules::Gygax);

std::string to_fen(const Pos& p);

// All legal moves of the side to move, as coordinate moves ("2c22c3"; a Dragon's
// capture from afar is Dragon square + captured square, "3g82g7"), sorted, unique.
std::vector<std::string> legal_moves(const Pos& p);

// Plays a coordinate move (not checked for legality; throws std::invalid_argument if
// it is malformed or starts on an empty square). Promotion is implied; the quiet
// counter resets on a capture or a Warrior move; the move number increases after a
// Scarlet move.
Pos apply(const Pos& p, const std::string& coordMove);

uint64_t perft(const Pos& p, int depth);

// True when the side to move is in check.
bool in_check(const Pos& p);

}  // namespace ref
