// Move notation (docs/rules.md §6.2, §6.3): coordinate moves for programs, algebraic for
// people.
#pragma once

#include <string>
#include <string_view>

#include "position.h"
#include "result.h"

namespace dc {

// "2c22c3": from-square then to-square (a capture from afar names the captured square).
std::string to_coordinate(Move m);

// Reads a coordinate move and checks it is legal here. Errors name the problem.
Result<Move> parse_coordinate(Position& pos, std::string_view text);

// The shortest unambiguous algebraic form of a legal move, with "+" or "#":
// "W2f3", "Wx2e3", "S/3e2-3d3", "W/2d2x2e3", "W2f8(H)", "Rx2c4".
std::string to_algebraic(Position& pos, Move m);

// Reads any unambiguous algebraic form docs/rules.md §6.3 and Gygax's article list, and also
// coordinate moves: optional piece letter ("Dr" for the Dragon), optional "/origin"
// (or a bare origin square), "-" or "x" (also "X"), the destination, an optional
// captured-piece letter ("WxU2e3", "WxU"), "(H)" or "=H" for promotion, and check
// marks "+", "#", "ch", "dbl ch", "dis ch", "mate" (ignored). Also the notation of the
// historic games published on the Chess Variants site (Lichtenstein, 1997), which names
// the board by letter: piece, optional origin file, "x", destination file and rank, then
// U(pper) / M(iddle) / L(ower) for levels 3 / 2 / 1: "Wh3M", "Wfxg4M", "Hxg4M" (the
// piece letter is read from the front: "Ud4M" is a Unicorn). Ambiguous or illegal text
// is rejected with a message that says why.
Result<Move> parse_move(Position& pos, std::string_view text);

}  // namespace dc
