// Puzzles (public/puzzles.json, made by core/tools/puzzles.cpp): what makes a line a
// puzzle, shared by the generator and the tests that check the shipped file.
//   - material(): Gygax's values (docs/rules.md §2.2), the measure of "wins material";
//   - verify_unique(): the best move of a fixed-budget search is clearly better than the
//     second best (the same search restricted to the other moves);
//   - tag_line(): the special rules a solution uses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "position.h"
#include "search/search.h"

namespace dc {

// Material of colour c minus that of the other side (centipawns, Gygax's values).
int material(const Position& pos, Color c);

// The side to move is checkmated.
bool is_checkmate(Position& pos);

// The legal moves of pos that give checkmate (pos restored).
std::vector<Move> mating_moves(Position& pos);

// A search score on one scale: mates beyond every material score, faster mates higher
// (mate in n for the side to move: 100000 - n; getting mated in n: -100000 + n).
int puzzle_score(const SearchResult& r);

// How much better the best move must be than the second best (material lines).
constexpr int PUZZLE_UNIQUE_GAP = 250;
// The hash table of the verifying search (a verdict depends on it).
constexpr size_t PUZZLE_VERIFY_HASH_MB = 32;

struct UniqueVerdict {
  bool unique = false;
  SearchResult best;   // the search of every move (best.best: the move)
  int best_score = 0;  // puzzle_score of the best and of the second best move
  int second_score = 0;
  uint64_t nodes = 0;  // searched in all
};

// Searches pos (`nodes` per search, the search's hash table as it is) and decides whether its
// best move is unique: a mate in n that no other move matches (the second best mates in
// no fewer than n+1 moves, or not at all), else a score at least PUZZLE_UNIQUE_GAP above
// the second best. With `want`, the best move must also be that move. pos restored.
UniqueVerdict verify_unique(Search& search, Position& pos, uint64_t nodes, Move want = Move::none());

// The special rules a line (moves from pos, the side to move solving) uses, by name:
// "afar" (a capture from afar), "freezing" (a piece frozen or freed, a frozen piece
// captured, a Basilisk moved or taken, a frozen King mated), "via" (through an empty
// square: Mage 3<->1, the Elemental's routes), "level-change", "sylph-return" (a Sylph
// flying home from the Ground), "promotion", "check", "check-levels" (the moved piece
// checks a King on another level), and "mate" or "material". pos restored.
std::set<std::string> tag_line(Position& pos, const std::vector<Move>& line, bool mate);

}  // namespace dc
